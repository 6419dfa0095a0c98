/*
 * Unit tests: Friends with Beverages' public view shows every zone the
 * rulebook makes public, read from the state itself: the resource
 * market, the second-hand market, the discard pile with the equipment in
 * it (what Lucky Find and an Equipment Exhibition may take), the guest
 * market, each seat's hand size, shed and guests (served ones with their
 * points), the Round Token, the decks and what is asked; and never a
 * hand card.  Both the text (status) and the board in parts (Discord's
 * embed, Slack's card) are checked.
 */
#include "tests/unit/fwb-test.h"

/* The board's status, summary and fields as one text; caller frees. */
static char *
board_text(const struct game *g)
{
	struct game_board	b;
	size_t			len = 0, cap;
	char			*s;
	int			i;

	fwb_ops.render_board(g, &b);
	cap = sizeof b.status + sizeof b.summary + (size_t)b.nfields *
	    (GAME_BOARD_NAME_MAX + GAME_BOARD_VALUE_MAX + 2);
	s = xmalloc(cap);
	len = (size_t)snprintf(s, cap, "%s\n%s", b.status, b.summary);
	for (i = 0; i < b.nfields && len < cap; i++)
		len += (size_t)snprintf(s + len, cap - len, "\n%s\n%s",
		    b.field[i].name, b.field[i].value);
	return s;
}

/*
 * The part of text from the first "from" to the next "until" (or its
 * end), copied into buf; fails when from is not there.
 */
static void
part(const char *text, const char *from, const char *until, char *buf,
    size_t len)
{
	const char	*p = strstr(text, from), *e;

	if (p == NULL)
		fail_msg("\"%s\" is not in:\n%s", from, text);
	e = strstr(p + strlen(from), until);
	if (e == NULL)
		e = p + strlen(p);
	snprintf(buf, len, "%.*s", (int)(e - p), p);
}

static void
has(const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		fail_msg("\"%s\" is not in:\n%s", want, text);
}

/* Moves a deck card of cls/kind onto the discard pile. */
static void
to_discard(struct game *g, int cls, int kind)
{
	g->discard[g->ndiscard++] = f_deck_take(g, cls, kind);
}

/* The zones every view of g must show, from the state. */
static void
check_zones(const struct game *g, const char *text, int board)
{
	struct game_prompt	pr;
	char			want[256], seg[2048];
	int			i, k, s, n[FWB_NEQUIP] = { 0 };

	/* What is asked now. */
	assert_int_equal(fwb_ops.pending(g, &pr, 1), 1);
	has(text, pr.text);
	/* The resource market, slot by slot, and the second-hand slot. */
	for (i = 0; i < FWB_MARKET; i++) {
		if (g->market[i] < 0)
			continue;
		fwb_card_name(g, g->market[i], want, sizeof want);
		has(text, want);
	}
	if (g->secondhand >= 0) {
		snprintf(want, sizeof want, "Second-hand: %s",
		    g->equip_name[g->card[g->secondhand].kind]);
		has(text, want);
	}
	/* The discard pile: its size, its top, every piece of equipment. */
	snprintf(want, sizeof want, board ? "discard pile %d" :
	    "Discard pile: %d", g->ndiscard);
	has(text, want);
	part(text, want, board ? "." : "\n", seg, sizeof seg);
	fwb_card_name(g, g->discard[g->ndiscard - 1], want, sizeof want);
	has(seg, want);
	for (i = 0; i < g->ndiscard; i++)
		if (g->card[g->discard[i]].cls == FWB_EQUIPMENT)
			n[g->card[g->discard[i]].kind]++;
	for (k = 0; k < FWB_NEQUIP; k++) {
		if (n[k] == 0)
			continue;
		has(seg, g->equip_name[k]);
		if (n[k] > 1) {
			snprintf(want, sizeof want, "%s \xc3\x97%d",
			    g->equip_name[k], n[k]);
			has(seg, want);
		}
	}
	/* The guest market. */
	for (i = 0; i < FWB_GMARKET; i++)
		if (g->gmarket[i] >= 0)
			has(text, g->guest[g->gmarket[i]].country);
	/* Each seat: hand size, shed, guests, the Round Token. */
	for (s = 0; s < g->nplayers; s++) {
		snprintf(want, sizeof want, "@{%d}%s", s, s == g->holder ?
		    " (Round Token)" : "");
		part(text, want, s + 1 < g->nplayers ? "@{" : "\nResource",
		    seg, sizeof seg);
		snprintf(want, sizeof want, "%d %s", g->nhand[s],
		    g->nhand[s] == 1 ? "card" : "cards");
		has(seg, want);
		for (i = 0; i < g->nshed[s]; i++)
			has(seg, g->equip_name[
			    g->card[g->shed[s][i].card].kind]);
		for (i = 0; i < g->nguests; i++) {
			if ((k = g->guests[s][i].guest) < 0)
				continue;
			has(seg, g->guest[k].country);
			if (g->guests[s][i].done)
				has(seg, g->guest[k].liqueur);
		}
	}
	/* The decks. */
	snprintf(want, sizeof want, board ? "Resource deck %d, guest deck %d" :
	    "Resource deck %d, guest deck %d.", g->ndeck, g->ngdeck);
	has(text, want);
}

