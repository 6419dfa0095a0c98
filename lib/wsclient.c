/*
 * Websocket client connections on libwebsockets over a foreign libuv loop;
 * see wsclient.h.
 *
 * Every connection carries its struct wsconn as the wsi's opaque user
 * data.  Its end (a connection error, or the close) detaches it from the
 * wsi before on_close, so a late callback for that wsi finds nothing and
 * is ignored.
 *
 * A URL's host name is looked up on the loop (lib/resolve), and the
 * connection tries each address in turn, as libcurl does: lws is given
 * the numeric address to connect to and the name for the Host header,
 * SNI and the certificate check.  An attempt that fails before the
 * address has answered (TCP, and TLS for wss://), or that has not
 * answered within connect_ms while more addresses wait, gives way to the
 * next address.  A failure after that is the server's answer and ends
 * the connection.  The next attempt always starts from the step timer,
 * never inside a libwebsockets callback.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include <libwebsockets.h>

#include "lib/backoff.h"
#include "lib/buf.h"
#include "lib/logline.h"
#include "lib/resolve.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

#define WS_RX_CHUNK		65536	/* what lws hands over at once */
#define WS_WHERE_MAX		300
#define WS_CONNECT_MS		3000	/* one address's time to answer */
#define WS_PROTOCOL		"cheersbot-wsclient"
/*
 * lws_write()'s opcode for a close frame: libwebsockets keeps it private
 * ("handled by lws_close_reason()"), but that path drops the socket
 * without a close frame when a client callback returns -1 in this
 * version, so the frame is written by hand.
 */
#define WS_WRITE_CLOSE		((enum lws_write_protocol)4)

enum wsconn_state {
	WSCONN_CONNECTING,
	WSCONN_OPEN,
};

struct wsconn {
	LIST_ENTRY(wsconn)	 entry;
	struct wsclient		*wc;
	struct lws		*wsi;
	void			*data;
	enum wsconn_state	 state;
	char			 where[WS_WHERE_MAX];

	char			*host;		/* the URL's, for Host and SNI */
	char			*path;
	int			 port;
	int			 tls;
	struct resolve		*resolving;	/* the host name's lookup */
	struct resolve_list	 addrs;		/* what to try, in turn */
	int			 next;		/* the next of addrs to try */
	char			 trying[WS_WHERE_MAX]; /* this attempt's address */
	int			 reached;	/* this address answered */
	uint64_t		 due;		/* loop ms to move on; 0: none */

	int			 in_connect;	/* inside lws_client_connect */
	char			*failed;	/* why the last attempt failed */
	int			 closing;	/* close at the next write */
	int			 close_code;
	int			 peer_code;	/* the peer's close code */
	int			 ping;		/* a ping is due */
	uint64_t		 last_rx;	/* loop ms of the last sign of life */

	struct buf		 rx;
	int			 rx_overflow;
	char			**out;		/* a ring of queue_max frames */
	size_t			*outlen;
	int			 head;
	int			 nout;
};

LIST_HEAD(wsconn_list, wsconn);

struct wsclient {
	struct lws_context	*ctx;
	void			*loops[1];
	uv_loop_t		*loop;
	const struct wsclient_ops *ops;
	void			*arg;
	struct wsconn_list	 conns;
	uv_timer_t		 tick;		/* pings and the idle check */
	struct backoff		 retry;		/* the owner's next connection */
	uv_timer_t		 step;		/* the next address of a connection */
	int			 ticking;
	int			 stopped;
	int			 freeing;	/* no op is called any more */

	struct wsclient_opts	 opts;		/* its strings are ours */
	size_t			 msg_max;
	int			 queue_max;
	uint64_t		 ping_ms;
	uint64_t		 idle_ms;
	uint64_t		 connect_ms;
};

static void wsclient_log_line(const char *, ...)
    __attribute__((format(printf, 1, 2)));
static void wsclient_on_step(uv_timer_t *);
static void wsclient_on_retry(void *);

static void
wsclient_log_line(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	logline_vwrite(LOGLINE_WARNING, "warn", fmt, ap);
	va_end(ap);
}

/* libwebsockets' own error lines (the only level asked for). */
static void
wsclient_log(int level, const char *line)
{
	size_t	n = strlen(line);

	(void)level;
	while (n > 0 && line[n - 1] == '\n')
		n--;
	wsclient_log_line("websocket: %.*s", (int)n, line);
}

