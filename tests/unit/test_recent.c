/*
 * Unit tests for lib/recent.c, the bounded set of recently seen keys:
 * a repeat within the window is seen, a key is forgotten by age (from
 * when it was first seen, however often it came again) and by count
 * (the oldest first, the newest kept), long keys are kept in fixed room
 * and still told apart, and a full set keeps working through many times
 * its size.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/recent.h"

/* A memory of 8 keys for 1000 ms, in *state: the fixture. */
static int
setup(void **state)
{
	*state = recent_new(8, 1000);
	return *state == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	recent_free(*state);
	return 0;
}

static void
test_repeat_within_window(void **state)
{
	struct recent	*r = *state;

	assert_int_equal(recent_check(r, "900", 0), 0);
	assert_int_equal(recent_check(r, "900", 1), 1);
	assert_int_equal(recent_check(r, "900", 999), 1);
	assert_int_equal(recent_check(r, "901", 999), 0);
	assert_int_equal(recent_check(r, "90", 999), 0);	/* not a prefix */
	assert_int_equal(recent_check(r, "9000", 999), 0);
	assert_int_equal(recent_count(r, 999), 4);
	/* Nothing to remember. */
	assert_int_equal(recent_check(r, NULL, 999), 0);
	assert_int_equal(recent_check(r, "", 999), 0);
	assert_int_equal(recent_check(r, "", 999), 0);
	assert_int_equal(recent_count(r, 999), 4);
}

static void
test_expiry_by_age(void **state)
{
	struct recent	*r = recent_new(8, 1000);

	(void)state;
	assert_int_equal(recent_check(r, "a", 100), 0);
	assert_int_equal(recent_check(r, "b", 600), 0);
	/* A repeat does not make "a" younger. */
	assert_int_equal(recent_check(r, "a", 1099), 1);
	/* 1000 ms after it was first seen, "a" is forgotten; "b" is not. */
	assert_int_equal(recent_count(r, 1100), 1);
	assert_int_equal(recent_check(r, "b", 1100), 1);
	assert_int_equal(recent_check(r, "a", 1100), 0);	/* new again */
	assert_int_equal(recent_check(r, "a", 1101), 1);
	/* Long after: everything is forgotten, and the set still works. */
	assert_int_equal(recent_count(r, 100000), 0);
	assert_int_equal(recent_check(r, "b", 100000), 0);
	assert_int_equal(recent_check(r, "b", 100001), 1);
	recent_free(r);

	/* max_age 0: forgotten only by count. */
	r = recent_new(2, 0);
	assert_int_equal(recent_check(r, "a", 0), 0);
	assert_int_equal(recent_check(r, "a", UINT64_C(1) << 40), 1);
	recent_free(r);
}

static void
test_capacity_eviction(void **state)
{
	struct recent	*r = recent_new(100, 60000);
	char		 key[32];
	int		 i;

	(void)state;
	for (i = 0; i < 100; i++) {
		snprintf(key, sizeof key, "k%d", i);
		assert_int_equal(recent_check(r, key, (uint64_t)i), 0);
	}
	assert_int_equal(recent_count(r, 100), 100);
	/* Full: a new key forgets the oldest, k0, and only it. */
	assert_int_equal(recent_check(r, "new", 100), 0);
	assert_int_equal(recent_count(r, 100), 100);
	assert_int_equal(recent_check(r, "k1", 100), 1);
	assert_int_equal(recent_check(r, "k99", 100), 1);
	assert_int_equal(recent_check(r, "new", 100), 1);
	assert_int_equal(recent_check(r, "k0", 100), 0);	/* forgotten */
	/* That brought k0 back and forgot k1. */
	assert_int_equal(recent_check(r, "k1", 100), 0);
	/* Many times the set's size through it: the last 100 are kept. */
	for (i = 0; i < 10000; i++) {
		snprintf(key, sizeof key, "m%d", i);
		assert_int_equal(recent_check(r, key, 200), 0);
	}
	assert_int_equal(recent_count(r, 200), 100);
	for (i = 9900; i < 10000; i++) {
		snprintf(key, sizeof key, "m%d", i);
		assert_int_equal(recent_check(r, key, 200), 1);
	}
	assert_int_equal(recent_check(r, "m9899", 200), 0);
	assert_int_equal(recent_check(r, "new", 200), 0);
	recent_free(r);
}

static void
test_long_keys(void **state)
{
	struct recent	*r = *state;
	char		 a[4096], b[4096], cut[RECENT_KEY_MAX + 2];

	memset(a, 'x', sizeof a - 1);
	a[sizeof a - 1] = '\0';
	memcpy(b, a, sizeof b);
	b[sizeof b - 2] = 'y';		/* differs in the last byte only */
	assert_int_equal(recent_check(r, a, 0), 0);
	assert_int_equal(recent_check(r, a, 1), 1);
	assert_int_equal(recent_check(r, b, 1), 0);
	assert_int_equal(recent_check(r, b, 2), 1);
	/* A key of exactly RECENT_KEY_MAX bytes is kept whole ... */
	memcpy(cut, a, RECENT_KEY_MAX);
	cut[RECENT_KEY_MAX] = '\0';
	assert_int_equal(recent_check(r, cut, 2), 0);
	assert_int_equal(recent_check(r, cut, 2), 1);
	/* ... and one byte more is another key, the long kind. */
	memcpy(cut, a, RECENT_KEY_MAX + 1);
	cut[RECENT_KEY_MAX + 1] = '\0';
	assert_int_equal(recent_check(r, cut, 2), 0);
	assert_int_equal(recent_check(r, cut, 2), 1);
	assert_int_equal(recent_count(r, 2), 4);
	/* Long keys are forgotten by age like any other. */
	assert_int_equal(recent_check(r, a, 1000), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_repeat_within_window,
		    setup, teardown),
		cmocka_unit_test(test_expiry_by_age),
		cmocka_unit_test(test_capacity_eviction),
		cmocka_unit_test_setup_teardown(test_long_keys, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
