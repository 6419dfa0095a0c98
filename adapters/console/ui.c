/*
 * The console acting like a platform with buttons and edited messages
 * (console.buttons = yes), so transcripts can test what a Discord player
 * clicks.  A table's board prints as "[#bar board] ..." lines each time
 * it would be edited; buttons print under their message as
 *   [ephemeral @alice] buttons: [play 🍸 (🍹)] [play 🍺 (🥃)]
 * one line per row; and a line "alice: [play 🍸 (🍹)]" clicks the button
 * of that label: one of alice's latest private buttons (a DM or an
 * ephemeral answer) first, else the board's in the channel she speaks in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/console/console-int.h"
#include "bot/bot.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

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
	snprintf((*slot)->user, sizeof (*slot)->user, "%s", user == NULL ? "" :
	    user);
	snprintf((*slot)->channel, sizeof (*slot)->channel, "%s", channel);
	(*slot)->bs = *bs;
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
