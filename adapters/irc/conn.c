/*
 * The connection: IRC over a websocket (InspIRCd's websocket module, the
 * IRCv3 WebSocket spec), on lib/wsclient (libwebsockets on the bot's
 * libuv loop).  We ask for the "text.ircv3.net" subprotocol: one IRC
 * line per text message, without CR LF, UTF-8.  The upgrade carries an
 * Origin header (irc.origin, or one made from the URL), which the server
 * checks against its allowed origins.  A lost or failed connection is
 * retried with exponential backoff and jitter, forever; session.c runs
 * the IRC session over it and send.c feeds it lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/irc/irc-int.h"
#include "bot/bot.h"
#include "bot/log.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

#define CONN_OUT_MAX		16	/* frames waiting for the socket */
#define CONN_SUBPROTOCOL	"text.ircv3.net"

struct irc_conn {
	struct wsclient		*wc;
	struct wsconn		*ws;		/* NULL: none */
	int			 stopped;
};

static void	conn_connect(struct irc *);

int
conn_ready(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;

	return c != NULL && !c->stopped && c->ws != NULL &&
	    wsconn_is_open(c->ws);
}

int
conn_backlog(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;

	return c == NULL || c->ws == NULL ? 0 : wsconn_backlog(c->ws);
}

int
conn_write(struct irc *irc, const char *line)
{
	if (!conn_ready(irc))
		return -1;
	return wsconn_send(irc->conn->ws, line, 0, NULL);
}

void
conn_reset_backoff(struct irc *irc)
{
	wsclient_retry_reset(irc->conn->wc);
}

void
conn_drop(struct irc *irc, const char *why)
{
	struct irc_conn	*c = irc->conn;

	if (!conn_ready(irc))
		return;
	log_warn("irc: dropping the connection: %s", why);
	wsconn_close(c->ws, WSCONN_CLOSE_NORMAL);
}

static void
conn_on_retry(void *arg)
{
	conn_connect(arg);
}

/* The socket is gone (closed, dropped or never opened): plan the next. */
static void
conn_lost(struct irc *irc, const char *why)
{
	struct irc_conn	*c = irc->conn;
	uint64_t	 ms;

	c->ws = NULL;
	session_lost(irc);
	if (c->stopped || irc->stopping)
		return;
	ms = wsclient_retry_backoff(c->wc);
	bot_adapter_state(&irc->adapter, "retrying");
	log_info("irc: connection lost (%s); reconnecting in %llu ms", why,
	    (unsigned long long)ms);
}

static void
conn_on_open(struct wsconn *ws, void *arg)
{
	struct irc	*irc = arg;

	if (ws != irc->conn->ws)
		return;
	log_info("irc: websocket connected");
	session_open(irc);
}

/* One whole websocket message: one line, or (leniently) several. */
static void
conn_on_message(struct wsconn *ws, const char *text, size_t len, void *arg)
{
	struct irc	*irc = arg;
	const char	*p = text, *end = text + len, *nl;

	if (ws != irc->conn->ws)
		return;
	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		if (nl > p && !(nl - p == 1 && *p == '\r'))
			session_line(irc, p, (size_t)(nl - p));
		p = nl + 1;
	}
}

/* A line went out: there is room for the send queue's next. */
static void
conn_on_sent(struct wsconn *ws, void *arg)
{
	(void)ws;
	sendq_pump(arg);
}

static void
conn_on_notice(struct wsconn *ws, const char *what, void *arg)
{
	(void)ws;
	(void)arg;
	log_warn("irc: %s", what);
}

static void
conn_on_close(struct wsconn *ws, int code, const char *why, void *arg)
{
	struct irc	*irc = arg;

	(void)code;
	if (ws != irc->conn->ws)
		return;
	if (strncmp(why, "connection failed", 17) == 0)
		log_warn("irc: %s", why);
	conn_lost(irc, why);
}

static const struct wsclient_ops conn_ops = {
	.on_open = conn_on_open,
	.on_message = conn_on_message,
	.on_sent = conn_on_sent,
	.on_notice = conn_on_notice,
	.on_close = conn_on_close,
	.on_retry = conn_on_retry,
};

static void
conn_connect(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;
	char		*cause = NULL;

	if (c->stopped || c->ws != NULL)
		return;
	bot_adapter_state(&irc->adapter, "connecting");
	if ((c->ws = wsclient_connect(c->wc, irc->url, &cause)) == NULL) {
		log_error("irc: cannot connect to %.200s: %s", irc->url, cause);
		free(cause);
		conn_lost(irc, "connect failed");
		return;
	}
	log_info("irc: connecting to %s", wsconn_where(c->ws));
}

int
conn_start(struct irc *irc, char **cause)
{
	struct wsclient_opts	 opts;
	struct irc_conn		*c;
	char			 origin[WSCLIENT_URL_MAX], *why = NULL;

	c = xcalloc(1, sizeof *c);
	irc->conn = c;

	memset(&opts, 0, sizeof opts);
	opts.subprotocol = CONN_SUBPROTOCOL;
	/* The server checks the Origin: irc.origin, or the URL's own. */
	if (*irc->origin != '\0')
		opts.origin = irc->origin;
	else if (wsclient_origin(irc->url, origin, sizeof origin) == 0)
		opts.origin = origin;
	opts.ca_file = irc->ca_file;
	opts.msg_max = IRC_IN_MAX + 2;
	opts.queue_max = CONN_OUT_MAX;
	if ((c->wc = wsclient_new(irc->loop, &opts, &conn_ops, irc,
	    &why)) == NULL) {
		set_cause(cause, "irc: %s", why);
		free(why);
		return -1;
	}
	conn_connect(irc);
	return 0;
}

void
conn_stop(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;

	if (c == NULL || c->stopped)
		return;
	c->stopped = 1;
	wsclient_stop(c->wc);
}

void
conn_free(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;

	if (c == NULL)
		return;
	wsclient_free(c->wc);
	free(c);
	irc->conn = NULL;
}
