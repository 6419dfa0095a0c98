/*
 * outbox.h: group commit.  Moves are written to the store as they are
 * made but committed once per batch (one inbound event, a chunk of console
 * input, a run of due timers); whatever the bot says after the batch's
 * first uncommitted write waits here, in order, until the commit has
 * returned.  So no player ever hears of a move a crash could forget, and
 * a burst of commands costs one fsync instead of one each.  On a store
 * that commits without waiting (store_batch_send) ended batches wait in
 * order for their commits; output to a channel or user waits behind any
 * batch in flight that holds output for it, and all of a batch that
 * looked up a table a batch in flight wrote waits too.
 */
#ifndef BOT_SAYING_OUTBOX_H
#define BOT_SAYING_OUTBOX_H

#include <stdint.h>

#include "bot/adapter.h"
#include "bot/bot.h"
#include "bot/tables/table.h"

/*
 * Opens a batch; batches nest, and the outermost outbox_end commits.  An
 * adapter that hands the bot several events in one batch must keep each
 * event's reply_ctx valid until outbox_end returns.
 */
void	outbox_begin(struct bot *);
/*
 * Closes a batch: the outermost commits the store and then sends what was
 * held back.  When the commit fails nothing held is said; every table the
 * batch wrote goes back to its saved state, in memory too; every event
 * noted by outbox_event is answered (see there); and every
 * table whose task (outbox_task) ran in the batch pauses, says so once,
 * and runs the task again after TABLE_RETRY_MS.
 */
void	outbox_end(struct bot *);
/*
 * Inside a batch, after ev was handled: if its answer is held, ev is kept
 * so that a failed commit can answer it anyway: a command that wrote
 * (wrote set) is told it did not happen, and a question is asked again
 * through again (the caller's own entry, bot_handle_event).  ev is
 * copied; its reply_ctx must stay valid until outbox_end returns.
 */
void	outbox_event(struct bot *, const struct bot_event *, int wrote,
	    enum bot_outcome (*again)(struct bot *, const struct bot_event *));
/*
 * Inside a batch: t's due task (t->task, t->task_seats) is about to run;
 * if the batch cannot be saved, retry(t, task, seats) (the scheduler's)
 * runs after t is put back, unless it has ended.  Borrowed.
 */
void	outbox_task(struct table *, void (*retry)(struct table *,
	    enum table_task, unsigned seats));
/*
 * Inside a batch: t's paused flag is about to change; if the batch cannot
 * be saved, t is paused as it was before the batch.  Borrowed.
 */
void	outbox_keep(struct table *);

/*
 * The adapter calls of the same names, held back while a batch has
 * uncommitted writes (then they return 0 and a failure is logged when
 * they are sent).  Every argument is borrowed and copied.  A private
 * reply on a platform without ephemerals, outside a DM, is a DM.
 */
int	outbox_send_channel(struct adapter *, const char *channel,
	    const char *text, char **cause);
int	outbox_send_dm(struct adapter *, const char *user_id, const char *text,
	    const struct adapter_buttons *, char **cause);
int	outbox_reply(struct adapter *, const struct bot_event *, int private,
	    const char *text, const struct adapter_buttons *, char **cause);
/*
 * Inside a batch: a reply to ev whose text a read gives later, held like
 * outbox_reply's, in its place; its batch is not released before
 * outbox_ready(it, private, text) (text borrowed).  If it is dropped
 * first (its batch undone, the bot stopping), gone(arg) runs instead,
 * and then it is no more; after outbox_ready gone never runs.  ev is
 * copied.
 */
struct outbox_item *outbox_later(struct adapter *, const struct bot_event *,
	    void (*gone)(void *), void *arg);
void	outbox_ready(struct bot *, struct outbox_item *, int private,
	    const char *text);
int	outbox_board(struct adapter *, const char *channel, uint64_t table,
	    const char *news, const char *text, const struct adapter_view *,
	    const struct adapter_buttons *, enum adapter_board, char **cause);
/*
 * A table's public text: @{N} expanded, posted to its channel like
 * outbox_send_channel; a failure is logged.  text is borrowed.
 */
void	outbox_say(struct table *, const char *text);
/* The same, of the text a printf format and its arguments make. */
void	outbox_sayf(struct table *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/*
 * Marks seat as not taking DMs (secrets then come through "hand") and,
 * during a game, tells the channel so, without any secret.  Once.
 */
void	outbox_dm_closed(struct table *, int seat);
/* What outbox_deliver sends: bits of its how. */
#define OUTBOX_PROMPT	0x1	/* it asks the player to move */
#define OUTBOX_WHOLE	0x2	/* the whole view: a newer one may replace it */
/*
 * For an adapter with dm_table only: which of the player's messages of
 * the table it is (enum adapter_dm + 1, shifted): see outbox_dm_how.
 */
#define OUTBOX_DM_SHIFT	4
#define OUTBOX_DM_MASK	(0xf << OUTBOX_DM_SHIFT)
#define outbox_dm_how(what) (((int)(what) + 1) << OUTBOX_DM_SHIFT)

/*
 * A table's private text for seat: sent like outbox_send_dm, with the
 * adapter's view hint set to the table's id when it is the whole view
 * (OUTBOX_WHOLE; a note of a change never replaces another) and its
 * prompt hint when it asks the player to move (OUTBOX_PROMPT); with
 * outbox_dm_how(what) in how, through the adapter's dm_table op instead
 * (the caller checks it has one).  When it fails, then or later, the
 * seat is marked as unable to get DMs.
 */
void	outbox_deliver(struct table *, int seat, const char *text,
	    const struct adapter_buttons *, int how);
/*
 * Adapter output the bot does not make (the console's echo of its
 * input): fn(arg) runs now, or in its place among the held output.
 * done(arg) runs after fn, or instead of it if the bot stops first.
 */
void	outbox_call(struct bot *, void (*fn)(void *), void (*done)(void *),
	    void *arg);
/*
 * Waits for every batch's commit and sends what they held, or undoes
 * them (the bot is stopping; its adapters still send).
 */
void	outbox_drain(struct bot *);
/*
 * The operator's next input waits for the batches in flight that hold
 * its output (its console's), so that what it does sees that output
 * shown, as on a store that always waits, without the loop waiting for
 * the commit.  outbox_operator_ticket: the newest of them (0: none);
 * outbox_operator_done: whether every batch up to ticket has been
 * released (the adapter hears of releases through adapter_ops.resume).
 */
uint64_t outbox_operator_ticket(struct bot *);
int	outbox_operator_done(struct bot *, uint64_t ticket);

/* Drops whatever is held (the bot is going away). */
void	outbox_clear(struct bot *);

#endif
