/*
 * test_magic_score.c: Magic Cocktail's scoring and end, rule by rule: what
 * may be laid out (2 of a kind, at most two kinds, jokers only beside a
 * natural card, at most 8 a kind), the best lay, a player who cannot lay
 * and shows their hand, the recipe's moves for the best three and the
 * lowest, laying nothing, the first stone's bonus and penalty (best three,
 * or best four with 6-7 players), ties by cards and by drawn cards, the
 * laid cards going under the deck, the game's end by the Magic Lightning
 * and by the path, and saves: round trips and corrupt saves refused.
 */
#include "tests/unit/magic-test.h"

#define STONE(g, s) \
	m_ok(g, s, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL)

/* A game of n players with empty hands, everyone on square 10, recipe r. */
static struct game *
scored(int n, int r, uint64_t seed)
{
	struct game	*g = m_new(n, NULL, seed);
	int		 s;

	for (s = 0; s < n; s++) {
		m_clear_hand(g, s);
		g->pos[s] = 10;
	}
	m_recipe(g, r);
	/* The next recipe is an ordinary one, so the game goes on. */
	m_next_recipe(g, g->pile[g->npile - 1] == MAGIC_LIGHTNING ?
	    g->pile[g->npile - 2] : g->pile[g->npile - 1]);
	if (g->pile[g->npile - 1] == MAGIC_LIGHTNING)
		fail_msg("no ordinary recipe on top");
	m_check(g);
	return g;
}

/*
 * Deals a round of g: seat s holds count[s] cards of kind[s] alone (count
 * 0: its hand stays as it is), and the seats in stone, up to NONE, take a
 * stone in that order.
 */
static void
deal(struct game *g, const int *kind, const int *count, const int *stone)
{
	int	s;

	for (s = 0; s < g->nplayers; s++)
		if (count[s] > 0)
			m_hand(g, s, kind[s], count[s], -1);
	for (s = 0; stone[s] != NONE; s++)
		STONE(g, stone[s]);
}

/* Every seat of g lays its best in seat order; ev (may be NULL): the last. */
static void
lay_all(struct game *g, struct game_events *ev)
{
	int	s;

	for (s = 0; s < g->nplayers; s++)
		m_lay(g, s, NONE, NONE, ev);
}

