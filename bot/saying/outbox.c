/*
 * The outbox: output held back until the batch's writes are committed
 * (see outbox.h).  Held items are copies, sent in the order they were
 * made; nothing is held while the batch has written nothing, so a batch
 * of plain questions ("status", "help") answers at once.  A reply whose
 * text a read gives later (outbox_later) is held in its place, and its
 * batch waits for it.
 *
 * A commit can fail (a full disk, a read-only or damaged file).  Then
 * nothing held is said, every table the batch wrote is put back as the
 * store has it, every player whose command wrote is told it did not
 * happen, a question whose answer was held is asked again of the tables
 * as they are now, and a table whose own task (an AI move, a timeout) wrote
 * pauses and tries again every TABLE_RETRY_MS.  The bot runs on.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

/* Places a batch keeps track of before it counts as busy for all. */
#define OUTBOX_BUSY_MAX	8
/* Events' reply handles a batch holds (adapter_ops.hold); more detach. */
#define OUTBOX_HOLDS_MAX	16

enum outbox_kind {
	OUTBOX_CHANNEL,
	OUTBOX_DM,
	OUTBOX_REPLY,
	OUTBOX_BOARD,
	OUTBOX_CALL,
	/* On bot->undo an event whose answer is held; on undo_tasks a table. */
	OUTBOX_UNDO_EVENT,
	OUTBOX_UNDO_TASK,
};

struct outbox_item {
	enum outbox_kind	 kind;
	struct adapter		*adapter;
	char			*to;		/* channel or user id */
	char			*text;
	char			*news;		/* OUTBOX_BOARD, may be NULL */
	struct adapter_view	*view;		/* OUTBOX_BOARD, may be NULL */
	struct adapter_buttons	 bs;
	int			 has_bs;
	/* OUTBOX_REPLY: the event, with its strings copied. */
	struct bot_event	 ev;
	int			 private;
	int			 later;		/* OUTBOX_REPLY: text not yet known */
	/* OUTBOX_DM from outbox_deliver, OUTBOX_BOARD: which table. */
	uint64_t		 table;
	int			 seat;		/* -1: not a table's seat */
	int			 prompt;	/* OUTBOX_DM: OUTBOX_PROMPT, OUTBOX_WHOLE */
	enum adapter_board	 how;
	enum table_task		 task;		/* OUTBOX_UNDO_TASK */
	unsigned		 task_seats;
	void			(*fn)(void *);
	void			(*done)(void *);
	void			*arg;
	/* OUTBOX_UNDO_EVENT: asks ev again; OUTBOX_UNDO_TASK: runs it again. */
	enum bot_outcome	(*again)(struct bot *, const struct bot_event *);
	void			(*retry)(struct table *, enum table_task,
				    unsigned);
	TAILQ_ENTRY(outbox_item) entry;
};

/*
 * A batch that ended and waits for its commit (a store that commits
 * without waiting, store_batch_send), or whose output waits for an
 * earlier one's: on bot->sealed, oldest first, each released (its output
 * sent) or undone only after every one before it.
 */
struct outbox_batch {
	struct outbox_list	 out;		/* held output */
	struct outbox_list	 undo;		/* events whose answers are held */
	struct outbox_list	 undo_tasks;	/* tables that ran a task */
	struct store_touch	*touched;	/* the tables it wrote */
	size_t			 ntouched;
	/*
	 * Where it holds output for: an adapter (NULL: a call's, the
	 * operator's) and a channel or user (NULL: all of the adapter's).
	 */
	struct {
		struct adapter	*adapter;
		char		*to;
	}			 busy[OUTBOX_BUSY_MAX];
	int			 nbusy;
	int			 allbusy;	/* more than OUTBOX_BUSY_MAX */
	/*
	 * The reply handles it holds past their events (outbox_detach):
	 * each event's own (from, compared only) and what the adapter's
	 * hold made of it (held, given back to unhold when b is freed).
	 */
	struct {
		struct adapter	*adapter;
		void		*from;
		void		*held;
		int		 private;	/* a private answer is held */
		/* Its first event, while outbox_hold runs; then NULL. */
		const struct bot_event *ev;
	}			 holds[OUTBOX_HOLDS_MAX];
	int			 nholds;
	int			 done;		/* released or undone */
	uint64_t		 serial;	/* bot->batch_serial when it ended */
	int			 writes;	/* uncommitted writes it ended with */
	uint64_t		 t0;		/* when it was sent (uv_hrtime) */
	int			 settled;	/* 0: in flight; 1 committed; -1 not */
	char			*cause;		/* why not */
	struct bot		*bot;
	TAILQ_ENTRY(outbox_batch) entry;
};

