/*
 * test_fwb_modules.c: the advanced modules, each an option: second-hand
 * market, discard pile as a third market, installation delay, the 4-guest
 * variant and trading; and save/load (a save loads back identically, a
 * corrupt one is refused).
 */
#include "tests/unit/fwb-test.h"

static void
test_secondhand(void **state)
{
	struct game	*g = f_new(2, "secondhand=on shed=2", 1);
	int		 a, b, old;

	(void)state;
	if (g->secondhand >= 0)
		g->deck[g->ndeck++] = g->secondhand;
	g->secondhand = -1;
	f_clear_hand(g, 0);
	a = f_give(g, 0, FWB_EQUIPMENT, STILL);
	b = f_give(g, 0, FWB_EQUIPMENT, STILL);
	f_check(g);
	/* An equipment swap sends both there; the one named last stays. */
	f_ok(g, 0, FWB_A_SWAP, 1, 0, 2, 1, NULL);
	assert_int_equal(g->secondhand, a);
	assert_int_equal(g->discard[g->ndiscard - 1], b);
	/* Trading: put equipment in, take the one there. */
	f_give(g, 0, FWB_EQUIPMENT, BARREL);
	f_bad(g, 0, FWB_A_SECONDHAND, 5, 0, NONE, NONE, "not equipment");
	f_ok(g, 0, FWB_A_SECONDHAND, 1, 0, NONE, NONE, NULL);
	assert_true(fwb_is(g, g->secondhand, FWB_EQUIPMENT, BARREL));
	assert_int_equal(g->hand[0][g->nhand[0] - 1], a);
	/* Shed overflow cycles to the second-hand market. */
	f_install(g, 0, SHAKER);
	f_install(g, 0, JIGGER);
	old = g->secondhand;
	f_ok(g, 0, FWB_A_INSTALL, 1, 2, NONE, NONE, NULL);
	assert_true(fwb_is(g, g->secondhand, FWB_EQUIPMENT, SHAKER));
	assert_int_equal(g->discard[g->ndiscard - 1], old);
	fwb_ops.free_game(g);

	g = f_new(2, NULL, 1);
	f_give(g, 0, FWB_EQUIPMENT, STILL);
	f_bad(g, 0, FWB_A_SECONDHAND, 7, 1, NONE, NONE, "cannot secondhand");
	fwb_ops.free_game(g);
}

static void
test_discard_market(void **state)
{
	struct game	*g = f_new(2, "discardmarket=on", 2);
	int		 c;

	(void)state;
	c = f_deck_take(g, FWB_INGREDIENT, HONEY);
	g->discard[g->ndiscard++] = c;
	f_check(g);
	f_ok(g, 0, FWB_A_DRAW, 3, NONE, NONE, NONE, NULL);
	assert_int_equal(g->hand[0][6], c);
	assert_int_equal(g->points, 1);
	f_bad(g, 0, FWB_A_DRAW, 3, NONE, NONE, NONE, "discard pile is empty");
	fwb_ops.free_game(g);

	g = f_new(2, NULL, 2);
	f_bad(g, 0, FWB_A_DRAW, 3, NONE, NONE, NONE, "not a market");
	fwb_ops.free_game(g);
}

static void
test_install_delay(void **state)
{
	struct game	*g = f_new(2, "install=delay shed=6", 3);

	(void)state;
	f_clear_hand(g, 0);
	f_ready(g, 0, 0);
	g->deck[g->ndeck++] = g->shed[0][0].card;
	g->nshed[0]--;
	memmove(&g->shed[0][0], &g->shed[0][1], (size_t)g->nshed[0] *
	    sizeof g->shed[0][0]);
	g->hand[0][g->nhand[0]++] = g->deck[--g->ndeck];
	f_check(g);
	f_ok(g, 0, FWB_A_INSTALL, g->nhand[0], NONE, NONE, NONE, NULL);
	assert_int_equal(g->shed[0][g->nshed[0] - 1].installing, 1);
	f_bad(g, 0, FWB_A_COMPLETE, 1, NONE, NONE, NONE, "still needs");
	f_ok(g, 0, FWB_A_DONE, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->shed[0][g->nshed[0] - 1].installing, 0);
	assert_true(fwb_can_complete(g, 0, 0, 0));
	fwb_ops.free_game(g);
}

