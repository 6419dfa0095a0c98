/*
 * The board: a running game as the channel sees it.  See board-post.h for the
 * two ways a table is shown (one edited message, or a message per move).
 */
#include <stdlib.h>
#include <string.h>

#include "bot/saying/board-post.h"
#include "bot/saying/board-view.h"
#include "bot/bot.h"
#include "bot/saying/buttons.h"
#include "bot/daemon/config.h"
#include "bot/saying/final-table.h"
#include "bot/daemon/log.h"
#include "bot/saying/narrate.h"
#include "bot/saying/outbox.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

/* Does t's platform keep a board (one edited message)? */
static int
board_edits(const struct table *t)
{
	return (t->adapter->ops->flags & ADAPTER_EDIT) &&
	    t->adapter->ops->board != NULL;
}

/* Remembers one event line (borrowed) for the board's "recent" list. */
static void
board_remember(struct table *t, const char *line)
{
	int	i;

	free(t->recent[0]);
	for (i = 1; i < TABLE_RECENT; i++)
		t->recent[i - 1] = t->recent[i];
	t->recent[TABLE_RECENT - 1] = xstrdup(line);
}

/* "This was table 7: ..." after the end; caller frees. */
static char *
board_epilogue(const struct table *t)
{
	char	cmd[RENDER_COMMAND_MAX];

	render_command(t->adapter, cmd, sizeof cmd);
	return xasprintf("This was table %llu: %s replay %llu shows every "
	    "move, %s stats your record.", (unsigned long long)t->num, cmd,
	    (unsigned long long)t->num, cmd);
}

/*
 * Writes the public view (borrowed) of a game that ended before its
 * result into b: how it ended (t->ended), then the view without the lines
 * that ask someone to move.
 */
static void
board_put_ended(struct table *t, struct buf *b, const char *view)
{
	struct game_prompt	*p;
	const char		*line, *nl;
	size_t			 len;
	int			 i, n, asks;

	buf_printf(b, "%s\n", t->ended);
	p = xcalloc(GAME_MAX_PROMPTS, sizeof *p);
	n = t->ops->pending(t->game, p, GAME_MAX_PROMPTS);
	for (line = view; *line != '\0'; line = nl) {
		if ((nl = strchr(line, '\n')) == NULL)
			nl = line + strlen(line);
		len = (size_t)(nl - line);
		for (asks = 0, i = 0; i < n && !asks; i++)
			asks = p[i].text[0] != '\0' &&
			    memmem(line, len, p[i].text, strlen(p[i].text)) !=
			    NULL;
		if (*nl == '\n')
			nl++;
		if (!asks)
			buf_printf(b, "%.*s", (int)(nl - line), line);
	}
	free(p);
}

/*
 * Sends the board: the public view, then the recent events, with buttons
 * while the game runs.  news (may be NULL) is borrowed, in game text.
 */
static void
board_send(struct table *t, const char *news, enum adapter_board how)
{
	struct adapter_buttons	 bs;
	struct adapter_view	*v;
	struct buf		 b, rank;
	char			*view, *text, *said = NULL, *cause = NULL;
	int			 i, first = 1;

	buf_init(&b, RENDER_MAX);
	view = t->ops->render_public(t->game);
	if (how == ADAPTER_BOARD_FINAL && t->ended != NULL)
		board_put_ended(t, &b, view);
	else
		buf_puts(&b, view);
	free(view);
	/* The final board holds the ranking (bot/saying/final-table.h). */
	buf_init(&rank, RENDER_MAX);
	if (how == ADAPTER_BOARD_FINAL && final_lines(t, &rank) == 0)
		buf_printf(&b, "\n%s", buf_str(&rank));
	buf_release(&rank);
	if (t->paused && how != ADAPTER_BOARD_FINAL)
		buf_puts(&b, "\nPaused: I cannot save moves right now and keep "
		    "trying.");
	for (i = 0; i < TABLE_RECENT; i++) {
		if (t->recent[i] == NULL)
			continue;
		buf_printf(&b, "%s%s", first ? "\n\nLately:\n· " : "\n· ",
		    t->recent[i]);
		first = 0;
	}
	text = render_expand(t, buf_str(&b));
	buf_release(&b);
	if (news != NULL && *news != '\0')
		said = render_expand(t, news);

	bs.n = 0;
	if (how != ADAPTER_BOARD_FINAL && (t->adapter->ops->flags & ADAPTER_BUTTONS))
		button_board(t, &bs);
	v = board_view_new(t, how);
	if (outbox_board(t->adapter, t->channel, t->id, said, text, v, &bs,
	    how, &cause) != 0) {
		log_warn("table %llu: showing the table in %s failed: %s",
		    (unsigned long long)t->id, t->channel, cause);
		free(cause);
	}
	t->board_shown = how != ADAPTER_BOARD_FINAL;
	free(v);
	free(said);
	free(text);
}

