/*
 * The connection: IRC over a websocket (InspIRCd's websocket module, the
 * IRCv3 WebSocket spec), on libwebsockets running on the bot's libuv loop
 * as a foreign loop.  We ask for the "text.ircv3.net" subprotocol: one IRC
 * line per text message, without CR LF, UTF-8.  The upgrade carries an
 * Origin header (irc.origin, or one made from the URL), which the server
 * checks against its allowed origins.  A lost or failed connection is
 * retried with exponential backoff and jitter, forever; session.c runs
 * the IRC session over it and send.c feeds it lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "adapters/irc/irc-int.h"
#include "bot/bot.h"
#include "bot/log.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define CONN_OUT_MAX		16	/* frames waiting for the socket */
#define CONN_URL_MAX		512
#define CONN_BACKOFF_MAX_MS	60000
#define CONN_SUBPROTOCOL	"text.ircv3.net"
/* lws_write()'s close opcode, private in this version (see gateway.c). */
#define CONN_WRITE_CLOSE	((enum lws_write_protocol)4)

struct irc_conn {
	struct lws_context	*ctx;
	void			*loops[1];
	struct lws		*wsi;
	int			 connecting;
	int			 open;		/* established */
	int			 closing;	/* we asked for a close */
	int			 stopped;
	int			 attempts;	/* failed connections in a row */
	uv_timer_t		 reconnect;

	struct buf		 rx;
	int			 rx_overflow;
	char			*out[CONN_OUT_MAX];
	size_t			 outlen[CONN_OUT_MAX];
	int			 nout;
};

static void	conn_connect(struct irc *);

static void
conn_log(int level, const char *line)
{
	size_t	n = strlen(line);

	while (n > 0 && line[n - 1] == '\n')
		n--;
	if (level & LLL_ERR)
		log_warn("websocket: %.*s", (int)n, line);
	else
		log_debug("websocket: %.*s", (int)n, line);
}

static void
conn_clear_out(struct irc_conn *c)
{
	while (c->nout > 0)
		free(c->out[--c->nout]);
}

int
conn_ready(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;

	return c != NULL && c->open && !c->closing && !c->stopped;
}

int
conn_backlog(struct irc *irc)
{
	return irc->conn == NULL ? 0 : irc->conn->nout;
}

int
conn_write(struct irc *irc, const char *line)
{
	struct irc_conn	*c = irc->conn;
	size_t		 len = strlen(line);
	char		*frame;

	if (!conn_ready(irc) || c->nout == CONN_OUT_MAX)
		return -1;
	frame = xmalloc(LWS_PRE + len + 1);
	memcpy(frame + LWS_PRE, line, len + 1);
	c->out[c->nout] = frame;
	c->outlen[c->nout] = len;
	c->nout++;
	lws_callback_on_writable(c->wsi);
	return 0;
}

void
conn_reset_backoff(struct irc *irc)
{
	irc->conn->attempts = 0;
}

void
conn_drop(struct irc *irc, const char *why)
{
	struct irc_conn	*c = irc->conn;

	if (c->wsi == NULL || c->closing)
		return;
	log_warn("irc: dropping the connection: %s", why);
	c->closing = 1;
	lws_callback_on_writable(c->wsi);
}

static void
conn_on_reconnect(uv_timer_t *t)
{
	conn_connect(t->data);
}

/* The socket is gone (closed, dropped or never opened): plan the next. */
static void
conn_lost(struct irc *irc, const char *why)
{
	struct irc_conn	*c = irc->conn;
	uint64_t	 ms, cap;

	c->wsi = NULL;
	c->open = 0;
	c->connecting = 0;
	c->closing = 0;
	conn_clear_out(c);
	buf_reset(&c->rx);
	c->rx_overflow = 0;
	session_lost(irc);
	if (c->stopped || irc->stopping)
		return;
	c->attempts++;
	cap = c->attempts > 7 ? CONN_BACKOFF_MAX_MS : 1000ULL << (c->attempts - 1);
	if (cap > CONN_BACKOFF_MAX_MS)
		cap = CONN_BACKOFF_MAX_MS;
	ms = cap / 2 + (uint64_t)random() % (cap / 2 + 1);
	bot_adapter_state(&irc->adapter, "retrying");
	log_info("irc: connection lost (%s); reconnecting in %llu ms", why,
	    (unsigned long long)ms);
	uv_timer_start(&c->reconnect, conn_on_reconnect, ms, 0);
}

/* One whole websocket message: one line, or (leniently) several. */
static void
conn_message(struct irc *irc, const char *text, size_t len)
{
	const char	*p = text, *end = text + len, *nl;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		if (nl > p && !(nl - p == 1 && *p == '\r'))
			session_line(irc, p, (size_t)(nl - p));
		p = nl + 1;
	}
}