static void
test_lay_rules(void **state)
{
	struct game_events	 ev;
	struct magic_lay	 l;
	struct game		*g = scored(4, 0, 1);

	(void)state;
	m_hand(g, 0, MINT, 1, JOKER, 1, LIME, 1, -1);
	m_hand(g, 1, JOKER, 2, LIME, 1, -1);
	m_hand(g, 2, CURACAO, 10, ROSE, 2, CHERRY, 2, -1);
	m_hand(g, 3, HONEY, 2, CACAO, 1, -1);
	STONE(g, 0);
	STONE(g, 1);
	/* A joker beside one natural card makes a set of two. */
	assert_int_equal(magic_lay_eval(g, g->hand[0], MINT, NONE, &l), 0);
	assert_int_equal(l.value, 13);
	assert_int_equal(l.jokers[0], 1);
	/* Jokers alone, or beside nothing, are no set. */
	assert_int_equal(magic_can_lay(g, g->hand[1]), 1);
	m_hand(g, 1, JOKER, 2, -1);
	assert_int_equal(magic_can_lay(g, g->hand[1]), 0);
	/* One natural card without a joker is no set either. */
	m_bad(g, 0, MAGIC_A_LAY, MINT, LIME, NONE, NONE, NONE,
	    "cannot lay that out");
	m_bad(g, 3, MAGIC_A_LAY, CACAO, NONE, NONE, NONE, NONE,
	    "each kind needs at least 2 cards");
	m_bad(g, 3, MAGIC_A_LAY, HONEY, HONEY, NONE, NONE, NONE,
	    "two different kinds");
	m_bad(g, 3, MAGIC_A_LAY, 10, NONE, NONE, NONE, NONE, "no such kind");
	/* At most 8 a kind: the rest stays in the hand. */
	m_lay(g, 2, CURACAO, ROSE, &ev);
	assert_true(m_said(&ev, "@{2} has laid out."));
	/* What was laid stays secret until everyone has laid. */
	assert_false(m_said(&ev, "curacao"));
	assert_int_equal(g->lay[2].value, 80 + 62);
	assert_int_equal(g->hand[2][CURACAO], 2);
	assert_int_equal(g->hand[2][ROSE], 0);
	assert_int_equal(g->hand[2][CHERRY], 2);
	m_bad(g, 2, MAGIC_A_LAY, CHERRY, NONE, NONE, NONE, NONE,
	    "laid out already");
	/* lay alone lays the best; the jokers go where they score most. */
	m_hand(g, 0, ROSE, 1, JOKER, 2, SAFFRON, 1, -1);
	assert_int_equal(magic_lay_best(g, g->hand[0], &l), 0);
	assert_int_equal(l.kind[0], SAFFRON);
	assert_int_equal(l.kind[1], ROSE);
	assert_int_equal(l.jokers[0], 1);
	assert_int_equal(l.jokers[1], 1);
	assert_int_equal(l.value, 49 + 62);
	/* Where one kind with both jokers scores more, that is the best. */
	m_hand(g, 0, MINT, 1, JOKER, 2, HONEY, 2, -1);
	assert_int_equal(magic_lay_best(g, g->hand[0], &l), 0);
	assert_int_equal(l.kind[0], HONEY);
	assert_int_equal(l.kind[1], NONE);
	assert_int_equal(l.jokers[0], 2);
	assert_int_equal(l.value, 74);
	m_hand(g, 0, ROSE, 1, JOKER, 2, SAFFRON, 1, -1);
	/* Named kinds may be given in either slot. */
	m_lay(g, 3, NONE, HONEY, NULL);
	assert_int_equal(g->lay[3].kind[0], HONEY);
	m_lay(g, 0, NONE, NONE, NULL);
	assert_int_equal(g->lay[0].value, 111);
	assert_int_equal(magic_hand_size(g, 0), 0);
	/* Seat 1 cannot lay: it lays nothing and shows its hand. */
	m_lay(g, 1, NONE, NONE, &ev);
	assert_true(m_said(&ev, "@{1} cannot lay out two of a kind and shows "
	    "their hand: 2 ⚫ joker."));
	assert_true(m_said(&ev, "@{1} laid nothing: -3"));
	magic_ops.free_game(g);
}

static void
test_moves(void **state)
{
	struct game_events	 ev;
	struct game		*g = scored(5, 0, 2);	/* 6 4 2 -3 */

	(void)state;
	/* seat 0: 96; seat 1: 49; seat 2: 39; seat 3: 31; seat 4: 8 */
	deal(g, (const int[]){ ROSE, SAFFRON, CACAO, HONEY, CURACAO },
	    (const int[]){ 3, 2, 2, 2, 2 }, (const int[]){ 3, 0, 1, NONE });
	lay_all(g, &ev);
	assert_true(m_said(&ev, "Everyone has laid out"));
	assert_true(m_said(&ev, "1st @{0}: 96 points for 3 🌹 rose: +6"));
	/* The first stone (4th place) moves back 2. */
	assert_true(m_said(&ev, "4th @{3}: 31 points for 2 🍯 honey: -2 "
	    "(first stone -2)"));
	assert_int_equal(g->pos[0], 16);
	assert_int_equal(g->pos[1], 14);
	assert_int_equal(g->pos[2], 12);
	assert_int_equal(g->pos[3], 8);
	assert_int_equal(g->pos[4], 7);
	assert_int_equal(g->moved[4], -3);
	/* Next round: 5 more cards each, new stones, new offers. */
	assert_int_equal(g->round, 2);
	assert_int_equal(g->phase, MAGIC_PH_TRADE);
	assert_int_equal(g->nstones, 0);
	assert_int_equal(magic_hand_size(g, 0), 5);
	magic_ops.free_game(g);
}

