/*
 * test_fwb_rules.c: the five base phases of a Friends with Beverages turn
 * (draw, swap guests, install, complete, hand limit), the Round Token and
 * market refreshes, the end of the game, scoring and tie-breaks, and the
 * rulebook's edge cases that concern them.
 */
#include "tests/unit/fwb-test.h"

/* Makes the top n deck cards ingredients, so draws and refills are calm. */
static void
calm(struct game *g, int n)
{
	int	i;

	for (i = 0; i < n; i++)
		f_top(g, FWB_INGREDIENT, i % FWB_NINGR);
}

static void
test_draw_deck(void **state)
{
	struct game	*g = f_new(2, NULL, 1);

	(void)state;
	calm(g, 4);
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->nhand[0], 8);
	assert_int_equal(g->points, 0);
	f_bad(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, "no draw points");
	f_bad(g, 1, FWB_A_DRAW, NONE, NONE, NONE, NONE, "not your turn");
	fwb_ops.free_game(g);
}

static void
test_draw_market(void **state)
{
	struct game	*g = f_new(2, NULL, 2);
	int		 c, next;

	(void)state;
	calm(g, 4);
	c = f_market(g, 0, FWB_INGREDIENT, CITRUS);
	next = g->deck[g->ndeck - 1];
	f_ok(g, 0, FWB_A_DRAW, 1, NONE, NONE, NONE, NULL);
	assert_int_equal(g->hand[0][6], c);
	assert_int_equal(g->market[0], next);
	assert_int_equal(g->points, 1);
	/* Combined draw: one from the deck too. */
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->points, 0);
	fwb_ops.free_game(g);
}

/* Equipment costs 2 and ends the draw; a replacement cannot be taken. */
static void
test_draw_equipment(void **state)
{
	struct game	*g = f_new(2, NULL, 3);

	(void)state;
	calm(g, 4);
	f_market(g, 0, FWB_INGREDIENT, SUGAR);
	f_top(g, FWB_EQUIPMENT, STILL);
	f_ok(g, 0, FWB_A_DRAW, 1, NONE, NONE, NONE, NULL);
	assert_true(fwb_is(g, g->market[0], FWB_EQUIPMENT, STILL));
	f_bad(g, 0, FWB_A_DRAW, 1, NONE, NONE, NONE, "costs 2 draw points");
	fwb_ops.free_game(g);

	g = f_new(2, NULL, 3);
	calm(g, 4);
	f_market(g, 1, FWB_EQUIPMENT, BARREL);
	f_ok(g, 0, FWB_A_DRAW, 2, NONE, NONE, NONE, NULL);
	assert_int_equal(g->points, 0);
	assert_true(fwb_is(g, g->hand[0][6], FWB_EQUIPMENT, BARREL));
	f_bad(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, "no draw points");
	fwb_ops.free_game(g);
}

/* Edge case 2: an interrupt refilling a market slot hits who emptied it. */
static void
test_refill_interrupt(void **state)
{
	struct game		*g = f_new(3, NULL, 4);
	struct game_events	 ev;
	int			 card;

	(void)state;
	calm(g, 6);
	f_market(g, 0, FWB_INGREDIENT, CITRUS);
	card = f_top(g, FWB_INTERRUPT, FWB_I_VOLATILITY);
	f_ok(g, 0, FWB_A_DRAW, 1, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "reveals Market Volatility (interrupt): it hits @{0}"));
	assert_true(f_said(&ev, "Interrupt! @{0} draws Market Volatility"));
	assert_true(g->market[0] >= 0 && g->market[1] >= 0);
	assert_int_equal(g->discard[0], card);
	/* The draw goes on: one point is left. */
	assert_int_equal(g->points, 1);
	assert_int_equal(g->active, 0);
	fwb_ops.free_game(g);
}

