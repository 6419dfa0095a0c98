/*
 * test_fwb_interrupts.c: each of the nine interrupts, base and advanced
 * effect, and the three events.  Each interrupt is put on top of the
 * resource deck and drawn blind by seat 0.
 */
#include "tests/unit/fwb-test.h"

/* Calm top cards under the interrupt, then the interrupt on top. */
static void
arm(struct game *g, int kind)
{
	int	i;

	for (i = 0; i < 12; i++)
		f_top(g, FWB_INGREDIENT, i % FWB_NINGR);
	f_top(g, FWB_INTERRUPT, kind);
}

static void
draw(struct game *g, struct game_events *ev)
{
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, ev);
}

/* Persistent until the next interrupt; edge case 7. */
static void
test_cultural(void **state)
{
	struct game		*g = f_new(2, NULL, 1);
	struct game_events	 ev;
	int			 card;

	(void)state;
	arm(g, FWB_I_CULTURAL);
	card = g->deck[g->ndeck - 1];
	draw(g, &ev);
	assert_int_equal(g->cultural, card);
	assert_int_equal(g->ask.kind, FWB_ASK_NONE);
	arm(g, FWB_I_HICCUP);
	draw(g, &ev);
	assert_true(f_said(&ev, "Cultural Exchange ends"));
	assert_int_equal(g->cultural, -1);
	fwb_ops.free_game(g);
}

/* Advanced: the drawer may rearrange the top 3 guest cards. */
static void
test_cultural_advanced(void **state)
{
	struct game	*g = f_new(2, "interrupts=advanced", 2);
	int		 a, b, c;

	(void)state;
	arm(g, FWB_I_CULTURAL);
	a = g->gdeck[g->ngdeck - 1];
	b = g->gdeck[g->ngdeck - 2];
	c = g->gdeck[g->ngdeck - 3];
	draw(g, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_ORDER);
	game_test_private(&fwb_ops, g, 0, "Top of the guest deck", 1);
	game_test_private(&fwb_ops, g, 1, "Top of the guest deck", 0);
	f_bad(g, 0, FWB_A_ORDER, 1, 1, 2, NONE, "once");
	f_ok(g, 0, FWB_A_ORDER, 3, 1, 2, NONE, NULL);
	assert_int_equal(g->gdeck[g->ngdeck - 1], c);
	assert_int_equal(g->gdeck[g->ngdeck - 2], a);
	assert_int_equal(g->gdeck[g->ngdeck - 3], b);
	fwb_ops.free_game(g);
}

static void
test_recall(void **state)
{
	struct game_events	 ev;
	struct game		*g;
	int			 adv, card, h1;

	(void)state;
	for (adv = 0; adv < 2; adv++) {
		g = f_new(3, adv ? "interrupts=advanced" : NULL, 3);
		f_clear_hand(g, 0);
		f_clear_hand(g, 1);
		f_give(g, 0, FWB_EQUIPMENT, STILL);
		f_install(g, 1, STILL);
		f_give(g, 1, FWB_INGREDIENT, SUGAR);
		arm(g, FWB_I_HICCUP);
		f_top(g, FWB_EQUIPMENT, STILL);
		f_top(g, FWB_INTERRUPT, FWB_I_RECALL);
		card = g->deck[g->ndeck - 1];
		f_check(g);
		h1 = g->nhand[2];
		g->guests[2][0].done = g->guests[2][1].done = 1;
		f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, &ev);
		/* One card flipped, and the sentence agrees with it. */
		assert_true(f_said(&ev, "1 card is flipped to find equipment: "
		    "still is recalled."));
		assert_int_equal(g->nhand[0], 0);	/* still from hand */
		assert_int_equal(g->nshed[1], 0);	/* still from shed */
		assert_int_equal(g->nhand[1], 1);
		/* Seat 2 has none: a random card; advanced: one more. */
		assert_int_equal(g->nhand[2], h1 - 1 - adv);
		assert_int_equal(g->discard[g->ndiscard - 1], card);
		fwb_ops.free_game(g);
	}
}

