/*
 * addbot [n] [normal|hard]: fills seats of the lobby with AI players, at
 * the level asked (else the channel's ai_level, else normal).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

static int	cmd_addbot_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_addbot_entry = {
	.name = "addbot",
	.nargs = 2,
	.args = { { "count", GAME_ARG_COUNT, "how many AI players to add", 1,
	    NULL, 1, GAME_MAX_SEATS },
	    { "level", GAME_ARG_CHOICE, "normal (the usual AI) or hard (it "
	    "searches the likely futures of the game)", 1, table_ai_levels,
	    0, 0 } },
	.summary = "add AI players to the lobby, normal or hard (host)",
	.flags = CMD_TABLE | CMD_HOST | CMD_CHANNEL,
	.exec = cmd_addbot_exec,
};

/* AI seats are named after cocktails. */
static const char *const cmd_addbot_names[] = {
	"Negroni", "Martini", "Mojito", "Daiquiri", "Spritz", "Gimlet",
	"Sazerac", "Paloma", NULL
};

static const char *
cmd_addbot_name(const struct table *t)
{
	int	i, j, used;

	for (i = 0; cmd_addbot_names[i] != NULL; i++) {
		used = 0;
		for (j = 0; j < t->nseats; j++)
			if (strcasecmp(t->seats[j].name, cmd_addbot_names[i]) == 0)
				used = 1;
		if (!used)
			return cmd_addbot_names[i];
	}
	return "Barback";
}

static int
cmd_addbot_exec(struct cmd_ctx *ctx, char **cause)
{
	struct table	*t = ctx->table;
	struct buf	 b;
	char		*end, *lobby;
	long		 n = 1;
	int		 i, allowed, level, free_seats = t->ops->max_players -
			     t->nseats;
	cJSON		*doc;

	if (t->state != TABLE_LOBBY)
		return set_cause(cause, "AI players can only join before the "
		    "game starts.");
	doc = channel_load(ctx->bot, ctx->ev->adapter, ctx->ev->channel);
	allowed = channel_ai_allowed(doc);
	level = channel_level(doc);
	cJSON_Delete(doc);
	if (!allowed)
		return set_cause(cause, "AI players are off in this channel (a "
		    "channel admin set ai=no).");
	/* The level last, when given: "addbot hard", "addbot 2 hard". */
	if (ctx->argc > 1 && (i = table_match(table_ai_levels,
	    ctx->argv[ctx->argc - 1])) >= 0 &&
	    strspn(ctx->argv[ctx->argc - 1], "0123456789") == 0) {
		level = i;
		ctx->argc--;
	}
	if (ctx->argc > 2)
		return set_cause(cause, "Usage: %s addbot [count] "
		    "[normal|hard]", ctx->command);
	if (ctx->argc == 2) {
		n = strtol(ctx->argv[1], &end, 10);
		if (*end != '\0' || n < 1 || n > GAME_MAX_SEATS)
			return set_cause(cause, "Give the number of AI players "
			    "to add, from 1 to %d.", free_seats > 0 ?
			    free_seats : 1);
	}
	if (free_seats == 0)
		return set_cause(cause, "The table is full (%d/%d).", t->nseats,
		    t->ops->max_players);
	if (n > free_seats)
		return set_cause(cause, "Only %d seat%s free; add at most %d.",
		    free_seats, free_seats == 1 ? " is" : "s are", free_seats);
	for (i = 0; i < n; i++) {
		table_add_seat(t, NULL, cmd_addbot_name(t));
		t->seats[t->nseats - 1].level = level;
	}
	if (store_table_save(ctx->bot->store, t, cause) != 0) {
		for (i = 0; i < n; i++)
			table_remove_seat(t, t->nseats - 1);
		return -1;
	}
	buf_init(&b, RENDER_MAX);
	if (level == TABLE_AI_HARD)
		buf_puts(&b, n == 1 ? "A hard AI player sits down: " :
		    "Hard AI players sit down: ");
	else
		buf_puts(&b, n == 1 ? "An AI player sits down: " :
		    "AI players sit down: ");
	for (i = t->nseats - (int)n; i < t->nseats; i++)
		buf_printf(&b, "%s%s", i == t->nseats - (int)n ? "" : ", ",
		    t->seats[i].name);
	lobby = render_lobby(t);
	buf_printf(&b, ".\n%s", lobby);
	free(lobby);
	outbox_say(t, buf_str(&b));
	buf_release(&b);
	play_schedule(t);
	return 0;
}
