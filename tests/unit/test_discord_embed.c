/*
 * Unit tests for the Discord board as an embed (adapters/discord/embed.c):
 * its parts in place (title, colour per state, description, one field per
 * part, inline unless wide, footer), the message's text (the last moves,
 * then whose turn it is), Discord's limits held however long the parts
 * (every part, the 6000 in all, 25 fields, no empty name or value, 2000
 * characters of text), cuts on whole characters ending in "…", and JSON
 * escaping of what players may type into names.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/discord/discord-int.h"
#include "tests/unit/view-test.h"

static const char *
str(const cJSON *o, const char *name)
{
	const cJSON	*s = cJSON_GetObjectItem(o, name);

	assert_true(cJSON_IsString(s));
	return s->valuestring;
}

static void
test_embed_parts(void **state)
{
	struct adapter_view	*v = view_test_small("<@101>", "<@102>");
	cJSON			*e, *f;
	char			*content;

	(void)state;
	e = embed_build(v);
	assert_string_equal(str(e, "title"), "CHEERS · table 7");
	assert_int_equal(cJSON_GetObjectItem(e, "color")->valueint, 0x57f287);
	assert_string_equal(str(e, "description"), "Deck 43, discard 0.");
	assert_string_equal(str(cJSON_GetObjectItem(e, "footer"), "text"),
	    "alice's turn: play, move or throw.");
	f = cJSON_GetObjectItem(e, "fields");
	assert_int_equal(cJSON_GetArraySize(f), 3);
	assert_string_equal(str(cJSON_GetArrayItem(f, 1), "name"),
	    "b<o>b & co's shaker");
	assert_string_equal(str(cJSON_GetArrayItem(f, 1), "value"),
	    "1 🥃 whisky\n3 cards in hand");
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(f, 0),
	    "inline")));
	assert_true(cJSON_IsFalse(cJSON_GetObjectItem(cJSON_GetArrayItem(f, 2),
	    "inline")));
	cJSON_Delete(e);

	/* The text: the last moves, marked, then whose turn (a mention). */
	content = embed_content(v);
	assert_string_equal(content, "· <@102> offers 🥃 to <@102>'s shaker.\n"
	    "· <@102> draws a card.\n<@101>'s turn: play, move or throw.");
	free(content);

	/* A colour per state; no summary, no description; no footer text,
	 * no footer (Discord refuses an empty one). */
	v->state = ADAPTER_VIEW_OVER;
	v->summary[0] = '\0';
	v->footer[0] = '\0';
	e = embed_build(v);
	assert_int_equal(cJSON_GetObjectItem(e, "color")->valueint, 0x99aab5);
	assert_null(cJSON_GetObjectItem(e, "description"));
	assert_null(cJSON_GetObjectItem(e, "footer"));
	cJSON_Delete(e);
	v->state = ADAPTER_VIEW_PAUSED;
	e = embed_build(v);
	assert_int_equal(cJSON_GetObjectItem(e, "color")->valueint, 0xfee75c);
	cJSON_Delete(e);
	v->state = ADAPTER_VIEW_LOBBY;
	e = embed_build(v);
	assert_int_equal(cJSON_GetObjectItem(e, "color")->valueint, 0x5865f2);
	cJSON_Delete(e);
	v->state = 99;		/* not a state: a running table's colour */
	e = embed_build(v);
	assert_int_equal(cJSON_GetObjectItem(e, "color")->valueint, 0x57f287);
	cJSON_Delete(e);

	/* Nothing since the start: the text is whose turn it is alone. */
	v->recent[0] = '\0';
	content = embed_content(v);
	assert_string_equal(content, "<@101>'s turn: play, move or throw.");
	free(content);
	free(v);
}

