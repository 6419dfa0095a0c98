/*
 * Clicks: a button of the bot's was pressed.  The button's id (see
 * buttons.h) names the table, so a click works from a DM as well as from
 * the channel, and the table's move count when it was drawn, so a click
 * on an old position gets a fresh view instead of a surprising move.  It
 * also carries the table's tag, so a click on a button of a game that is
 * over reaches no other game: every adapter's clicks come through here.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/saying/board-post.h"
#include "bot/bot.h"
#include "bot/saying/buttons.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/saying/narrate.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

/* Reads "m A [V ...]" into m; the number of V given, or -1. */
static int
click_move(const struct table *t, const char *what, struct game_move *m)
{
	const char	*p = what + 1;
	char		*end;
	long		 v;
	int		 n = -1, i;

	memset(m, 0, sizeof *m);
	for (i = 0; i < GAME_MAX_ARGS; i++)
		m->args[i] = -1;
	if (what[0] != 'm')
		return -1;
	while (*p == ' ') {
		v = strtol(p + 1, &end, 10);
		if (end == p + 1 || v < -1 || v > 1000000)
			return -1;
		if (n == -1) {
			if (v < 0 || v >= t->ops->nactions)
				return -1;
			m->action = (int)v;
		} else if (n < t->ops->actions[m->action].nargs)
			m->args[n] = (int)v;
		else
			return -1;
		n++;
		p = end;
	}
	return *p == '\0' ? n : -1;
}

/*
 * The open table button c was made for (borrowed), or NULL when its game
 * is over: no table has its id, or the one that has carries another tag.
 * An old button without a tag is taken only for a table that existed
 * before tags did (bot->cb1_max).
 */
static struct table *
click_table(struct cmd_ctx *ctx, const struct button_click *c)
{
	struct table	*t;

	if (c->old && c->table > ctx->bot->cb1_max)
		return NULL;
	t = table_find_id(ctx->bot, ctx->ev->adapter, c->table);
	if (t == NULL || (!c->old && strcmp(t->tag, c->tag) != 0))
		return NULL;
	return t;
}

int
click_exec(struct cmd_ctx *ctx, char **cause)
{
	struct adapter_buttons	 bs;
	struct button_click	 c;
	struct game_move	 m;
	struct table		*t;
	const char		*cmd = ctx->command;
	char			 question[GAME_TEXT_MAX * 2];
	int			 seat, nargs, rc;

	if (button_parse(ctx->ev->text, &c) != 0)
		return set_cause(cause, "I do not know that button; it may be "
		    "from an older version of me. %s hand shows your cards.",
		    cmd);
	if ((t = click_table(ctx, &c)) == NULL)
		return set_cause(cause, "That game is over.");
	ctx->table = t;
	if (strcmp(c.what, "status") == 0) {
		ctx->argv[0] = (char *)"status";
		ctx->argc = 1;
		return cmd_status_entry.exec(ctx, cause);
	}
	if (strcmp(c.what, "end") == 0) {
		/* The confirmation end asked for: the same checks as typed. */
		if (!cmd_is_host(ctx))
			return set_cause(cause, "Only the host or an admin can "
			    "end the game.");
		if (c.version != t->nmoves)
			return set_cause(cause, "The table has moved on since "
			    "that question; %s end asks again.", cmd);
		ctx->argv[0] = (char *)"end";
		ctx->argv[1] = (char *)"confirm";
		ctx->argc = 2;
		return cmd_end_entry.exec(ctx, cause);
	}
	if ((seat = table_seat_of(t, ctx->ev->user_id)) < 0)
		return set_cause(cause, "You are not playing at this table.");
	if (t->state != TABLE_PLAYING)
		return set_cause(cause, "The game has not started yet; your "
		    "cards come when it does.");
	if (strcmp(c.what, "hand") == 0) {
		cmd_hand_show(ctx, seat, NULL);
		return 0;
	}
	if ((nargs = click_move(t, c.what, &m)) < 0)
		return set_cause(cause, "I do not know that button; %s hand "
		    "shows your cards.", cmd);
	if (c.version != BUTTON_ANY && c.version != t->nmoves) {
		/*
		 * A DM kept in place has its live buttons in the newest
		 * prompt: this old one (a click that raced its clearing)
		 * only loses its buttons.
		 */
		if (ctx->ev->is_dm && narrate_dm_edits(t))
			cmd_reply(ctx, 1, "The table has moved on since those "
			    "buttons: your move, when it is yours, is in your "
			    "newest message, and %s hand shows your cards.",
			    cmd);
		else
			cmd_hand_show(ctx, seat, "The table has moved on since "
			    "those buttons; here is where you stand now.");
		return 0;
	}
	rc = button_pick(t, seat, &m, nargs, &bs, question, sizeof question);
	if (rc < 0) {
		cmd_hand_show(ctx, seat, "That move is not possible now.");
		return 0;
	}
	if (rc == 0) {
		cmd_reply_buttons(ctx, 1, &bs, "%s", question);
		return 0;
	}
	if (cmd_action_play(ctx, seat, &m, cause) != 0)
		return -1;
	/*
	 * The clicked view is out of date now.  A player whose DMs work has
	 * the new one there already, when it changed; one whose DMs are
	 * closed gets it here.
	 */
	if (t->state == TABLE_PLAYING && t->seats[seat].dm_closed)
		cmd_hand_show(ctx, seat, "Done.");
	else
		cmd_reply(ctx, 1, "Done: your move is on the table.");
	return 0;
}
