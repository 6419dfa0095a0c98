/*
 * The end of the bot: bot_release frees what every room keeps in the
 * bot context (bot.h).  Here, with the rooms below it, so that bot.c,
 * which every room calls for the clock and the adapters, calls none.
 */
#include <sys/queue.h>

#include "bot/bot.h"
#include "bot/commands/flood.h"
#include "bot/saying/outbox.h"
#include "bot/storage/store.h"
#include "bot/tables/sched-heap.h"
#include "bot/tables/table.h"

void
bot_release(struct bot *bot)
{
	struct table	*t;
	int		 i;

	outbox_clear(bot);
	/* The tables live on in the store; their boards stay as they are. */
	while ((t = TAILQ_FIRST(&bot->tables)) != NULL) {
		TAILQ_REMOVE(&bot->tables, t, entry);
		bot->ntables--;
		table_free(t);
	}
	table_index_release(bot);
	table_users_release(bot);
	sched_release(bot);
	flood_release(bot);
	for (i = 0; i < bot->nadapters; i++) {
		if (bot->adapters[i]->ops->free_adapter != NULL)
			bot->adapters[i]->ops->free_adapter(bot->adapters[i]);
	}
	bot->nadapters = 0;
	store_close(bot->store);
	bot->store = NULL;
}
