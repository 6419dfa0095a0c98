/*
 * Unit tests for lib/holds.c, the counted copies of reply handles: a
 * copy is found by its address and nothing else is, it is ended only by
 * its last give-back, at most max are held, and whatever is left is
 * freed by holds_release (ASan's leak check in make check).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/holds.h"

struct handle {
	char	token[40];
	int	n;
};

/* At most 3 copies, in *state: the fixture. */
static int
setup(void **state)
{
	struct holds	*hs = malloc(sizeof *hs);

	if (hs == NULL)
		return -1;
	holds_init(hs, 3);
	*state = hs;
	return 0;
}

/* Frees whatever is still held (ASan's leak check sees the rest). */
static int
teardown(void **state)
{
	holds_release(*state);
	free(*state);
	return 0;
}

static void
test_copy_found_and_counted(void **state)
{
	struct holds	*hs = *state;
	struct handle	 on_stack = { "tok-1", 7 }, *c;

	c = holds_copy(hs, &on_stack, sizeof on_stack);
	assert_non_null(c);
	assert_ptr_not_equal(c, &on_stack);
	assert_string_equal(c->token, "tok-1");
	assert_int_equal(c->n, 7);
	assert_ptr_equal(holds_find(hs, c), c);
	/* The stack handle it copies is none of the copies. */
	assert_null(holds_find(hs, &on_stack));
	assert_null(holds_again(hs, &on_stack));
	assert_null(holds_find(hs, NULL));
	/* Held again: the first give-back does not end it, the second does. */
	assert_ptr_equal(holds_again(hs, c), c);
	assert_int_equal(holds_put(hs, c), 0);
	assert_ptr_equal(holds_find(hs, c), c);
	assert_int_equal(holds_put(hs, c), 1);
	holds_free(hs, c);
	assert_int_equal(hs->n, 0);
	/* What is no copy is given back, or freed, for nothing. */
	assert_int_equal(holds_put(hs, &on_stack), 0);
	holds_free(hs, &on_stack);
	assert_int_equal(holds_put(hs, NULL), 0);
}

static void
test_capped_and_released(void **state)
{
	struct holds	*hs = *state;
	struct handle	 h = { "tok", 0 }, *c[3];
	int		 i;

	for (i = 0; i < 3; i++) {
		h.n = i;
		assert_non_null(c[i] = holds_copy(hs, &h, sizeof h));
	}
	assert_null(holds_copy(hs, &h, sizeof h));
	for (i = 0; i < 3; i++)
		assert_int_equal(((struct handle *)holds_find(hs, c[i]))->n,
		    i);
	assert_int_equal(holds_put(hs, c[1]), 1);
	holds_free(hs, c[1]);
	assert_non_null(holds_copy(hs, &h, sizeof h));
	/* The rest are the teardown's to free, as the bot's going away. */
	assert_int_equal(hs->n, 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_copy_found_and_counted,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_capped_and_released,
		    setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
