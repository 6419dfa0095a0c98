/*
 * cmdmatch: the one place that decides what a typed command word, game
 * name or move name means (see cmdmatch.h).  The names come from the
 * command table (bot/commands/cmd.c) and the games' action tables, so what is
 * matched is what help lists and what the platforms' schemas offer.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/commands/cmdmatch.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/suggest.h"
#include "lib/xmalloc.h"

/* Lobby verbs, then actions: as many names as a suggestion looks at. */
#define CMDMATCH_NAMES_MAX	256

/*
 * May word, a shortening of e's name, run e?  Not when e destroys
 * something: end and kick always, leave once a game runs.
 */
static int
cmdmatch_safe_prefix(const struct cmd_ctx *ctx, const struct cmd_entry *e)
{
	if (e->flags & CMD_WHOLE)
		return 0;
	if ((e->flags & CMD_WHOLE_GAME) && ctx->table != NULL &&
	    ctx->table->state != TABLE_LOBBY)
		return 0;
	return 1;
}

/*
 * Every name a command word may be: the lobby verbs, then ops' actions,
 * or every game's when ops is NULL.  Writes at most max into names;
 * returns how many.
 */
static int
cmdmatch_names(const struct game_ops *ops, const char **names, int max)
{
	const struct cmd_entry *const	*all = cmd_all();
	const struct game_ops *const	*games = game_all();
	int				 g, i, n = 0;

	for (i = 0; all[i] != NULL && n < max; i++)
		names[n++] = all[i]->name;
	for (g = 0; games[g] != NULL; g++) {
		if (ops != NULL && games[g] != ops)
			continue;
		for (i = 0; i < games[g]->nactions && n < max; i++)
			names[n++] = games[g]->actions[i].name;
	}
	return n;
}

/* "Unknown command "gvie". Did you mean give?" among ops' names. */
static int
cmdmatch_unknown_in(const struct cmd_ctx *ctx, const struct game_ops *ops,
    const char *word, char **cause)
{
	const char	*names[CMDMATCH_NAMES_MAX];
	struct buf	 b;
	int		 count;

	buf_init(&b, 1024);
	buf_printf(&b, "Unknown command \"%.40s\".", word);
	count = cmdmatch_names(ops, names, CMDMATCH_NAMES_MAX);
	if (suggest_append(&b, word, names, count) == 0)
		buf_printf(&b, " %s help lists the commands.", ctx->command);
	set_cause(cause, "%s", buf_str(&b));
	buf_release(&b);
	return -1;
}

int
cmdmatch_unknown(const struct cmd_ctx *ctx, const char *word, char **cause)
{
	return cmdmatch_unknown_in(ctx, NULL, word, cause);
}

int
cmdmatch_find(const struct cmd_ctx *ctx, const struct game_ops *ops,
    const char *word, const struct cmd_entry **entry, int *action,
    char **cause)
{
	const struct cmd_entry *const	*all = cmd_all();
	struct buf			 b;
	size_t				 len = strlen(word);
	int				 i, n = 0;

	*entry = NULL;
	*action = -1;
	for (i = 0; all[i] != NULL; i++) {
		if (strcasecmp(all[i]->name, word) == 0) {
			*entry = all[i];
			return 0;
		}
	}
	for (i = 0; ops != NULL && i < ops->nactions; i++) {
		if (strcasecmp(ops->actions[i].name, word) == 0) {
			*action = i;
			return 0;
		}
	}
	buf_init(&b, 1024);
	for (i = 0; all[i] != NULL; i++) {
		if (strncasecmp(all[i]->name, word, len) == 0) {
			buf_printf(&b, "%s%s", n++ ? ", " : "", all[i]->name);
			*entry = all[i];
		}
	}
	for (i = 0; ops != NULL && i < ops->nactions; i++) {
		if (strncasecmp(ops->actions[i].name, word, len) == 0) {
			buf_printf(&b, "%s%s", n++ ? ", " : "",
			    ops->actions[i].name);
			*action = i;
		}
	}
	if (n == 1 && *entry != NULL && !cmdmatch_safe_prefix(ctx, *entry)) {
		set_cause(cause, "\"%.40s\" is short for %s, which cannot be "
		    "undone; type %s %s in full.", word, (*entry)->name,
		    ctx->command, (*entry)->name);
		n = -1;
	} else if (n > 1)
		set_cause(cause, "\"%.40s\" could mean %s; type more of it.",
		    word, buf_str(&b));
	else if (n == 0 && ops == NULL && cmdmatch_is_action(word))
		set_cause(cause, "There is no game here to %.40s in. Open one "
		    "with %s new <game>; %s help names the games.", word,
		    ctx->command, ctx->command);
	else if (n == 0)
		cmdmatch_unknown_in(ctx, ops, word, cause);
	buf_release(&b);
	if (n == 1)
		return 0;
	*entry = NULL;
	*action = -1;
	return -1;
}

int
cmdmatch_is_action(const char *word)
{
	const struct game_ops *const	*games = game_all();
	int				 g, i;

	for (g = 0; games[g] != NULL; g++) {
		for (i = 0; i < games[g]->nactions; i++)
			if (strcasecmp(games[g]->actions[i].name, word) == 0)
				return 1;
	}
	return 0;
}

void
cmdmatch_games(const struct cmd_ctx *ctx, struct buf *b)
{
	const struct game_ops *const	*games = game_all();
	int				 g;

	buf_puts(b, "Games:");
	for (g = 0; games[g] != NULL; g++)
		buf_printf(b, "\n  %s: %s, %s", games[g]->name, games[g]->title,
		    games[g]->summary);
	/* The example is the first game listed (there is always one). */
	if (g > 0)
		buf_printf(b, "\nOpen one with %s new <game>, like %s new %s.",
		    ctx->command, ctx->command, games[0]->name);
}

const struct game_ops *
cmdmatch_game(const struct cmd_ctx *ctx, const char *name, char **cause)
{
	const struct game_ops *const	*games = game_all();
	const char			*names[CMDMATCH_NAMES_MAX];
	struct buf			 b;
	int				 g;

	for (g = 0; g < CMDMATCH_NAMES_MAX && games[g] != NULL; g++) {
		if (strcasecmp(games[g]->name, name) == 0)
			return games[g];
		names[g] = games[g]->name;
	}
	buf_init(&b, 4096);
	buf_printf(&b, "I do not know a game called \"%.40s\".", name);
	suggest_append(&b, name, names, g);
	buf_puts(&b, "\n");
	cmdmatch_games(ctx, &b);
	set_cause(cause, "%s", buf_str(&b));
	buf_release(&b);
	return NULL;
}
