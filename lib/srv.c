/*
 * DNS SRV lookups with c-ares on libuv; see srv.h.  Each lookup has its
 * own c-ares channel (lookups are rare: one per connection round), whose
 * sockets c-ares reports through its socket-state callback; each gets a
 * uv_poll, and one uv_timer runs c-ares's timeouts.  The answer is
 * handed over from the loop once c-ares is done, never from inside it,
 * and the channel is torn down after the handles have closed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ares.h>
#include <arpa/nameser.h>

#include "lib/srv.h"
#include "lib/xmalloc.h"

#define SRV_SOCKS_MAX	8	/* sockets one channel may hold */
#define SRV_TIMEOUT_MS	2000	/* one try with one server */
#define SRV_TRIES	2

struct srv_sock {
	struct srv	*s;
	ares_socket_t	 fd;
	int		 used;
	int		 closing;
	uv_poll_t	 poll;
};

struct srv {
	uv_loop_t	*loop;
	ares_channel	 ch;
	srv_cb		 cb;
	void		*arg;
	uv_timer_t	 timer;
	struct srv_sock	 socks[SRV_SOCKS_MAX];
	int		 handles;	/* uv handles not yet closed */
	int		 done;		/* the answer is in */
	int		 cancelled;
	int		 finished;	/* the callback ran or never will */
	struct srv_list	 list;
	char		 error[160];
	int		 failed;
};

static void	srv_finish(struct srv *);

static int
srv_cmp(const void *a, const void *b)
{
	const struct srv_record	*x = a, *y = b;

	return x->priority - y->priority;
}

void
srv_order(struct srv_list *list, uint32_t (*rnd)(void))
{
	struct srv_record	tmp;
	int			i, j, end;
	unsigned long		total, pick, run;

	if (list->n > SRV_MAX)
		list->n = SRV_MAX;
	if (list->n == 1 && strcmp(list->rec[0].target, ".") == 0)
		list->n = 0;
	/* A stable sort by priority (insertion: at most SRV_MAX records). */
	for (i = 1; i < list->n; i++) {
		tmp = list->rec[i];
		for (j = i; j > 0 && srv_cmp(&list->rec[j - 1], &tmp) > 0; j--)
			list->rec[j] = list->rec[j - 1];
		list->rec[j] = tmp;
	}
	/* Within each priority, a weighted draw for each place in turn. */
	for (i = 0; i < list->n; i = end) {
		for (end = i; end < list->n &&
		    list->rec[end].priority == list->rec[i].priority; end++)
			;
		for (j = i; j < end - 1; j++) {
			int	k;

			/* Weight-0 records first, so they are rarely drawn. */
			for (k = j + 1; k < end; k++) {
				if (list->rec[k].weight == 0 &&
				    list->rec[j].weight != 0) {
					tmp = list->rec[j];
					list->rec[j] = list->rec[k];
					list->rec[k] = tmp;
				}
			}
			total = 0;
			for (k = j; k < end; k++)
				total += (unsigned long)list->rec[k].weight;
			pick = total == 0 ? 0 : rnd() % (total + 1);
			run = 0;
			for (k = j; k < end - 1; k++) {
				run += (unsigned long)list->rec[k].weight;
				if (run >= pick)
					break;
			}
			tmp = list->rec[j];
			list->rec[j] = list->rec[k];
			list->rec[k] = tmp;
		}
	}
}

static uint32_t
srv_random(void)
{
	return (uint32_t)random();
}

/* The query's answer (from inside c-ares): kept for srv_finish. */
static void
srv_on_answer(void *arg, int status, int timeouts, unsigned char *abuf,
    int alen)
{
	struct srv		*s = arg;
	struct ares_srv_reply	*reply = NULL, *r;
	int			 rc;

	(void)timeouts;
	s->done = 1;
	if (status == ARES_ENOTFOUND || status == ARES_ENODATA)
		return;		/* no records: an empty list */
	if (status != ARES_SUCCESS) {
		s->failed = 1;
		snprintf(s->error, sizeof s->error, "%s", ares_strerror(status));
		return;
	}
	if ((rc = ares_parse_srv_reply(abuf, alen, &reply)) != ARES_SUCCESS) {
		if (rc == ARES_ENODATA)
			return;
		s->failed = 1;
		snprintf(s->error, sizeof s->error, "a bad SRV answer (%s)",
		    ares_strerror(rc));
		return;
	}
	for (r = reply; r != NULL && s->list.n < SRV_MAX; r = r->next) {
		struct srv_record	*rec = &s->list.rec[s->list.n];
		size_t			 len = strlen(r->host);

		if (len == 0 || len >= sizeof rec->target)
			continue;
		memcpy(rec->target, r->host, len + 1);
		if (len > 1 && rec->target[len - 1] == '.')
			rec->target[len - 1] = '\0';
		rec->port = r->port;
		rec->priority = r->priority;
		rec->weight = r->weight;
		s->list.n++;
	}
	ares_free_data(reply);
	srv_order(&s->list, srv_random);
}

static void	srv_on_timer(uv_timer_t *);

/* Runs c-ares on what is ready, then hands the answer over if it is in. */
static void
srv_process(struct srv *s, ares_socket_t rfd, ares_socket_t wfd)
{
	struct timeval	tv, *tp;
	uint64_t	ms;

	if (s->finished)
		return;
	ares_process_fd(s->ch, rfd, wfd);
	if (s->done) {
		srv_finish(s);
		return;
	}
	if ((tp = ares_timeout(s->ch, NULL, &tv)) != NULL) {
		ms = (uint64_t)tp->tv_sec * 1000 +
		    ((uint64_t)tp->tv_usec + 999) / 1000;
		uv_timer_start(&s->timer, srv_on_timer, ms, 0);
	}
}