/* Nothing of a hand: no hand card, no "needs", no private header. */
static void
check_private(const struct game *g, const char *text)
{
	(void)g;
	assert_null(strstr(text, "Lucky Find"));
	assert_null(strstr(text, "Needs"));
	assert_null(strstr(text, "needs"));
	assert_null(strstr(text, "Your hand"));
	assert_null(strstr(text, "Hand:"));
}

static void
test_public_zones(void **state)
{
	struct game	*g = f_new(3, "secondhand=on", 5);
	char		*text, *board;

	(void)state;
	/* Equipment in the discard pile: two stills, a barrel, a shaker. */
	to_discard(g, FWB_EQUIPMENT, STILL);
	to_discard(g, FWB_EQUIPMENT, BARREL);
	to_discard(g, FWB_INGREDIENT, HONEY);
	to_discard(g, FWB_EQUIPMENT, STILL);
	to_discard(g, FWB_EQUIPMENT, SHAKER);
	to_discard(g, FWB_INGREDIENT, CITRUS);
	/* A second-hand jigger, sheds, a served guest. */
	g->secondhand = f_deck_take(g, FWB_EQUIPMENT, JIGGER);
	f_install(g, 0, MUDDLER);
	f_install(g, 2, STRAINER);
	f_install(g, 2, SHAKER);
	g->guests[1][0].done = 1;
	/* A secret: Lucky Find in seat 1's hand. */
	f_give(g, 1, FWB_EVENT, FWB_E_LUCKY);
	f_check(g);

	text = fwb_ops.render_public(g);
	check_zones(g, text, 0);
	check_private(g, text);
	/* The equipment in the pile, as one reads it. */
	has(text, "in it: shaker, still \xc3\x97" "2, barrel.");
	free(text);
	board = board_text(g);
	check_zones(g, board, 1);
	check_private(g, board);
	free(board);
	fwb_ops.free_game(g);
}

/*
 * An Equipment Exhibition names the equipment it may take, in the
 * prompt; a player who passes is announced, and so is the end.
 */
static void
test_exhibition_public(void **state)
{
	struct game_events	 ev;
	struct game_prompt	 pr;
	struct game		*g = f_new(3, NULL, 6);
	int			 s = g->active, next = (s + 1) % 3, i;
	char			*text;

	(void)state;
	to_discard(g, FWB_EQUIPMENT, STILL);
	to_discard(g, FWB_EQUIPMENT, BARREL);
	to_discard(g, FWB_EQUIPMENT, STILL);
	for (i = 0; i < 3; i++)
		f_clear_hand(g, i);
	f_give(g, s, FWB_EVENT, FWB_E_EXHIBITION);
	f_give(g, s, FWB_EQUIPMENT, SHAKER);
	f_give(g, s, FWB_EQUIPMENT, JIGGER);
	f_give(g, next, FWB_EQUIPMENT, MUDDLER);
	f_give(g, next, FWB_EQUIPMENT, STRAINER);
	/* The third seat holds no equipment: it is passed over. */
	f_check(g);
	f_ok(g, s, FWB_A_PLAY, 1, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "opens an Equipment Exhibition"));
	assert_int_equal(fwb_ops.pending(g, &pr, 1), 1);
	has(pr.text, "from the discard pile (still \xc3\x97" "2, barrel)");
	text = fwb_ops.render_public(g);
	has(text, pr.text);
	free(text);
	/* The opener passes: said. */
	f_ok(g, s, FWB_A_PASS, NONE, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "passes at the Equipment Exhibition"));
	/* The next trades; the last has nothing, and the Exhibition ends. */
	f_ok(g, next, FWB_A_EXHIBIT, STILL, 1, 2, NONE, &ev);
	assert_true(f_said(&ev, "for the still in the discard pile"));
	assert_true(f_said(&ev, "too little equipment to trade"));
	assert_true(f_said(&ev, "The Equipment Exhibition is over."));
	fwb_ops.free_game(g);
}

/* Taking a market card says what replaced it. */
static void
test_market_replacement(void **state)
{
	struct game_events	 ev;
	struct game		*g = f_new(3, NULL, 7);
	int			 s = g->active;

	(void)state;
	f_market(g, 0, FWB_INGREDIENT, HONEY);
	f_top(g, FWB_INGREDIENT, COFFEE);
	f_check(g);
	f_ok(g, s, FWB_A_DRAW, 1, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "takes \xf0\x9f\x8d\xaf honey from the "
	    "market; "));
	assert_true(f_said(&ev, "coffee replaces it."));
	fwb_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_public_zones),
		cmocka_unit_test(test_exhibition_public),
		cmocka_unit_test(test_market_replacement),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
