/*
 * leaderboard [game]: the players with the most wins, in this channel and
 * everywhere on this platform.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/commands/cmdmatch.h"
#include "bot/daemon/config.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static int	cmd_leaderboard_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_leaderboard_entry = {
	.name = "leaderboard",
	.summary = "most wins, in this channel and everywhere",
	.nargs = 1,
	.args = { { "game", GAME_ARG_TEXT, "one game only (default: all)", 1,
	    NULL, 0, 0 } },
	.exec = cmd_leaderboard_exec,
};

/* One ranking, numbered, into b; -1 with *cause on a store error. */
static int
cmd_leaderboard_add(struct cmd_ctx *ctx, const struct store_scope *sc,
    const char *where, struct buf *b, char **cause)
{
	struct adapter		*a = ctx->ev->adapter;
	struct store_rank	 r[STORE_RANKS_MAX];
	char			 who[TABLE_ID_MAX + TABLE_NAME_MAX];
	int			 n, i;

	if ((n = store_leaderboard(ctx->bot->store, sc, r, STORE_RANKS_MAX,
	    cause)) < 0)
		return -1;
	buf_printf(b, "%s%s:", b->len > 0 ? "\n" : "", where);
	if (n == 0)
		buf_puts(b, " nobody has finished a game yet.");
	for (i = 0; i < n; i++) {
		render_user(a, r[i].user_id, r[i].name, who, sizeof who);
		buf_printf(b, "\n%d. %s: %d win%s in %d game%s (%d%%)", i + 1, who,
		    r[i].wins, r[i].wins == 1 ? "" : "s", r[i].games,
		    r[i].games == 1 ? "" : "s",
		    (r[i].wins * 100 + r[i].games / 2) / r[i].games);
	}
	return 0;
}

static int
cmd_leaderboard_exec(struct cmd_ctx *ctx, char **cause)
{
	const struct game_ops	*ops = NULL;
	struct store_scope	 sc;
	struct buf		 b;
	char			 where[TABLE_ID_MAX + 80];
	char			 chan[TABLE_ID_MAX + 8];
	int			 rc = 0;

	if (ctx->argc > 2)
		return set_cause(cause, "Usage: %s leaderboard [game]",
		    ctx->command);
	if (ctx->argc == 2 &&
	    (ops = cmdmatch_game(ctx, ctx->argv[1], cause)) == NULL)
		return -1;
	memset(&sc, 0, sizeof sc);
	sc.adapter = ctx->ev->adapter->ops->name;
	sc.game = ops == NULL ? NULL : ops->name;
	buf_init(&b, 4096);
	if (!ctx->ev->is_dm) {
		sc.channel = ctx->ev->channel;
		render_channel(ctx->ev->adapter, ctx->ev->channel, chan,
		    sizeof chan);
		snprintf(where, sizeof where, "%s leaderboard in %s",
		    ops == NULL ? "The" : ops->title, chan);
		rc = cmd_leaderboard_add(ctx, &sc, where, &b, cause);
		sc.channel = NULL;
	}
	if (rc == 0) {
		snprintf(where, sizeof where, "%s leaderboard everywhere",
		    ops == NULL ? "The" : ops->title);
		rc = cmd_leaderboard_add(ctx, &sc, where, &b, cause);
	}
	if (rc == 0)
		cmd_reply(ctx, ctx->ev->is_dm, "%s", buf_str(&b));
	buf_release(&b);
	return rc;
}
