/*
 * Unit tests for the IRC line parser (adapters/irc/line.c): tags, prefix,
 * params and trailing; every bound; malformed lines refused with a
 * reason; tag unescaping; casefolding and the checks of nicks and
 * channel names.  A seeded random-bytes run checks that no input crashes
 * the parser or makes it return a field outside its line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/irc/irc-int.h"
#include "lib/xmalloc.h"

static struct irc_line	L;

/* Parses s; 0 or -1, the cause freed (and checked to be a sentence). */
static int
parse(const char *s)
{
	char	*cause = NULL;
	int	 rc = irc_line_parse(s, strlen(s), &L, &cause);

	if (rc != 0) {
		assert_non_null(cause);
		assert_true(strlen(cause) > 3);
		free(cause);
	} else
		assert_null(cause);
	return rc;
}

static void
test_full_line(void **state)
{
	(void)state;
	assert_int_equal(parse("@account=al;time=2024-01-01T00:00:00Z "
	    ":alice!~al@host.example PRIVMSG #bar :!cheers play 2 @bob\r\n"), 0);
	assert_string_equal(L.tags, "account=al;time=2024-01-01T00:00:00Z");
	assert_string_equal(L.nick, "alice");
	assert_string_equal(L.user, "~al");
	assert_string_equal(L.host, "host.example");
	assert_string_equal(L.command, "PRIVMSG");
	assert_int_equal(L.nparams, 2);
	assert_string_equal(L.params[0], "#bar");
	assert_string_equal(L.params[1], "!cheers play 2 @bob");
}

static void
test_shapes(void **state)
{
	(void)state;
	/* No prefix, no tags. */
	assert_int_equal(parse("PING :irc.test"), 0);
	assert_null(L.nick);
	assert_null(L.tags);
	assert_string_equal(L.command, "PING");
	assert_int_equal(L.nparams, 1);
	assert_string_equal(L.params[0], "irc.test");
	/* A server prefix: nick only. */
	assert_int_equal(parse(":irc.test 001 cheersbot :Welcome"), 0);
	assert_string_equal(L.nick, "irc.test");
	assert_null(L.user);
	assert_null(L.host);
	assert_string_equal(L.command, "001");
	assert_string_equal(L.params[0], "cheersbot");
	/* Several spaces between params; an empty trailing; ':' inside. */
	assert_int_equal(parse(":a!b@c   PRIVMSG   bob   :"), 0);
	assert_int_equal(L.nparams, 2);
	assert_string_equal(L.params[1], "");
	assert_int_equal(parse("CAP * LS * :sasl=PLAIN,EXTERNAL a:b"), 0);
	assert_int_equal(L.nparams, 4);
	assert_string_equal(L.params[2], "*");
	assert_string_equal(L.params[3], "sasl=PLAIN,EXTERNAL a:b");
	/* A middle param may hold ':' after its first byte. */
	assert_int_equal(parse("MODE #a +k a:b"), 0);
	assert_string_equal(L.params[2], "a:b");
	/* Trailing spaces are no param. */
	assert_int_equal(parse("JOIN #a   "), 0);
	assert_int_equal(L.nparams, 1);
	/* A bare LF ending, and commands are kept as sent. */
	assert_int_equal(parse("privmsg #a :x\n"), 0);
	assert_string_equal(L.command, "privmsg");
}

static void
test_fifteen_params(void **state)
{
	(void)state;
	assert_int_equal(parse("X 1 2 3 4 5 6 7 8 9 10 11 12 13 14 :15 and more"),
	    0);
	assert_int_equal(L.nparams, 15);
	assert_string_equal(L.params[14], "15 and more");
	assert_int_equal(parse("X 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"), -1);
}

static void
test_malformed(void **state)
{
	static const char *const bad[] = {
		"", "\r\n", " ", ":", ":nick", ":nick ", "@", "@ PING",
		"@tags", ":a!b@c", "12 x", "1234 x", "0x1 a", "PRI-VMSG a",
		":!u@h PRIVMSG a :b", ":n!u@ PRIVMSG", "PING a\rb", "PING :a\nb",
		"\r\nPING",
	};
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (parse(bad[i]) == 0)
			fail_msg("accepted \"%s\"", bad[i]);
	}
	/* A NUL inside a line. */
	assert_int_equal(irc_line_parse("PING a\0b", 8, &L, NULL), -1);
}

