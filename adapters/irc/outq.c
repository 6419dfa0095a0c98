/*
 * The chat lines waiting to go, one queue per destination (a channel or a
 * nick), so a busy table cannot hold back another channel's answer.  A
 * queue holds messages (what one call of the bot said, cut into lines)
 * in the order they were made; its lines leave in that order, always.
 *
 * Which destination sends next:
 *  1. an answer (the reply to the command being handled, a player's
 *     "your move") that has not begun and is first in its queue: the
 *     oldest such answer first, so answers start in the order they came;
 *  2. else a destination holding an answer further back, or the rest of
 *     an answer begun;
 *  3. else a destination holding a private line (a player's view);
 *  4. else any destination: table talk.
 * Within 2, 3 and 4 destinations take turns (round-robin): one that sent
 * moves to the back of the round.
 *
 * Table talk (channel lines that answer nothing) is what gives way when
 * sending falls behind: an answer queued for a channel keeps at most
 * IRC_OUTQ_AHEAD lines of talk waiting ahead of it there (a line may not
 * pass another in the same queue, and the last move's line is what the
 * answer follows in the game's log) and drops older talk, the rest of a
 * message begun too; its destination is then served first (2 below); a
 * channel keeps at most IRC_OUTQ_TALK lines of talk (its oldest go
 * first); and when the whole queue is full the oldest talk anywhere goes.
 * Drops are counted for the caller to log.  Answers and private lines are
 * never dropped for room: with no talk left to drop, a full queue refuses
 * the new message.  But a player's view of a table (a message with a view
 * key) replaces their older view of it still waiting, the rest of one
 * begun too: the newer view tells all the older one did.  Pure: no clock
 * and no I/O; send.c feeds the lines to the connection.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/irc/irc-int.h"
#include "lib/xmalloc.h"

struct outq_msg {
	TAILQ_ENTRY(outq_msg)	 entry;
	uint64_t		 seq;		/* order of arrival, over all */
	struct outq_info	 info;		/* as queued */
	int			 n, next;	/* lines, and the next to send */
	char			**lines;
};
TAILQ_HEAD(outq_msgs, outq_msg);

struct outq_dest {
	TAILQ_ENTRY(outq_dest)	 entry;		/* in the round */
	struct outq_msgs	 msgs;
	int			 lines;		/* unsent lines */
	int			 talk;		/* unsent lines of talk */
	int			 answers;	/* answer messages waiting */
	int			 privates;	/* private messages waiting */
	char			 name[IRC_TARGET_MAX + 1];	/* casefolded */
};

struct irc_outq {
	TAILQ_HEAD(, outq_dest)	 round;		/* destinations with lines */
	int			 lines, max;
	uint64_t		 seq;
	uint64_t		 dropped;	/* lines of talk, ever */
	uint64_t		 replaced;	/* lines of views, ever */
};

struct irc_outq *
outq_new(int max_lines)
{
	struct irc_outq	*q = xcalloc(1, sizeof *q);

	TAILQ_INIT(&q->round);
	q->max = max_lines;
	return q;
}

/* Frees m and the lines it has not sent. */
static void
outq_msg_free(struct outq_msg *m)
{
	int	i;

	for (i = m->next; i < m->n; i++)
		free(m->lines[i]);
	free(m->lines);
	free(m);
}

/* Takes m out of d, unsent lines and all; counts what went. */
static void
outq_msg_remove(struct irc_outq *q, struct outq_dest *d, struct outq_msg *m)
{
	int	left = m->n - m->next;

	TAILQ_REMOVE(&d->msgs, m, entry);
	d->lines -= left;
	q->lines -= left;
	if (m->info.kind == OUTQ_TALK)
		d->talk -= left;
	else if (m->info.kind == OUTQ_ANSWER)
		d->answers--;
	else
		d->privates--;
	outq_msg_free(m);
}

/* Frees d, out of the round, when it has nothing left to send. */
static void
outq_dest_done(struct irc_outq *q, struct outq_dest *d)
{
	if (!TAILQ_EMPTY(&d->msgs))
		return;
	TAILQ_REMOVE(&q->round, d, entry);
	free(d);
}

