/*
 * Unit tests for the bindings of seated players' nicks to who sat down
 * (adapters/irc/ident.c): the player seen again is the owner, someone
 * else holding the nick is not (and is told, and logged, once), a holder
 * that left or a new connection leaves the binding unverified until the
 * player is seen again, and a full set forgets the binding used least
 * recently.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/irc/irc-int.h"

static void
test_owner_and_other(void **state)
{
	struct irc_idents	*ids = calloc(1, sizeof *ids);

	(void)state;
	assert_int_equal(ident_check(ids, "alice", "~a", "h1"), IDENT_FREE);
	assert_false(ident_bound(ids, "alice"));
	assert_false(ident_blocked(ids, "alice"));
	assert_int_equal(ident_bind(ids, "alice", NULL, "h1"), -1);
	assert_int_equal(ident_bind(ids, "alice", "~a", "h1"), 0);
	assert_true(ident_bound(ids, "alice"));
	assert_false(ident_blocked(ids, "alice"));
	assert_int_equal(ident_check(ids, "alice", "~a", "h1"), IDENT_OWNER);

	/* alice quits; mallory takes the nick from another user@host. */
	ident_left(ids, "alice");
	assert_true(ident_blocked(ids, "alice"));
	assert_int_equal(ident_check(ids, "alice", "~m", "h1"), IDENT_OTHER);
	assert_int_equal(ident_check(ids, "alice", "~a", "h2"), IDENT_OTHER);
	assert_true(ident_blocked(ids, "alice"));
	/* Told once, logged once, however many lines she sends. */
	assert_true(ident_tell(ids, "alice"));
	assert_false(ident_tell(ids, "alice"));
	assert_true(ident_warn(ids, "alice"));
	assert_false(ident_warn(ids, "alice"));
	assert_false(ident_tell(ids, "bob"));

	/* alice is back: her view may go again. */
	assert_int_equal(ident_check(ids, "alice", "~a", "h1"), IDENT_BACK);
	assert_false(ident_blocked(ids, "alice"));
	assert_int_equal(ident_check(ids, "alice", "~a", "h1"), IDENT_OWNER);
	/* Another impostor later is told again. */
	ident_left(ids, "alice");
	assert_int_equal(ident_check(ids, "alice", "~x", "h9"), IDENT_OTHER);
	assert_true(ident_tell(ids, "alice"));

	ident_forget(ids, "alice");
	assert_false(ident_bound(ids, "alice"));
	assert_int_equal(ident_check(ids, "alice", "~x", "h9"), IDENT_FREE);
	free(ids);
}

static void
test_new_connection(void **state)
{
	struct irc_idents	*ids = calloc(1, sizeof *ids);

	(void)state;
	ident_bind(ids, "alice", "~a", "h1");
	ident_bind(ids, "bob", "~b", "h2");
	ident_unverify_all(ids);
	assert_true(ident_blocked(ids, "alice"));
	assert_true(ident_blocked(ids, "bob"));
	assert_int_equal(ident_check(ids, "bob", "~b", "h2"), IDENT_BACK);
	assert_false(ident_blocked(ids, "bob"));
	assert_true(ident_blocked(ids, "alice"));
	/* A binding made anew replaces the old one. */
	ident_bind(ids, "alice", "~a2", "h3");
	assert_int_equal(ids->n, 2);
	assert_int_equal(ident_check(ids, "alice", "~a2", "h3"), IDENT_OWNER);
	free(ids);
}

static void
test_full(void **state)
{
	struct irc_idents	*ids = calloc(1, sizeof *ids);
	char			 nick[16];
	int			 i;

	(void)state;
	for (i = 0; i < IRC_IDENTS_MAX; i++) {
		snprintf(nick, sizeof nick, "p%d", i);
		ident_bind(ids, nick, "~u", "h");
	}
	/* p0 is used again; p1 is now the least recently used. */
	assert_int_equal(ident_check(ids, "p0", "~u", "h"), IDENT_OWNER);
	ident_bind(ids, "late", "~l", "h");
	assert_int_equal(ids->n, IRC_IDENTS_MAX);
	assert_true(ident_bound(ids, "late"));
	assert_true(ident_bound(ids, "p0"));
	assert_false(ident_bound(ids, "p1"));
	assert_true(ident_bound(ids, "p2"));
	free(ids);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_owner_and_other),
		cmocka_unit_test(test_new_connection),
		cmocka_unit_test(test_full),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
