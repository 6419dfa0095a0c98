/*
 * The console acting like a platform with buttons and edited messages
 * (console.buttons = yes), so transcripts can test what a Discord player
 * clicks.  A table's board prints as "[#bar board] ..." lines each time
 * it would be edited; buttons print under their message as
 *   [ephemeral @alice] buttons: [play 🍸 (🍹)] [play 🍺 (🥃)]
 * one line per row; and a line "alice: [play 🍸 (🍹)]" clicks the button
 * of that label: one of alice's latest private buttons (a DM or an
 * ephemeral answer) first, else the board's in the channel she speaks in.
 * As a platform's messages outlive the bot, the buttons on show are kept
 * in the state file (the store's refs "ui.<slot>", which name no table)
 * and shown again after a restart, so a transcript can click a button an
 * earlier run drew.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "adapters/console/console-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "bot/storage/store.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define CONSOLE_UI_KEY_MAX	16
#define CONSOLE_UI_SAVED_MAX	65536	/* bytes of a kept set, read back */

/* A remembered set of buttons: a user's latest private ones, or a board. */
struct console_ui {
	char			user[CONSOLE_NAME_MAX + 1];	/* "": a board */
	char			channel[CONSOLE_NAME_MAX + 1];	/* "dm": a DM */
	struct adapter_buttons	bs;
};

/* The slot for user (NULL: the channel's board), or a free one, or NULL. */
static struct console_ui **
console_ui_slot(struct console *c, const char *user, const char *channel)
{
	struct console_ui	**free_slot = NULL;
	int			  i;

	for (i = 0; i < CONSOLE_UI_MAX; i++) {
		if (c->ui[i] == NULL) {
			if (free_slot == NULL)
				free_slot = &c->ui[i];
			continue;
		}
		if (user != NULL && strcmp(c->ui[i]->user, user) == 0)
			return &c->ui[i];
		if (user == NULL && channel != NULL &&
		    c->ui[i]->user[0] == '\0' &&
		    strcmp(c->ui[i]->channel, channel) == 0)
			return &c->ui[i];
	}
	return free_slot;
}

/* Keeps slot i (NULL: none) in the state file; a failure is only logged. */
static void
console_ui_keep(struct console *c, int i)
{
	const struct console_ui	*ui = c->ui[i];
	cJSON			*o, *bs, *b;
	char			 key[CONSOLE_UI_KEY_MAX], *text, *cause = NULL;
	int			 j;

	if (ui == NULL)
		return;
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "user", ui->user);
	cJSON_AddStringToObject(o, "channel", ui->channel);
	bs = cJSON_AddArrayToObject(o, "buttons");
	for (j = 0; j < ui->bs.n; j++) {
		b = cJSON_CreateObject();
		cJSON_AddStringToObject(b, "label", ui->bs.b[j].label);
		cJSON_AddStringToObject(b, "id", ui->bs.b[j].id);
		cJSON_AddNumberToObject(b, "style", ui->bs.b[j].style);
		cJSON_AddNumberToObject(b, "row", ui->bs.b[j].row);
		cJSON_AddItemToArray(bs, b);
	}
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	snprintf(key, sizeof key, "ui.%d", i);
	if (store_ref_set(c->adapter.bot->store, c->adapter.ops->name, key,
	    text, &cause) != 0) {
		log_warn("console: keeping its buttons failed: %s", cause);
		free(cause);
	}
	free(text);
}

/* Copies JSON string member name of o into buf (size len); 0, or -1. */
static int
console_ui_string(const cJSON *o, const char *name, char *buf, size_t len)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!cJSON_IsString(v) || strlen(v->valuestring) >= len)
		return -1;
	memcpy(buf, v->valuestring, strlen(v->valuestring) + 1);
	return 0;
}

/* Reads a kept set into ui; 0, or -1 when it is not one. */
static int
console_ui_parse(const char *text, struct console_ui *ui)
{
	cJSON		*o = cJSON_Parse(text), *b;
	const cJSON	*style, *row;
	struct adapter_button *out;
	int		 rc = -1;

	memset(ui, 0, sizeof *ui);
	if (console_ui_string(o, "user", ui->user, sizeof ui->user) != 0 ||
	    console_ui_string(o, "channel", ui->channel,
	    sizeof ui->channel) != 0)
		goto out;
	cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(o, "buttons")) {
		if (ui->bs.n == ADAPTER_BUTTONS_MAX)
			goto out;
		out = &ui->bs.b[ui->bs.n++];
		style = cJSON_GetObjectItemCaseSensitive(b, "style");
		row = cJSON_GetObjectItemCaseSensitive(b, "row");
		if (console_ui_string(b, "label", out->label,
		    sizeof out->label) != 0 ||
		    console_ui_string(b, "id", out->id, sizeof out->id) != 0 ||
		    !cJSON_IsNumber(style) || !cJSON_IsNumber(row) ||
		    row->valueint < 0 || row->valueint >= ADAPTER_BUTTON_ROWS)
			goto out;
		out->style = style->valueint;
		out->row = row->valueint;
	}
	rc = ui->bs.n > 0 ? 0 : -1;
out:
	cJSON_Delete(o);
	return rc;
}

