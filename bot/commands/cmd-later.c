/*
 * A command's answer that store reads give (cmd-later.h): said as the
 * command runs when the store reads at once, else held in its place in
 * the outbox until the reads come.
 */
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/commands/cmd-later.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

void *
cmd_later_new(struct cmd_ctx *ctx, size_t size,
    void (*drop)(struct cmd_later *))
{
	struct cmd_later	*l = xcalloc(1, size);

	l->bot = ctx->bot;
	l->ctx = ctx;
	l->ops = ctx->table == NULL ? NULL : ctx->table->ops;
	l->emoji = ctx->table != NULL && ctx->table->emoji >= 0 ?
	    ctx->table->emoji : ctx->bot->config->bot_emoji;
	l->drop = drop;
	return l;
}

/* Frees l once nothing runs or waits that needs it. */
static void
cmd_later_check(struct cmd_later *l)
{
	if (l->pending || l->ctx != NULL || l->depth > 0)
		return;
	if (l->drop != NULL)
		l->drop(l);
	free(l);
}

/* The held reply was dropped before the reads answered. */
static void
cmd_later_gone(void *arg)
{
	struct cmd_later	*l = arg;

	l->item = NULL;
}

/* The store answered (store_read_send's done), or it read at once. */
void
cmd_later_done(void *arg, int rc, char *cause)
{
	struct cmd_later	*l = arg;

	l->pending = 0;
	l->depth++;
	if (l->ctx != NULL || l->item != NULL)
		l->answer(l, rc, cause);
	else
		free(cause);
	l->depth--;
	cmd_later_check(l);
}

void
cmd_later_read(struct cmd_later *l, struct store_read *r, int n,
    void (*answer)(struct cmd_later *, int, char *))
{
	char	*err = NULL;
	int	 rc;

	rc = store_read_send(l->bot->store, r, n, cmd_later_done, l, &err);
	cmd_later_sent(l, rc, err, answer);
}

void
cmd_later_sent(struct cmd_later *l, int rc, char *err,
    void (*answer)(struct cmd_later *, int, char *))
{
	l->answer = answer;
	if (rc != 1) {
		cmd_later_done(l, rc, err);
		return;
	}
	l->pending = 1;
	/* Answered in its place when the store has read it. */
	if (l->item == NULL && l->ctx != NULL)
		l->item = outbox_later(l->ctx->ev->adapter, l->ctx->ev,
		    cmd_later_gone, l);
}

void
cmd_later_say(struct cmd_later *l, int private, const char *text)
{
	struct outbox_item	*it = l->item;
	char			*words;

	if (l->said++ > 0)
		return;
	if (it != NULL) {
		l->item = NULL;
		words = render_words_as(l->emoji, l->ops, xstrdup(text));
		outbox_ready(l->bot, it, private, words);
		free(words);
	} else if (l->ctx != NULL)
		cmd_reply(l->ctx, private, "%s", text);
}

void
cmd_later_down(struct cmd_later *l, const char *what, char *cause)
{
	char	*text;

	log_warn("%s", cause);
	free(cause);
	text = xasprintf("%s %s", what, STORE_UNREAD_TEXT);
	cmd_later_say(l, 1, text);
	free(text);
}

void
cmd_later_end(struct cmd_later *l)
{
	l->ctx = NULL;
	cmd_later_check(l);
}
