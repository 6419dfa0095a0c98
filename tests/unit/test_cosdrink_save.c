/*
 * test_cosdrink_save.c: Cosdrink Encounters saves (round trips, and every
 * kind of corrupt save refused with a sentence), the views (no hand in
 * public, the hand numbered in private), button labels, and the baseline
 * AI's choices.
 */
#include "tests/unit/cosdrink-test.h"

#define BIT(s)	(1u << (s))

static void
test_roundtrip(void **state)
{
	struct game	*g = c_start(4, "water"), *h;

	(void)state;
	c_give(g, 0, FIRE, 2, 0);
	c_give(g, 1, ICE, 2, 0);
	c_check(g);
	c_ok(g, 0, COS_A_ASK, 1, NULL);
	h = game_test_roundtrip(&cosdrink_ops, g);
	assert_int_equal(h->asked, g->asked);
	assert_int_equal(h->opt[COS_O_DRINKS], COS_D_WATER);
	/* The loaded game plays on. */
	c_ok(h, 1, COS_A_AID, 1, NULL);
	cosdrink_ops.free_game(g);
	cosdrink_ops.free_game(h);
}

static void
edit_version(cJSON *o)
{
	cJSON_ReplaceItemInObject(o, "version", cJSON_CreateNumber(2));
}

static void
edit_game(cJSON *o)
{
	cJSON_ReplaceItemInObject(o, "game", cJSON_CreateString("fwb"));
}

static void
edit_option(cJSON *o)
{
	cJSON_ReplaceItemInObject(cJSON_GetObjectItem(o, "options"), "drinks",
	    cJSON_CreateString("beer"));
}

/* The same item in a hand and in the discard pile. */
static void
edit_twice(cJSON *o)
{
	cJSON	*hands = cJSON_GetObjectItem(o, "hands");
	int	 it = cJSON_GetArrayItem(cJSON_GetArrayItem(hands, 0), 0)->valueint;

	cJSON_AddItemToArray(cJSON_GetObjectItem(o, "item_discard"),
	    cJSON_CreateNumber(it));
}

/* A hand of four. */
static void
edit_hand(cJSON *o)
{
	cJSON	*h = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "hands"), 0);
	cJSON	*deck = cJSON_GetObjectItem(o, "item_deck");

	while (cJSON_GetArraySize(h) < 4)
		cJSON_AddItemToArray(h, cJSON_DetachItemFromArray(deck, 0));
}

/* An item lost. */
static void
edit_lost(cJSON *o)
{
	cJSON_DeleteItemFromArray(cJSON_GetObjectItem(o, "item_deck"), 0);
}

/* A King in front of a player. */
static void
edit_king(cJSON *o)
{
	cJSON	*deck = cJSON_GetObjectItem(o, "monster_deck"), *v;
	cJSON	*mons = cJSON_GetObjectItem(o, "monsters");
	int	 i = 0, seat0 = cJSON_GetArrayItem(mons, 0)->valueint;

	cJSON_ArrayForEach(v, deck) {
		if (v->valueint >= 32)
			break;
		i++;
	}
	cJSON_ReplaceItemInArray(mons, 0, cJSON_CreateNumber(v->valueint));
	cJSON_ReplaceItemInArray(deck, i, cJSON_CreateNumber(seat0));
}

static void
edit_turn(cJSON *o)
{
	cJSON_ReplaceItemInObject(o, "turn", cJSON_CreateNumber(9));
}

static void
edit_done(cJSON *o)
{
	/* The player whose turn it is has had it. */
	cJSON_ReplaceItemInObject(o, "done", cJSON_CreateNumber(1));
}

static void
edit_drinks(cJSON *o)
{
	cJSON_ReplaceItemInArray(cJSON_GetObjectItem(o, "drinks"), 1,
	    cJSON_CreateNumber(-3));
}

static void
edit_string(cJSON *o)
{
	cJSON_ReplaceItemInObject(o, "dealer", cJSON_CreateString("0"));
}

