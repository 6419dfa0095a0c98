/*
 * Unit tests for the XMPP adapter's XML reader: the stanzas Prosody sends,
 * namespaces and prefixes, entities, and every kind of malformed or
 * oversized input, which must be refused with a sentence, never a crash.
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
#include "lib/buf.h"
#include "lib/xmalloc.h"

static struct xml_node *
parse(const char *text)
{
	char	*cause = NULL;
	struct xml_node *n = xml_parse(text, strlen(text), &cause);

	if (n == NULL)
		fail_msg("%s: %s", text, cause);
	return n;
}

static void
refuse(const char *text)
{
	char		*cause = NULL;
	struct xml_node	*n = xml_parse(text, strlen(text), &cause);

	if (n != NULL)
		fail_msg("accepted: %s", text);
	assert_non_null(cause);
	assert_true(strlen(cause) > 0);
	free(cause);
}

static void
test_message(void **state)
{
	struct xml_node	*n, *body, *x, *item;

	(void)state;
	n = parse("<message xmlns='jabber:client' from='bar@rooms.localhost/"
	    "alice' to='bot@localhost/r' type=\"groupchat\" id='a1'>"
	    "<body>!cheers play 2 &lt;@bob&gt; &amp; &#x263A;&#65;</body>"
	    "<x xmlns='http://jabber.org/protocol/muc#user'><item "
	    "jid='alice@localhost/phone' affiliation='none'/></x></message>");
	assert_true(xml_is(n, "message", "jabber:client"));
	assert_string_equal(xml_attr(n, "type"), "groupchat");
	assert_string_equal(xml_attr(n, "from"), "bar@rooms.localhost/alice");
	assert_null(xml_attr(n, "nope"));
	body = xml_child(n, "body", "jabber:client");
	assert_non_null(body);
	assert_string_equal(body->text,
	    "!cheers play 2 <@bob> & \xe2\x98\xba" "A");
	x = xml_child(n, "x", "http://jabber.org/protocol/muc#user");
	assert_non_null(x);
	assert_null(xml_child(n, "x", "jabber:client"));
	item = xml_child(x, "item", NULL);
	assert_string_equal(xml_attr(item, "jid"), "alice@localhost/phone");
	assert_string_equal(item->ns, "http://jabber.org/protocol/muc#user");
	assert_string_equal(item->text, "");
	xml_free(n);
}

static void
test_prefixes(void **state)
{
	struct xml_node	*n, *m;

	(void)state;
	n = parse("<?xml version='1.0'?>\n<stream:features xmlns:stream="
	    "'http://etherx.jabber.org/streams' xmlns='jabber:client'>"
	    "<mechanisms xmlns='urn:ietf:params:xml:ns:xmpp-sasl'>"
	    "<mechanism>SCRAM-SHA-1</mechanism><mechanism>PLAIN</mechanism>"
	    "</mechanisms><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'/>"
	    "</stream:features>\n");
	assert_true(xml_is(n, "features", "http://etherx.jabber.org/streams"));
	m = xml_child(n, "mechanisms", "urn:ietf:params:xml:ns:xmpp-sasl");
	assert_non_null(m);
	assert_string_equal(m->child->text, "SCRAM-SHA-1");
	assert_string_equal(m->child->next->text, "PLAIN");
	assert_null(m->child->next->next);
	assert_non_null(xml_child(n, "bind", "urn:ietf:params:xml:ns:xmpp-bind"));
	xml_free(n);
	/* A default namespace undeclared: "". CDATA is text. */
	n = parse("<a><![CDATA[<b>&amp;]]></a>");
	assert_string_equal(n->ns, "");
	assert_string_equal(n->text, "<b>&amp;");
	xml_free(n);
	n = parse("<open xmlns='urn:ietf:params:xml:ns:xmpp-framing' "
	    "from='localhost' id='x' version='1.0' xml:lang='en'/>");
	assert_true(xml_is(n, "open", "urn:ietf:params:xml:ns:xmpp-framing"));
	assert_string_equal(xml_attr(n, "xml:lang"), "en");
	xml_free(n);
}