/* Edge case 1: an interrupt drawn blind resolves, then the turn goes on. */
static void
test_draw_interrupt(void **state)
{
	struct game		*g = f_new(2, NULL, 5);
	struct game_events	 ev;

	(void)state;
	calm(g, 6);
	f_top(g, FWB_INTERRUPT, FWB_I_HICCUP);
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "draws Supply Chain Hiccup"));
	assert_int_equal(g->nhand[0], 6);	/* -1 random, +1 */
	assert_int_equal(g->nhand[1], 6);
	/* Each learns privately the card it drew in place of the lost one. */
	assert_true(game_test_noted(&ev, 0, "You drew "));
	assert_true(game_test_noted(&ev, 1, "You drew "));
	assert_int_equal(g->points, 1);
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, &ev);
	assert_int_equal(g->nhand[0], 7);
	/* A blind draw: the table hears of a card, the drawer which one. */
	assert_true(f_said(&ev, "@{0} draws a card from the deck."));
	assert_int_equal(ev.nnotes, 1);
	assert_int_equal(ev.note[0].seat, 0);
	assert_true(game_test_noted(&ev, 0, "You drew "));
	fwb_ops.free_game(g);
}

/*
 * The brief beside "your move": the hand and shed numbered as the moves
 * want them, and what each guest still needs.
 */
static void
test_brief(void **state)
{
	struct game	*g = f_new(2, NULL, 5);
	char		*s, name[64], want[80];

	(void)state;
	s = fwb_ops.render_brief(g, 0);
	fwb_card_name(g, g->hand[0][1], name, sizeof name);
	snprintf(want, sizeof want, ", 2. %s,", name);
	assert_non_null(strstr(s, "Hand: 1. "));
	assert_non_null(strstr(s, want));
	assert_non_null(strstr(s, ". Shed: empty."));
	assert_non_null(strstr(s, " Your guest 1 needs "));
	assert_null(strchr(s, '\n'));
	free(s);
	s = fwb_ops.render_brief(g, 7);
	assert_string_equal(s, "");
	free(s);
	fwb_ops.free_game(g);
}

static void
test_swap_market(void **state)
{
	struct game	*g = f_new(2, NULL, 6);
	int		 old = g->guests[0][0].guest, want = g->gmarket[1];
	int		 next = g->gdeck[g->ngdeck - 1];

	(void)state;
	f_clear_hand(g, 0);
	f_give(g, 0, FWB_INGREDIENT, SUGAR);
	f_give(g, 0, FWB_INGREDIENT, HONEY);
	f_give(g, 0, FWB_INGREDIENT, SUGAR);
	f_bad(g, 0, FWB_A_SWAP, 1, 1, 1, 2, "not identical");
	f_bad(g, 0, FWB_A_SWAP, 1, 1, 1, NONE, "two identical");
	f_ok(g, 0, FWB_A_SWAP, 1, 1, 1, 3, NULL);
	assert_int_equal(g->guests[0][0].guest, want);
	assert_int_equal(g->gmarket[1], next);
	assert_int_equal(g->gdiscard[g->ngdiscard - 1], old);
	assert_int_equal(g->nhand[0], 1);
	assert_int_equal(g->phase, FWB_PH_SWAP);
	f_bad(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, "cannot draw now");
	fwb_ops.free_game(g);
}

static void
test_swap_deck(void **state)
{
	struct game	*g = f_new(2, NULL, 7);
	int		 top, old, pos;

	(void)state;
	f_give(g, 0, FWB_INGREDIENT, CREAM);
	f_give(g, 0, FWB_INGREDIENT, CREAM);
	f_give(g, 0, FWB_INGREDIENT, COFFEE);
	f_give(g, 0, FWB_INGREDIENT, COFFEE);
	top = g->gdeck[g->ngdeck - 1];
	old = g->guests[0][1].guest;
	f_ok(g, 0, FWB_A_SWAP, 2, DECK, 7, 8, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_GUEST);
	f_bad(g, 0, FWB_A_DONE, NONE, NONE, NONE, NONE, "cannot done");
	f_ok(g, 0, FWB_A_ACCEPT, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->guests[0][1].guest, top);
	assert_int_equal(g->gdiscard[g->ngdiscard - 1], old);

	/* Rejected: the 4-icon system picks the market position. */
	top = g->gdeck[g->ngdeck - 1];
	pos = g->guest[top].icon4 - 1;
	old = g->gmarket[pos];
	f_ok(g, 0, FWB_A_SWAP, 2, DECK, 7, 8, NULL);
	f_ok(g, 0, FWB_A_REJECT, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->gmarket[pos], top);
	assert_int_equal(g->gdiscard[g->ngdiscard - 1], old);
	fwb_ops.free_game(g);
}