static void
test_bounds(void **state)
{
	char	*s;

	(void)state;
	/* 510 bytes of message are fine, 511 are not. */
	s = xmalloc(600);
	memset(s, 'a', 600);
	memcpy(s, "PRIVMSG #a :", 12);
	s[510] = '\0';
	assert_int_equal(parse(s), 0);
	s[510] = 'a';
	s[511] = '\0';
	assert_int_equal(parse(s), -1);
	free(s);
	/* Tags up to 8191 bytes, before the 510 of the message. */
	s = xmalloc(IRC_IN_MAX + 64);
	s[0] = '@';
	memset(s + 1, 't', IRC_TAGS_MAX);
	strcpy(s + 1 + IRC_TAGS_MAX, " PING :x");
	assert_int_equal(parse(s), 0);
	assert_int_equal(strlen(L.tags), IRC_TAGS_MAX);
	s[0] = '@';
	memset(s + 1, 't', IRC_TAGS_MAX + 1);
	strcpy(s + 2 + IRC_TAGS_MAX, " PING :x");
	assert_int_equal(parse(s), -1);
	free(s);
	/* A prefix's user over its bound. */
	s = xasprintf(":n!%0300d@h PING", 0);
	assert_int_equal(parse(s), -1);
	free(s);
	/* A whole input over IRC_IN_MAX. */
	s = xmalloc(IRC_IN_MAX + 2);
	memset(s, 'a', IRC_IN_MAX + 1);
	s[IRC_IN_MAX + 1] = '\0';
	assert_int_equal(parse(s), -1);
	free(s);
}

static void
test_tags(void **state)
{
	char	buf[16];

	(void)state;
	assert_int_equal(parse("@a=1;account=bob\\sthe\\:great\\\\;+c;d= PING"), 0);
	assert_int_equal(irc_line_tag(&L, "account", buf, sizeof buf), 1);
	assert_string_equal(buf, "bob the;great\\");
	assert_int_equal(irc_line_tag(&L, "a", buf, sizeof buf), 1);
	assert_string_equal(buf, "1");
	assert_int_equal(irc_line_tag(&L, "+c", buf, sizeof buf), 1);
	assert_string_equal(buf, "");
	assert_int_equal(irc_line_tag(&L, "c", buf, sizeof buf), 0);
	assert_int_equal(irc_line_tag(&L, "d", buf, sizeof buf), 1);
	assert_string_equal(buf, "");
	assert_int_equal(irc_line_tag(&L, "acc", buf, sizeof buf), 0);
	/* Capped, and a lone trailing backslash dropped. */
	assert_int_equal(parse("@k=0123456789abcdefghij;z=x\\ PING"), 0);
	assert_int_equal(irc_line_tag(&L, "k", buf, sizeof buf), 1);
	assert_string_equal(buf, "0123456789abcde");
	assert_int_equal(irc_line_tag(&L, "z", buf, sizeof buf), 1);
	assert_string_equal(buf, "x");
	assert_int_equal(parse("PING"), 0);
	assert_int_equal(irc_line_tag(&L, "a", buf, sizeof buf), 0);
}

static void
test_names(void **state)
{
	char	s[] = "Alice[]\\~Bob";

	(void)state;
	irc_casefold(s);
	assert_string_equal(s, "alice{}|^bob");
	assert_true(irc_valid_nick("alice"));
	assert_true(irc_valid_nick("[cheers]_bot`|^{}-9"));
	assert_false(irc_valid_nick(""));
	assert_false(irc_valid_nick("9lives"));
	assert_false(irc_valid_nick("-x"));
	assert_false(irc_valid_nick("a b"));
	assert_false(irc_valid_nick("#bar"));
	assert_false(irc_valid_nick("a!b"));
	assert_true(irc_valid_channel("#bar"));
	assert_true(irc_valid_channel("&local"));
	assert_true(irc_valid_channel("#bär🍸"));
	assert_false(irc_valid_channel(""));
	assert_false(irc_valid_channel("#"));
	assert_false(irc_valid_channel("bar"));
	assert_false(irc_valid_channel("#a,#b"));
	assert_false(irc_valid_channel("#a b"));
	assert_false(irc_valid_channel("#a\007"));
}

/* Random bytes and mutated real lines: parsed or refused, never more. */
static void
test_random(void **state)
{
	static const char	 alphabet[] = "@:!; =#aZ09\\\r\n\001\377 ";
	char			 s[700];
	size_t			 n, i, k;
	int			 round;

	(void)state;
	srandom(7);
	for (round = 0; round < 200000; round++) {
		n = (size_t)random() % sizeof s;
		for (i = 0; i < n; i++)
			s[i] = round % 2 ? (char)(random() % 256) :
			    alphabet[random() % (sizeof alphabet - 1)];
		if (irc_line_parse(s, n, &L, NULL) != 0)
			continue;
		assert_non_null(L.command);
		assert_true(L.nparams >= 0 && L.nparams <= IRC_PARAMS_MAX);
		for (k = 0; k < (size_t)L.nparams; k++) {
			assert_true(L.params[k] >= L.buf &&
			    L.params[k] < L.buf + sizeof L.buf);
			assert_true(strlen(L.params[k]) <= IRC_LINE_MAX);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_line),
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_fifteen_params),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_bounds),
		cmocka_unit_test(test_tags),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
