/*
 * Unit tests for who the IRC adapter takes to be on IRC
 * (adapters/irc/presence.c): which lines show a nick gone (QUIT, NICK
 * away, 401) or back (JOIN, PART, NICK to it, NAMES, any channel or
 * private line), never the bot itself nor a server; the capped gone set;
 * and the send queue forgetting the lines waiting for a nick that left
 * (adapters/irc/send.c).
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
#include "lib/xmalloc.h"

/* What presence_line said: "+nick" for present, "-nick" for gone. */
static char	said[1024];

static void
record(void *arg, const char *nick, int gone)
{
	(void)arg;
	if (said[0] != '\0')
		strcat(said, " ");
	strcat(said, gone ? "-" : "+");
	strcat(said, nick);
}

/* Parses s and returns what it shows, with our nick self. */
static const char *
shows(const char *s, const char *self)
{
	static struct irc_line	l;
	char			*cause = NULL;

	said[0] = '\0';
	assert_int_equal(irc_line_parse(s, strlen(s), &l, &cause), 0);
	presence_line(&l, self, record, NULL);
	return said;
}

static void
test_gone(void **state)
{
	(void)state;
	assert_string_equal(shows(":Bob!~b@h QUIT :Quit: bye", "cheersbot"),
	    "-bob");
	/* A rename: the old nick is gone, the new one is here. */
	assert_string_equal(shows(":Bob!~b@h NICK :bob_away", "cheersbot"),
	    "-bob +bob_away");
	/* "No such nick": a private line to bob went nowhere. */
	assert_string_equal(shows(":irc.test 401 cheersbot Bob :No such nick",
	    "cheersbot"), "-bob");
	/* A PART or a KICK leaves them on IRC: private lines still work. */
	assert_string_equal(shows(":Bob!~b@h PART #cheers :later", "cheersbot"),
	    "+bob");
	assert_string_equal(shows(":op!~o@h KICK #cheers Bob :out", "cheersbot"),
	    "+op");
}

static void
test_back(void **state)
{
	(void)state;
	assert_string_equal(shows(":Bob!~b@h JOIN #cheers", "cheersbot"), "+bob");
	assert_string_equal(shows(":Bob!~b@h JOIN #cheers * :Bob B",
	    "cheersbot"), "+bob");
	/* Back to their own nick. */
	assert_string_equal(shows(":bob_away!~b@h NICK Bob", "cheersbot"),
	    "-bob_away +bob");
	/* Only the case changed: the same nick, never gone. */
	assert_string_equal(shows(":bob!~b@h NICK :Bob", "cheersbot"), "+bob");
	/* Any line in a channel, table talk too, or to us. */
	assert_string_equal(shows(":Bob!~b@h PRIVMSG #cheers :hello",
	    "cheersbot"), "+bob");
	assert_string_equal(shows(":Bob!~b@h NOTICE #cheers :hi", "cheersbot"),
	    "+bob");
	assert_string_equal(shows(":Bob!~b@h PRIVMSG cheersbot :hand",
	    "cheersbot"), "+bob");
	assert_string_equal(shows(":Bob!~b@h TOPIC #cheers :drinks",
	    "cheersbot"), "+bob");
	/* rfc1459 casefolding: "[" and "{" are one letter. */
	assert_string_equal(shows(":Al[x]!a@h JOIN #cheers", "cheersbot"),
	    "+al{x}");
}

static void
test_names(void **state)
{
	(void)state;
	/* Status prefixes, multi-prefix, userhost-in-names; and ourselves. */
	assert_string_equal(shows(":irc.test 353 cheersbot = #cheers :@alice "
	    "+Bob @+carol dave!d@h cheersbot ~&eve", "cheersbot"),
	    "+alice +bob +carol +dave +eve");
	assert_string_equal(shows(":irc.test 353 cheersbot = #cheers :",
	    "cheersbot"), "");
	/* A NAMES list missing its channel is not read. */
	assert_string_equal(shows(":irc.test 353 cheersbot :alice", "cheersbot"),
	    "");
}

