/*
 * start: deals the game once enough players are seated.
 */
#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/tables/play.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

static int	cmd_start_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_start_entry = {
	.name = "start",
	.summary = "start the game (host)",
	.flags = CMD_TABLE | CMD_HOST | CMD_CHANNEL,
	.exec = cmd_start_exec,
};

static int
cmd_start_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table		*t = ctx->table;
	const struct game_ops	*ops = t->ops;
	const char		*cmd = ctx->command;

	if (t->state != TABLE_LOBBY)
		return set_cause(cause, "The game has already started.");
	if (t->nseats < ops->min_players)
		return set_cause(cause, "%s needs %d to %d players and %d %s "
		    "seated. Invite others to %s join, or %s addbot.",
		    ops->title, ops->min_players, ops->max_players, t->nseats,
		    t->nseats == 1 ? "is" : "are", cmd, cmd);
	return play_start(t, cause);
}
