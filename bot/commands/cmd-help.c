/*
 * help [command]: the games, then every command with its usage; or one
 * command, or one move in every game that has it, in detail.  The
 * game's actions come from its action table, so help never drifts from
 * what the parser accepts.  Where every line costs (ADAPTER_TERSE: IRC,
 * XMPP) the list is short: the commands and the games by name, how to
 * open a table, and where to read more.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/commands/cmdmatch.h"
#include "bot/daemon/config.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "bot/saying/card-words.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static int	cmd_help_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_help_entry = {
	.name = "help",
	.nargs = 1,
	.args = { { "command", GAME_ARG_TEXT, "a command or move to explain",
	    1, NULL, 0, 0 } },
	.summary = "list the commands, or explain one",
	.flags = 0,
	.exec = cmd_help_exec,
};

static void
cmd_help_actions(const struct cmd_ctx *ctx, const struct game_ops *ops,
    struct buf *b)
{
	char	*u;
	int	 i;

	buf_printf(b, "\n%s moves:", ops->title);
	for (i = 0; i < ops->nactions; i++) {
		u = cmd_action_usage(ctx, &ops->actions[i]);
		buf_printf(b, "\n  %s: %s", u, ops->actions[i].summary);
		free(u);
	}
	/* What each emoji means, where emoji are shown. */
	if (ctx->bot->config->bot_emoji &&
	    (u = words_legend(ops)) != NULL) {
		buf_printf(b, "\n  %s", u);
		free(u);
	}
}

/*
 * Each argument on a line of its own; with named set (the game names its
 * cards), a card argument says it takes a name too.
 */
static void
cmd_help_args(struct buf *b, int nargs, const struct game_arg *args,
    int named)
{
	int	i;

	for (i = 0; i < nargs; i++)
		buf_printf(b, "\n  %s: %s%s%s", args[i].name, args[i].help,
		    named && args[i].type == GAME_ARG_CARD ?
		    "; its number or its name" : "",
		    args[i].optional ? " (optional)" : "");
}

/*
 * "<lead> cheers (CHEERS, 2-6 players), ...": every game new accepts, on
 * a line of its own.
 */
static void
cmd_help_games(struct buf *b, const char *lead)
{
	const struct game_ops *const	*games = game_all();
	int				 g;

	buf_printf(b, "\n%s", lead);
	for (g = 0; games[g] != NULL; g++)
		buf_printf(b, "%s %s (%s, %d-%d players)", g > 0 ? "," : "",
		    games[g]->name, games[g]->title, games[g]->min_players,
		    games[g]->max_players);
}

/* Action a of game g in detail, after a blank line when b has text. */
static void
cmd_help_action(struct cmd_ctx *ctx, const struct game_ops *g,
    const struct game_action *a, struct buf *b)
{
	char	*u;

	u = cmd_action_usage(ctx, a);
	buf_printf(b, "%s%s (%s): %s", b->len > 0 ? "\n" : "", u, g->title,
	    a->summary);
	free(u);
	cmd_help_args(b, a->nargs, a->args, g->arg_names != NULL);
	buf_printf(b, "\n  example: %s %s", ctx->command, a->example);
}

/*
 * One command, or a move in detail: the table's game's move when it has
 * one by that name, else the move of every game that has it, each with
 * its game's title; 0, or -1 when word (any case) names neither.
 */