static void
wsconn_clear_out(struct wsconn *c)
{
	while (c->nout > 0) {
		free(c->out[c->head]);
		c->head = (c->head + 1) % c->wc->queue_max;
		c->nout--;
	}
	c->head = 0;
}

static void
wsconn_free(struct wsconn *c)
{
	LIST_REMOVE(c, entry);
	if (c->resolving != NULL)
		resolve_cancel(c->resolving);
	wsconn_clear_out(c);
	buf_release(&c->rx);
	free(c->out);
	free(c->outlen);
	free(c->failed);
	free(c->host);
	free(c->path);
	free(c);
}

/* c lets go of its wsi, which dies alone (its callbacks find no wsconn). */
static void
wsconn_detach(struct wsconn *c)
{
	if (c->wsi != NULL)
		lws_set_opaque_user_data(c->wsi, NULL);
	c->wsi = NULL;
}

/* c is over: detached from its wsi, told to the owner, freed. */
static void
wsconn_end(struct wsconn *c, const char *why)
{
	struct wsclient	*wc = c->wc;

	wsconn_detach(c);
	wc->ops->on_close(c, c->peer_code, why, wc->arg);
	wsconn_free(c);
}

/*
 * As wsconn_end, but c goes from its client's list to over instead of
 * being freed: a walk of the list that meets the owner's ops frees the
 * connections it ended once it is over (wsconn_free_all).
 */
static void
wsconn_end_into(struct wsconn *c, const char *why, struct wsconn_list *over)
{
	struct wsclient	*wc = c->wc;

	wsconn_detach(c);
	wc->ops->on_close(c, c->peer_code, why, wc->arg);
	LIST_REMOVE(c, entry);
	c->due = 0;
	LIST_INSERT_HEAD(over, c, entry);
}

/* Frees every connection of list, walking it. */
static void
wsconn_free_all(struct wsconn_list *list)
{
	struct wsconn	*c, *next;

	for (c = LIST_FIRST(list); c != NULL; c = next) {
		next = LIST_NEXT(c, entry);
		wsconn_free(c);
	}
}

/* Starts or stops the step timer for the soonest due connection. */
static void
wsclient_arm(struct wsclient *wc)
{
	struct wsconn	*c;
	uint64_t	 now, due = 0;

	if (wc->stopped)
		return;
	LIST_FOREACH(c, &wc->conns, entry) {
		if (c->due != 0 && (due == 0 || c->due < due))
			due = c->due;
	}
	if (due == 0) {
		uv_timer_stop(&wc->step);
		return;
	}
	now = uv_now(wc->loop);
	uv_timer_start(&wc->step, wsclient_on_step, due > now ? due - now : 0,
	    0);
}

/* Tells the owner that the attempt at c->trying failed for why. */
static void
wsconn_notice_next(struct wsconn *c, const char *why)
{
	struct wsclient	*wc = c->wc;
	char		 what[WS_WHERE_MAX * 3 + 300], next[WS_WHERE_MAX];

	if (wc->ops->on_notice == NULL || c->next >= c->addrs.n)
		return;
	resolve_where(c->addrs.addr[c->next], c->port, next, sizeof next);
	snprintf(what, sizeof what, "%s: %s: %.250s; trying %s", c->where,
	    c->trying, why, next);
	wc->ops->on_notice(c, what, wc->arg);
}

/*
 * One attempt at addr (borrowed): 0 when lws took it, -1 with c->failed
 * when it failed at once.
 */
static int
wsconn_attempt(struct wsconn *c, const char *addr)
{
	struct wsclient			*wc = c->wc;
	struct lws_client_connect_info	 ci;
	struct lws			*wsi;

	free(c->failed);
	c->failed = NULL;
	c->reached = 0;
	resolve_where(addr, c->port, c->trying, sizeof c->trying);

	memset(&ci, 0, sizeof ci);
	ci.context = wc->ctx;
	ci.address = addr;
	ci.port = c->port;
	ci.path = c->path;
	ci.host = c->host;
	ci.origin = wc->opts.origin;
	ci.ssl_connection = c->tls ? LCCSCF_USE_SSL : 0;
	ci.protocol = wc->opts.subprotocol;
	ci.local_protocol_name = WS_PROTOCOL;
	ci.opaque_user_data = c;
	c->in_connect = 1;
	wsi = lws_client_connect_via_info(&ci);
	c->in_connect = 0;
	if (wsi == NULL || c->failed != NULL) {
		wsconn_detach(c);
		if (c->failed == NULL)
			c->failed = xstrdup("connection failed (cannot connect)");
		return -1;
	}
	c->wsi = wsi;
	return 0;
}

