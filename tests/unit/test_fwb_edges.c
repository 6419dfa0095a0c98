/*
 * test_fwb_edges.c: the rulebook's edge cases 9 to 12, one named test
 * each, so each can be found (and fail) by its number.  The module tests
 * cover the same ground among other things.
 *   9  Shed Overflow: a full shed needs a piece named to cycle out.
 *  10  Installation Restriction (advanced): equipment is not usable the
 *      turn it was acquired.
 *  11  Market Displacement: equipment entering the second-hand market
 *      sends the piece there to the discard pile, unless traded 1 for 1.
 *  12  Equipment Discard Routing: discarded equipment goes to the
 *      second-hand market (advanced) or the discard pile (basic), unless
 *      the card says "to the discard pile".
 */
#include "tests/unit/fwb-test.h"

/* Puts a second-hand card dealt at set-up back in the deck. */
static void
no_secondhand(struct game *g)
{
	if (g->secondhand >= 0)
		g->deck[g->ndeck++] = g->secondhand;
	g->secondhand = -1;
}

/* Calm cards on top of the deck, so refills reveal no interrupt. */
static void
calm_deck(struct game *g)
{
	int	i;

	for (i = 0; i < 6; i++)
		f_top(g, FWB_INGREDIENT, i % FWB_NINGR);
}

static void
test_edge9_shed_overflow(void **state)
{
	struct game	*g;
	int		 jigger, adv;

	(void)state;
	for (adv = 0; adv < 2; adv++) {
		g = f_new(2, adv ? "shed=2 secondhand=on" : "shed=2", 9);
		no_secondhand(g);
		f_clear_hand(g, 0);
		f_install(g, 0, SHAKER);
		jigger = f_install(g, 0, JIGGER);
		f_give(g, 0, FWB_EQUIPMENT, STILL);
		f_check(g);
		/* Full: the player must choose what goes. */
		f_bad(g, 0, FWB_A_INSTALL, 1, NONE, NONE, NONE, "shed is full");
		/* Hand card 1, then the shed: 2 is the shaker, 3 the jigger. */
		f_bad(g, 0, FWB_A_INSTALL, 1, 1, NONE, NONE, "not in your shed");
		f_ok(g, 0, FWB_A_INSTALL, 1, 3, NONE, NONE, NULL);
		assert_int_equal(g->nshed[0], 2);
		assert_true(fwb_shed_find(g, 0, SHAKER) >= 0);
		assert_true(fwb_shed_find(g, 0, STILL) >= 0);
		assert_true(fwb_shed_find(g, 0, JIGGER) < 0);
		/* Cycled "to market": the second-hand one when it is on. */
		if (adv)
			assert_int_equal(g->secondhand, jigger);
		else
			assert_int_equal(g->discard[g->ndiscard - 1], jigger);
		fwb_ops.free_game(g);
	}
}

static void
test_edge10_installation_restriction(void **state)
{
	struct game	*g;
	int		 delay, k, missing;

	(void)state;
	for (delay = 0; delay < 2; delay++) {
		g = f_new(2, delay ? "install=delay shed=6" : "shed=6", 10);
		no_secondhand(g);
		f_clear_hand(g, 0);
		f_ready(g, 0, 0);
		/* The guest's last piece of equipment waits in the market. */
		for (missing = 0; !(g->guest[g->guests[0][0].guest].equip &
		    (1u << missing)); missing++)
			;
		k = fwb_shed_find(g, 0, missing);
		g->deck[g->ndeck++] = fwb_shed_take(g, 0, k);
		f_market(g, 0, FWB_EQUIPMENT, missing);
		calm_deck(g);
		f_check(g);
		f_ok(g, 0, FWB_A_DRAW, 1, NONE, NONE, NONE, NULL);
		f_ok(g, 0, FWB_A_INSTALL, g->nhand[0], NONE, NONE, NONE, NULL);
		if (!delay) {
			/* Basic rules: usable at once. */
			f_ok(g, 0, FWB_A_COMPLETE, 1, NONE, NONE, NONE, NULL);
			assert_int_equal(g->guests[0][0].done, 1);
			fwb_ops.free_game(g);
			continue;
		}
		assert_int_equal(g->shed[0][g->nshed[0] - 1].installing, 1);
		f_bad(g, 0, FWB_A_COMPLETE, 1, NONE, NONE, NONE, "still needs");
		f_ok(g, 0, FWB_A_DONE, NONE, NONE, NONE, NONE, NULL);
		f_ok(g, 1, FWB_A_DONE, NONE, NONE, NONE, NONE, NULL);
		/* Next turn it works. */
		assert_int_equal(g->active, 0);
		f_ok(g, 0, FWB_A_COMPLETE, 1, NONE, NONE, NONE, NULL);
		assert_int_equal(g->guests[0][0].done, 1);
		fwb_ops.free_game(g);
	}
}