static void
edit_winners(cJSON *o)
{
	cJSON_ReplaceItemInObject(o, "winners", cJSON_CreateNumber(1));
}

static void
edit_rng(cJSON *o)
{
	cJSON_DeleteItemFromObject(o, "rng");
}

static void
test_corrupt(void **state)
{
	static const struct {
		void		(*edit)(cJSON *);
		const char	*want;
	} cases[] = {
		{ edit_version, "version 2 was written by a newer cheersbot" },
		{ edit_game, "not a Cosdrink Encounters game" },
		{ edit_option, "\"drinks\" has a bad value" },
		{ edit_twice, "in two places" },
		{ edit_hand, "\"hands\" must be a list of at most 3" },
		{ edit_lost, "is missing" },
		{ edit_king, "A King sits in front of a player" },
		{ edit_turn, "\"turn\" must be a whole number" },
		{ edit_done, "has had it" },
		{ edit_drinks, "\"drinks\" holds a number outside" },
		{ edit_string, "\"dealer\" must be a whole number" },
		{ edit_winners, "A running game has winners" },
		{ edit_rng, "rng" },
	};
	struct game	*g = c_new(3, NULL, 5);
	char		*cause;
	size_t		 i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		game_test_edit_refused(&cosdrink_ops, g, cases[i].edit,
		    cases[i].want, i);
	cause = NULL;
	assert_null(cosdrink_ops.load(NULL, &cause));
	free(cause);
	cosdrink_ops.free_game(g);
}

/* The public view never shows a hand; the private one numbers it. */
static void
test_views(void **state)
{
	struct game	*g = c_start(3, NULL);
	char		*pub, *priv;

	(void)state;
	c_place(g, 0, FIRE, 4);
	c_give(g, 0, FIRE, 5, 0);
	c_give(g, 0, ICE, 4, 0);
	c_give(g, 1, FIRE, 3, 0);
	c_check(g);
	pub = cosdrink_ops.render_public(g);
	assert_null(strstr(pub, "Dragon's Breath"));
	assert_null(strstr(pub, "Snow Cone ("));
	assert_null(strstr(pub, "Hot Toddy"));
	assert_non_null(strstr(pub, "@{0} (dealer): 2 items; "));
	assert_non_null(strstr(pub, "@{1}: 1 item; "));
	assert_non_null(strstr(pub, "Sips (of anything you like; water "
	    "counts): @{0} 0, @{1} 0, @{2} 0."));
	free(pub);
	priv = cosdrink_ops.render_private(g, 0);
	/* Each item's colour is named beside its emoji. */
	assert_non_null(strstr(priv, "Your items:\n1. Dragon's Breath (🔥 fire "
	    "5)\n2. Snow Cone (🧊 ice 4)"));
	assert_non_null(strstr(priv, "You fight the Flambé Fiend (🔥4): 4 to "
	    "go."));
	assert_non_null(strstr(priv, "Your move: @{0}'s turn"));
	free(priv);
	/* The brief beside "your move": items and the fight, one line. */
	priv = cosdrink_ops.render_brief(g, 0);
	assert_string_equal(priv, "Items: 1. Dragon's Breath (🔥 fire 5), 2. "
	    "Snow Cone (🧊 ice 4). You fight the Flambé Fiend (🔥4): 4 to go.");
	free(priv);
	priv = cosdrink_ops.render_private(g, 2);
	assert_non_null(strstr(priv, "Your items: none"));
	assert_null(strstr(priv, "Your move"));
	free(priv);
	/* Played items are public: they lie against the monster. */
	c_ok(g, 0, COS_A_PLAY, 2, NULL);
	pub = cosdrink_ops.render_public(g);
	assert_non_null(strstr(pub, "against it: 🧊4 = 2 (acted)"));
	free(pub);
	priv = cosdrink_ops.render_private(g, 9);
	assert_string_equal(priv, "You are not playing at this table.");
	free(priv);
	cosdrink_ops.free_game(g);
}

