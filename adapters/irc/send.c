/*
 * The send queue: every line the adapter sends goes through it, so the bot
 * never floods the server off.  Protocol lines (registration, PONG, JOIN)
 * wait in one FIFO and go as soon as the websocket is open; chat lines
 * (PRIVMSG) wait in a queue per destination (outq.c: answers first, then
 * round-robin, talk dropped when far behind) and go only once registered,
 * paced by a token bucket (bucket.c): a burst of send_burst, then one
 * every send_rate_ms.  Tokens are kept back for answers: talk and private
 * views leave half the burst, the rest of an answer begun leaves a
 * quarter, and only the first line of a new answer may take the last
 * token, so a reply or a "your move" seldom waits for one behind a busy
 * table or a long answer.  AI tables do not outrun the bucket: their
 * moves wait for the floor (floor.c, sendq_behind), so talk seldom has
 * to be dropped.  Chat lines survive a lost connection and go
 * out after the reconnect and rejoin; protocol lines belong to one
 * connection and are dropped with it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/irc/irc-int.h"
#include "bot/daemon/log.h"
#include "lib/xmalloc.h"

#define SENDQ_URGENT_MAX	64	/* urgent lines waiting, at most */
#define SENDQ_BACKLOG		4	/* frames handed to the socket, at most */
#define SENDQ_DROP_LOG_MS	10000	/* drops are logged once in this */

struct sendq_item {
	TAILQ_ENTRY(sendq_item)	 entry;
	char			 line[];
};
TAILQ_HEAD(sendq_list, sendq_item);

struct irc_sendq {
	struct sendq_list	 urgent;
	int			 nurgent;
	struct irc_outq		*chat;
	struct irc_floor	*floor;		/* AI tables' turns to speak */
	struct irc_bucket	 bucket;
	int			 reserve;	/* tokens talk leaves to answers */
	uv_timer_t		 timer;
	int			 stopped;
	uint64_t		 logged;	/* drops of talk told in the log */
	uint64_t		 logged_at;	/* loop ms of the last such line */
};

static void	sendq_on_timer(uv_timer_t *);
static void	sendq_log_drops(struct irc *, int);

struct irc_sendq *
sendq_new(struct irc *irc)
{
	struct irc_sendq	*q = xcalloc(1, sizeof *q);

	TAILQ_INIT(&q->urgent);
	q->chat = outq_new(IRC_SENDQ_LINES);
	q->floor = floor_new();
	uv_timer_init(irc->loop, &q->timer);
	q->timer.data = irc;
	bucket_init(&q->bucket, irc->send_rate_ms, irc->send_burst,
	    uv_now(irc->loop));
	q->reserve = irc->send_burst / 2;
	return q;
}

static void
sendq_clear(struct sendq_list *l, int *n)
{
	struct sendq_item	*it;

	while ((it = TAILQ_FIRST(l)) != NULL) {
		TAILQ_REMOVE(l, it, entry);
		free(it);
	}
	*n = 0;
}

void
sendq_free(struct irc_sendq *q)
{
	if (q == NULL)
		return;
	sendq_clear(&q->urgent, &q->nurgent);
	outq_free(q->chat);
	floor_free(q->floor);
	free(q);
}

void
sendq_stop(struct irc *irc)
{
	struct irc_sendq	*q = irc->sendq;

	if (q == NULL || q->stopped)
		return;
	sendq_log_drops(irc, 1);
	q->stopped = 1;
	uv_close((uv_handle_t *)&q->timer, NULL);
}

void
sendq_drop_urgent(struct irc *irc)
{
	sendq_clear(&irc->sendq->urgent, &irc->sendq->nurgent);
}

int
sendq_forget(struct irc *irc, const char *target)
{
	return outq_forget(irc->sendq->chat, target);
}

/*
 * A line of talk said now would wait when any chat line waits, or when
 * the bucket holds no token above the answers' reserve: then an AI move
 * waits instead, so its line goes out as it is made, before the private
 * "your move" it causes is read.
 */
int
sendq_behind(struct irc *irc, const char *channel)
{
	struct irc_sendq	*q = irc->sendq;
	uint64_t		 now = uv_now(irc->loop);
	int			 waiting = outq_lines(q->chat);

	if (bucket_wait(&q->bucket, now, q->reserve) > 0)
		waiting++;
	return !floor_take(q->floor, channel, waiting, now);
}

int
sendq_push(struct irc *irc, const char *line, char **cause)
{
	struct irc_sendq	*q = irc->sendq;
	struct sendq_item	*it;
	size_t			 len = strlen(line);

	if (len + 2 > IRC_LINE_MAX)
		return set_cause(cause, "an IRC line over %d bytes", IRC_LINE_MAX);
	if (q->nurgent >= SENDQ_URGENT_MAX)
		return set_cause(cause, "the IRC send queue is full (%d protocol "
		    "lines waiting)", q->nurgent);
	it = xmalloc(sizeof *it + len + 1);
	memcpy(it->line, line, len + 1);
	TAILQ_INSERT_TAIL(&q->urgent, it, entry);
	q->nurgent++;
	sendq_pump(irc);
	return 0;
}

