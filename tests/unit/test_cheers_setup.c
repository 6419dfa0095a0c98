/*
 * test_cheers_setup.c: CHEERS components and setup: the card and recipe
 * data, team layouts and their rejections, seat numbering, every turn
 * sequence the two rulebooks print, hand sizes, places, and the three ways
 * of drawing secret recipes.
 */
#include "tests/unit/cheers-test.h"

/*
 * Writes the first n turns as "A1 B1 A2 ..." (members numbered from 1 in
 * order of their first turn; teams of one unnumbered unless members is
 * 2, as the rulebooks write them), or "A B A ..." when members is 0.
 */
static void
sequence(const struct game *g, int n, int members, char *buf, size_t len)
{
	char	one[8];
	int	t, seat, team, m;

	buf[0] = '\0';
	for (t = 0; t < n; t++) {
		seat = cheers_seat_at(g, t);
		team = cheers_team_of(g, seat);
		for (m = 0; g->team_seat[team][m] != seat; m++)
			;
		if (members == 2 || (members && g->team_size[team] > 1))
			snprintf(one, sizeof one, "%s%c%d", t ? " " : "",
			    'A' + team, m + 1);
		else
			snprintf(one, sizeof one, "%s%c", t ? " " : "",
			    'A' + team);
		strncat(buf, one, len - strlen(buf) - 1);
	}
}

static void
expect_sequence(int n, const char *teams, int turns, int members,
    const char *want)
{
	struct game	*g = t_new(n, NULL, NULL, NULL, teams, 1);
	char		 got[128];
	int		 t;

	sequence(g, turns, members, got, sizeof got);
	assert_string_equal(got, want);
	/* The game itself follows it: throw turn after turn. */
	for (t = 0; t < turns && g->ndeck >= 4; t++) {
		assert_int_equal(g->active, cheers_seat_at(g, t));
		t_ok(g, g->active, CHEERS_A_THROW, -1, -1, -1, NULL);
	}
	cheers_ops.free_game(g);
}

static void
test_sequences(void **state)
{
	(void)state;
	/* Main rulebook, 5 players, A = 2 and B = 3. */
	expect_sequence(5, "2+3", 12, 1,
	    "A1 B1 A2 B2 A1 B3 A2 B1 A1 B2 A2 B3");
	expect_sequence(5, "auto", 12, 1,
	    "A1 B1 A2 B2 A1 B3 A2 B1 A1 B2 A2 B3");
	/* Alt rulebook. */
	expect_sequence(3, "2+1", 4, 1, "A1 B A2 B");
	expect_sequence(3, "auto", 4, 1, "A1 B A2 B");
	expect_sequence(5, "3+2", 8, 1, "A1 B1 A2 B2 A3 B1 A1 B2");
	expect_sequence(5, "2+2+1", 8, 2, "A1 B1 C1 A2 B2 C1 A1 B1");
	expect_sequence(4, "2+2", 4, 0, "A B A B");
	expect_sequence(6, "3+3", 6, 0, "A B A B A B");
	expect_sequence(6, "2+2+2", 6, 0, "A B C A B C");
	expect_sequence(2, "1+1", 4, 0, "A B A B");
}

static void
test_seat_numbering(void **state)
{
	static const char *const layouts[] = { "1+1", "2+1", "2+2", "2+3",
	    "3+2", "2+2+1", "3+3", "2+2+2" };
	static const int players[] = { 2, 3, 4, 5, 5, 5, 6, 6 };
	struct game	*g;
	int		 i, t, next, seat;

	(void)state;
	for (i = 0; i < 8; i++) {
		g = t_new(players[i], NULL, NULL, NULL, layouts[i], 3);
		assert_int_equal(g->active, 0);
		/* Seats appear for the first time in the order 0, 1, 2... */
		for (next = 0, t = 0; t < 24; t++) {
			seat = cheers_seat_at(g, t);
			assert_true(seat <= next);
			if (seat == next)
				next++;
		}
		assert_int_equal(next, players[i]);
		t_check(g);
		cheers_ops.free_game(g);
	}
}

