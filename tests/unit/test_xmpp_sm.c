/*
 * Unit tests for XEP-0198 stream management's bookkeeping in the XMPP
 * adapter (adapters/xmpp/sm.c), with no connection: every stanza sent is
 * kept until the server's <a h=.../> covers it; received stanzas are
 * counted; an ack of more than was sent is refused; a session that was
 * lost without resumption hands its unacknowledged messages (not its
 * presences or iqs) to the next session, once.  Resumption itself runs
 * against Prosody in tests/xmpp/c2s.sh.
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

#define MSG_A	"<message xmlns='jabber:client' to='a@x' type='chat'>" \
		"<body>A</body></message>"
#define MSG_B	"<message xmlns='jabber:client' to='b@x' type='chat'>" \
		"<body>B</body></message>"
#define PRES	"<presence xmlns='jabber:client' to='room@x/bot'/>"

static struct xmpp *
sm_world(void)
{
	struct xmpp	*x = xcalloc(1, sizeof *x);

	x->loop = uv_default_loop();
	sm_init(x);
	return x;
}

static void
sm_world_free(struct xmpp *x)
{
	sm_stop(x);
	uv_run(x->loop, UV_RUN_DEFAULT);
	sm_free(x);
	free(x);
}

/* Hands element text to sm_element. */
static void
sm_feed(struct xmpp *x, const char *text)
{
	struct xml_node	*n;
	char		*cause = NULL;

	if ((n = xml_parse(text, strlen(text), &cause)) == NULL)
		fail_msg("%s: %s", text, cause);
	sm_element(x, n);
	xml_free(n);
}

static void
test_acks(void **state)
{
	struct xmpp	*x = sm_world();

	(void)state;
	x->sm_offered = 1;
	sm_enable(x);
	assert_true(x->sm_counting);
	stream_write(x, xstrdup(MSG_A));
	stream_write(x, xstrdup(PRES));
	stream_write(x, xstrdup(MSG_B));
	/* What is not a stanza is not kept. */
	sm_sent(x, "<r xmlns='urn:xmpp:sm:3'/>");
	assert_int_equal(x->nunacked, 3);
	sm_feed(x, "<enabled xmlns='urn:xmpp:sm:3' id='s1' resume='true'/>");
	assert_string_equal(x->sm_id, "s1");
	sm_feed(x, "<a xmlns='urn:xmpp:sm:3' h='1'/>");
	assert_int_equal(x->nunacked, 2);
	assert_string_equal(x->unacked[0], PRES);
	/* An ack of more than was sent changes nothing. */
	sm_feed(x, "<a xmlns='urn:xmpp:sm:3' h='9'/>");
	sm_feed(x, "<a xmlns='urn:xmpp:sm:3' h='-1'/>");
	sm_feed(x, "<a xmlns='urn:xmpp:sm:3'/>");
	assert_int_equal(x->nunacked, 2);
	assert_int_equal(x->sm_acked, 1);
	sm_received(x);
	sm_received(x);
	assert_int_equal(x->sm_in, 2);
	sm_feed(x, "<a xmlns='urn:xmpp:sm:3' h='3'/>");
	assert_int_equal(x->nunacked, 0);
	sm_world_free(x);
}

/* Without resumption, the lost session's messages go once on the next. */
static void
test_new_session(void **state)
{
	struct xmpp	*x = sm_world();

	(void)state;
	x->sm_offered = 1;
	sm_enable(x);
	stream_write(x, xstrdup(MSG_A));
	stream_write(x, xstrdup(PRES));
	stream_write(x, xstrdup(MSG_B));
	sm_feed(x, "<a xmlns='urn:xmpp:sm:3' h='1'/>");
	sm_lost(x);
	assert_false(x->sm_counting);
	/* Never enabled with an id: nothing to resume. */
	assert_int_equal(sm_resume(x), 0);
	sm_enable(x);
	assert_int_equal(x->sm_nresend, 1);
	assert_int_equal(x->nunacked, 0);
	assert_int_equal(x->sm_acked, 0);
	sm_resend_old(x);
	assert_int_equal(x->sm_nresend, 0);
	assert_int_equal(x->nunacked, 1);
	assert_string_equal(x->unacked[0], MSG_B);
	/* Once: a second new session has nothing of the first. */
	sm_feed(x, "<a xmlns='urn:xmpp:sm:3' h='1'/>");
	sm_lost(x);
	sm_enable(x);
	assert_int_equal(x->sm_nresend, 0);
	sm_world_free(x);
}

/* A resumable session asks to resume; a server without SM counts nothing. */
static void
test_resume_or_not(void **state)
{
	struct xmpp	*x = sm_world();

	(void)state;
	x->sm_offered = 1;
	sm_enable(x);
	sm_feed(x, "<enabled xmlns='urn:xmpp:sm:3' id='s2' resume='true'/>");
	stream_write(x, xstrdup(MSG_A));
	sm_lost(x);
	assert_int_equal(sm_resume(x), 1);
	assert_true(x->sm_resuming);
	assert_int_equal(x->nunacked, 1);
	sm_world_free(x);

	x = sm_world();
	sm_enable(x);
	assert_false(x->sm_counting);
	stream_write(x, xstrdup(MSG_A));
	assert_int_equal(x->nunacked, 0);
	assert_int_equal(sm_resume(x), 0);
	sm_world_free(x);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_acks),
		cmocka_unit_test(test_new_session),
		cmocka_unit_test(test_resume_or_not),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
