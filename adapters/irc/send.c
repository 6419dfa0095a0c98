/*
 * The send queue: every line the adapter sends goes through it, so the bot
 * never floods the server off.  Two FIFOs: urgent lines (registration,
 * PONG, JOIN) go as soon as the websocket is open; chat lines (PRIVMSG)
 * only once registered, a burst of send_burst and then one per
 * send_rate_ms (a token bucket on a uv_timer).  Chat lines survive a lost
 * connection and go out after the reconnect and rejoin; urgent lines
 * belong to one connection and are dropped with it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/irc/irc-int.h"
#include "bot/log.h"
#include "lib/xmalloc.h"

#define SENDQ_URGENT_MAX	64	/* urgent lines waiting, at most */
#define SENDQ_BACKLOG		8	/* frames handed to the socket, at most */

struct sendq_item {
	TAILQ_ENTRY(sendq_item)	 entry;
	char			 line[];
};
TAILQ_HEAD(sendq_list, sendq_item);

struct irc_sendq {
	struct sendq_list	 urgent, chat;
	int			 nurgent, nchat;
	uv_timer_t		 timer;
	int			 timer_on;
	int			 stopped;
	int64_t			 tokens;
	uint64_t		 refilled;	/* loop ms of the last refill */
};

static void	sendq_on_timer(uv_timer_t *);

struct irc_sendq *
sendq_new(struct irc *irc)
{
	struct irc_sendq	*q = xcalloc(1, sizeof *q);

	TAILQ_INIT(&q->urgent);
	TAILQ_INIT(&q->chat);
	uv_timer_init(irc->loop, &q->timer);
	q->timer.data = irc;
	q->tokens = irc->send_burst;
	q->refilled = uv_now(irc->loop);
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
	sendq_clear(&q->chat, &q->nchat);
	free(q);
}

void
sendq_stop(struct irc *irc)
{
	struct irc_sendq	*q = irc->sendq;

	if (q == NULL || q->stopped)
		return;
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
	struct irc_sendq	*q = irc->sendq;
	struct sendq_item	*it, *next;
	char			 to[IRC_LINE_MAX];
	int			 n = 0;

	for (it = TAILQ_FIRST(&q->chat); it != NULL; it = next) {
		next = TAILQ_NEXT(it, entry);
		if (strncmp(it->line, "PRIVMSG ", 8) != 0)
			continue;
		snprintf(to, sizeof to, "%.*s", (int)strcspn(it->line + 8, " "),
		    it->line + 8);
		if (!irc_name_eq(to, target))
			continue;
		TAILQ_REMOVE(&q->chat, it, entry);
		q->nchat--;
		free(it);
		n++;
	}
	return n;
}

int
sendq_push(struct irc *irc, const char *line, int urgent, char **cause)
{
	struct irc_sendq	*q = irc->sendq;
	struct sendq_item	*it;
	size_t			 len = strlen(line);

	if (len + 2 > IRC_LINE_MAX)
		return set_cause(cause, "an IRC line over %d bytes", IRC_LINE_MAX);
	if (urgent ? q->nurgent >= SENDQ_URGENT_MAX : q->nchat >= IRC_SENDQ_LINES)
		return set_cause(cause, "the IRC send queue is full (%d lines "
		    "waiting)", urgent ? q->nurgent : q->nchat);
	it = xmalloc(sizeof *it + len + 1);
	memcpy(it->line, line, len + 1);
	if (urgent) {
		TAILQ_INSERT_TAIL(&q->urgent, it, entry);
		q->nurgent++;
	} else {
		TAILQ_INSERT_TAIL(&q->chat, it, entry);
		q->nchat++;
	}
	sendq_pump(irc);
	return 0;
}

/* Adds the tokens earned since the last refill, up to the burst. */
static void
sendq_refill(struct irc *irc, uint64_t now)
{
	struct irc_sendq	*q = irc->sendq;
	uint64_t		 n;

	if (irc->send_rate_ms == 0) {
		q->tokens = irc->send_burst;
		q->refilled = now;
		return;
	}
	n = (now - q->refilled) / irc->send_rate_ms;
	q->refilled += n * irc->send_rate_ms;
	if (q->tokens + (int64_t)n >= irc->send_burst) {
		q->tokens = irc->send_burst;
		q->refilled = now;
	} else
		q->tokens += (int64_t)n;
}

/* Sends the first line of l, if the socket takes it. */
static int
sendq_send_first(struct irc *irc, struct sendq_list *l, int *n)
{
	struct sendq_item	*it = TAILQ_FIRST(l);

	if (conn_write(irc, it->line) != 0)
		return -1;
	TAILQ_REMOVE(l, it, entry);
	(*n)--;
	free(it);
	irc->sendq->tokens--;
	return 0;
}

void
sendq_pump(struct irc *irc)
{
	struct irc_sendq	*q = irc->sendq;
	uint64_t		 now, wait;

	if (q == NULL || q->stopped || !conn_ready(irc))
		return;
	now = uv_now(irc->loop);
	sendq_refill(irc, now);
	while (conn_backlog(irc) < SENDQ_BACKLOG) {
		if (!TAILQ_EMPTY(&q->urgent)) {
			/* Urgent lines do not wait for tokens, but use them. */
			if (sendq_send_first(irc, &q->urgent, &q->nurgent) != 0)
				return;
			continue;
		}
		if (!irc->registered || TAILQ_EMPTY(&q->chat))
			return;
		if (q->tokens <= 0) {
			sendq_refill(irc, now);
			if (q->tokens <= 0)
				break;
		}
		if (sendq_send_first(irc, &q->chat, &q->nchat) != 0)
			return;
	}
	if (q->tokens > 0 || q->timer_on || irc->send_rate_ms == 0)
		return;		/* the socket's backlog calls us again */
	wait = irc->send_rate_ms - (now - q->refilled) % irc->send_rate_ms;
	if (q->tokens < 0)
		wait += (uint64_t)(-q->tokens) * irc->send_rate_ms;
	q->timer_on = 1;
	uv_timer_start(&q->timer, sendq_on_timer, wait, 0);
}

static void
sendq_on_timer(uv_timer_t *t)
{
	struct irc	*irc = t->data;

	irc->sendq->timer_on = 0;
	sendq_pump(irc);
}

int
sendq_privmsg(struct irc *irc, const char *target, const char *text,
    char **cause)
{
	struct irc_sendq	*q = irc->sendq;
	char			*plain, *p, *nl, nick[IRC_NICK_MAX + 8];
	char			 line[IRC_LINE_MAX];
	char			**parts = NULL;
	size_t			 room, len, n, next, nparts = 0, i;
	int			 rc = 0;

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
	if ((size_t)q->nchat + nparts > IRC_SENDQ_LINES)
		rc = set_cause(cause, "the IRC send queue is full (%d lines "
		    "waiting); %zu lines to %s dropped", q->nchat, nparts,
		    target);
	for (i = 0; i < nparts; i++) {
		if (rc == 0 && sendq_push(irc, parts[i], 0, cause) != 0)
			rc = -1;
		free(parts[i]);
	}
	free(parts);
	return rc;
}
