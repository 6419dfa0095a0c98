/*
 * Unit tests for the Discord adapter's count of its own invalid requests
 * (adapters/discord/invalid.c): a sliding 10-minute window, a hold on
 * REST past 5,000 that lasts until the oldest requests leave the window,
 * and nothing held below.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/discord/discord-int.h"

#define MINUTE	(60 * 1000ULL)

static void
test_invalid_window(void **state)
{
	struct invalid	iv;
	uint64_t	now = 5 * MINUTE;
	int		i;

	(void)state;
	memset(&iv, 0, sizeof iv);
	for (i = 0; i < INVALID_WARN; i++)
		invalid_count(&iv, 403, now);
	assert_int_equal(invalid_total(&iv, now), INVALID_WARN);
	assert_int_equal(iv.warned, 1);
	assert_int_equal(invalid_hold(&iv, now), 0);
	/* Five minutes on, they still count; ten minutes on, they do not. */
	assert_int_equal(invalid_total(&iv, now + 5 * MINUTE), INVALID_WARN);
	assert_int_equal(invalid_total(&iv, now + 10 * MINUTE + 10000), 0);
	assert_int_equal(iv.warned, 0);
}

static void
test_invalid_hold(void **state)
{
	struct invalid	iv;
	uint64_t	now = 60 * MINUTE, hold;
	int		i;

	(void)state;
	memset(&iv, 0, sizeof iv);
	/* 2,500 now and 2,500 four minutes later: held at the 5,000th. */
	for (i = 0; i < INVALID_HOLD / 2; i++)
		invalid_count(&iv, 429, now);
	assert_int_equal(invalid_hold(&iv, now), 0);
	for (i = 0; i < INVALID_HOLD / 2 - 1; i++)
		invalid_count(&iv, 401, now + 4 * MINUTE);
	assert_int_equal(invalid_hold(&iv, now + 4 * MINUTE), 0);
	invalid_count(&iv, 401, now + 4 * MINUTE);
	assert_int_equal(iv.warned, 2);
	hold = invalid_hold(&iv, now + 4 * MINUTE);
	/* Until the first 2,500 leave the window: six minutes, a slot more. */
	assert_true(hold > 6 * MINUTE - 1);
	assert_true(hold <= 6 * MINUTE + INVALID_WINDOW_MS / INVALID_SLOTS);
	assert_int_equal(invalid_hold(&iv, now + 4 * MINUTE + hold), 0);
	assert_int_equal(invalid_total(&iv, now + 4 * MINUTE + hold),
	    INVALID_HOLD / 2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_invalid_window),
		cmocka_unit_test(test_invalid_hold),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
