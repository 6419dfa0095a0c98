/*
 * Unit tests for the Slack adapter's pure parts: Socket Mode envelopes
 * (types, acks, malformed ones, retried duplicates), the Block Kit
 * mapping of text and buttons (escaping, limits, rows), and slash command
 * text (Slack's escapes and mentions, per-game commands).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/slack/slack-int.h"
#include "lib/buf.h"
#include "lib/recent.h"
#include "lib/xmalloc.h"

/* Parses text into *e; returns the message, which the caller deletes. */
static cJSON *
parse(const char *text, struct envelope *e, int *rc)
{
	cJSON	*msg = cJSON_Parse(text);
	char	*cause = NULL;

	*rc = envelope_parse(msg, e, &cause);
	if (*rc != 0) {
		assert_non_null(cause);
		free(cause);
	}
	return msg;
}

/*
 * Parses text into *e, which must be accepted as an envelope of the type
 * given; returns the message, which the caller deletes.
 */
static cJSON *
parse_ok(const char *text, struct envelope *e, int type)
{
	cJSON	*msg;
	int	 rc;

	msg = parse(text, e, &rc);
	assert_int_equal(rc, 0);
	assert_int_equal(e->type, type);
	return msg;
}

static void
test_envelope_types(void **state)
{
	struct envelope	 e;
	cJSON		*m;

	(void)state;
	m = parse_ok("{\"type\":\"hello\",\"num_connections\":1}", &e,
	    ENVELOPE_HELLO);
	assert_null(e.id);
	cJSON_Delete(m);

	m = parse_ok("{\"type\":\"disconnect\",\"reason\":"
	    "\"refresh_requested\"}", &e, ENVELOPE_DISCONNECT);
	assert_string_equal(e.reason, "refresh_requested");
	cJSON_Delete(m);

	m = parse_ok("{\"type\":\"slash_commands\",\"envelope_id\":\"e-1\","
	    "\"payload\":{\"command\":\"/cheers\",\"trigger_id\":\"t.1\"},"
	    "\"accepts_response_payload\":true}", &e,
	    ENVELOPE_SLASH);
	assert_string_equal(e.id, "e-1");
	assert_int_equal(e.retry_attempt, 0);
	assert_string_equal(envelope_key(&e), "t.1");
	cJSON_Delete(m);

	m = parse_ok("{\"type\":\"interactive\",\"envelope_id\":\"e-2\","
	    "\"retry_attempt\":2,\"retry_reason\":\"timeout\","
	    "\"payload\":{\"type\":\"block_actions\"}}", &e,
	    ENVELOPE_INTERACTIVE);
	assert_int_equal(e.retry_attempt, 2);
	assert_null(envelope_key(&e));
	cJSON_Delete(m);

	m = parse_ok("{\"type\":\"events_api\",\"envelope_id\":\"e-3\","
	    "\"payload\":{\"event_id\":\"Ev1\"}}", &e,
	    ENVELOPE_EVENTS);
	assert_string_equal(envelope_key(&e), "Ev1");
	cJSON_Delete(m);

	m = parse_ok("{\"type\":\"something_new\"}", &e, ENVELOPE_OTHER);
	cJSON_Delete(m);
}

static void
test_envelope_malformed(void **state)
{
	static const char *const bad[] = {
		"[1,2]",
		"{}",
		"{\"type\":5}",
		"{\"type\":\"\"}",
		"{\"type\":\"slash_commands\",\"payload\":{}}",
		"{\"type\":\"slash_commands\",\"envelope_id\":\"e\"}",
		"{\"type\":\"slash_commands\",\"envelope_id\":\"e\","
		    "\"payload\":\"text\"}",
		"{\"type\":\"interactive\",\"envelope_id\":7,\"payload\":{}}",
		"{\"type\":\"interactive\",\"envelope_id\":\"e\","
		    "\"retry_attempt\":-1,\"payload\":{}}",
		"{\"type\":\"interactive\",\"envelope_id\":\"e\","
		    "\"retry_attempt\":\"1\",\"payload\":{}}",
		NULL
	};
	struct envelope	 e;
	cJSON		*m;
	char		 longid[ENVELOPE_ID_MAX + 64], *text;
	int		 i, rc;

	(void)state;
	for (i = 0; bad[i] != NULL; i++) {
		m = parse(bad[i], &e, &rc);
		if (rc != -1)
			fail_msg("accepted %s", bad[i]);
		cJSON_Delete(m);
	}
	memset(longid, 'x', sizeof longid - 1);
	longid[sizeof longid - 1] = '\0';
	text = xasprintf("{\"type\":\"slash_commands\",\"envelope_id\":\"%s\","
	    "\"payload\":{}}", longid);
	m = parse(text, &e, &rc);
	assert_int_equal(rc, -1);
	cJSON_Delete(m);
	free(text);
	/* A bad envelope whose id was readable can still be acked. */
	m = parse("{\"type\":\"slash_commands\",\"envelope_id\":\"e-9\"}", &e,
	    &rc);
	assert_int_equal(rc, -1);
	assert_string_equal(e.id, "e-9");
	cJSON_Delete(m);
}