/*
 * Why a connection that never got an answer failed, from why (borrowed)
 * for its last attempt; the caller frees.
 */
static char *
wsconn_final_why(const struct wsconn *c, const char *why)
{
	if (c->addrs.n > 1)
		return xasprintf("%s (each of %d addresses tried)", why,
		    c->addrs.n);
	return xstrdup(why);
}

/*
 * Tries c's addresses from the next on, until one is under way: 0, with
 * the time to give up on it when more wait; -1 when none is left, with
 * why in c->failed.
 */
static int
wsconn_try(struct wsconn *c)
{
	struct wsclient	*wc = c->wc;
	char		*last;

	while (c->next < c->addrs.n) {
		if (wsconn_attempt(c, c->addrs.addr[c->next++]) == 0) {
			if (c->next < c->addrs.n) {
				c->due = uv_now(wc->loop) + wc->connect_ms;
				wsclient_arm(wc);
			}
			return 0;
		}
		wsconn_notice_next(c, c->failed);
	}
	last = c->failed;
	c->failed = wsconn_final_why(c, last != NULL ? last :
	    "connection failed");
	free(last);
	return -1;
}

/* 1 when the failure of c's attempt should give way to its next address. */
static int
wsconn_may_move_on(const struct wsconn *c)
{
	return c->state == WSCONN_CONNECTING && !c->reached && !c->closing &&
	    c->next < c->addrs.n && !c->wc->stopped;
}

/*
 * c's wsi failed or closed, for why: the next address is tried (from the
 * step timer) when it may, or c ends.  Inside lws_client_connect_via_info
 * the failure is kept for wsconn_attempt instead.
 */
static void
wsconn_lost(struct wsconn *c, const char *why)
{
	char	*final;

	wsconn_detach(c);
	if (c->in_connect) {
		free(c->failed);
		c->failed = xstrdup(why);
		return;
	}
	if (wsconn_may_move_on(c)) {
		wsconn_notice_next(c, why);
		c->due = uv_now(c->wc->loop);
		wsclient_arm(c->wc);
		return;
	}
	if (c->state == WSCONN_CONNECTING && !c->closing && !c->reached) {
		final = wsconn_final_why(c, why);
		wsconn_end(c, final);
		free(final);
		return;
	}
	wsconn_end(c, why);
}

/*
 * The step timer: each connection whose time has come moves on to its
 * next address (after giving up on the one that did not answer), or
 * ends.  The list is scanned again after each, since an owner's op may
 * change it; the connections that ended are freed after the last scan.
 */
static void
wsclient_on_step(uv_timer_t *t)
{
	struct wsclient		*wc = t->data;
	struct wsconn		*c;
	struct wsconn_list	 over = LIST_HEAD_INITIALIZER(over);
	char			 why[64];

	for (;;) {
		LIST_FOREACH(c, &wc->conns, entry) {
			if (c->due != 0 && c->due <= uv_now(wc->loop))
				break;
		}
		if (c == NULL || wc->stopped)
			break;
		c->due = 0;
		if (c->closing) {
			if (c->wsi == NULL)
				wsconn_end_into(c, "closed by us", &over);
			continue;
		}
		if (c->wsi != NULL) {
			/* No answer in time: this wsi dies, the next is tried. */
			lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK,
			    LWS_TO_KILL_ASYNC);
			wsconn_detach(c);
			snprintf(why, sizeof why, "no answer in %llu ms",
			    (unsigned long long)wc->connect_ms);
			wsconn_notice_next(c, why);
		}
		if (wsconn_try(c) != 0)
			wsconn_end_into(c, c->failed, &over);
	}
	wsconn_free_all(&over);
	wsclient_arm(wc);
}

/* A whole message (or a piece) came: put it together, hand it over. */
static void
wsconn_receive(struct wsconn *c, struct lws *wsi, const void *in, size_t len)
{
	struct wsclient	*wc = c->wc;
	char		 what[96];

	c->last_rx = uv_now(wc->loop);
	if (!c->rx_overflow && buf_add(&c->rx, in, len) != 0)
		c->rx_overflow = 1;
	if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) != 0)
		return;
	if (c->rx_overflow) {
		if (wc->ops->on_notice != NULL) {
			snprintf(what, sizeof what, "dropped a message over %zu "
			    "bytes", wc->msg_max);
			wc->ops->on_notice(c, what, wc->arg);
		}
	} else if (wc->ops->on_message != NULL)
		wc->ops->on_message(c, buf_str(&c->rx), c->rx.len, wc->arg);
	buf_reset(&c->rx);
	c->rx_overflow = 0;
}

