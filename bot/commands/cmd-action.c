/*
 * Game actions as commands.  The words after the verb are parsed by the
 * types in the game's action description (card numbers, players, places,
 * choices, counts), so a new game gets a parser, usage lines and help for
 * free, and every mistake names what would be right.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/commands/argnames.h"
#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/tables/play.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

char *
cmd_action_usage(const struct cmd_ctx *ctx, const struct game_action *a)
{
	return cmd_usage_args(ctx, a->name, a->nargs, a->args);
}

/* A whole number from min to max; -1 with *cause otherwise. */
static int
cmd_action_number(const char *word, int min, int max, long *out)
{
	char	*end;
	long	 n;

	n = strtol(word, &end, 10);
	if (end == word || *end != '\0' || n < min || n > max)
		return -1;
	*out = n;
	return 0;
}

/* A named place ("share"), exactly or by unique prefix; its number or -1. */
static int
cmd_action_place(const struct table *t, const char *word)
{
	const char	*names[GAME_MAX_PLACES + 1];
	int		 i, n;

	if (t->ops->places == NULL)
		return -1;
	n = t->ops->places(t->game, names, GAME_MAX_PLACES);
	names[n] = NULL;
	i = table_match(names, word);
	return i == -1 ? -1 : GAME_PLACE_BASE + i;
}

/* "@alice, @bob, share": every seat, and the places too; caller frees. */
static char *
cmd_action_targets(const struct table *t, int places)
{
	const char	*names[GAME_MAX_PLACES];
	struct buf	 b;
	char		 who[TABLE_ID_MAX + TABLE_NAME_MAX];
	int		 i, n;

	buf_init(&b, 1024);
	for (i = 0; i < t->nseats; i++) {
		render_seat(t, i, who, sizeof who);
		buf_printf(&b, "%s%s", i ? ", " : "", who);
	}
	n = places && t->ops->places != NULL ?
	    t->ops->places(t->game, names, GAME_MAX_PLACES) : 0;
	for (i = 0; i < n; i++)
		buf_printf(&b, ", %s", names[i]);
	return buf_detach(&b);
}

/*
 * Parses one argument from words (nwords of them may be its, borrowed)
 * into *out, the words it took into *used; -1 with *cause on a bad word.
 * Cards and choices go by name too (bot/commands/argnames.c).
 */
static int
cmd_action_arg(struct cmd_ctx *ctx, int action, int argi,
    const char *const *words, int nwords, int self, int *out, int *used,
    char **cause)
{
	const struct table	*t = ctx->table;
	const struct game_arg	*arg = &t->ops->actions[action].args[argi];
	const char		*word = words[0];
	char			*err = NULL, *targets;
	long			 n;
	int			 v;

	*used = 1;
	switch (arg->type) {
	case GAME_ARG_CARD:
	case GAME_ARG_CHOICE:
		return argnames_read(t, self, action, argi, words, nwords, out,
		    used, cause);
	case GAME_ARG_COUNT:
		if (cmd_action_number(word, arg->min, arg->max, &n) != 0)
			return set_cause(cause, "%s must be a number from %d "
			    "to %d.", arg->name, arg->min, arg->max);
		*out = (int)n;
		return 0;
	case GAME_ARG_TEXT:
		return set_cause(cause, "%s takes no free text", arg->name);
	case GAME_ARG_TARGET:
		if (word[0] != '@' && word[0] != '<' &&
		    (v = cmd_action_place(t, word)) != -1) {
			*out = v;
			return 0;
		}
		/* FALLTHROUGH */
	case GAME_ARG_PLAYER:
		if ((v = table_parse_seat(t, word, self, 0, &err)) < 0) {
			targets = cmd_action_targets(t, arg->type == GAME_ARG_TARGET);
			set_cause(cause, "%s %s: %s.", err, arg->type ==
			    GAME_ARG_TARGET ? "Targets" : "Players", targets);
			free(targets);
			free(err);
			return -1;
		}
		*out = v;
		return 0;
	}
	return set_cause(cause, "unknown argument type");
}

int
cmd_action_play(struct cmd_ctx *ctx, int seat, const struct game_move *m,
    char **cause)
{
	struct table	*t = ctx->table;
	struct seat	*s = &t->seats[seat];
	char		*err = NULL;
	int		 was_ai;

	/*
	 * Acting again takes back a seat the AI was keeping, but only when
	 * the move is accepted: a rejected one leaves the AI in charge.  The
	 * seat is human while the move is applied, so the next timer is a
	 * human's if this seat must act again.
	 */
	was_ai = s->ai;
	s->ai = 0;
	if (play_move(t, seat, m, cause) != 0) {
		s->ai = was_ai;
		return -1;
	}
	if (was_ai || s->timeouts > 0) {
		s->timeouts = 0;
		if (store_table_save(ctx->bot->store, t, &err) != 0) {
			/* The store has logged why. */
			free(err);
		}
	}
	return 0;
}