static void
test_edge11_market_displacement(void **state)
{
	struct game	*g = f_new(2, "secondhand=on", 11);
	int		 still, barrel, shaker, n;

	(void)state;
	no_secondhand(g);
	f_clear_hand(g, 0);
	still = f_give(g, 0, FWB_EQUIPMENT, STILL);
	barrel = f_give(g, 0, FWB_EQUIPMENT, BARREL);
	shaker = f_give(g, 0, FWB_EQUIPMENT, SHAKER);
	f_check(g);
	/* Into an empty second-hand market: nothing is displaced. */
	n = g->ndiscard;
	f_ok(g, 0, FWB_A_SECONDHAND, 1, 1, NONE, NONE, NULL);
	assert_int_equal(g->secondhand, still);
	assert_int_equal(g->ndiscard, n);
	/* Not traded (discard): the still goes to the discard pile. */
	f_ok(g, 0, FWB_A_SECONDHAND, 1, 1, NONE, NONE, NULL);
	assert_int_equal(g->secondhand, barrel);
	assert_int_equal(g->ndiscard, n + 1);
	assert_int_equal(g->discard[g->ndiscard - 1], still);
	/* Traded 1 for 1 (take): the barrel comes to the hand instead. */
	f_ok(g, 0, FWB_A_SECONDHAND, 1, 0, NONE, NONE, NULL);
	assert_int_equal(g->secondhand, shaker);
	assert_int_equal(g->ndiscard, n + 1);
	assert_int_equal(g->nhand[0], 1);
	assert_int_equal(g->hand[0][0], barrel);
	fwb_ops.free_game(g);
}

/* Seat 0 ends its turn holding equipment past the hand limit, discards it. */
static int
limit_discard(struct game *g)
{
	int	card;

	f_clear_hand(g, 0);
	while (g->nhand[0] < FWB_HAND_LIMIT)
		f_give(g, 0, FWB_INGREDIENT, g->nhand[0] % FWB_NINGR);
	card = f_give(g, 0, FWB_EQUIPMENT, MUDDLER);
	f_check(g);
	f_ok(g, 0, FWB_A_DONE, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_LIMIT);
	f_ok(g, 0, FWB_A_DISCARD, g->nhand[0], NONE, NONE, NONE, NULL);
	return card;
}

static void
test_edge12_equipment_discard_routing(void **state)
{
	const struct fwb_guest	*gu;
	struct game		*g;
	int			 card, k, broken;

	(void)state;
	/* Basic: the discard pile. */
	g = f_new(2, NULL, 12);
	card = limit_discard(g);
	assert_int_equal(g->discard[g->ndiscard - 1], card);
	fwb_ops.free_game(g);

	/* Advanced: the second-hand market. */
	g = f_new(2, "secondhand=on", 12);
	no_secondhand(g);
	card = limit_discard(g);
	assert_int_equal(g->secondhand, card);
	assert_true(g->ndiscard == 0 || g->discard[g->ndiscard - 1] != card);
	fwb_ops.free_game(g);

	/*
	 * "To the discard pile" on the card: the advanced Festival Rush
	 * breaks a piece of the equipment used, even with the second-hand
	 * market on.
	 */
	g = f_new(2, "secondhand=on interrupts=advanced", 12);
	no_secondhand(g);
	f_clear_hand(g, 1);
	f_ready(g, 1, 0);
	gu = &g->guest[g->guests[1][0].guest];
	for (k = 0; gu->ingr[k] == 0; k++)
		;
	g->discard[g->ndiscard++] = fwb_hand_take(g, 1, fwb_hand_find(g, 1,
	    FWB_INGREDIENT, k));
	for (k = 0; !(gu->equip & (1u << k)); k++)
		;
	broken = g->shed[1][fwb_shed_find(g, 1, k)].card;
	calm_deck(g);
	f_top(g, FWB_INTERRUPT, FWB_I_RUSH);
	f_check(g);
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_RUSH);
	f_ok(g, 1, FWB_A_COMPLETE, 1, NONE, NONE, NONE, NULL);
	assert_int_equal(g->guests[1][0].done, 1);
	assert_int_equal(g->secondhand, -1);
	assert_true(fwb_shed_find(g, 1, k) < 0);
	/* On the pile (the Festival Rush card itself may lie on top). */
	for (k = g->ndiscard - 1; k >= 0 && g->discard[k] != broken; k--)
		;
	assert_true(k >= 0);
	fwb_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edge9_shed_overflow),
		cmocka_unit_test(test_edge10_installation_restriction),
		cmocka_unit_test(test_edge11_market_displacement),
		cmocka_unit_test(test_edge12_equipment_discard_routing),
	};

	return cmocka_run_group_tests_name("fwb_edges", tests, NULL, NULL);
}
