/*
 * leaderboard [game]: the players with the most wins, in this channel and
 * everywhere on this platform.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/commands/cmd-later.h"
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

/*
 * A leaderboard answer (bot/commands/cmd-later.h): the rankings here
 * (not in a DM) and everywhere, each read with its title.
 */
struct cmd_leaderboard_later {
	struct cmd_later	 l;
	struct adapter		*adapter;
	int			 is_dm;
	int			 n;
	struct store_read	 r[2];
	struct store_rank	 ranks[2][STORE_RANKS_MAX];
	char			 where[2][TABLE_ID_MAX + 80];
};

/* One ranking, numbered, into b. */
static void
cmd_leaderboard_add(struct adapter *a, const struct store_read *r,
    const char *where, struct buf *b)
{
	char	who[TABLE_ID_MAX + TABLE_NAME_MAX];
	int	i;

	buf_printf(b, "%s%s:", b->len > 0 ? "\n" : "", where);
	if (r->nranks == 0)
		buf_puts(b, " nobody has finished a game yet.");
	for (i = 0; i < r->nranks; i++) {
		render_user(a, r->ranks[i].user_id, r->ranks[i].name, who,
		    sizeof who);
		buf_printf(b, "\n%d. %s: %d win%s in %d game%s (%d%%)", i + 1,
		    who, r->ranks[i].wins, r->ranks[i].wins == 1 ? "" : "s",
		    r->ranks[i].games, r->ranks[i].games == 1 ? "" : "s",
		    (r->ranks[i].wins * 100 + r->ranks[i].games / 2) /
		    r->ranks[i].games);
	}
}

/* The rankings were read: the answer. */
static void
cmd_leaderboard_read(struct cmd_later *l, int rc, char *cause)
{
	struct cmd_leaderboard_later	*lb = (struct cmd_leaderboard_later *)l;
	struct buf			 b;
	int				 i;

	if (rc != 0) {
		cmd_later_down(l, "The leaderboard is", cause);
		return;
	}
	buf_init(&b, 4096);
	for (i = 0; i < lb->n; i++)
		cmd_leaderboard_add(lb->adapter, &lb->r[i], lb->where[i], &b);
	cmd_later_say(l, lb->is_dm, buf_str(&b));
	buf_release(&b);
}

static int
cmd_leaderboard_exec(struct cmd_ctx *ctx, char **cause)
{
	const struct game_ops		*ops = NULL;
	struct cmd_leaderboard_later	*lb;
	struct store_read		*r;
	char				 chan[TABLE_ID_MAX + 8];

	if (ctx->argc > 2)
		return set_cause(cause, "Usage: %s leaderboard [game]",
		    ctx->command);
	if (ctx->argc == 2 &&
	    (ops = cmdmatch_game(ctx, ctx->argv[1], cause)) == NULL)
		return -1;
	lb = cmd_later_new(ctx, sizeof *lb, NULL);
	lb->adapter = ctx->ev->adapter;
	lb->is_dm = ctx->ev->is_dm;
	for (lb->n = 0; lb->n < (ctx->ev->is_dm ? 1 : 2); lb->n++) {
		r = &lb->r[lb->n];
		r->kind = STORE_READ_RANKS;
		r->scope.adapter = ctx->ev->adapter->ops->name;
		r->scope.game = ops == NULL ? NULL : ops->name;
		r->ranks = lb->ranks[lb->n];
		r->max = STORE_RANKS_MAX;
	}
	/* Here first, then everywhere. */
	if (!ctx->ev->is_dm) {
		lb->r[0].scope.channel = ctx->ev->channel;
		render_channel(ctx->ev->adapter, ctx->ev->channel, chan,
		    sizeof chan);
		snprintf(lb->where[0], sizeof lb->where[0], "%s leaderboard "
		    "in %s", ops == NULL ? "The" : ops->title, chan);
	}
	snprintf(lb->where[lb->n - 1], sizeof lb->where[0], "%s leaderboard "
	    "everywhere", ops == NULL ? "The" : ops->title);
	cmd_later_read(&lb->l, lb->r, lb->n, cmd_leaderboard_read);
	cmd_later_end(&lb->l);
	return 0;
}
