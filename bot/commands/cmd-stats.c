/*
 * stats [player]: a player's record (games, wins, win rate, streak) in
 * this channel and everywhere on this platform.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/bot.h"
#include "bot/commands/cmd-later.h"
#include "bot/commands/cmd.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/suggest.h"
#include "lib/xmalloc.h"

static int	cmd_stats_exec(struct cmd_ctx *, char **);

const struct cmd_entry cmd_stats_entry = {
	.name = "stats",
	.summary = "a player's games, wins and streak, here and everywhere",
	.nargs = 1,
	.args = { { "player", GAME_ARG_PLAYER, "whose record (default: yours)",
	    1, NULL, 0, 0 } },
	.exec = cmd_stats_exec,
};

/* "5 games, 3 wins (60%), 1 tie; won the last 2" into b. */
static void
cmd_stats_line(struct buf *b, const struct store_stats *st)
{
	if (st->games == 0) {
		buf_puts(b, "no finished games");
		return;
	}
	buf_printf(b, "%d game%s, %d win%s (%d%%)", st->games,
	    st->games == 1 ? "" : "s", st->wins, st->wins == 1 ? "" : "s",
	    (st->wins * 100 + st->games / 2) / st->games);
	if (st->ties > 0)
		buf_printf(b, ", %d tie%s", st->ties, st->ties == 1 ? "" : "s");
	if (st->streak > 1)
		buf_printf(b, ", won the last %d", st->streak);
	else if (st->streak == 1)
		buf_puts(b, ", won the last one");
	else if (st->streak < -1)
		buf_printf(b, ", lost the last %d", -st->streak);
	else if (st->streak == -1)
		buf_puts(b, ", lost the last one");
}

/* Players whose finished games a stats lookup searches by name. */
#define CMD_STATS_PLAYERS	500

/*
 * A stats answer (bot/commands/cmd-later.h): whose, where, the reads of
 * their stats everywhere and here, and of the players a name may mean.
 */
struct cmd_stats_later {
	struct cmd_later	 l;
	struct adapter		*adapter;
	int			 is_dm;
	char			*channel;
	char			 id[TABLE_ID_MAX], name[TABLE_NAME_MAX + 1];
	char			 who[TABLE_ID_MAX + TABLE_NAME_MAX];
	char			 where[TABLE_ID_MAX + 8];	/* "": a DM */
	struct store_read	 r[2];		/* everywhere, here */
	struct store_rank	*ranks;		/* CMD_STATS_PLAYERS */
};

static void
cmd_stats_drop(struct cmd_later *l)
{
	struct cmd_stats_later	*s = (struct cmd_stats_later *)l;

	free(s->channel);
	free(s->ranks);
}

/*
 * Finds who a word means without the store: a seat at this channel's
 * table, or the asker.  Else s->id gets the word as an id (a mention)
 * and s->name the same, and 0 says the players must be searched.
 */
static int
cmd_stats_seat(struct cmd_ctx *ctx, struct cmd_stats_later *s,
    const char *word)
{
	int	seat;

	if (ctx->table != NULL &&
	    (seat = table_parse_seat(ctx->table, word, -1, 0, NULL)) >= 0 &&
	    ctx->table->seats[seat].user_id != NULL) {
		snprintf(s->id, sizeof s->id, "%s",
		    ctx->table->seats[seat].user_id);
		snprintf(s->name, sizeof s->name, "%s",
		    ctx->table->seats[seat].name);
		return 1;
	}
	table_mention_id(word, s->id, sizeof s->id);
	/* A display name is capped shorter than an id. */
	snprintf(s->name, sizeof s->name, "%.*s", (int)sizeof s->name - 1,
	    s->id);
	return strcmp(s->id, ctx->ev->user_id) == 0;
}

/* The answer, one line, into b (where "": asked in a DM). */
static void
cmd_stats_text(struct buf *b, const struct cmd_stats_later *s)
{
	if (s->where[0] != '\0') {
		buf_printf(b, "%s in %s: ", s->who, s->where);
		cmd_stats_line(b, &s->r[1].stats);
		buf_puts(b, ". Everywhere: ");
	} else
		buf_printf(b, "%s everywhere: ", s->who);
	cmd_stats_line(b, &s->r[0].stats);
	buf_puts(b, ".");
}