static void
test_malformed(void **state)
{
	static const char *const bad[] = {
		"", "   ", "text", "<", "<a", "<a>", "<a></b>", "<a/><b/>",
		"<a/>tail", "<a b='1' b='2'/>", "<a b=1/>", "<a b='1/>",
		"<a b='<'/>", "<a>&unknown;</a>", "<a>&#0;</a>", "<a>&#xd800;</a>",
		"<a>&#x110000;</a>", "<a>&amp</a>", "<a><!-- c --></a>",
		"<!DOCTYPE a><a/>", "<a><?pi x?></a>", "<p:a/>",
		"<a p:b='1'/>", "<a xmlns:p='x'></p:a>", "<a>\x01</a>",
		"<a>\xc3</a>", "<a>\xc0\x80</a>", "<a>\xed\xa0\x80</a>",
		"<a b='1'c='2'/>", "<a><![CDATA[x</a>", "<?xml version='1.0'",
		"<a></a >x", "<1a/>", "<a:/>", "<a:b:c xmlns:a='x'/>",
		"<a>\xf5\x80\x80\x80</a>",
	};
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		refuse(bad[i]);
}

static void
test_limits(void **state)
{
	struct buf	 b;
	char		*cause = NULL;
	struct xml_node	*n;
	int		 i;

	(void)state;
	buf_init(&b, 4 * XML_INPUT_MAX);
	/* Nesting just inside and just over the limit. */
	for (i = 0; i < XML_DEPTH_MAX; i++)
		buf_puts(&b, "<a>");
	for (i = 0; i < XML_DEPTH_MAX; i++)
		buf_puts(&b, "</a>");
	n = parse(buf_str(&b));
	xml_free(n);
	buf_reset(&b);
	for (i = 0; i <= XML_DEPTH_MAX; i++)
		buf_puts(&b, "<a>");
	for (i = 0; i <= XML_DEPTH_MAX; i++)
		buf_puts(&b, "</a>");
	refuse(buf_str(&b));
	/* Too many elements. */
	buf_reset(&b);
	buf_puts(&b, "<a>");
	for (i = 0; i < XML_NODES_MAX; i++)
		buf_puts(&b, "<b/>");
	buf_puts(&b, "</a>");
	refuse(buf_str(&b));
	/* Too many attributes. */
	buf_reset(&b);
	buf_puts(&b, "<a");
	for (i = 0; i <= XML_ATTRS_MAX; i++)
		buf_printf(&b, " a%d='x'", i);
	buf_puts(&b, "/>");
	refuse(buf_str(&b));
	/* Too long. */
	buf_reset(&b);
	buf_puts(&b, "<a>");
	while (b.len <= XML_INPUT_MAX)
		buf_puts(&b, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
	buf_puts(&b, "</a>");
	n = xml_parse(buf_str(&b), b.len, &cause);
	assert_null(n);
	assert_non_null(strstr(cause, "limit"));
	free(cause);
	buf_release(&b);
}

static void
test_escape(void **state)
{
	struct buf	 b;
	struct xml_node	*n;
	char		*s;

	(void)state;
	buf_init(&b, 1024);
	buf_puts(&b, "<body>");
	assert_int_equal(xml_escape(&b, "a<b>&\"c'\x01\xff\xe2\x98\xba\n"), 0);
	buf_puts(&b, "</body>");
	assert_string_equal(buf_str(&b), "<body>a&lt;b&gt;&amp;&quot;c&apos;"
	    "\xe2\x98\xba\n</body>");
	n = parse(buf_str(&b));
	assert_string_equal(n->text, "a<b>&\"c'\xe2\x98\xba\n");
	xml_free(n);
	buf_release(&b);
	/* The cap holds. */
	buf_init(&b, 8);
	assert_int_equal(xml_escape(&b, "<<<<<<<<"), -1);
	s = buf_detach(&b);
	assert_true(strlen(s) <= 8);
	free(s);
	buf_release(&b);
}

/* Every prefix of a real stanza, and bytes flipped in it: never a crash. */
static void
test_truncated_and_flipped(void **state)
{
	const char	*s = "<iq xmlns='jabber:client' type='result' id='b1'>"
	    "<bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'><jid>bot@"
	    "localhost/cheersbot</jid></bind></iq>";
	char		 copy[512], *cause;
	size_t		 len = strlen(s), i, j;
	struct xml_node	*n;

	(void)state;
	for (i = 0; i < len; i++) {
		cause = NULL;
		n = xml_parse(s, i, &cause);
		assert_null(n);
		free(cause);
	}
	for (i = 0; i < len; i++) {
		static const char	flips[] = "<>/'=&\"x\x80 ";

		for (j = 0; j < sizeof flips - 1; j++) {
			memcpy(copy, s, len + 1);
			copy[i] = flips[j];
			cause = NULL;
			n = xml_parse(copy, len, &cause);
			xml_free(n);
			free(cause);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_message),
		cmocka_unit_test(test_prefixes),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_truncated_and_flipped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