static void
test_layout_rejections(void **state)
{
	char	*cause;

	(void)state;
	cause = t_new_fails(5, NULL, "3+3");
	assert_string_equal(cause, "Team layout 3+3 does not fit 5 players: "
	    "use auto, 2+3, 3+2, 2+2+1.");
	free(cause);
	cause = t_new_fails(4, NULL, "2+1");
	assert_string_equal(cause, "Team layout 2+1 does not fit 4 players: "
	    "use auto, 2+2.");
	free(cause);
	cause = t_new_fails(6, NULL, "banana");
	assert_non_null(strstr(cause, "Option teams cannot be \"banana\""));
	free(cause);
	cause = t_new_fails(5, "masquerade", NULL);
	assert_string_equal(cause, "Masquerade needs 4 or 6 players, not 5.");
	free(cause);
	cause = t_new_fails(2, "masquerade", NULL);
	assert_string_equal(cause, "Masquerade needs 4 or 6 players, not 2.");
	free(cause);
	cause = t_new_fails(7, NULL, NULL);
	assert_string_equal(cause, "CHEERS is for 2 to 6 players, not 7.");
	free(cause);
	cause = t_new_fails(1, NULL, NULL);
	assert_string_equal(cause, "CHEERS is for 2 to 6 players, not 1.");
	free(cause);
	cause = t_new_fails(4, "expert", NULL);
	assert_string_equal(cause, "Option mode cannot be \"expert\": use "
	    "standard, master, masquerade.");
	free(cause);
}

static void
test_auto_layouts(void **state)
{
	static const char *const want[] = { "", "", "1+1", "2+1", "2+2",
	    "2+3", "3+3" };
	struct game	*g;
	int		 n;

	(void)state;
	for (n = 2; n <= 6; n++) {
		g = t_new(n, NULL, NULL, NULL, NULL, 5);
		assert_string_equal(cheers_layouts[g->layout].name, want[n]);
		cheers_ops.free_game(g);
	}
}

static void
test_hands_and_places(void **state)
{
	struct game	*g;
	const char	*names[GAME_MAX_PLACES];
	int		 s;

	(void)state;
	g = t_new(2, NULL, NULL, NULL, NULL, 1);
	assert_int_equal(cheers_ops.places(g, names, GAME_MAX_PLACES), 1);
	assert_string_equal(names[0], "share");
	for (s = 0; s < 2; s++)
		assert_int_equal(g->nhand[s], 3);
	assert_int_equal(g->ndeck, 44);
	cheers_ops.free_game(g);

	g = t_new(3, NULL, NULL, NULL, NULL, 1);
	assert_int_equal(cheers_ops.places(g, names, GAME_MAX_PLACES), 1);
	assert_string_equal(names[0], "extra");
	assert_int_equal(g->extra_team, 1);
	assert_int_equal(g->nhand[0], 3);
	assert_int_equal(g->nhand[1], 4);	/* B, alone: 4 cards */
	assert_int_equal(g->nhand[2], 3);
	cheers_ops.free_game(g);

	g = t_new(5, NULL, NULL, NULL, "2+3", 1);
	assert_int_equal(g->extra_team, 0);
	for (s = 0; s < 5; s++)
		assert_int_equal(g->nhand[s], g->team_of[s] == 0 ? 4 : 3);
	cheers_ops.free_game(g);

	g = t_new(5, NULL, NULL, NULL, "2+2+1", 1);
	assert_int_equal(g->extra_team, 2);
	for (s = 0; s < 5; s++)
		assert_int_equal(g->nhand[s], g->team_of[s] == 2 ? 4 : 3);
	cheers_ops.free_game(g);

	g = t_new(4, NULL, NULL, NULL, NULL, 1);
	assert_int_equal(cheers_ops.places(g, names, GAME_MAX_PLACES), 0);
	cheers_ops.free_game(g);
	g = t_new(6, NULL, NULL, NULL, "2+2+2", 1);
	assert_int_equal(cheers_ops.places(g, names, GAME_MAX_PLACES), 0);
	cheers_ops.free_game(g);
}

