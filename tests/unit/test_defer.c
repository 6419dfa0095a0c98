/*
 * Unit tests for lib/defer.c, a call made once on a later turn of the
 * loop: not before the loop runs, once then, with the timer closed (the
 * loop has nothing left); released first, it is never made.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lib/defer.h"

static void
test_count(void *arg)
{
	(*(int *)arg)++;
}

static void
test_once_or_never(void **state)
{
	uv_loop_t	 loop;
	struct defer	 d = { 0 };
	int		 calls = 0;

	(void)state;
	uv_loop_init(&loop);
	defer_release(&d);	/* never armed: nothing */
	defer_arm(&d, &loop, test_count, &calls);
	assert_int_equal(calls, 0);
	assert_int_equal(uv_run(&loop, UV_RUN_DEFAULT), 0);
	assert_int_equal(calls, 1);
	assert_int_equal(d.armed, 0);
	defer_release(&d);	/* after its call: nothing */
	/* Armed again and released before the loop runs: never called. */
	defer_arm(&d, &loop, test_count, &calls);
	defer_release(&d);
	assert_int_equal(uv_run(&loop, UV_RUN_DEFAULT), 0);
	assert_int_equal(calls, 1);
	assert_int_equal(uv_loop_close(&loop), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_once_or_never),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