void
outq_free(struct irc_outq *q)
{
	struct outq_dest	*d, *dnext;
	struct outq_msg		*m, *mnext;

	if (q == NULL)
		return;
	for (d = TAILQ_FIRST(&q->round); d != NULL; d = dnext) {
		dnext = TAILQ_NEXT(d, entry);
		for (m = TAILQ_FIRST(&d->msgs); m != NULL; m = mnext) {
			mnext = TAILQ_NEXT(m, entry);
			outq_msg_free(m);
		}
		free(d);
	}
	free(q);
}

/* The queue of name (borrowed, casefolded), or NULL. */
static struct outq_dest *
outq_find(const struct irc_outq *q, const char *name)
{
	struct outq_dest	*d;

	TAILQ_FOREACH(d, &q->round, entry) {
		if (strcmp(d->name, name) == 0)
			return d;
	}
	return NULL;
}

/*
 * Drops from d, the rest of a message begun too, every message of talk
 * (view 0; counted as dropped) or of view (counted as replaced).
 */
static void
outq_drop(struct irc_outq *q, struct outq_dest *d, uint64_t view)
{
	struct outq_msg	*m, *next;

	for (m = TAILQ_FIRST(&d->msgs); m != NULL; m = next) {
		next = TAILQ_NEXT(m, entry);
		if (view == 0 ? m->info.kind != OUTQ_TALK : m->info.view != view)
			continue;
		if (view == 0)
			q->dropped += (uint64_t)(m->n - m->next);
		else
			q->replaced += (uint64_t)(m->n - m->next);
		outq_msg_remove(q, d, m);
	}
}

/*
 * Drops d's oldest messages of talk, the rest of one begun too, until at
 * most IRC_OUTQ_AHEAD lines of talk wait there (counted as dropped).
 */
static void
outq_drop_ahead(struct irc_outq *q, struct outq_dest *d)
{
	struct outq_msg	*m, *next;

	for (m = TAILQ_FIRST(&d->msgs); m != NULL && d->talk > IRC_OUTQ_AHEAD;
	    m = next) {
		next = TAILQ_NEXT(m, entry);
		if (m->info.kind != OUTQ_TALK)
			continue;
		q->dropped += (uint64_t)(m->n - m->next);
		outq_msg_remove(q, d, m);
	}
}

/* Drops the oldest message of talk anywhere; 0, or -1 when there is none. */
static int
outq_drop_oldest(struct irc_outq *q)
{
	struct outq_dest	*d, *in = NULL;
	struct outq_msg		*m, *oldest = NULL;

	TAILQ_FOREACH(d, &q->round, entry) {
		TAILQ_FOREACH(m, &d->msgs, entry) {
			if (m->info.kind != OUTQ_TALK)
				continue;
			if (oldest == NULL || m->seq < oldest->seq) {
				oldest = m;
				in = d;
			}
			break;		/* a queue's first talk is its oldest */
		}
	}
	if (oldest == NULL)
		return -1;
	q->dropped += (uint64_t)(oldest->n - oldest->next);
	outq_msg_remove(q, in, oldest);
	outq_dest_done(q, in);
	return 0;
}

int
outq_push(struct irc_outq *q, const char *dest, char *const *lines, int n,
    const struct outq_info *info, char **cause)
{
	enum outq_kind		 kind = info->kind;
	struct outq_dest	*d;
	struct outq_msg		*m, *first;
	char			 name[IRC_TARGET_MAX + 1];
	int			 i;

	if (n <= 0)
		return 0;
	if (strlen(dest) > IRC_TARGET_MAX)
		return set_cause(cause, "\"%.80s\" is too long for an IRC "
		    "target", dest);
	if (n > q->max)
		return set_cause(cause, "a message of %d lines is more than the "
		    "IRC send queue holds (%d)", n, q->max);
	snprintf(name, sizeof name, "%s", dest);
	irc_casefold(name);

	/* A newer view replaces the one of the same table not yet sent. */
	if (info->view != 0 && (d = outq_find(q, name)) != NULL) {
		outq_drop(q, d, info->view);
		outq_dest_done(q, d);
	}
	/* Room first: the oldest talk goes, never an answer or a DM. */
	while (q->lines + n > q->max) {
		if (outq_drop_oldest(q) != 0)
			return set_cause(cause, "the IRC send queue is full (%d "
			    "lines waiting)", q->lines);
	}
	if ((d = outq_find(q, name)) == NULL) {
		d = xcalloc(1, sizeof *d);
		TAILQ_INIT(&d->msgs);
		memcpy(d->name, name, sizeof d->name);
		TAILQ_INSERT_TAIL(&q->round, d, entry);
	}
	m = xcalloc(1, sizeof *m);
	m->seq = q->seq++;
	m->info = *info;
	m->n = n;
	m->lines = xreallocarray(NULL, (size_t)n, sizeof *m->lines);
	for (i = 0; i < n; i++)
		m->lines[i] = xstrdup(lines[i]);
	/* An answer waits for little talk ahead of it: the older goes. */
	if (kind == OUTQ_ANSWER)
		outq_drop_ahead(q, d);
	TAILQ_INSERT_TAIL(&d->msgs, m, entry);
	d->lines += n;
	q->lines += n;
	if (kind == OUTQ_TALK)
		d->talk += n;
	else if (kind == OUTQ_ANSWER)
		d->answers++;
	else
		d->privates++;
	/* A channel far behind skips its oldest talk, never the newest. */
	while (kind == OUTQ_TALK && d->talk > IRC_OUTQ_TALK) {
		TAILQ_FOREACH(first, &d->msgs, entry) {
			if (first->info.kind == OUTQ_TALK)
				break;
		}
		if (first == NULL || first == m)
			break;
		q->dropped += (uint64_t)(first->n - first->next);
		outq_msg_remove(q, d, first);
	}
	return 0;
}

