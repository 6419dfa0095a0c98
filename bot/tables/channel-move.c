/*
 * A channel that got another id: a Telegram group upgraded to a
 * supergroup is a new chat, and the old one takes no more messages.  The
 * adapter knows the platform's signs of it (an event, an error naming
 * the new id) and tells the bot with bot_channel_move; its tables, and
 * those of the channels under it ("<channel>:<rest>", forum topics),
 * move there in memory and in the store, in one batch
 * (bot/saying/outbox.c), and each running game shows its board again in
 * the new channel.  Nothing else changes: the game goes on where it
 * stood.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "bot/saying/board-post.h"
#include "bot/saying/outbox.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

/* Moves t (its channel under from) to the same place under to. */
static void
chanmove_table(struct table *t, const char *from, const char *to)
{
	char	*channel;

	channel = xasprintf("%s%s", to, t->channel + strlen(from));
	if (table_find(t->bot, t->adapter, channel) != NULL) {
		log_warn("table %llu: its channel %s is now %s, where a table "
		    "is open already; it stays where it was",
		    (unsigned long long)t->id, t->channel, channel);
		free(channel);
		return;
	}
	log_info("table %llu: its channel %s is now %s",
	    (unsigned long long)t->id, t->channel, channel);
	table_set_channel(t, channel);
	free(channel);
	board_repost(t, NULL);
}

void
bot_channel_move(struct bot *bot, struct adapter *a, const char *from,
    const char *to, int keep_refs)
{
	struct table	*t;
	char		*cause = NULL;

	if (strcmp(from, to) == 0)
		return;
	outbox_begin(bot);
	/* A store that fails is logged; the next run hears of it again. */
	if (store_channel_move(bot->store, a->ops->name, from, to, keep_refs,
	    &cause) != 0) {
		log_warn("%s: moving channel %s to %s: %s", a->ops->name, from,
		    to, cause);
		free(cause);
	}
	TAILQ_FOREACH(t, &bot->tables, entry) {
		if (t->adapter == a && store_channel_under(t->channel, from))
			chanmove_table(t, from, to);
	}
	outbox_end(bot);
}
