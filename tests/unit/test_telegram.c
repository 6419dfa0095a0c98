/*
 * Unit tests for the Telegram adapter's pure parts: the bot's text as
 * HTML (escapes, mentions, a forged or cut marker), splitting at 4,096
 * UTF-16 units, the pacing windows (a chat's gap, a group's minute, the
 * whole second, a 429's hold), commands ("/cheers@Bot", another bot's,
 * a game's own, /start), channels of forum topics and inline keyboards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/telegram/telegram-int.h"
#include "lib/xmalloc.h"

static void
test_escape(void **state)
{
	char	*html;

	(void)state;
	html = html_escape("a < b && c > d");
	assert_string_equal(html, "a &lt; b &amp;&amp; c &gt; d");
	free(html);
}

static void
test_mention(void **state)
{
	char	 m[256], text[512], *html;

	(void)state;
	html_mention(1001, "<b>&bob", m, sizeof m);
	snprintf(text, sizeof text, "%s's turn <now>", m);
	html = html_escape(text);
	assert_string_equal(html, "<a href=\"tg://user?id=1001\">&lt;b&gt;"
	    "&amp;bob</a>'s turn &lt;now&gt;");
	free(html);
	/* An AI seat (no user) is its plain name. */
	html_mention(0, "Mojito", m, sizeof m);
	assert_string_equal(m, "Mojito");
	/* A marker cut short by a capped buffer leaves no control byte. */
	html_mention(1001, "alice", m, 6);
	html = html_escape(m);
	assert_null(strchr(html, '\001'));
	assert_null(strchr(html, '\002'));
	assert_null(strstr(html, "<a"));
	free(html);
}

static void
test_clean(void **state)
{
	char	s[] = "a\001b\002c\003d\ne\tf";

	(void)state;
	html_clean(s);
	assert_string_equal(s, "a b c d\ne f");
}

static void
test_split(void **state)
{
	char	*text, *parts[8], m[64];
	size_t	 i;
	int	 n;

	(void)state;
	/* Short: one part, as it was. */
	n = html_split("hello", TG_TEXT_MAX, parts, 8);
	assert_int_equal(n, 1);
	assert_string_equal(parts[0], "hello");
	free(parts[0]);
	/* 100 lines of 99 characters: cut at a line's end, none too long. */
	text = xcalloc(1, 100 * 100 + 1);
	for (i = 0; i < 100; i++) {
		memset(text + i * 100, 'x', 99);
		text[i * 100 + 99] = '\n';
	}
	n = html_split(text, TG_TEXT_MAX, parts, 8);
	assert_int_equal(n, 3);
	assert_int_equal(strlen(parts[0]), 40 * 100);
	assert_int_equal(strlen(parts[0]) + strlen(parts[1]) +
	    strlen(parts[2]), 100 * 100);
	for (i = 0; i < (size_t)n; i++)
		free(parts[i]);
	free(text);
	/* An emoji is two UTF-16 units: 3 of them do not fit in 5. */
	n = html_split("\xf0\x9f\x8d\xba\xf0\x9f\x8d\xba\xf0\x9f\x8d\xba", 5,
	    parts, 8);
	assert_int_equal(n, 2);
	assert_int_equal(strlen(parts[0]), 8);
	free(parts[0]);
	free(parts[1]);
	/* A mention counts its name only, and is never cut. */
	html_mention(123456789, "bob", m, sizeof m);
	text = xasprintf("ab %s", m);
	n = html_split(text, 5, parts, 8);
	assert_int_equal(n, 2);
	assert_string_equal(parts[0], "ab ");
	assert_string_equal(parts[1], m);
	free(parts[0]);
	free(parts[1]);
	free(text);
}

static void
test_pace(void **state)
{
	struct tgpace	*p;
	int		 i;

	(void)state;
	/* A group: 20 a minute; a private chat: only the gap. */
	p = pace_new(20, 30, 0);
	for (i = 0; i < 20; i++) {
		assert_int_equal(pace_wait(p, -100, 1000), 0);
		pace_sent(p, -100, 1000);
	}
	assert_int_equal(pace_wait(p, -100, 1000), 60000);
	assert_int_equal(pace_wait(p, -100, 61000), 0);
	assert_int_equal(pace_wait(p, 5, 1000), 0);
	/* 30 a second over all chats. */
	for (i = 0; i < 10; i++)
		pace_sent(p, 6 + i, 1000);
	assert_int_equal(pace_wait(p, 42, 1000), 1000);
	assert_int_equal(pace_wait(p, 42, 2000), 0);
	/* A 429 holds its chat, and one for every chat holds all. */
	pace_hold(p, 42, 5000);
	assert_int_equal(pace_wait(p, 42, 2000), 3000);
	assert_int_equal(pace_wait(p, 43, 2000), 0);
	pace_hold(p, 0, 4000);
	assert_int_equal(pace_wait(p, 43, 2000), 2000);
	pace_free(p);

	/* A chat's gap runs from the answer, in whole ms and one more. */
	p = pace_new(20, 30, 1000);
	pace_sent(p, 7, 100);
	pace_answered(p, 7, 300);
	assert_int_equal(pace_wait(p, 7, 300), 1001);
	assert_int_equal(pace_wait(p, 7, 1301), 0);
	pace_free(p);
}

