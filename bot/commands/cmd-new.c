/*
 * new <game> [option=value ...]: opens a lobby in this channel.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "bot/bot.h"
#include "bot/tables/channel-settings.h"
#include "bot/commands/cmd.h"
#include "bot/commands/cmdmatch.h"
#include "bot/daemon/config.h"
#include "bot/commands/flood.h"
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static int	cmd_new_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_new_entry = {
	.name = "new",
	.nargs = 2,
	.args = {
	    { "game", GAME_ARG_TEXT, "the game to play; the first one listed "
	      "when left out", 1, NULL, 0, 0 },
	    { "option=value ...", GAME_ARG_TEXT, "game options, like "
	      "mode=master", 1, NULL, 0, 0 } },
	.summary = "open a table in this channel (help new lists the games)",
	.flags = CMD_CHANNEL,
	.exec = cmd_new_exec,
};

static uint64_t
cmd_new_seed(struct cmd_ctx *ctx, uint64_t id)
{
	uint64_t	seed;

	if (ctx->bot->config->bot_seed != 0)
		return ctx->bot->config->bot_seed + id;
	if (getrandom(&seed, sizeof seed, 0) != sizeof seed)
		seed = uv_hrtime() ^ (id << 32);
	return seed;
}

/*
 * Refuses a new table past the caps: tables.max_per_server open on the
 * sender's server, tables.max_lobbies_per_user lobbies the sender opened.
 * 0, or -1 with *cause.
 */
static int
cmd_new_caps(struct cmd_ctx *ctx, char **cause)
{
	const struct config	*cfg = ctx->bot->config;
	const char		*server = ctx->ev->server;
	struct table		*t;
	int			 here = 0, lobbies = 0;

	if (!flood_applies(ctx->bot, ctx->ev->adapter))
		return 0;
	TAILQ_FOREACH(t, &ctx->bot->tables, entry) {
		if (t->adapter != ctx->ev->adapter)
			continue;
		if (table_same_server(t->server, server))
			here++;
		if (t->state == TABLE_LOBBY && t->host != NULL &&
		    strcmp(t->host, ctx->ev->user_id) == 0)
			lobbies++;
	}
	if (cfg->tables_max_lobbies_per_user > 0 &&
	    lobbies >= cfg->tables_max_lobbies_per_user)
		return set_cause(cause, "You have %d lobbies open, as many as "
		    "one player may; start or end one first.", lobbies);
	if (cfg->tables_max_per_server > 0 && here >= cfg->tables_max_per_server)
		return set_cause(cause, "This server has %d tables open, as many "
		    "as I host on one server; try again when one ends.", here);
	return 0;
}

/*
 * Closes t, a lobby that was never announced, and gives its id back to
 * the bot's count in memory (the store's, once taken, stays taken).
 */
static void
cmd_new_undo(struct table *t)
{
	struct bot	*bot = t->bot;
	uint64_t	 id = t->id;

	table_close(t);
	if (id + 1 == bot->next_table_id)
		bot->next_table_id = id;
}

static int
cmd_new_exec(struct cmd_ctx *ctx, char **cause)
{
	const struct game_ops	*ops;
	struct table		*t = ctx->table;
	struct config		*cfg = ctx->bot->config;
	const char		*name;
	char			*lobby;
	cJSON			*doc;
	int			 i, first = 1;

	if (t != NULL)
		return set_cause(cause, "A %s table is already open here. %s "
		    "join it, or the host can %s end it.", t->ops->title,
		    ctx->command, ctx->command);
	if (ctx->bot->ntables >= cfg->tables_max_tables)
		return set_cause(cause, "I am hosting as many tables as I may "
		    "(%d); try again when one ends.", cfg->tables_max_tables);
	if (cmd_new_caps(ctx, cause) != 0)
		return -1;

	if (ctx->argc < 2 || strchr(ctx->argv[1], '=') != NULL) {
		name = game_all()[0]->name;
	} else {
		name = ctx->argv[1];
		first = 2;
	}
	if ((ops = cmdmatch_game(ctx, name, cause)) == NULL)
		return -1;

	t = table_new(ctx->bot, ctx->ev->adapter, ctx->ev->channel, ops);
	t->turn_timer = cfg->tables_turn_timer_ms;
	t->prompt_timer = cfg->tables_prompt_timer_ms;
	/* The bot's defaults, then the channel's, then what was typed. */
	doc = channel_load(ctx->bot, ctx->ev->adapter, ctx->ev->channel);
	channel_apply(t, doc);
	cJSON_Delete(doc);
	for (i = first; i < ctx->argc; i++) {
		if (table_set_option(t, ctx->argv[i], cause) != 0) {
			cmd_new_undo(t);
			return -1;
		}
	}
	/* An id no table had, even one forgotten before a restart. */
	if (store_table_id(ctx->bot->store, t, cause) != 0) {
		cmd_new_undo(t);
		return -1;
	}
	t->seed = cmd_new_seed(ctx, t->id);
	t->host = xstrdup(ctx->ev->user_id);
	if (ctx->ev->server != NULL)
		t->server = xstrndup(ctx->ev->server, TABLE_ID_MAX);
	if (store_table_number(ctx->bot->store, ctx->bot, t->adapter, t->server,
	    &t->num, cause) != 0) {
		cmd_new_undo(t);
		return -1;
	}
	table_add_seat(t, ctx->ev->user_id, ctx->ev->user_name);
	if (store_table_save(ctx->bot->store, t, cause) != 0) {
		cmd_new_undo(t);
		return -1;
	}
	ctx->table = t;

	lobby = render_lobby(t);
	outbox_sayf(t, "@{0} opened a %s table. %s join to sit down, %s "
	    "addbot to add AI players; the host starts with %s start.\n%s",
	    ops->title, ctx->command, ctx->command, ctx->command, lobby);
	free(lobby);
	play_schedule(t);
	return 0;
}
