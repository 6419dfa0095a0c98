/*
 * The lobby verbs' table and what every command shares: answering the
 * sender, deciding who is a host, and usage lines.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static const struct cmd_entry *const cmd_table[] = {
	&cmd_new_entry,
	&cmd_join_entry,
	&cmd_leave_entry,
	&cmd_addbot_entry,
	&cmd_start_entry,
	&cmd_status_entry,
	&cmd_hand_entry,
	&cmd_kick_entry,
	&cmd_end_entry,
	&cmd_settings_entry,
	&cmd_stats_entry,
	&cmd_leaderboard_entry,
	&cmd_replay_entry,
	&cmd_rules_entry,
	&cmd_help_entry,
	NULL
};

const struct cmd_entry *const *
cmd_all(void)
{
	return cmd_table;
}

/* Sends text (borrowed, expanded) to the sender; see cmd_reply. */
static void
cmd_answer(struct cmd_ctx *ctx, int private, const struct adapter_buttons *bs,
    const char *text)
{
	struct adapter	*a = ctx->ev->adapter;
	char		*cause = NULL;

	/* A private answer never goes public (outbox_reply). */
	if (outbox_reply(a, ctx->ev, private, text, bs, &cause) != 0) {
		log_warn("%s: answering %s failed: %s", a->ops->name,
		    ctx->ev->user_id, cause);
		free(cause);
	}
}

static void	 cmd_vreply(struct cmd_ctx *, int,
		    const struct adapter_buttons *, const char *, va_list)
		    __attribute__((format(printf, 4, 0)));

/*
 * Answers with a format's text, the table's seats expanded, and buttons
 * (borrowed, may be NULL).
 */
static void
cmd_vreply(struct cmd_ctx *ctx, int private, const struct adapter_buttons *bs,
    const char *fmt, va_list ap)
{
	char	*raw, *text;

	raw = xvasprintf(fmt, ap);
	if (ctx->table != NULL) {
		text = render_expand(ctx->table, raw);
		free(raw);
	} else
		text = render_words(ctx->bot, NULL, raw);	/* takes raw */
	cmd_answer(ctx, private, bs, text);
	free(text);
}

void
cmd_reply(struct cmd_ctx *ctx, int private, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	cmd_vreply(ctx, private, NULL, fmt, ap);
	va_end(ap);
}

void
cmd_reply_buttons(struct cmd_ctx *ctx, int private,
    const struct adapter_buttons *bs, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	cmd_vreply(ctx, private, bs, fmt, ap);
	va_end(ap);
}

int
cmd_is_bot_admin(const struct cmd_ctx *ctx)
{
	char	**admins = ctx->bot->config->bot_admins;
	size_t	  plen = strlen(ctx->ev->adapter->ops->name);
	int	  i;

	for (i = 0; admins != NULL && admins[i] != NULL; i++) {
		if (strncmp(admins[i], ctx->ev->adapter->ops->name, plen) == 0 &&
		    admins[i][plen] == ':' &&
		    strcmp(admins[i] + plen + 1, ctx->ev->user_id) == 0)
			return 1;
	}
	return 0;
}

int
cmd_is_host(const struct cmd_ctx *ctx)
{
	if (ctx->ev->is_admin || cmd_is_bot_admin(ctx))
		return 1;
	return ctx->table != NULL && ctx->table->host != NULL &&
	    strcmp(ctx->table->host, ctx->ev->user_id) == 0;
}

char *
cmd_usage_args(const struct cmd_ctx *ctx, const char *name, int nargs,
    const struct game_arg *args)
{
	struct buf	b;
	int		i;

	buf_init(&b, 512);
	buf_printf(&b, "%s %s", ctx->command, name);
	for (i = 0; i < nargs; i++)
		buf_printf(&b, args[i].optional ? " [%s]" : " <%s>", args[i].name);
	return buf_detach(&b);
}

char *
cmd_usage(const struct cmd_ctx *ctx, const struct cmd_entry *e)
{
	return cmd_usage_args(ctx, e->name, e->nargs, e->args);
}
