/*
 * kick <player>: the host or an admin removes a player, named exactly; in
 * a game the AI takes the seat for good.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

static int	cmd_kick_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_kick_entry = {
	.name = "kick",
	.nargs = 1,
	.args = { { "player", GAME_ARG_PLAYER, "the player to remove", 0,
	    NULL, 0, 0 } },
	.summary = "remove a player; in a game the AI takes the seat (host)",
	.flags = CMD_TABLE | CMD_HOST | CMD_CHANNEL | CMD_WHOLE,
	.exec = cmd_kick_exec,
};

static int
cmd_kick_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table	*t = ctx->table;
	struct seat	*s;
	char		*err = NULL, *seated;
	int		 seat;

	if (ctx->argc != 2)
		return set_cause(cause, "Whom should I remove? For example %s "
		    "kick @%s.", ctx->command,
		    t->nseats > 0 ? t->seats[t->nseats - 1].name : "bob");
	/* Removing a player cannot be undone: the name must be exact. */
	if ((seat = table_parse_seat(t, ctx->argv[1], -1, 1, &err)) < 0) {
		seated = render_seat_list(t);
		set_cause(cause, "%s Seated: %s.", err, seated);
		free(seated);
		free(err);
		return -1;
	}
	s = &t->seats[seat];
	if (s->user_id != NULL && strcmp(s->user_id, ctx->ev->user_id) == 0)
		return set_cause(cause, "To leave the table yourself, use %s "
		    "leave.", ctx->command);
	if (t->state != TABLE_LOBBY && s->user_id == NULL)
		return set_cause(cause, "@{%d} is an AI player; the AI keeps "
		    "its seat until the game ends.", seat);
	if (t->state != TABLE_LOBBY) {
		/* A kicked player cannot take the seat back with join. */
		table_forget_user(t, seat);
	}
	cmd_leave_unseat(ctx, seat, "was removed from the table");
	return 0;
}
