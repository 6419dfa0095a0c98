/*
 * Unit tests of Friends with Beverages hints (bot/saying/hint.c): the example
 * of a private prompt never depends on another seat's hand or the order
 * of the decks.
 */
#include "tests/unit/hint-test.h"
#include "tests/unit/fwb-test.h"

#include "game/fwb/fwb-int.h"

static void
test_hidden(void **state)
{
	(void)state;
	hint_test_hidden(&fwb_ops, 3, NULL, 3, f_redeal);
	hint_test_hidden(&fwb_ops, 4, "trading=on", 2, f_redeal);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hidden),
	};

	return cmocka_run_group_tests_name("hint_fwb", tests, NULL, NULL);
}
