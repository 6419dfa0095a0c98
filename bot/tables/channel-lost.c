/*
 * A table whose channel is lost: deleted, archived, or closed to the bot
 * (it was removed, or never let in).  The adapter knows the platform's
 * signs of it (an error that is final for the channel, an event) and
 * tells the bot with bot_channel_lost; bot_channel_back when the channel
 * works again.  Shared by every platform whose channels can go.
 *
 * A lobby there is closed at once: it never became a game, and nobody
 * could see it.  A running game pauses: no timer runs and no move is
 * played, each seated player is told once by direct message why (the
 * channel cannot hear it), and after the adapter's grace the table ends
 * as "channel lost", told the same way, its result recorded as ended
 * with no winner (stats and leaderboards leave it out; the game's moves
 * stay for replay).  A channel that comes back resumes its
 * game where it stood.  An adapter that can no longer speak at all (its
 * token refused) freezes every table it has, with no end: they come
 * back as they were when the bot restarts with a working token.
 * Adapters call in from their own callbacks, so
 * each change is one batch of the store (bot/saying/outbox.c), as a command's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/sched-heap.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

#define CHANLOST_TEXT_MAX	600

/* Tells every seated player of t (not AI seats) text, by DM. */
static void
chanlost_tell(struct table *t, const char *text)
{
	struct adapter	*a = t->adapter;
	char		*cause = NULL;
	int		 i;

	if (a->ops->send_dm == NULL)
		return;
	for (i = 0; i < t->nseats; i++) {
		if (t->seats[i].user_id == NULL || t->seats[i].dm_closed)
			continue;
		if (a->ops->send_dm(a, t->seats[i].user_id, text, NULL,
		    &cause) != 0) {
			log_info("table %llu: could not tell %s: %s",
			    (unsigned long long)t->id, t->seats[i].user_id,
			    cause);
			free(cause);
			cause = NULL;
		}
	}
}

/* Forgets t, as the host's "end" does, after telling its players why. */
static void
chanlost_end(struct table *t, const char *text)
{
	char	*cause = NULL;

	chanlost_tell(t, text);
	if (store_table_delete(t->bot->store, t, &cause) != 0) {
		log_warn("table %llu: %s", (unsigned long long)t->id, cause);
		free(cause);
	}
	table_close(t);
}

void
bot_channel_lost(struct bot *bot, struct adapter *a, const char *channel,
    const char *why, uint64_t grace_ms)
{
	struct table	*t;
	char		 where[128], text[CHANLOST_TEXT_MAX], when[32];

	if ((t = table_find(bot, a, channel)) == NULL || t->lost)
		return;
	outbox_begin(bot);
	render_channel(t->adapter, t->channel, where, sizeof where);
	if (t->state != TABLE_PLAYING) {
		log_info("table %llu: its channel is lost (%s); the lobby "
		    "closes", (unsigned long long)t->id, why);
		snprintf(text, sizeof text, "The %s lobby in %s is closed: %s",
		    t->ops->title, where, why);
		chanlost_end(t, text);
		outbox_end(bot);
		sched_rearm(bot);
		return;
	}
	log_info("table %llu: its channel is lost (%s); paused",
	    (unsigned long long)t->id, why);
	t->lost = 1;
	render_duration(grace_ms, when, sizeof when);
	snprintf(text, sizeof text, "The %s game in %s is paused: %s It ends "
	    "in %s unless I can post there again.", t->ops->title, where, why,
	    when);
	chanlost_tell(t, text);
	sched_set(t, TASK_LOST, 0, bot_now(bot) + grace_ms);
	outbox_end(bot);
	sched_rearm(bot);
}

void
bot_channel_back(struct bot *bot, struct adapter *a, const char *channel)
{
	struct table	*t;

	if ((t = table_find(bot, a, channel)) == NULL || !t->lost)
		return;
	log_info("table %llu: its channel works again; the game goes on",
	    (unsigned long long)t->id);
	outbox_begin(bot);
	t->lost = 0;
	sched_clear(t);
	outbox_say(t, "I can post here again: the game goes on.");
	play_schedule(t);
	outbox_end(bot);
	sched_rearm(bot);
}

void
chanlost_expire(struct table *t)
{
	struct game_result	 r;
	char			 where[128], text[CHANLOST_TEXT_MAX];
	char			*cause = NULL;

	log_info("table %llu: its channel stayed lost; the table ends",
	    (unsigned long long)t->id);
	render_channel(t->adapter, t->channel, where, sizeof where);
	snprintf(text, sizeof text, "The %s game in %s has ended: channel "
	    "lost. No result counts.", t->ops->title, where);
	if (t->state != TABLE_PLAYING) {
		chanlost_end(t, text);
		return;
	}
	chanlost_tell(t, text);
	memset(&r, 0, sizeof r);
	r.state = GAME_RUNNING;		/* ended, nobody won */
	snprintf(r.text, sizeof r.text, "channel lost");
	if (store_table_finish(t->bot->store, t, &r, &cause) != 0) {
		log_warn("table %llu: %s", (unsigned long long)t->id, cause);
		free(cause);
	}
	t->state = TABLE_OVER;
	table_close(t);
}

void
bot_adapter_lost(struct bot *bot, struct adapter *a)
{
	struct table	*t;

	TAILQ_FOREACH(t, &bot->tables, entry) {
		if (t->adapter != a || t->lost)
			continue;
		log_info("table %llu: its platform is gone; frozen until the "
		    "bot restarts", (unsigned long long)t->id);
		t->lost = 1;
		sched_clear(t);
	}
	sched_rearm(bot);
}