void
console_ui_restore(struct console *c)
{
	struct console_ui	 ui;
	char			 key[CONSOLE_UI_KEY_MAX], *text;
	int			 i;

	text = xmalloc(CONSOLE_UI_SAVED_MAX);
	for (i = 0; i < CONSOLE_UI_MAX; i++) {
		snprintf(key, sizeof key, "ui.%d", i);
		if (!store_ref_get(c->adapter.bot->store, c->adapter.ops->name,
		    key, text, CONSOLE_UI_SAVED_MAX) ||
		    console_ui_parse(text, &ui) != 0)
			continue;
		c->ui[i] = xmalloc(sizeof *c->ui[i]);
		*c->ui[i] = ui;
	}
	free(text);
}

/* Are a and b the same buttons (those in use; the rest is not set)? */
static int
console_ui_same(const struct adapter_buttons *a, const struct adapter_buttons *b)
{
	int	i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (strcmp(a->b[i].id, b->b[i].id) != 0 ||
		    strcmp(a->b[i].label, b->b[i].label) != 0 ||
		    a->b[i].row != b->b[i].row || a->b[i].style != b->b[i].style)
			return 0;
	return 1;
}

void
console_ui_show(struct console *c, const char *tag, const char *user,
    const char *channel, const struct adapter_buttons *bs)
{
	struct console_ui	**slot;
	struct buf		  b;
	int			  i, row;

	if (bs == NULL || bs->n == 0 ||
	    !(c->adapter.ops->flags & ADAPTER_BUTTONS))
		return;
	buf_init(&b, 8192);
	for (i = 0; i < bs->n; i++) {
		row = bs->b[i].row;
		buf_printf(&b, "%s[%s]", i == 0 ? "buttons: " :
		    row != bs->b[i - 1].row ? "\nbuttons: " : " ",
		    bs->b[i].label);
	}
	console_print(tag, buf_str(&b));
	buf_release(&b);

	if ((slot = console_ui_slot(c, user, channel)) == NULL)
		return;		/* a test with more sets than that is odd */
	if (*slot == NULL)
		*slot = xcalloc(1, sizeof **slot);
	else if (strcmp((*slot)->channel, channel) == 0 &&
	    console_ui_same(&(*slot)->bs, bs))
		return;		/* the same buttons again: kept already */
	snprintf((*slot)->user, sizeof (*slot)->user, "%s", user == NULL ? "" :
	    user);
	snprintf((*slot)->channel, sizeof (*slot)->channel, "%s", channel);
	(*slot)->bs = *bs;
	console_ui_keep(c, (int)(slot - c->ui));
}

/* The button labelled label in ui, or NULL. */
static const struct adapter_button *
console_ui_find(const struct console_ui *ui, const char *label, size_t len)
{
	int	i;

	for (i = 0; ui != NULL && i < ui->bs.n; i++)
		if (strlen(ui->bs.b[i].label) == len &&
		    strncmp(ui->bs.b[i].label, label, len) == 0)
			return &ui->bs.b[i];
	return NULL;
}

void
console_ui_click(struct console *c, struct bot_event *ev, const char *line)
{
	const struct adapter_button	 *b = NULL;
	struct console_ui		**slot, *ui = NULL;
	const char			 *end = strrchr(line, ']');
	char				  id[ADAPTER_BUTTON_ID_MAX + 1];
	char				  channel[CONSOLE_NAME_MAX + 1];

	if (end == NULL || end[1] != '\0') {
		console_note(c, "console", "A click is \"[label]\", the label of "
		    "a button shown.");
		return;
	}
	if ((slot = console_ui_slot(c, ev->user_id, NULL)) != NULL &&
	    *slot != NULL) {
		ui = *slot;
		b = console_ui_find(ui, line + 1, (size_t)(end - line - 1));
	}
	if (b == NULL && !ev->is_dm &&
	    (slot = console_ui_slot(c, NULL, ev->channel)) != NULL &&
	    *slot != NULL) {
		ui = *slot;
		b = console_ui_find(ui, line + 1, (size_t)(end - line - 1));
	}
	if (b == NULL) {
		console_note(c, "console", "No button with that label is shown "
		    "to you.");
		return;
	}
	snprintf(id, sizeof id, "%s", b->id);
	snprintf(channel, sizeof channel, "%s", ui->channel);
	ev->is_button = 1;
	ev->text = id;
	ev->is_dm = strcmp(channel, "dm") == 0;
	if (!ev->is_dm)
		ev->channel = channel;
	bot_handle_event(c->adapter.bot, ev);
}

int
console_ui_board(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_view *view,
    const struct adapter_buttons *bs, enum adapter_board how, char **cause)
{
	struct console	*c = a->priv;
	char		 tag[CONSOLE_NAME_MAX + 32];

	(void)table;
	(void)view;		/* the console shows the board's text */
	(void)cause;
	if (news != NULL)
		console_print(channel, news);
	snprintf(tag, sizeof tag, "%s board%s", channel,
	    how == ADAPTER_BOARD_REPOST ? ", again" :
	    how == ADAPTER_BOARD_FINAL ? ", final" : "");
	console_print(tag, text);
	console_ui_show(c, tag, NULL, channel, bs);
	return 0;
}

void
console_ui_free(struct console *c)
{
	int	i;

	for (i = 0; i < CONSOLE_UI_MAX; i++)
		free(c->ui[i]);
}
