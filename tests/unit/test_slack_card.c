/*
 * Unit tests for the Slack board as Block Kit (adapters/slack/card.c): a
 * header with the state's mark, the game and the table; the summary; the
 * fields two columns wide in sections of at most 10, a wide field a
 * section of its own; the last moves and the state with whose turn it is
 * as context; the buttons last; the board's text as the fallback.  Slack's
 * limits hold however long the parts (50 blocks, a header of 150, 3000 a
 * section or context, 2000 a field), and mrkdwn is escaped but for the
 * bot's own mentions.
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
#include "tests/unit/view-test.h"

static const char *
type_of(const cJSON *b)
{
	return cJSON_GetObjectItem(b, "type")->valuestring;
}

static const char *
text_of(const cJSON *t)
{
	const cJSON	*s = cJSON_GetObjectItem(t, "text");

	assert_true(cJSON_IsString(s));
	return s->valuestring;
}

static void
test_card_parts(void **state)
{
	struct adapter_view	*v = view_test_small("<@UALICE>", "<@UBOB>");
	struct adapter_buttons	 bs;
	cJSON			*blocks, *b, *fields, *body;

	(void)state;
	memset(&bs, 0, sizeof bs);
	snprintf(bs.b[0].label, sizeof bs.b[0].label, "My hand");
	snprintf(bs.b[0].id, sizeof bs.b[0].id, "cb2:7.0c0ffe:*:hand");
	snprintf(bs.b[1].label, sizeof bs.b[1].label, "Table");
	snprintf(bs.b[1].id, sizeof bs.b[1].id, "cb1:7:*:table");
	bs.n = 2;
	blocks = card_blocks(v, &bs);
	assert_int_equal(cJSON_GetArraySize(blocks), 7);

	b = cJSON_GetArrayItem(blocks, 0);
	assert_string_equal(type_of(b), "header");
	assert_string_equal(text_of(cJSON_GetObjectItem(b, "text")),
	    "🟢 CHEERS · table 7");
	assert_string_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(b, "text"),
	    "type")->valuestring, "plain_text");

	b = cJSON_GetArrayItem(blocks, 1);
	assert_string_equal(type_of(b), "section");
	assert_string_equal(text_of(cJSON_GetObjectItem(b, "text")),
	    "Deck 43, discard 0.");

	/* Two fields side by side, names in bold and escaped. */
	b = cJSON_GetArrayItem(blocks, 2);
	fields = cJSON_GetObjectItem(b, "fields");
	assert_int_equal(cJSON_GetArraySize(fields), 2);
	assert_string_equal(text_of(cJSON_GetArrayItem(fields, 0)),
	    "*alice's shaker*\n(empty)\n3 cards in hand");
	assert_string_equal(text_of(cJSON_GetArrayItem(fields, 1)),
	    "*b&lt;o&gt;b &amp; co's shaker*\n1 🥃 whisky\n3 cards in hand");
	/* A wide field: a section of its own. */
	b = cJSON_GetArrayItem(blocks, 3);
	assert_null(cJSON_GetObjectItem(b, "fields"));
	assert_string_equal(text_of(cJSON_GetObjectItem(b, "text")),
	    "*Guest market*\n1. Latvia");

	/* The last moves, the mentions kept; then the state, whose turn. */
	b = cJSON_GetArrayItem(blocks, 4);
	assert_string_equal(type_of(b), "context");
	assert_string_equal(text_of(cJSON_GetArrayItem(cJSON_GetObjectItem(b,
	    "elements"), 0)), "· <@UBOB> offers 🥃 to <@UBOB>'s shaker.\n"
	    "· <@UBOB> draws a card.");
	b = cJSON_GetArrayItem(blocks, 5);
	assert_string_equal(type_of(b), "context");
	assert_string_equal(text_of(cJSON_GetArrayItem(cJSON_GetObjectItem(b,
	    "elements"), 0)), "*Playing* · <@UALICE>'s turn: play, move or "
	    "throw.");
	assert_string_equal(type_of(cJSON_GetArrayItem(blocks, 6)), "actions");
	cJSON_Delete(blocks);

	/* Over: its mark and word; no summary, no moves: fewer blocks. */
	v->state = ADAPTER_VIEW_OVER;
	v->summary[0] = '\0';
	v->recent[0] = '\0';
	blocks = card_blocks(v, NULL);
	assert_int_equal(cJSON_GetArraySize(blocks), 4);
	assert_string_equal(text_of(cJSON_GetObjectItem(cJSON_GetArrayItem(
	    blocks, 0), "text")), "🏁 CHEERS · table 7");
	assert_memory_equal(text_of(cJSON_GetArrayItem(cJSON_GetObjectItem(
	    cJSON_GetArrayItem(blocks, 3), "elements"), 0)), "*Over* · ", 10);
	cJSON_Delete(blocks);

	/* The board's text is the fallback for notifications. */
	body = cJSON_CreateObject();
	card_message(body, "<@UALICE>'s turn & more", v, NULL);
	assert_string_equal(text_of(body), "<@UALICE>'s turn &amp; more");
	assert_true(cJSON_IsArray(cJSON_GetObjectItem(body, "blocks")));
	cJSON_Delete(body);
	free(v);
}