static int
conn_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user,
    void *in, size_t len)
{
	struct irc	*irc = lws_context_user(lws_get_context(wsi));
	struct irc_conn	*c = irc == NULL ? NULL : irc->conn;
	unsigned char	 closebuf[LWS_PRE + 2];
	int		 n;

	(void)user;
	if (c == NULL)
		return 0;
	switch (reason) {
	case LWS_CALLBACK_CLIENT_ESTABLISHED:
		if (wsi != c->wsi)
			return -1;
		c->connecting = 0;
		c->open = 1;
		log_info("irc: websocket connected");
		session_open(irc);
		break;
	case LWS_CALLBACK_CLIENT_RECEIVE:
		if (wsi != c->wsi)
			return -1;
		if (!c->rx_overflow && buf_add(&c->rx, in, len) != 0)
			c->rx_overflow = 1;
		if (!lws_is_final_fragment(wsi) ||
		    lws_remaining_packet_payload(wsi) != 0)
			break;
		if (c->rx_overflow)
			log_warn("irc: dropped a message over %d bytes", IRC_IN_MAX);
		else
			conn_message(irc, buf_str(&c->rx), c->rx.len);
		buf_reset(&c->rx);
		c->rx_overflow = 0;
		break;
	case LWS_CALLBACK_CLIENT_WRITEABLE:
		if (wsi != c->wsi)
			return -1;
		if (c->closing) {
			closebuf[LWS_PRE] = 1000 >> 8;
			closebuf[LWS_PRE + 1] = 1000 & 0xff;
			lws_write(wsi, closebuf + LWS_PRE, 2, CONN_WRITE_CLOSE);
			return -1;
		}
		if (c->nout == 0)
			break;
		n = lws_write(wsi, (unsigned char *)c->out[0] + LWS_PRE,
		    c->outlen[0], LWS_WRITE_TEXT);
		free(c->out[0]);
		c->nout--;
		memmove(c->out, c->out + 1, (size_t)c->nout * sizeof *c->out);
		memmove(c->outlen, c->outlen + 1,
		    (size_t)c->nout * sizeof *c->outlen);
		if (n < 0)
			return -1;
		if (c->nout > 0)
			lws_callback_on_writable(wsi);
		sendq_pump(irc);
		break;
	case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
		if (wsi == c->wsi || (c->connecting && c->wsi == NULL)) {
			log_warn("irc: connection failed: %.200s",
			    in == NULL ? "unknown error" : (const char *)in);
			conn_lost(irc, "connection failed");
		}
		break;
	case LWS_CALLBACK_CLIENT_CLOSED:
		if (wsi == c->wsi)
			conn_lost(irc, "closed");
		break;
	default:
		break;
	}
	return 0;
}

static const struct lws_protocols conn_protocols[] = {
	{ "irc-websocket", conn_callback, 0, IRC_IN_MAX + 16, 0, NULL, 0 },
	{ NULL, NULL, 0, 0, 0, NULL, 0 }
};

static void
conn_connect(struct irc *irc)
{
	struct irc_conn			*c = irc->conn;
	struct lws_client_connect_info	 ci;
	char				 copy[CONN_URL_MAX], path[CONN_URL_MAX + 2];
	char				 origin[CONN_URL_MAX + 16];
	const char			*prot, *host, *rest;
	int				 port;

	if (c->stopped || c->wsi != NULL || c->connecting)
		return;
	snprintf(copy, sizeof copy, "%s", irc->url);
	if (lws_parse_uri(copy, &prot, &host, &port, &rest) != 0 ||
	    (strcmp(prot, "ws") != 0 && strcmp(prot, "wss") != 0)) {
		log_error("irc: cannot use URL %.200s", irc->url);
		conn_lost(irc, "bad URL");
		return;
	}
	/* lws gives "/" for an empty path and the path without its "/" else. */
	snprintf(path, sizeof path, "%s%s", *rest == '/' ? "" : "/", rest);
	if (*irc->origin != '\0')
		snprintf(origin, sizeof origin, "%s", irc->origin);
	else
		snprintf(origin, sizeof origin, "%s://%s:%d",
		    strcmp(prot, "wss") == 0 ? "https" : "http", host, port);
	memset(&ci, 0, sizeof ci);
	ci.context = c->ctx;
	ci.address = host;
	ci.port = port;
	ci.path = path;
	ci.host = host;
	ci.origin = origin;
	ci.ssl_connection = strcmp(prot, "wss") == 0 ? LCCSCF_USE_SSL : 0;
	ci.protocol = CONN_SUBPROTOCOL;
	ci.local_protocol_name = conn_protocols[0].name;
	ci.pwsi = &c->wsi;
	c->connecting = 1;
	bot_adapter_state(&irc->adapter, "connecting");
	log_info("irc: connecting to %s://%s:%d%s", prot, host, port, path);
	if (lws_client_connect_via_info(&ci) == NULL && c->connecting) {
		c->wsi = NULL;
		conn_lost(irc, "connect failed");
	}
}

int
conn_start(struct irc *irc, char **cause)
{
	struct lws_context_creation_info	 info;
	struct irc_conn				*c;

	c = xcalloc(1, sizeof *c);
	irc->conn = c;
	buf_init(&c->rx, IRC_IN_MAX + 2);
	uv_timer_init(irc->loop, &c->reconnect);
	c->reconnect.data = irc;

	lws_set_log_level(LLL_ERR, conn_log);
	memset(&info, 0, sizeof info);
	c->loops[0] = irc->loop;
	info.port = CONTEXT_PORT_NO_LISTEN;
	info.protocols = conn_protocols;
	/* Without JUST_USE_RAW_ORIGIN lws puts "http://" before the origin. */
	info.options = LWS_SERVER_OPTION_LIBUV |
	    LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT |
	    LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN;
	info.foreign_loops = c->loops;
	info.user = irc;
	if (*irc->ca_file != '\0')
		info.client_ssl_ca_filepath = irc->ca_file;
	if ((c->ctx = lws_create_context(&info)) == NULL)
		return set_cause(cause, "irc: cannot create the websocket "
		    "context");
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
	uv_close((uv_handle_t *)&c->reconnect, NULL);
	conn_clear_out(c);
	/* On a foreign loop this starts the destruction; conn_free ends it. */
	if (c->ctx != NULL)
		lws_context_destroy(c->ctx);
	c->wsi = NULL;
	c->open = 0;
}

void
conn_free(struct irc *irc)
{
	struct irc_conn	*c = irc->conn;

	if (c == NULL)
		return;
	if (c->ctx != NULL)
		lws_context_destroy(c->ctx);
	conn_clear_out(c);
	buf_release(&c->rx);
	free(c);
	irc->conn = NULL;
}