/* A word for argument arg in an example, as seat would write it. */
static void
cmd_action_sample(const struct table *t, const struct game_arg *arg, int seat,
    struct buf *b)
{
	int	i, other = -1;

	switch (arg->type) {
	case GAME_ARG_COUNT:
		buf_printf(b, " %d", arg->min);
		return;
	case GAME_ARG_CHOICE:
		buf_printf(b, " %s", arg->choices[0]);
		return;
	case GAME_ARG_PLAYER:
	case GAME_ARG_TARGET:
		for (i = 0; i < t->nseats && other < 0; i++)
			if (i != seat)
				other = i;
		buf_printf(b, " @%s", other >= 0 ? t->seats[other].name : "bob");
		return;
	default:
		buf_puts(b, " 1");
		return;
	}
}

/*
 * The sentence for a move typed without its argument missing: what it
 * is, in words, and the typed words so far (the verb and the words the
 * arguments before it took) finished into an example,
 * like "Give the target (whose shaker: a player, share or extra). For
 * example /cheers play 1 @bob (or share, extra)."
 */
static void
cmd_action_missing(struct cmd_ctx *ctx, const struct game_action *a,
    int missing, int typed, int seat, char **cause)
{
	const struct table	*t = ctx->table;
	const char		*places[GAME_MAX_PLACES];
	struct buf		 b;
	int			 i, n;

	buf_init(&b, 1024);
	buf_printf(&b, "Give the %s (%s). For example %s", a->args[missing].name,
	    a->args[missing].help, ctx->command);
	for (i = 0; i < ctx->argc && i < typed; i++)
		buf_printf(&b, " %s", ctx->argv[i]);
	for (i = missing; i < a->nargs && !a->args[i].optional; i++)
		cmd_action_sample(t, &a->args[i], seat, &b);
	n = a->args[missing].type == GAME_ARG_TARGET && t->ops->places != NULL ?
	    t->ops->places(t->game, places, GAME_MAX_PLACES) : 0;
	for (i = 0; i < n; i++)
		buf_printf(&b, "%s%s", i == 0 ? " (or " : ", ", places[i]);
	buf_puts(&b, n > 0 ? ")." : ".");
	set_cause(cause, "%s", buf_str(&b));
	buf_release(&b);
}

int
cmd_action_exec(struct cmd_ctx *ctx, const struct game_action *a, int index,
    char **cause)
{
	struct table		*t = ctx->table;
	struct game_move	 m;
	char			*usage, *err = NULL;
	struct buf		 b;
	int			 seat, i, j, w = 1, used, later;
	int			 named = -1, named_w = 0;

	if (t->state != TABLE_PLAYING)
		return set_cause(cause, "The game has not started yet; the host "
		    "starts it with %s start.", ctx->command);
	if ((seat = table_seat_of(t, ctx->ev->user_id)) < 0)
		return set_cause(cause, "You are not playing at this table.");

	memset(&m, 0, sizeof m);
	m.action = index;
	for (i = 0; i < GAME_MAX_ARGS; i++)
		m.args[i] = -1;
	usage = cmd_action_usage(ctx, a);
	/*
	 * Words are read argument by argument, a name taking as many as it
	 * has ("play Mint Sprig") but leaving one for each argument still
	 * needed.  "for" or "to" before an argument reads as English: "offer
	 * 2 lime for 1 mint to bob".
	 */
	for (i = 0; i < a->nargs; i++) {
		if (i > 0 && w + 1 < ctx->argc &&
		    (strcasecmp(ctx->argv[w], "for") == 0 ||
		    strcasecmp(ctx->argv[w], "to") == 0))
			w++;
		if (w >= ctx->argc) {
			if (a->args[i].optional)
				continue;
			cmd_action_missing(ctx, a, i, w, seat, cause);
			goto fail;
		}
		for (j = i + 1, later = 0; j < a->nargs; j++)
			later += !a->args[j].optional;
		if (cmd_action_arg(ctx, index, i,
		    (const char *const *)ctx->argv + w, ctx->argc - w - later < 1 ?
		    1 : ctx->argc - w - later, seat, &m.args[i], &used,
		    &err) != 0) {
			set_cause(cause, "%s Usage: %s", err, usage);
			free(err);
			goto fail;
		}
		if (a->args[i].type == GAME_ARG_CARD ||
		    a->args[i].type == GAME_ARG_CHOICE) {
			named = i;
			named_w = w;
		}
		w += used;
	}
	if (w < ctx->argc) {
		/* "play mint sprg": a name's start read, the rest left over. */
		buf_init(&b, 1024);
		buf_printf(&b, "Too many words for %s.", a->name);
		if (named >= 0)
			argnames_near(t, seat, index, named,
			    (const char *const *)ctx->argv + named_w,
			    ctx->argc - named_w, &b);
		set_cause(cause, "%s Usage: %s", buf_str(&b), usage);
		buf_release(&b);
		goto fail;
	}
	free(usage);
	return cmd_action_play(ctx, seat, &m, cause);

fail:
	free(usage);
	return -1;
}