/* Every part at its longest, every button: within Slack's limits. */
static void
test_card_limits(void **state)
{
	static const struct view_test_pieces longest = { "a", "<b> ", "x",
	    "&", "<@U1> & <@U2>\n", "<", "é&" };
	struct adapter_view	*v = xcalloc(1, sizeof *v);
	struct adapter_buttons	 bs;
	const cJSON		*b, *f, *els;
	cJSON			*blocks;
	const char		*s;
	int			 i, nfields = 0;

	(void)state;
	v->state = ADAPTER_VIEW_PAUSED;
	view_test_longest(v, &longest);
	for (i = 0; i < ADAPTER_VIEW_FIELDS; i++)
		v->field[i].wide = i % 5 == 4;
	memset(&bs, 0, sizeof bs);
	for (i = 0; i < ADAPTER_BUTTONS_MAX; i++) {
		snprintf(bs.b[i].label, sizeof bs.b[i].label, "b%d", i);
		snprintf(bs.b[i].id, sizeof bs.b[i].id, "id%d", i);
		bs.b[i].row = i / ADAPTER_ROW_MAX;
	}
	bs.n = ADAPTER_BUTTONS_MAX;
	blocks = card_blocks(v, &bs);
	assert_true(cJSON_GetArraySize(blocks) <= BLOCKS_MAX);
	cJSON_ArrayForEach(b, blocks) {
		if (strcmp(type_of(b), "header") == 0) {
			s = text_of(cJSON_GetObjectItem(b, "text"));
			assert_int_equal(utf8_count(s), CARD_HEADER_MAX);
			assert_string_equal(s + strlen(s) - strlen("a…"), "a…");
		} else if (strcmp(type_of(b), "section") == 0) {
			if (cJSON_GetObjectItem(b, "text") != NULL) {
				s = text_of(cJSON_GetObjectItem(b, "text"));
				assert_true(utf8_count(s) >= 1 &&
				    utf8_count(s) <= BLOCKS_SECTION_MAX);
			}
			f = cJSON_GetObjectItem(b, "fields");
			assert_true(f == NULL || (cJSON_GetArraySize(f) >= 1 &&
			    cJSON_GetArraySize(f) <= CARD_FIELDS_MAX));
			cJSON_ArrayForEach(els, f) {
				s = text_of(els);
				assert_true(utf8_count(s) >= 1 &&
				    utf8_count(s) <= CARD_FIELD_MAX);
				/* Cut before an entity, never inside one. */
				assert_null(strstr(s, "&amp…"));
				assert_null(strstr(s, "&am…"));
				nfields++;
			}
			if (f == NULL && cJSON_GetObjectItem(b, "text") != NULL &&
			    strncmp(text_of(cJSON_GetObjectItem(b, "text")),
			    "*&lt;", 5) == 0)
				nfields++;
		} else if (strcmp(type_of(b), "context") == 0) {
			els = cJSON_GetObjectItem(b, "elements");
			assert_true(cJSON_GetArraySize(els) >= 1 &&
			    cJSON_GetArraySize(els) <= 10);
			s = text_of(cJSON_GetArrayItem(els, 0));
			assert_true(utf8_count(s) >= 1 &&
			    utf8_count(s) <= CARD_CONTEXT_MAX);
		} else
			assert_string_equal(type_of(b), "actions");
	}
	/* Room for every field besides five rows of buttons. */
	assert_int_equal(nfields, ADAPTER_VIEW_FIELDS);
	cJSON_Delete(blocks);
	free(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_card_parts),
		cmocka_unit_test(test_card_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
