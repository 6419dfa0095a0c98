/*
 * test_cheers_render.c: what CHEERS shows.  The public view holds shakers,
 * counts, whose turn and (outside Masquerade) teams, never a hand card or
 * a recipe; the private view shows a seat its hand, its team and its
 * recipe, except to apprentices in Master & Apprentice, and never another
 * team's recipe.  Events never name a drawn card.
 */
#include "tests/unit/cheers-test.h"

static void
no_recipes(const struct game *g, const char *text)
{
	char	rec[32];
	int	t;

	for (t = 0; t < cheers_nteams(g); t++) {
		cheers_recipe_text(g, t, rec, sizeof rec);
		if (strstr(text, rec) != NULL)
			fail_msg("recipe of team %d in: %s", t, text);
	}
}

/*
 * Checks a view s of g (which it frees) that names no team's recipe:
 * it contains has and lacks lacks.
 */
static void
shows_no_recipe(const struct game *g, char *s, const char *has,
    const char *lacks)
{
	assert_non_null(strstr(s, has));
	assert_null(strstr(s, lacks));
	no_recipes(g, s);
	free(s);
}

static void
test_public(void **state)
{
	struct game	*g = t_new(5, NULL, NULL, NULL, "2+3", 3);
	char		*s;

	(void)state;
	t_clear(g);
	t_shake(g, 1, BEER, -1);
	t_shake(g, 1, WINE, -1);
	t_shake(g, 1, COCKTAIL, -1);
	s = cheers_ops.render_public(g);
	assert_non_null(strstr(s, "@{0}'s turn: play, move or throw.\n"));
	assert_non_null(strstr(s, "@{0}'s shaker: (empty)\n"));
	assert_non_null(strstr(s, "@{1}'s shaker: 1\xf0\x9f\x8d\xba "
	    "2\xf0\x9f\x8d\xb7 3\xf0\x9f\x8d\xb8\n"));
	assert_non_null(strstr(s, "The extra shaker: (team A) (empty)\n"));
	assert_non_null(strstr(s, "Teams: A @{0}, @{2} \xc2\xb7 B @{1}, @{3}, "
	    "@{4}\n"));
	assert_null(strstr(s, "cheers with"));
	shows_no_recipe(g, s, "Hands: @{0} 4, @{1} 3, @{2} 4, @{3} 3, "
	    "@{4} 3.", "recipe");
	cheers_ops.free_game(g);
}

static void
test_public_prompt_and_end(void **state)
{
	struct game	*g = t_new(4, NULL, NULL, NULL, NULL, 3);
	char		*s;

	(void)state;
	t_known(g);
	t_shake(g, 1, WINE, -1);
	t_play(g, BEER, WINE, 1, NULL);
	s = cheers_ops.render_public(g);
	assert_non_null(strstr(s, "@{1} must give the played \xf0\x9f\x8d\xba "
	    "and the matching \xf0\x9f\x8d\xb7 to two other shakers.\n"));
	assert_non_null(strstr(s, "@{1}'s shaker: 1\xf0\x9f\x8d\xb7 "
	    "2\xf0\x9f\x8d\xba\n"));
	free(s);
	game_test_private(&cheers_ops, g, 1,
	    "Your move: @{1} must give the played", 1);
	game_test_private(&cheers_ops, g, 0, "Your move", 0);
	t_ok(g, 1, CHEERS_A_GIVE, 0, 2, -1, NULL);
	g->state = GAME_TIED;
	s = cheers_ops.render_public(g);
	assert_non_null(strstr(s, "Game over. The deck ran out"));
	free(s);
	cheers_ops.free_game(g);
}

static void
test_private(void **state)
{
	struct game	*g = t_new(4, NULL, NULL, NULL, NULL, 3);
	char		*s, rec[32], line[64];
	int		 i, c;

	(void)state;
	s = cheers_ops.render_private(g, 2);
	cheers_recipe_text(g, 0, rec, sizeof rec);
	snprintf(line, sizeof line, "Your recipe: %s (", rec);
	assert_non_null(strstr(s, "You are on team A with @{0}.\n"));
	assert_non_null(strstr(s, line));
	cheers_recipe_text(g, 1, rec, sizeof rec);
	assert_null(strstr(s, rec));
	/* Every card has its name beside its emoji. */
	for (i = 0; i < 3; i++) {
		c = g->hand[2][i];
		snprintf(line, sizeof line, "%d. %s %s (cheers with %s %s)",
		    i + 1, cheers_kind_emoji[g->card[c].big],
		    cheers_kind_names[g->card[c].big],
		    cheers_kind_emoji[g->card[c].small],
		    cheers_kind_names[g->card[c].small]);
		assert_non_null(strstr(s, line));
	}
	free(s);
	s = cheers_ops.render_private(g, 7);
	assert_string_equal(s, "You are not playing at this table.");
	free(s);
	cheers_ops.free_game(g);

	g = t_new(2, NULL, NULL, NULL, NULL, 3);
	game_test_private(&cheers_ops, g, 1,
	    "You are team B, on your own.\n", 1);
	cheers_ops.free_game(g);
}