static void
test_stone_bonus(void **state)
{
	struct game	*g = scored(5, 4, 3);	/* 4 3 2 -1 */

	(void)state;
	/* 5 players: the first stone among the best three gains 2. */
	deal(g, (const int[]){ ROSE, SAFFRON, CACAO, HONEY, CURACAO },
	    (const int[]){ 3, 2, 2, 2, 2 }, (const int[]){ 1, 4, 3, NONE });
	lay_all(g, NULL);
	assert_int_equal(g->moved[1], 3 + 2);
	assert_int_equal(g->moved[4], -1);
	magic_ops.free_game(g);

	/* 6 players: the best four count for the bonus. */
	g = scored(6, 4, 4);
	/* seat 3: 4th; seat 4: 5th */
	deal(g, (const int[]){ ROSE, SAFFRON, CACAO, HONEY, AGAVE, CURACAO },
	    (const int[]){ 3, 2, 2, 2, 2, 2 }, (const int[]){ 3, 4, 5, NONE });
	lay_all(g, NULL);
	assert_int_equal(g->moved[3], 2);
	magic_ops.free_game(g);

	g = scored(6, 4, 5);
	/* seat 4: 5th: outside the four */
	deal(g, (const int[]){ ROSE, SAFFRON, CACAO, HONEY, AGAVE, CURACAO },
	    (const int[]){ 3, 2, 2, 2, 2, 2 }, (const int[]){ 4, 3, 5, NONE });
	lay_all(g, NULL);
	assert_int_equal(g->moved[4], -2);
	assert_int_equal(g->moved[5], -1);
	magic_ops.free_game(g);
}

static void
test_nothing_laid(void **state)
{
	struct game	*g = scored(4, 0, 6);	/* 6 4 2 -3 */

	(void)state;
	/* Whoever lays nothing moves back; then the lowest layer does not. */
	m_hand(g, 3, LIME, 1, CHERRY, 1, -1);
	deal(g, (const int[]){ ROSE, MINT, LIME, NONE },
	    (const int[]){ 2, 2, 2, 0 }, (const int[]){ 3, 2, NONE });
	lay_all(g, NULL);
	assert_int_equal(g->moved[0], 6);
	assert_int_equal(g->moved[1], 4);
	assert_int_equal(g->moved[2], 2);
	/* The first stone laid nothing: back 3, and 2 more. */
	assert_int_equal(g->moved[3], -5);
	/* Nobody goes below the start. */
	magic_ops.free_game(g);

	g = scored(4, 0, 7);
	g->pos[3] = 1;
	deal(g, (const int[]){ ROSE, MINT, LIME, CURACAO },
	    (const int[]){ 2, 2, 2, 2 }, (const int[]){ 0, 1, NONE });
	lay_all(g, NULL);
	assert_int_equal(g->moved[3], -3);
	assert_int_equal(g->pos[3], 0);
	assert_int_equal(g->moved[0], 6 + 2);
	magic_ops.free_game(g);
}

static void
test_ties(void **state)
{
	struct game_events	 ev;
	struct game		*g = scored(4, 0, 8);	/* 6 4 2 -3 */
	int			 ndeck;

	(void)state;
	/* Equal points: more cards laid ranks higher. */
	/* seat 0: 8 + 10 = 18, 4 cards; seat 1: 18, 3 cards; seat 3: 13 */
	m_hand(g, 0, CURACAO, 2, LIME, 2, -1);
	deal(g, (const int[]){ NONE, LIME, ROSE, MINT },
	    (const int[]){ 0, 3, 2, 2 }, (const int[]){ 2, 3, NONE });
	lay_all(g, &ev);
	assert_int_equal(g->moved[0], 4);
	assert_int_equal(g->moved[1], 2);
	assert_false(m_said(&ev, "Tie"));
	magic_ops.free_game(g);

	/* Equal points and cards: a drawn card decides, rarer first. */
	g = scored(4, 0, 9);
	deal(g, (const int[]){ MINT, MINT, ROSE, CURACAO },
	    (const int[]){ 2, 2, 2, 2 }, (const int[]){ 2, 3, NONE });
	m_top(g, CURACAO);	/* drawn second, by seat 1 */
	m_top(g, SAFFRON);	/* drawn first, by seat 0 */
	ndeck = g->ndeck;
	lay_all(g, &ev);
	assert_true(m_said(&ev, "Tie (13 points, 2 cards): @{0} draws 🌼 "
	    "saffron, @{1} draws 🔵 curacao. @{0} ranks first."));
	assert_int_equal(g->moved[2], 6 + 2);	/* and the first stone */
	assert_int_equal(g->moved[0], 4);
	assert_int_equal(g->moved[1], 2);
	/* The drawn cards went under the deck, before the laid ones. */
	assert_int_equal(g->ndeck, ndeck + 8 - 4 * MAGIC_DEAL);
	m_check(g);
	magic_ops.free_game(g);

	/* The same the other way round: seat 1 draws the rarer card. */
	g = scored(4, 0, 10);
	deal(g, (const int[]){ MINT, MINT, ROSE, CURACAO },
	    (const int[]){ 2, 2, 2, 2 }, (const int[]){ 2, 3, NONE });
	m_top(g, ROSE);
	m_top(g, LIME);
	lay_all(g, NULL);
	assert_int_equal(g->moved[1], 4);
	assert_int_equal(g->moved[0], 2);
	magic_ops.free_game(g);

	/* A tie whose order changes nothing draws nothing. */
	g = scored(7, 0, 11);
	/* seat 4: 5th and 6th tie */
	deal(g, (const int[]){ ROSE, SAFFRON, CACAO, HONEY, MINT, MINT,
	    CURACAO }, (const int[]){ 3, 3, 3, 3, 2, 2, 2 },
	    (const int[]){ 0, 1, 2, NONE });
	lay_all(g, &ev);
	assert_false(m_said(&ev, "Tie"));
	assert_int_equal(g->moved[4], 0);
	assert_int_equal(g->moved[5], 0);
	assert_int_equal(g->moved[6], -3);
	magic_ops.free_game(g);
}

