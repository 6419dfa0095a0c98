/*
 * hand: shows the sender their secrets (recipe, hand, open prompt),
 * privately: ephemeral where the platform can, else by DM.
 */
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/saying/buttons.h"
#include "bot/commands/cmd.h"
#include "bot/saying/narrate.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static int	cmd_hand_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_hand_entry = {
	.name = "hand",
	.summary = "show your recipe and hand, privately",
	.flags = CMD_TABLE | CMD_SEATED,
	.exec = cmd_hand_exec,
};

void
cmd_hand_show(struct cmd_ctx *ctx, int seat, const char *lead)
{
	struct table		*t = ctx->table;
	struct adapter_buttons	 bs;
	struct buf		 b;
	char			*s;

	bs.n = 0;
	if (ctx->ev->adapter->ops->flags & ADAPTER_BUTTONS)
		button_moves(t, seat, &bs);
	buf_init(&b, RENDER_MAX);
	if (lead != NULL)
		buf_printf(&b, "%s\n", lead);
	s = t->ops->render_private(t->game, seat);
	buf_puts(&b, s);
	free(s);
	narrate_view_example(t, seat, &b);
	cmd_reply_buttons(ctx, 1, &bs, "%s", buf_str(&b));
	buf_release(&b);
}

static int
cmd_hand_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table	*t = ctx->table;

	if (t->state == TABLE_LOBBY)
		return set_cause(cause, "The game has not started yet; your "
		    "cards come when it does.");
	cmd_hand_show(ctx, table_seat_of(t, ctx->ev->user_id), NULL);
	return 0;
}
