/*
 * Unit tests of Cosdrink Encounters hints (bot/saying/hint.c): the example of a
 * private prompt never depends on another seat's items or the order of
 * the decks.
 */
#include "tests/unit/hint-test.h"
#include "tests/unit/cosdrink-test.h"

#include "game/cosdrink/cosdrink-int.h"

static void
test_hidden(void **state)
{
	(void)state;
	hint_test_hidden(&cosdrink_ops, 3, NULL, 3, c_redeal);
	hint_test_hidden(&cosdrink_ops, 5, NULL, 2, c_redeal);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hidden),
	};

	return cmocka_run_group_tests_name("hint_cosdrink", tests, NULL, NULL);
}