static void
test_cards_under_deck(void **state)
{
	struct game	*g = scored(4, 0, 12);
	int		 count[MAGIC_NALL] = { 0 }, i;

	(void)state;
	m_hand(g, 0, ROSE, 2, JOKER, 1, -1);
	m_hand(g, 2, LIME, 2, CHERRY, 2, -1);
	deal(g, (const int[]){ NONE, MINT, NONE, CURACAO },
	    (const int[]){ 0, 3, 0, 2 }, (const int[]){ 0, 1, NONE });
	lay_all(g, NULL);
	/* The 12 laid cards are the bottom 12 of the deck. */
	for (i = 0; i < 12; i++)
		count[g->deck[i]]++;
	assert_int_equal(count[ROSE], 2);
	assert_int_equal(count[JOKER], 1);
	assert_int_equal(count[MINT], 3);
	assert_int_equal(count[LIME], 2);
	assert_int_equal(count[CHERRY], 2);
	assert_int_equal(count[CURACAO], 2);
	assert_int_equal(count[ROSE] + count[JOKER] + count[MINT] +
	    count[LIME] + count[CHERRY] + count[CURACAO], 12);
	m_check(g);
	magic_ops.free_game(g);
}

static void
test_end_lightning(void **state)
{
	struct game_events	 ev;
	struct game_result	 r;
	struct game		*g = scored(4, 0, 13);

	(void)state;
	m_next_recipe(g, MAGIC_LIGHTNING);
	deal(g, (const int[]){ ROSE, MINT, LIME, CURACAO },
	    (const int[]){ 2, 2, 2, 2 }, (const int[]){ 2, 3, NONE });
	lay_all(g, &ev);
	assert_true(m_said(&ev, "Magic Lightning strikes"));
	{
		char *view = magic_ops.render_public(g);

		assert_non_null(strstr(view, "over after 1 round."));
		free(view);
	}
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 1u << 0);
	magic_ops.result(g, &r);
	assert_int_equal(r.state, GAME_WON);
	assert_true(strstr(r.text, "@{0} wins!") != NULL);
	assert_int_equal(magic_ops.pending(g, NULL, 0), 0);
	m_bad(g, 0, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, "over");
	magic_ops.free_game(g);

	/* Pieces level at the front: a tie. */
	g = scored(4, 0, 14);
	m_next_recipe(g, MAGIC_LIGHTNING);
	g->pos[1] = 14;
	/* Seat 0: 10 + 6 = 16; seat 1: 14 + 2 = 16; seat 2 scores 15 (+4). */
	deal(g, (const int[]){ ROSE, MINT, CURACAO, CURACAO },
	    (const int[]){ 2, 2, 3, 2 }, (const int[]){ 3, 2, NONE });
	lay_all(g, NULL);
	assert_int_equal(g->state, GAME_TIED);
	assert_int_equal(g->winners, 0x3);
	m_check(g);
	magic_ops.free_game(g);
}