static void
test_master(void **state)
{
	struct game	*g = t_new(6, "master", NULL, NULL, "3+3", 5);
	char		*s, rec[32];

	(void)state;
	cheers_recipe_text(g, 0, rec, sizeof rec);
	s = cheers_ops.render_private(g, 0);
	assert_non_null(strstr(s, rec));
	free(s);
	shows_no_recipe(g, cheers_ops.render_private(g, 2), "Your master @{0} "
	    "knows the recipe; you must guess it from their play.\n",
	    "Your recipe");
	s = cheers_ops.render_public(g);
	assert_non_null(strstr(s, "A @{0} (master), @{2}, @{4}"));
	no_recipes(g, s);
	free(s);
	cheers_ops.free_game(g);
}

static void
test_masquerade(void **state)
{
	struct game	*g;
	char		*s, rec[32], other[32];
	int		 seed, seat, t;

	(void)state;
	for (seed = 0; seed < 20; seed++) {
		g = t_new(seed % 2 ? 6 : 4, "masquerade", "draw", NULL,
		    seed % 4 == 1 ? "2+2+2" : NULL, (uint64_t)seed);
		shows_no_recipe(g, cheers_ops.render_public(g),
		    "Masquerade: teams are secret.", "Teams:");
		for (seat = 0; seat < g->nplayers; seat++) {
			s = cheers_ops.render_private(g, seat);
			cheers_recipe_text(g, g->team_of[seat], rec, sizeof rec);
			assert_non_null(strstr(s, rec));
			assert_non_null(strstr(s, "Your teammates are secret."));
			/* No other seat is named: teammates stay hidden. */
			for (t = 0; t < g->nplayers; t++) {
				snprintf(other, sizeof other, "@{%d}", t);
				if (t != seat)
					assert_null(strstr(s, other));
			}
			for (t = 0; t < cheers_nteams(g); t++) {
				cheers_recipe_text(g, t, other, sizeof other);
				if (strcmp(other, rec) != 0)
					assert_null(strstr(s, other));
			}
			free(s);
		}
		cheers_ops.free_game(g);
	}
}

static void
test_events_secret(void **state)
{
	struct game		*g = t_new(4, NULL, NULL, NULL, NULL, 3);
	struct game_events	 ev;
	int			 i;

	(void)state;
	t_clear(g);
	t_ok(g, 0, CHEERS_A_THROW, -1, -1, -1, &ev);
	t_ok(g, 1, CHEERS_A_PLAY, 1, 1, -1, &ev);
	/* The drawn card is a note for the drawer, never a public line. */
	for (i = 0; i < ev.n; i++) {
		assert_null(strstr(ev.ev[i].text, "draws"));
		assert_null(strstr(ev.ev[i].text, "drew"));
		no_recipes(g, ev.ev[i].text);
	}
	assert_int_equal(ev.nnotes, 1);
	assert_int_equal(ev.note[0].seat, 1);
	assert_non_null(strstr(ev.note[0].text, "You drew "));
	no_recipes(g, ev.note[0].text);
	cheers_ops.free_game(g);
}

static void
test_rules_text(void **state)
{
	const char	*p;
	int		 lines = 0;

	(void)state;
	assert_string_equal(cheers_ops.name, "cheers");
	assert_string_equal(cheers_ops.title, "CHEERS");
	assert_int_equal(cheers_ops.min_players, 2);
	assert_int_equal(cheers_ops.max_players, 6);
	assert_int_equal(cheers_ops.nactions, 5);
	assert_string_equal(cheers_ops.actions[CHEERS_A_GIVE].name, "give");
	assert_true(cheers_ops.actions[CHEERS_A_GIVE].args[2].optional);
	assert_int_equal(game_option_index(&cheers_ops, "teams"), 3);
	for (p = cheers_ops.rules; *p != '\0'; p++)
		lines += *p == '\n';
	assert_true(lines >= 8 && lines <= 20);
}

