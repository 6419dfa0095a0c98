/*
 * The XMPP adapter's transport: one websocket with the "xmpp" subprotocol
 * (RFC 7395), on libwebsockets running on the bot's libuv loop as a
 * foreign loop, as the Discord gateway does.  One websocket message is
 * one XML element each way.  When the socket is lost, for whatever
 * reason, it is opened again after an exponential backoff with jitter
 * (1 s doubling to 60 s), forever, unless the server refused our
 * credentials (then the adapter says so and stops; the bot runs on).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "bot/bot.h"
#include "bot/log.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

/* Messages waiting for the socket: room for the offline queue, and more. */
#define WS_OUT_MAX	(XMPP_QUEUE_MAX + 256)
#define WS_URL_MAX	512
/* lws_write()'s opcode for a close frame (see adapters/discord/gateway.c). */
#define WS_WRITE_CLOSE	((enum lws_write_protocol)4)

struct ws {
	struct lws_context	*ctx;
	void			*loops[1];
	struct lws		*wsi;
	int			 connecting;
	int			 stopped;
	int			 closing;	/* send a close frame, then drop */
	int			 attempts;	/* failed connections in a row */
	uv_timer_t		 reconnect;

	struct buf		 rx;
	int			 rx_overflow;
	char			*out[WS_OUT_MAX];
	size_t			 outlen[WS_OUT_MAX];
	int			 nout;
};

static void	ws_connect(struct xmpp *);

static void
ws_log(int level, const char *line)
{
	size_t	n = strlen(line);

	while (n > 0 && line[n - 1] == '\n')
		n--;
	if (level & LLL_ERR)
		log_warn("xmpp: websocket: %.*s", (int)n, line);
	else
		log_debug("xmpp: websocket: %.*s", (int)n, line);
}

static void
ws_clear_out(struct ws *w)
{
	while (w->nout > 0)
		free(w->out[--w->nout]);
}

void
ws_send(struct xmpp *x, char *text)
{
	struct ws	*w = x->ws;
	size_t		 len = strlen(text);
	char		*frame;

	if (w == NULL || w->wsi == NULL || w->closing || w->nout == WS_OUT_MAX) {
		log_warn("xmpp: a stanza was dropped (%s)", w == NULL ||
		    w->wsi == NULL || w->closing ? "not connected" :
		    "send queue full");
		free(text);
		return;
	}
	frame = xmalloc(LWS_PRE + len + 1);
	memcpy(frame + LWS_PRE, text, len + 1);
	free(text);
	w->out[w->nout] = frame;
	w->outlen[w->nout] = len;
	w->nout++;
	lws_callback_on_writable(w->wsi);
}

void
ws_drop(struct xmpp *x, const char *why)
{
	struct ws	*w = x->ws;

	if (w->wsi == NULL || w->closing)
		return;
	log_info("xmpp: closing the connection: %s", why);
	w->closing = 1;
	lws_callback_on_writable(w->wsi);
}

void
ws_reset_backoff(struct xmpp *x)
{
	x->ws->attempts = 0;
}

static void
ws_on_reconnect(uv_timer_t *t)
{
	ws_connect(t->data);
}

/* The socket is gone (closed, dropped or never opened): plan the next. */
static void
ws_lost(struct xmpp *x, const char *why)
{
	struct ws	*w = x->ws;
	uint64_t	 ms, cap;

	ws_clear_out(w);
	w->wsi = NULL;
	w->connecting = 0;
	w->closing = 0;
	buf_reset(&w->rx);
	w->rx_overflow = 0;
	stream_lost(x);
	if (w->stopped || x->stopping)
		return;
	if (x->fatal) {
		bot_adapter_state(&x->adapter, "refused");
		return;
	}
	w->attempts++;
	cap = w->attempts > 7 ? XMPP_BACKOFF_MAX_MS :
	    1000ULL << (w->attempts - 1);
	if (cap > XMPP_BACKOFF_MAX_MS)
		cap = XMPP_BACKOFF_MAX_MS;
	ms = cap / 2 + (uint64_t)random() % (cap / 2 + 1);
	bot_adapter_state(&x->adapter, "retrying");
	log_info("xmpp: connection lost (%s); reconnecting in %llu ms", why,
	    (unsigned long long)ms);
	uv_timer_start(&w->reconnect, ws_on_reconnect, ms, 0);
}

