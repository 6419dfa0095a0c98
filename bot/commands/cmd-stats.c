/*
 * stats [player]: a player's record (games, wins, win rate, streak) in
 * this channel and everywhere on this platform.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
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
 * Finds who a word means: a seat at this channel's table, else a player
 * with a finished game on this platform, by id or name in any case, with
 * or without "@".  Writes the user id and a display name; 0, or -1 with
 * *cause naming the closest names when nobody is called so.
 */
static int
cmd_stats_who(struct cmd_ctx *ctx, const char *word, char *id, size_t idlen,
    char *name, size_t namelen, char **cause)
{
	struct store_scope	 sc;
	struct store_rank	*r;
	const char		*names[CMD_STATS_PLAYERS];
	struct buf		 b;
	int			 seat, n, i;

	if (ctx->table != NULL &&
	    (seat = table_parse_seat(ctx->table, word, -1, 0, NULL)) >= 0 &&
	    ctx->table->seats[seat].user_id != NULL) {
		snprintf(id, idlen, "%s", ctx->table->seats[seat].user_id);
		snprintf(name, namelen, "%s", ctx->table->seats[seat].name);
		return 0;
	}
	table_mention_id(word, id, idlen);
	/* A display name is capped shorter than an id. */
	snprintf(name, namelen, "%.*s", (int)namelen - 1, id);
	if (strcmp(id, ctx->ev->user_id) == 0)
		return 0;
	memset(&sc, 0, sizeof sc);
	sc.adapter = ctx->ev->adapter->ops->name;
	r = xcalloc(CMD_STATS_PLAYERS, sizeof *r);
	if ((n = store_leaderboard(ctx->bot->store, &sc, r, CMD_STATS_PLAYERS,
	    cause)) < 0) {
		free(r);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (strcmp(r[i].user_id, id) == 0 ||
		    strcasecmp(r[i].user_id, id) == 0 ||
		    strcasecmp(r[i].name, id) == 0) {
			snprintf(id, idlen, "%s", r[i].user_id);
			snprintf(name, namelen, "%s", r[i].name);
			free(r);
			return 0;
		}
		names[i] = r[i].name;
	}
	buf_init(&b, 1024);
	buf_printf(&b, "Nobody called \"%.40s\" has finished a game here.", id);
	suggest_append(&b, id, names, n);
	set_cause(cause, "%s", buf_str(&b));
	buf_release(&b);
	free(r);
	return -1;
}

/* What a player hears when the store cannot be read. */
#define CMD_STATS_DOWN	"Stats are unavailable for now: I cannot reach " \
	"my database. Try again in a minute."

/*
 * A stats answer the store gives later (store_stats_send): what it
 * says, and the reply held for it.  Freed by whichever comes last of
 * the read's answer and the reply's dropping (item NULL then).
 */
struct cmd_stats_later {
	struct bot		*bot;
	struct outbox_item	*item;
	const struct game_ops	*ops;		/* the table's words, or NULL */
	int			 emoji;
	char			 who[TABLE_ID_MAX + TABLE_NAME_MAX];
	char			 where[TABLE_ID_MAX + 8];	/* "": a DM */
	struct store_stats	 st[2];		/* everywhere, here */
};

/* The answer, one line, into b (where "": asked in a DM). */
static void
cmd_stats_text(struct buf *b, const struct cmd_stats_later *l)
{
	if (l->where[0] != '\0') {
		buf_printf(b, "%s in %s: ", l->who, l->where);
		cmd_stats_line(b, &l->st[1]);
		buf_puts(b, ". Everywhere: ");
	} else
		buf_printf(b, "%s everywhere: ", l->who);
	cmd_stats_line(b, &l->st[0]);
	buf_puts(b, ".");
}

/* The held reply was dropped before the read answered. */
static void
cmd_stats_gone(void *arg)
{
	struct cmd_stats_later	*l = arg;

	l->item = NULL;
}

/* The store answered (store_stats_send's done): the held reply is said. */
static void
cmd_stats_read(void *arg, int rc, char *cause)
{
	struct cmd_stats_later	*l = arg;
	struct buf		 b;
	char			*text;

	buf_init(&b, 1024);
	if (rc != 0) {
		log_warn("stats: %s", cause);
		buf_puts(&b, CMD_STATS_DOWN);
	} else
		cmd_stats_text(&b, l);
	free(cause);
	text = render_words_as(l->emoji, l->ops, buf_detach(&b));
	if (l->item != NULL)
		outbox_ready(l->bot, l->item, text);
	free(text);
	free(l);
}

static int
cmd_stats_exec(struct cmd_ctx *ctx, char **cause)
{
	struct adapter		*a = ctx->ev->adapter;
	struct store_scope	 sc[2];
	struct cmd_stats_later	*l;
	struct buf		 b;
	char			 id[TABLE_ID_MAX], name[TABLE_NAME_MAX + 1];
	char			*err = NULL;
	int			 rc;

	if (ctx->argc > 2)
		return set_cause(cause, "Usage: %s stats [player]",
		    ctx->command);
	if (ctx->argc == 2) {
		if (cmd_stats_who(ctx, ctx->argv[1], id, sizeof id, name,
		    sizeof name, cause) != 0)
			return -1;
	} else {
		snprintf(id, sizeof id, "%s", ctx->ev->user_id);
		snprintf(name, sizeof name, "%s", ctx->ev->user_name);
	}
	l = xcalloc(1, sizeof *l);
	l->bot = ctx->bot;
	l->ops = ctx->table == NULL ? NULL : ctx->table->ops;
	l->emoji = ctx->table != NULL && ctx->table->emoji >= 0 ?
	    ctx->table->emoji : ctx->bot->config->bot_emoji;
	render_user(a, id, name, l->who, sizeof l->who);
	memset(sc, 0, sizeof sc);
	sc[0].adapter = sc[1].adapter = a->ops->name;
	if (!ctx->ev->is_dm) {
		sc[1].channel = ctx->ev->channel;
		render_channel(a, ctx->ev->channel, l->where, sizeof l->where);
	}
	rc = store_stats_send(ctx->bot->store, sc, ctx->ev->is_dm ? 1 : 2, id,
	    l->st, cmd_stats_read, l, &err);
	if (rc == 1) {
		/* Answered in its place when the store has read it. */
		l->item = outbox_later(a, ctx->ev, ctx->ev->is_dm,
		    cmd_stats_gone, l);
		return 0;
	}
	if (rc == 0) {
		buf_init(&b, 1024);
		cmd_stats_text(&b, l);
		cmd_reply(ctx, ctx->ev->is_dm, "%s", buf_str(&b));
		buf_release(&b);
	}
	free(l);
	if (rc == 0)
		return 0;
	log_warn("stats: %s", err);
	free(err);
	return set_cause(cause, "%s", CMD_STATS_DOWN);
}