/* The operator's adapter (or a call's, NULL) is ordered as a whole. */
static int
outbox_operator(struct adapter *a)
{
	return a == NULL || (a->ops->flags & ADAPTER_OPERATOR);
}

/* Does output to (a, to) go where (busy, busy_to) does? */
static int
outbox_same(struct adapter *busy, const char *busy_to, struct adapter *a,
    const char *to)
{
	if (outbox_operator(busy) || outbox_operator(a))
		return outbox_operator(busy) && outbox_operator(a);
	return busy == a && (busy_to == NULL || to == NULL ||
	    strcmp(busy_to, to) == 0);
}

/* Does batch b hold output for (a, to)? */
static int
outbox_busy_one(struct outbox_batch *b, struct adapter *a, const char *to)
{
	int	i;

	if (b->allbusy)
		return 1;
	for (i = 0; i < b->nbusy; i++)
		if (outbox_same(b->busy[i].adapter, b->busy[i].to, a, to))
			return 1;
	return 0;
}

/*
 * Does output to (a, to) wait behind a batch not yet released?  Output
 * to each channel or user goes out in the order it was made (the
 * operator's console's as a whole); elsewhere a slow commit keeps none
 * waiting.
 */
static int
outbox_busy(struct bot *bot, struct adapter *a, const char *to)
{
	struct outbox_batch	*b;

	TAILQ_FOREACH(b, &bot->sealed, entry)
		if (outbox_busy_one(b, a, to))
			return 1;
	return 0;
}

/*
 * Is output to (a, to) held back now?  (a NULL: outbox_call's; to
 * NULL: anywhere on a.)  Also when the batch looked up a table that a
 * batch in flight wrote (bot->depends): what it says may speak of it.
 */
static int
outbox_holding(struct bot *bot, struct adapter *a, const char *to)
{
	return bot->out_depth > 0 && (!TAILQ_EMPTY(&bot->outbox) ||
	    store_batch_pending(bot->store) || (!TAILQ_EMPTY(&bot->sealed) &&
	    (bot->depends || outbox_busy(bot, a, to))));
}

static struct outbox_item *
outbox_add(struct bot *bot, enum outbox_kind kind, struct adapter *a,
    const char *to, const char *text, const struct adapter_buttons *bs)
{
	struct outbox_item	*it = xcalloc(1, sizeof *it);

	it->kind = kind;
	it->adapter = a;
	it->to = to == NULL ? NULL : xstrdup(to);
	it->text = text == NULL ? NULL : xstrdup(text);
	it->seat = -1;
	if (bs != NULL) {
		it->bs = *bs;
		it->has_bs = 1;
	}
	TAILQ_INSERT_TAIL(&bot->outbox, it, entry);
	return it;
}

/* Keeps a copy of ev (its strings too) in it, freed by outbox_free. */
static void
outbox_copy_event(struct outbox_item *it, const struct bot_event *ev)
{
	it->ev = *ev;
	it->ev.user_id = ev->user_id == NULL ? NULL : xstrdup(ev->user_id);
	it->ev.user_name = ev->user_name == NULL ? NULL : xstrdup(ev->user_name);
	it->ev.channel = ev->channel == NULL ? NULL : xstrdup(ev->channel);
	it->ev.server = ev->server == NULL ? NULL : xstrdup(ev->server);
	it->ev.text = ev->text == NULL ? NULL : xstrdup(ev->text);
}

/*
 * Answers ev: through the adapter's reply while its event is on, else
 * (detached) privately or to the channel.  Borrows everything.
 */
static int
outbox_reply_go(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	if (!ev->detached)
		return a->ops->reply(a, ev, private, text, bs, cause);
	if (private || ev->is_dm)
		return a->ops->send_dm(a, ev->user_id, text, bs, cause);
	return a->ops->send_channel(a, ev->channel, text, cause);
}

static void
outbox_free(struct outbox_item *it)
{
	if ((it->kind == OUTBOX_CALL || it->kind == OUTBOX_REPLY) &&
	    it->done != NULL)
		it->done(it->arg);
	free(it->to);
	free(it->text);
	free(it->news);
	free(it->view);
	free((char *)it->ev.user_id);
	free((char *)it->ev.user_name);
	free((char *)it->ev.channel);
	free((char *)it->ev.server);
	free((char *)it->ev.text);
	free(it);
}

/*
 * A DM to seat of table t failed: serve its secrets through "hand" from
 * now on.  t may be NULL (the table closed meanwhile).  Takes cause.
 */
static void
outbox_dm_failed(struct table *t, uint64_t id, int seat, const char *user,
    char *cause)
{
	log_info("table %llu: DM to %s failed: %s", (unsigned long long)id,
	    user, cause);
	free(cause);
	if (t != NULL && seat < t->nseats)
		outbox_dm_closed(t, seat);
}