/* The socket may take a frame: a close, a ping, or the queue's head. */
static int
wsconn_writable(struct wsconn *c, struct lws *wsi)
{
	struct wsclient	*wc = c->wc;
	unsigned char	 frame[LWS_PRE + 125];
	int		 n;

	if (c->closing && c->nout == 0) {
		frame[LWS_PRE] = (unsigned char)(c->close_code >> 8);
		frame[LWS_PRE + 1] = (unsigned char)c->close_code;
		lws_write(wsi, frame + LWS_PRE, 2, WS_WRITE_CLOSE);
		return -1;
	}
	if (c->ping && !c->closing) {
		c->ping = 0;
		if (lws_write(wsi, frame + LWS_PRE, 0, LWS_WRITE_PING) < 0)
			return -1;
		if (c->nout > 0)
			lws_callback_on_writable(wsi);
		return 0;
	}
	if (c->nout == 0)
		return 0;
	n = lws_write(wsi, (unsigned char *)c->out[c->head] + LWS_PRE,
	    c->outlen[c->head], LWS_WRITE_TEXT);
	free(c->out[c->head]);
	c->head = (c->head + 1) % wc->queue_max;
	c->nout--;
	if (n < 0)
		return -1;
	if (c->nout > 0 || c->closing)
		lws_callback_on_writable(wsi);
	if (wc->ops->on_sent != NULL)
		wc->ops->on_sent(c, wc->arg);
	return 0;
}

static int
wsclient_callback(struct lws *wsi, enum lws_callback_reasons reason,
    void *user, void *in, size_t len)
{
	struct wsconn	*c = lws_get_opaque_user_data(wsi);
	struct wsclient	*wc;
	char		 why[256], **p, *end;

	(void)user;
	if (c == NULL || c->wc->freeing) {
		/* A wsi we have let go of: let it die. */
		switch (reason) {
		case LWS_CALLBACK_CLIENT_ESTABLISHED:
		case LWS_CALLBACK_CLIENT_RECEIVE:
		case LWS_CALLBACK_CLIENT_WRITEABLE:
			return -1;
		default:
			return 0;
		}
	}
	wc = c->wc;
	if (c->in_connect && c->wsi == NULL)
		c->wsi = wsi;	/* called inside lws_client_connect_via_info */
	switch (reason) {
	case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
		/* TCP (and TLS) are up: this address answered. */
		c->reached = 1;
		c->due = 0;
		if (wc->opts.user_agent == NULL)
			break;
		p = (char **)in;
		end = *p + len;
		if (lws_add_http_header_by_name(wsi,
		    (const unsigned char *)"user-agent:",
		    (const unsigned char *)wc->opts.user_agent,
		    (int)strlen(wc->opts.user_agent), (unsigned char **)p,
		    (unsigned char *)end) != 0)
			return -1;
		break;
	case LWS_CALLBACK_CLIENT_ESTABLISHED:
		c->state = WSCONN_OPEN;
		c->last_rx = uv_now(wc->loop);
		if (c->closing) {
			lws_callback_on_writable(wsi);
			break;
		}
		if (wc->ops->on_open != NULL)
			wc->ops->on_open(c, wc->arg);
		break;
	case LWS_CALLBACK_CLIENT_RECEIVE:
		wsconn_receive(c, wsi, in, len);
		break;
	case LWS_CALLBACK_CLIENT_RECEIVE_PONG:
		c->last_rx = uv_now(wc->loop);
		break;
	case LWS_CALLBACK_CLIENT_WRITEABLE:
		return wsconn_writable(c, wsi);
	case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
		if (len >= 2)
			c->peer_code = ((unsigned char *)in)[0] << 8 |
			    ((unsigned char *)in)[1];
		break;
	case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
		snprintf(why, sizeof why, "connection failed (%.200s)",
		    in == NULL ? "no reason given" : (const char *)in);
		wsconn_lost(c, why);
		break;
	case LWS_CALLBACK_CLIENT_CLOSED:
		wsconn_lost(c, c->closing ? "closed by us" : "closed");
		break;
	case LWS_CALLBACK_WSI_DESTROY:
		/* The wsi went without either of those: end it all the same. */
		wsconn_lost(c, c->closing ? "closed by us" : "closed");
		break;
	default:
		break;
	}
	return 0;
}

