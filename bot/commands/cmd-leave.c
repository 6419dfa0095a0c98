/*
 * leave: gets up from the lobby, or hands one's seat in a game to the AI.
 * A table nobody human sits at any more is closed.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static int	cmd_leave_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_leave_entry = {
	.name = "leave",
	.summary = "leave the table (in a game, the AI takes your seat)",
	.flags = CMD_TABLE | CMD_SEATED | CMD_WHOLE_GAME,
	.exec = cmd_leave_exec,
};

/* Humans still playing their own seat. */
static int
cmd_leave_active(const struct table *t)
{
	int	i, n = 0;

	for (i = 0; i < t->nseats; i++)
		if (t->seats[i].user_id != NULL && !t->seats[i].ai)
			n++;
	return n;
}

/*
 * Closes a table nobody plays at any more, saying why.  Returns 1 when it
 * did (the table is freed), 0 otherwise.
 */
int
cmd_leave_close_empty(struct cmd_ctx *ctx)
{
	char	*text;

	if (cmd_leave_active(ctx->table) > 0)
		return 0;
	text = xasprintf("Nobody is left at the %s table; it is closed.",
	    ctx->table->ops->title);
	play_close(ctx->table, text);
	free(text);
	ctx->table = NULL;
	return 1;
}

/* Takes seat away from its player: out of a lobby, or to the AI in a game. */
void
cmd_leave_unseat(struct cmd_ctx *ctx, int seat, const char *how)
{
	struct table	*t = ctx->table;
	struct buf	 b;
	char		*lobby, *cause = NULL;
	int		 was_host = t->host != NULL && t->seats[seat].user_id != NULL &&
			    strcmp(t->host, t->seats[seat].user_id) == 0;

	buf_init(&b, RENDER_MAX);
	if (t->state == TABLE_LOBBY) {
		buf_printf(&b, "@{%d} %s.", seat, how);
		/* Expand now: the seat number is gone once removed. */
		lobby = render_expand(t, buf_str(&b));
		buf_reset(&b);
		buf_puts(&b, lobby);
		free(lobby);
		if (was_host)
			table_pass_host(t, seat);
		table_remove_seat(t, seat);
	} else {
		buf_printf(&b, "@{%d} %s; the AI plays their seat from now on.",
		    seat, how);
		t->seats[seat].ai = 1;
		if (was_host)
			table_pass_host(t, seat);
	}
	if (cmd_leave_active(t) == 0) {
		outbox_say(t, buf_str(&b));
		buf_release(&b);
		cmd_leave_close_empty(ctx);
		return;
	}
	if (was_host) {
		buf_printf(&b, " @{%d} is the host now.",
		    table_seat_of(t, t->host));
	}
	if (t->state == TABLE_LOBBY) {
		lobby = render_lobby(t);
		buf_printf(&b, "\n%s", lobby);
		free(lobby);
	}
	if (store_table_save(ctx->bot->store, t, &cause) != 0) {
		/* The store has logged why. */
		free(cause);
	}
	outbox_say(t, buf_str(&b));
	buf_release(&b);
	play_schedule(t);
}

static int
cmd_leave_exec(struct cmd_ctx *ctx, char **cause)
{
	int	seat = table_seat_of(ctx->table, ctx->ev->user_id);

	if (ctx->table->seats[seat].ai && ctx->table->state != TABLE_LOBBY)
		return set_cause(cause, "The AI already plays your seat.");
	cmd_leave_unseat(ctx, seat, "leaves");
	return 0;
}