/* Sends a table's private text (see outbox_deliver); 0, or -1 with *cause. */
static int
outbox_dm_go(struct adapter *a, const char *user, uint64_t table,
    const char *text, const struct adapter_buttons *bs, int how, char **cause)
{
	if ((how & OUTBOX_DM_MASK) != 0 && a->ops->dm_table != NULL)
		return a->ops->dm_table(a, user, table, (enum adapter_dm)
		    (((how & OUTBOX_DM_MASK) >> OUTBOX_DM_SHIFT) - 1), text, bs,
		    cause);
	if ((how & (OUTBOX_WHOLE | OUTBOX_PROMPT)) != 0 &&
	    a->ops->send_dm_hinted != NULL)
		return a->ops->send_dm_hinted(a, user, text, bs,
		    (how & OUTBOX_WHOLE) ? table : 0,
		    (how & OUTBOX_PROMPT) != 0, cause);
	return a->ops->send_dm(a, user, text, bs, cause);
}

/* Sends one held item, as the direct call would have. */
static void
outbox_send(struct bot *bot, struct outbox_item *it)
{
	const struct adapter_buttons	*bs = it->has_bs ? &it->bs : NULL;
	struct adapter			*a = it->adapter;
	const char			*news;
	char				*cause = NULL;
	int				 rc = 0;

	switch (it->kind) {
	case OUTBOX_CHANNEL:
		rc = a->ops->send_channel(a, it->to, it->text, &cause);
		break;
	case OUTBOX_DM:
		rc = outbox_dm_go(a, it->to, it->table, it->text, bs,
		    it->seat >= 0 ? it->prompt : 0, &cause);
		if (rc != 0 && it->seat >= 0) {
			outbox_dm_failed(table_find_id(bot, a, it->table),
			    it->table, it->seat, it->to, cause);
			return;
		}
		break;
	case OUTBOX_REPLY:
		rc = outbox_reply_go(a, &it->ev, it->private, it->text, bs,
		    &cause);
		break;
	case OUTBOX_BOARD:
		news = it->news;
		if (news != NULL && it->ev.adapter != NULL) {
			/* Its command's answer (outbox_news_of). */
			if (outbox_reply_go(a, &it->ev, 0, news, NULL,
			    &cause) != 0) {
				log_warn("%s: answering with the news failed: "
				    "%s", a->ops->name, cause);
				free(cause);
				cause = NULL;
			}
			news = NULL;
		}
		rc = a->ops->board(a, it->to, it->table, news, it->text,
		    it->view, bs, it->how, &cause);
		break;
	case OUTBOX_CALL:
		it->fn(it->arg);
		break;
	case OUTBOX_UNDO_EVENT:
	case OUTBOX_UNDO_TASK:
		break;		/* never held for sending */
	}
	if (rc != 0) {
		log_warn("%s: sending to %s failed: %s", a->ops->name, it->to,
		    cause);
		free(cause);
	}
}

/* Frees every item of a list. */
static void
outbox_forget(struct outbox_list *list)
{
	struct outbox_item	*it;

	while ((it = TAILQ_FIRST(list)) != NULL) {
		TAILQ_REMOVE(list, it, entry);
		outbox_free(it);
	}
}

/*
 * What a table was before a failed batch put it back: the board stays the
 * message it was, and a table paused before stays paused.
 */
struct outbox_kept {
	int	board_shown;
	int	paused;
};

/*
 * Batch b's commit failed (see the top of this file).  Runs with no
 * batch open, so what it says goes out at once.
 */