/* Is the envelope text a repeat in seen, at now? */
static int
repeat(struct recent *seen, const char *text, uint64_t now)
{
	struct envelope	 e;
	cJSON		*m;
	int		 rc;

	m = parse(text, &e, &rc);
	assert_int_equal(rc, 0);
	rc = envelope_repeat(seen, &e, now);
	cJSON_Delete(m);
	return rc;
}

static void
test_envelope_ack_and_seen(void **state)
{
	struct recent	*seen = recent_new(ENVELOPE_SEEN_MAX,
			    ENVELOPE_SEEN_AGE);
	char		*ack, *text;
	int		 i;

	(void)state;
	ack = envelope_ack("a\"b");
	assert_string_equal(ack, "{\"envelope_id\":\"a\\\"b\"}");
	free(ack);
#define SLASH(id, trigger) "{\"type\":\"slash_commands\",\"envelope_id\":\"" \
	id "\",\"payload\":{\"trigger_id\":\"" trigger "\"}}"
#define CLICK(id) "{\"type\":\"interactive\",\"envelope_id\":\"" id "\"," \
	"\"payload\":{\"type\":\"block_actions\"}}"
	assert_int_equal(repeat(seen, SLASH("e-1", "t.1"), 0), 0);
	/* A retry: the same envelope again. */
	assert_int_equal(repeat(seen, SLASH("e-1", "t.1"), 1), 1);
	/* The same command in a new envelope (a connection replaced). */
	assert_int_equal(repeat(seen, SLASH("e-2", "t.1"), 1), 1);
	assert_int_equal(repeat(seen, SLASH("e-3", "t.3"), 1), 0);
	/* No content key: the envelope id alone. */
	assert_int_equal(repeat(seen, CLICK("e-4"), 1), 0);
	assert_int_equal(repeat(seen, CLICK("e-4"), 2), 1);
	assert_int_equal(repeat(seen, CLICK("e-5"), 2), 0);
	/* Only the last ENVELOPE_SEEN_MAX keys are remembered. */
	for (i = 0; i < ENVELOPE_SEEN_MAX; i++) {
		text = xasprintf("{\"type\":\"events_api\",\"envelope_id\":"
		    "\"x-%d\",\"payload\":{}}", i);
		assert_int_equal(repeat(seen, text, 3), 0);
		free(text);
	}
	assert_int_equal(repeat(seen, CLICK("e-4"), 3), 0);
	assert_int_equal(repeat(seen, "{\"type\":\"events_api\","
	    "\"envelope_id\":\"x-1\",\"payload\":{}}", 3), 1);
	/*
	 * Slack's last retry of an event comes about 5 minutes after the
	 * first delivery: still a repeat; ENVELOPE_SEEN_AGE later, forgotten.
	 */
	assert_true(ENVELOPE_SEEN_AGE > 5 * 60 * 1000);
	assert_int_equal(repeat(seen, "{\"type\":\"events_api\","
	    "\"envelope_id\":\"ev-1\",\"payload\":{\"event_id\":\"Ev9\"}}",
	    10), 0);
	assert_int_equal(repeat(seen, "{\"type\":\"events_api\","
	    "\"envelope_id\":\"ev-2\",\"retry_attempt\":3,"
	    "\"payload\":{\"event_id\":\"Ev9\"}}", 10 + 5 * 60 * 1000), 1);
	assert_int_equal(repeat(seen, "{\"type\":\"events_api\","
	    "\"envelope_id\":\"ev-3\",\"payload\":{\"event_id\":\"Ev9\"}}",
	    10 + ENVELOPE_SEEN_AGE), 0);
#undef SLASH
#undef CLICK
	recent_free(seen);
}

