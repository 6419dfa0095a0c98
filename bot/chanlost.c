/*
 * Channels the bot has lost.  A platform may take a table's channel away
 * mid-game: it is deleted, the bot is removed from the server, or its
 * access or permissions are taken.  The adapter reports it here
 * (bot_channel_lost) at the first refusal or event that says so; the
 * channel's table then pauses (its task becomes TASK_LOST, due when the
 * grace runs out, and no move is made), and each seated player hears
 * once, by direct message, why.  When the channel is usable again
 * (bot_channel_back) the table goes on where it was; when the grace runs
 * out first (chanlost_expire) it ends as "channel lost", the result
 * recorded as ended without a winner.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/log.h"
#include "bot/outbox.h"
#include "bot/play.h"
#include "bot/render.h"
#include "bot/sched.h"
#include "bot/store.h"
#include "bot/table.h"
#include "lib/xmalloc.h"

/* Tells each seated human, by DM, why the table stopped. */
static void
chanlost_tell(struct table *t, const char *why, uint64_t grace)
{
	char	 where[128], when[32], *text, *cause = NULL;
	int	 i;

	render_channel(t->adapter, t->channel, where, sizeof where);
	render_duration(grace, when, sizeof when);
	text = xasprintf("Your %s table in %s is paused: %s. If I cannot post "
	    "there again within %s, the game ends without a result.",
	    t->ops->title, where, why, when);
	for (i = 0; i < t->nseats; i++) {
		if (t->seats[i].user_id == NULL || t->seats[i].ai)
			continue;
		if (outbox_send_dm(t->adapter, t->seats[i].user_id, text, NULL,
		    &cause) != 0) {
			log_info("table %llu: telling %s failed: %s",
			    (unsigned long long)t->id, t->seats[i].user_id,
			    cause);
			free(cause);
			cause = NULL;
		}
	}
	free(text);
}

void
bot_channel_lost(struct bot *bot, struct adapter *a, const char *channel,
    const char *why, uint64_t grace)
{
	struct table	*t;

	if ((t = table_find(bot, a, channel)) == NULL || t->lost ||
	    t->state == TABLE_OVER)
		return;
	log_warn("table %llu: the channel %s is lost (%s); the table pauses "
	    "for %llu s", (unsigned long long)t->id, channel, why,
	    (unsigned long long)(grace / 1000));
	outbox_begin(bot);
	t->lost = 1;
	sched_set(t, TASK_LOST, 0, bot_now(bot) + grace);
	chanlost_tell(t, why, grace);
	outbox_end(bot);
}

void
bot_channel_back(struct bot *bot, struct adapter *a, const char *channel)
{
	struct table	*t;

	if ((t = table_find(bot, a, channel)) == NULL || !t->lost)
		return;
	log_info("table %llu: the channel %s is usable again; the table goes "
	    "on", (unsigned long long)t->id, channel);
	outbox_begin(bot);
	t->lost = 0;
	play_schedule(t);
	play_say(t, "I can post here again; the game goes on.");
	outbox_end(bot);
}

void
chanlost_expire(struct table *t)
{
	struct game_result	 r;
	char			*cause = NULL;

	log_warn("table %llu: the channel %s stayed lost; the table ends",
	    (unsigned long long)t->id, t->channel);
	if (t->state == TABLE_PLAYING) {
		r.state = GAME_RUNNING;		/* ended, nobody won */
		r.winners = 0;
		snprintf(r.text, sizeof r.text, "channel lost");
		if (store_table_finish(t->bot->store, t, &r, &cause) != 0)
			free(cause);	/* the store has logged why */
	} else if (store_table_delete(t->bot->store, t, &cause) != 0)
		free(cause);
	t->state = TABLE_OVER;
	table_close(t);
}
