/*
 * test_cheers_save.c: saving and loading CHEERS.  A save loads back to the
 * same game (save -> load -> save is byte-identical, and play continues
 * identically, rng included); every malformed document is refused with a
 * sentence and never crashes.
 */
#include "tests/unit/cheers-test.h"

/* Plays n moves of random legal play with rng r. */
static void
play(struct game *g, struct rng *r, int n)
{
	struct game_move	mv[CHEERS_MAX_LEGAL];
	struct game_prompt	pr;
	int			i, seat, k;

	for (i = 0; i < n && g->state == GAME_RUNNING; i++) {
		assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
		for (seat = 0; !(pr.seats & (1u << seat)); seat++)
			;
		k = cheers_ops.legal_moves(g, seat, mv, CHEERS_MAX_LEGAL);
		assert_true(k > 0);
		k = (int)rng_below(r, (uint32_t)k);
		t_ok(g, seat, mv[k].action, mv[k].args[0], mv[k].args[1],
		    mv[k].args[2], NULL);
	}
}

static void
test_roundtrip(void **state)
{
	static const char *const modes[] = { "standard", "master",
	    "masquerade" };
	struct game	*g, *h;
	struct rng	 r;
	cJSON		*doc;
	char		*a, *b, *cause = NULL;
	int		 n, seed, step;

	(void)state;
	for (seed = 0; seed < 60; seed++) {
		n = 2 + seed % 5;
		g = t_new(n, (n == 4 || n == 6) ? modes[seed % 3] : "master",
		    seed % 3 == 0 ? "alt" : "draw", seed % 2 ? "own" : "team",
		    NULL, (uint64_t)seed);
		rng_init(&r, (uint64_t)seed, 1);
		for (step = 0; step < 8; step++) {
			play(g, &r, 5);
			a = game_test_print(&cheers_ops, g);
			doc = cJSON_Parse(a);
			h = cheers_ops.load(doc, &cause);
			if (h == NULL)
				fail_msg("load: %s", cause);
			cJSON_Delete(doc);
			b = game_test_print(&cheers_ops, h);
			assert_string_equal(a, b);
			free(a);
			free(b);
			cheers_ops.free_game(h);
		}
		cheers_ops.free_game(g);
	}
}

static void
test_continues_identically(void **state)
{
	struct game		*g = t_new(5, NULL, NULL, NULL, NULL, 77), *h;
	struct game_move	 m;
	struct rng		 r1, r2;
	cJSON			*doc;
	char			*a, *b;
	int			 i, seat;

	(void)state;
	play(g, (rng_init(&r1, 3, 3), &r1), 10);
	doc = cheers_ops.save(g);
	h = cheers_ops.load(doc, NULL);
	cJSON_Delete(doc);
	assert_non_null(h);
	rng_init(&r1, 5, 5);
	rng_init(&r2, 5, 5);
	for (i = 0; i < 40 && g->state == GAME_RUNNING; i++) {
		for (seat = 0; seat < g->nplayers; seat++)
			if (cheers_ops.ai_move(g, seat, &r1, &m) == 0)
				break;
		assert_int_equal(cheers_ops.ai_move(h, seat, &r2, &m), 0);
		assert_int_equal(cheers_ops.apply(g, seat, &m, NULL, NULL), 0);
		assert_int_equal(cheers_ops.apply(h, seat, &m, NULL, NULL), 0);
		a = game_test_print(&cheers_ops, g);
		b = game_test_print(&cheers_ops, h);
		assert_string_equal(a, b);
		free(a);
		free(b);
	}
	cheers_ops.free_game(g);
	cheers_ops.free_game(h);
}

/* Loads text (JSON) and expects a refusal whose cause contains want. */
static void
refuse(const char *text, const char *want)
{
	cJSON		*doc = cJSON_Parse(text);
	struct game	*g;
	char		*cause = NULL;

	g = cheers_ops.load(doc, &cause);
	if (g != NULL)
		fail_msg("loaded: %s", text);
	assert_non_null(cause);
	if (strstr(cause, want) == NULL)
		fail_msg("cause \"%s\" lacks \"%s\"", cause, want);
	free(cause);
	cJSON_Delete(doc);
}

/* Saves a fresh game, replaces field name by value (JSON), refuses it. */
static void
refuse_with(const struct game *g, const char *name, const char *value,
    const char *want)
{
	cJSON	*o = cheers_ops.save(g);
	char	*s;

	if (value == NULL)
		cJSON_DeleteItemFromObjectCaseSensitive(o, name);
	else
		cJSON_ReplaceItemInObjectCaseSensitive(o, name,
		    cJSON_Parse(value));
	s = cJSON_PrintUnformatted(o);
	refuse(s, want);
	free(s);
	cJSON_Delete(o);
}