static void
test_blocks_escape(void **state)
{
	char	*s;

	(void)state;
	s = blocks_escape("<@U1>'s turn & <@u2> <#C9> <b> a>b <@> <!here>");
	assert_string_equal(s, "<@U1>'s turn &amp; &lt;@u2&gt; <#C9> "
	    "&lt;b&gt; a&gt;b &lt;@&gt; &lt;!here&gt;");
	free(s);
}

/* The button elements of blocks' actions blocks, in order. */
static int
blocks_count(const cJSON *blocks, const char *type)
{
	const cJSON	*b;
	int		 n = 0;

	cJSON_ArrayForEach(b, blocks)
		if (strcmp(cJSON_GetObjectItem(b, "type")->valuestring, type) == 0)
			n++;
	return n;
}

static void
test_blocks_buttons(void **state)
{
	struct adapter_buttons	 bs;
	cJSON			*blocks, *row, *el, *t;
	char			 label[ADAPTER_LABEL_MAX + 1];
	int			 i;

	(void)state;
	memset(&bs, 0, sizeof bs);
	memset(label, 'L', ADAPTER_LABEL_MAX);
	label[ADAPTER_LABEL_MAX] = '\0';
	for (i = 0; i < 7; i++) {
		snprintf(bs.b[i].label, sizeof bs.b[i].label, "%s", i == 0 ?
		    label : "play 2. 🍸 (🍹)");
		snprintf(bs.b[i].id, sizeof bs.b[i].id, "cb2:7.0c0ffe:3:m 0 %d",
		    i);
		bs.b[i].row = i < 5 ? 0 : 1;
		bs.b[i].style = i == 0 ? ADAPTER_STYLE_PRIMARY : i == 1 ?
		    ADAPTER_STYLE_DANGER : ADAPTER_STYLE_SECONDARY;
	}
	bs.n = 7;
	blocks = blocks_build("Your hand:\n1. 🍸", &bs);
	assert_int_equal(blocks_count(blocks, "section"), 1);
	assert_int_equal(blocks_count(blocks, "actions"), 2);
	row = cJSON_GetArrayItem(blocks, 1);
	assert_string_equal(cJSON_GetObjectItem(row, "block_id")->valuestring,
	    "row0");
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(row,
	    "elements")), 5);
	el = cJSON_GetArrayItem(cJSON_GetObjectItem(row, "elements"), 0);
	t = cJSON_GetObjectItem(el, "text");
	assert_string_equal(cJSON_GetObjectItem(t, "type")->valuestring,
	    "plain_text");
	/* 80 characters cut to Slack's 75. */
	assert_int_equal(strlen(cJSON_GetObjectItem(t, "text")->valuestring),
	    BLOCKS_BUTTON_TEXT_MAX);
	assert_string_equal(cJSON_GetObjectItem(el, "action_id")->valuestring,
	    "cb2:7.0c0ffe:3:m 0 0");
	assert_string_equal(cJSON_GetObjectItem(el, "value")->valuestring,
	    "cb2:7.0c0ffe:3:m 0 0");
	assert_string_equal(cJSON_GetObjectItem(el, "style")->valuestring,
	    "primary");
	el = cJSON_GetArrayItem(cJSON_GetObjectItem(row, "elements"), 1);
	assert_string_equal(cJSON_GetObjectItem(el, "style")->valuestring,
	    "danger");
	el = cJSON_GetArrayItem(cJSON_GetObjectItem(row, "elements"), 2);
	assert_null(cJSON_GetObjectItem(el, "style"));
	/* UTF-8 labels are cut by characters, not bytes. */
	t = cJSON_GetObjectItem(el, "text");
	assert_string_equal(cJSON_GetObjectItem(t, "text")->valuestring,
	    "play 2. 🍸 (🍹)");
	cJSON_Delete(blocks);

	/* 25 buttons in one row make one actions block of 25. */
	memset(&bs, 0, sizeof bs);
	for (i = 0; i < ADAPTER_BUTTONS_MAX; i++) {
		snprintf(bs.b[i].label, sizeof bs.b[i].label, "b%d", i);
		snprintf(bs.b[i].id, sizeof bs.b[i].id, "id%d", i);
	}
	bs.n = ADAPTER_BUTTONS_MAX;
	blocks = blocks_build("x", &bs);
	assert_int_equal(blocks_count(blocks, "actions"), 1);
	cJSON_Delete(blocks);

	/* No buttons: sections only, so an edit takes old buttons away. */
	blocks = blocks_build("x", NULL);
	assert_int_equal(cJSON_GetArraySize(blocks), 1);
	cJSON_Delete(blocks);
}

