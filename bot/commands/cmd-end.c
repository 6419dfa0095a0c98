/*
 * end [confirm]: the host or an admin closes the table, game or lobby.
 * A running game is asked about once more ("end confirm", or a button
 * where the platform has them), since ending it cannot be undone.
 */
#include <stdlib.h>
#include <strings.h>

#include "bot/bot.h"
#include "bot/saying/buttons.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

static int	cmd_end_exec(struct cmd_ctx *, char **);

static const char *const cmd_end_choices[] = { "confirm", NULL };

const struct cmd_entry cmd_end_entry = {
	.name = "end",
	.nargs = 1,
	.args = { { "confirm", GAME_ARG_CHOICE,
	    "end a running game without asking again",
	    1, cmd_end_choices, 0, 0 } },
	.summary = "close this channel's table, game or lobby (host)",
	.flags = CMD_TABLE | CMD_HOST | CMD_CHANNEL | CMD_WHOLE,
	.exec = cmd_end_exec,
};

static int
cmd_end_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table	*t = ctx->table;
	struct adapter_buttons	 bs;
	char		 who[TABLE_ID_MAX + TABLE_NAME_MAX];

	if (t->state == TABLE_PLAYING && (ctx->argc < 2 ||
	    strcasecmp(ctx->argv[1], "confirm") != 0)) {
		bs.n = 0;
		button_add(&bs, 0, ADAPTER_STYLE_DANGER, "End the game", t, 1,
		    "end");
		cmd_reply_buttons(ctx, 1, &bs, "End the running %s game for "
		    "everyone? No result counts. %s end confirm",
		    t->ops->title, ctx->command);
		return 0;
	}
	if (store_table_delete(ctx->bot->store, t, cause) != 0)
		return -1;
	render_user(ctx->ev->adapter, ctx->ev->user_id, ctx->ev->user_name,
	    who, sizeof who);
	outbox_sayf(t, "%s ended the %s table%s.", who,
	    t->ops->title, t->state == TABLE_LOBBY ? "" : "; no result counts");
	free(t->ended);
	t->ended = xasprintf("Ended by %s.", ctx->ev->user_name);
	table_close(t);
	ctx->table = NULL;
	return 0;
}
