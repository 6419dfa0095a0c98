/*
 * Unit tests for boards corrected in place on XMPP (XEP-0308; adapters/
 * xmpp/correct.c and board.c): the stanzas, a new message or a correction
 * naming the first message; when a correction is safe (the board is our
 * last message in a room we are still in) and when the board must be
 * posted anew; the news heading a board; merged updates, on a real loop
 * with the stream down (so stanzas wait in the adapter's queue, where the
 * test reads them); and xmpp.correct = no, which gives no board at all.
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
#include "adapters/xmpp/xmpp.h"
#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "lib/xmalloc.h"

#define ROOM	"bar@rooms.localhost"

/* Parses a stanza the adapter made (taken over); caller frees the node. */
static struct xml_node *
parse(char *text)
{
	struct xml_node	*n;
	char		*cause = NULL;

	if ((n = xml_parse(text, strlen(text), &cause)) == NULL)
		fail_msg("%s: %s", text, cause);
	free(text);
	return n;
}

/* The id a correction n names, or NULL for a new message. */
static const char *
replaces(const struct xml_node *n)
{
	const struct xml_node	*r = xml_child(n, "replace", NS_CORRECT);

	if (r == NULL)
		return NULL;
	assert_non_null(xml_attr(r, "id"));
	return xml_attr(r, "id");
}

static void
test_stanza(void **state)
{
	struct xml_node	*n;
	char		*big, *p;
	size_t		 i;

	(void)state;
	n = parse(correct_stanza(ROOM, "cb-1", NULL, "Table <1> & 'you'"));
	assert_true(xml_is(n, "message", NS_CLIENT));
	assert_string_equal(xml_attr(n, "type"), "groupchat");
	assert_string_equal(xml_attr(n, "to"), ROOM);
	assert_string_equal(xml_attr(n, "id"), "cb-1");
	assert_string_equal(xml_child(n, "body", NS_CLIENT)->text,
	    "Table <1> & 'you'");
	assert_null(replaces(n));
	xml_free(n);

	/* A correction: a new id, the first message's in <replace/>. */
	n = parse(correct_stanza(ROOM, "cb-7", "cb-1", "Table 2"));
	assert_string_equal(xml_attr(n, "id"), "cb-7");
	assert_string_equal(replaces(n), "cb-1");
	assert_string_equal(xml_child(n, "body", NS_CLIENT)->text, "Table 2");
	xml_free(n);

	/* A board too long for one message loses its last lines. */
	big = xmalloc(3 * XMPP_TEXT_MAX);
	for (i = 0, p = big; i < 3 * XMPP_TEXT_MAX / 10 - 1; i++, p += 10)
		memcpy(p, "123456789\n", 10);
	*p = '\0';
	n = parse(correct_stanza(ROOM, "cb-8", "cb-1", big));
	assert_true(strlen(xml_child(n, "body", NS_CLIENT)->text) <=
	    XMPP_TEXT_MAX);
	assert_true(strlen(xml_child(n, "body", NS_CLIENT)->text) >
	    XMPP_TEXT_MAX - 10);
	assert_int_equal(strncmp(xml_child(n, "body", NS_CLIENT)->text, big,
	    XMPP_TEXT_MAX - 10), 0);
	assert_string_equal(replaces(n), "cb-1");
	xml_free(n);
	free(big);
}

static void
test_choose(void **state)
{
	struct muc_room	r;

	(void)state;
	memset(&r, 0, sizeof r);
	r.joined = 1;
	/* Nothing posted yet. */
	assert_int_equal(correct_choose(&r, NULL, "t1"), CORRECT_POST);
	assert_int_equal(correct_choose(&r, "cb-1", "t1"), CORRECT_POST);
	correct_sent(&r, "cb-1", "t1");
	/* Our last message in the room: corrected, unless unchanged. */
	assert_int_equal(correct_choose(&r, "cb-1", "t2"), CORRECT_EDIT);
	assert_int_equal(correct_choose(&r, "cb-1", "t1"), CORRECT_SKIP);
	/* A repost, or another board, is a new message. */
	assert_int_equal(correct_choose(&r, NULL, "t2"), CORRECT_POST);
	assert_int_equal(correct_choose(&r, "cb-0", "t2"), CORRECT_POST);
	/* A correction keeps naming the first message. */
	correct_sent(&r, "cb-1", "t2");
	assert_string_equal(r.board_id, "cb-1");
	assert_int_equal(correct_choose(&r, "cb-1", "t3"), CORRECT_EDIT);
	assert_int_equal(correct_choose(&r, "cb-1", "t2"), CORRECT_SKIP);

	/* We said something else since: a new message, unless unchanged. */
	correct_break(&r);
	assert_int_equal(correct_choose(&r, "cb-1", "t3"), CORRECT_POST);
	assert_int_equal(correct_choose(&r, "cb-1", "t2"), CORRECT_SKIP);
	correct_sent(&r, "cb-5", "t3");
	assert_int_equal(correct_choose(&r, "cb-1", "t4"), CORRECT_POST);
	assert_int_equal(correct_choose(&r, "cb-5", "t4"), CORRECT_EDIT);

	/* Out of the room: nothing sent before may be corrected. */
	r.joined = 0;
	assert_int_equal(correct_choose(&r, "cb-5", "t4"), CORRECT_POST);
	r.joined = 1;
	assert_int_equal(correct_choose(&r, "cb-5", "t4"), CORRECT_EDIT);
	correct_reset(&r);
	assert_int_equal(correct_choose(&r, "cb-5", "t4"), CORRECT_POST);
	assert_int_equal(correct_choose(&r, "cb-5", "t3"), CORRECT_POST);
	assert_null(r.board_text);

	/* An id too long to keep is never corrected. */
	correct_sent(&r, "cb-000000000000000000000000000000000000000000000000"
	    "000000000000000000000", "t1");
	assert_string_equal(r.board_id, "");
	assert_int_equal(r.board_last, 0);
}

