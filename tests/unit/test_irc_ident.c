/*
 * Unit tests for the bindings of seated players' nicks to who sat down
 * (adapters/irc/ident.c): the player seen again is the owner (by account
 * where they were logged in, from any host), someone
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

/* Each test's idents, none bound: the fixture. */
static int
setup(void **state)
{
	*state = calloc(1, sizeof(struct irc_idents));
	assert_non_null(*state);
	return 0;
}

static int
teardown(void **state)
{
	free(*state);
	return 0;
}

static void
test_owner_and_other(void **state)
{
	struct irc_idents	*ids = *state;

	assert_int_equal(ident_check(ids, "alice", "~a", "h1", NULL), IDENT_FREE);
	assert_false(ident_bound(ids, "alice"));
	assert_false(ident_blocked(ids, "alice"));
	assert_int_equal(ident_bind(ids, "alice", NULL, "h1", NULL), -1);
	assert_int_equal(ident_bind(ids, "alice", "~a", "h1", NULL), 0);
	assert_true(ident_bound(ids, "alice"));
	assert_false(ident_blocked(ids, "alice"));
	assert_int_equal(ident_check(ids, "alice", "~a", "h1", NULL), IDENT_OWNER);

	/* alice quits; mallory takes the nick from another user@host. */
	ident_left(ids, "alice");
	assert_true(ident_blocked(ids, "alice"));
	assert_int_equal(ident_check(ids, "alice", "~m", "h1", NULL), IDENT_OTHER);
	assert_int_equal(ident_check(ids, "alice", "~a", "h2", NULL), IDENT_OTHER);
	assert_true(ident_blocked(ids, "alice"));
	/* Told once, logged once, however many lines she sends. */
	assert_true(ident_tell(ids, "alice"));
	assert_false(ident_tell(ids, "alice"));
	assert_true(ident_warn(ids, "alice"));
	assert_false(ident_warn(ids, "alice"));
	assert_false(ident_tell(ids, "bob"));

	/* alice is back: her view may go again. */
	assert_int_equal(ident_check(ids, "alice", "~a", "h1", NULL), IDENT_BACK);
	assert_false(ident_blocked(ids, "alice"));
	assert_int_equal(ident_check(ids, "alice", "~a", "h1", NULL), IDENT_OWNER);
	/* Another impostor later is told again. */
	ident_left(ids, "alice");
	assert_int_equal(ident_check(ids, "alice", "~x", "h9", NULL), IDENT_OTHER);
	assert_true(ident_tell(ids, "alice"));

	ident_forget(ids, "alice");
	assert_false(ident_bound(ids, "alice"));
	assert_int_equal(ident_check(ids, "alice", "~x", "h9", NULL), IDENT_FREE);
}

static void
test_new_connection(void **state)
{
	struct irc_idents	*ids = *state;

	ident_bind(ids, "alice", "~a", "h1", NULL);
	ident_bind(ids, "bob", "~b", "h2", NULL);
	ident_unverify_all(ids);
	assert_true(ident_blocked(ids, "alice"));
	assert_true(ident_blocked(ids, "bob"));
	assert_int_equal(ident_check(ids, "bob", "~b", "h2", NULL), IDENT_BACK);
	assert_false(ident_blocked(ids, "bob"));
	assert_true(ident_blocked(ids, "alice"));
	/* A binding made anew replaces the old one. */
	ident_bind(ids, "alice", "~a2", "h3", NULL);
	assert_int_equal(ids->n, 2);
	assert_int_equal(ident_check(ids, "alice", "~a2", "h3", NULL), IDENT_OWNER);
}

/* A player logged in is their account, from any user@host. */
static void
test_account(void **state)
{
	struct irc_idents	*ids = *state;

	assert_int_equal(ident_bind(ids, "alice", "~a", "h1", "Alice"), 0);
	/* A line that does not say (a WHO reply): no verdict either way. */
	assert_int_equal(ident_check(ids, "alice", "~m", "h9", NULL),
	    IDENT_UNKNOWN);
	assert_false(ident_blocked(ids, "alice"));
	/* Another host, the same account (casefolded): still alice. */
	assert_int_equal(ident_check(ids, "alice", "~a", "h2", "alice"),
	    IDENT_OWNER);
	/* Logged out ("") on her own user@host: not the player any more. */
	assert_int_equal(ident_check(ids, "alice", "~a", "h1", ""), IDENT_OTHER);
	assert_true(ident_blocked(ids, "alice"));
	assert_int_equal(ident_check(ids, "alice", "~a", "h1", "mallory"),
	    IDENT_OTHER);
	/* Logged in again: back. */
	assert_int_equal(ident_check(ids, "alice", "~x", "h7", "Alice"),
	    IDENT_BACK);
	assert_false(ident_blocked(ids, "alice"));
	/* Found by account (casefolded) or by the alias its player uses. */
	assert_ptr_equal(ident_by_account(ids, "ALICE"), ident_get(ids, "alice"));
	assert_null(ident_by_account(ids, ""));
	assert_null(ident_by_account(ids, "mallory"));
	assert_null(ident_by_alias(ids, "alice_away"));
	snprintf(ident_get(ids, "alice")->alias, IRC_NICK_MAX + 1, "alice_away");
	assert_ptr_equal(ident_by_alias(ids, "alice_away"),
	    ident_get(ids, "alice"));
	/* A new connection forgets aliases: nicks are learnt again. */
	ident_unverify_all(ids);
	assert_null(ident_by_alias(ids, "alice_away"));
	assert_int_equal(ident_check(ids, "alice", "~a", "h1", "alice"),
	    IDENT_BACK);
	/* Without an account the user@host decides, as before. */
	assert_int_equal(ident_bind(ids, "bob", "~b", "h2", ""), 0);
	assert_int_equal(ident_check(ids, "bob", "~b", "h2", "bobby"),
	    IDENT_OWNER);
	assert_int_equal(ident_check(ids, "bob", "~b", "h3", NULL), IDENT_OTHER);
}

static void
test_full(void **state)
{
	struct irc_idents	*ids = *state;
	char			 nick[16];
	int			 i;

	for (i = 0; i < IRC_IDENTS_MAX; i++) {
		snprintf(nick, sizeof nick, "p%d", i);
		ident_bind(ids, nick, "~u", "h", NULL);
	}
	/* p0 is used again; p1 is now the least recently used. */
	assert_int_equal(ident_check(ids, "p0", "~u", "h", NULL), IDENT_OWNER);
	ident_bind(ids, "late", "~l", "h", NULL);
	assert_int_equal(ids->n, IRC_IDENTS_MAX);
	assert_true(ident_bound(ids, "late"));
	assert_true(ident_bound(ids, "p0"));
	assert_false(ident_bound(ids, "p1"));
	assert_true(ident_bound(ids, "p2"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_owner_and_other, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_new_connection, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_account, setup, teardown),
		cmocka_unit_test_setup_teardown(test_full, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