static void
test_labels(void **state)
{
	struct game		*g = c_start(2, NULL);
	struct game_move	 m = c_move(COS_A_PLAY, 2);
	char			 buf[64];

	(void)state;
	c_give(g, 0, FIRE, 1, 0);
	c_give(g, 0, ICE, 3, 0);
	assert_int_equal(cosdrink_ops.arg_label(g, 0, &m, 0, buf, sizeof buf),
	    0);
	assert_string_equal(buf, "2. Frozen Daiquiri (🧊3)");
	m.args[0] = 3;
	assert_int_equal(cosdrink_ops.arg_label(g, 0, &m, 0, buf, sizeof buf),
	    -1);
	m = c_move(COS_A_PASS, NONE);
	assert_int_equal(cosdrink_ops.arg_label(g, 0, &m, 0, buf, sizeof buf),
	    -1);
	cosdrink_ops.free_game(g);
}

/* seat's AI move in g, drawn with r; it must be one of action. */
static struct game_move
ai_pick(struct game *g, int seat, struct rng *r, int action)
{
	struct game_move	 m;

	assert_int_equal(cosdrink_ops.ai_move(g, seat, r, &m), 0);
	assert_int_equal(m.action, action);
	return m;
}

/* The AI finishes its monster with the least to spare, or asks for aid. */
static void
test_ai_turn(void **state)
{
	struct game		*g = c_start(3, NULL);
	struct game_move	 m;
	struct rng		 r;

	(void)state;
	rng_init(&r, 1, 1);
	c_place(g, 0, FIRE, 3);
	c_give(g, 0, FIRE, 5, 0);
	c_give(g, 0, FIRE, 3, 0);
	c_give(g, 0, ICE, 4, 0);
	c_give(g, 1, ICE, 1, 0);
	c_check(g);
	assert_int_equal(ai_pick(g, 0, &r, COS_A_PLAY).args[0], 2);
	assert_int_equal(cosdrink_ops.ai_move(g, 1, &r, &m), -1);
	cosdrink_ops.free_game(g);

	g = c_start(3, NULL);
	c_place(g, 0, FIRE, 8);
	c_give(g, 0, ICE, 2, 0);
	c_give(g, 0, FIRE, 2, 0);
	c_give(g, 1, ICE, 1, 0);
	c_check(g);
	assert_int_equal(ai_pick(g, 0, &r, COS_A_ASK).args[0], 2);
	cosdrink_ops.free_game(g);

	/* An empty hand retreats. */
	g = c_start(2, NULL);
	ai_pick(g, 0, &r, COS_A_RETREAT);
	cosdrink_ops.free_game(g);
}

/* Aid: free when it has nothing left to fight, else only to finish. */
static void
test_ai_aid(void **state)
{
	struct game		*g = c_start(3, NULL);
	struct game_move	 m;
	struct rng		 r;

	(void)state;
	rng_init(&r, 1, 1);
	c_place(g, 0, FIRE, 6);
	c_place(g, 1, FIRE, 8);
	g->mgone[g->nmgone++] = g->monster[2];
	g->monster[2] = -1;
	c_give(g, 0, FIRE, 2, 0);
	c_give(g, 1, FIRE, 1, 0);
	c_give(g, 2, ICE, 1, 0);
	c_give(g, 2, FIRE, 2, 0);
	c_check(g);
	c_ok(g, 0, COS_A_ASK, 1, NULL);
	/* Seat 2 has no monster: it aids with its best item. */
	assert_int_equal(ai_pick(g, 2, &r, COS_A_AID).args[0], 2);
	/* Seat 1 still fights its own and cannot finish this one. */
	ai_pick(g, 1, &r, COS_A_DECLINE);
	assert_int_equal(cosdrink_ops.ai_move(g, 0, &r, &m), -1);
	cosdrink_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_corrupt),
		cmocka_unit_test(test_views),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_ai_turn),
		cmocka_unit_test(test_ai_aid),
	};

	return cmocka_run_group_tests_name("cosdrink_save", tests, NULL, NULL);
}
