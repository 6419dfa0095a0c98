/*
 * rules [game]: the short rules of a game, privately; with no game named
 * and none at the table, the games to choose from.
 */
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/commands/cmdmatch.h"
#include "bot/daemon/config.h"
#include "bot/tables/table.h"
#include "bot/saying/card-words.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static int	cmd_rules_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_rules_entry = {
	.name = "rules",
	.nargs = 1,
	.args = { { "game", GAME_ARG_TEXT, "the game (default: this table's)",
	    1, NULL, 0, 0 } },
	.summary = "how to play (this table's game, or the one named)",
	.flags = 0,
	.exec = cmd_rules_exec,
};

static int
cmd_rules_exec(struct cmd_ctx *ctx, char **cause)
{
	const struct game_ops	*ops;
	char			*legend, *text;

	struct buf		 b;

	if (ctx->argc > 1) {
		if ((ops = cmdmatch_game(ctx, ctx->argv[1], cause)) == NULL)
			return -1;
	} else if (ctx->table != NULL)
		ops = ctx->table->ops;
	else {
		/* No game named, none here: which rules? Name them all. */
		buf_init(&b, 4096);
		cmdmatch_games(ctx, &b);
		buf_printf(&b, "\n%s rules <game> tells how one is played.",
		    ctx->command);
		cmd_reply(ctx, 1, "%s", buf_str(&b));
		buf_release(&b);
		return 0;
	}
	legend = ctx->bot->config->bot_emoji ? words_legend(ops) : NULL;
	text = xasprintf("%s: %s\n%s%s%s", ops->title, ops->summary,
	    ops->rules, legend != NULL ? "\n" : "", legend != NULL ? legend : "");
	/* Without a table, the words are this game's, whatever others say. */
	text = render_words(ctx->bot, ops, text);
	cmd_reply(ctx, 1, "%s", text);
	free(text);
	free(legend);
	return 0;
}