static const struct lws_protocols wsclient_protocols[] = {
	{ WS_PROTOCOL, wsclient_callback, 0, WS_RX_CHUNK, 0, NULL, 0 },
	{ NULL, NULL, 0, 0, 0, NULL, 0 }
};

/* Every tick: ping each open connection; close the silent ones. */
static void
wsclient_on_tick(uv_timer_t *t)
{
	struct wsclient	*wc = t->data;
	struct wsconn	*c, *next;
	uint64_t	 now = uv_now(wc->loop), silent;

	for (c = LIST_FIRST(&wc->conns); c != NULL; c = next) {
		next = LIST_NEXT(c, entry);
		if (c->wsi == NULL || c->closing)
			continue;
		silent = now - c->last_rx;
		if (wc->idle_ms > 0 && silent > wc->idle_ms) {
			wsconn_close(c, WSCONN_CLOSE_NORMAL);
			if (wc->ops->on_idle != NULL)
				wc->ops->on_idle(c, silent, wc->arg);
			continue;
		}
		if (wc->ping_ms > 0 && c->state == WSCONN_OPEN) {
			c->ping = 1;
			lws_callback_on_writable(c->wsi);
		}
	}
}

/* An owned copy of s; NULL for NULL or "". */
static char *
wsclient_copy(const char *s)
{
	return s == NULL || *s == '\0' ? NULL : xstrdup(s);
}

void
wsclient_opts_own(struct wsclient_opts *o)
{
	o->subprotocol = wsclient_copy(o->subprotocol);
	o->origin = wsclient_copy(o->origin);
	o->user_agent = wsclient_copy(o->user_agent);
	o->ca_file = wsclient_copy(o->ca_file);
	o->test_first_address = wsclient_copy(o->test_first_address);
}

void
wsclient_opts_release(struct wsclient_opts *o)
{
	free((char *)o->subprotocol);
	free((char *)o->origin);
	free((char *)o->user_agent);
	free((char *)o->ca_file);
	free((char *)o->test_first_address);
	memset(o, 0, sizeof *o);
}

struct wsclient *
wsclient_new(uv_loop_t *loop, const struct wsclient_opts *opts,
    const struct wsclient_ops *ops, void *arg, char **cause)
{
	struct lws_context_creation_info	 info;
	struct wsclient				*wc;
	uint64_t				 every;

	wc = xcalloc(1, sizeof *wc);
	wc->loop = loop;
	wc->ops = ops;
	wc->arg = arg;
	LIST_INIT(&wc->conns);
	wc->opts = *opts;
	wsclient_opts_own(&wc->opts);
	wc->msg_max = opts->msg_max;
	wc->queue_max = opts->queue_max > 0 ? opts->queue_max : 1;
	wc->ping_ms = opts->ping_ms;
	wc->idle_ms = opts->idle_ms;
	wc->connect_ms = opts->connect_ms > 0 ? opts->connect_ms :
	    WS_CONNECT_MS;

	lws_set_log_level(LLL_ERR, wsclient_log);
	memset(&info, 0, sizeof info);
	wc->loops[0] = loop;
	info.port = CONTEXT_PORT_NO_LISTEN;
	info.protocols = wsclient_protocols;
	/* Without JUST_USE_RAW_ORIGIN lws puts "http://" before the origin. */
	info.options = LWS_SERVER_OPTION_LIBUV |
	    LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT |
	    LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN;
	info.foreign_loops = wc->loops;
	info.user = wc;
	info.client_ssl_ca_filepath = wc->opts.ca_file;
	if ((wc->ctx = lws_create_context(&info)) == NULL) {
		wsclient_free(wc);
		set_cause(cause, "cannot create a websocket context");
		return NULL;
	}
	uv_timer_init(loop, &wc->tick);
	wc->tick.data = wc;
	backoff_init(&wc->retry, loop, opts->retry_first_ms, opts->retry_max_ms,
	    wsclient_on_retry, wc);
	uv_timer_init(loop, &wc->step);
	wc->step.data = wc;
	wc->ticking = 1;
	every = wc->ping_ms > 0 ? wc->ping_ms : wc->idle_ms;
	if (every > 0)
		uv_timer_start(&wc->tick, wsclient_on_tick, every, every);
	return wc;
}