/*
 * The brief that goes with "your move": the seat's hand in one line, and
 * its recipe when it may know it; no other seat's card or recipe.
 */
static void
test_brief(void **state)
{
	struct game	*g = t_new(6, "master", NULL, NULL, "3+3", 5);
	char		*s, rec[32], want[256];

	(void)state;
	t_clear(g);
	t_hand(g, 0, 1, COCKTAIL, TROPICAL);
	t_hand(g, 0, 2, BEER, WHISKY);
	t_hand(g, 0, 3, WINE, BEER);
	t_hand(g, 2, 1, WINE, BEER);
	s = cheers_ops.render_brief(g, 0);
	cheers_recipe_text(g, 0, rec, sizeof rec);
	snprintf(want, sizeof want, "Hand: 1. \xf0\x9f\x8d\xb8 cocktail "
	    "(cheers with \xf0\x9f\x8d\xb9), 2. \xf0\x9f\x8d\xba beer (cheers "
	    "with \xf0\x9f\xa5\x83), 3. \xf0\x9f\x8d\xb7 wine (cheers with "
	    "\xf0\x9f\x8d\xba). Recipe: %s.", rec);
	assert_string_equal(s, want);
	free(s);
	/* The apprentice's brief has its hand and no recipe. */
	shows_no_recipe(g, cheers_ops.render_brief(g, 2), "Hand: 1. "
	    "\xf0\x9f\x8d\xb7 wine (cheers with \xf0\x9f\x8d\xba)", "Recipe");
	s = cheers_ops.render_brief(g, 9);
	assert_string_equal(s, "");
	free(s);
	cheers_ops.free_game(g);
}

/*
 * A shaker's content and a kind's name are written in place where they
 * fit and cut like any text where they do not, never past the buffer.
 */
static void
test_content_cut(void **state)
{
	struct game		*g = t_new(4, NULL, NULL, NULL, NULL, 3);
	struct game_text	 t;
	char			 big[64], small[10], want[64];

	(void)state;
	t_clear(g);
	game_text_init(&t, big, sizeof big);
	cheers_content_put(g, 1, &t);
	assert_string_equal(big, "empty");
	t_shake(g, 1, BEER, -1);
	t_shake(g, 1, WINE, -1);
	t_shake(g, 1, TROPICAL, -1);
	game_text_init(&t, big, sizeof big);
	game_text_put(&t, "now ");
	cheers_content_put(g, 1, &t);
	assert_string_equal(big, "now \xf0\x9f\x8d\xba \xf0\x9f\x8d\xb7 "
	    "\xf0\x9f\x8d\xb9");
	assert_int_equal(t.at, strlen(big));
	snprintf(want, sizeof want, "%.*s", (int)sizeof small - 1, big + 4);
	game_text_init(&t, small, sizeof small);
	cheers_content_put(g, 1, &t);
	assert_string_equal(small, want);
	game_text_init(&t, small, sizeof small);
	cheers_kind_name_put(3, &t);
	assert_string_equal(small, "\xf0\x9f\x8d\xb9 trop");
	game_text_init(&t, big, sizeof big);
	cheers_kind_name_put(3, &t);
	game_text_put(&t, "!");
	assert_string_equal(big, "\xf0\x9f\x8d\xb9 tropical!");
	cheers_ops.free_game(g);
}

/* Every kind has a short name beside its emoji. */
static void
test_words(void **state)
{
	const struct game_word	*w = cheers_ops.words();
	int			 k;

	(void)state;
	for (k = 0; k < 5; k++) {
		assert_string_equal(w[k].emoji, cheers_kind_emoji[k]);
		assert_string_equal(w[k].word, cheers_kind_names[k]);
	}
	assert_null(w[5].emoji);
	assert_string_equal(w[3].word, "tropical");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_public),
		cmocka_unit_test(test_public_prompt_and_end),
		cmocka_unit_test(test_private),
		cmocka_unit_test(test_master),
		cmocka_unit_test(test_masquerade),
		cmocka_unit_test(test_events_secret),
		cmocka_unit_test(test_rules_text),
		cmocka_unit_test(test_brief),
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_content_cut),
	};

	return cmocka_run_group_tests_name("cheers_render", tests, NULL, NULL);
}