/* Tokens the next chat line must leave in the bucket (see the top). */
static int
sendq_keep(const struct irc_sendq *q)
{
	switch (outq_next(q->chat)) {
	case OUTQ_NEW_ANSWER:
		return 0;
	case OUTQ_ANSWERING:
		return q->reserve / 2;
	default:
		return q->reserve;
	}
}

/* Hands line (borrowed) to the socket; a refusal loses it, and says so. */
static void
sendq_write(struct irc *irc, const char *line)
{
	if (conn_write(irc, line) != 0)
		log_warn("irc: the socket refused a line; it is lost");
}

void
sendq_pump(struct irc *irc)
{
	struct irc_sendq	*q = irc->sendq;
	struct sendq_item	*it;
	struct outq_info	 info;
	uint64_t		 now, wait;
	char			*line;

	if (q == NULL || q->stopped || !conn_ready(irc))
		return;
	now = uv_now(irc->loop);
	while (conn_backlog(irc) < SENDQ_BACKLOG) {
		if ((it = TAILQ_FIRST(&q->urgent)) != NULL) {
			/* Urgent lines do not wait for tokens, but use them. */
			TAILQ_REMOVE(&q->urgent, it, entry);
			q->nurgent--;
			sendq_write(irc, it->line);
			free(it);
			bucket_spend(&q->bucket, now);
			continue;
		}
		if (!irc->registered || outq_lines(q->chat) == 0)
			return;
		if (!bucket_take(&q->bucket, now, sendq_keep(q)))
			break;
		line = outq_take(q->chat, &info);
		sendq_write(irc, line);
		free(line);
		/* How long answers wait: make bench reads it at -v. */
		if (info.first && info.kind == OUTQ_ANSWER)
			log_debug("irc: %s waited %llu ms", info.prompt ?
			    "a \"your move\"" : "an answer",
			    (unsigned long long)(now - info.made));
	}
	if (!irc->registered || outq_lines(q->chat) == 0)
		return;
	if ((wait = bucket_wait(&q->bucket, now, sendq_keep(q))) == 0)
		return;		/* the socket's backlog calls us again */
	/* A new answer may need an earlier start: the timer is set anew. */
	uv_timer_start(&q->timer, sendq_on_timer, wait, 0);
}

static void
sendq_on_timer(uv_timer_t *t)
{
	sendq_pump(t->data);
}

/*
 * Tells the log about talk dropped since it last did: once in a while, or
 * now (at the end).
 */
static void
sendq_log_drops(struct irc *irc, int force)
{
	struct irc_sendq	*q = irc->sendq;
	uint64_t		 dropped = outq_dropped(q->chat);
	uint64_t		 now = uv_now(irc->loop);

	if (dropped == q->logged || (!force && q->logged_at != 0 &&
	    now - q->logged_at < SENDQ_DROP_LOG_MS))
		return;
	log_warn("irc: sending falls behind the tables (%d lines wait); %llu "
	    "older lines of table talk dropped", outq_lines(q->chat),
	    (unsigned long long)(dropped - q->logged));
	q->logged = dropped;
	q->logged_at = now;
}

int
sendq_privmsg(struct irc *irc, const char *target, const char *text,
    enum outq_kind kind, uint64_t view, char **cause)
{
	struct outq_info	 as = { .kind = kind, .view = view };

	return sendq_privmsg_as(irc, target, text, &as, cause);
}

int
sendq_privmsg_as(struct irc *irc, const char *target, const char *text,
    const struct outq_info *as, char **cause)
{
	char			*plain, *p, *nl, nick[IRC_NICK_MAX + 8];
	char			 line[IRC_LINE_MAX];
	char			**parts = NULL;
	size_t			 room, len, n, next, nparts = 0, i;
	int			 rc = 0;
	struct outq_info	 info = *as;

	info.made = uv_now(irc->loop);
	/*
	 * Room for the text: with our nick as it is, or, before we know it,
	 * as it may become after a collision or two.
	 */
	if (irc->registered)
		snprintf(nick, sizeof nick, "%s", irc->cur_nick);
	else
		snprintf(nick, sizeof nick, "%s____", irc->nick);
	room = irc_text_room(nick, irc->self_user, irc->self_host, target);
	plain = irc_text_plain(text);
	for (p = plain; p != NULL && *p != '\0'; p = nl == NULL ? NULL : nl + 1) {
		nl = strchr(p, '\n');
		len = nl == NULL ? strlen(p) : (size_t)(nl - p);
		while (len > 0 && p[len - 1] == ' ')
			len--;
		while (len > 0) {
			n = irc_text_split(p, len, room, &next);
			snprintf(line, sizeof line, "PRIVMSG %s :%.*s", target,
			    (int)n, p);
			parts = xreallocarray(parts, nparts + 1, sizeof *parts);
			parts[nparts++] = xstrdup(line);
			p += next;
			len -= next;
		}
	}
	free(plain);
	if (nparts > (size_t)IRC_SENDQ_LINES)
		rc = set_cause(cause, "%zu lines to %s are more than the IRC "
		    "send queue holds", nparts, target);
	else
		rc = outq_push(irc->sendq->chat, target, parts, (int)nparts,
		    &info, cause);
	for (i = 0; i < nparts; i++)
		free(parts[i]);
	free(parts);
	if (rc == 0) {
		sendq_log_drops(irc, 0);
		sendq_pump(irc);
	}
	return rc;
}