static void
test_blocks_long_text(void **state)
{
	struct buf	 b;
	cJSON		*blocks, *body, *sec;
	const char	*s;
	int		 i, n;

	(void)state;
	buf_init(&b, 1024 * 1024);
	for (i = 0; i < 400; i++)
		buf_printf(&b, "line %03d: <@U1> & <x> 🍸🍸🍸🍸🍸\n", i);
	blocks = blocks_build(buf_str(&b), NULL);
	n = cJSON_GetArraySize(blocks);
	assert_true(n > 2 && n <= BLOCKS_MAX);
	cJSON_ArrayForEach(sec, blocks) {
		s = cJSON_GetObjectItem(cJSON_GetObjectItem(sec, "text"),
		    "text")->valuestring;
		assert_true(strlen(s) > 0);
		/* Whole lines: each part starts a line, no entity is cut. */
		assert_memory_equal(s, "line ", 5);
		assert_true(cJSON_GetObjectItem(cJSON_GetObjectItem(sec,
		    "text"), "text") != NULL);
	}
	cJSON_Delete(blocks);

	/* Far too long: at most BLOCKS_MAX blocks, the last one says so. */
	buf_reset(&b);
	for (i = 0; i < 6000; i++)
		buf_printf(&b, "line %04d of a very long text\n", i);
	blocks = blocks_build(buf_str(&b), NULL);
	assert_int_equal(cJSON_GetArraySize(blocks), BLOCKS_MAX);
	cJSON_Delete(blocks);

	body = cJSON_CreateObject();
	blocks_message(body, buf_str(&b), NULL);
	s = cJSON_GetObjectItem(body, "text")->valuestring;
	assert_true(strlen(s) <= BLOCKS_FALLBACK_MAX);
	assert_true(strlen(s) > 100);
	cJSON_Delete(body);
	buf_release(&b);
}

static void
test_unescape(void **state)
{
	char	*s;

	(void)state;
	s = slack_unescape("play 2 <@U123|bob> &lt;3 &amp; <#C1|bar> "
	    "<https://x.y|x.y> <!here> <@W9>", 512);
	assert_string_equal(s, "play 2 <@U123> <3 & #bar https://x.y @here "
	    "<@W9>");
	free(s);
	s = slack_unescape("a\tb\nc", 512);
	assert_string_equal(s, "a b c");
	free(s);
	assert_null(slack_unescape("0123456789", 5));
	s = slack_unescape("unclosed <@U1", 512);
	assert_string_equal(s, "unclosed <@U1");
	free(s);
}

static void
test_command_text(void **state)
{
	/* The bot's command, the command used, its text; what is run. */
	static const char *const	 cases[][4] = {
		{ "cheers", "/cheers", "play 2 <@U1|carol>", "play 2 <@U1>" },
		{ "cheers", "/fwb", "new secondhand=on",
		    "new fwb secondhand=on" },
		{ "cheers", "/fwb", "news", "news" },
		{ "cheers", "/fwb", "draw", "draw" },
		{ "bar", "/bar", "", "" },
	};
	char				*s, *cause = NULL;
	size_t				 i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = slack_command_text(cases[i][0], cases[i][1], cases[i][2],
		    &cause);
		assert_string_equal(s, cases[i][3]);
		free(s);
	}
	assert_null(slack_command_text("cheers", "/other", "new", &cause));
	assert_non_null(strstr(cause, "/other is not one of my commands"));
	free(cause);
	cause = NULL;
	assert_null(slack_command_text("cheers", "cheers", "new", &cause));
	free(cause);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_envelope_types),
		cmocka_unit_test(test_envelope_malformed),
		cmocka_unit_test(test_envelope_ack_and_seen),
		cmocka_unit_test(test_blocks_escape),
		cmocka_unit_test(test_blocks_buttons),
		cmocka_unit_test(test_blocks_long_text),
		cmocka_unit_test(test_unescape),
		cmocka_unit_test(test_command_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
