/*
 * The board's view: a running game's table in parts (struct adapter_view),
 * for a platform that shows a board as a card (ADAPTER_VIEW): a Discord
 * embed, Slack's Block Kit.  The game gives its parts (render_board); this
 * file names each seat the way each part can show it (a mention, or a
 * plain name where the platform shows no mentions), adds what the bot
 * knows (the table's number, its state, its last moves) and caps it all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/saying/board-view.h"
#include "bot/saying/final-table.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

/* Copies src into dst (len bytes, at least 1), cut before a character. */
static void
boardview_copy(char *dst, size_t len, const char *src)
{
	size_t	n = strlen(src);

	if (n >= len) {
		n = len - 1;
		while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Game text (borrowed) into dst: seats as mentions, or plain names. */
static void
boardview_put(const struct table *t, char *dst, size_t len, const char *text,
    int plain)
{
	char	*s;

	s = plain ? render_expand_names(t, text) : render_expand(t, text);
	boardview_copy(dst, len, s);
	free(s);
}

/* The table's last moves, oldest first, one a line, with mentions. */
static void
boardview_recent(const struct table *t, struct adapter_view *v)
{
	struct buf	 b;
	char		*s;
	int		 i;

	buf_init(&b, RENDER_MAX);
	for (i = 0; i < TABLE_RECENT; i++) {
		if (t->recent[i] == NULL)
			continue;
		s = render_expand(t, t->recent[i]);
		buf_printf(&b, "%s%s", b.len > 0 ? "\n" : "", s);
		free(s);
	}
	boardview_copy(v->recent, sizeof v->recent, buf_str(&b));
	buf_release(&b);
}

struct adapter_view *
board_view_new(const struct table *t, enum adapter_board how)
{
	struct adapter_view	*v;
	struct game_board	*gb;
	struct game_result	 r;
	char			 status[ADAPTER_VIEW_TEXT_MAX];
	int			 i;

	if (!(t->adapter->ops->flags & ADAPTER_VIEW) || t->game == NULL ||
	    t->ops->render_board == NULL)
		return NULL;
	gb = xmalloc(sizeof *gb);
	t->ops->render_board(t->game, gb);
	v = xcalloc(1, sizeof *v);

	t->ops->result(t->game, &r);
	if (how == ADAPTER_BOARD_FINAL || r.state != GAME_RUNNING)
		v->state = ADAPTER_VIEW_OVER;
	else if (t->paused)
		v->state = ADAPTER_VIEW_PAUSED;
	else
		v->state = ADAPTER_VIEW_RUNNING;
	snprintf(v->title, sizeof v->title, "%s · table %llu", t->ops->title,
	    (unsigned long long)t->num);

	snprintf(status, sizeof status, "%s%s", v->state == ADAPTER_VIEW_PAUSED ?
	    "Paused: I cannot save moves right now and keep trying. " : "",
	    how == ADAPTER_BOARD_FINAL && t->ended != NULL &&
	    r.state == GAME_RUNNING ? t->ended : gb->status);
	boardview_put(t, v->status, sizeof v->status, status, 0);
	boardview_put(t, v->footer, sizeof v->footer, status, 1);
	boardview_put(t, v->summary, sizeof v->summary, gb->summary, 0);
	boardview_recent(t, v);
	for (i = 0; i < gb->nfields && i < ADAPTER_VIEW_FIELDS; i++) {
		boardview_put(t, v->field[i].name, sizeof v->field[i].name,
		    gb->field[i].name, 1);
		boardview_put(t, v->field[i].value, sizeof v->field[i].value,
		    gb->field[i].value, 0);
		v->field[i].wide = gb->field[i].wide;
	}
	v->nfields = i;
	/* A finished game's board leads with its ranking. */
	if (v->state == ADAPTER_VIEW_OVER)
		final_field(t, v);
	free(gb);
	return v;
}
