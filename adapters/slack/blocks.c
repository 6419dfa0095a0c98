/*
 * Block Kit: the bot's text and buttons as a Slack message.
 *
 * Text becomes mrkdwn section blocks of at most BLOCKS_SECTION_MAX
 * characters, cut at line ends.  Slack reads "&", "<" and ">" as markup,
 * so they are escaped, except the mentions the adapter itself writes
 * ("<@U123>", "<#C123>").  Each row of buttons becomes one actions block
 * (at most BLOCKS_ACTIONS_MAX elements); a button's text is cut to
 * BLOCKS_BUTTON_TEXT_MAX characters, and the bot's button id is both its
 * action_id (at most 255 characters, unique in the message, as the bot's
 * ids are) and its value.  The message's "text" is the notification
 * fallback, the same text cut shorter.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "lib/buf.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/* The escaped text of a whole board or hand, with room. */
#define BLOCKS_TEXT_CAP		(256 * 1024)

/* Length of a mention "<@U123>" or "<#C123>" at p, or 0 when it is none. */
static size_t
blocks_mention_len(const char *p)
{
	size_t	n = 2;

	if (p[0] != '<' || (p[1] != '@' && p[1] != '#'))
		return 0;
	while ((p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= '0' && p[n] <= '9'))
		n++;
	if (n == 2 || p[n] != '>' || n > SLACK_ID_MAX)
		return 0;
	return n + 1;
}

char *
blocks_escape(const char *text)
{
	struct buf	 b;
	const char	*p;
	size_t		 n;

	buf_init(&b, BLOCKS_TEXT_CAP);
	for (p = text; *p != '\0'; p++) {
		if ((n = blocks_mention_len(p)) > 0) {
			buf_add(&b, p, n);
			p += n - 1;
		} else if (*p == '&')
			buf_puts(&b, "&amp;");
		else if (*p == '<')
			buf_puts(&b, "&lt;");
		else if (*p == '>')
			buf_puts(&b, "&gt;");
		else
			buf_add(&b, p, 1);
	}
	return buf_detach(&b);
}

/*
 * Bytes of escaped text's first part of at most max characters: up to
 * and with the last newline within the limit, else the last space, else
 * max characters; never inside an entity or a mention.
 */
static size_t
blocks_cut(const char *text, size_t max)
{
	size_t	i = 0, chars = 0, lastnl = 0, lastsp = 0, open = 0;
	int	inside = 0;

	while (text[i] != '\0') {
		if (((unsigned char)text[i] & 0xc0) != 0x80) {
			if (chars == max)
				break;
			chars++;
		}
		if (text[i] == '&' || text[i] == '<') {
			inside = 1;
			open = i;
		} else if (text[i] == ';' || text[i] == '>')
			inside = 0;
		if (text[i] == '\n')
			lastnl = i + 1;
		else if (text[i] == ' ' && !inside)
			lastsp = i + 1;
		i++;
	}
	if (text[i] == '\0')
		return i;
	if (lastnl > 0)
		return lastnl;
	if (lastsp > 0)
		return lastsp;
	if (inside && open > 0)
		return open;
	/* Back to the start of a UTF-8 sequence. */
	while (i > 0 && ((unsigned char)text[i] & 0xc0) == 0x80)
		i--;
	return i;
}

char *
blocks_fit(const char *esc, size_t max)
{
	char	*cut, *s;
	size_t	 n;

	if (esc[utf8_prefix(esc, max)] == '\0')
		return xstrdup(esc);
	n = blocks_cut(esc, max - 1);
	cut = xstrndup(esc, n);
	/* A cut at a line's end or a space leaves it at the text's end. */
	while (n > 0 && (cut[n - 1] == '\n' || cut[n - 1] == ' '))
		cut[--n] = '\0';
	s = xasprintf("%s…", cut);
	free(cut);
	return s;
}

cJSON *
blocks_mrkdwn(const char *esc, size_t len)
{
	cJSON	*t = cJSON_CreateObject();
	char	*copy = xstrndup(esc, len);

	cJSON_AddStringToObject(t, "type", "mrkdwn");
	cJSON_AddStringToObject(t, "text", copy);
	cJSON_AddBoolToObject(t, "verbatim", 1);
	free(copy);
	return t;
}