static void
test_card_data(void **state)
{
	struct cheers_card	card[CHEERS_NCARDS];
	int			recipes[CHEERS_NRECIPES][CHEERS_NKINDS];
	int			big[5][5] = { { 0 } }, k, j, i, total[5] = { 0 };
	char			*cause = NULL;

	(void)state;
	assert_int_equal(cheers_cards_load(card, &cause), 0);
	for (i = 0; i < CHEERS_NCARDS; i++) {
		assert_int_not_equal(card[i].big, card[i].small);
		big[card[i].big][card[i].small]++;
	}
	for (k = 0; k < 5; k++) {
		int nb = 0, ns = 0;
		for (j = 0; j < 5; j++) {
			nb += big[k][j];
			ns += big[j][k];
		}
		assert_int_equal(nb, 10);
		assert_int_equal(ns, 10);
	}
	assert_int_equal(cheers_recipes_load(recipes, &cause), 0);
	for (i = 0; i < CHEERS_NRECIPES; i++) {
		int sum = 0;
		for (k = 0; k < 5; k++) {
			assert_true(recipes[i][k] <= 2);
			sum += recipes[i][k];
			total[k] += recipes[i][k];
		}
		assert_int_equal(sum, 5);
		for (j = 0; j < i; j++)
			assert_memory_not_equal(recipes[i], recipes[j],
			    sizeof recipes[i]);
	}
	for (k = 0; k < 5; k++)
		assert_int_equal(total[k], 5);
}

static void
test_recipe_cards(void **state)
{
	int		 recipes[CHEERS_NRECIPES][CHEERS_NKINDS], counts[5];
	int		 seed, team, other, i, found;
	struct game	*g;

	(void)state;
	assert_int_equal(cheers_recipes_load(recipes, NULL), 0);
	for (seed = 0; seed < 50; seed++) {
		g = t_new(6, NULL, "cards", NULL, "2+2+2", (uint64_t)seed);
		for (team = 0; team < 3; team++) {
			assert_int_equal(cheers_recipe(g, team, counts), 0);
			for (found = 0, i = 0; i < CHEERS_NRECIPES; i++)
				if (memcmp(counts, recipes[i], sizeof counts) == 0)
					found = 1;
			assert_true(found);
			for (other = 0; other < team; other++)
				assert_memory_not_equal(g->recipe[team],
				    g->recipe[other], sizeof counts);
		}
		assert_int_equal(cheers_recipe(g, 3, counts), -1);
		cheers_ops.free_game(g);
	}
}

/* Kinds used by a recipe, and how many kinds are used twice. */
static void
shape(const int *r, int *kinds, int *pairs)
{
	int	k, sum = 0;

	*kinds = *pairs = 0;
	for (k = 0; k < 5; k++) {
		assert_true(r[k] >= 0 && r[k] <= 2);
		sum += r[k];
		*kinds += r[k] > 0;
		*pairs += r[k] == 2;
	}
	assert_int_equal(sum, 5);
}

static void
test_recipe_draw(void **state)
{
	struct game	*g;
	int		 seed, team, kinds, pairs, three = 0, four = 0;

	(void)state;
	/*
	 * Veteran draw: 3 of group A's 4 tokens (always a pair and a single)
	 * and 2 of group B's 6 (a pair or two singles): 3 or 4 kinds.
	 */
	for (seed = 0; seed < 400; seed++) {
		g = t_new(4, NULL, "draw", NULL, NULL, (uint64_t)seed);
		for (team = 0; team < 2; team++) {
			shape(g->recipe[team], &kinds, &pairs);
			assert_true(pairs >= 1);
			if (kinds == 3) {
				assert_int_equal(pairs, 2);
				three++;
			} else {
				assert_int_equal(kinds, 4);
				assert_int_equal(pairs, 1);
				four++;
			}
		}
		cheers_ops.free_game(g);
	}
	/* Two singles from B are four times as likely as a pair. */
	assert_true(three > 80 && three < 240);
	assert_true(four > 560);
}

