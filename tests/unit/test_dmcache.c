/*
 * Unit tests for lib/dmcache.c, the users' DM channels: an entry is found
 * again by its user and found by its open channel only, the adapter's
 * own part after the cache's is zeroed and kept, learning a channel
 * opens it (and says when the user's DMs had been closed) but leaves
 * one being opened alone, past the cap an idle entry is reused and a
 * busy one never, and freeing hands every entry to drop.  And
 * lib/dmcache-ready.c: a send goes now, waits, or is refused in words.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dmcache.h"
#include "lib/dmcache-ready.h"

/* An adapter's entry: the cache's part first, its own after. */
struct test_entry {
	struct dmcache_entry	 de;
	int			 waiting;
};

static int	dropped, dropped_waiting;

static void
test_drop(struct dmcache_entry *de)
{
	dropped++;
	dropped_waiting += ((struct test_entry *)de)->waiting;
}

static void
test_find_and_open(void **state)
{
	struct dmcache		*c = dmcache_new(sizeof(struct test_entry), 10);
	struct test_entry	*a, *b;

	(void)state;
	a = (struct test_entry *)dmcache_find(c, "U1");
	assert_string_equal(a->de.user, "U1");
	assert_string_equal(a->de.channel, "");
	assert_int_equal(a->de.state, DMCACHE_NONE);
	assert_int_equal(a->waiting, 0);
	a->waiting = 3;
	assert_ptr_equal(dmcache_find(c, "U1"), &a->de);
	assert_int_equal(a->waiting, 3);
	b = (struct test_entry *)dmcache_find(c, "U2");
	assert_ptr_not_equal(a, b);
	/* Only an open channel is found by its id. */
	snprintf(b->de.channel, sizeof b->de.channel, "D2");
	b->de.state = DMCACHE_OPENING;
	assert_null(dmcache_find_channel(c, "D2"));
	b->de.state = DMCACHE_OPEN;
	assert_ptr_equal(dmcache_find_channel(c, "D2"), &b->de);
	assert_null(dmcache_find_channel(c, "D1"));
	/* A user found again keeps their entry, open channel and all. */
	assert_ptr_equal(dmcache_find(c, "U2"), &b->de);
	assert_int_equal(b->de.state, DMCACHE_OPEN);
	dropped = dropped_waiting = 0;
	dmcache_free(c, test_drop);
	assert_int_equal(dropped, 2);
	assert_int_equal(dropped_waiting, 3);
	dmcache_free(NULL, test_drop);
}

static void
test_learn(void **state)
{
	struct dmcache		*c = dmcache_new(sizeof(struct test_entry), 10);
	struct dmcache_entry	*e;

	(void)state;
	/* A new user: open, and their DMs had not been closed. */
	e = dmcache_find(c, "U1");
	assert_int_equal(dmcache_learn(e, "D1"), 0);
	assert_int_equal(e->state, DMCACHE_OPEN);
	assert_string_equal(e->channel, "D1");
	/* A closed user's DMs work again: 1. */
	e->state = DMCACHE_CLOSED;
	assert_int_equal(dmcache_learn(e, "D9"), 1);
	assert_int_equal(e->state, DMCACHE_OPEN);
	assert_string_equal(e->channel, "D9");
	assert_ptr_equal(dmcache_find_channel(c, "D9"), e);
	/* One being opened is left to its request's answer. */
	e = dmcache_find(c, "U2");
	e->state = DMCACHE_OPENING;
	assert_int_equal(dmcache_learn(e, "D2"), 0);
	assert_int_equal(e->state, DMCACHE_OPENING);
	assert_string_equal(e->channel, "");
	dmcache_free(c, NULL);
}

static void
test_cap_reuses_idle(void **state)
{
	struct dmcache		*c = dmcache_new(sizeof(struct test_entry), 2);
	struct test_entry	*a, *b, *x;

	(void)state;
	a = (struct test_entry *)dmcache_find(c, "U1");
	a->de.state = DMCACHE_OPEN;
	snprintf(a->de.channel, sizeof a->de.channel, "D1");
	b = (struct test_entry *)dmcache_find(c, "U2");
	b->de.state = DMCACHE_CLOSED;
	b->waiting = 7;
	/* Full: the idle (closed) entry is reused, cleared but its own part. */
	x = (struct test_entry *)dmcache_find(c, "U3");
	assert_ptr_equal(x, b);
	assert_string_equal(x->de.user, "U3");
	assert_string_equal(x->de.channel, "");
	assert_int_equal(x->de.state, DMCACHE_NONE);
	assert_int_equal(x->waiting, 7);
	/* No idle entry: the cache grows rather than drop a busy one. */
	x->de.state = DMCACHE_OPENING;
	x = (struct test_entry *)dmcache_find(c, "U4");
	assert_ptr_not_equal(x, a);
	assert_ptr_not_equal(x, b);
	assert_int_equal(a->de.state, DMCACHE_OPEN);
	assert_string_equal(a->de.user, "U1");
	x->de.state = DMCACHE_OPEN;
	/* A user id longer than the room is cut, never overrun. */
	x = (struct test_entry *)dmcache_find(c,
	    "U0123456789012345678901234567890123456789");
	assert_int_equal(strlen(x->de.user), DMCACHE_ID_MAX - 1);
	dropped = 0;
	dmcache_free(c, test_drop);
	assert_int_equal(dropped, 4);
}

/* Open: 1; none or opening: 0 (wait); closed: -1 and the sentence. */
static void
test_ready(void **state)
{
	struct dmcache		*c = dmcache_new(0, 10);
	struct dmcache_entry	*e = dmcache_find(c, "U1");
	char			*cause = NULL;

	(void)state;
	assert_int_equal(dmcache_ready(e, "U1", "x", &cause), 0);
	e->state = DMCACHE_OPENING;
	assert_int_equal(dmcache_ready(e, "U1", "x", &cause), 0);
	e->state = DMCACHE_OPEN;
	assert_int_equal(dmcache_ready(e, "U1", "x", &cause), 1);
	assert_null(cause);
	e->state = DMCACHE_CLOSED;
	assert_int_equal(dmcache_ready(e, "U1", "cannot get direct messages",
	    &cause), -1);
	assert_string_equal(cause, "<@U1> cannot get direct messages");
	free(cause);
	dmcache_free(c, NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find_and_open),
		cmocka_unit_test(test_learn),
		cmocka_unit_test(test_cap_reuses_idle),
		cmocka_unit_test(test_ready),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