/*
 * The destination whose line goes next, as the file's top says, and its
 * class (*what); or NULL when nothing waits.
 */
static struct outq_dest *
outq_pick(const struct irc_outq *q, enum outq_class *what)
{
	struct outq_dest	*d, *best = NULL;
	struct outq_msg		*m, *bm = NULL;

	TAILQ_FOREACH(d, &q->round, entry) {
		m = TAILQ_FIRST(&d->msgs);
		if (m->info.kind == OUTQ_ANSWER && m->next == 0 &&
		    (bm == NULL || m->seq < bm->seq)) {
			best = d;
			bm = m;
		}
	}
	*what = OUTQ_NEW_ANSWER;
	if (best != NULL)
		return best;
	*what = OUTQ_ANSWERING;
	TAILQ_FOREACH(d, &q->round, entry) {
		if (d->answers > 0)
			return d;
	}
	*what = OUTQ_PRIVATE_LINE;
	TAILQ_FOREACH(d, &q->round, entry) {
		if (d->privates > 0)
			return d;
	}
	*what = OUTQ_TALK_LINE;
	return TAILQ_FIRST(&q->round);
}

enum outq_class
outq_next(const struct irc_outq *q)
{
	enum outq_class	what;

	return outq_pick(q, &what) == NULL ? OUTQ_NONE : what;
}

char *
outq_take(struct irc_outq *q, struct outq_info *info)
{
	struct outq_dest	*d;
	struct outq_msg		*m;
	enum outq_class		 what;
	char			*line;

	if ((d = outq_pick(q, &what)) == NULL)
		return NULL;
	m = TAILQ_FIRST(&d->msgs);
	*info = m->info;
	info->first = m->next == 0;
	line = m->lines[m->next++];
	d->lines--;
	q->lines--;
	if (m->info.kind == OUTQ_TALK)
		d->talk--;
	if (m->next == m->n)
		outq_msg_remove(q, d, m);
	/* Its turn is over: to the back of the round. */
	TAILQ_REMOVE(&q->round, d, entry);
	TAILQ_INSERT_TAIL(&q->round, d, entry);
	outq_dest_done(q, d);
	return line;
}

int
outq_forget(struct irc_outq *q, const char *dest)
{
	struct outq_dest	*d;
	struct outq_msg		*m, *next;
	char			 name[IRC_TARGET_MAX + 1];
	int			 n;

	if (strlen(dest) > IRC_TARGET_MAX)
		return 0;
	snprintf(name, sizeof name, "%s", dest);
	irc_casefold(name);
	if ((d = outq_find(q, name)) == NULL)
		return 0;
	n = d->lines;
	for (m = TAILQ_FIRST(&d->msgs); m != NULL; m = next) {
		next = TAILQ_NEXT(m, entry);
		outq_msg_remove(q, d, m);
	}
	outq_dest_done(q, d);
	return n;
}

int
outq_lines(const struct irc_outq *q)
{
	return q->lines;
}

uint64_t
outq_dropped(const struct irc_outq *q)
{
	return q->dropped;
}

uint64_t
outq_replaced(const struct irc_outq *q)
{
	return q->replaced;
}
