/*
 * Unit tests for the Discord adapter's rate limits
 * (adapters/discord/ratelimit.c): a bucket nothing is known of lets one
 * request go and holds the rest until it comes back; a window that
 * resets lets the limit go, no more; a response never lets through more
 * than the server has left with requests in flight, even when responses
 * come back out of order or late; 429s and the global limit hold as
 * before.  Times are made-up loop milliseconds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/discord/discord-int.h"

#define MSG	"POST /channels/{major}/messages"
#define EDIT	"PATCH /channels/{major}/messages/:id"
#define BURST	20

/*
 * Sends requests on route/major at now while the limits let them go, at
 * most max, filling a ticket each into t; returns how many went.  They
 * are exempt from the global limit, so only the bucket counts.
 */
static int
burst(struct ratelimit *rl, const char *route, const char *major,
    uint64_t now, struct ratelimit_ticket *t, int max)
{
	int	n = 0;

	while (n < max && ratelimit_wait(rl, route, major, 0, now) == 0) {
		ratelimit_sent(rl, route, major, 0, now, &t[n]);
		n++;
	}
	return n;
}

/* The response to t: bucket "b" of 5 a window, remaining left. */
static void
answer(struct ratelimit *rl, const struct ratelimit_ticket *t,
    const char *route, const char *major, long left, int64_t reset_after,
    uint64_t now)
{
	ratelimit_update(rl, t, route, major, "b", 5, left, reset_after, now);
}

static void
test_unknown_bucket(void **state)
{
	struct ratelimit	*rl = ratelimit_new();
	struct ratelimit_ticket	 t[BURST], u[BURST];

	(void)state;
	/* A burst to a new channel: one goes, the rest wait for it. */
	assert_int_equal(burst(rl, MSG, "1", 1000, t, BURST), 1);
	assert_true(ratelimit_wait(rl, MSG, "1", 0, 1000) > 0);
	assert_true(ratelimit_wait(rl, MSG, "1", 0, 1200) > 0);
	/* Its answer says 4 are left for 250 ms: 4 go, then the reset. */
	answer(rl, &t[0], MSG, "1", 4, 250, 1010);
	assert_int_equal(burst(rl, MSG, "1", 1010, t, BURST), 4);
	assert_int_equal(ratelimit_wait(rl, MSG, "1", 0, 1010), 250);

	/* A request that fails with no headers lets the next one go. */
	assert_int_equal(burst(rl, MSG, "2", 1000, u, BURST), 1);
	ratelimit_update(rl, &u[0], MSG, "2", NULL, -1, -1, -1, 1030);
	assert_int_equal(burst(rl, MSG, "2", 1030, u, BURST), 1);
	assert_true(ratelimit_wait(rl, MSG, "2", 0, 1030) > 0);

	/*
	 * Once the edits are known to share the bucket, a new channel's
	 * message and edit are one unknown bucket: one of them goes.
	 */
	ratelimit_update(rl, NULL, EDIT, "1", "b", 5, 3, 200, 1040);
	assert_int_equal(burst(rl, MSG, "3", 1050, u, BURST), 1);
	assert_true(ratelimit_wait(rl, EDIT, "3", 0, 1050) > 0);
	ratelimit_free(rl);
}

static void
test_first_response_learns(void **state)
{
	struct ratelimit	*rl = ratelimit_new();
	struct ratelimit_ticket	 t[BURST], u[BURST];

	(void)state;
	/*
	 * Two channels' first messages leave before the route's bucket is
	 * known.  The first answer names the bucket: the other channel's
	 * message still in flight counts in its state there.
	 */
	assert_int_equal(burst(rl, MSG, "5", 1000, t, BURST), 1);
	assert_int_equal(burst(rl, MSG, "6", 1000, u, BURST), 1);
	answer(rl, &t[0], MSG, "5", 4, 250, 1010);
	assert_true(ratelimit_wait(rl, MSG, "6", 0, 1010) > 0);
	answer(rl, &u[0], MSG, "6", 4, 250, 1020);
	assert_int_equal(burst(rl, MSG, "6", 1020, u, BURST), 4);
	assert_int_equal(ratelimit_wait(rl, MSG, "6", 0, 1020), 250);
	ratelimit_free(rl);
}

