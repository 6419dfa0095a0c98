/*
 * Direct messages that fail after the fact.  Some platforms (Discord) only
 * say that a user does not accept direct messages when the message itself
 * is refused, long after send_dm returned.  The adapter reports it here;
 * every table of that adapter where the user sits then marks the seat, so
 * secrets are served through "hand", and tells the channel so
 * (outbox_dm_closed), without any secret.  A user who writes from a DM,
 * or (on IRC) is seen again, shows it works again (bot_dm_open): their
 * private view comes at once, so a player whose move it is has it.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/narrate.h"
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

/* At most this many of a user's tables are marked at once. */
#define DMFAIL_TABLES_MAX	64

/*
 * Marks the user's seat at each of its tables on adapter a as having
 * closed DMs (outbox_dm_closed: secrets through "hand", the channel told)
 * or open ones again, where it is not so already.  Reopened during a
 * game, the seat gets its private view: the updates it missed, and its
 * move if it is one.
 */
static void
dmfail_set(struct bot *bot, struct adapter *a, const char *user_id, int closed)
{
	struct table	*ts[DMFAIL_TABLES_MAX], *t;
	int		 i, n, seat;

	n = table_users_find(bot, a, user_id, ts, DMFAIL_TABLES_MAX);
	for (i = 0; i < n && i < DMFAIL_TABLES_MAX; i++) {
		t = ts[i];
		if ((seat = table_seat_of(t, user_id)) < 0 ||
		    !t->seats[seat].dm_closed == !closed)
			continue;
		log_info("table %llu: DMs to %s %s", (unsigned long long)t->id,
		    user_id, closed ? "are closed" : "work again");
		if (closed)
			outbox_dm_closed(t, seat);
		else {
			t->seats[seat].dm_closed = 0;
			if (t->state == TABLE_PLAYING)
				narrate_deliver(t, seat, "I can reach you again.");
		}
	}
}

void
bot_dm_failed(struct bot *bot, struct adapter *a, const char *user_id)
{
	dmfail_set(bot, a, user_id, 1);
}

void
bot_dm_open(struct bot *bot, struct adapter *a, const char *user_id)
{
	dmfail_set(bot, a, user_id, 0);
}

int
bot_user_seated(struct bot *bot, struct adapter *a, const char *user_id)
{
	struct table	*ts[1];

	return table_users_find(bot, a, user_id, ts, 1) > 0;
}

const char *
bot_user_channel(struct bot *bot, struct adapter *a, const char *user_id)
{
	struct table	*ts[BOT_USER_TABLES_MAX], *newest = NULL;
	int		 i, n;

	n = table_users_find(bot, a, user_id, ts, BOT_USER_TABLES_MAX);
	for (i = 0; i < n && i < BOT_USER_TABLES_MAX; i++)
		if (newest == NULL || ts[i]->seq > newest->seq)
			newest = ts[i];
	return newest != NULL ? newest->channel : NULL;
}
