/*
 * The router: every inbound command from every adapter enters here.  It
 * splits the text into words, finds the channel's table and the command
 * (bot/commands/cmdmatch.c: a lobby verb or one of the game's actions), checks who
 * may run it, runs it and answers errors privately with what would be right.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/commands/cmdmatch.h"
#include "bot/daemon/config.h"
#include "bot/commands/flood.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/sched-heap.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/* Splits text into ctx->argv, in place; -1 when there are too many words. */
static int
router_split(struct cmd_ctx *ctx, char *text)
{
	char	*p = text;

	ctx->argc = 0;
	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0')
			return 0;
		if (ctx->argc == CMD_MAX_ARGS)
			return -1;
		ctx->argv[ctx->argc++] = p;
		while (*p != '\0' && !isspace((unsigned char)*p))
			p++;
		if (*p != '\0')
			*p++ = '\0';
	}
}

/* The table a command refers to: the channel's, or in a DM, the user's one. */
static struct table *
router_table(struct bot *bot, const struct bot_event *ev, char **cause)
{
	struct table	*found = NULL;
	int		 n;

	if (!ev->is_dm)
		return table_find(bot, ev->adapter, ev->channel);
	n = table_users_find(bot, ev->adapter, ev->user_id, &found, 1);
	if (n > 1) {
		set_cause(cause, "You sit at %d tables; use the command in the "
		    "channel of the table you mean.", n);
		return NULL;
	}
	return found;
}

/* Is the user one the game at t waits for (any prompt names their seat)? */
static int
router_waited_for(const struct table *t, const char *user_id)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];
	int			n, i, seat;

	if (t == NULL || t->state != TABLE_PLAYING || t->game == NULL ||
	    (seat = table_seat_of(t, user_id)) < 0)
		return 0;
	n = t->ops->pending(t->game, p, GAME_MAX_PROMPTS);
	for (i = 0; i < n; i++)
		if (p[i].seats & (1u << seat))
			return 1;
	return 0;
}

/*
 * Spends the sender's command budget (bot/commands/flood.c): BOT_HANDLED to go on,
 * else the command is dropped: the first time with a private "slow down"
 * saying when to try again (BOT_SLOWED), then with nothing said
 * (BOT_REFUSED).  A move of a player the game waits for always goes on.
 */
static enum bot_outcome
router_budget(struct cmd_ctx *ctx, int action)
{
	uint64_t	wait_ms = 0;

	if (action >= 0 && router_waited_for(ctx->table, ctx->ev->user_id))
		return BOT_HANDLED;
	switch (flood_spend(ctx->bot, ctx->ev, &wait_ms)) {
	case FLOOD_PASS:
		return BOT_HANDLED;
	case FLOOD_WARN:
		cmd_reply(ctx, 1, "Slow down: try again in %llu s (moves on "
		    "your turn still count).",
		    (unsigned long long)((wait_ms + 999) / 1000));
		return BOT_SLOWED;
	case FLOOD_DROP:
		break;
	}
	return BOT_REFUSED;
}

/* Checks the command's flags against who sent it and where. */
static int
router_allowed(struct cmd_ctx *ctx, const struct cmd_entry *e, char **cause)
{
	struct table	*t = ctx->table;
	const char	*cmd = ctx->command;
	char		 where[TABLE_ID_MAX + 8];
	int		 host;

	if ((e->flags & CMD_CHANNEL) && ctx->ev->is_dm)
		return set_cause(cause, "Use %s %s in the channel where you "
		    "want to play.", cmd, e->name);
	if (t == NULL) {
		/* Seated, or the host, means at a table. */
		if (!(e->flags & (CMD_TABLE | CMD_SEATED | CMD_HOST)))
			return 0;
		if (ctx->ev->is_dm)
			return set_cause(cause, "You are not seated at any table.");
		render_channel(ctx->ev->adapter, ctx->ev->channel, where,
		    sizeof where);
		return set_cause(cause, "There is no table in %s. Open one with "
		    "%s new cheers.", where, cmd);
	}
	if ((e->flags & CMD_SEATED) && table_seat_of(t, ctx->ev->user_id) < 0) {
		/* Once a game runs, join would not help: do not advise it. */
		if (t->state != TABLE_LOBBY)
			return set_cause(cause, "You are not playing in the game "
			    "here; you can watch it with %s status and join the "
			    "next one.", cmd);
		return set_cause(cause, "You are not seated at this table; "
		    "%s join first.", cmd);
	}
	if ((e->flags & CMD_HOST) && !cmd_is_host(ctx)) {
		host = t->host == NULL ? -1 : table_seat_of(t, t->host);
		if (host >= 0)
			return set_cause(cause, "Only the host (@{%d}) or an admin "
			    "can %s.", host, e->name);
		return set_cause(cause, "Only the host or an admin can %s.",
		    e->name);
	}
	return 0;
}