static void
test_recipe_alt(void **state)
{
	struct game	*g;
	int		 seed, team, kinds, pairs, k, seen[6] = { 0 };

	(void)state;
	/* One kind's stack is discarded; 5 of the other 8 tokens drawn. */
	for (seed = 0; seed < 400; seed++) {
		g = t_new(6, NULL, "alt", NULL, "2+2+2", (uint64_t)seed);
		for (team = 0; team < 3; team++) {
			shape(g->recipe[team], &kinds, &pairs);
			assert_true(kinds >= 3 && kinds <= 4);
			for (k = 0; k < 5; k++)
				if (g->recipe[team][k] == 0)
					break;
			assert_true(k < 5);
			seen[kinds]++;
		}
		cheers_ops.free_game(g);
	}
	assert_true(seen[3] > 0 && seen[4] > 0);
}

static void
test_teammates_share(void **state)
{
	struct game	*g;
	char		*a, *b, rec[32];

	(void)state;
	g = t_new(4, NULL, "draw", NULL, NULL, 11);
	cheers_recipe_text(g, 0, rec, sizeof rec);
	a = cheers_ops.render_private(g, g->team_seat[0][0]);
	b = cheers_ops.render_private(g, g->team_seat[0][1]);
	assert_non_null(strstr(a, rec));
	assert_non_null(strstr(b, rec));
	free(a);
	free(b);
	cheers_ops.free_game(g);
}

static void
test_masquerade_teams(void **state)
{
	struct game	*g;
	int		 seed, s, size[3], layouts = 0, prev = -1, code;

	(void)state;
	for (seed = 0; seed < 40; seed++) {
		g = t_new(6, "masquerade", NULL, NULL,
		    seed % 2 ? "2+2+2" : "auto", (uint64_t)seed);
		memset(size, 0, sizeof size);
		for (code = 0, s = 0; s < 6; s++) {
			size[cheers_team_of(g, s)]++;
			code = code * 3 + cheers_team_of(g, s);
		}
		if (seed % 2) {
			assert_int_equal(size[0], 2);
			assert_int_equal(size[1], 2);
			assert_int_equal(size[2], 2);
		} else {
			assert_int_equal(size[0], 3);
			assert_int_equal(size[1], 3);
		}
		/* Turns go round the seats in order. */
		for (s = 0; s < 12; s++)
			assert_int_equal(cheers_seat_at(g, s), s % 6);
		layouts += code != prev;
		prev = code;
		t_check(g);
		cheers_ops.free_game(g);
	}
	assert_true(layouts > 20);	/* the seating really is random */
	g = t_new(4, "masquerade", NULL, NULL, NULL, 2);
	assert_int_equal(cheers_nteams(g), 2);
	cheers_ops.free_game(g);
}

static void
test_reproducible(void **state)
{
	struct game	*a = t_new(5, NULL, "draw", NULL, NULL, 99);
	struct game	*b = t_new(5, NULL, "draw", NULL, NULL, 99);

	(void)state;
	assert_memory_equal(a, b, sizeof *a);
	cheers_ops.free_game(a);
	cheers_ops.free_game(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sequences),
		cmocka_unit_test(test_seat_numbering),
		cmocka_unit_test(test_layout_rejections),
		cmocka_unit_test(test_auto_layouts),
		cmocka_unit_test(test_hands_and_places),
		cmocka_unit_test(test_card_data),
		cmocka_unit_test(test_recipe_cards),
		cmocka_unit_test(test_recipe_draw),
		cmocka_unit_test(test_recipe_alt),
		cmocka_unit_test(test_teammates_share),
		cmocka_unit_test(test_masquerade_teams),
		cmocka_unit_test(test_reproducible),
	};

	return cmocka_run_group_tests_name("cheers_setup", tests, NULL, NULL);
}