static void
blocks_add_section(cJSON *blocks, const char *text, size_t len)
{
	cJSON	*sec = cJSON_CreateObject();

	cJSON_AddStringToObject(sec, "type", "section");
	cJSON_AddItemToObject(sec, "text", blocks_mrkdwn(text, len));
	cJSON_AddItemToArray(blocks, sec);
}

static cJSON *
blocks_button(const struct adapter_button *btn)
{
	cJSON		*b, *t;
	const char	*text = btn->label[0] != '\0' ? btn->label : "?";
	char		*label;

	b = cJSON_CreateObject();
	cJSON_AddStringToObject(b, "type", "button");
	t = cJSON_AddObjectToObject(b, "text");
	cJSON_AddStringToObject(t, "type", "plain_text");
	label = xstrndup(text, utf8_prefix(text, BLOCKS_BUTTON_TEXT_MAX));
	cJSON_AddStringToObject(t, "text", label);
	free(label);
	cJSON_AddBoolToObject(t, "emoji", 1);
	cJSON_AddStringToObject(b, "action_id", btn->id);
	cJSON_AddStringToObject(b, "value", btn->id);
	if (btn->style == ADAPTER_STYLE_PRIMARY ||
	    btn->style == ADAPTER_STYLE_SUCCESS)
		cJSON_AddStringToObject(b, "style", "primary");
	else if (btn->style == ADAPTER_STYLE_DANGER)
		cJSON_AddStringToObject(b, "style", "danger");
	return b;
}

int
blocks_rows(const struct adapter_buttons *bs)
{
	int	i, rows = 0, inrow = 0;

	if (bs == NULL)
		return 0;
	for (i = 0; i < bs->n; i++) {
		if (i == 0 || bs->b[i].row != bs->b[i - 1].row ||
		    inrow == BLOCKS_ACTIONS_MAX) {
			rows++;
			inrow = 0;
		}
		inrow++;
	}
	return rows;
}

void
blocks_add_actions(cJSON *blocks, const struct adapter_buttons *bs)
{
	cJSON	*row = NULL, *els = NULL;
	char	*id;
	int	 i, nrows = 0, inrow = 0;

	for (i = 0; bs != NULL && i < bs->n; i++) {
		if (row == NULL || bs->b[i].row != bs->b[i - 1].row ||
		    inrow == BLOCKS_ACTIONS_MAX) {
			row = cJSON_CreateObject();
			cJSON_AddStringToObject(row, "type", "actions");
			id = xasprintf("row%d", nrows);
			cJSON_AddStringToObject(row, "block_id", id);
			free(id);
			els = cJSON_AddArrayToObject(row, "elements");
			cJSON_AddItemToArray(blocks, row);
			nrows++;
			inrow = 0;
		}
		cJSON_AddItemToArray(els, blocks_button(&bs->b[i]));
		inrow++;
	}
}

cJSON *
blocks_build(const char *text, const struct adapter_buttons *bs)
{
	cJSON		*blocks = cJSON_CreateArray();
	char		*esc = blocks_escape(text), *last;
	const char	*p = esc;
	size_t		 n;
	int		 room;

	room = BLOCKS_MAX - blocks_rows(bs);
	while (*p != '\0') {
		/* Skip the empty lines a cut leaves at a part's start. */
		while (*p == '\n')
			p++;
		if (*p == '\0')
			break;
		n = blocks_cut(p, BLOCKS_SECTION_MAX);
		if (room == 1 && p[n] != '\0') {
			/* The last block there is room for: cut, and say so. */
			last = blocks_fit(p, BLOCKS_SECTION_MAX);
			blocks_add_section(blocks, last, strlen(last));
			free(last);
			break;
		}
		blocks_add_section(blocks, p, n);
		room--;
		p += n;
	}
	free(esc);
	blocks_add_actions(blocks, bs);
	return blocks;
}

void
blocks_add_text(cJSON *body, const char *text)
{
	char	*esc = blocks_escape(text), *fallback;

	fallback = xstrndup(esc, blocks_cut(esc, BLOCKS_FALLBACK_MAX));
	cJSON_AddStringToObject(body, "text", fallback);
	free(fallback);
	free(esc);
}

void
blocks_message(cJSON *body, const char *text, const struct adapter_buttons *bs)
{
	blocks_add_text(body, text);
	cJSON_AddItemToObject(body, "blocks", blocks_build(text, bs));
}