void
wsclient_stop(struct wsclient *wc)
{
	struct wsconn		*c, *next, *last = NULL;
	struct wsconn_list	 ending = LIST_HEAD_INITIALIZER(ending);

	if (wc == NULL || wc->stopped)
		return;
	wc->stopped = 1;
	if (wc->ticking) {
		uv_close((uv_handle_t *)&wc->tick, NULL);
		backoff_close(&wc->retry);
		uv_close((uv_handle_t *)&wc->step, NULL);
	}
	/*
	 * Connections between two addresses (or still looking the name up)
	 * have no wsi for lws to close: they end here, in the list's order.
	 * They are taken off the list first, so the owner's on_close runs
	 * outside its walk (a stopped client takes no new connection).
	 */
	for (c = LIST_FIRST(&wc->conns); c != NULL; c = next) {
		next = LIST_NEXT(c, entry);
		if (c->wsi != NULL)
			continue;
		LIST_REMOVE(c, entry);
		if (last == NULL)
			LIST_INSERT_HEAD(&ending, c, entry);
		else
			LIST_INSERT_AFTER(last, c, entry);
		last = c;
	}
	for (c = LIST_FIRST(&ending); c != NULL; c = next) {
		next = LIST_NEXT(c, entry);
		wsconn_end(c, "closed by us");
	}
	/*
	 * On a foreign loop this only starts the destruction: lws closes its
	 * handles, and wsclient_free finishes it once the loop has run.
	 */
	if (wc->ctx != NULL)
		lws_context_destroy(wc->ctx);
}

void
wsclient_free(struct wsclient *wc)
{
	if (wc == NULL)
		return;
	wc->freeing = 1;
	if (wc->ctx != NULL)
		lws_context_destroy(wc->ctx);
	wsconn_free_all(&wc->conns);
	wsclient_opts_release(&wc->opts);
	free(wc);
}

static void
wsclient_on_retry(void *arg)
{
	struct wsclient	*wc = arg;

	if (!wc->stopped && wc->ops->on_retry != NULL)
		wc->ops->on_retry(wc->arg);
}

struct backoff *
wsclient_retry(struct wsclient *wc)
{
	return &wc->retry;
}

/*
 * Splits url (borrowed) into copy: scheme, host, port and the path (with
 * its "/").  0, or -1 when it is not ws:// or wss://.
 */
static int
wsclient_parse(const char *url, char *copy, size_t copylen, char *path,
    size_t pathlen, const char **prot, const char **host, int *port)
{
	const char	*rest;

	if (strlen(url) >= copylen)
		return -1;
	snprintf(copy, copylen, "%s", url);
	if (lws_parse_uri(copy, prot, host, port, &rest) != 0 ||
	    (strcmp(*prot, "ws") != 0 && strcmp(*prot, "wss") != 0) ||
	    **host == '\0')
		return -1;
	/* lws gives "/" for an empty path, and the path without its "/" else. */
	snprintf(path, pathlen, "%s%s", *rest == '/' ? "" : "/", rest);
	return 0;
}

