/*
 * The XMPP adapter's transport: one websocket with the "xmpp" subprotocol
 * (RFC 7395), on lib/wsclient (libwebsockets on the bot's libuv loop).
 * One websocket message is one XML element each way.  When the socket is lost, for whatever
 * reason, it is opened again after an exponential backoff with jitter
 * (1 s doubling to 60 s), forever, unless the server refused our
 * credentials (then the adapter says so and stops; the bot runs on).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "bot/bot.h"
#include "bot/log.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

/* Messages waiting for the socket: room for the offline queue, and more. */
#define WS_OUT_MAX	(XMPP_QUEUE_MAX + 256)

struct ws {
	struct wsclient		*wc;
	struct wsconn		*conn;		/* NULL: none */
	int			 stopped;
};

static void	ws_connect(struct xmpp *);

void
ws_send(struct xmpp *x, char *text)
{
	struct ws	*w = x->ws;
	char		*cause = NULL;

	if (w == NULL || w->conn == NULL || !wsconn_is_open(w->conn))
		log_warn("xmpp: a stanza was dropped (not connected)");
	else if (wsconn_send(w->conn, text, 0, &cause) != 0) {
		log_warn("xmpp: a stanza was dropped (%s)", cause);
		free(cause);
	}
	free(text);
}

void
ws_drop(struct xmpp *x, const char *why)
{
	struct ws	*w = x->ws;

	if (w->conn == NULL || !wsconn_is_open(w->conn))
		return;
	log_info("xmpp: closing the connection: %s", why);
	wsconn_close(w->conn, WSCONN_CLOSE_NORMAL);
}

void
ws_reset_backoff(struct xmpp *x)
{
	wsclient_retry_reset(x->ws->wc);
}

static void
ws_on_retry(void *arg)
{
	ws_connect(arg);
}

/* The socket is gone (closed, dropped or never opened): plan the next. */
static void
ws_lost(struct xmpp *x, const char *why)
{
	struct ws	*w = x->ws;
	uint64_t	 ms;

	w->conn = NULL;
	stream_lost(x);
	if (w->stopped || x->stopping)
		return;
	if (x->fatal) {
		bot_adapter_state(&x->adapter, "refused");
		return;
	}
	ms = wsclient_retry_backoff(w->wc);
	bot_adapter_state(&x->adapter, "retrying");
	log_info("xmpp: connection lost (%s); reconnecting in %llu ms", why,
	    (unsigned long long)ms);
}

static void
ws_on_open(struct wsconn *conn, void *arg)
{
	struct xmpp	*x = arg;

	if (conn != x->ws->conn)
		return;
	log_info("xmpp: websocket connected");
	stream_opened(x);
}

static void
ws_on_message(struct wsconn *conn, const char *text, size_t len, void *arg)
{
	struct xmpp	*x = arg;

	/* Nothing more is read from a stream we are closing. */
	if (conn == x->ws->conn && wsconn_is_open(conn))
		stream_message(x, text, len);
}

static void
ws_on_notice(struct wsconn *conn, const char *what, void *arg)
{
	(void)conn;
	(void)arg;
	log_warn("xmpp: %s", what);
}

static void
ws_on_close(struct wsconn *conn, int code, const char *why, void *arg)
{
	struct xmpp	*x = arg;

	(void)code;
	if (conn != x->ws->conn)
		return;
	if (strncmp(why, "connection failed", 17) == 0)
		log_warn("xmpp: %s", why);
	ws_lost(x, why);
}

static const struct wsclient_ops ws_ops = {
	.on_open = ws_on_open,
	.on_message = ws_on_message,
	.on_notice = ws_on_notice,
	.on_close = ws_on_close,
	.on_retry = ws_on_retry,
};

static void
ws_connect(struct xmpp *x)
{
	struct ws	*w = x->ws;
	char		*cause = NULL;

	if (w->stopped || x->fatal || w->conn != NULL)
		return;
	bot_adapter_state(&x->adapter, "connecting");
	if ((w->conn = wsclient_connect(w->wc, x->url, &cause)) == NULL) {
		log_error("xmpp: cannot connect to %.200s: %s", x->url, cause);
		free(cause);
		ws_lost(x, "connect failed");
		return;
	}
	log_info("xmpp: connecting to %s", wsconn_where(w->conn));
}

int
ws_start(struct xmpp *x, char **cause)
{
	struct wsclient_opts	 opts;
	struct ws		*w;
	char			*why = NULL;

	w = xcalloc(1, sizeof *w);
	x->ws = w;

	memset(&opts, 0, sizeof opts);
	opts.subprotocol = "xmpp";
	opts.ca_file = x->ca_file;
	opts.msg_max = XML_INPUT_MAX;
	opts.queue_max = WS_OUT_MAX;
	opts.retry_max_ms = XMPP_BACKOFF_MAX_MS;
	if ((w->wc = wsclient_new(x->loop, &opts, &ws_ops, x, &why)) == NULL) {
		set_cause(cause, "xmpp: %s", why);
		free(why);
		return -1;
	}
	ws_connect(x);
	return 0;
}

void
ws_stop(struct xmpp *x)
{
	struct ws	*w = x->ws;

	if (w == NULL || w->stopped)
		return;
	w->stopped = 1;
	wsclient_stop(w->wc);
}

void
ws_free(struct xmpp *x)
{
	struct ws	*w = x->ws;

	if (w == NULL)
		return;
	wsclient_free(w->wc);
	free(w);
	x->ws = NULL;
}
