/*
 * join: sits down at the lobby, or takes back a seat the AI was playing.
 */
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/saying/outbox.h"
#include "bot/saying/narrate.h"
#include "bot/tables/play.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

static int	cmd_join_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_join_entry = {
	.name = "join",
	.summary = "sit down at this channel's table",
	.flags = CMD_TABLE | CMD_CHANNEL,
	.exec = cmd_join_exec,
};

static int
cmd_join_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table	*t = ctx->table;
	char		*lobby;
	int		 seat = table_seat_of(t, ctx->ev->user_id);

	if (t->state != TABLE_LOBBY) {
		/* Back from the AI: for good, or in a turn it was finishing. */
		if (seat >= 0 && table_ai_plays(t, seat)) {
			t->seats[seat].ai = 0;
			play_back(t, seat);
			t->seats[seat].timeouts = 0;
			if (store_table_save(ctx->bot->store, t, cause) != 0)
				return -1;
			outbox_sayf(t, "@{%d} is back and plays their own seat "
			    "again.", seat);
			narrate_deliver(t, seat, "welcome back.");
			play_schedule(t);
			return 0;
		}
		if (seat >= 0)
			return set_cause(cause, "You are already playing at this "
			    "table.");
		return set_cause(cause, "The game here is under way; you can "
		    "watch, and join the next one.");
	}
	if (seat >= 0)
		return set_cause(cause, "You are already seated at this table.");
	if (t->nseats >= t->ops->max_players)
		return set_cause(cause, "The table is full (%d/%d).", t->nseats,
		    t->ops->max_players);
	seat = table_add_seat(t, ctx->ev->user_id, ctx->ev->user_name);
	if (store_table_save(ctx->bot->store, t, cause) != 0) {
		table_remove_seat(t, seat);
		return -1;
	}
	lobby = render_lobby(t);
	outbox_sayf(t, "@{%d} joins.\n%s", seat, lobby);
	free(lobby);
	play_schedule(t);
	return 0;
}
