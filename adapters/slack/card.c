/*
 * Cards: a board's view (struct adapter_view) as Block Kit, the same card
 * as Discord's embed.  A header block names the game and the table after
 * a mark of the table's state (Block Kit has no colours); a section holds
 * what belongs to no seat; the fields go two columns wide into sections
 * of fields ("*name*" over the value), a wide field into a section of its
 * own; the last moves and, last, the state and whose turn it is are
 * context blocks; then the buttons, as blocks.c makes them.
 *
 * Slack's limits (characters): a message of 50 blocks, a header of 150
 * (plain text), a section's text of 3000, 10 fields in a section with 2000
 * each, a context's text of 3000.  Each part is cut to its limit (a cut
 * part ends in "…"); fields stop where the 50 blocks would not hold the
 * rest.  Mrkdwn is escaped (blocks_escape), the header is plain text.
 */
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "lib/buf.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/* The mark and the word of each state (enum adapter_view_state). */
static const char *const card_marks[] = {
	[ADAPTER_VIEW_LOBBY] = "🔵",
	[ADAPTER_VIEW_RUNNING] = "🟢",
	[ADAPTER_VIEW_PAUSED] = "🟡",
	[ADAPTER_VIEW_OVER] = "🏁",
};
static const char *const card_words[] = {
	[ADAPTER_VIEW_LOBBY] = "Waiting",
	[ADAPTER_VIEW_RUNNING] = "Playing",
	[ADAPTER_VIEW_PAUSED] = "Paused",
	[ADAPTER_VIEW_OVER] = "Over",
};

/* A text object of mrkdwn: esc (escaped, borrowed) cut to max. */
static cJSON *
card_mrkdwn(const char *esc, size_t max)
{
	char	*fit = blocks_fit(esc, max);
	cJSON	*t = blocks_mrkdwn(fit, strlen(fit));

	free(fit);
	return t;
}

/* A block of type with its mrkdwn text in "text" (section) or "elements". */
static void
card_text_block(cJSON *blocks, const char *type, const char *esc, size_t max)
{
	cJSON	*b = cJSON_CreateObject();

	cJSON_AddStringToObject(b, "type", type);
	if (strcmp(type, "context") == 0)
		cJSON_AddItemToArray(cJSON_AddArrayToObject(b, "elements"),
		    card_mrkdwn(esc, max));
	else
		cJSON_AddItemToObject(b, "text", card_mrkdwn(esc, max));
	cJSON_AddItemToArray(blocks, b);
}

/* "*name*\nvalue", escaped; caller frees. */
static char *
card_field_text(const struct adapter_view_field *f)
{
	char	*name = blocks_escape(f->name), *value = blocks_escape(f->value);
	char	*s;

	s = xasprintf("*%s*\n%s", name, value[0] != '\0' ? value : "—");
	free(name);
	free(value);
	return s;
}

/* The last moves, "· " before each, escaped; caller frees. */
static char *
card_recent(const struct adapter_view *v)
{
	struct buf	 b;
	const char	*p, *nl;
	char		*s;

	buf_init(&b, sizeof v->recent * 2);
	for (p = v->recent; *p != '\0'; p = *nl == '\0' ? nl : nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if (nl > p)
			buf_printf(&b, "%s· %.*s", b.len > 0 ? "\n" : "",
			    (int)(nl - p), p);
	}
	s = blocks_escape(buf_str(&b));
	buf_release(&b);
	return s;
}

/* The header: the state's mark, the game and the table, plain text. */
static void
card_header(cJSON *blocks, const struct adapter_view *v, int state)
{
	cJSON	*b = cJSON_CreateObject(), *t;
	char	*s, *cut;

	s = xasprintf("%s %s", card_marks[state], v->title);
	if (s[utf8_prefix(s, CARD_HEADER_MAX)] != '\0') {
		s[utf8_prefix(s, CARD_HEADER_MAX - 1)] = '\0';
		cut = xasprintf("%s…", s);
		free(s);
		s = cut;
	}
	cJSON_AddStringToObject(b, "type", "header");
	t = cJSON_AddObjectToObject(b, "text");
	cJSON_AddStringToObject(t, "type", "plain_text");
	cJSON_AddStringToObject(t, "text", s);
	cJSON_AddBoolToObject(t, "emoji", 1);
	cJSON_AddItemToArray(blocks, b);
	free(s);
}

/* The fields, in at most room blocks. */
static void
card_fields(cJSON *blocks, const struct adapter_view *v, int room)
{
	cJSON	*sec = NULL, *fields = NULL;
	char	*text;
	int	 i;

	for (i = 0; i < v->nfields && i < ADAPTER_VIEW_FIELDS; i++) {
		text = card_field_text(&v->field[i]);
		if (v->field[i].wide) {
			if (room-- <= 0) {
				free(text);
				return;
			}
			card_text_block(blocks, "section", text,
			    BLOCKS_SECTION_MAX);
			sec = NULL;
		} else {
			if (sec == NULL ||
			    cJSON_GetArraySize(fields) == CARD_FIELDS_MAX) {
				if (room-- <= 0) {
					free(text);
					return;
				}
				sec = cJSON_CreateObject();
				cJSON_AddStringToObject(sec, "type", "section");
				fields = cJSON_AddArrayToObject(sec, "fields");
				cJSON_AddItemToArray(blocks, sec);
			}
			cJSON_AddItemToArray(fields, card_mrkdwn(text,
			    CARD_FIELD_MAX));
		}
		free(text);
	}
}

cJSON *
card_blocks(const struct adapter_view *v, const struct adapter_buttons *bs)
{
	cJSON	*blocks = cJSON_CreateArray();
	char	*esc, *s;
	int	 state = v->state, room;

	if (state < 0 || state > ADAPTER_VIEW_OVER)
		state = ADAPTER_VIEW_RUNNING;
	/* The header, the summary, the two contexts and the buttons. */
	room = BLOCKS_MAX - 4 - blocks_rows(bs);
	card_header(blocks, v, state);
	if (v->summary[0] != '\0') {
		esc = blocks_escape(v->summary);
		card_text_block(blocks, "section", esc, BLOCKS_SECTION_MAX);
		free(esc);
	}
	card_fields(blocks, v, room);
	if (v->recent[0] != '\0') {
		esc = card_recent(v);
		card_text_block(blocks, "context", esc, CARD_CONTEXT_MAX);
		free(esc);
	}
	esc = blocks_escape(v->status);
	s = xasprintf("*%s*%s%s", card_words[state], esc[0] != '\0' ?
	    " · " : "", esc);
	card_text_block(blocks, "context", s, CARD_CONTEXT_MAX);
	free(s);
	free(esc);
	blocks_add_actions(blocks, bs);
	return blocks;
}

void
card_message(cJSON *body, const char *text, const struct adapter_view *v,
    const struct adapter_buttons *bs)
{
	blocks_add_text(body, text);
	cJSON_AddItemToObject(body, "blocks", card_blocks(v, bs));
}
