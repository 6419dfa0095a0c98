/*
 * The outbox: output held back until the batch's writes are committed
 * (see outbox.h).  Held items are copies, sent in the order they were
 * made; nothing is held while the batch has written nothing, so a batch
 * of plain questions ("status", "help") answers at once.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/log.h"
#include "bot/outbox.h"
#include "bot/play.h"
#include "bot/store.h"
#include "bot/table.h"
#include "lib/xmalloc.h"

enum outbox_kind {
	OUTBOX_CHANNEL,
	OUTBOX_DM,
	OUTBOX_REPLY,
	OUTBOX_BOARD,
	OUTBOX_CALL,
};

struct outbox_item {
	enum outbox_kind	 kind;
	struct adapter		*adapter;
	char			*to;		/* channel or user id */
	char			*text;
	char			*news;		/* OUTBOX_BOARD, may be NULL */
	struct adapter_buttons	 bs;
	int			 has_bs;
	/* OUTBOX_REPLY: the event, with its strings copied. */
	struct bot_event	 ev;
	int			 private;
	/* OUTBOX_DM from outbox_deliver, OUTBOX_BOARD: which table. */
	uint64_t		 table;
	int			 seat;		/* -1: not a table's seat */
	enum adapter_board	 how;
	void			(*fn)(void *);
	void			(*done)(void *);
	void			*arg;
	TAILQ_ENTRY(outbox_item) entry;
};

/* Is output held back now? */
static int
outbox_holding(struct bot *bot)
{
	return bot->out_depth > 0 && (!TAILQ_EMPTY(&bot->outbox) ||
	    store_batch_pending(bot->store));
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

static void
outbox_free(struct outbox_item *it)
{
	if (it->kind == OUTBOX_CALL && it->done != NULL)
		it->done(it->arg);
	free(it->to);
	free(it->text);
	free(it->news);
	free((char *)it->ev.user_id);
	free((char *)it->ev.user_name);
	free((char *)it->ev.channel);
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
		play_dm_closed(t, seat);
}

/* Sends one held item, as the direct call would have. */
static void
outbox_send(struct bot *bot, struct outbox_item *it)
{
	const struct adapter_buttons	*bs = it->has_bs ? &it->bs : NULL;
	struct adapter			*a = it->adapter;
	char				*cause = NULL;
	int				 rc = 0;

	switch (it->kind) {
	case OUTBOX_CHANNEL:
		rc = a->ops->send_channel(a, it->to, it->text, &cause);
		break;
	case OUTBOX_DM:
		rc = a->ops->send_dm(a, it->to, it->text, bs, &cause);
		if (rc != 0 && it->seat >= 0) {
			outbox_dm_failed(table_find_id(bot, a, it->table),
			    it->table, it->seat, it->to, cause);
			return;
		}
		break;
	case OUTBOX_REPLY:
		rc = a->ops->reply(a, &it->ev, it->private, it->text, bs, &cause);
		break;
	case OUTBOX_BOARD:
		rc = a->ops->board(a, it->to, it->table, it->news, it->text, bs,
		    it->how, &cause);
		break;
	case OUTBOX_CALL:
		it->fn(it->arg);
		break;
	}
	if (rc != 0) {
		log_warn("%s: sending to %s failed: %s", a->ops->name, it->to,
		    cause);
		free(cause);
	}
}

void
outbox_begin(struct bot *bot)
{
	if (bot->out_depth++ == 0)
		store_batch_begin(bot->store);
}

void
outbox_end(struct bot *bot)
{
	struct outbox_item	*it;
	char			*cause = NULL;
	uint64_t		 t0 = 0;
	int			 n;

	if (bot->out_depth == 0 || --bot->out_depth > 0)
		return;
	/* Before the commit, so a crash test knows what may be unsaid. */
	if ((n = store_batch_pending(bot->store)) > 0) {
		log_debug("store: committing %d writes", n);
		t0 = uv_hrtime();
	}
	if (store_batch_end(bot->store, &cause) != 0) {
		outbox_clear(bot);
		fatalx("cannot commit the moves just made (%s); stopping "
		    "without announcing them: a restart resumes every table "
		    "from its last saved move", cause);
	}
	/* How long the disk took (make bench reads it at -v). */
	if (n > 0)
		log_debug("store: committed in %llu us",
		    (unsigned long long)((uv_hrtime() - t0) / 1000));
	/* Sending may say more (a failed DM); that goes out directly. */
	while ((it = TAILQ_FIRST(&bot->outbox)) != NULL) {
		TAILQ_REMOVE(&bot->outbox, it, entry);
		outbox_send(bot, it);
		outbox_free(it);
	}
	/* The replies are on their way: the store's upkeep delays none. */
	store_idle(bot->store);
}

void
outbox_clear(struct bot *bot)
{
	struct outbox_item	*it;

	while ((it = TAILQ_FIRST(&bot->outbox)) != NULL) {
		TAILQ_REMOVE(&bot->outbox, it, entry);
		outbox_free(it);
	}
}

int
outbox_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	if (!outbox_holding(a->bot))
		return a->ops->send_channel(a, channel, text, cause);
	outbox_add(a->bot, OUTBOX_CHANNEL, a, channel, text, NULL);
	return 0;
}

int
outbox_send_dm(struct adapter *a, const char *user_id, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	if (!outbox_holding(a->bot))
		return a->ops->send_dm(a, user_id, text, bs, cause);
	outbox_add(a->bot, OUTBOX_DM, a, user_id, text, bs);
	return 0;
}

int
outbox_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	struct outbox_item	*it;

	if (!outbox_holding(a->bot))
		return a->ops->reply(a, ev, private, text, bs, cause);
	it = outbox_add(a->bot, OUTBOX_REPLY, a, ev->user_id, text, bs);
	it->ev = *ev;
	it->ev.user_id = ev->user_id == NULL ? NULL : xstrdup(ev->user_id);
	it->ev.user_name = ev->user_name == NULL ? NULL : xstrdup(ev->user_name);
	it->ev.channel = ev->channel == NULL ? NULL : xstrdup(ev->channel);
	it->ev.text = ev->text == NULL ? NULL : xstrdup(ev->text);
	it->private = private;
	return 0;
}

int
outbox_board(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_buttons *bs,
    enum adapter_board how, char **cause)
{
	struct outbox_item	*it;

	if (!outbox_holding(a->bot))
		return a->ops->board(a, channel, table, news, text, bs, how,
		    cause);
	it = outbox_add(a->bot, OUTBOX_BOARD, a, channel, text, bs);
	it->news = news == NULL ? NULL : xstrdup(news);
	it->table = table;
	it->how = how;
	return 0;
}

void
outbox_deliver(struct table *t, int seat, const char *text,
    const struct adapter_buttons *bs)
{
	struct adapter		*a = t->adapter;
	struct outbox_item	*it;
	const char		*user = t->seats[seat].user_id;
	char			*cause = NULL;

	if (outbox_holding(t->bot)) {
		it = outbox_add(t->bot, OUTBOX_DM, a, user, text, bs);
		it->table = t->id;
		it->seat = seat;
		return;
	}
	if (a->ops->send_dm(a, user, text, bs, &cause) != 0)
		outbox_dm_failed(t, t->id, seat, user, cause);
}

void
outbox_call(struct bot *bot, void (*fn)(void *), void (*done)(void *),
    void *arg)
{
	struct outbox_item	*it;

	if (!outbox_holding(bot)) {
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