static int
ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user,
    void *in, size_t len)
{
	struct xmpp	*x = lws_context_user(lws_get_context(wsi));
	struct ws	*w = x == NULL ? NULL : x->ws;
	unsigned char	 closebuf[LWS_PRE + 2];
	int		 n;

	(void)user;
	if (w == NULL)
		return 0;
	switch (reason) {
	case LWS_CALLBACK_CLIENT_ESTABLISHED:
		if (wsi != w->wsi)
			return -1;
		w->connecting = 0;
		log_info("xmpp: websocket connected");
		stream_opened(x);
		break;
	case LWS_CALLBACK_CLIENT_RECEIVE:
		if (wsi != w->wsi)
			return -1;
		if (!w->rx_overflow && buf_add(&w->rx, in, len) != 0)
			w->rx_overflow = 1;
		if (!lws_is_final_fragment(wsi) ||
		    lws_remaining_packet_payload(wsi) != 0)
			break;
		if (w->rx_overflow)
			log_warn("xmpp: dropped a message over %d bytes",
			    XML_INPUT_MAX);
		else if (!w->closing)
			stream_message(x, buf_str(&w->rx), w->rx.len);
		buf_reset(&w->rx);
		w->rx_overflow = 0;
		break;
	case LWS_CALLBACK_CLIENT_WRITEABLE:
		if (wsi != w->wsi)
			return -1;
		if (w->closing) {
			/* A normal closure, 1000. */
			closebuf[LWS_PRE] = 1000 >> 8;
			closebuf[LWS_PRE + 1] = 1000 & 0xff;
			lws_write(wsi, closebuf + LWS_PRE, 2, WS_WRITE_CLOSE);
			return -1;
		}
		if (w->nout == 0)
			break;
		n = lws_write(wsi, (unsigned char *)w->out[0] + LWS_PRE,
		    w->outlen[0], LWS_WRITE_TEXT);
		free(w->out[0]);
		w->nout--;
		memmove(w->out, w->out + 1, (size_t)w->nout * sizeof *w->out);
		memmove(w->outlen, w->outlen + 1,
		    (size_t)w->nout * sizeof *w->outlen);
		if (n < 0)
			return -1;
		if (w->nout > 0)
			lws_callback_on_writable(wsi);
		break;
	case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
		if (wsi == w->wsi || (w->connecting && w->wsi == NULL)) {
			log_warn("xmpp: connection failed: %.200s",
			    in == NULL ? "unknown error" : (const char *)in);
			ws_lost(x, "connection failed");
		}
		break;
	case LWS_CALLBACK_CLIENT_CLOSED:
		if (wsi == w->wsi)
			ws_lost(x, "closed");
		break;
	default:
		break;
	}
	return 0;
}

static const struct lws_protocols ws_protocols[] = {
	{ "xmpp", ws_callback, 0, 65536, 0, NULL, 0 },
	{ NULL, NULL, 0, 0, 0, NULL, 0 }
};

static void
ws_connect(struct xmpp *x)
{
	struct ws			*w = x->ws;
	struct lws_client_connect_info	 ci;
	char				 copy[WS_URL_MAX], path[WS_URL_MAX + 2];
	const char			*prot, *host, *rest;
	int				 port;

	if (w->stopped || x->fatal || w->wsi != NULL || w->connecting)
		return;
	snprintf(copy, sizeof copy, "%s", x->url);
	if (lws_parse_uri(copy, &prot, &host, &port, &rest) != 0 ||
	    (strcmp(prot, "ws") != 0 && strcmp(prot, "wss") != 0)) {
		log_error("xmpp: cannot use the URL %.200s", x->url);
		ws_lost(x, "bad URL");
		return;
	}
	snprintf(path, sizeof path, "/%s", rest);
	memset(&ci, 0, sizeof ci);
	ci.context = w->ctx;
	ci.address = host;
	ci.port = port;
	ci.path = path;
	ci.host = host;
	ci.ssl_connection = strcmp(prot, "wss") == 0 ? LCCSCF_USE_SSL : 0;
	ci.protocol = "xmpp";
	ci.local_protocol_name = ws_protocols[0].name;
	ci.pwsi = &w->wsi;
	w->connecting = 1;
	bot_adapter_state(&x->adapter, "connecting");
	log_info("xmpp: connecting to %s://%s:%d%s", prot, host, port, path);
	if (lws_client_connect_via_info(&ci) == NULL && w->connecting) {
		w->wsi = NULL;
		ws_lost(x, "connect failed");
	}
}

int
ws_start(struct xmpp *x, char **cause)
{
	struct lws_context_creation_info	 info;
	struct ws				*w;

	w = xcalloc(1, sizeof *w);
	x->ws = w;
	buf_init(&w->rx, XML_INPUT_MAX);
	uv_timer_init(x->loop, &w->reconnect);
	w->reconnect.data = x;

	lws_set_log_level(LLL_ERR, ws_log);
	memset(&info, 0, sizeof info);
	w->loops[0] = x->loop;
	info.port = CONTEXT_PORT_NO_LISTEN;
	info.protocols = ws_protocols;
	info.options = LWS_SERVER_OPTION_LIBUV |
	    LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
	info.foreign_loops = w->loops;
	info.user = x;
	if (*x->ca_file != '\0')
		info.client_ssl_ca_filepath = x->ca_file;
	if ((w->ctx = lws_create_context(&info)) == NULL)
		return set_cause(cause, "xmpp: cannot create the websocket "
		    "context");
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
	uv_close((uv_handle_t *)&w->reconnect, NULL);
	ws_clear_out(w);
	/*
	 * On a foreign loop this only starts the destruction: lws closes its
	 * handles, and ws_free finishes it once the loop has run.
	 */
	if (w->ctx != NULL)
		lws_context_destroy(w->ctx);
	w->wsi = NULL;
}

void
ws_free(struct xmpp *x)
{
	struct ws	*w = x->ws;

	if (w == NULL)
		return;
	if (w->ctx != NULL)
		lws_context_destroy(w->ctx);
	buf_release(&w->rx);
	free(w);
	x->ws = NULL;
}
