/*
 * Unit tests for lib/srv's ordering of SRV records (RFC 2782): priority
 * first, then a draw weighted by weight, and "." meaning no service.
 * The lookup itself is tested against dnsmasq in tests/xmpp.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/srv.h"

static uint32_t	rnd_state;

/* A small deterministic generator (xorshift32) for the draws. */
static uint32_t
rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state;
}

static void
add(struct srv_list *l, const char *target, int prio, int weight)
{
	struct srv_record	*r = &l->rec[l->n++];

	snprintf(r->target, sizeof r->target, "%s", target);
	r->port = 5222;
	r->priority = prio;
	r->weight = weight;
}

static void
test_priority(void **state)
{
	struct srv_list	l;

	(void)state;
	memset(&l, 0, sizeof l);
	rnd_state = 1;
	add(&l, "c", 30, 5);
	add(&l, "a", 10, 0);
	add(&l, "b", 20, 100);
	srv_order(&l, rnd);
	assert_int_equal(l.n, 3);
	assert_string_equal(l.rec[0].target, "a");
	assert_string_equal(l.rec[1].target, "b");
	assert_string_equal(l.rec[2].target, "c");
}

/* Of weights 90 and 10 at one priority, the first comes first ~90%. */
static void
test_weight(void **state)
{
	struct srv_list	l;
	int		i, heavy = 0, zero = 0;

	(void)state;
	rnd_state = 12345;
	for (i = 0; i < 10000; i++) {
		memset(&l, 0, sizeof l);
		add(&l, "light", 1, 10);
		add(&l, "heavy", 1, 90);
		add(&l, "zero", 1, 0);
		add(&l, "backup", 2, 50);
		srv_order(&l, rnd);
		assert_int_equal(l.n, 4);
		assert_string_equal(l.rec[3].target, "backup");
		heavy += strcmp(l.rec[0].target, "heavy") == 0;
		zero += strcmp(l.rec[0].target, "zero") == 0;
	}
	assert_true(heavy > 8500 && heavy < 9500);
	assert_true(zero < 100);
}

static void
test_no_service(void **state)
{
	struct srv_list	l;

	(void)state;
	memset(&l, 0, sizeof l);
	add(&l, ".", 0, 0);
	srv_order(&l, rnd);
	assert_int_equal(l.n, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_priority),
		cmocka_unit_test(test_weight),
		cmocka_unit_test(test_no_service),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