/* What a player hears when the store cannot be read. */
#define CMD_STATS_DOWN	"Stats are"

/* The player's stats were read: the answer. */
static void
cmd_stats_read(struct cmd_later *l, int rc, char *cause)
{
	struct cmd_stats_later	*s = (struct cmd_stats_later *)l;
	struct buf		 b;

	if (rc != 0) {
		cmd_later_down(l, CMD_STATS_DOWN, cause);
		return;
	}
	buf_init(&b, 1024);
	cmd_stats_text(&b, s);
	cmd_later_say(l, s->is_dm, buf_str(&b));
	buf_release(&b);
}

/* Reads the stats of s->id, everywhere and (not in a DM) here. */
static void
cmd_stats_send(struct cmd_stats_later *s)
{
	render_user(s->adapter, s->id, s->name, s->who, sizeof s->who);
	memset(s->r, 0, sizeof s->r);
	s->r[0].kind = s->r[1].kind = STORE_READ_STATS;
	s->r[0].scope.adapter = s->r[1].scope.adapter = s->adapter->ops->name;
	s->r[1].scope.channel = s->channel;
	s->r[0].user_id = s->r[1].user_id = s->id;
	cmd_later_read(&s->l, s->r, s->is_dm ? 1 : 2, cmd_stats_read);
}

/*
 * The players with a finished game on this platform were read: the one
 * the word means, by id or name in any case, with or without "@", or
 * the closest names when nobody is called so.
 */
static void
cmd_stats_named(struct cmd_later *l, int rc, char *cause)
{
	struct cmd_stats_later	*s = (struct cmd_stats_later *)l;
	const struct store_rank	*r = s->ranks;
	const char		*names[CMD_STATS_PLAYERS];
	struct buf		 b;
	int			 i, n = s->r[0].nranks;

	if (rc != 0) {
		cmd_later_down(l, CMD_STATS_DOWN, cause);
		return;
	}
	for (i = 0; i < n; i++) {
		if (strcmp(r[i].user_id, s->id) == 0 ||
		    strcasecmp(r[i].user_id, s->id) == 0 ||
		    strcasecmp(r[i].name, s->id) == 0) {
			snprintf(s->id, sizeof s->id, "%s", r[i].user_id);
			snprintf(s->name, sizeof s->name, "%s", r[i].name);
			cmd_stats_send(s);
			return;
		}
		names[i] = r[i].name;
	}
	buf_init(&b, 1024);
	buf_printf(&b, "Nobody called \"%.40s\" has finished a game here.",
	    s->id);
	suggest_append(&b, s->id, names, n);
	cmd_later_say(l, 1, buf_str(&b));
	buf_release(&b);
}

static int
cmd_stats_exec(struct cmd_ctx *ctx, char **cause)
{
	struct adapter		*a = ctx->ev->adapter;
	struct cmd_stats_later	*s;

	if (ctx->argc > 2)
		return set_cause(cause, "Usage: %s stats [player]",
		    ctx->command);
	s = cmd_later_new(ctx, sizeof *s, cmd_stats_drop);
	s->adapter = a;
	s->is_dm = ctx->ev->is_dm;
	if (!ctx->ev->is_dm) {
		s->channel = xstrdup(ctx->ev->channel);
		render_channel(a, ctx->ev->channel, s->where, sizeof s->where);
	}
	if (ctx->argc == 1) {
		snprintf(s->id, sizeof s->id, "%s", ctx->ev->user_id);
		snprintf(s->name, sizeof s->name, "%s", ctx->ev->user_name);
		cmd_stats_send(s);
	} else if (cmd_stats_seat(ctx, s, ctx->argv[1]))
		cmd_stats_send(s);
	else {
		s->ranks = xcalloc(CMD_STATS_PLAYERS, sizeof *s->ranks);
		s->r[0].kind = STORE_READ_RANKS;
		s->r[0].scope.adapter = a->ops->name;
		s->r[0].ranks = s->ranks;
		s->r[0].max = CMD_STATS_PLAYERS;
		cmd_later_read(&s->l, s->r, 1, cmd_stats_named);
	}
	cmd_later_end(&s->l);
	return 0;
}