static void
test_body(void **state)
{
	char	*s;

	(void)state;
	s = correct_body(NULL, "Table");
	assert_string_equal(s, "Table");
	free(s);
	/* The start and a repost: the news heads the board. */
	s = correct_body("The game begins!", "Table\nLately:\n· x");
	assert_string_equal(s, "The game begins!\nTable\nLately:\n· x");
	free(s);
	/* A move: its lines are on the board already. */
	s = correct_body("alice plays.\nbob draws.\n\nnew line",
	    "Table\n\nLately:\n· alice plays.\n· bob draws.");
	assert_string_equal(s, "new line\nTable\n\nLately:\n· alice plays.\n"
	    "· bob draws.");
	free(s);
}

struct harness {
	uv_loop_t	 loop;
	struct bot	 bot;
	struct config	*config;
	struct adapter	*a;
	struct xmpp	*x;
};

/* An XMPP adapter that never connects; correct as given. */
static void
harness_init(struct harness *h, int correct)
{
	char	*cause = NULL;

	memset(h, 0, sizeof *h);
	assert_int_equal(uv_loop_init(&h->loop), 0);
	h->config = config_new();
	if (config_set(h->config, "xmpp.url=ws://127.0.0.1:1/xmpp-websocket",
	    &cause) != 0 || config_set(h->config, "xmpp.jid=cb@localhost",
	    &cause) != 0 || config_set(h->config, "xmpp.password=pw",
	    &cause) != 0 || config_set(h->config, "xmpp.rooms=" ROOM,
	    &cause) != 0 || config_set(h->config, correct ?
	    "xmpp.correct=yes" : "xmpp.correct=no", &cause) != 0 ||
	    config_set(h->config, "xmpp.correct_interval=20ms", &cause) != 0)
		fail_msg("%s", cause);
	h->bot.loop = &h->loop;
	h->bot.config = h->config;
	if ((h->a = xmpp_new(&h->bot, &cause)) == NULL)
		fail_msg("%s", cause);
	h->x = h->a->priv;
	/* The stream is down: stanzas wait in x->queue. */
	assert_int_equal(h->x->phase, XMPP_DOWN);
	xmpp_board_init(h->x);
	h->x->rooms[0].joined = 1;
}

static void
harness_release(struct harness *h)
{
	xmpp_board_stop(h->x);
	assert_int_equal(uv_run(&h->loop, UV_RUN_DEFAULT), 0);
	h->a->ops->free_adapter(h->a);
	config_free(h->config);
	assert_int_equal(uv_loop_close(&h->loop), 0);
}

/* Shows text as table 1's board, how as given. */
static void
show(struct harness *h, const char *news, const char *text,
    enum adapter_board how)
{
	char	*cause = NULL;

	if (h->a->ops->board(h->a, ROOM, 1, news, text, NULL, NULL, how,
	    &cause) != 0)
		fail_msg("%s", cause);
}

/* The stanza queued i-th, parsed; caller frees. */
static struct xml_node *
queued(struct harness *h, int i)
{
	assert_true(i < h->x->nqueue);
	return parse(xstrdup(h->x->queue[i]));
}

/*
 * before stanzas are queued; once the loop has run out of things to do
 * (the correction timer), after are.
 */
static void
flushes(struct harness *h, int before, int after)
{
	assert_int_equal(h->x->nqueue, before);
	assert_int_equal(uv_run(&h->loop, UV_RUN_DEFAULT), 0);
	assert_int_equal(h->x->nqueue, after);
}

/* The stanza queued i-th is a correction of the message first. */
static void
corrects(struct harness *h, int i, const char *first)
{
	struct xml_node	*n = queued(h, i);

	assert_string_equal(replaces(n), first);
	xml_free(n);
}

