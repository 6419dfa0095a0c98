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

/* One SRV record as a test writes it: target, priority and weight. */
struct rec {
	const char	*target;
	int		 prio, weight;
};

/* Fills l with the n records of recs, each on port 5222, and orders it. */
static void
order(struct srv_list *l, const struct rec *recs, size_t n)
{
	struct srv_record	*r;
	size_t			 i;

	memset(l, 0, sizeof *l);
	for (i = 0; i < n; i++) {
		r = &l->rec[l->n++];
		snprintf(r->target, sizeof r->target, "%s", recs[i].target);
		r->port = 5222;
		r->priority = recs[i].prio;
		r->weight = recs[i].weight;
	}
	srv_order(l, rnd);
}

static void
test_priority(void **state)
{
	static const struct rec	recs[] = {
		{ "c", 30, 5 }, { "a", 10, 0 }, { "b", 20, 100 },
	};
	struct srv_list		l;

	(void)state;
	rnd_state = 1;
	order(&l, recs, 3);
	assert_int_equal(l.n, 3);
	assert_string_equal(l.rec[0].target, "a");
	assert_string_equal(l.rec[1].target, "b");
	assert_string_equal(l.rec[2].target, "c");
}

/* Of weights 90 and 10 at one priority, the first comes first ~90%. */
static void
test_weight(void **state)
{
	static const struct rec	recs[] = {
		{ "light", 1, 10 }, { "heavy", 1, 90 }, { "zero", 1, 0 },
		{ "backup", 2, 50 },
	};
	struct srv_list		l;
	int			i, heavy = 0, zero = 0;

	(void)state;
	rnd_state = 12345;
	for (i = 0; i < 10000; i++) {
		order(&l, recs, 4);
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
	static const struct rec	recs[] = { { ".", 0, 0 } };
	struct srv_list		l;

	(void)state;
	order(&l, recs, 1);
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