/*
 * Without a board: the move as one line (bot/saying/narrate.h); at the end the
 * epilogue follows, and the whole table after a move that changed all
 * of it.
 */
static void
board_post(struct table *t, const struct game_events *ev,
    const struct narrate_asked *before, const char *lead, int over)
{
	struct buf	 b;
	char		*s;

	buf_init(&b, RENDER_MAX);
	s = narrate_move(t, ev, before, lead);
	buf_puts(&b, s);
	free(s);
	if (over) {
		/* The ranking, then where to find the game again. */
		if (b.len > 0)
			buf_puts(&b, "\n");
		if (final_lines(t, &b) == 0)
			buf_puts(&b, "\n");
		s = board_epilogue(t);
		buf_puts(&b, s);
		free(s);
	} else if (ev->show_table) {
		s = t->ops->render_public(t->game);
		buf_printf(&b, "%s%s", b.len > 0 ? "\n" : "", s);
		free(s);
	}
	if (b.len > 0)
		outbox_say(t, buf_str(&b));
	buf_release(&b);
}

void
board_move(struct table *t, const struct game_events *ev,
    const struct narrate_asked *before, const char *lead, int over)
{
	struct buf	 news, notable;
	char		*s;
	int		 i;

	if (!board_edits(t)) {
		board_post(t, ev, before, lead, over);
		return;
	}
	/* Prompts are on the board itself, in the public view. */
	buf_init(&news, RENDER_MAX);
	buf_init(&notable, RENDER_MAX);
	if (lead != NULL)
		buf_puts(&news, lead);
	for (i = 0; i < ev->n; i++) {
		switch (ev->ev[i].kind) {
		case GAME_EV_PROMPT:
			continue;
		case GAME_EV_CHEERS:
		case GAME_EV_END:
			buf_printf(&notable, "%s%s", notable.len ? "\n" : "",
			    ev->ev[i].text);
			break;
		case GAME_EV_INFO:
			buf_printf(&news, "%s%s", news.len ? "\n" : "",
			    ev->ev[i].text);
			break;
		}
		board_remember(t, ev->ev[i].text);
	}
	board_send(t, buf_str(&news), over ? ADAPTER_BOARD_FINAL :
	    ADAPTER_BOARD_UPDATE);
	if (over) {
		s = board_epilogue(t);
		buf_printf(&notable, "%s%s", notable.len ? "\n" : "", s);
		free(s);
	}
	if (notable.len > 0) {
		s = narrate_wrap(t, buf_str(&notable));
		outbox_say(t, s);
		free(s);
	}
	buf_release(&news);
	buf_release(&notable);
}

void
board_start(struct table *t)
{
	char	*news, *view;

	news = xasprintf("The game of %s begins! Seats are drawn at random.",
	    t->ops->title);
	if (board_edits(t))
		board_send(t, news, ADAPTER_BOARD_UPDATE);
	else {
		view = t->ops->render_public(t->game);
		free(news);
		news = xasprintf("The game of %s begins! Seats are drawn at "
		    "random.\n%s", t->ops->title, view);
		free(view);
		outbox_say(t, news);
	}
	free(news);
}

int
board_repost(struct table *t, const char *news)
{
	if (!board_edits(t) || t->game == NULL || t->state != TABLE_PLAYING)
		return -1;
	board_send(t, news, ADAPTER_BOARD_REPOST);
	return 0;
}

void
board_close(struct table *t)
{
	if (!t->board_shown || !board_edits(t) || t->game == NULL)
		return;
	board_send(t, NULL, ADAPTER_BOARD_FINAL);
	narrate_dm_end(t);
}