static void
outbox_undo(struct bot *bot, struct outbox_batch *b)
{
	const struct store_touch	*touched = b->touched;
	struct outbox_kept		*kept;
	struct outbox_item		*it;
	struct table			*t;
	size_t				 n = b->ntouched, i;
	char				*err = NULL;

	if (b->writes > 0 || b->cause != NULL)
		log_error("store: the last moves could not be saved, so they "
		    "did not happen and nothing of them was said: %s",
		    b->cause);
	/* Held output speaks of what did not happen; the console's echo stays. */
	while ((it = TAILQ_FIRST(&b->out)) != NULL) {
		TAILQ_REMOVE(&b->out, it, entry);
		if (it->kind == OUTBOX_CALL)
			outbox_send(bot, it);
		outbox_free(it);
	}

	/* Every table the batch wrote goes back to what the store holds. */
	kept = xcalloc(n > 0 ? n : 1, sizeof *kept);
	for (i = 0; i < n; i++) {
		if ((t = table_find_id(bot, touched[i].adapter,
		    touched[i].id)) == NULL)
			continue;
		kept[i].board_shown = t->board_shown;
		kept[i].paused = t->paused;
		table_drop(t);
	}
	for (i = 0; i < n; i++) {
		t = bot->reload == NULL ? NULL :
		    bot->reload(bot, touched[i].adapter, touched[i].id);
		if (t == NULL)
			continue;
		t->board_shown = kept[i].board_shown;
		t->paused = kept[i].paused;
	}
	free(kept);

	while ((it = TAILQ_FIRST(&b->undo_tasks)) != NULL) {
		TAILQ_REMOVE(&b->undo_tasks, it, entry);
		if ((t = table_find_id(bot, it->adapter, it->table)) == NULL) {
			outbox_free(it);
			continue;
		}
		t->paused = it->private;
		/* The table's own move waits, and is tried again. */
		if (it->task != TASK_NONE && t->state != TABLE_OVER)
			it->retry(t, it->task, it->task_seats);
		outbox_free(it);
	}
	/* Questions asked again open batches of their own. */
	while ((it = TAILQ_FIRST(&b->undo)) != NULL) {
		TAILQ_REMOVE(&b->undo, it, entry);
		if (!it->private) {
			/* A question whose answer was held: asked again. */
			it->again(bot, &it->ev);
		} else if (outbox_reply_go(it->adapter, &it->ev, 1,
		    STORE_FAILED_TEXT, NULL, &err) != 0) {
			/* The player was to hear that their command did not happen. */
			log_warn("%s: telling %s failed: %s",
			    it->adapter->ops->name, it->ev.user_id, err);
			free(err);
			err = NULL;
		}
		outbox_free(it);
	}
	if (bot->rearm != NULL)
		bot->rearm(bot);
}

void
outbox_event(struct bot *bot, const struct bot_event *ev, int wrote,
    enum bot_outcome (*again)(struct bot *, const struct bot_event *))
{
	struct outbox_item	*it;

	if (bot->out_depth == 0 || !outbox_holding(bot, ev->adapter,
	    ev->channel))
		return;
	it = xcalloc(1, sizeof *it);
	it->kind = OUTBOX_UNDO_EVENT;
	it->adapter = ev->adapter;
	it->seat = -1;
	it->private = wrote;	/* here: answered with STORE_FAILED_TEXT */
	it->again = again;
	outbox_copy_event(it, ev);
	TAILQ_INSERT_TAIL(&bot->undo, it, entry);
}

/*
 * The batch's note on table t, made the first time the batch asks: what
 * t was before the batch (paused or not), and the task it ran (none yet).
 * NULL outside a batch.
 */
static struct outbox_item *
outbox_table_note(struct table *t)
{
	struct outbox_item	*it;

	if (t->bot->out_depth == 0)
		return NULL;
	if (t->undo_batch == t->bot->batch_serial)
		return t->undo_note;
	it = xcalloc(1, sizeof *it);
	it->kind = OUTBOX_UNDO_TASK;
	it->adapter = t->adapter;
	it->table = t->id;
	it->seat = -1;
	it->task = TASK_NONE;
	it->private = t->paused;	/* here: paused before the batch */
	TAILQ_INSERT_TAIL(&t->bot->undo_tasks, it, entry);
	t->undo_batch = t->bot->batch_serial;
	t->undo_note = it;
	return it;
}

void
outbox_task(struct table *t, void (*retry)(struct table *, enum table_task,
    unsigned))
{
	struct outbox_item	*it = outbox_table_note(t);

	/* The first task a table ran in the batch is the one to run again. */
	if (it != NULL && it->task == TASK_NONE) {
		it->task = t->task;
		it->task_seats = t->task_seats;
		it->retry = retry;
	}
}

void
outbox_keep(struct table *t)
{
	outbox_table_note(t);
}

void
outbox_begin(struct bot *bot)
{
	bot->drain = outbox_drain;
	if (bot->out_depth++ == 0) {
		bot->batch_serial++;
		bot->depends = 0;
		store_batch_begin(bot->store);
	}
}

/* Notes that batch b holds output for (a, to) (see outbox_holding). */
static void
outbox_batch_busy(struct outbox_batch *b, struct adapter *a, const char *to)
{
	int	i;

	if (outbox_operator(a))
		to = NULL;
	for (i = 0; i < b->nbusy; i++)
		if (b->busy[i].adapter == a && (b->busy[i].to == NULL ?
		    to == NULL : to != NULL && strcmp(b->busy[i].to, to) == 0))
			return;
	if (b->nbusy == OUTBOX_BUSY_MAX) {
		b->allbusy = 1;
		return;
	}
	b->busy[b->nbusy].adapter = a;
	b->busy[b->nbusy++].to = to == NULL ? NULL : xstrdup(to);
}