static void
test_four_guests(void **state)
{
	struct game	*g = f_new(3, "guests=4", 4);
	int		 s;

	(void)state;
	for (s = 0; s < 3; s++)
		assert_true(g->guests[s][3].guest >= 0);
	assert_int_equal(g->target, 4);
	g->guests[0][0].done = g->guests[0][1].done = 1;
	g->guests[0][2].done = 1;
	assert_int_equal(g->ending, 0);
	f_clear_hand(g, 0);
	f_ready(g, 0, 3);
	f_ok(g, 0, FWB_A_COMPLETE, 4, NONE, NONE, NONE, NULL);
	assert_int_equal(g->ending, 1);
	fwb_ops.free_game(g);
}

static void
test_trading(void **state)
{
	struct game		*g = f_new(3, "trading=on", 5);
	struct game_events	 ev;
	struct game_prompt	 pr;
	int			 mine, theirs;

	(void)state;
	assert_int_equal(g->phase, FWB_PH_TRADE);
	f_clear_hand(g, 0);
	f_clear_hand(g, 2);
	mine = f_give(g, 0, FWB_INGREDIENT, SUGAR);
	theirs = f_give(g, 2, FWB_EQUIPMENT, STILL);
	f_bad(g, 0, FWB_A_OFFER, 0, 1, SHAKER + FWB_NINGR, NONE, "another");
	f_ok(g, 0, FWB_A_OFFER, 2, 1, STILL + FWB_NINGR, NONE, &ev);
	assert_int_equal(g->ask.kind, FWB_ASK_OFFER);
	/*
	 * The offer is said once, as its prompt: the table shows the prompt
	 * (the bot leaves a prompt line out when a human must answer).
	 */
	assert_int_equal(fwb_ops.pending(g, &pr, 1), 1);
	assert_int_equal(ev.n, 1);
	assert_int_equal(ev.ev[0].kind, GAME_EV_PROMPT);
	assert_string_equal(ev.ev[0].text, pr.text);
	assert_string_equal(pr.text, "@{2}: @{0} offers \xf0\x9f\x8d\xac "
	    "sugar for a still: accept or reject.");
	f_ok(g, 2, FWB_A_ACCEPT, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->hand[0][0], theirs);
	assert_int_equal(g->hand[2][0], mine);
	f_ok(g, 0, FWB_A_OFFER, 2, 1, SHAKER + FWB_NINGR, NONE, NULL);
	f_bad(g, 2, FWB_A_ACCEPT, NONE, NONE, NONE, NONE, "no card of the kind");
	f_ok(g, 2, FWB_A_REJECT, NONE, NONE, NONE, NONE, NULL);
	f_ok(g, 0, FWB_A_OFFER, 2, 1, SUGAR, NONE, NULL);
	f_ok(g, 2, FWB_A_ACCEPT, NONE, NONE, NONE, NONE, NULL);
	f_bad(g, 0, FWB_A_OFFER, 1, 1, SUGAR, NONE, "at most 2 cards");
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	f_bad(g, 0, FWB_A_OFFER, 1, 1, SUGAR, NONE, "cannot offer");
	fwb_ops.free_game(g);
}

