/*
 * Unit tests of Friends with Beverages hints (bot/saying/hint.c): the example
 * of a private prompt never depends on another seat's hand or the order
 * of the decks.
 */
#include "tests/unit/hint-test.h"

#include "game/fwb/fwb-int.h"

/* Re-deals the hands of others and the deck; shuffles the guest deck. */
static void
redeal(struct game *g, int seat, struct rng *r)
{
	hint_test_others(r, g, seat, g->nplayers, g->hand[0], FWB_HAND_CAP,
	    g->nhand, g->deck, g->ndeck);
	rng_shuffle(r, g->gdeck, g->ngdeck);
}

static void
test_hidden(void **state)
{
	(void)state;
	hint_test_hidden(&fwb_ops, 3, NULL, 3, redeal);
	hint_test_hidden(&fwb_ops, 4, "trading=on", 2, redeal);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hidden),
	};

	return cmocka_run_group_tests_name("hint_fwb", tests, NULL, NULL);
}
