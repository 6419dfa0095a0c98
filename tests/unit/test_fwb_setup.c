/*
 * test_fwb_setup.c: the Friends with Beverages components and set-up: the
 * card data is complete and every guest can be served under the default
 * settings; set-up deals as the rulebook says for every player count;
 * options are checked.
 */
#include "tests/unit/fwb-test.h"

static void
test_data(void **state)
{
	struct game	*g = f_new(2, NULL, 1);
	int		 cls[4] = { 0 }, ev[FWB_NEVENTS] = { 0 }, i, icon4[5] = { 0 };
	int		 in[FWB_NINTERRUPTS] = { 0 };

	(void)state;
	for (i = 0; i < g->ncards; i++) {
		cls[g->card[i].cls]++;
		if (g->card[i].cls == FWB_EVENT)
			ev[g->card[i].kind]++;
		if (g->card[i].cls == FWB_INTERRUPT)
			in[g->card[i].kind]++;
	}
	assert_int_equal(cls[FWB_INTERRUPT], 9);
	for (i = 0; i < FWB_NINTERRUPTS; i++)
		assert_int_equal(in[i], 1);
	assert_int_equal(ev[FWB_E_ABUNDANCE], 3);
	assert_int_equal(ev[FWB_E_EXHIBITION], 1);
	assert_int_equal(ev[FWB_E_LUCKY], 1);
	assert_int_equal(cls[FWB_EQUIPMENT], 30);
	assert_int_equal(cls[FWB_INGREDIENT], 60);
	for (i = 0; i < FWB_NGUESTS; i++) {
		const struct fwb_guest *gu = &g->guest[i];

		assert_true(gu->ningr >= 4 && gu->ningr <= 6);
		assert_true(__builtin_popcount(gu->equip) >= 3 &&
		    __builtin_popcount(gu->equip) <= 5);
		assert_true(gu->country[0] && gu->liqueur[0] && gu->trivia[0]);
		icon4[gu->icon4]++;
	}
	for (i = 1; i <= 4; i++)
		assert_int_equal(icon4[i], 20);
	fwb_ops.free_game(g);
}

/*
 * Every guest can be served under the defaults: its equipment fits the
 * default shed and the deck holds its ingredients; and in a real position
 * (its equipment installed, its ingredients in hand) "complete" works.
 */
static void
test_every_guest_completable(void **state)
{
	struct game	*g;
	int		 i, k;

	(void)state;
	for (i = 0; i < FWB_NGUESTS; i++) {
		g = f_new(2, NULL, (uint64_t)i);
		assert_int_equal(g->shed_cap, 5);
		assert_true(__builtin_popcount(g->guest[i].equip) <= g->shed_cap);
		for (k = 0; k < FWB_NINGR; k++)
			assert_true(g->guest[i].ingr[k] <= g->ingr_count[k]);
		/* Put guest i in seat 0's first place, wherever it is. */
		if (g->guests[0][0].guest != i) {
			int *where = NULL, j, s;

			for (j = 0; j < g->ngdeck; j++)
				if (g->gdeck[j] == i)
					where = &g->gdeck[j];
			for (j = 0; j < FWB_BOXED; j++)
				if (g->gbox[j] == i)
					where = &g->gbox[j];
			for (j = 0; j < FWB_GMARKET; j++)
				if (g->gmarket[j] == i)
					where = &g->gmarket[j];
			for (s = 0; s < 2; s++)
				for (j = 0; j < 3; j++)
					if (g->guests[s][j].guest == i)
						where = &g->guests[s][j].guest;
			assert_non_null(where);
			*where = g->guests[0][0].guest;
			g->guests[0][0].guest = i;
		}
		f_clear_hand(g, 0);
		f_ready(g, 0, 0);
		f_check(g);
		f_ok(g, 0, FWB_A_COMPLETE, 1, NONE, NONE, NONE, NULL);
		assert_int_equal(g->guests[0][0].done, 1);
		fwb_ops.free_game(g);
	}
}

static void
test_setup_counts(void **state)
{
	struct game	*g;
	int		 n, s, i, seed;

	(void)state;
	for (n = 2; n <= 5; n++) {
		for (seed = 0; seed < 20; seed++) {
			g = f_new(n, seed % 2 ? "guests=4" : NULL, (uint64_t)seed);
			f_check(g);
			assert_int_equal(g->ngdeck, FWB_NGUESTS - FWB_BOXED -
			    n * g->nguests - FWB_GMARKET);
			for (s = 0; s < n; s++) {
				assert_int_equal(g->nhand[s], 6);
				for (i = 0; i < g->nhand[s]; i++)
					assert_int_not_equal(
					    g->card[g->hand[s][i]].cls,
					    FWB_INTERRUPT);
				for (i = 0; i < g->nguests; i++)
					assert_true(g->guests[s][i].guest >= 0);
			}
			for (i = 0; i < FWB_MARKET; i++)
				assert_true(g->market[i] >= 0);
			for (i = 0; i < FWB_GMARKET; i++)
				assert_true(g->gmarket[i] >= 0);
			assert_int_equal(g->ndeck + 6 * n + 2, g->ncards);
			assert_int_equal(g->active, 0);
			assert_int_equal(g->holder, 0);
			assert_int_equal(g->phase, FWB_PH_DRAW);
			assert_int_equal(g->points, 2);
			fwb_ops.free_game(g);
		}
	}
}

/* With the second-hand market, equipment dealt to the market moves there. */
static void
test_setup_secondhand(void **state)
{
	struct game	*g;
	int		 seed, seen = 0, i;

	(void)state;
	for (seed = 0; seed < 40; seed++) {
		g = f_new(3, "secondhand=on", (uint64_t)seed);
		for (i = 0; i < FWB_MARKET; i++)
			assert_int_not_equal(g->card[g->market[i]].cls,
			    FWB_EQUIPMENT);
		if (g->secondhand >= 0)
			seen++;
		f_check(g);
		fwb_ops.free_game(g);
	}
	assert_true(seen > 0 && seen < 40);
}

static void
test_options(void **state)
{
	(void)state;
	game_test_refused(&fwb_ops, 6, NULL, "2 to 5");
	game_test_refused(&fwb_ops, 3, "shed=9", "shed");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_data),
		cmocka_unit_test(test_every_guest_completable),
		cmocka_unit_test(test_setup_counts),
		cmocka_unit_test(test_setup_secondhand),
		cmocka_unit_test(test_options),
	};

	return cmocka_run_group_tests_name("fwb_setup", tests, NULL, NULL);
}