static void
test_not_users(void **state)
{
	(void)state;
	/* Ourselves, in any case. */
	assert_string_equal(shows(":CheersBot!~c@h JOIN #cheers", "cheersbot"),
	    "");
	assert_string_equal(shows(":cheersbot!~c@h QUIT :x", "CheersBot"), "");
	assert_string_equal(shows(":cheersbot!~c@h NICK cheersbot_",
	    "cheersbot"), "+cheersbot_");
	/* Servers, numerics other than 353 and 401, lines without a prefix. */
	assert_string_equal(shows(":irc.test NOTICE * :*** Looking up",
	    "cheersbot"), "");
	assert_string_equal(shows(":services NOTICE cheersbot :hello",
	    "cheersbot"), "");
	assert_string_equal(shows(":irc.test 001 cheersbot :Welcome",
	    "cheersbot"), "");
	assert_string_equal(shows(":irc.test 433 * cheersbot :in use",
	    "cheersbot"), "");
	assert_string_equal(shows("PING :irc.test", "cheersbot"), "");
	/* A 401 for a channel, or a short one, names no nick. */
	assert_string_equal(shows(":irc.test 401 cheersbot #nope :No such",
	    "cheersbot"), "");
	assert_string_equal(shows(":irc.test 401 cheersbot", "cheersbot"), "");
	/* A NICK without its new nick. */
	assert_string_equal(shows(":Bob!~b@h NICK", "cheersbot"), "");
}

static void
test_gone_set(void **state)
{
	struct irc_gone	*g = xcalloc(1, sizeof *g);
	char		 nick[32], lng[IRC_NICK_MAX + 2];
	int		 i;

	(void)state;
	assert_false(gone_has(g, "bob"));
	gone_add(g, "Bob");
	gone_add(g, "bob");
	assert_int_equal(g->n, 1);
	assert_true(gone_has(g, "BOB"));
	assert_false(gone_has(g, "bob_"));
	assert_int_equal(gone_del(g, "bOb"), 1);
	assert_int_equal(gone_del(g, "bob"), 0);
	assert_false(gone_has(g, "bob"));

	/* Full: the oldest is forgotten, the newest kept. */
	for (i = 0; i < IRC_GONE_MAX + 3; i++) {
		snprintf(nick, sizeof nick, "p%d", i);
		gone_add(g, nick);
	}
	assert_int_equal(g->n, IRC_GONE_MAX);
	assert_false(gone_has(g, "p0"));
	assert_false(gone_has(g, "p2"));
	assert_true(gone_has(g, "p3"));
	snprintf(nick, sizeof nick, "p%d", IRC_GONE_MAX + 2);
	assert_true(gone_has(g, nick));
	/* Deleting from the middle keeps the others. */
	assert_int_equal(gone_del(g, "p100"), 1);
	assert_true(gone_has(g, "p99"));
	assert_true(gone_has(g, "p101"));
	assert_int_equal(g->n, IRC_GONE_MAX - 1);
	/* A nick over the bound is never remembered. */
	memset(lng, 'a', sizeof lng - 1);
	lng[sizeof lng - 1] = '\0';
	gone_add(g, lng);
	assert_int_equal(g->n, IRC_GONE_MAX - 1);
	assert_false(gone_has(g, lng));
	gone_clear(g);
	assert_int_equal(g->n, 0);
	assert_false(gone_has(g, "p3"));
	free(g);
}

static void
test_sendq_forget(void **state)
{
	uv_loop_t	 loop;
	struct irc	*irc = xcalloc(1, sizeof *irc);
	char		*cause = NULL;

	(void)state;
	assert_int_equal(uv_loop_init(&loop), 0);
	irc->loop = &loop;
	irc->nick = "cheersbot";
	irc->prefix = "!cheers";
	irc->send_burst = 5;
	irc->sendq = sendq_new(irc);
	/* Not connected: everything waits in the queue. */
	assert_int_equal(sendq_privmsg(irc, "Bob", "Your hand:\n1. x\n2. y",
	    OUTQ_PRIVATE, 0, &cause), 0);
	assert_int_equal(sendq_privmsg(irc, "#bob", "bob plays", OUTQ_TALK,
	    0, &cause), 0);
	assert_int_equal(sendq_privmsg(irc, "alice", "Your move", OUTQ_ANSWER,
	    0, &cause), 0);
	assert_int_equal(sendq_privmsg(irc, "bobby", "hi", OUTQ_PRIVATE,
	    0, &cause), 0);
	/* Only bob's own lines go, whatever the case. */
	assert_int_equal(sendq_forget(irc, "BOB"), 3);
	assert_int_equal(sendq_forget(irc, "bob"), 0);
	assert_int_equal(sendq_forget(irc, "#bob"), 1);
	assert_int_equal(sendq_forget(irc, "alice"), 1);
	assert_int_equal(sendq_forget(irc, "bobby"), 1);
	assert_int_equal(sendq_forget(irc, "carol"), 0);
	sendq_stop(irc);
	assert_int_equal(uv_run(&loop, UV_RUN_DEFAULT), 0);
	sendq_free(irc->sendq);
	assert_int_equal(uv_loop_close(&loop), 0);
	free(irc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gone),
		cmocka_unit_test(test_back),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_not_users),
		cmocka_unit_test(test_gone_set),
		cmocka_unit_test(test_sendq_forget),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