static void
test_rush(void **state)
{
	struct game	*g;
	int		 adv, k;
	const struct fwb_guest *gu;

	(void)state;
	for (adv = 0; adv < 2; adv++) {
		g = f_new(2, adv ? "interrupts=advanced" : NULL, 4);
		f_clear_hand(g, 1);
		f_ready(g, 1, 0);
		/* One ingredient short: the rush waives it. */
		gu = &g->guest[g->guests[1][0].guest];
		for (k = 0; gu->ingr[k] == 0; k++)
			;
		g->discard[g->ndiscard++] = fwb_hand_take(g, 1, fwb_hand_find(g,
		    1, FWB_INGREDIENT, k));
		arm(g, FWB_I_RUSH);
		f_check(g);
		f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
		/* Everyone drew a card; seat 0 cannot use it, seat 1 can. */
		assert_int_equal(g->ask.kind, FWB_ASK_RUSH);
		assert_int_equal(g->ask.seat, 1);
		f_bad(g, 1, FWB_A_COMPLETE, 2, NONE, NONE, NONE, "cannot be");
		f_ok(g, 1, FWB_A_COMPLETE, 1, NONE, NONE, NONE, NULL);
		assert_int_equal(g->guests[1][0].done, 1);
		assert_int_equal(g->nshed[1],
		    __builtin_popcount(gu->equip) - adv);
		assert_int_equal(g->ask.kind, FWB_ASK_NONE);
		fwb_ops.free_game(g);
	}
}

static void
test_cancellation(void **state)
{
	struct game	*g;
	int		 next, pos, adv;

	(void)state;
	for (adv = 0; adv < 2; adv++) {
		g = f_new(2, adv ? "interrupts=advanced" : NULL, 5);
		arm(g, FWB_I_CANCEL);
		next = g->gdeck[g->ngdeck - 1];
		pos = g->guest[next].icon3 - 1;
		g->guests[0][pos].done = 1;
		f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
		assert_int_equal(g->guests[0][pos].guest, next);
		assert_int_equal(g->guests[0][pos].done, 0);
		if (adv) {
			assert_int_equal(g->ask.kind, FWB_ASK_CANCEL);
			f_ok(g, 0, FWB_A_DISCARD, 1, NONE, NONE, NONE, NULL);
			f_ok(g, 0, FWB_A_DISCARD, 1, NONE, NONE, NONE, NULL);
			assert_int_equal(g->nhand[0], 6);
		}
		assert_int_equal(g->ask.kind, FWB_ASK_NONE);
		fwb_ops.free_game(g);
	}
	/* 4-guest variant: the 4-icon system picks. */
	g = f_new(2, "guests=4", 5);
	arm(g, FWB_I_CANCEL);
	next = g->gdeck[g->ngdeck - 1];
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->guests[0][g->guest[next].icon4 - 1].guest, next);
	fwb_ops.free_game(g);
}

/* How many lines of ev contain s. */
static int
said_times(const struct game_events *ev, const char *s)
{
	int	i, n = 0;

	for (i = 0; i < ev->n; i++)
		if (strstr(ev->ev[i].text, s) != NULL)
			n++;
	return n;
}

static void
test_volatility(void **state)
{
	struct game_events	 ev;
	struct game		*g;
	int			 before, adv;

	(void)state;
	for (adv = 0; adv < 2; adv++) {
		g = f_new(2, adv ? "interrupts=advanced" : NULL, 6);
		arm(g, FWB_I_VOLATILITY);
		before = g->market[0];
		g->guests[1][0].done = g->guests[1][1].done = 1;
		f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, &ev);
		assert_int_not_equal(g->market[0], before);
		/* The interrupt's line says it; no second line repeats it. */
		assert_true(f_said(&ev, "Market Volatility: the resource market "
		    "is refreshed."));
		assert_int_equal(said_times(&ev, "market is refreshed"), 1);
		assert_int_equal(g->nhand[1], 6 + 2 * adv);
		fwb_ops.free_game(g);
	}
}