static void
srv_on_timer(uv_timer_t *t)
{
	srv_process(t->data, ARES_SOCKET_BAD, ARES_SOCKET_BAD);
}

static void
srv_on_poll(uv_poll_t *p, int status, int events)
{
	struct srv_sock	*ss = p->data;
	ares_socket_t	 fd = ss->fd;

	/* On a poll error, let c-ares read (and find) it. */
	if (status < 0)
		events = UV_READABLE | UV_WRITABLE;
	srv_process(ss->s, (events & UV_READABLE) ? fd : ARES_SOCKET_BAD,
	    (events & UV_WRITABLE) ? fd : ARES_SOCKET_BAD);
}

static void
srv_on_handle_closed(uv_handle_t *h)
{
	struct srv	*s;

	if (h->type == UV_POLL) {
		struct srv_sock	*ss = h->data;

		ss->used = ss->closing = 0;
		s = ss->s;
	} else
		s = h->data;
	if (--s->handles == 0 && s->finished) {
		ares_destroy(s->ch);
		free(s);
	}
}

/* c-ares opens, watches or closes a socket. */
static void
srv_on_sock_state(void *data, ares_socket_t fd, int readable, int writable)
{
	struct srv	*s = data;
	struct srv_sock	*ss = NULL, *free_slot = NULL;
	int		 i, events = 0;

	for (i = 0; i < SRV_SOCKS_MAX; i++) {
		if (s->socks[i].used && !s->socks[i].closing &&
		    s->socks[i].fd == fd)
			ss = &s->socks[i];
		else if (!s->socks[i].used && free_slot == NULL)
			free_slot = &s->socks[i];
	}
	if (!readable && !writable) {
		if (ss != NULL) {
			uv_poll_stop(&ss->poll);
			ss->closing = 1;
			uv_close((uv_handle_t *)&ss->poll, srv_on_handle_closed);
		}
		return;
	}
	if (ss == NULL) {
		if (free_slot == NULL || s->finished)
			return;		/* c-ares times the socket out */
		ss = free_slot;
		if (uv_poll_init_socket(s->loop, &ss->poll, fd) != 0)
			return;
		ss->s = s;
		ss->fd = fd;
		ss->used = 1;
		ss->poll.data = ss;
		s->handles++;
	}
	if (readable)
		events |= UV_READABLE;
	if (writable)
		events |= UV_WRITABLE;
	uv_poll_start(&ss->poll, events, srv_on_poll);
}

/* Hands the answer over (unless cancelled) and tears the lookup down. */
static void
srv_finish(struct srv *s)
{
	int	i;

	if (s->finished)
		return;
	s->finished = 1;
	uv_timer_stop(&s->timer);
	if (!s->cancelled)
		s->cb(s->failed ? NULL : &s->list, s->failed ? s->error : NULL,
		    s->arg);
	for (i = 0; i < SRV_SOCKS_MAX; i++) {
		if (s->socks[i].used && !s->socks[i].closing) {
			uv_poll_stop(&s->socks[i].poll);
			s->socks[i].closing = 1;
			uv_close((uv_handle_t *)&s->socks[i].poll,
			    srv_on_handle_closed);
		}
	}
	uv_close((uv_handle_t *)&s->timer, srv_on_handle_closed);
}

struct srv *
srv_lookup(uv_loop_t *loop, const char *name, const char *server, srv_cb cb,
    void *arg, char **cause)
{
	static int		 inited;
	struct ares_options	 o;
	struct srv		*s;
	int			 rc;

	if (!inited) {
		if ((rc = ares_library_init(ARES_LIB_INIT_ALL)) != ARES_SUCCESS) {
			set_cause(cause, "c-ares: %s", ares_strerror(rc));
			return NULL;
		}
		inited = 1;
	}
	s = xcalloc(1, sizeof *s);
	s->loop = loop;
	s->cb = cb;
	s->arg = arg;
	memset(&o, 0, sizeof o);
	o.sock_state_cb = srv_on_sock_state;
	o.sock_state_cb_data = s;
	o.timeout = SRV_TIMEOUT_MS;
	o.tries = SRV_TRIES;
	rc = ares_init_options(&s->ch, &o, ARES_OPT_SOCK_STATE_CB |
	    ARES_OPT_TIMEOUTMS | ARES_OPT_TRIES);
	if (rc != ARES_SUCCESS) {
		free(s);
		set_cause(cause, "c-ares: %s", ares_strerror(rc));
		return NULL;
	}
	if (server != NULL && *server != '\0' &&
	    (rc = ares_set_servers_ports_csv(s->ch, server)) != ARES_SUCCESS) {
		ares_destroy(s->ch);
		free(s);
		set_cause(cause, "a bad DNS server \"%.80s\" (%s)", server,
		    ares_strerror(rc));
		return NULL;
	}
	uv_timer_init(loop, &s->timer);
	s->timer.data = s;
	s->handles = 1;
	ares_query(s->ch, name, ns_c_in, ns_t_srv, srv_on_answer, s);
	/* Answered at once (a cached failure): hand it over from the loop. */
	uv_timer_start(&s->timer, srv_on_timer, s->done ? 0 : SRV_TIMEOUT_MS,
	    0);
	if (!s->done)
		srv_process(s, ARES_SOCKET_BAD, ARES_SOCKET_BAD);
	return s;
}

void
srv_cancel(struct srv *s)
{
	if (s == NULL)
		return;
	s->cancelled = 1;
	srv_finish(s);
}