/*
 * Marks the tables batch b wrote as unsettled by it (on), or, when it
 * has settled, those it was the newest to write as settled (off).
 */
static void
outbox_batch_tables(struct bot *bot, struct outbox_batch *b, int on)
{
	struct table	*t;
	size_t		 i;

	for (i = 0; i < b->ntouched; i++) {
		t = table_find_id(bot, b->touched[i].adapter, b->touched[i].id);
		if (t == NULL)
			continue;
		if (on)
			t->unsettled = b->serial;
		else if (t->unsettled == b->serial)
			t->unsettled = 0;
	}
}

/* Where a held item goes (see outbox_holding). */
static const char *
outbox_item_to(const struct outbox_item *it)
{
	return it->kind == OUTBOX_REPLY ? it->ev.channel : it->to;
}

/* The batch that just ended, with what it holds taken off the bot. */
static struct outbox_batch *
outbox_seal(struct bot *bot, int writes)
{
	struct outbox_batch		*b = xcalloc(1, sizeof *b);
	const struct store_touch	*touched;
	struct outbox_item		*it;

	b->bot = bot;
	b->writes = writes;
	TAILQ_INIT(&b->out);
	TAILQ_CONCAT(&b->out, &bot->outbox, entry);
	TAILQ_INIT(&b->undo);
	TAILQ_CONCAT(&b->undo, &bot->undo, entry);
	TAILQ_INIT(&b->undo_tasks);
	TAILQ_CONCAT(&b->undo_tasks, &bot->undo_tasks, entry);
	touched = store_batch_tables(bot->store, &b->ntouched);
	if (b->ntouched > 0) {
		b->touched = xreallocarray(NULL, b->ntouched,
		    sizeof *b->touched);
		memcpy(b->touched, touched, b->ntouched * sizeof *touched);
	}
	b->serial = bot->batch_serial;
	TAILQ_FOREACH(it, &b->out, entry)
		outbox_batch_busy(b, it->adapter, outbox_item_to(it));
	return b;
}

/*
 * Frees b, and gives each reply handle it held back to its adapter
 * (finished, when b was released or undone; else just dropped).
 */
static void
outbox_batch_free(struct outbox_batch *b)
{
	struct adapter	*a;
	int		 i;

	for (i = 0; i < b->nbusy; i++)
		free(b->busy[i].to);
	outbox_forget(&b->out);
	outbox_forget(&b->undo);
	outbox_forget(&b->undo_tasks);
	for (i = 0; i < b->nholds; i++) {
		a = b->holds[i].adapter;
		if (b->holds[i].held != NULL)
			a->ops->unhold(a, b->holds[i].held, b->done);
	}
	free(b->touched);
	free(b->cause);
	free(b);
}

/* Batch b committed: what it held goes out. */
static void
outbox_release_one(struct bot *bot, struct outbox_batch *b)
{
	struct outbox_item	*it;

	outbox_forget(&b->undo);
	outbox_forget(&b->undo_tasks);
	/* Sending may say more (a failed DM); that goes out directly. */
	while ((it = TAILQ_FIRST(&b->out)) != NULL) {
		TAILQ_REMOVE(&b->out, it, entry);
		outbox_send(bot, it);
		outbox_free(it);
	}
	/* The replies are on their way: the store's upkeep delays none. */
	store_idle(bot->store);
}

uint64_t
outbox_operator_ticket(struct bot *bot)
{
	struct outbox_batch	*b;
	uint64_t		 t = 0;

	TAILQ_FOREACH(b, &bot->sealed, entry)
		if (outbox_busy_one(b, NULL, NULL))
			t = b->serial;
	return t;
}

int
outbox_operator_done(struct bot *bot, uint64_t ticket)
{
	struct outbox_batch	*b = TAILQ_FIRST(&bot->sealed);

	/* Released in order: all up to ticket are once the first is after. */
	return ticket == 0 || b == NULL || b->serial > ticket;
}

/*
 * Batches were released: an adapter may go on with input it paused for
 * one of them (adapter_ops.resume; it knows which).
 */
static void
outbox_resume(struct bot *bot)
{
	struct adapter	*a;
	int		 i;

	for (i = 0; i < bot->nadapters; i++) {
		a = bot->adapters[i];
		if (a->ops->resume != NULL)
			a->ops->resume(a);
	}
}

/* Does b hold a reply whose text is not known yet (outbox_later)? */
static int
outbox_waiting(const struct outbox_batch *b)
{
	const struct outbox_item	*it;

	if (b->settled < 0)
		return 0;	/* nothing of it is said */
	TAILQ_FOREACH(it, &b->out, entry)
		if (it->later)
			return 1;
	return 0;
}