static void
test_hiccup(void **state)
{
	struct game	*g = f_new(3, NULL, 7);

	(void)state;
	f_clear_hand(g, 2);
	arm(g, FWB_I_HICCUP);
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->nhand[0], 6);
	assert_int_equal(g->nhand[1], 6);
	/* Edge case 4: nothing to discard is no penalty. */
	assert_int_equal(g->nhand[2], 1);
	fwb_ops.free_game(g);
}

static void
test_friend(void **state)
{
	struct game	*g = f_new(3, NULL, 8);

	(void)state;
	/* Seat 0 holds the Round Token: it borrows from its left, seat 1. */
	f_install(g, 1, STILL);
	f_install(g, 1, BARREL);
	arm(g, FWB_I_FRIEND);
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_FRIEND);
	assert_int_equal(g->ask.target, 1);
	f_bad(g, 0, FWB_A_BORROW, SHAKER, NONE, NONE, NONE, "has no shaker");
	f_ok(g, 0, FWB_A_BORROW, BARREL, NONE, NONE, NONE, NULL);
	assert_true(fwb_hand_find(g, 0, FWB_EQUIPMENT, BARREL) >= 0);
	assert_int_equal(g->nshed[1], 1);
	fwb_ops.free_game(g);
}

static void
test_traffic(void **state)
{
	struct game	*g;
	int		 adv, s, next[3];

	(void)state;
	for (adv = 0; adv < 2; adv++) {
		g = f_new(3, adv ? "interrupts=advanced" : NULL, 9);
		g->guests[2][0].done = 1;	/* the most points */
		arm(g, FWB_I_TRAFFIC);
		for (s = 0; s < 3; s++)
			next[s] = g->gdeck[g->ngdeck - 1 - s];
		f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
		assert_int_equal(g->guests[0][g->guest[next[0]].icon3 - 1].guest,
		    next[0]);
		assert_int_equal(g->guests[1][g->guest[next[1]].icon3 - 1].guest,
		    next[1]);
		if (adv)	/* immune: the next card stays on the deck */
			assert_int_equal(g->gdeck[g->ngdeck - 1], next[2]);
		else
			assert_int_equal(g->guests[2][g->guest[next[2]].icon3 -
			    1].guest, next[2]);
		fwb_ops.free_game(g);
	}
}

/* Immunity is claimed and announced; everyone takes from their right. */
static void
test_one_shot(void **state)
{
	struct game		*g = f_new(3, NULL, 10);
	struct game_events	 ev;

	(void)state;
	f_install(g, 0, STILL);
	f_install(g, 1, SHAKER);
	f_install(g, 2, BARREL);
	arm(g, FWB_I_SHOT);
	f_ok(g, 0, FWB_A_DRAW, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_IMMUNE);
	assert_int_equal(g->ask.mask, 7u);
	f_ok(g, 1, FWB_A_IMMUNE, 0, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "@{1} claims immunity: they take a shot"));
	f_bad(g, 1, FWB_A_PASS, NONE, NONE, NONE, NONE, "Not now");
	f_ok(g, 2, FWB_A_PASS, NONE, NONE, NONE, NONE, NULL);
	f_ok(g, 0, FWB_A_IMMUNE, 1, NONE, NONE, NONE, &ev);
	assert_true(f_said(&ev, "designated driver"));
	/* Seat 0 takes from seat 2 (its right); seat 1 would rob seat 0
	 * (immune); seat 2 would rob seat 1 (immune). */
	assert_int_equal(g->ask.kind, FWB_ASK_SHOT);
	assert_int_equal(g->ask.seat, 0);
	assert_int_equal(g->ask.target, 2);
	f_ok(g, 0, FWB_A_BORROW, BARREL, NONE, NONE, NONE, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_NONE);
	assert_int_equal(g->nshed[2], 0);
	assert_int_equal(g->nshed[1], 1);
	fwb_ops.free_game(g);
}

