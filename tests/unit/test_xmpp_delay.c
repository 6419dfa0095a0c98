/*
 * Unit tests for old messages in the XMPP adapter (adapters/xmpp/delay.c):
 * a 1:1 chat stored while the bot was offline (XEP-0203, or the older
 * XEP-0091 stamp) is answered, room history and stamped messages from a
 * server or from ourselves are not, and a live message is left alone.
 * The answer quotes the old message's first line, shortened without
 * cutting a UTF-8 character.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "lib/xmalloc.h"

#define SELF	"cheersbot@localhost"
#define STAMP	"<delay xmlns='urn:xmpp:delay' from='localhost' " \
		"stamp='2024-05-01T10:00:00Z'>Offline storage</delay>"

/* How delay_classify sees stanza text from bare, from a room or not. */
static enum xmpp_delay
classify(const char *text, const char *bare, int from_room)
{
	struct xml_node	*n;
	char		*cause = NULL;
	enum xmpp_delay	 d;

	if ((n = xml_parse(text, strlen(text), &cause)) == NULL)
		fail_msg("%s: %s", text, cause);
	d = delay_classify(n, bare, from_room, SELF);
	xml_free(n);
	return d;
}

/*
 * Stanzas as they came, who each is from (bare), whether that is a room
 * of ours, and how it must be classified.
 */
static const struct stanza {
	const char	*text;
	const char	*bare;
	int		 from_room;
	enum xmpp_delay	 want;
} stanzas[] = {
	/* Prosody's mod_offline: type chat, stamped by the server. */
	{ "<message xmlns='jabber:client' type='chat' "
	    "from='alice@localhost/phone' to='" SELF "'><body>hand</body>"
	    STAMP "</message>", "alice@localhost", 0, XMPP_DELAY_ANSWER },
	/* Type normal, or none (normal too), and the old XEP-0091 stamp. */
	{ "<message xmlns='jabber:client' from='bob@localhost'><body>join"
	    "</body><x xmlns='jabber:x:delay' stamp='20240501T10:00:00'/>"
	    "</message>", "bob@localhost", 0, XMPP_DELAY_ANSWER },
	{ "<message xmlns='jabber:client' type='normal' "
	    "from='bob@localhost'><body>join</body>" STAMP "</message>",
	    "bob@localhost", 0, XMPP_DELAY_ANSWER },
	/* Room history: groupchat, or anything from a room of ours. */
	{ "<message xmlns='jabber:client' type='groupchat' "
	    "from='bar@rooms.localhost/alice'><body>!cheers new</body>" STAMP
	    "</message>", "bar@rooms.localhost", 1, XMPP_DELAY_IGNORE },
	{ "<message xmlns='jabber:client' type='chat' "
	    "from='bar@rooms.localhost/alice'><body>hand</body>" STAMP
	    "</message>", "bar@rooms.localhost", 1, XMPP_DELAY_IGNORE },
	/* A server's announcement, stored for us. */
	{ "<message xmlns='jabber:client' from='localhost'><body>Maintenance "
	    "at noon</body>" STAMP "</message>", "localhost", 0,
	    XMPP_DELAY_IGNORE },
	/* Ourselves, from another resource, in any case. */
	{ "<message xmlns='jabber:client' type='chat' "
	    "from='CheersBot@localhost/other'><body>x</body>" STAMP
	    "</message>", "CheersBot@localhost", 0, XMPP_DELAY_IGNORE },
	/* Headlines are never answered. */
	{ "<message xmlns='jabber:client' type='headline' "
	    "from='news@localhost'><body>x</body>" STAMP "</message>",
	    "news@localhost", 0, XMPP_DELAY_IGNORE },
	/* Live messages. */
	{ "<message xmlns='jabber:client' type='chat' "
	    "from='alice@localhost/phone'><body>hand</body></message>",
	    "alice@localhost", 0, XMPP_DELAY_NONE },
	{ "<message xmlns='jabber:client' type='groupchat' "
	    "from='bar@rooms.localhost/alice'><body>!cheers new</body>"
	    "</message>", "bar@rooms.localhost", 1, XMPP_DELAY_NONE },
	/* A delay element in another namespace is no stamp. */
	{ "<message xmlns='jabber:client' type='chat' "
	    "from='alice@localhost'><body>hand</body><delay xmlns='urn:"
	    "example'/></message>", "alice@localhost", 0, XMPP_DELAY_NONE },
};

/* The verdicts, one test each: offline chat, ignored, live. */
static enum xmpp_delay	verdicts[] = {
	XMPP_DELAY_ANSWER, XMPP_DELAY_IGNORE, XMPP_DELAY_NONE,
};

/* Every stanza that must be classified as *state is (there are some). */
static void
test_classify(void **state)
{
	enum xmpp_delay	want = *(enum xmpp_delay *)*state;
	size_t		i, n = 0;

	for (i = 0; i < sizeof stanzas / sizeof stanzas[0]; i++) {
		if (stanzas[i].want != want)
			continue;
		assert_int_equal(classify(stanzas[i].text, stanzas[i].bare,
		    stanzas[i].from_room), want);
		n++;
	}
	assert_true(n > 0);
}

/* The answer to a body of n bytes of fill, then tail (a string). */
static char *
answer_long(int fill, size_t n, const char *tail)
{
	char	body[200];

	memset(body, fill, n);
	snprintf(body + n, sizeof body - n, "%s", tail);
	return delay_answer(body);
}

static void
test_answer(void **state)
{
	char	*s;

	(void)state;
	s = delay_answer("  play 1 me \n and more\n");
	assert_string_equal(s, "You sent \"play 1 me\" while I was away, so I "
	    "did not play it: send it again.");
	free(s);
	s = delay_answer(" \n ");
	assert_string_equal(s, "You wrote to me while I was away, so I did not "
	    "play it: send it again.");
	free(s);
	/* Long: cut to 60 bytes, never inside a character, and marked. */
	s = answer_long('a', 59, "🍸🍸 end");
	assert_non_null(strstr(s, "\"aaaa"));
	assert_non_null(strstr(s, "a…\" while I was away"));
	assert_null(strstr(s, "🍸"));
	free(s);
	s = answer_long('b', 60, "🍸");
	assert_non_null(strstr(s, "bb…\""));
	assert_null(strstr(s, "\xf0"));
	free(s);
	/* Exactly 60 bytes: whole, no mark. */
	s = answer_long('c', 60, "");
	assert_null(strstr(s, "…"));
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		{ "test_offline_chat", test_classify, NULL, NULL, &verdicts[0] },
		{ "test_ignored", test_classify, NULL, NULL, &verdicts[1] },
		{ "test_live", test_classify, NULL, NULL, &verdicts[2] },
		cmocka_unit_test(test_answer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