int
wsclient_origin(const char *url, char *buf, size_t len)
{
	char		 copy[WSCLIENT_URL_MAX], path[WSCLIENT_URL_MAX + 2];
	const char	*prot, *host;
	int		 port, n;

	if (wsclient_parse(url, copy, sizeof copy, path, sizeof path, &prot,
	    &host, &port) != 0)
		return -1;
	n = snprintf(buf, len, "%s://%s:%d", strcmp(prot, "wss") == 0 ?
	    "https" : "http", host, port);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/*
 * The lookup of c's host name is over: c tries each address, the test's
 * first address before them, or ends.
 */
static void
wsconn_resolved(const struct resolve_list *list, const char *error,
    void *arg)
{
	struct wsconn	*c = arg;
	struct wsclient	*wc = c->wc;
	char		 why[400];
	int		 i;

	c->resolving = NULL;
	if (list == NULL) {
		snprintf(why, sizeof why, "connection failed (%s)", error);
		wsconn_end(c, why);
		return;
	}
	c->addrs.n = 0;
	if (wc->opts.test_first_address != NULL)
		resolve_list_add(&c->addrs, wc->opts.test_first_address);
	for (i = 0; i < list->n; i++)
		resolve_list_add(&c->addrs, list->addr[i]);
	if (wsconn_try(c) != 0)
		wsconn_end(c, c->failed);
}

struct wsconn *
wsclient_connect(struct wsclient *wc, const char *url, char **cause)
{
	struct wsconn	*c;
	char		 copy[WSCLIENT_URL_MAX], path[WSCLIENT_URL_MAX + 2];
	char		 hostport[WS_WHERE_MAX], *why = NULL;
	const char	*prot, *host;
	int		 port;

	if (wc->stopped) {
		set_cause(cause, "the websocket client is stopping");
		return NULL;
	}
	if (wsclient_parse(url, copy, sizeof copy, path, sizeof path, &prot,
	    &host, &port) != 0) {
		set_cause(cause, "the URL is not ws:// or wss:// (or is over "
		    "%zu bytes)", sizeof copy - 1);
		return NULL;
	}

	c = xcalloc(1, sizeof *c);
	c->wc = wc;
	c->state = WSCONN_CONNECTING;
	c->last_rx = uv_now(wc->loop);
	c->host = xstrdup(host);
	c->path = xstrdup(path);
	c->port = port;
	c->tls = strcmp(prot, "wss") == 0;
	resolve_where(host, port, hostport, sizeof hostport);
	snprintf(c->where, sizeof c->where, "%s://%.280s", prot, hostport);
	buf_init(&c->rx, wc->msg_max);
	c->out = xreallocarray(NULL, (size_t)wc->queue_max, sizeof *c->out);
	c->outlen = xreallocarray(NULL, (size_t)wc->queue_max,
	    sizeof *c->outlen);
	LIST_INSERT_HEAD(&wc->conns, c, entry);

	/* A numeric host is tried at once; a name is looked up first. */
	if (resolve_numeric(host, &c->addrs)) {
		if (wsconn_try(c) != 0) {
			set_cause(cause, "%s: %s", c->where, c->failed);
			wsconn_free(c);
			return NULL;
		}
		return c;
	}
	c->resolving = resolve_start(wc->loop, host, wsconn_resolved, c, &why);
	if (c->resolving == NULL) {
		set_cause(cause, "%s: %s", c->where, why);
		free(why);
		wsconn_free(c);
		return NULL;
	}
	return c;
}

int
wsconn_send(struct wsconn *c, const char *text, int flags, char **cause)
{
	struct wsclient	*wc = c->wc;
	size_t		 len = strlen(text);
	char		*frame;
	int		 at;

	/* A closing connection still sends what comes before its close. */
	if (c->state != WSCONN_OPEN || c->wsi == NULL || wc->stopped)
		return set_cause(cause, "the websocket is not open");
	if (c->nout == wc->queue_max)
		return set_cause(cause, "%d frames wait already",
		    wc->queue_max);
	frame = xmalloc(LWS_PRE + len + 1);
	memcpy(frame + LWS_PRE, text, len + 1);
	if (flags & WSCONN_URGENT) {
		c->head = (c->head + wc->queue_max - 1) % wc->queue_max;
		at = c->head;
	} else
		at = (c->head + c->nout) % wc->queue_max;
	c->out[at] = frame;
	c->outlen[at] = len;
	c->nout++;
	lws_callback_on_writable(c->wsi);
	return 0;
}

void
wsconn_close(struct wsconn *c, int code)
{
	if (c->closing)
		return;
	c->closing = 1;
	c->close_code = code;
	if (c->wsi == NULL) {
		/* Looking its name up, or between two addresses. */
		if (c->resolving != NULL)
			resolve_cancel(c->resolving);
		c->resolving = NULL;
		c->due = uv_now(c->wc->loop);
		wsclient_arm(c->wc);
		return;
	}
	c->due = 0;
	if (c->state == WSCONN_OPEN)
		lws_callback_on_writable(c->wsi);
	else
		lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK,
		    LWS_TO_KILL_ASYNC);
}

int
wsconn_is_open(const struct wsconn *c)
{
	return c->state == WSCONN_OPEN && !c->closing && c->wsi != NULL &&
	    !c->wc->stopped;
}

int
wsconn_backlog(const struct wsconn *c)
{
	return c->nout;
}

const char *
wsconn_where(const struct wsconn *c)
{
	return c->where;
}

void
wsconn_set_data(struct wsconn *c, void *data)
{
	c->data = data;
}

void *
wsconn_data(const struct wsconn *c)
{
	return c->data;
}