/* Two identical equipment: any guest, then the whole market is replaced. */
static void
test_swap_equipment(void **state)
{
	struct game	*g = f_new(2, NULL, 8);
	int		 before[FWB_GMARKET], i, want = g->gmarket[3], a, b;

	(void)state;
	memcpy(before, g->gmarket, sizeof before);
	f_clear_hand(g, 0);
	a = f_give(g, 0, FWB_EQUIPMENT, STILL);
	b = f_give(g, 0, FWB_EQUIPMENT, STILL);
	f_ok(g, 0, FWB_A_SWAP, 3, 3, 1, 2, NULL);
	assert_int_equal(g->guests[0][2].guest, want);
	for (i = 0; i < FWB_GMARKET; i++)
		assert_int_not_equal(g->gmarket[i], before[i]);
	/* Base game: both go to the discard pile, the one named last on top. */
	assert_int_equal(g->discard[g->ndiscard - 2], a);
	assert_int_equal(g->discard[g->ndiscard - 1], b);
	fwb_ops.free_game(g);
}

static void
test_swap_served_and_cultural(void **state)
{
	struct game	*g = f_new(2, NULL, 9);

	(void)state;
	g->guests[0][0].done = 1;
	f_give(g, 0, FWB_INGREDIENT, SUGAR);
	f_give(g, 0, FWB_INGREDIENT, SUGAR);
	f_bad(g, 0, FWB_A_SWAP, 1, 0, 7, 8, "served guests stay");
	/* Cultural Exchange: one card of any type. */
	g->cultural = f_deck_take(g, FWB_INTERRUPT, FWB_I_CULTURAL);
	f_check(g);
	f_bad(g, 0, FWB_A_SWAP, 2, 0, 7, 8, "costs one card");
	f_ok(g, 0, FWB_A_SWAP, 2, 0, 1, NONE, NULL);
	assert_int_equal(g->nhand[0], 7);
	fwb_ops.free_game(g);
}

static void
test_install(void **state)
{
	struct game	*g = f_new(2, "shed=2", 10);
	int		 out;

	(void)state;
	f_clear_hand(g, 0);
	f_give(g, 0, FWB_EQUIPMENT, STILL);
	f_give(g, 0, FWB_EQUIPMENT, STILL);
	f_give(g, 0, FWB_EQUIPMENT, BARREL);
	f_give(g, 0, FWB_EQUIPMENT, JIGGER);
	f_give(g, 0, FWB_INGREDIENT, SUGAR);
	f_bad(g, 0, FWB_A_INSTALL, 5, NONE, NONE, NONE, "not equipment");
	f_ok(g, 0, FWB_A_INSTALL, 1, NONE, NONE, NONE, NULL);
	f_bad(g, 0, FWB_A_INSTALL, 1, NONE, NONE, NONE, "duplicates");
	f_ok(g, 0, FWB_A_INSTALL, 2, NONE, NONE, NONE, NULL);
	assert_int_equal(g->nshed[0], 2);
	/* Full: name the shed card to cycle out (hand 3, shed 4 and 5). */
	f_bad(g, 0, FWB_A_INSTALL, 2, NONE, NONE, NONE, "shed is full");
	f_bad(g, 0, FWB_A_INSTALL, 2, 1, NONE, NONE, "not in your shed");
	out = g->shed[0][0].card;
	f_ok(g, 0, FWB_A_INSTALL, 2, 4, NONE, NONE, NULL);
	assert_int_equal(g->discard[g->ndiscard - 1], out);
	assert_int_equal(fwb_shed_types(g, 0, 1),
	    (1u << BARREL) | (1u << JIGGER));
	/* Installed equipment works at once in the base game. */
	assert_int_equal(g->shed[0][1].installing, 0);
	fwb_ops.free_game(g);
}

