/*
 * Unit tests of Cosdrink Encounters hints (bot/saying/hint.c): the example of a
 * private prompt never depends on another seat's items or the order of
 * the decks.
 */
#include "tests/unit/hint-test.h"

#include "game/cosdrink/cosdrink-int.h"

/* Re-deals the items of others and the item deck; shuffles the monsters'. */
static void
redeal(struct game *g, int seat, struct rng *r)
{
	hint_test_others(r, g, seat, g->nplayers, g->hand[0], COS_HAND,
	    g->nhand, g->ideck, g->nideck);
	rng_shuffle(r, g->mdeck, g->nmdeck);
}

static void
test_hidden(void **state)
{
	(void)state;
	hint_test_hidden(&cosdrink_ops, 3, NULL, 3, redeal);
	hint_test_hidden(&cosdrink_ops, 5, NULL, 2, redeal);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hidden),
	};

	return cmocka_run_group_tests_name("hint_cosdrink", tests, NULL, NULL);
}
