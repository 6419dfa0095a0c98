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
#include "bot/commands/cmd-later.h"
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

/*
 * A replay's answer (bot/commands/cmd-later.h): the table asked for,
 * and its log, rebuilt as the store reads it.
 */
struct cmd_replay_later {
	struct cmd_later	 l;
	long			 id;
	char			 user_id[TABLE_ID_MAX];
	struct table		*t;
	struct buf		 log;
};

static void
cmd_replay_drop(struct cmd_later *l)
{
	struct cmd_replay_later	*r = (struct cmd_replay_later *)l;

	if (r->t != NULL)
		table_free(r->t);
	buf_release(&r->log);
}

/* The table was loaded (rc 0), or not (cause, a sentence): the answer. */
static void
cmd_replay_read(struct cmd_later *l, int rc, char *cause)
{
	struct cmd_replay_later	*r = (struct cmd_replay_later *)l;
	struct table		*t = r->t;
	struct buf		 out, rank;
	char			*seats, *view, where[TABLE_ID_MAX + 8];
	int			 seat;

	if (rc != 0) {
		cmd_later_say(l, 1, cause);
		free(cause);
		return;
	}
	seats = render_seat_list(t);
	buf_init(&out, RENDER_MAX);
	render_channel(t->adapter, t->channel, where, sizeof where);
	buf_printf(&out, "Replay of table %ld, %s in %s with %s (%d moves):",
	    r->id, t->ops->title, where, seats, t->nmoves);
	buf_puts(&out, buf_str(&r->log));
	if (r->log.truncated)
		buf_puts(&out, "\n(The rest of the log does not fit in one "
		    "message.)");
	/* The same final table the channel saw (bot/saying/final-table.h). */
	buf_init(&rank, RENDER_MAX);
	if (final_lines(t, &rank) == 0)
		buf_printf(&out, "\n%s", buf_str(&rank));
	buf_release(&rank);
	/* What only this player saw: sent to them alone, like all of it. */
	if ((seat = table_seat_of(t, r->user_id)) >= 0) {
		view = t->ops->render_private(t->game, seat);
		buf_printf(&out, "\nWhat you alone saw at the end:\n%s", view);
		free(view);
	}
	view = render_expand(t, buf_str(&out));
	cmd_later_say(l, 1, view);
	free(view);
	free(seats);
	buf_release(&out);
}

static int
cmd_replay_exec(struct cmd_ctx *ctx, char **cause)
{
	struct store_asker	 who;
	struct cmd_replay_later	*r;
	char			*end, *err = NULL;
	long			 id;
	int			 rc;

	if (ctx->argc != 2 || (id = strtol(ctx->argv[1][0] == '#' ?
	    ctx->argv[1] + 1 : ctx->argv[1], &end, 10)) < 1 || *end != '\0')
		return set_cause(cause, "Give the table number, like %s replay "
		    "12; the end of each game names it.", ctx->command);
	who.server = ctx->ev->server;
	who.user_id = ctx->ev->user_id;
	who.is_dm = ctx->ev->is_dm;
	r = cmd_later_new(ctx, sizeof *r, cmd_replay_drop);
	r->id = id;
	snprintf(r->user_id, sizeof r->user_id, "%s", ctx->ev->user_id);
	buf_init(&r->log, RENDER_MAX - 4096);
	rc = restore_finished_send(ctx->bot, ctx->ev->adapter, &who,
	    (uint64_t)id, cmd_replay_move, &r->log, &r->t, cmd_later_done, r,
	    &err);
	cmd_later_sent(&r->l, rc, err, cmd_replay_read);
	cmd_later_end(&r->l);
	return 0;
}
