/*
 * Websocket client connections on libwebsockets over a foreign libuv loop;
 * see wsclient.h.
 *
 * Every connection carries its struct wsconn as the wsi's opaque user
 * data.  Its end (a connection error, or the close) detaches it from the
 * wsi before on_close, so a late callback for that wsi finds nothing and
 * is ignored.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include <libwebsockets.h>

#include "lib/buf.h"
#include "lib/logline.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

#define WS_RX_CHUNK		65536	/* what lws hands over at once */
#define WS_WHERE_MAX		300
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

	int			 in_connect;	/* inside lws_client_connect */
	char			*failed;	/* why it failed inside it */
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

struct wsclient {
	struct lws_context	*ctx;
	void			*loops[1];
	uv_loop_t		*loop;
	const struct wsclient_ops *ops;
	void			*arg;
	LIST_HEAD(, wsconn)	 conns;
	uv_timer_t		 tick;		/* pings and the idle check */
	uv_timer_t		 retry;		/* the owner's next connection */
	int			 failures;	/* in a row, for the backoff */
	int			 ticking;
	int			 stopped;
	int			 freeing;	/* no op is called any more */

	char			*subprotocol;
	char			*origin;
	char			*user_agent;
	char			*ca_file;
	size_t			 msg_max;
	int			 queue_max;
	uint64_t		 ping_ms;
	uint64_t		 idle_ms;
	uint64_t		 retry_first_ms;
	uint64_t		 retry_max_ms;
};

static void wsclient_log_line(const char *, ...)
    __attribute__((format(printf, 1, 2)));

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
	wsconn_clear_out(c);
	buf_release(&c->rx);
	free(c->out);
	free(c->outlen);
	free(c->failed);
	free(c);
}

/*
 * c is over: detached from its wsi, told to the owner, freed.  Inside
 * lws_client_connect_via_info the failure is kept for wsclient_connect
 * to report instead.
 */