static void
test_reset_refills(void **state)
{
	struct ratelimit	*rl = ratelimit_new();
	struct ratelimit_ticket	 t[BURST];
	int			 i;

	(void)state;
	assert_int_equal(burst(rl, MSG, "1", 1000, t, BURST), 1);
	answer(rl, &t[0], MSG, "1", 4, 250, 1010);
	assert_int_equal(burst(rl, MSG, "1", 1010, t, BURST), 4);
	for (i = 0; i < 4; i++)
		answer(rl, &t[i], MSG, "1", 3 - i, 240, 1020);
	assert_int_equal(ratelimit_wait(rl, MSG, "1", 0, 1020), 240);

	/* The window resets: the limit goes, no more. */
	assert_int_equal(burst(rl, MSG, "1", 1260, t, BURST), 5);
	assert_true(ratelimit_wait(rl, MSG, "1", 0, 1260) > 0);
	/* Their answers give the new window's end; then 5 again. */
	for (i = 0; i < 5; i++)
		answer(rl, &t[i], MSG, "1", 4 - i, 250, 1270);
	assert_int_equal(ratelimit_wait(rl, MSG, "1", 0, 1270), 250);
	assert_int_equal(burst(rl, MSG, "1", 1520, t, BURST), 5);

	/*
	 * Requests still in flight at the reset may count in the new window:
	 * 3 unanswered leave room for 2.
	 */
	for (i = 0; i < 2; i++)
		answer(rl, &t[i], MSG, "1", 4 - i, 250, 1530);
	assert_int_equal(burst(rl, MSG, "1", 1780, t, BURST), 2);

	/* A limit never said: after the reset, one at a time again. */
	assert_int_equal(burst(rl, MSG, "9", 2000, t, BURST), 1);
	ratelimit_update(rl, &t[0], MSG, "9", "b", -1, 1, 100, 2010);
	assert_int_equal(burst(rl, MSG, "9", 2010, t, BURST), 1);
	ratelimit_update(rl, &t[0], MSG, "9", NULL, -1, -1, -1, 2020);
	assert_int_equal(burst(rl, MSG, "9", 2110, t, BURST), 1);
	assert_true(ratelimit_wait(rl, MSG, "9", 0, 2110) > 0);
	ratelimit_free(rl);
}

static void
test_stale_response(void **state)
{
	struct ratelimit	*rl = ratelimit_new();
	struct ratelimit_ticket	 a, t[BURST];
	int			 i;

	(void)state;
	/*
	 * The server handles B then C; B's answer says 3 left, but C is in
	 * flight: only 2 are left.
	 */
	assert_int_equal(burst(rl, MSG, "1", 1000, &a, 1), 1);
	answer(rl, &a, MSG, "1", 4, 250, 1005);
	assert_int_equal(burst(rl, MSG, "1", 1005, t, 2), 2);
	answer(rl, &t[0], MSG, "1", 3, 245, 1010);
	assert_int_equal(burst(rl, MSG, "1", 1010, t + 2, BURST), 2);
	assert_int_equal(ratelimit_wait(rl, MSG, "1", 0, 1010), 245);

	/*
	 * Out of order: B, C, D, E handled in turn, E's answer (0 left) comes
	 * first, B's (3 left) last.  Nothing more goes before the reset.
	 */
	assert_int_equal(burst(rl, MSG, "2", 1000, &a, 1), 1);
	answer(rl, &a, MSG, "2", 4, 250, 1005);
	assert_int_equal(burst(rl, MSG, "2", 1005, t, BURST), 4);
	answer(rl, &t[3], MSG, "2", 0, 240, 1010);
	answer(rl, &t[0], MSG, "2", 3, 240, 1020);
	assert_int_equal(ratelimit_wait(rl, MSG, "2", 0, 1020), 240);
	assert_int_equal(burst(rl, MSG, "2", 1020, &a, 1), 0);

	/*
	 * The reset passes with C and D still in flight: 3 go.  C's late
	 * answer, from the old window, says 2 left: it lets nothing more go.
	 */
	assert_int_equal(burst(rl, MSG, "2", 1260, t + 4, BURST), 3);
	answer(rl, &t[1], MSG, "2", 2, 200, 1300);
	assert_true(ratelimit_wait(rl, MSG, "2", 0, 1300) > 0);
	answer(rl, &t[2], MSG, "2", 1, 200, 1300);
	assert_true(ratelimit_wait(rl, MSG, "2", 0, 1300) > 0);
	/* The new window's answers give its end. */
	for (i = 4; i < 7; i++)
		answer(rl, &t[i], MSG, "2", 8 - i, 250, 1310);
	assert_int_equal(ratelimit_wait(rl, MSG, "2", 0, 1310), 250);
	ratelimit_free(rl);
}

