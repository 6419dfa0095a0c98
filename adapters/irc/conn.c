/*
 * The connection, on lib/transport (the bot's libuv loop): IRC over TLS
 * (ircs://, port 6697 unless given), over plain TCP (irc://, port 6667:
 * allowed, with a warning, since the password and every hand would
 * travel in clear), or over a websocket (ws://, wss://: InspIRCd's
 * websocket module, the IRCv3 WebSocket spec).  On TCP and TLS the lines
 * end in CR LF and are framed by lib/lineframe: a line over the IRCv3
 * limit (8191 bytes of tags and 512 of message) is dropped whole with a
 * log line, never cut into a command.  On a websocket we ask for the
 * "text.ircv3.net" subprotocol: one IRC line per text message, without
 * CR LF, with an Origin header (irc.origin, or one made from the URL),
 * which the server checks against its allowed origins.  TLS is verified
 * against the system's CA store or irc.ca_file, with the host name
 * checked; irc.client_cert (CertFP) is offered on ircs://.  A lost or
 * failed connection is retried with exponential backoff and jitter,
 * forever; session.c runs the IRC session over it and send.c feeds it
 * lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/irc/irc-int.h"
#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "lib/backoff.h"
#include "lib/lineframe.h"
#include "lib/transport.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

#define CONN_OUT_MAX		16	/* websocket frames waiting */
#define CONN_SUBPROTOCOL	"text.ircv3.net"
#define CONN_PORT_TLS		6697
#define CONN_PORT_PLAIN		6667

struct irc_conn {
	struct transport	*tr;
	struct tconn		*tc;		/* NULL: none */
	struct transport_target	 target;
	struct transport_url	 url;
	struct lineframe	 frame;
	int			 stopped;
};

static void	conn_connect(struct irc *);

int
conn_url(const char *url, struct transport_url *u, enum transport_kind *kind,
    char **cause)
{
	if (transport_url_parse(url, u, cause) != 0)
		return -1;
	if (strcmp(u->scheme, "ircs") == 0) {
		*kind = TRANSPORT_TLS;
		if (u->port == 0)
			u->port = CONN_PORT_TLS;
	} else if (strcmp(u->scheme, "irc") == 0) {
		*kind = TRANSPORT_TCP;
		if (u->port == 0)
			u->port = CONN_PORT_PLAIN;
	} else if (strcmp(u->scheme, "wss") == 0 || strcmp(u->scheme, "ws") == 0)
		*kind = TRANSPORT_WS;
	else
		return set_cause(cause, "\"%.200s\" is not an ircs://, irc://, "
		    "wss:// or ws:// URL", url);
	if (*kind != TRANSPORT_WS && *u->path != '\0' && strcmp(u->path, "/") != 0)
		return set_cause(cause, "\"%.200s\": an %s:// URL has no path",
		    url, u->scheme);
	return 0;
}

const char *
conn_plain_warning(const char *url)
{
	if (strncmp(url, "irc://", 6) == 0 || strncmp(url, "ws://", 5) == 0)
		return "irc.url is not encrypted: the password and every "
		    "player's hand would travel in clear; use ircs:// "
		    "(TLS, port 6697) where the server offers it";
	return NULL;
}

int
conn_ready(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;

	return c != NULL && !c->stopped && c->tc != NULL &&
	    tconn_is_open(c->tc);
}

int
conn_backlog(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;
	size_t		 n;

	if (c == NULL || c->tc == NULL)
		return 0;
	n = tconn_backlog(c->tc);
	/* A stream counts bytes: as lines, a partial one counting whole. */
	if (!tconn_framed(c->tc))
		n = (n + IRC_LINE_MAX - 1) / IRC_LINE_MAX;
	return n > 1000 ? 1000 : (int)n;
}

int
conn_write(struct irc *irc, const char *line)
{
	char	buf[IRC_LINE_MAX + 2];
	size_t	n = strlen(line);

	if (!conn_ready(irc))
		return -1;
	if (tconn_framed(irc->conn->tc))
		return tconn_write(irc->conn->tc, line, n, NULL);
	/* The send queue never makes a line over 510 bytes. */
	if (n > IRC_LINE_MAX - 2)
		return -1;
	memcpy(buf, line, n);
	memcpy(buf + n, "\r\n", 2);
	return tconn_write(irc->conn->tc, buf, n + 2, NULL);
}

void
conn_reset_backoff(struct irc *irc)
{
	backoff_reset(transport_retry(irc->conn->tr));
}

void
conn_drop(struct irc *irc, const char *why)
{
	struct irc_conn	*c = irc->conn;

	if (!conn_ready(irc))
		return;
	log_warn("irc: dropping the connection: %s", why);
	tconn_close(c->tc);
}

static void
conn_on_retry(void *arg)
{
	conn_connect(arg);
}