static void
test_malformed(void **state)
{
	static const struct {
		int		 masquerade;	/* else the standard game */
		const char	*name, *value, *want;
	} bad[] = {
		{ 0, "version", "\"1\"", "\"version\" must be a whole" },
		{ 0, "players", "9", "\"players\" must be a whole number "
		    "from 2 to 6" },
		{ 0, "players", "2.5", "\"players\"" },
		{ 0, "players", "6", "Team layout 2+2 does not fit 6" },
		{ 0, "mode", "\"wild\"", "\"mode\" has a bad value" },
		{ 0, "recipe", "3", "\"recipe\"" },
		{ 0, "victory", NULL, "\"victory\"" },
		{ 0, "teams", "\"auto\"", "\"teams\" must name a layout" },
		{ 0, "teams", "\"3+3\"", "does not fit 4 players" },
		{ 0, "team_of", "[0,0,1,1]", "do not match layout 2+2" },
		{ 0, "team_of", "[0,1,0]", "must list every seat" },
		{ 1, "team_of", "[0,0,0,1]", "not balanced as layout 2+2" },
		{ 0, "recipes", "[[2,2,1,0,0]]", "\"recipes\" must list 2" },
		{ 0, "recipes", "[[2,2,1,0,0],[3,1,1,0,0]]", "outside 0-2" },
		{ 0, "recipes", "[[2,2,1,0,0],[2,2,0,0,0]]", "has 4 tokens" },
		{ 0, "recipes", "[[2,2,1,0,0],[2,2,1,0]]", "each of the 5" },
		{ 0, "deck", "[]", "is missing" },
		{ 0, "deck", "{}", "\"deck\" must be a list" },
		{ 0, "deck", "[1,1]", "is in two places" },
		{ 0, "deck", "[50]", "outside 0-49" },
		{ 0, "deck", "[\"x\"]", "outside 0-49" },
		{ 0, "discard", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,"
		    "17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,"
		    "35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,0,1]",
		    "at most 50" },
		{ 0, "hands", "[[],[],[],[]]", "is missing" },
		{ 0, "hands", "[[0,1,2,3,4],[],[],[]]", "at most 4" },
		{ 0, "shakers", "[[],[],[]]", "\"shakers\" must list 4" },
		{ 0, "shakers", "[[],[],[],[],[]]", "\"shakers\" must list 4" },
		{ 0, "turn", "4", "\"turn\" must be a whole number from 0 "
		    "to 3" },
		{ 0, "turn", "-1", "\"turn\"" },
		{ 0, "draw_due", "1", "draw due without a prompt" },
		{ 0, "queue", "[{\"kind\":\"overflow\",\"shaker\":1,"
		    "\"card\":-1}]", "overflow prompt is inconsistent" },
		{ 0, "queue", "[{\"kind\":\"cheers\",\"shaker\":9,"
		    "\"card\":3}]", "prompt 1 is malformed" },
		{ 0, "queue", "[1]", "prompt 1 is malformed" },
		{ 0, "queue", "[{},{},{},{},{}]", "at most 4 prompts" },
		{ 0, "state", "\"lost\"", "\"state\" has a bad value" },
		{ 0, "state", "\"won\"", "A won game has no winner" },
		{ 0, "winners", "16", "\"winners\"" },
		{ 0, "winners", "3", "running game has winners" },
		{ 0, "win_shakers", "-2", "\"win_shakers\"" },
		{ 0, "rng", NULL, "" },
		{ 0, "rng", "{\"state\":\"zz\",\"inc\":1}", "" },
	};
	struct game	*g = t_new(4, NULL, NULL, NULL, NULL, 21);
	struct game	*m = t_new(4, "masquerade", NULL, NULL, NULL, 21);
	char		 buf[512];
	int		 other;
	size_t		 i;

	(void)state;
	refuse("[1,2]", "must be a JSON object");
	refuse("{\"game\":\"chess\"}", "not a CHEERS game");
	refuse("{\"game\":\"cheers\"}", "\"version\"");
	refuse("{\"game\":\"cheers\",\"version\":2}", "version 2 was written "
	    "by a newer cheersbot");
	assert_null(cheers_ops.load(NULL, NULL));
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		refuse_with(bad[i].masquerade ? m : g, bad[i].name,
		    bad[i].value, bad[i].want);
	/* A hand short of its size while the deck lasts. */
	other = g->hand[0][2];
	snprintf(buf, sizeof buf, "[[%d,%d],[%d,%d,%d],[%d,%d,%d],[%d,%d,%d]]",
	    g->hand[0][0], g->hand[0][1], g->hand[1][0], g->hand[1][1],
	    g->hand[1][2], g->hand[2][0], g->hand[2][1], g->hand[2][2],
	    g->hand[3][0], g->hand[3][1], g->hand[3][2]);
	(void)other;
	refuse_with(g, "hands", buf, "is missing");
	cheers_ops.free_game(g);
	cheers_ops.free_game(m);
}

static void
test_truncations(void **state)
{
	struct game	*g = t_new(5, "master", "draw", NULL, NULL, 5);
	cJSON		*doc;
	struct game	*h;
	char		*s, *cut, *cause;
	size_t		 len, i;

	(void)state;
	/* Every prefix of a save, and every single-byte corruption. */
	s = game_test_print(&cheers_ops, g);
	len = strlen(s);
	for (i = 0; i < len; i++) {
		cut = strndup(s, i);
		doc = cJSON_Parse(cut);
		cause = NULL;
		h = cheers_ops.load(doc, &cause);
		assert_null(h);
		free(cause);
		cJSON_Delete(doc);
		free(cut);
	}
	for (i = 0; i < len; i++) {
		cut = strdup(s);
		if (cut[i] >= '0' && cut[i] <= '8')
			cut[i]++;
		else if (cut[i] == '[')
			cut[i] = '{';
		doc = cJSON_Parse(cut);
		cause = NULL;
		h = cheers_ops.load(doc, &cause);
		if (h != NULL)
			t_check(h);
		cheers_ops.free_game(h);
		free(cause);
		cJSON_Delete(doc);
		free(cut);
	}
	free(s);
	cheers_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_continues_identically),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_truncations),
	};

	return cmocka_run_group_tests_name("cheers_save", tests, NULL, NULL);
}
