/*
 * Unit tests for lib/idslot.c, a fixed table of slots keyed by a 64-bit
 * id: an id finds its slot again, the caller's part after the key
 * included; a lookup without make finds nothing new; a new id takes the
 * first slot with the lowest stamp, zeroed, and the others keep theirs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lib/idslot.h"

struct test_slot {
	struct idslot	 key;
	int		 value;
};

static void
test_find_and_reuse(void **state)
{
	struct test_slot	 t[3] = { 0 };
	struct test_slot	*s;

	(void)state;
	assert_null(idslot_find(t, sizeof t[0], 3, -7, 0));
	/* All free, all stamps 0: the first slot. */
	s = idslot_find(t, sizeof t[0], 3, -7, 1);
	assert_ptr_equal(s, &t[0]);
	assert_true(s->key.id == -7);
	s->key.stamp = 30;
	s->value = 1;
	assert_ptr_equal(idslot_find(t, sizeof t[0], 3, -7, 0), &t[0]);
	s = idslot_find(t, sizeof t[0], 3, 8, 1);
	assert_ptr_equal(s, &t[1]);
	s->key.stamp = 10;
	s->value = 2;
	s = idslot_find(t, sizeof t[0], 3, 9, 1);
	assert_ptr_equal(s, &t[2]);
	s->key.stamp = 20;
	s->value = 3;
	/* Full: the lowest stamp (id 8's) goes, zeroed, to the new id. */
	s = idslot_find(t, sizeof t[0], 3, 5, 1);
	assert_ptr_equal(s, &t[1]);
	assert_true(s->key.id == 5);
	assert_true(s->key.stamp == 0);
	assert_int_equal(s->value, 0);
	assert_null(idslot_find(t, sizeof t[0], 3, 8, 0));
	assert_int_equal(t[0].value, 1);
	assert_int_equal(t[2].value, 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find_and_reuse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
