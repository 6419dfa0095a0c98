/*
 * The scheduler: each table has at most one task (an AI move, a timeout,
 * lobby expiry) with a deadline, queued by bot/sched-heap.c.  One uv timer
 * is armed for the earliest; when it fires, or after any inbound event,
 * every due task runs.
 */
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/sched-heap.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

/*
 * A move the bot makes by itself (an AI seat, or for a timed-out player)
 * could not be saved.  The table pauses rather than pretend the move
 * happened: the channel is told once, and the move is tried again later.
 */
static void
sched_pause(struct table *t, int seat, char *cause)
{
	log_error("table %llu: a move for seat %d failed: %s",
	    (unsigned long long)t->id, seat, cause);
	free(cause);
	play_pause(t);
	sched_set(t, TASK_AI, 1u << seat, bot_now(t->bot) + TABLE_RETRY_MS);
}

/*
 * A task that ran in a batch that could not be saved (outbox_task): it
 * runs again after TABLE_RETRY_MS, and a table's own move pauses the
 * table first.
 */
static void
sched_retry(struct table *t, enum table_task task, unsigned seats)
{
	if (task != TASK_LOBBY)
		play_pause(t);
	sched_set(t, task, seats, bot_now(t->bot) + TABLE_RETRY_MS);
}

/*
 * A human (the first seat of the task that was due) ran out of time: the
 * AI moves for them, and may keep the seat.  Out of their own turn's time
 * (game_ops.turn), the AI finishes that whole turn (table_ai_plays).  The
 * count of timeouts in a row counts turns missed (game_ops.turn's
 * numbers): a turn in which their timer ran out counts once, however
 * many of its steps (their own moves, answers asked of them) it cut
 * short.
 */
static void
sched_timeout(struct table *t, int seat)
{
	struct config	*cfg = t->bot->config;
	struct seat	*s;
	char		*text, *cause = NULL, cmd[RENDER_COMMAND_MAX];
	int		 own;

	if (seat == t->nseats)
		return;
	s = &t->seats[seat];
	own = t->turn_known && seat == t->turn_seat;
	if (!t->turn_known || s->missed_turn != t->turn_number + 1)
		s->timeouts++;
	if (t->turn_known)
		s->missed_turn = t->turn_number + 1;
	if (own)
		s->ai_turn = t->turn_number + 1;
	if (cfg->tables_timeouts_to_ai > 0 && s->timeouts >= cfg->tables_timeouts_to_ai)
		s->ai = 1;
	/* The count survives a restart, like everything about the seat. */
	if (store_table_save(t->bot->store, t, &cause) != 0) {
		/* The store has logged why. */
		free(cause);
		cause = NULL;
	}
	render_command(t->adapter, cmd, sizeof cmd);
	if (s->ai) {
		if (s->timeouts == 1)
			text = xasprintf("@{%d} ran out of time; the AI plays "
			    "their seat now. @{%d}, %s join takes it back.",
			    seat, seat, cmd);
		else
			text = xasprintf("@{%d} ran out of time %d times in a "
			    "row; the AI plays their seat now. @{%d}, %s join "
			    "takes it back.", seat, s->timeouts, seat, cmd);
	} else if (t->ops->timeout_move != NULL) {
		text = xasprintf("@{%d} ran out of time.", seat);
	} else if (own) {
		text = xasprintf("@{%d} ran out of time; the AI finishes their "
		    "turn.", seat);
	} else {
		text = xasprintf("@{%d} ran out of time; the AI moves for them.",
		    seat);
	}
	/* Said as the start of the move's line, or alone if it fails. */
	if (play_timeout(t, seat, text, &cause) != 0) {
		outbox_say(t, text);
		sched_pause(t, seat, cause);
	}
	free(text);
}

/*
 * 1 when the platform says the table's channel is behind (the adapter's
 * behind op): its AI seats wait, so an AI game posts its moves at the
 * pace the platform lets the bot speak instead of outrunning it.
 */
static int
sched_behind(const struct table *t)
{
	const struct adapter	*a = t->adapter;

	return a != NULL && a->ops->behind != NULL &&
	    a->ops->behind(t->adapter, t->channel);
}

/* Runs a table's due task.  The table may be closed when this returns. */
static void
sched_run(struct table *t)
{
	enum table_task	 task = t->task;
	char		*cause = NULL, *text;
	int		 seat = table_task_seat(t);

	if (task == TASK_AI && sched_behind(t)) {
		sched_set(t, TASK_AI, t->task_seats, bot_now(t->bot) +
		    TABLE_HOLD_MS);
		return;
	}
	/* If the batch cannot be saved, the task runs again later. */
	outbox_task(t, sched_retry);
	sched_clear(t);
	switch (task) {
	case TASK_NONE:
		break;
	case TASK_AI:
		if (seat < t->nseats && play_ai(t, seat, &cause) != 0)
			sched_pause(t, seat, cause);
		break;
	case TASK_TIMEOUT:
		sched_timeout(t, seat);
		break;
	case TASK_LOST:
		chanlost_expire(t);
		return;
	case TASK_LOBBY:
		text = xasprintf("The %s lobby closed: nobody started it in time.",
		    t->ops->title);
		play_close(t, text);
		free(text);
		return;
	}
	if (t->state == TABLE_OVER)
		table_close(t);
}

/*
 * The due table with the earliest deadline (ties: the one made first), or
 * NULL: the top of the queue, if it is due.
 */
static struct table *
sched_next(struct bot *bot, uint64_t now)
{
	struct table	*t = sched_first(bot);

	return t != NULL && t->deadline <= now ? t : NULL;
}

void
sched_run_due(struct bot *bot)
{
	struct table	*t;

	/* A batch that cannot be saved re-arms the timer (outbox.c). */
	bot->rearm = sched_rearm;
	outbox_begin(bot);
	while (!bot->stopping && (t = sched_next(bot, bot_now(bot))) != NULL)
		sched_run(t);
	outbox_end(bot);
	sched_rearm(bot);
}

void
bot_advance(struct bot *bot, uint64_t ms)
{
	uint64_t	 end = bot->fake_now + ms, next;

	/* Step from deadline to deadline so tasks run in time order. */
	for (;;) {
		next = sched_after(bot, bot->fake_now);
		if (next > end)
			next = end;
		bot->fake_now = next;
		sched_run_due(bot);
		if (next == end)
			break;
	}
}

static void
sched_fire(uv_timer_t *timer)
{
	sched_run_due(timer->data);
}

void
sched_rearm(struct bot *bot)
{
	struct table	*t;
	uint64_t	 first, now;

	if (bot->fake_clock || bot->stopping)
		return;
	if ((t = sched_first(bot)) == NULL) {
		uv_timer_stop(&bot->timer);
		return;
	}
	first = t->deadline;
	now = bot_now(bot);
	bot->timer.data = bot;
	uv_timer_start(&bot->timer, sched_fire, first > now ? first - now : 0, 0);
}