static void
test_save(void **state)
{
	static const char *const breaks[][2] = {
		{ "\"players\":3", "\"players\":9" },
		{ "\"shed\":\"5\"", "\"shed\":\"7\"" },
		{ "\"active\":0", "\"active\":\"0\"" },
		{ "\"secondhand\":-1", "\"secondhand\":500" },
		{ "\"cultural\":-1", "\"cultural\":0" },
		{ "\"revealed\":-1", "\"revealed\":3" },
		{ "\"version\":2", "\"version\":3" },
		{ "\"deck\":\"", "\"deck\":\"-1 " },
		{ "\"traded\":\"0 0 0\"", "\"traded\":\"0 0 0 \"" },
		{ "\"traded\":\"0 0 0\"", "\"traded\":\"0 0 9\"" },
		{ "\"kind\":\"none\"", "\"kind\":\"rush\"" },
		{ "\"game\":\"fwb\"", "\"game\":\"cheers\"" },
	};
	struct game	*g = f_new(3, "secondhand=on trading=on", 6), *h;
	char		*a, *b, *bad, *cause = NULL, *p;
	size_t		 i;

	(void)state;
	if (g->secondhand >= 0)
		g->deck[g->ndeck++] = g->secondhand;
	g->secondhand = -1;
	f_check(g);
	a = game_test_print(&fwb_ops, g);
	h = game_test_load_text(&fwb_ops, a, &cause);
	assert_non_null(h);
	b = game_test_print(&fwb_ops, h);
	assert_string_equal(a, b);
	assert_int_equal(g->ndeck, h->ndeck);
	assert_memory_equal(g->deck, h->deck, (size_t)g->ndeck * sizeof (int));
	free(b);
	fwb_ops.free_game(h);
	for (i = 0; i < sizeof breaks / sizeof breaks[0]; i++) {
		p = strstr(a, breaks[i][0]);
		if (p == NULL)
			fail_msg("no %s in the save", breaks[i][0]);
		bad = xasprintf("%.*s%s%s", (int)(p - a), a, breaks[i][1],
		    p + strlen(breaks[i][0]));
		cause = NULL;
		assert_null(game_test_load_text(&fwb_ops, bad, &cause));
		assert_non_null(cause);
		free(cause);
		free(bad);
	}
	/* A card in two places is refused. */
	p = strstr(a, "\"discard\":\"\"");
	assert_non_null(p);
	bad = xasprintf("%.*s\"discard\":\"%d\"%s", (int)(p - a), a,
	    g->hand[0][0], p + strlen("\"discard\":\"\""));
	cause = NULL;
	assert_null(game_test_load_text(&fwb_ops, bad, &cause));
	assert_non_null(strstr(cause, "two places"));
	free(cause);
	free(bad);
	free(a);
	fwb_ops.free_game(g);
}

/* Turns version 2's number strings ("3 1 4") back into version 1's arrays. */
static void
to_v1(cJSON *o)
{
	cJSON	*v, *a, *row;
	char	*p, *end;

	cJSON_ArrayForEach(v, o) {
		if (cJSON_IsArray(v)) {
			if ((row = v->child) != NULL && cJSON_IsString(row))
				to_v1(v);
			continue;
		}
		if (!cJSON_IsString(v) || strspn(v->valuestring,
		    "-0123456789 ") != strlen(v->valuestring))
			continue;
		a = cJSON_CreateArray();
		for (p = v->valuestring; *p != '\0'; p = end)
			cJSON_AddItemToArray(a, cJSON_CreateNumber(strtol(p,
			    &end, 10)));
		if (v->string != NULL)
			cJSON_ReplaceItemInObjectCaseSensitive(o, v->string, a);
		else
			cJSON_ReplaceItemViaPointer(o, v, a);
		v = a;
	}
}

/* A version 1 save (number lists as arrays) still loads, to the same game. */
static void
test_save_v1(void **state)
{
	struct game	*g = f_new(4, "secondhand=on", 9), *h;
	cJSON		*doc;
	char		*a, *b, *cause = NULL;

	(void)state;
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	a = game_test_print(&fwb_ops, g);
	doc = fwb_ops.save(g);
	to_v1(doc);
	cJSON_ReplaceItemInObjectCaseSensitive(doc, "version",
	    cJSON_CreateNumber(1));
	b = cJSON_PrintUnformatted(doc);
	assert_non_null(strstr(b, "\"deck\":["));
	assert_non_null(strstr(b, "\"hands\":[["));
	cJSON_Delete(doc);
	h = game_test_load_text(&fwb_ops, b, &cause);
	if (h == NULL)
		fail_msg("version 1: %s", cause);
	free(b);
	b = game_test_print(&fwb_ops, h);
	assert_string_equal(a, b);
	free(a);
	free(b);
	fwb_ops.free_game(h);
	fwb_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_secondhand),
		cmocka_unit_test(test_discard_market),
		cmocka_unit_test(test_install_delay),
		cmocka_unit_test(test_four_guests),
		cmocka_unit_test(test_trading),
		cmocka_unit_test(test_save),
		cmocka_unit_test(test_save_v1),
	};

	return cmocka_run_group_tests_name("fwb_modules", tests, NULL, NULL);
}
