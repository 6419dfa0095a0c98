/*
 * Unit tests for the XMPP adapter's XML reader: the stanzas Prosody sends,
 * namespaces and prefixes, entities, and every kind of malformed or
 * oversized input, which must be refused with a sentence, never a crash;
 * then the streaming reader of a c2s stream, its restarts and its caps.
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

/* What a stream reader handed over, as one line of text. */
struct seen {
	struct buf		 log;
	struct xml_reader	*r;
	int			 restart_on;	/* restart after this element */
	int			 free_on;	/* free the reader after it */
	int			 count;
};

static void
seen_open(void *arg, const struct xml_node *root)
{
	struct seen	*s = arg;

	buf_printf(&s->log, "open %s{%s} to=%s;", root->name, root->ns,
	    xml_attr(root, "to") ? xml_attr(root, "to") : "-");
}

static void
seen_element(void *arg, const struct xml_node *n)
{
	struct seen	*s = arg;

	s->count++;
	buf_printf(&s->log, "%s{%s} id=%s text=%s;", n->name, n->ns,
	    xml_attr(n, "id") ? xml_attr(n, "id") : "-",
	    n->child != NULL ? n->child->text : n->text);
	if (s->count == s->restart_on)
		xml_reader_restart(s->r);
	if (s->count == s->free_on) {
		xml_reader_free(s->r);
		s->r = NULL;
	}
}

static void
seen_close(void *arg)
{
	struct seen	*s = arg;

	buf_puts(&s->log, "close;");
}

static const struct xml_reader_cb seen_cb = {
	seen_open, seen_element, seen_close,
};

static void
seen_init(struct seen *s)
{
	memset(s, 0, sizeof *s);
	buf_init(&s->log, 65536);
	s->r = xml_reader_new(&seen_cb, s);
}

static void
seen_release(struct seen *s)
{
	xml_reader_free(s->r);
	buf_release(&s->log);
}

static const char stream_in[] = "<?xml version='1.0'?>"
    "<stream:stream xmlns='jabber:client' xmlns:stream="
    "'http://etherx.jabber.org/streams' to='bot@localhost' "
    "version='1.0'>\n <stream:features><starttls xmlns="
    "'urn:ietf:params:xml:ns:xmpp-tls'><required/></starttls>"
    "</stream:features> \n<message id='m1'><body>a &amp; b</body>"
    "</message><iq id='i1'/>\r\n</stream:stream>";

static const char stream_out[] = "open stream{http://etherx.jabber.org/"
    "streams} to=bot@localhost;features{http://etherx.jabber.org/streams}"
    " id=- text=;message{jabber:client} id=m1 text=a & b;iq{jabber:client}"
    " id=i1 text=;close;";

/* A c2s stream, whole and a byte at a time, gives the same elements. */
static void
test_stream(void **state)
{
	struct seen	 s;
	char		*cause = NULL;
	size_t		 i;

	(void)state;
	seen_init(&s);
	assert_int_equal(xml_reader_feed(s.r, stream_in, strlen(stream_in),
	    &cause), 0);
	assert_string_equal(buf_str(&s.log), stream_out);
	seen_release(&s);

	seen_init(&s);
	for (i = 0; i < strlen(stream_in); i++)
		assert_int_equal(xml_reader_feed(s.r, stream_in + i, 1,
		    &cause), 0);
	assert_string_equal(buf_str(&s.log), stream_out);
	seen_release(&s);
}

/*
 * A restart from a callback drops what came after the element (bytes
 * before a TLS handshake are never read as after it) and takes a new
 * stream header; a reader freed from a callback is freed safely.
 */
