/*
 * A private message that could not be delivered, though the user's
 * direct messages are not known to be closed (that is bot/tables/dm-refused.c): the
 * platform failed for good on this one (its retries ran out, it was too
 * long, the DM channel could not be opened).  The adapter reports it
 * with bot_dm_lost, and every table of that adapter where the user sits
 * in a game hears so, without the content: "hand" shows it again.  A
 * table says it at most once every DMLOST_QUIET_MS per seat, so a
 * platform that fails every DM does not flood the channel.
 */
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

#define DMLOST_TABLES_MAX	64
#define DMLOST_QUIET_MS		60000

void
bot_dm_lost(struct bot *bot, struct adapter *a, const char *user_id)
{
	struct table	*ts[DMLOST_TABLES_MAX], *t;
	char		 cmd[RENDER_COMMAND_MAX];
	uint64_t	 now = bot_now(bot);
	int		 i, n, seat;

	n = table_users_find(bot, a, user_id, ts, DMLOST_TABLES_MAX);
	outbox_begin(bot);
	for (i = 0; i < n && i < DMLOST_TABLES_MAX; i++) {
		t = ts[i];
		if (t->state != TABLE_PLAYING ||
		    (seat = table_seat_of(t, user_id)) < 0 ||
		    t->seats[seat].dm_closed ||
		    now < t->seats[seat].dm_lost_quiet)
			continue;
		t->seats[seat].dm_lost_quiet = now + DMLOST_QUIET_MS;
		log_info("table %llu: a private message to %s was lost",
		    (unsigned long long)t->id, user_id);
		render_command(t->adapter, cmd, sizeof cmd);
		outbox_sayf(t, "A private message to @{%d} could not be "
		    "delivered; %s hand shows it again.", seat, cmd);
	}
	outbox_end(bot);
}
