/*
 * Direct messages that fail after the fact.  Some platforms (Discord) only
 * say that a user does not accept direct messages when the message itself
 * is refused, long after send_dm returned.  The adapter reports it here;
 * every table of that adapter where the user sits then marks the seat, so
 * secrets are served through "hand", and tells the channel so
 * (play_dm_closed), without any secret.  A user who writes from a DM
 * shows it works again (bot_dm_open).
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/config.h"
#include "bot/log.h"
#include "bot/play.h"
#include "bot/table.h"
#include "lib/xmalloc.h"

void
bot_dm_failed(struct bot *bot, struct adapter *a, const char *user_id)
{
	struct table	*t;
	int		 seat;

	TAILQ_FOREACH(t, &bot->tables, entry) {
		if (t->adapter != a || (seat = table_seat_of(t, user_id)) < 0 ||
		    t->seats[seat].dm_closed)
			continue;
		log_info("table %llu: DMs to %s are closed",
		    (unsigned long long)t->id, user_id);
		play_dm_closed(t, seat);
	}
}

void
bot_dm_open(struct bot *bot, struct adapter *a, const char *user_id)
{
	struct table	*t;
	int		 seat;

	TAILQ_FOREACH(t, &bot->tables, entry) {
		if (t->adapter != a || (seat = table_seat_of(t, user_id)) < 0 ||
		    !t->seats[seat].dm_closed)
			continue;
		log_info("table %llu: DMs to %s work again",
		    (unsigned long long)t->id, user_id);
		t->seats[seat].dm_closed = 0;
	}
}