static int
cmd_help_one(struct cmd_ctx *ctx, const char *word, struct buf *b)
{
	const struct cmd_entry *const	*all = cmd_all();
	const struct game_ops *const	*games = game_all();
	const struct game_ops		*here;
	char				*u;
	int				 g, i, found = 0, here_found = 0;

	for (i = 0; all[i] != NULL; i++) {
		if (strcasecmp(all[i]->name, word) != 0)
			continue;
		u = cmd_usage(ctx, all[i]);
		buf_printf(b, "%s: %s", u, all[i]->summary);
		free(u);
		cmd_help_args(b, all[i]->nargs, all[i]->args, 0);
		if (all[i] == &cmd_new_entry)
			cmd_help_games(b, "  games:");
		return 0;
	}
	here = ctx->table != NULL ? ctx->table->ops : NULL;
	for (i = 0; here != NULL && i < here->nactions; i++) {
		if (strcasecmp(here->actions[i].name, word) == 0) {
			cmd_help_action(ctx, here, &here->actions[i], b);
			found = here_found = 1;
		}
	}
	/* The table's game answers alone; else every game that has it. */
	for (g = 0; here_found == 0 && games[g] != NULL; g++) {
		for (i = 0; games[g] != here && i < games[g]->nactions; i++) {
			if (strcasecmp(games[g]->actions[i].name, word) == 0) {
				cmd_help_action(ctx, games[g],
				    &games[g]->actions[i], b);
				found = 1;
			}
		}
	}
	return found ? 0 : -1;
}

/* "\n  /cheers join: sit down at this channel's table" */
static void
cmd_help_usage(const struct cmd_ctx *ctx, const struct cmd_entry *e,
    struct buf *b)
{
	char	*u = cmd_usage(ctx, e);

	buf_printf(b, "\n  %s: %s", u, e->summary);
	free(u);
}

/* Every command and every move with its usage, a line each. */
static void
cmd_help_long(const struct cmd_ctx *ctx, struct buf *b)
{
	const struct cmd_entry *const	*all = cmd_all();
	const struct game_ops *const	*games = game_all();
	int				 i;

	cmdmatch_games(ctx, b);
	buf_printf(b, "\nTable commands:");
	for (i = 0; all[i] != NULL; i++)
		cmd_help_usage(ctx, all[i], b);
	if (ctx->table != NULL)
		cmd_help_actions(ctx, ctx->table->ops, b);
	else {
		for (i = 0; games[i] != NULL; i++)
			cmd_help_actions(ctx, games[i], b);
	}
	buf_printf(b, "\nCommands and moves can be shortened while "
	    "unambiguous (end, kick and leave in a game never); %s help <command> explains one, %s rules <game> "
	    "tells how to play.", ctx->command, ctx->command);
}

/*
 * At most CMD_HELP_SHORT_LINES lines: the commands and this table's moves
 * by name, the games, the three commands that open a game, and where to
 * read more.
 */
static void
cmd_help_short(const struct cmd_ctx *ctx, struct buf *b)
{
	const struct cmd_entry *const	*all = cmd_all();
	const struct game_ops		*ops;
	int				 i;

	cmd_help_games(b, "Games:");
	buf_puts(b, ".");
	buf_printf(b, "\nTable commands:");
	for (i = 0; all[i] != NULL; i++)
		buf_printf(b, "%s %s", i > 0 ? "," : "", all[i]->name);
	buf_puts(b, ".");
	cmd_help_usage(ctx, &cmd_new_entry, b);
	cmd_help_usage(ctx, &cmd_join_entry, b);
	cmd_help_usage(ctx, &cmd_start_entry, b);
	if (ctx->table != NULL) {
		ops = ctx->table->ops;
		buf_printf(b, "\n%s moves (%s <move>):", ops->title,
		    ctx->command);
		for (i = 0; i < ops->nactions; i++)
			buf_printf(b, "%s %s", i > 0 ? "," : "",
			    ops->actions[i].name);
		buf_puts(b, ".");
	}
	buf_printf(b, "\n%s help <command> explains a command or a move, "
	    "%s rules <game> tells how to play.", ctx->command, ctx->command);
}

static int
cmd_help_exec(struct cmd_ctx *ctx, char **cause)
{
	struct buf	b;

	buf_init(&b, RENDER_MAX);
	if (ctx->argc > 1) {
		if (cmd_help_one(ctx, ctx->argv[1], &b) != 0) {
			buf_release(&b);
			return cmdmatch_unknown(ctx, ctx->argv[1], cause);
		}
	} else if (ctx->ev->adapter->ops->flags & ADAPTER_TERSE)
		cmd_help_short(ctx, &b);
	else
		cmd_help_long(ctx, &b);
	cmd_reply(ctx, 1, "%s", buf_str(&b));
	buf_release(&b);
	return 0;
}