/*
 * Releases or undoes the settled batches at the head of bot->sealed, in
 * order, a committed one once its replies are all known.  Each is taken
 * off first, so that what undoing one starts (a question asked again)
 * may come through here too.
 */
static void
outbox_release(struct bot *bot)
{
	struct outbox_batch	*b;

	while ((b = TAILQ_FIRST(&bot->sealed)) != NULL && b->settled != 0 &&
	    !outbox_waiting(b)) {
		TAILQ_REMOVE(&bot->sealed, b, entry);
		assert(TAILQ_FIRST(&bot->sealed) != b);	/* off for good */
		outbox_batch_tables(bot, b, 0);
		b->done = 1;
		if (b->settled > 0)
			outbox_release_one(bot, b);
		else
			outbox_undo(bot, b);
		outbox_batch_free(b);
	}
	outbox_resume(bot);
}

/*
 * Batch b's commit settled (rc 0: committed; takes cause).  A failed
 * one fails the batches after it that wrote nothing but held output
 * behind it: their answers may speak of what did not happen.
 */
static void
outbox_settle(struct outbox_batch *b, int rc, char *cause)
{
	struct outbox_batch	*next;

	/* How long the disk took (make bench reads it at -v). */
	if (rc == 0 && b->writes > 0)
		log_debug("store: committed in %llu us",
		    (unsigned long long)((uv_hrtime() - b->t0) / 1000));
	b->settled = rc == 0 ? 1 : -1;
	b->cause = cause;
	if (rc == 0)
		return;
	for (next = TAILQ_NEXT(b, entry); next != NULL;
	    next = TAILQ_NEXT(next, entry)) {
		if (next->writes == 0 && next->settled > 0)
			next->settled = -1;
	}
}

/* The store settled a batch it was sent (store_batch_send's done). */
static void
outbox_settled(void *arg, int rc, char *cause)
{
	struct outbox_batch	*b = arg;

	outbox_settle(b, rc, cause);
	outbox_release(b->bot);
}

/* The place of ev's reply handle among b's holds, or -1. */
static int
outbox_hold_find(const struct outbox_batch *b, const struct bot_event *ev)
{
	int	i;

	for (i = 0; i < b->nholds; i++) {
		if (b->holds[i].adapter == ev->adapter &&
		    b->holds[i].from == ev->reply_ctx)
			return i;
	}
	return -1;
}

/*
 * ev's adapter handle (reply_ctx) dies with its event: b's hold of it
 * (outbox_hold) answers in its place, or, where the adapter made none,
 * an adapter that answers from the event's own fields alone (NULL
 * there: IRC, the console) answers as before, and the others privately
 * or to the channel.
 */
static void
outbox_detach_event(struct outbox_batch *b, struct bot_event *ev)
{
	int	i;

	if (ev->reply_ctx == NULL)
		return;
	if ((i = outbox_hold_find(b, ev)) >= 0 && b->holds[i].held != NULL) {
		ev->reply_ctx = b->holds[i].held;
		return;
	}
	ev->reply_ctx = NULL;
	ev->detached = 1;
}

/*
 * Notes ev (borrowed) of batch b for a hold of its reply handle, private
 * when an answer held for it is: one note an event, up to
 * OUTBOX_HOLDS_MAX, on an adapter that holds.
 */
static void
outbox_hold_note(struct outbox_batch *b, const struct bot_event *ev,
    int private)
{
	int	i;

	if (ev->reply_ctx == NULL || ev->adapter->ops->hold == NULL)
		return;
	if ((i = outbox_hold_find(b, ev)) >= 0) {
		b->holds[i].private |= private;
		return;
	}
	if (b->nholds == OUTBOX_HOLDS_MAX)
		return;
	b->holds[b->nholds].adapter = ev->adapter;
	b->holds[b->nholds].from = ev->reply_ctx;
	b->holds[b->nholds].ev = ev;
	b->holds[b->nholds++].private = private;
}

/*
 * Asks each adapter that can to hold the reply handles of b's events
 * while their events are still on (see adapter_ops.hold): with what it
 * will answer (a private answer, or the refusal of a failed commit,
 * which is private too), so that it can acknowledge the event now in
 * the right form.
 */
static void
outbox_hold(struct outbox_batch *b)
{
	struct outbox_item	*it;
	struct adapter		*a;
	int			 i;

	TAILQ_FOREACH(it, &b->out, entry) {
		if (it->kind == OUTBOX_REPLY)
			outbox_hold_note(b, &it->ev, it->private ||
			    it->ev.is_dm);
	}
	TAILQ_FOREACH(it, &b->undo, entry)
		outbox_hold_note(b, &it->ev, it->private);
	for (i = 0; i < b->nholds; i++) {
		a = b->holds[i].adapter;
		b->holds[i].held = a->ops->hold(a, b->holds[i].ev,
		    b->holds[i].private);
		b->holds[i].ev = NULL;
	}
}