static void
test_stream_restart(void **state)
{
	struct seen	 s;
	char		*cause = NULL;
	const char	*head = "<stream:stream xmlns='jabber:client' "
	    "xmlns:stream='http://etherx.jabber.org/streams' to='a'>";

	(void)state;
	seen_init(&s);
	s.restart_on = 1;
	assert_int_equal(xml_reader_feed(s.r, head, strlen(head), &cause), 0);
	assert_int_equal(xml_reader_feed(s.r, "<proceed id='p'/><message "
	    "id='injected'/>", 40, &cause), 0);
	assert_int_equal(xml_reader_feed(s.r, head, strlen(head), &cause), 0);
	assert_int_equal(xml_reader_feed(s.r, "<message id='m2'/>", 18,
	    &cause), 0);
	assert_string_equal(buf_str(&s.log), "open stream{http://etherx.jabber"
	    ".org/streams} to=a;proceed{jabber:client} id=p text=;open stream{"
	    "http://etherx.jabber.org/streams} to=a;message{jabber:client} "
	    "id=m2 text=;");
	seen_release(&s);

	seen_init(&s);
	s.free_on = 1;
	assert_int_equal(xml_reader_feed(s.r, head, strlen(head), &cause), 0);
	assert_int_equal(xml_reader_feed(s.r, "<a/><b/><c/>", 12, &cause), 0);
	assert_null(s.r);
	assert_int_equal(s.count, 1);
	seen_release(&s);
}

/* What RFC 6120 forbids, and what is over a cap, ends the stream. */
static void
test_stream_refused(void **state)
{
	static const char *const bad[] = {
		"<!DOCTYPE s [<!ENTITY x 'y'>]><s/>",
		"<s><!-- c --></s>",
		"<s><?pi x?></s>",
		"<s>text</s>",
		"<s><a>&x;</a></s>",
		"<s><a/></t>",
		"<s><p:a/></s>",
	};
	struct seen	 s;
	struct buf	 b;
	char		*cause;
	size_t		 i;
	int		 rc;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		seen_init(&s);
		cause = NULL;
		if (xml_reader_feed(s.r, bad[i], strlen(bad[i]), &cause) == 0)
			fail_msg("accepted: %s", bad[i]);
		assert_non_null(cause);
		free(cause);
		/* Refused from then on, until a restart. */
		cause = NULL;
		assert_int_equal(xml_reader_feed(s.r, "<a/>", 4, &cause), -1);
		free(cause);
		xml_reader_restart(s.r);
		s.count = 0;
		assert_int_equal(xml_reader_feed(s.r, "<s><a/>", 7, &cause), 0);
		assert_int_equal(s.count, 1);
		seen_release(&s);
	}

	/* One stanza over the size cap, fed a piece at a time. */
	seen_init(&s);
	assert_int_equal(xml_reader_feed(s.r, "<s><a>", 6, &cause), 0);
	rc = 0;
	for (i = 0; rc == 0 && i <= XML_INPUT_MAX / 16 + 1; i++)
		rc = xml_reader_feed(s.r, "xxxxxxxxxxxxxxxx", 16, &cause);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(cause, "limit"));
	free(cause);
	seen_release(&s);
	/* Many small stanzas are fine: the cap is per stanza. */
	seen_init(&s);
	assert_int_equal(xml_reader_feed(s.r, "<s>", 3, &cause), 0);
	for (i = 0; i < 2 * XML_INPUT_MAX / 64; i++)
		assert_int_equal(xml_reader_feed(s.r, "<message><body>xxxxxxxx"
		    "xxxxxxxxxxxxxxxxxxxxxxx</body></message> ", 64,
		    &cause), 0);
	assert_int_equal(s.count, (int)i);
	seen_release(&s);
	/* A header that never ends is over the cap too. */
	seen_init(&s);
	buf_init(&b, 2 * XML_INPUT_MAX);
	buf_puts(&b, "<s a='");
	while (b.len <= XML_INPUT_MAX + 16)
		buf_puts(&b, "yyyyyyyyyyyyyyyy");
	assert_int_equal(xml_reader_feed(s.r, buf_str(&b), b.len, &cause), -1);
	free(cause);
	buf_release(&b);
	seen_release(&s);
}

/* Entity amplification (a billion laughs) is refused, not expanded. */
static void
test_laughs(void **state)
{
	(void)state;
	refuse("<?xml version='1.0'?><!DOCTYPE l [<!ENTITY a 'aaaaaaaaaa'>"
	    "<!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;'>"
	    "<!ENTITY c '&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;'>]><l>&c;</l>");
	refuse("<!DOCTYPE a SYSTEM 'file:///etc/passwd'><a/>");
	refuse("<a xmlns='x'><b>&amp;&lt;&#x26;</b><!--x--></a>");
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
		cmocka_unit_test(test_stream),
		cmocka_unit_test(test_stream_restart),
		cmocka_unit_test(test_stream_refused),
		cmocka_unit_test(test_laughs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