/* Edge cases 3 and 5: several recipes a turn, equipment reused. */
static void
test_complete_several(void **state)
{
	struct game		*g = f_new(2, "shed=6", 11);
	struct game_events	 ev;
	int			 before[FWB_MARKET];

	(void)state;
	f_clear_hand(g, 0);
	f_ready(g, 0, 0);
	f_ready(g, 0, 1);
	f_bad(g, 0, FWB_A_COMPLETE, 3, NONE, NONE, NONE, "still needs");
	f_ok(g, 0, FWB_A_COMPLETE, 1, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "serves"));
	f_ok(g, 0, FWB_A_COMPLETE, 2, NONE, NONE, NONE, NULL);
	assert_int_equal(fwb_done_count(g, 0), 2);
	assert_int_equal(g->nhand[0], 0);
	assert_true(g->nshed[0] >= 3);
	f_bad(g, 0, FWB_A_COMPLETE, 1, NONE, NONE, NONE, "served already");
	f_bad(g, 0, FWB_A_INSTALL, 1, NONE, NONE, NONE, "cannot install now");
	/* The market is refreshed after the completions. */
	calm(g, 4);
	memcpy(before, g->market, sizeof before);
	f_ok(g, 0, FWB_A_DONE, NONE, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "resource market is refreshed"));
	assert_int_not_equal(g->market[0], before[0]);
	assert_int_equal(g->active, 1);
	fwb_ops.free_game(g);
}

/* Abundance stands in for a missing ingredient. */
static void
test_complete_abundance(void **state)
{
	struct game		*g = f_new(2, NULL, 12);
	const struct fwb_guest	*gu;
	int			 k;

	(void)state;
	f_clear_hand(g, 0);
	f_ready(g, 0, 0);
	gu = &g->guest[g->guests[0][0].guest];
	for (k = 0; gu->ingr[k] == 0; k++)
		;
	g->deck[g->ndeck++] = fwb_hand_take(g, 0, fwb_hand_find(g, 0,
	    FWB_INGREDIENT, k));
	assert_false(fwb_can_complete(g, 0, 0, 0));
	f_give(g, 0, FWB_EVENT, FWB_E_ABUNDANCE);
	f_ok(g, 0, FWB_A_COMPLETE, 1, NONE, NONE, NONE, NULL);
	assert_int_equal(g->nhand[0], 0);
	fwb_ops.free_game(g);
}

/* Phase 5: discard to 8, in the order chosen; the last is on top. */
static void
test_hand_limit(void **state)
{
	struct game	*g = f_new(2, NULL, 13);
	int		 a, b, c;

	(void)state;
	f_give(g, 0, FWB_INGREDIENT, SUGAR);
	f_give(g, 0, FWB_INGREDIENT, HONEY);
	f_give(g, 0, FWB_INGREDIENT, CREAM);
	f_give(g, 0, FWB_EQUIPMENT, STILL);
	f_give(g, 0, FWB_INGREDIENT, SPICE);
	assert_int_equal(g->nhand[0], 11);
	f_ok(g, 0, FWB_A_DONE, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_LIMIT);
	assert_int_equal(g->active, 0);
	f_bad(g, 1, FWB_A_DISCARD, 1, NONE, NONE, NONE, "Not now");
	a = g->hand[0][9];
	b = g->hand[0][6];
	c = g->hand[0][0];
	f_ok(g, 0, FWB_A_DISCARD, 10, NONE, NONE, NONE, NULL);
	f_ok(g, 0, FWB_A_DISCARD, 7, NONE, NONE, NONE, NULL);
	assert_int_equal(g->active, 0);
	f_ok(g, 0, FWB_A_DISCARD, 1, NONE, NONE, NONE, NULL);
	assert_int_equal(g->nhand[0], 8);
	assert_int_equal(g->discard[g->ndiscard - 3], a);
	assert_int_equal(g->discard[g->ndiscard - 2], b);
	assert_int_equal(g->discard[g->ndiscard - 1], c);
	assert_int_equal(g->active, 1);
	fwb_ops.free_game(g);
}

