/*
 * end: the host or an admin closes the table, game or lobby.
 */
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/cmd.h"
#include "bot/log.h"
#include "bot/play.h"
#include "bot/store.h"
#include "bot/table.h"
#include "lib/xmalloc.h"

static int	cmd_end_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_end_entry = {
	.name = "end",
	.summary = "close this channel's table, game or lobby (host)",
	.flags = CMD_TABLE | CMD_HOST | CMD_CHANNEL,
	.exec = cmd_end_exec,
};

static int
cmd_end_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table	*t = ctx->table;
	char		*text;

	if (store_table_delete(ctx->bot->store, t, cause) != 0)
		return -1;
	text = xasprintf("%s ended the %s table%s.", ctx->ev->user_name,
	    t->ops->title, t->state == TABLE_LOBBY ? "" : "; no result counts");
	play_say(t, text);
	free(text);
	free(t->ended);
	t->ended = xasprintf("Ended by %s.", ctx->ev->user_name);
	table_close(t);
	ctx->table = NULL;
	return 0;
}
