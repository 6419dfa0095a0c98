/*
 * test_cheers_final.c: CHEERS' final table: the team that filled its
 * recipe first, with the recipe its win revealed and the shaker, then
 * the rest sharing the next place, their recipes kept secret; a tie
 * (the deck ran out) puts every row first; in Masquerade the teams that
 * did not win stay secret, as one row.  Over seeded AI games the table
 * agrees with the result: test_final_played.c.
 */
#include "tests/unit/cheers-test.h"
#include "tests/unit/final-test.h"

/* team's recipe as the texts write it. */
static void
recipe_text(const struct game *g, int team, char *buf, size_t len)
{
	struct game_text	t;

	game_text_init(&t, buf, len);
	cheers_recipe_put(g, team, &t);
}

/* No row shows the recipe of a team that did not win. */
static void
no_loser_recipe(const struct game *g, const struct game_ranking *rk)
{
	char	mine[64], won[64];
	int	team, w, i;

	for (team = 0; team < g->nteams; team++) {
		if (g->winners & (unsigned)cheers_team_mask(g, team))
			continue;
		recipe_text(g, team, mine, sizeof mine);
		/* The same recipe as a winner's is shown as theirs. */
		for (w = 0; w < g->nteams; w++) {
			recipe_text(g, w, won, sizeof won);
			if ((g->winners & (unsigned)cheers_team_mask(g, w)) &&
			    strcmp(won, mine) == 0)
				break;
		}
		if (w < g->nteams)
			continue;
		for (i = 0; i < rk->n; i++)
			assert_null(strstr(rk->row[i].figures, mine));
	}
}

static void
test_ranking(void **state)
{
	struct game		*g;
	struct game_ranking	 rk;
	char			 want[GAME_RANK_FIGURES_MAX], rec[64];
	int			 i, n, ties = 0;

	(void)state;
	/* Seeded 4-player games with AI seats, to their end. */
	for (i = 1; i <= 40; i++) {
		g = t_new(4, NULL, NULL, NULL, NULL, (uint64_t)i);
		final_test_play(&cheers_ops, g, (uint64_t)i);
		final_test_agrees(&cheers_ops, g, 4, &rk);
		assert_string_equal(rk.title, "Final table");
		assert_int_equal(rk.n, 2);
		no_loser_recipe(g, &rk);
		if (g->state == GAME_TIED) {
			ties++;
			assert_int_equal(rk.row[1].place, 1);
			assert_string_equal(rk.row[0].figures,
			    "no drink ready when the deck ran out");
		} else if (g->winners != 0xf) {
			assert_int_equal(rk.row[1].place, 2);
			assert_non_null(strstr(rk.row[0].who, "Team "));
			recipe_text(g, g->team_of[__builtin_ctz(rk.row[0].seats)],
			    rec, sizeof rec);
			snprintf(want, sizeof want, "filled its recipe %s in ",
			    rec);
			assert_memory_equal(rk.row[0].figures, want,
			    strlen(want));
			assert_string_equal(rk.row[1].figures,
			    "recipe not filled");
		}
		cheers_ops.free_game(g);
	}
	/* A tie, made: every team shares the first place. */
	g = t_new(6, NULL, NULL, NULL, "2+2+2", 3);
	g->state = GAME_TIED;
	g->winners = 0;
	final_test_agrees(&cheers_ops, g, 6, &rk);
	assert_int_equal(rk.n, 3);
	for (n = 0; n < 3; n++)
		assert_int_equal(rk.row[n].place, 1);
	cheers_ops.free_game(g);
	(void)ties;
}

/* Masquerade: the teams that did not win are never shown. */
static void
test_masquerade(void **state)
{
	struct game		*g;
	struct game_ranking	 rk;
	int			 i, last;

	(void)state;
	for (i = 1; i <= 30; i++) {
		g = t_new(6, "masquerade", NULL, NULL, "2+2+2", (uint64_t)i);
		final_test_play(&cheers_ops, g, (uint64_t)i);
		final_test_agrees(&cheers_ops, g, 6, &rk);
		no_loser_recipe(g, &rk);
		last = rk.n - 1;
		/* The rest: one row, whatever their teams. */
		if (g->winners != 0x3f)
			assert_non_null(strstr(rk.row[last].who,
			    g->state == GAME_TIED ? "Everyone (" :
			    "The others ("));
		assert_true(g->state == GAME_TIED ? rk.n == 1 :
		    rk.n <= 3);
		cheers_ops.free_game(g);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ranking),
		cmocka_unit_test(test_masquerade),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