/* Plays "done" for the active seat n times. */
static void
pass_turns(struct game *g, int n)
{
	while (n-- > 0) {
		calm(g, 4);
		f_ok(g, g->active, FWB_A_DONE, NONE, NONE, NONE, NONE, NULL);
	}
}

/*
 * The Round Token stays with its holder for a full turn cycle and one
 * more of its holder's turns, then both tokens pass on: the resource
 * market is refreshed and a new guest replaces the market guest its
 * 4-icon system crosses out.
 */
static void
test_round_token(void **state)
{
	struct game		*g = f_new(3, NULL, 14);
	struct game_events	 ev;
	int			 guest, pos, before[FWB_MARKET];

	(void)state;
	pass_turns(g, 3);
	assert_int_equal(g->active, 0);
	assert_int_equal(g->holder, 0);
	calm(g, 4);
	guest = g->gdeck[g->ngdeck - 1];
	pos = g->guest[guest].icon4 - 1;
	memcpy(before, g->market, sizeof before);
	f_ok(g, 0, FWB_A_DONE, NONE, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "@{1} receives the Round Token"));
	assert_int_equal(g->holder, 1);
	assert_int_equal(g->active, 1);
	assert_int_equal(g->gmarket[pos], guest);
	assert_int_not_equal(g->market[0], before[0]);
	/* Closest to the deck (slot 1) goes to the discard pile first. */
	assert_int_equal(g->discard[g->ndiscard - 2], before[0]);
	assert_int_equal(g->discard[g->ndiscard - 1], before[1]);
	pass_turns(g, 3);
	assert_int_equal(g->holder, 1);
	pass_turns(g, 1);
	assert_int_equal(g->holder, 2);
	fwb_ops.free_game(g);
}

/* An interrupt revealed while passing the round hits the receiver. */
static void
test_round_interrupt(void **state)
{
	struct game	*g = f_new(3, NULL, 15);

	(void)state;
	pass_turns(g, 3);
	f_install(g, 2, SHAKER);
	calm(g, 4);
	f_top(g, FWB_INTERRUPT, FWB_I_FRIEND);
	f_ok(g, 0, FWB_A_DONE, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->holder, 1);
	assert_int_equal(g->ask.kind, FWB_ASK_FRIEND);
	assert_int_equal(g->ask.seat, 1);
	/* The receiver holds the Round Token: it borrows from its left. */
	assert_int_equal(g->ask.target, 2);
	f_ok(g, 1, FWB_A_BORROW, SHAKER, NONE, NONE, NONE, NULL);
	assert_int_equal(g->nshed[2], 0);
	assert_true(fwb_hand_find(g, 1, FWB_EQUIPMENT, SHAKER) >= 0);
	fwb_ops.free_game(g);
}

/* The 3rd recipe ends the game when the round of turns is over. */
static void
test_end_and_scoring(void **state)
{
	struct game		*g = f_new(3, "shed=6", 16);
	struct game_events	 ev;
	struct game_result	 r;

	(void)state;
	pass_turns(g, 1);
	f_serve(g, 1, 2, 4);
	f_clear_hand(g, 1);
	f_ready(g, 1, 2);
	g->guest[g->guests[1][2].guest].points = 4;
	f_ok(g, 1, FWB_A_COMPLETE, 3, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "the game ends when this round"));
	assert_int_equal(g->ending, 1);
	f_serve(g, 2, 3, 5);
	pass_turns(g, 1);
	assert_int_equal(g->state, GAME_RUNNING);
	calm(g, 4);
	f_ok(g, 2, FWB_A_DONE, NONE, NONE, NONE, NONE, &ev);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 1u << 2);
	fwb_ops.result(g, &r);
	assert_non_null(strstr(r.text, "@{2} wins with 15 points"));
	assert_int_equal(ev.ev[ev.n - 1].kind, GAME_EV_END);
	f_bad(g, 0, FWB_A_DONE, NONE, NONE, NONE, NONE, "over");
	fwb_ops.free_game(g);
}