static void
test_limited_and_global(void **state)
{
	struct ratelimit	*rl = ratelimit_new();
	struct ratelimit_ticket	 t;
	const char		*r = MSG;
	int			 i;

	(void)state;
	/* Nothing known: go.  Remaining 0 for 500 ms: wait, per channel. */
	assert_int_equal(ratelimit_wait(rl, r, "1", 1, 1000), 0);
	ratelimit_update(rl, NULL, r, "1", "abc", -1, 0, 500, 1000);
	assert_int_equal(ratelimit_wait(rl, r, "1", 1, 1000), 500);
	assert_int_equal(ratelimit_wait(rl, r, "1", 1, 1400), 100);
	assert_int_equal(ratelimit_wait(rl, r, "1", 1, 1500), 0);
	assert_int_equal(ratelimit_wait(rl, r, "2", 1, 1000), 0);

	/*
	 * A route 429 blocks its bucket; a global one blocks everything
	 * but the exempt (interaction callbacks).
	 */
	ratelimit_limited(rl, r, "2", 0, 300, 2000);
	assert_int_equal(ratelimit_wait(rl, r, "2", 1, 2000), 300);
	ratelimit_limited(rl, r, "3", 1, 700, 3000);
	assert_int_equal(ratelimit_wait(rl, r, "4", 1, 3000), 700);
	assert_int_equal(ratelimit_wait(rl, r, "4", 0, 3000), 0);

	/* 50 a second globally, each answered. */
	for (i = 0; i < 50; i++) {
		ratelimit_sent(rl, "GET /x", "", 1, 5000, &t);
		ratelimit_update(rl, &t, "GET /x", "", NULL, -1, -1, -1, 5000);
	}
	assert_int_equal(ratelimit_wait(rl, "GET /x", "", 1, 5100), 900);
	assert_int_equal(ratelimit_wait(rl, "GET /x", "", 0, 5100), 0);
	assert_int_equal(ratelimit_wait(rl, "GET /x", "", 1, 6000), 0);
	ratelimit_free(rl);
}

static void
test_many_states(void **state)
{
	struct ratelimit	*rl = ratelimit_new();
	struct ratelimit_ticket	 t, keep;
	char			 major[32];
	int			 i;

	(void)state;
	/*
	 * Thousands of interactions come and go; the one request still in
	 * flight keeps holding its bucket.
	 */
	assert_int_equal(burst(rl, MSG, "keep", 1000, &keep, 1), 1);
	for (i = 0; i < 10000; i++) {
		snprintf(major, sizeof major, "%d", i);
		ratelimit_sent(rl, MSG, major, 0, 1000 + (uint64_t)i, &t);
		ratelimit_update(rl, &t, MSG, major, "b", 5, 4, 250,
		    1000 + (uint64_t)i);
	}
	assert_true(ratelimit_wait(rl, MSG, "keep", 0, 11000) > 0);
	answer(rl, &keep, MSG, "keep", 4, 250, 11000);
	assert_int_equal(burst(rl, MSG, "keep", 11000, &t, 1), 1);
	ratelimit_free(rl);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_bucket),
		cmocka_unit_test(test_first_response_learns),
		cmocka_unit_test(test_reset_refills),
		cmocka_unit_test(test_stale_response),
		cmocka_unit_test(test_limited_and_global),
		cmocka_unit_test(test_many_states),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
