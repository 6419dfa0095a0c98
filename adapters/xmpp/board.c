/*
 * Boards: each table's one public room message, posted once and then
 * corrected in place (XEP-0308; the rules are in correct.c) as the game
 * moves, with merged updates (lib/coalesce): after a board's stanza goes
 * out, its next one waits xmpp.correct_interval, and only the newest
 * state waiting then is sent, so a burst of moves is one correction.  When a
 * correction is not safe (we said something else in the room since, or
 * rejoined it) the board is posted anew and the old message stays as it
 * was: XMPP has no deletion every client knows.  A repost (status) is a
 * new message too.  Boards live in memory: after a restart a table's next
 * update posts a new message.
 *
 * The news is on the board already (its recent moves), except for a
 * game's start and a repost: those lines head the board's message, since
 * an XMPP command needs no answer of its own and a line of its own would
 * end the board's run as our last message in the room.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/rand.h>

#include "adapters/xmpp/xmpp-int.h"
#include "bot/daemon/log.h"
#include "lib/coalesce.h"
#include "lib/xmalloc.h"

/* A board stanza sent (or found unneeded): coalesce hears of it when due. */
struct board_wait {
	TAILQ_ENTRY(board_wait)	 entry;
	struct coalesce_msg	*m;
	char			 id[XMPP_ID_MAX];	/* the board's first message */
	uint64_t		 due;			/* loop time, ms */
};

static void	board_on_timer(uv_timer_t *);

/* A new id for a board stanza, unique across restarts too; into buf. */
static void
board_new_id(struct xmpp *x, char *buf, size_t len)
{
	snprintf(buf, len, "cb-%s-%llu", x->tag,
	    (unsigned long long)++x->next_id);
}

/* Runs the timer for the earliest wait, or stops it when none is left. */
static void
board_arm(struct xmpp *x)
{
	struct board_wait	*w;
	uint64_t		 now = uv_now(x->loop), first = UINT64_MAX;

	if (uv_is_closing((uv_handle_t *)&x->board_timer))
		return;		/* stopping: nothing more is sent */
	TAILQ_FOREACH(w, &x->waits, entry) {
		if (w->due < first)
			first = w->due;
	}
	if (first == UINT64_MAX)
		uv_timer_stop(&x->board_timer);
	else
		uv_timer_start(&x->board_timer, board_on_timer,
		    first > now ? first - now : 0, 0);
}

/* Tells coalesce that every stanza whose gap is over is done. */
static void
board_on_timer(uv_timer_t *t)
{
	struct xmpp		*x = t->data;
	struct board_wait	*w, *next;
	uint64_t		 now = uv_now(x->loop);
	TAILQ_HEAD(, board_wait) due;

	/* Taken out first: coalesce_done may send, and wait, again. */
	TAILQ_INIT(&due);
	for (w = TAILQ_FIRST(&x->waits); w != NULL; w = next) {
		next = TAILQ_NEXT(w, entry);
		if (w->due <= now) {
			TAILQ_REMOVE(&x->waits, w, entry);
			TAILQ_INSERT_TAIL(&due, w, entry);
		}
	}
	while ((w = TAILQ_FIRST(&due)) != NULL) {
		TAILQ_REMOVE(&due, w, entry);
		coalesce_done(w->m, w->id, 0);
		free(w);
	}
	board_arm(x);
}

/*
 * Shows body in room channel: a correction of the board's first message
 * first (NULL: none yet) when that is safe, else a new first message.
 */
static int
board_send(struct coalesce_msg *m, const char *channel, const char *first,
    const char *body, void *arg)
{
	struct xmpp		*x = arg;
	struct muc_room		*r;
	struct board_wait	*w;
	char			 id[XMPP_ID_MAX];

	if ((r = muc_room_find(x, channel)) == NULL) {
		log_warn("xmpp: a table in %.80s, which is not one of our "
		    "rooms", channel);
		return -1;
	}
	w = xcalloc(1, sizeof *w);
	w->m = m;
	w->due = uv_now(x->loop) + x->correct_ms;
	switch (correct_choose(r, first, body)) {
	case CORRECT_SKIP:
		snprintf(w->id, sizeof w->id, "%s", first);
		w->due = uv_now(x->loop);
		break;
	case CORRECT_EDIT:
		board_new_id(x, id, sizeof id);
		stream_send(x, correct_stanza(r->jid, id, first, body));
		correct_sent(r, first, body);
		snprintf(w->id, sizeof w->id, "%s", first);
		break;
	case CORRECT_POST:
		board_new_id(x, w->id, sizeof w->id);
		stream_send(x, correct_stanza(r->jid, w->id, NULL, body));
		correct_sent(r, w->id, body);
		break;
	}
	TAILQ_INSERT_TAIL(&x->waits, w, entry);
	board_arm(x);
	return 0;
}

/* A board posted anew replaced message id; XMPP cannot take it away. */
static void
board_remove(const char *channel, const char *id, void *arg)
{
	(void)arg;
	log_debug("xmpp: the table in %.80s moved on from message %.64s",
	    channel, id);
}

static const struct coalesce_ops board_ops = {
	.send = board_send,
	.remove = board_remove,
};

void
xmpp_board_init(struct xmpp *x)
{
	unsigned char	r[4];

	if (RAND_bytes(r, sizeof r) != 1)
		fatalx("RAND_bytes failed");
	snprintf(x->tag, sizeof x->tag, "%02x%02x%02x%02x", r[0], r[1], r[2],
	    r[3]);
	TAILQ_INIT(&x->waits);
	uv_timer_init(x->loop, &x->board_timer);
	x->board_timer.data = x;
}

int
xmpp_board_show(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_view *view,
    const struct adapter_buttons *bs, enum adapter_board how, char **cause)
{
	struct xmpp	*x = a->priv;

	(void)view;	/* no ADAPTER_VIEW: a room shows the text */
	(void)bs;
	if (muc_room_find(x, channel) == NULL)
		return set_cause(cause, "%.80s is not one of our rooms",
		    channel);
	if (coalesce_show_in(&x->boards, &board_ops, x, channel, table,
	    correct_body(news, text), how == ADAPTER_BOARD_REPOST,
	    how == ADAPTER_BOARD_FINAL))
		log_debug("xmpp: table %" PRIu64 ": an update was waiting; "
		    "the newer table replaces it", table);
	return 0;
}

void
xmpp_board_stop(struct xmpp *x)
{
	uv_close((uv_handle_t *)&x->board_timer, NULL);
}

void
xmpp_board_free(struct xmpp *x)
{
	struct board_wait	*w;

	while ((w = TAILQ_FIRST(&x->waits)) != NULL) {
		TAILQ_REMOVE(&x->waits, w, entry);
		free(w);
	}
	coalesce_free(x->boards);
	x->boards = NULL;
}