/* Ties: most recipes, then the biggest nose (table or random). */
static void
test_tiebreaks(void **state)
{
	struct game		*g;
	struct game_events	 ev;

	(void)state;
	g = f_new(2, NULL, 17);
	f_serve(g, 0, 3, 3);		/* 9 points, 3 recipes */
	f_serve(g, 1, 2, 3);
	g->guests[1][2].done = 1;
	g->guest[g->guests[1][2].guest].points = 3;
	g->guests[1][2].done = 0;
	g->guest[g->guests[1][0].guest].points = 6;	/* 9 points, 2 recipes */
	g->ending = 1;
	pass_turns(g, 2);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 1u << 0);
	fwb_ops.free_game(g);

	g = f_new(3, NULL, 18);
	f_serve(g, 0, 3, 3);
	f_serve(g, 2, 3, 3);
	g->ending = 1;
	pass_turns(g, 3);
	assert_int_equal(g->state, GAME_RUNNING);
	assert_int_equal(g->ask.kind, FWB_ASK_NOSE);
	f_bad(g, 1, FWB_A_NOSE, 1, NONE, NONE, NONE, "tied players");
	f_ok(g, 1, FWB_A_NOSE, 2, NONE, NONE, NONE, &ev);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 1u << 2);
	assert_true(f_said(&ev, "biggest nose"));
	fwb_ops.free_game(g);

	g = f_new(3, "tiebreak=random", 18);
	f_serve(g, 0, 3, 3);
	f_serve(g, 2, 3, 3);
	g->ending = 1;
	pass_turns(g, 3);
	assert_int_equal(g->state, GAME_WON);
	assert_true(g->winners == 1u || g->winners == 4u);
	fwb_ops.free_game(g);
}

/* An empty guest deck ends the game after the last seat's turn. */
static void
test_guest_deck_out(void **state)
{
	struct game	*g = f_new(2, NULL, 19);

	(void)state;
	while (g->ngdeck > 0)
		g->gdiscard[g->ngdiscard++] = g->gdeck[--g->ngdeck];
	f_serve(g, 0, 1, 3);
	pass_turns(g, 1);
	assert_int_equal(g->state, GAME_RUNNING);
	f_give(g, 1, FWB_INGREDIENT, SUGAR);
	f_give(g, 1, FWB_INGREDIENT, SUGAR);
	f_bad(g, 1, FWB_A_SWAP, 1, DECK, 7, 8, "guest deck is empty");
	pass_turns(g, 1);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 1u << 0);
	fwb_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_draw_deck),
		cmocka_unit_test(test_draw_market),
		cmocka_unit_test(test_draw_equipment),
		cmocka_unit_test(test_refill_interrupt),
		cmocka_unit_test(test_draw_interrupt),
		cmocka_unit_test(test_brief),
		cmocka_unit_test(test_swap_market),
		cmocka_unit_test(test_swap_deck),
		cmocka_unit_test(test_swap_equipment),
		cmocka_unit_test(test_swap_served_and_cultural),
		cmocka_unit_test(test_install),
		cmocka_unit_test(test_complete_several),
		cmocka_unit_test(test_complete_abundance),
		cmocka_unit_test(test_hand_limit),
		cmocka_unit_test(test_round_token),
		cmocka_unit_test(test_round_interrupt),
		cmocka_unit_test(test_end_and_scoring),
		cmocka_unit_test(test_tiebreaks),
		cmocka_unit_test(test_guest_deck_out),
	};

	return cmocka_run_group_tests_name("fwb_rules", tests, NULL, NULL);
}