/*
 * Board it of batch b, held past its event: where its adapter says that a
 * board's news is its command's public answer (ADAPTER_NEWS_ANSWERS, as
 * the board op gives it while the event is on), it keeps a copy of the
 * one command of b in its channel (not a click), to answer it with the
 * news when it goes (outbox_send), through the command's hold; unless
 * the command is answered before it, which leaves the news to the board
 * as the board op does once its command has answered.
 */
static void
outbox_news_of(struct outbox_batch *b, struct outbox_item *it)
{
	struct outbox_item	*u, *of = NULL;

	if (it->news == NULL || !(it->adapter->ops->flags &
	    ADAPTER_NEWS_ANSWERS))
		return;
	TAILQ_FOREACH(u, &b->undo, entry) {
		if (u->adapter != it->adapter || u->ev.is_button ||
		    u->ev.channel == NULL || strcmp(u->ev.channel, it->to) != 0)
			continue;
		if (of != NULL)
			return;		/* two: whose news it is is not known */
		of = u;
	}
	if (of == NULL)
		return;
	for (u = TAILQ_FIRST(&b->out); u != it; u = TAILQ_NEXT(u, entry)) {
		if ((u->kind == OUTBOX_REPLY || (u->kind == OUTBOX_BOARD &&
		    u->ev.adapter != NULL)) &&
		    u->ev.reply_ctx == of->ev.reply_ctx)
			return;
	}
	outbox_copy_event(it, &of->ev);
}

/*
 * Batch b (compared, never read, unless still on bot->sealed) outlives
 * its events when it is still waiting for a commit: the adapters' reply
 * handles die with their events, so its answers, and the events a
 * failed commit answers, go through the adapters' holds of them, or as
 * private or channel messages instead.
 */
static void
outbox_detach(struct bot *bot, struct outbox_batch *b)
{
	struct outbox_batch	*o;
	struct outbox_item	*it;

	TAILQ_FOREACH(o, &bot->sealed, entry) {
		if (o == b)
			break;
	}
	if (o == NULL)
		return;
	outbox_hold(b);
	/* Before any is detached: outbox_news_of compares their handles. */
	TAILQ_FOREACH(it, &b->out, entry) {
		if (it->kind == OUTBOX_BOARD)
			outbox_news_of(b, it);
	}
	TAILQ_FOREACH(it, &b->out, entry) {
		if (it->kind == OUTBOX_REPLY || (it->kind == OUTBOX_BOARD &&
		    it->ev.adapter != NULL))
			outbox_detach_event(b, &it->ev);
	}
	TAILQ_FOREACH(it, &b->undo, entry)
		outbox_detach_event(b, &it->ev);
}

void
outbox_end(struct bot *bot)
{
	struct outbox_batch	*b;
	char			*cause = NULL;
	int			 n, rc;

	if (bot->out_depth == 0 || --bot->out_depth > 0)
		return;
	/* Before the commit, so a crash test knows what may be unsaid. */
	if ((n = store_batch_pending(bot->store)) > 0)
		log_debug("store: committing %d writes", n);
	b = outbox_seal(bot, n);
	b->t0 = n > 0 ? uv_hrtime() : 0;
	TAILQ_INSERT_TAIL(&bot->sealed, b, entry);
	outbox_batch_tables(bot, b, 1);
	if ((rc = store_batch_send(bot->store, outbox_settled, b, &cause)) != 1)
		outbox_settle(b, rc, cause);
	outbox_release(bot);
	outbox_detach(bot, b);
}

void
outbox_drain(struct bot *bot)
{
	store_drain(bot->store, 1);
	outbox_release(bot);
}

void
outbox_clear(struct bot *bot)
{
	struct outbox_batch	*b;

	while ((b = TAILQ_FIRST(&bot->sealed)) != NULL) {
		TAILQ_REMOVE(&bot->sealed, b, entry);
		outbox_batch_free(b);
	}
	outbox_forget(&bot->outbox);
	outbox_forget(&bot->undo);
	outbox_forget(&bot->undo_tasks);
}

int
outbox_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	if (!outbox_holding(a->bot, a, channel))
		return a->ops->send_channel(a, channel, text, cause);
	outbox_add(a->bot, OUTBOX_CHANNEL, a, channel, text, NULL);
	return 0;
}

int
outbox_send_dm(struct adapter *a, const char *user_id, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	if (!outbox_holding(a->bot, a, user_id))
		return a->ops->send_dm(a, user_id, text, bs, cause);
	outbox_add(a->bot, OUTBOX_DM, a, user_id, text, bs);
	return 0;
}