static void
test_end_path(void **state)
{
	struct game_events	 ev;
	struct game		*g = scored(5, 0, 15);

	(void)state;
	g->pos[2] = 26;
	/* seat 2: 2nd: +4, reaches 30 */
	deal(g, (const int[]){ ROSE, MINT, HONEY, LIME, CURACAO },
	    (const int[]){ 2, 2, 3, 2, 2 }, (const int[]){ 0, 1, 3, NONE });
	lay_all(g, &ev);
	assert_true(m_said(&ev, "@{2} reaches the end of the magic path!"));
	{
		char *view = magic_ops.render_public(g);

		assert_non_null(strstr(view, "over after 1 round."));
		free(view);
	}
	assert_int_equal(g->pos[2], 30);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 1u << 2);
	m_check(g);
	magic_ops.free_game(g);
}

static void
edit_deck_letter(cJSON *o)
{
	cJSON_ReplaceItemInObject(o, "deck", cJSON_CreateString("abz"));
}

static void
edit_card_lost(cJSON *o)
{
	const char	*d = cJSON_GetObjectItem(o, "deck")->valuestring;
	char		*cut = xstrdup(d + 1);

	cJSON_ReplaceItemInObject(o, "deck", cJSON_CreateString(cut));
	free(cut);
}

static void
edit_version(cJSON *o)
{
	cJSON_ReplaceItemInObject(o, "version", cJSON_CreateNumber(99));
}

static void
edit_stones(cJSON *o)
{
	int	st[4] = { 2, 2, 0, 0 };

	cJSON_ReplaceItemInObject(o, "stones", cJSON_CreateIntArray(st, 4));
}

static void
edit_offer_stale(cJSON *o)
{
	cJSON	*of = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "offers"), 0);

	cJSON_ReplaceItemInObject(of, "ngive", cJSON_CreateNumber(9));
}

static void
edit_offer_kind(cJSON *o)
{
	cJSON	*of = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "offers"), 0);

	cJSON_ReplaceItemInObject(of, "give", cJSON_CreateString("gin"));
}

static void
edit_hands(cJSON *o)
{
	cJSON_ReplaceItemInObject(o, "hands", cJSON_CreateString("x"));
}

static void
edit_game(cJSON *o)
{
	cJSON_ReplaceItemInObject(o, "game", cJSON_CreateString("fwb"));
}

static void
edit_lay(cJSON *o)
{
	cJSON	*l = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "lays"), 0);

	cJSON_ReplaceItemInObject(l, "done", cJSON_CreateTrue());
}

static void
test_save_load(void **state)
{
	static const struct {
		void		(*edit)(cJSON *);
		const char	*want;
	} bad[] = {
		{ edit_deck_letter, "deck holds a bad card" },
		{ edit_card_lost, "cards, not" },
		{ edit_version, "version" },
		{ edit_stones, "stones" },
		{ edit_offer_stale, "stale" },
		{ edit_offer_kind, "\"give\"" },
		{ edit_hands, "hands" },
		{ edit_game, "not a Magic Cocktail game" },
		{ edit_lay, "lay is bad" },
	};
	struct game	*g = scored(4, 0, 16), *h;
	char		*cause = NULL;
	size_t		 i;

	(void)state;
	m_hand(g, 0, MINT, 3, -1);
	m_hand(g, 1, ROSE, 1, -1);
	m_ok(g, 0, MAGIC_A_OFFER, 2, MINT, 1, ROSE, NONE, NULL);
	m_ok(g, 1, MAGIC_A_OFFER, 1, ROSE, 3, MINT, 0, NULL);
	m_ok(g, 2, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	h = game_test_roundtrip(&magic_ops, g);
	assert_int_equal(h->noffers, 2);
	assert_int_equal(h->stone[2], 1);
	magic_ops.free_game(h);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		game_test_edit_refused(&magic_ops, g, bad[i].edit, bad[i].want,
		    i);
	/* In the middle of laying out, a lay round-trips too. */
	m_ok(g, 3, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	m_lay(g, 0, MINT, NONE, NULL);
	h = game_test_reload(&magic_ops, g, NULL, &cause);
	if (h == NULL)
		fail_msg("load: %s", cause);
	assert_int_equal(h->lay[0].value, 23);
	assert_int_equal(h->lay[0].done, 1);
	magic_ops.free_game(h);
	magic_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lay_rules),
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_stone_bonus),
		cmocka_unit_test(test_nothing_laid),
		cmocka_unit_test(test_ties),
		cmocka_unit_test(test_cards_under_deck),
		cmocka_unit_test(test_end_lightning),
		cmocka_unit_test(test_end_path),
		cmocka_unit_test(test_save_load),
	};

	return cmocka_run_group_tests_name("magic_score", tests, NULL, NULL);
}