/*
 * Text from users enters the bot here, from every adapter, so it is
 * cleaned here, once (lib/utf8.h): out is ev with the user's name cleaned
 * into name (len bytes, a name's cap), its space look-alikes made plain
 * spaces and trimmed, its invisible ones left out (a name of nothing but
 * them is the user's id).  Returns the command text cleaned,
 * with tabs and line breaks made spaces so they still separate words,
 * for the router to split; caller frees.  Ids stay as the platform gave
 * them, since answers go to them: what shows one cleans it
 * (render_channel).  out->text stays the raw text, which only a button
 * parser reads.
 */
static char *
router_clean(const struct bot_event *ev, struct bot_event *out, char *name,
    size_t len)
{
	char	*copy = utf8_plain_spaces(ev->text), *clean, *p, *plain;

	*out = *ev;
	if (ev->user_name != NULL) {
		/* "alice", "alice\u00a0" and "al\u200bice" are one name. */
		plain = utf8_plain_spaces(ev->user_name);
		utf8_clean(name, len, plain[0] != '\0' ? plain : ev->user_id);
		free(plain);
		out->user_name = name;
	}
	for (p = copy; *p != '\0'; p++) {
		if (isspace((unsigned char)*p))
			*p = ' ';
	}
	clean = utf8_clean_dup(copy);
	free(copy);
	return clean;
}

/* Handles one event; see bot_handle_event. */
static enum bot_outcome
router_handle(struct bot *bot, const struct bot_event *ev)
{
	const struct cmd_entry	*entry;
	struct cmd_ctx		 ctx;
	struct bot_event	 clean;
	enum bot_outcome	 outcome = BOT_HANDLED;
	char			 name[TABLE_NAME_MAX + 1];
	char			*text, *cause = NULL;
	int			 action, rc;

	memset(&ctx, 0, sizeof ctx);
	ctx.bot = bot;
	ctx.ev = ev;
	render_command(ev->adapter, ctx.command, sizeof ctx.command);
	if (ev->user_id == NULL || ev->channel == NULL || ev->text == NULL ||
	    strlen(ev->user_id) >= TABLE_ID_MAX || strlen(ev->channel) >= TABLE_ID_MAX) {
		log_warn("%s: dropped an event with a missing or overlong id",
		    ev->adapter->ops->name);
		return BOT_HANDLED;
	}
	if (strlen(ev->text) > CMD_TEXT_MAX) {
		if ((outcome = router_budget(&ctx, -1)) != BOT_HANDLED)
			return outcome;
		cmd_reply(&ctx, 1, "That command is too long (at most %d "
		    "characters).", CMD_TEXT_MAX);
		return BOT_HANDLED;
	}
	text = router_clean(ev, &clean, name, sizeof name);
	ctx.ev = ev = &clean;
	if (ev->is_button) {
		/* The button names its table: no channel lookup. */
		rc = click_exec(&ctx, &cause);
		goto done;
	}
	if (router_split(&ctx, text) != 0) {
		if ((outcome = router_budget(&ctx, -1)) == BOT_HANDLED)
			cmd_reply(&ctx, 1, "Too many words: a command takes at "
			    "most %d.", CMD_MAX_ARGS);
		free(text);
		return outcome;
	}
	ctx.table = router_table(bot, ev, &cause);
	if (cause != NULL)
		goto fail;
	if (ctx.argc == 0) {
		ctx.argv[ctx.argc++] = (char *)"help";
	}
	rc = cmdmatch_find(&ctx, ctx.table == NULL ? NULL : ctx.table->ops,
	    ctx.argv[0], &entry, &action, &cause);
	/* Mistakes spend the budget too: their answers are messages. */
	if ((outcome = router_budget(&ctx, action)) != BOT_HANDLED)
		goto out;
	if (rc != 0)
		goto fail;

	if (entry != NULL) {
		rc = router_allowed(&ctx, entry, &cause);
		if (rc == 0)
			rc = entry->exec(&ctx, &cause);
	} else if (ctx.table != NULL) {
		rc = cmd_action_exec(&ctx, &ctx.table->ops->actions[action],
		    action, &cause);
	} else
		rc = set_cause(&cause, "There is no game here to make that "
		    "move in.");
done:
	if (rc != 0)
		goto fail;
	goto out;

fail:
	if (cause != NULL)
		cmd_reply(&ctx, 1, "%s", cause);
out:
	free(cause);
	free(text);
	if (ctx.table != NULL && ctx.table->state == TABLE_OVER)
		table_close(ctx.table);
	return outcome;
}

enum bot_outcome
bot_handle_event(struct bot *bot, const struct bot_event *ev)
{
	enum bot_outcome	outcome;
	int			pending;

	outbox_begin(bot);
	pending = store_batch_pending(bot->store);
	outcome = router_handle(bot, ev);
	/* Its answer comes even if the batch cannot be saved. */
	outbox_event(bot, ev, store_batch_pending(bot->store) > pending,
	    bot_handle_event);
	sched_run_due(bot);
	outbox_end(bot);
	return outcome;
}