static void
test_lucky_find(void **state)
{
	struct game	*g = f_new(2, NULL, 11);
	int		 still, below;

	(void)state;
	f_clear_hand(g, 0);
	f_give(g, 0, FWB_EVENT, FWB_E_LUCKY);
	still = f_deck_take(g, FWB_EQUIPMENT, STILL);
	below = g->deck[--g->ndeck];
	g->discard[g->ndiscard++] = below;
	g->discard[g->ndiscard++] = still;
	g->discard[g->ndiscard++] = g->deck[--g->ndeck];
	f_check(g);
	f_bad(g, 0, FWB_A_PLAY, 1, NONE, NONE, NONE, "needs the equipment");
	f_bad(g, 0, FWB_A_PLAY, 1, BARREL, NONE, NONE, "no barrel");
	f_ok(g, 0, FWB_A_PLAY, 1, STILL, NONE, NONE, NULL);
	assert_int_equal(g->hand[0][0], still);
	assert_int_equal(g->discard[0], below);
	assert_true(fwb_is(g, g->discard[g->ndiscard - 1], FWB_EVENT,
	    FWB_E_LUCKY));
	/* The draw is still open: events are played at any time. */
	assert_int_equal(g->points, 2);
	fwb_ops.free_game(g);
}

static void
test_exhibition(void **state)
{
	struct game	*g = f_new(2, NULL, 12);
	int		 still;

	(void)state;
	f_clear_hand(g, 0);
	f_clear_hand(g, 1);
	f_give(g, 0, FWB_EVENT, FWB_E_EXHIBITION);
	f_give(g, 0, FWB_EQUIPMENT, JIGGER);
	f_install(g, 0, SHAKER);
	f_give(g, 1, FWB_EQUIPMENT, BARREL);
	f_install(g, 1, MUDDLER);
	still = f_deck_take(g, FWB_EQUIPMENT, STILL);
	g->discard[g->ndiscard++] = still;
	f_check(g);
	f_bad(g, 0, FWB_A_PLAY, 1, STILL, NONE, NONE, "takes no equipment");
	f_ok(g, 0, FWB_A_PLAY, 1, NONE, NONE, NONE, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_EXHIBIT);
	assert_int_equal(g->ask.seat, 0);
	/* Hand: 1 jigger; shed: 2 shaker. */
	f_bad(g, 0, FWB_A_EXHIBIT, STILL, 1, 1, NONE, "two different");
	f_ok(g, 0, FWB_A_EXHIBIT, STILL, 1, 2, NONE, NULL);
	assert_int_equal(g->hand[0][0], still);
	assert_int_equal(g->nshed[0], 0);
	/* Seat 1 may trade too but the pile has no more... it has two now. */
	assert_int_equal(g->ask.kind, FWB_ASK_EXHIBIT);
	assert_int_equal(g->ask.seat, 1);
	f_ok(g, 1, FWB_A_PASS, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->ask.kind, FWB_ASK_NONE);
	assert_true(fwb_is(g, g->discard[g->ndiscard - 1], FWB_EVENT,
	    FWB_E_EXHIBITION));
	fwb_ops.free_game(g);
}

static void
test_abundance_not_played(void **state)
{
	struct game	*g = f_new(2, NULL, 13);

	(void)state;
	f_clear_hand(g, 0);
	f_give(g, 0, FWB_EVENT, FWB_E_ABUNDANCE);
	f_bad(g, 0, FWB_A_PLAY, 1, NONE, NONE, NONE, "stands in for any");
	fwb_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cultural),
		cmocka_unit_test(test_cultural_advanced),
		cmocka_unit_test(test_recall),
		cmocka_unit_test(test_rush),
		cmocka_unit_test(test_cancellation),
		cmocka_unit_test(test_volatility),
		cmocka_unit_test(test_hiccup),
		cmocka_unit_test(test_friend),
		cmocka_unit_test(test_traffic),
		cmocka_unit_test(test_one_shot),
		cmocka_unit_test(test_lucky_find),
		cmocka_unit_test(test_exhibition),
		cmocka_unit_test(test_abundance_not_played),
	};

	return cmocka_run_group_tests_name("fwb_interrupts", tests, NULL, NULL);
}
