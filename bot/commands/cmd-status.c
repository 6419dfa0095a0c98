/*
 * status: shows the table to the channel: the lobby, or the game's public
 * view and who must act.  At most once per tables.repost_gap: asked again
 * sooner, it shows the table to the asker alone (ephemeral, or a DM), so
 * one member cannot fill the channel with it.
 */
#include <stdlib.h>

#include "bot/saying/board-post.h"
#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/commands/flood.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static int	cmd_status_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_status_entry = {
	.name = "status",
	.summary = "show the table and whose turn it is",
	.flags = CMD_TABLE,
	.exec = cmd_status_exec,
};

static int
cmd_status_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table		*t = ctx->table;
	uint64_t		 gap = ctx->bot->config->tables_repost_gap_ms;
	uint64_t		 now = bot_now(ctx->bot);
	struct buf		 b;
	char			*s;
	int			 private = ctx->ev->is_dm;

	(void)cause;
	if (!flood_applies(ctx->bot, ctx->ev->adapter))
		gap = 0;
	if (!private && gap > 0 && t->shown_at != 0 && now + 1 < t->shown_at + gap)
		private = 1;
	else if (!private)
		t->shown_at = now + 1;
	if (t->state == TABLE_LOBBY) {
		s = render_lobby(t);
		cmd_reply(ctx, private, "%s", s);
		free(s);
		return 0;
	}
	/*
	 * Where the table is one edited message, it moves to the bottom; the
	 * command is answered privately, so the channel gets nothing beside
	 * the table (a click on the table's own button needs no answer).
	 */
	if (!private && board_repost(t, NULL) == 0) {
		if (!ctx->ev->is_button)
			cmd_reply(ctx, 1, "The table is at the bottom of the "
			    "channel again.");
		return 0;
	}
	buf_init(&b, RENDER_MAX);
	s = t->ops->render_public(t->game);
	buf_puts(&b, s);
	free(s);
	if (t->paused)
		buf_puts(&b, "\nPaused: I cannot save moves right now and keep "
		    "trying.");
	cmd_reply(ctx, private, "%s", buf_str(&b));
	buf_release(&b);
	return 0;
}
