/*
 * Unit tests: Magic Cocktail's public view (status) shows every zone the
 * rules make public, read from the state itself: the round's recipe and
 * the recipe cards left, what a pair of each kind scores, what is asked,
 * the stones placed, the magic path (each seat's square and last move),
 * how many cards each holds, every open offer and the deck; and never a
 * hand.
 */
#include "tests/unit/magic-test.h"
#include "lib/xmalloc.h"

static void
has(const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		fail_msg("\"%s\" is not in:\n%s", want, text);
}

static void
check_view(const struct game *g)
{
	struct game_prompt	 pr;
	const int		*r;
	char			 want[GAME_TEXT_MAX + 32];
	char			*text = magic_ops.render_public(g);
	int			 s, i, n;

	/* The recipe and the recipe cards left; what is asked; stones. */
	r = g->recipe[g->used[g->nused - 1]];
	snprintf(want, sizeof want, "1st +%d, 2nd +%d, 3rd +%d, last %d. "
	    "Recipe cards left: %d", r[0], r[1], r[2], r[3], g->npile);
	has(text, want);
	/* What a pair of each kind scores, printed on the cards. */
	for (i = 0; i < MAGIC_NKINDS; i++) {
		snprintf(want, sizeof want, "%s %s %d", g->kind[i].emoji,
		    g->kind[i].name, magic_points(g, i, MAGIC_SET_MIN));
		has(text, want);
	}
	assert_int_equal(magic_ops.pending(g, &pr, 1), 1);
	has(text, pr.text);
	if (g->phase == MAGIC_PH_TRADE) {
		snprintf(want, sizeof want, "Stones: %d of %d placed.",
		    g->nstones, magic_stones_needed(g));
		has(text, want);
	}
	/* The path: each seat's square, cards held, stone, last move. */
	snprintf(want, sizeof want, "square %d ends the game", g->path_len);
	has(text, want);
	for (s = 0; s < g->nplayers; s++) {
		n = magic_hand_size(g, s);
		snprintf(want, sizeof want, "@{%d}: square %d, %d %s", s,
		    g->pos[s], n, n == 1 ? "card" : "cards");
		has(text, want);
		if (g->phase == MAGIC_PH_TRADE && g->stone[s]) {
			snprintf(want, sizeof want, "@{%d}: square %d, %d %s, "
			    "stone %d", s, g->pos[s], n, n == 1 ? "card" :
			    "cards", g->stone[s]);
			has(text, want);
		}
		if (g->round > 1) {
			snprintf(want, sizeof want, "(last round %+d)",
			    g->moved[s]);
			has(text, want);
		}
	}
	/* Every open offer. */
	for (i = 0; g->phase == MAGIC_PH_TRADE && i < g->noffers; i++) {
		magic_offer_text(g, &g->offer[i], want, sizeof want);
		has(text, want);
	}
	snprintf(want, sizeof want, "Ingredient deck: %d %s.", g->ndeck,
	    g->ndeck == 1 ? "card" : "cards");
	has(text, want);
	/* No hand. */
	for (s = 0; s < g->nplayers; s++) {
		magic_hand_list(g, g->hand[s], want, sizeof want);
		assert_null(strstr(text, want));
	}
	assert_null(strstr(text, "Your hand"));
	assert_null(strstr(text, "Best lay"));
	free(text);
}

static void
test_public_zones(void **state)
{
	struct game	*g = m_new(5, NULL, 8);

	(void)state;
	m_hand(g, 0, MINT, 3, ROSE, 1, LIME, 2, -1);
	m_hand(g, 1, ROSE, 2, CURACAO, 1, -1);
	m_ok(g, 0, MAGIC_A_OFFER, 1, MINT, 1, ROSE, NONE, NULL);
	m_ok(g, 0, MAGIC_A_OFFER, 2, LIME, 1, CURACAO, 1, NULL);
	m_ok(g, 3, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	check_view(g);
	magic_ops.free_game(g);
}

/* In a later round, with squares moved. */
static void
test_public_later_round(void **state)
{
	struct game	*g = m_new(4, NULL, 9);
	int		 order[] = { 0, 1, 2, 3 }, s;

	(void)state;
	m_end_trading(g, order, magic_stones_needed(g));
	for (s = 0; s < 4 && g->phase == MAGIC_PH_LAY; s++)
		if (!g->lay[s].done)
			m_ok(g, s, MAGIC_A_LAY, NONE, NONE, NONE, NONE, NONE,
			    NULL);
	if (g->state == GAME_RUNNING)
		check_view(g);
	magic_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_public_zones),
		cmocka_unit_test(test_public_later_round),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