/* Every part at its longest: within every limit, cut on whole characters. */
static void
test_embed_limits(void **state)
{
	static const struct view_test_pieces longest = { "a", "a", "é", "x",
	    "<@1> plays.\n", "🍹", "🍸\n" };
	struct adapter_view	*v = xcalloc(1, sizeof *v);
	const cJSON		*f, *fields, *footer;
	cJSON			*e;
	const char		*s;
	size_t			 total = 0, n;
	int			 i, cut = 0;

	(void)state;
	v->state = ADAPTER_VIEW_RUNNING;
	view_test_longest(v, &longest);
	e = embed_build(v);

	s = str(e, "title");
	n = utf8_count(s);
	total += n;
	assert_int_equal(n, EMBED_TITLE_MAX);
	assert_string_equal(s + strlen(s) - strlen("a…"), "a…");
	footer = cJSON_GetObjectItem(e, "footer");
	n = utf8_count(str(footer, "text"));
	total += n;
	assert_true(n <= EMBED_FOOTER_MAX);
	n = utf8_count(str(e, "description"));
	total += n;
	assert_true(n <= EMBED_DESC_MAX);
	fields = cJSON_GetObjectItem(e, "fields");
	assert_true(cJSON_GetArraySize(fields) <= EMBED_FIELDS_MAX);
	assert_true(cJSON_GetArraySize(fields) >= 1);
	cJSON_ArrayForEach(f, fields) {
		n = utf8_count(str(f, "name"));
		assert_true(n >= 1 && n <= EMBED_NAME_MAX);
		total += n;
		s = str(f, "value");
		n = utf8_count(s);
		assert_true(n >= 1 && n <= EMBED_VALUE_MAX);
		assert_true(view_test_whole(s));
		cut += strcmp(s + strlen(s) - strlen("…"), "…") == 0;
		total += n;
	}
	/* The 12 fields hold more than 6000: the budget stops them. */
	assert_true(cJSON_GetArraySize(fields) < ADAPTER_VIEW_FIELDS);
	assert_true(cut >= 1);
	assert_true(total <= EMBED_TOTAL_MAX);
	cJSON_Delete(e);

	/* The text: at most 2000 characters, whose turn it is kept. */
	s = embed_content(v);
	assert_true(utf8_count(s) <= DISCORD_MSG_MAX);
	assert_non_null(strstr(s, "aaaa"));
	assert_true(view_test_whole(s));
	free((char *)s);

	/* A budget nearly spent: no field is sent without room for it. */
	for (i = 0; i < ADAPTER_VIEW_FIELDS; i++)
		view_test_fill(v->field[i].value, sizeof v->field[i].value, "z");
	e = embed_build(v);
	total = utf8_count(str(e, "title")) + utf8_count(str(e,
	    "description")) + utf8_count(str(cJSON_GetObjectItem(e,
	    "footer"), "text"));
	cJSON_ArrayForEach(f, cJSON_GetObjectItem(e, "fields"))
		total += utf8_count(str(f, "name")) +
		    utf8_count(str(f, "value"));
	assert_true(total <= EMBED_TOTAL_MAX);
	cJSON_Delete(e);
	free(v);
}

/* Empty parts are never sent empty; text players write is JSON-escaped. */
static void
test_embed_escaping(void **state)
{
	struct adapter_view	*v = view_test_small("<@101>", "<@102>");
	cJSON			*body, *e, *f;
	char			*json;

	(void)state;
	v->field[0].value[0] = '\0';
	snprintf(v->field[1].name, sizeof v->field[1].name,
	    "b\"o\\b\t's shaker");
	snprintf(v->title, sizeof v->title, "CHEERS · table 7 </script>");
	json = embed_message_body(v, NULL);
	body = cJSON_Parse(json);
	assert_non_null(body);
	e = cJSON_GetArrayItem(cJSON_GetObjectItem(body, "embeds"), 0);
	assert_string_equal(str(e, "title"), "CHEERS · table 7 </script>");
	f = cJSON_GetObjectItem(e, "fields");
	assert_string_equal(str(cJSON_GetArrayItem(f, 0), "value"), "—");
	assert_string_equal(str(cJSON_GetArrayItem(f, 1), "name"),
	    "b\"o\\b\t's shaker");
	/* Like every message: users may be pinged, nobody else. */
	assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(
	    cJSON_GetObjectItem(body, "allowed_mentions"), "parse"), 0)->
	    valuestring, "users");
	assert_non_null(strstr(str(body, "content"), "<@101>'s turn"));
	cJSON_Delete(body);
	free(json);
	free(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_embed_parts),
		cmocka_unit_test(test_embed_limits),
		cmocka_unit_test(test_embed_escaping),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