/*
 * Does a private reply to ev go as a DM?  It never goes public: without
 * ephemerals, outside a DM, it does.
 */
static int
outbox_as_dm(struct adapter *a, const struct bot_event *ev, int private)
{
	return private && !(a->ops->flags & ADAPTER_EPHEMERAL) && !ev->is_dm;
}

int
outbox_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	struct outbox_item	*it;

	if (outbox_as_dm(a, ev, private))
		return outbox_send_dm(a, ev->user_id, text, bs, cause);
	if (!outbox_holding(a->bot, a, ev->channel))
		return outbox_reply_go(a, ev, private, text, bs, cause);
	it = outbox_add(a->bot, OUTBOX_REPLY, a, ev->user_id, text, bs);
	outbox_copy_event(it, ev);
	it->private = private;
	return 0;
}

struct outbox_item *
outbox_later(struct adapter *a, const struct bot_event *ev,
    void (*gone)(void *), void *arg)
{
	struct outbox_item	*it;

	it = outbox_add(a->bot, OUTBOX_REPLY, a, ev->user_id, NULL, NULL);
	outbox_copy_event(it, ev);
	it->later = 1;
	it->done = gone;
	it->arg = arg;
	return it;
}

void
outbox_ready(struct bot *bot, struct outbox_item *it, int private,
    const char *text)
{
	/* it->to is the event's user: a DM goes there. */
	if (outbox_as_dm(it->adapter, &it->ev, private))
		it->kind = OUTBOX_DM;
	it->private = private;
	it->text = xstrdup(text);
	it->later = 0;
	it->done = NULL;
	outbox_release(bot);
}

int
outbox_board(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_view *view,
    const struct adapter_buttons *bs, enum adapter_board how, char **cause)
{
	struct outbox_item	*it;

	if (!outbox_holding(a->bot, a, channel))
		return a->ops->board(a, channel, table, news, text, view, bs,
		    how, cause);
	it = outbox_add(a->bot, OUTBOX_BOARD, a, channel, text, bs);
	it->news = news == NULL ? NULL : xstrdup(news);
	if (view != NULL) {
		it->view = xmalloc(sizeof *it->view);
		memcpy(it->view, view, sizeof *it->view);
	}
	it->table = table;
	it->how = how;
	return 0;
}

void
outbox_say(struct table *t, const char *text)
{
	outbox_sayf(t, "%s", text);
}

void
outbox_sayf(struct table *t, const char *fmt, ...)
{
	va_list	 ap;
	char	*text, *s, *cause = NULL;

	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	s = render_expand(t, text);
	free(text);
	if (outbox_send_channel(t->adapter, t->channel, s, &cause) != 0) {
		log_warn("table %llu: posting to %s failed: %s",
		    (unsigned long long)t->id, t->channel, cause);
		free(cause);
	}
	free(s);
}

void
outbox_dm_closed(struct table *t, int seat)
{
	char	cmd[RENDER_COMMAND_MAX];

	if (t->seats[seat].dm_closed)
		return;
	t->seats[seat].dm_closed = 1;
	if (t->state != TABLE_PLAYING)
		return;
	render_command(t->adapter, cmd, sizeof cmd);
	outbox_sayf(t, "I cannot send @{%d} direct messages. @{%d}, use %s "
	    "hand to see your cards privately.", seat, seat, cmd);
}

void
outbox_deliver(struct table *t, int seat, const char *text,
    const struct adapter_buttons *bs, int how)
{
	struct adapter		*a = t->adapter;
	struct outbox_item	*it;
	const char		*user = t->seats[seat].user_id;
	char			*cause = NULL;
	int			 rc;

	if (outbox_holding(t->bot, a, user)) {
		it = outbox_add(t->bot, OUTBOX_DM, a, user, text, bs);
		it->table = t->id;
		it->seat = seat;
		it->prompt = how;	/* OUTBOX_PROMPT, OUTBOX_WHOLE, ... */
		return;
	}
	rc = outbox_dm_go(a, user, t->id, text, bs, how, &cause);
	if (rc != 0)
		outbox_dm_failed(t, t->id, seat, user, cause);
}

void
outbox_call(struct bot *bot, void (*fn)(void *), void (*done)(void *),
    void *arg)
{
	struct outbox_item	*it;

	if (!outbox_holding(bot, NULL, NULL)) {
		fn(arg);
		if (done != NULL)
			done(arg);
		return;
	}
	it = xcalloc(1, sizeof *it);
	it->kind = OUTBOX_CALL;
	it->seat = -1;
	it->fn = fn;
	it->done = done;
	it->arg = arg;
	TAILQ_INSERT_TAIL(&bot->outbox, it, entry);
}
