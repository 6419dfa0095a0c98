/*
 * settings [name=value ...]: shows the table's timers and game options;
 * the host or an admin changes them (game options only before the start).
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/tables/channel-settings.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static int	cmd_settings_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_settings_entry = {
	.name = "settings",
	.nargs = 1,
	.args = { { "name=value ...", GAME_ARG_TEXT, "turn_timer, "
	    "prompt_timer, ai_level=normal|hard (the AI that plays for "
	    "absent players) or a game option, like turn_timer=2m; after "
	    "\"channel\" also ai, emoji=yes|no", 1, NULL, 0, 0 } },
	.summary = "show or change timers and game options (changes: host); "
	    "settings channel ...: this channel's defaults (admins)",
	.flags = CMD_CHANNEL,
	.exec = cmd_settings_exec,
};

static char *
cmd_settings_show(const struct table *t)
{
	struct buf	 b;
	char		 turn[32], prompt[32];
	int		 i;

	render_duration(t->turn_timer, turn, sizeof turn);
	render_duration(t->prompt_timer, prompt, sizeof prompt);
	buf_init(&b, RENDER_MAX);
	buf_printf(&b, "Settings: turn_timer=%s prompt_timer=%s", turn, prompt);
	for (i = 0; i < t->ops->noptions; i++) {
		buf_printf(&b, " %s=%s", t->ops->options[i].name,
		    t->options[i] != NULL ? t->options[i] :
		    t->ops->options[i].values[0]);
	}
	if (t->ai_level != TABLE_AI_NORMAL)
		buf_printf(&b, " ai_level=%s", table_ai_levels[t->ai_level]);
	return buf_detach(&b);
}

/* Applies one name=value to the table; 0, or -1 with *cause. */
static int
cmd_settings_set(struct table *t, const char *arg, char **cause)
{
	uint64_t	 ms;
	int		 rc, turn, level;

	if ((rc = table_parse_level(arg, &level, cause)) != 0) {
		if (rc == 1)
			t->ai_level = level;
		return rc == 1 ? 0 : -1;
	}
	if ((rc = table_parse_timer(arg, &turn, &ms, cause)) != 0) {
		if (rc == 1)
			*(turn ? &t->turn_timer : &t->prompt_timer) = ms;
		return rc == 1 ? 0 : -1;
	}
	if (t->state != TABLE_LOBBY)
		return set_cause(cause, "Game options cannot change once the "
		    "game has started; only turn_timer and prompt_timer can.");
	return table_set_option(t, arg, cause);
}

/* "settings channel [name=value ...]": the channel's own defaults. */
static int
cmd_settings_channel(struct cmd_ctx *ctx, int first, char **cause)
{
	struct adapter	*a = ctx->ev->adapter;
	cJSON		*doc = channel_load(ctx->bot, a, ctx->ev->channel);
	char		*show, where[TABLE_ID_MAX + 8];
	char		 who[TABLE_ID_MAX + TABLE_NAME_MAX];
	int		 i, rc = 0;

	if (first < ctx->argc) {
		if (!ctx->ev->is_admin && !cmd_is_bot_admin(ctx)) {
			cJSON_Delete(doc);
			return set_cause(cause, "Only a channel admin can change "
			    "this channel's defaults.");
		}
		for (i = first; i < ctx->argc && rc == 0; i++)
			rc = channel_set(ctx->bot, doc, ctx->argv[i], cause);
		if (rc == 0)
			rc = channel_save(ctx->bot, a, ctx->ev->channel, doc, cause);
	}
	if (rc == 0) {
		show = channel_describe(doc);
		render_channel(a, ctx->ev->channel, where, sizeof where);
		render_user(a, ctx->ev->user_id, ctx->ev->user_name, who,
		    sizeof who);
		if (first < ctx->argc)
			cmd_reply(ctx, 0, "%s changed the defaults of %s for new "
			    "tables:%s", who, where, show);
		else
			cmd_reply(ctx, 1, "Defaults of %s for new tables:%s",
			    where, show);
		free(show);
	}
	cJSON_Delete(doc);
	return rc;
}

static int
cmd_settings_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table	*t = ctx->table;
	char		 who[TABLE_ID_MAX + TABLE_NAME_MAX];
	char		*show;
	int		 i;

	if (ctx->argc > 1 && strcmp(ctx->argv[1], "channel") == 0)
		return cmd_settings_channel(ctx, 2, cause);
	if (t == NULL)
		return cmd_settings_channel(ctx, 1, cause);

	if (ctx->argc > 1) {
		if (!cmd_is_host(ctx))
			return set_cause(cause, "Only the host or an admin can "
			    "change settings.");
		for (i = 1; i < ctx->argc; i++) {
			if (cmd_settings_set(t, ctx->argv[i], cause) != 0)
				return -1;
		}
		if (store_table_save(ctx->bot->store, t, cause) != 0)
			return -1;
		show = cmd_settings_show(t);
		render_user(ctx->ev->adapter, ctx->ev->user_id,
		    ctx->ev->user_name, who, sizeof who);
		outbox_sayf(t, "%s changed the settings. %s", who, show);
		free(show);
		play_schedule(t);
		return 0;
	}
	show = cmd_settings_show(t);
	cmd_reply(ctx, 1, "%s", show);
	free(show);
	return 0;
}