/* The connection is gone (closed, dropped or never opened): plan the next. */
static void
conn_lost(struct irc *irc, const char *why)
{
	struct irc_conn	*c = irc->conn;
	uint64_t	 ms;

	c->tc = NULL;
	session_lost(irc);
	if (c->stopped || irc->stopping)
		return;
	ms = backoff_next(transport_retry(c->tr));
	bot_adapter_state(&irc->adapter, "retrying");
	log_info("irc: connection lost (%s); reconnecting in %llu ms", why,
	    (unsigned long long)ms);
}

static void
conn_on_open(struct tconn *tc, void *arg)
{
	struct irc	*irc = arg;

	if (tc != irc->conn->tc)
		return;
	log_info("irc: connected to %s%s", tconn_where(tc),
	    tconn_is_secure(tc) ? " (TLS, certificate verified)" : "");
	lineframe_reset(&irc->conn->frame);
	session_open(irc);
}

static void
conn_line(void *arg, const char *line, size_t len)
{
	struct irc	*irc = arg;

	/* The session may have dropped the connection on an earlier line. */
	if (len > 0 && conn_ready(irc))
		session_line(irc, line, len);
}

static void
conn_too_long(void *arg, size_t len)
{
	(void)arg;
	log_warn("irc: dropped a line of %zu bytes from the server, over IRC's "
	    "limit (%d bytes of tags and %d of message)", len, IRC_TAGS_MAX,
	    IRC_LINE_MAX);
}

/*
 * Bytes in.  On TCP and TLS: any part of the stream, cut into lines.  On
 * a websocket: one message, one line (leniently, several).
 */
static void
conn_on_data(struct tconn *tc, const char *data, size_t len, void *arg)
{
	struct irc	*irc = arg;
	const char	*p = data, *end = data + len, *nl;

	if (tc != irc->conn->tc)
		return;
	if (!tconn_framed(tc)) {
		lineframe_feed(&irc->conn->frame, data, len, conn_line,
		    conn_too_long, irc);
		return;
	}
	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		if (nl > p && !(nl - p == 1 && *p == '\r'))
			conn_line(irc, p, (size_t)(nl - p));
		p = nl + 1;
	}
}

/* Lines went out: there is room for the send queue's next. */
static void
conn_on_sent(struct tconn *tc, void *arg)
{
	(void)tc;
	sendq_pump(arg);
}

static void
conn_on_notice(struct tconn *tc, const char *what, void *arg)
{
	(void)tc;
	(void)arg;
	log_warn("irc: %s", what);
}

static void
conn_on_close(struct tconn *tc, int opened, const char *why, void *arg)
{
	struct irc	*irc = arg;

	if (tc != irc->conn->tc)
		return;
	/* A connection that never opened failed: say why, plainly. */
	if (!opened && !irc->stopping)
		log_error("irc: cannot connect to %s: %s", tconn_where(tc), why);
	conn_lost(irc, why);
}

static const struct transport_ops conn_ops = {
	.on_open = conn_on_open,
	.on_data = conn_on_data,
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

	if (c->stopped || c->tc != NULL)
		return;
	bot_adapter_state(&irc->adapter, "connecting");
	if ((c->tc = transport_connect(c->tr, &c->target, &cause)) == NULL) {
		log_error("irc: cannot connect to %.200s: %s", irc->url, cause);
		free(cause);
		conn_lost(irc, "connect failed");
		return;
	}
	log_info("irc: connecting to %s", tconn_where(c->tc));
}

int
conn_start(struct irc *irc, char **cause)
{
	struct transport_opts	 opts;
	struct irc_conn		*c;
	const char		*warning;
	char			 origin[WSCLIENT_URL_MAX], *why = NULL;

	c = xcalloc(1, sizeof *c);
	irc->conn = c;
	lineframe_init(&c->frame, IRC_IN_MAX - 2);
	if (conn_url(irc->url, &c->url, &c->target.kind, &why) != 0) {
		set_cause(cause, "irc: %s", why);
		free(why);
		return -1;
	}
	c->target.host = c->url.host;
	c->target.port = c->url.port;
	c->target.url = irc->url;
	if ((warning = conn_plain_warning(irc->url)) != NULL)
		log_warn("irc: %s", warning);

	memset(&opts, 0, sizeof opts);
	opts.ca_file = irc->ca_file;
	if (c->target.kind == TRANSPORT_TLS && *irc->client_cert != '\0') {
		opts.client_cert = irc->client_cert;
		opts.client_key = irc->client_key;
	}
	opts.subprotocol = CONN_SUBPROTOCOL;
	/* The server checks the Origin: irc.origin, or the URL's own. */
	if (*irc->origin != '\0')
		opts.origin = irc->origin;
	else if (wsclient_origin(irc->url, origin, sizeof origin) == 0)
		opts.origin = origin;
	opts.msg_max = IRC_IN_MAX + 2;
	opts.queue_max = CONN_OUT_MAX;
	if ((c->tr = transport_new(irc->loop, &opts, &conn_ops, irc,
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
	transport_stop(c->tr);
}

void
conn_free(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;

	if (c == NULL)
		return;
	transport_free(c->tr);
	lineframe_release(&c->frame);
	free(c);
	irc->conn = NULL;
}