static void
wsconn_end(struct wsconn *c, const char *why)
{
	struct wsclient	*wc = c->wc;
	int		 code = c->peer_code;

	if (c->wsi != NULL)
		lws_set_opaque_user_data(c->wsi, NULL);
	c->wsi = NULL;
	if (c->in_connect) {
		free(c->failed);
		c->failed = xstrdup(why);
		return;
	}
	wc->ops->on_close(c, code, why, wc->arg);
	wsconn_free(c);
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
	if (c->wsi == NULL)
		c->wsi = wsi;	/* called inside lws_client_connect_via_info */
	switch (reason) {
	case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
		if (wc->user_agent == NULL)
			break;
		p = (char **)in;
		end = *p + len;
		if (lws_add_http_header_by_name(wsi,
		    (const unsigned char *)"user-agent:",
		    (const unsigned char *)wc->user_agent,
		    (int)strlen(wc->user_agent), (unsigned char **)p,
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
		wsconn_end(c, why);
		break;
	case LWS_CALLBACK_CLIENT_CLOSED:
		wsconn_end(c, c->closing ? "closed by us" : "closed");
		break;
	case LWS_CALLBACK_WSI_DESTROY:
		/* The wsi went without either of those: end it all the same. */
		wsconn_end(c, c->closing ? "closed by us" : "closed");
		break;
	default:
		break;
	}
	return 0;
}

static const struct lws_protocols wsclient_protocols[] = {
	{ "cheersbot-wsclient", wsclient_callback, 0, WS_RX_CHUNK, 0, NULL, 0 },
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

static char *
wsclient_copy(const char *s)
{
	return s == NULL || *s == '\0' ? NULL : xstrdup(s);
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
	wc->subprotocol = wsclient_copy(opts->subprotocol);
	wc->origin = wsclient_copy(opts->origin);
	wc->user_agent = wsclient_copy(opts->user_agent);
	wc->ca_file = wsclient_copy(opts->ca_file);
	wc->msg_max = opts->msg_max;
	wc->queue_max = opts->queue_max > 0 ? opts->queue_max : 1;
	wc->ping_ms = opts->ping_ms;
	wc->idle_ms = opts->idle_ms;
	wc->retry_first_ms = opts->retry_first_ms > 0 ? opts->retry_first_ms :
	    1000;
	wc->retry_max_ms = opts->retry_max_ms > 0 ? opts->retry_max_ms : 60000;

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
	info.client_ssl_ca_filepath = wc->ca_file;
	if ((wc->ctx = lws_create_context(&info)) == NULL) {
		wsclient_free(wc);
		set_cause(cause, "cannot create a websocket context");
		return NULL;
	}
	uv_timer_init(loop, &wc->tick);
	wc->tick.data = wc;
	uv_timer_init(loop, &wc->retry);
	wc->retry.data = wc;
	wc->ticking = 1;
	every = wc->ping_ms > 0 ? wc->ping_ms : wc->idle_ms;
	if (every > 0)
		uv_timer_start(&wc->tick, wsclient_on_tick, every, every);
	return wc;
}

void
wsclient_stop(struct wsclient *wc)
{
	if (wc == NULL || wc->stopped)
		return;
	wc->stopped = 1;
	if (wc->ticking) {
		uv_close((uv_handle_t *)&wc->tick, NULL);
		uv_close((uv_handle_t *)&wc->retry, NULL);
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
	struct wsconn	*c;

	if (wc == NULL)
		return;
	wc->freeing = 1;
	if (wc->ctx != NULL)
		lws_context_destroy(wc->ctx);
	while ((c = LIST_FIRST(&wc->conns)) != NULL)
		wsconn_free(c);
	free(wc->subprotocol);
	free(wc->origin);
	free(wc->user_agent);
	free(wc->ca_file);
	free(wc);
}

static void
wsclient_on_retry(uv_timer_t *t)
{
	struct wsclient	*wc = t->data;

	if (!wc->stopped && wc->ops->on_retry != NULL)
		wc->ops->on_retry(wc->arg);
}

void
wsclient_retry_after(struct wsclient *wc, uint64_t ms)
{
	if (!wc->stopped)
		uv_timer_start(&wc->retry, wsclient_on_retry, ms, 0);
}

uint64_t
wsclient_retry_backoff(struct wsclient *wc)
{
	uint64_t	cap = wc->retry_first_ms, ms;
	int		i;

	wc->failures++;
	for (i = 1; i < wc->failures && cap < wc->retry_max_ms; i++)
		cap *= 2;
	if (cap > wc->retry_max_ms)
		cap = wc->retry_max_ms;
	ms = cap / 2 + (uint64_t)random() % (cap / 2 + 1);
	wsclient_retry_after(wc, ms);
	return ms;
}

void
wsclient_retry_reset(struct wsclient *wc)
{
	wc->failures = 0;
}

void
wsclient_retry_cancel(struct wsclient *wc)
{
	if (!wc->stopped)
		uv_timer_stop(&wc->retry);
}

int
wsclient_retry_pending(const struct wsclient *wc)
{
	return !wc->stopped && uv_is_active((const uv_handle_t *)&wc->retry);
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

struct wsconn *
wsclient_connect(struct wsclient *wc, const char *url, char **cause)
{
	struct lws_client_connect_info	 ci;
	struct wsconn			*c;
	struct lws			*wsi;
	char				 copy[WSCLIENT_URL_MAX];
	char				 path[WSCLIENT_URL_MAX + 2];
	const char			*prot, *host;
	int				 port, tls;

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
	tls = strcmp(prot, "wss") == 0;

	c = xcalloc(1, sizeof *c);
	c->wc = wc;
	c->state = WSCONN_CONNECTING;
	c->last_rx = uv_now(wc->loop);
	snprintf(c->where, sizeof c->where, "%s://%s:%d", prot, host, port);
	buf_init(&c->rx, wc->msg_max);
	c->out = xreallocarray(NULL, (size_t)wc->queue_max, sizeof *c->out);
	c->outlen = xreallocarray(NULL, (size_t)wc->queue_max,
	    sizeof *c->outlen);
	LIST_INSERT_HEAD(&wc->conns, c, entry);

	memset(&ci, 0, sizeof ci);
	ci.context = wc->ctx;
	ci.address = host;
	ci.port = port;
	ci.path = path;
	ci.host = host;
	ci.origin = wc->origin;
	ci.ssl_connection = tls ? LCCSCF_USE_SSL : 0;
	ci.protocol = wc->subprotocol;
	ci.local_protocol_name = wsclient_protocols[0].name;
	ci.opaque_user_data = c;
	c->in_connect = 1;
	wsi = lws_client_connect_via_info(&ci);
	c->in_connect = 0;
	if (wsi == NULL || c->failed != NULL) {
		set_cause(cause, "%s: %s", c->where, c->failed != NULL ?
		    c->failed : "cannot connect");
		wsconn_free(c);
		return NULL;
	}
	c->wsi = wsi;
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
	if (c->closing || c->wsi == NULL)
		return;
	c->closing = 1;
	c->close_code = code;
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
