/*
 * replay <table>: every move of a finished game, as the channel saw it,
 * sent privately to whoever asks on the server it was played on (table
 * numbers are counted per server, so "replay 3" there names that server's
 * table 3; in a DM, the asker's own table 3).  A player of that game also
 * gets what only they saw at the end: their own recipe and hand.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/saying/final-table.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/restore.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static int	cmd_replay_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_replay_entry = {
	.name = "replay",
	.summary = "every move of a finished game, privately",
	.nargs = 1,
	.args = { { "table", GAME_ARG_COUNT, "the table number the game's end "
	    "named", 0, NULL, 1, 2000000000 } },
	.exec = cmd_replay_exec,
};

/* Appends one move's public events to the log. */
static void
cmd_replay_move(struct table *t, int seat, const struct game_move *m,
    const struct game_events *ev, void *arg)
{
	struct buf	*b = arg;
	char		*line;
	int		 i;

	(void)seat;
	(void)m;
	for (i = 0; i < ev->n; i++) {
		line = render_expand(t, ev->ev[i].text);
		if (b->len + strlen(line) + 64 < b->max)
			buf_printf(b, "\n%s", line);
		else
			b->truncated = 1;
		free(line);
	}
}

static int
cmd_replay_exec(struct cmd_ctx *ctx, char **cause)
{
	struct store_asker who;
	struct table	*t;
	struct buf	 log, out, rank;
	char		*end, *seats, *view, where[TABLE_ID_MAX + 8];
	long		 id;
	int		 seat;

	if (ctx->argc != 2 || (id = strtol(ctx->argv[1][0] == '#' ?
	    ctx->argv[1] + 1 : ctx->argv[1], &end, 10)) < 1 || *end != '\0')
		return set_cause(cause, "Give the table number, like %s replay "
		    "12; the end of each game names it.", ctx->command);
	who.server = ctx->ev->server;
	who.user_id = ctx->ev->user_id;
	who.is_dm = ctx->ev->is_dm;
	buf_init(&log, RENDER_MAX - 4096);
	t = restore_load_finished(ctx->bot, ctx->ev->adapter, &who,
	    (uint64_t)id, cmd_replay_move, &log, cause);
	if (t == NULL) {
		buf_release(&log);
		return -1;
	}
	seats = render_seat_list(t);
	buf_init(&out, RENDER_MAX);
	render_channel(ctx->ev->adapter, t->channel, where, sizeof where);
	buf_printf(&out, "Replay of table %ld, %s in %s with %s (%d moves):",
	    id, t->ops->title, where, seats, t->nmoves);
	buf_puts(&out, buf_str(&log));
	if (log.truncated)
		buf_puts(&out, "\n(The rest of the log does not fit in one "
		    "message.)");
	/* The same final table the channel saw (bot/saying/final-table.h). */
	buf_init(&rank, RENDER_MAX);
	if (final_lines(t, &rank) == 0)
		buf_printf(&out, "\n%s", buf_str(&rank));
	buf_release(&rank);
	/* What only this player saw: sent to them alone, like all of it. */
	if ((seat = table_seat_of(t, ctx->ev->user_id)) >= 0) {
		view = t->ops->render_private(t->game, seat);
		buf_printf(&out, "\nWhat you alone saw at the end:\n%s", view);
		free(view);
	}
	view = render_expand(t, buf_str(&out));
	cmd_reply(ctx, 1, "%s", view);
	free(view);
	free(seats);
	buf_release(&out);
	buf_release(&log);
	table_free(t);
	return 0;
}