static void
test_board(void **state)
{
	struct harness	 h;
	struct xml_node	*n;
	char		 first[XMPP_ID_MAX], *cause = NULL;

	(void)state;
	harness_init(&h, 1);
	assert_true(h.a->ops->flags & ADAPTER_EDIT);

	/* The first board is a new message, headed by the news. */
	show(&h, "The game begins!", "Table 1", ADAPTER_BOARD_UPDATE);
	assert_int_equal(h.x->nqueue, 1);
	n = queued(&h, 0);
	assert_null(replaces(n));
	assert_string_equal(xml_child(n, "body", NS_CLIENT)->text,
	    "The game begins!\nTable 1");
	snprintf(first, sizeof first, "%s", xml_attr(n, "id"));
	assert_true(strlen(first) > 3);
	xml_free(n);

	/* A burst within the interval: only the newest goes, corrected. */
	show(&h, NULL, "Table 2", ADAPTER_BOARD_UPDATE);
	show(&h, NULL, "Table 3", ADAPTER_BOARD_UPDATE);
	show(&h, NULL, "Table 4", ADAPTER_BOARD_UPDATE);
	flushes(&h, 1, 2);
	n = queued(&h, 1);
	assert_string_equal(replaces(n), first);
	assert_string_not_equal(xml_attr(n, "id"), first);
	assert_string_equal(xml_child(n, "body", NS_CLIENT)->text, "Table 4");
	xml_free(n);

	/* Again later: still naming the first message, not the last. */
	show(&h, NULL, "Table 5", ADAPTER_BOARD_UPDATE);
	assert_int_equal(h.x->nqueue, 3);
	corrects(&h, 2, first);
	assert_int_equal(uv_run(&h.loop, UV_RUN_DEFAULT), 0);

	/* Unchanged: nothing is sent. */
	show(&h, NULL, "Table 5", ADAPTER_BOARD_UPDATE);
	assert_int_equal(uv_run(&h.loop, UV_RUN_DEFAULT), 0);
	assert_int_equal(h.x->nqueue, 3);

	/* The bot says something else in the room: the board is posted anew. */
	assert_int_equal(h.a->ops->send_channel(h.a, ROOM, "CHEERS!", &cause),
	    0);
	assert_int_equal(h.x->nqueue, 4);
	show(&h, NULL, "Table 6", ADAPTER_BOARD_UPDATE);
	assert_int_equal(h.x->nqueue, 5);
	n = queued(&h, 4);
	assert_null(replaces(n));
	assert_string_not_equal(xml_attr(n, "id"), first);
	snprintf(first, sizeof first, "%s", xml_attr(n, "id"));
	xml_free(n);
	assert_int_equal(uv_run(&h.loop, UV_RUN_DEFAULT), 0);

	/* The new first message is the one corrected from now on. */
	show(&h, NULL, "Table 7", ADAPTER_BOARD_UPDATE);
	corrects(&h, 5, first);
	assert_int_equal(uv_run(&h.loop, UV_RUN_DEFAULT), 0);

	/* A repost (status) is a new message, headed by its news. */
	show(&h, "Here is the table again.", "Table 7", ADAPTER_BOARD_REPOST);
	n = queued(&h, 6);
	assert_null(replaces(n));
	assert_string_equal(xml_child(n, "body", NS_CLIENT)->text,
	    "Here is the table again.\nTable 7");
	snprintf(first, sizeof first, "%s", xml_attr(n, "id"));
	xml_free(n);
	assert_int_equal(uv_run(&h.loop, UV_RUN_DEFAULT), 0);

	/* Out of the room (a lost stream): a new message, then corrections. */
	muc_reset(h.x);
	h.x->rooms[0].joined = 1;
	show(&h, NULL, "Table 8", ADAPTER_BOARD_UPDATE);
	n = queued(&h, 7);
	assert_null(replaces(n));
	snprintf(first, sizeof first, "%s", xml_attr(n, "id"));
	xml_free(n);
	/* The end: a last correction, then the table is forgotten. */
	show(&h, NULL, "Game over", ADAPTER_BOARD_FINAL);
	flushes(&h, 8, 9);
	n = queued(&h, 8);
	assert_string_equal(replaces(n), first);
	assert_string_equal(xml_child(n, "body", NS_CLIENT)->text, "Game over");
	xml_free(n);

	/* A channel that is not one of our rooms has no board. */
	assert_int_equal(h.a->ops->board(h.a, "elsewhere@rooms.localhost", 2,
	    NULL, "x", NULL, NULL, ADAPTER_BOARD_UPDATE, &cause), -1);
	assert_non_null(cause);
	free(cause);
	harness_release(&h);
}

static void
test_off(void **state)
{
	struct harness	h;

	(void)state;
	/* xmpp.correct = no: no board; the bot posts every move instead. */
	harness_init(&h, 0);
	assert_false(h.a->ops->flags & ADAPTER_EDIT);
	assert_null(h.a->ops->board);
	harness_release(&h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stanza),
		cmocka_unit_test(test_choose),
		cmocka_unit_test(test_body),
		cmocka_unit_test(test_board),
		cmocka_unit_test(test_off),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