static cJSON *
command_entities(int len)
{
	cJSON	*a = cJSON_CreateArray(), *e = cJSON_CreateObject();

	cJSON_AddStringToObject(e, "type", "bot_command");
	cJSON_AddNumberToObject(e, "offset", 0);
	cJSON_AddNumberToObject(e, "length", len);
	cJSON_AddItemToArray(a, e);
	return a;
}

/* command_text of text, whose command word is len long. */
static char *
command(struct tg *tg, const char *text, int len, int *start)
{
	cJSON	*e = command_entities(len);
	char	*out = command_text(tg, text, e, start);

	cJSON_Delete(e);
	return out;
}

static void
test_command(void **state)
{
	struct tg	 tg;
	char		*t;
	int		 start;

	(void)state;
	memset(&tg, 0, sizeof tg);
	snprintf(tg.username, sizeof tg.username, "CheersBot");
	tg.command = xstrdup("cheers");
	t = command(&tg, "/cheers play 2 @bob", 7, &start);
	assert_string_equal(t, "play 2 @bob");
	assert_int_equal(start, 0);
	free(t);
	t = command(&tg, "/cheers@cheersbot join", 17, &start);
	assert_string_equal(t, "join");
	free(t);
	/* Another bot's, or no command entity: not ours. */
	assert_null(command(&tg, "/cheers@OtherBot join", 16, &start));
	assert_null(command_text(&tg, "/cheers join", NULL, &start));
	assert_null(command(&tg, "/poker new", 6, &start));
	/* A game's own command opens its table. */
	t = command(&tg, "/fwb new", 4, &start);
	assert_string_equal(t, "new fwb");
	free(t);
	t = command(&tg, "/start hand", 6, &start);
	assert_string_equal(t, "hand");
	assert_int_equal(start, 1);
	free(t);
	free(tg.command);
}

static void
test_chan(void **state)
{
	char	buf[TG_CHAN_MAX];
	int64_t	chat, thread;

	(void)state;
	assert_int_equal(tg_chan("-1001234", &chat, &thread), 0);
	assert_true(chat == -1001234 && thread == 0);
	assert_int_equal(tg_chan("-1001234:56", &chat, &thread), 0);
	assert_true(chat == -1001234 && thread == 56);
	assert_int_equal(tg_chan("-1001234:", &chat, &thread), -1);
	assert_int_equal(tg_chan("-1001234:-5", &chat, &thread), -1);
	assert_int_equal(tg_chan("#bar", &chat, &thread), -1);
	assert_int_equal(tg_chan("0", &chat, &thread), -1);
	tg_chan_name(-1001234, 56, buf, sizeof buf);
	assert_string_equal(buf, "-1001234:56");
	tg_chan_name(1001, 0, buf, sizeof buf);
	assert_string_equal(buf, "1001");
}

static void
test_keyboard(void **state)
{
	struct adapter_buttons	 bs;
	cJSON			*k, *rows;
	char			*s;

	(void)state;
	assert_null(markup_keyboard(NULL));
	memset(&bs, 0, sizeof bs);
	bs.n = 3;
	snprintf(bs.b[0].label, sizeof bs.b[0].label, "My hand");
	snprintf(bs.b[0].id, sizeof bs.b[0].id, "cb2:1.abcdef:*:hand");
	snprintf(bs.b[1].label, sizeof bs.b[1].label, "Table");
	snprintf(bs.b[1].id, sizeof bs.b[1].id, "cb2:1.abcdef:*:status");
	snprintf(bs.b[2].label, sizeof bs.b[2].label, "Too long");
	memset(bs.b[2].id, 'x', TG_DATA_MAX + 1);
	bs.b[2].row = 1;
	k = markup_keyboard(&bs);
	rows = cJSON_GetObjectItem(k, "inline_keyboard");
	/* The id past 64 bytes is left out, and with it its row. */
	assert_int_equal(cJSON_GetArraySize(rows), 1);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetArrayItem(rows, 0)), 2);
	s = cJSON_PrintUnformatted(k);
	assert_non_null(strstr(s, "\"callback_data\":\"cb2:1.abcdef:*:hand\""));
	free(s);
	cJSON_Delete(k);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_mention),
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_pace),
		cmocka_unit_test(test_command),
		cmocka_unit_test(test_chan),
		cmocka_unit_test(test_keyboard),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
