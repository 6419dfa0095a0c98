/*
 * hand: shows the sender their secrets (recipe, hand, open prompt),
 * privately: ephemeral where the platform can, else by DM.
 */
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/cmd.h"
#include "bot/table.h"
#include "lib/xmalloc.h"

static int	cmd_hand_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_hand_entry = {
	.name = "hand",
	.summary = "show your recipe and hand, privately",
	.flags = CMD_TABLE | CMD_SEATED,
	.exec = cmd_hand_exec,
};

static int
cmd_hand_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table	*t = ctx->table;
	char		*s;

	if (t->state == TABLE_LOBBY)
		return set_cause(cause, "The game has not started yet; your "
		    "cards come when it does.");
	s = t->ops->render_private(t->game, table_seat_of(t, ctx->ev->user_id));
	cmd_reply(ctx, 1, "%s", s);
	free(s);
	return 0;
}
