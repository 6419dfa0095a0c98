/*
 * Socket Mode: the websocket Slack pushes slash commands and clicks on,
 * on libwebsockets running on the bot's libuv loop (a foreign loop, as
 * the Discord gateway does).
 *
 * A connection starts with apps.connections.open (the app-level token),
 * which gives a single-use wss URL; Slack's first message on it is
 * "hello".  Every envelope is acknowledged at once, on the connection it
 * came on, before it is handled.  A "disconnect" (refresh_requested,
 * warning) means Slack will close this connection soon: a new one is
 * opened at once, and the old one is closed only when the new one has
 * said hello, so nothing falls between them.  Both may deliver envelopes
 * meanwhile; retries are dropped (envelope.c).
 *
 * Every ping_interval each connection is pinged; one that has not sent
 * anything (a pong, a message) for three intervals is taken for half-open,
 * closed, and replaced.  A lost connection is replaced with exponential
 * backoff and jitter, forever, except when Slack refuses the app-level
 * token, which is said once and stops the retries (the bot runs on).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "adapters/slack/slack-int.h"
#include "bot/bot.h"
#include "bot/log.h"
#include "lib/buf.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define SOCK_MSG_MAX		(1024 * 1024)	/* one socket message */
#define SOCK_OUT_MAX		64		/* frames waiting to go */
#define SOCK_CONNS		2		/* the current one and its successor */
#define SOCK_IDLE_PINGS		3		/* silent intervals before giving up */
#define SOCK_BACKOFF_MAX_MS	60000
#define SOCK_CLOSE_NORMAL	1000
/* lws_write()'s close opcode; see the Discord gateway for why. */
#define SOCK_WRITE_CLOSE	((enum lws_write_protocol)4)

enum conn_state {
	CONN_FREE,
	CONN_CONNECTING,	/* opening, or open and waiting for hello */
	CONN_OPEN,		/* hello seen */
};

struct conn {
	struct slack	*s;
	struct lws	*wsi;
	enum conn_state	 state;
	int		 serial;	/* for the log */
	int		 doomed;	/* Slack said disconnect: being replaced */
	int		 closing;	/* we close it at the next write */
	int		 ping;		/* a ping is due */
	uint64_t	 last_rx;	/* loop ms of the last sign of life */
	struct buf	 rx;
	int		 rx_overflow;
	char		*out[SOCK_OUT_MAX];
	size_t		 outlen[SOCK_OUT_MAX];
	int		 nout;
};

struct slack_socket {
	struct lws_context	*ctx;
	void			*loops[1];
	struct conn		 conns[SOCK_CONNS];
	int			 opening;	/* apps.connections.open in flight */
	int			 fatal;
	int			 stopped;
	int			 attempts;	/* failed connections in a row */
	int			 serial;
	uv_timer_t		 tick;		/* pings and the idle check */
	uv_timer_t		 reconnect;
};

static void	socket_connect(struct slack *);

static void
socket_log(int level, const char *line)
{
	size_t	n = strlen(line);

	while (n > 0 && line[n - 1] == '\n')
		n--;
	if (level & LLL_ERR)
		log_warn("slack: websocket: %.*s", (int)n, line);
	else
		log_debug("slack: websocket: %.*s", (int)n, line);
}

static void
socket_clear_out(struct conn *c)
{
	while (c->nout > 0)
		free(c->out[--c->nout]);
}

/* Queues a text frame (borrowed) on c and asks to write. */
static void
socket_send(struct conn *c, const char *text)
{
	size_t	 len = strlen(text);
	char	*frame;

	if (c->wsi == NULL || c->nout == SOCK_OUT_MAX) {
		log_warn("slack: a socket frame was dropped (%s)",
		    c->wsi == NULL ? "not connected" : "queue full");
		return;
	}
	frame = xmalloc(LWS_PRE + len + 1);
	memcpy(frame + LWS_PRE, text, len + 1);
	c->out[c->nout] = frame;
	c->outlen[c->nout++] = len;
	lws_callback_on_writable(c->wsi);
}

/* Asks for c to be closed at the next chance. */
static void
socket_close(struct conn *c)
{
	c->closing = 1;
	if (c->wsi != NULL)
		lws_callback_on_writable(c->wsi);
}

/* A connection in state, other than c; NULL if none. */
static struct conn *
socket_other(struct slack_socket *sk, const struct conn *c,
    enum conn_state state)
{
	int	i;

	for (i = 0; i < SOCK_CONNS; i++)
		if (&sk->conns[i] != c && sk->conns[i].state == state)
			return &sk->conns[i];
	return NULL;
}

static void
socket_on_reconnect(uv_timer_t *t)
{
	socket_connect(t->data);
}

/* Plans the next connection after a failure, with backoff and jitter. */
static void
socket_retry(struct slack *s, const char *why)
{
	struct slack_socket	*sk = s->sock;
	uint64_t		 ms, cap;

	if (sk->stopped || sk->fatal || s->stopping)
		return;
	sk->attempts++;
	cap = sk->attempts > 7 ? SOCK_BACKOFF_MAX_MS :
	    500ULL << (sk->attempts - 1);
	if (cap > SOCK_BACKOFF_MAX_MS)
		cap = SOCK_BACKOFF_MAX_MS;
	ms = cap / 2 + (uint64_t)random() % (cap / 2 + 1);
	bot_adapter_state(&s->adapter, "retrying");
	log_info("slack: %s; connecting again in %llu ms", why,
	    (unsigned long long)ms);
	uv_timer_start(&sk->reconnect, socket_on_reconnect, ms, 0);
}

/*
 * c is gone.  Unless another connection is open (and not doomed) or on
 * its way, a new one is planned.
 */
static void
socket_lost(struct conn *c, const char *why)
{
	struct slack		*s = c->s;
	struct slack_socket	*sk = s->sock;
	struct conn		*open;
	int			 serial = c->serial, was_doomed = c->doomed;

	socket_clear_out(c);
	buf_reset(&c->rx);
	c->rx_overflow = 0;
	c->wsi = NULL;
	c->state = CONN_FREE;
	c->doomed = c->closing = c->ping = 0;
	if (sk->stopped || s->stopping)
		return;
	open = socket_other(sk, c, CONN_OPEN);
	if (socket_other(sk, c, CONN_CONNECTING) != NULL || sk->opening ||
	    uv_is_active((uv_handle_t *)&sk->reconnect) ||
	    (open != NULL && !open->doomed)) {
		log_info("slack: connection %d closed (%s)%s", serial, why,
		    was_doomed ? "; its successor took over" : "");
		return;
	}
	log_info("slack: connection %d lost (%s)", serial, why);
	if (open == NULL)
		bot_adapter_state(&s->adapter, "retrying");
	socket_retry(s, "no connection is left");
}

/* One whole message on c. */
static void
socket_message(struct conn *c, const char *text)
{
	struct slack		*s = c->s;
	struct slack_socket	*sk = s->sock;
	struct envelope		 e;
	struct conn		*old;
	cJSON			*msg;
	char			*ack, *cause = NULL, key[ENVELOPE_ID_MAX + 8];
	const char		*k;
	int			 dup;

	if ((msg = cJSON_Parse(text)) == NULL) {
		log_warn("slack: dropped a socket message that is not JSON");
		return;
	}
	if (envelope_parse(msg, &e, &cause) != 0) {
		log_warn("slack: dropped %s", cause);
		free(cause);
		/* Still ack what can be acked, or Slack sends it again. */
		if (e.id != NULL) {
			ack = envelope_ack(e.id);
			socket_send(c, ack);
			free(ack);
		}
		cJSON_Delete(msg);
		return;
	}
	if (e.id != NULL) {
		ack = envelope_ack(e.id);
		socket_send(c, ack);
		free(ack);
	}
	switch (e.type) {
	case ENVELOPE_HELLO:
		c->state = CONN_OPEN;
		sk->attempts = 0;
		log_info("slack: connection %d ready", c->serial);
		bot_adapter_state(&s->adapter, "connected");
		if ((old = socket_other(sk, c, CONN_OPEN)) != NULL) {
			log_info("slack: closing connection %d, replaced by %d",
			    old->serial, c->serial);
			old->doomed = 1;
			socket_close(old);
		}
		break;
	case ENVELOPE_DISCONNECT:
		if (e.reason != NULL && strcmp(e.reason, "link_disabled") == 0)
			log_warn("slack: Socket Mode is turned off for this app "
			    "(link_disabled); turn it on in the app's settings");
		else
			log_info("slack: Slack asks connection %d to go (%s); "
			    "opening its successor first", c->serial,
			    e.reason != NULL ? e.reason : "no reason");
		if (!c->doomed) {
			c->doomed = 1;
			if (e.reason != NULL &&
			    strcmp(e.reason, "link_disabled") == 0)
				socket_close(c);
			else if (socket_other(sk, c, CONN_CONNECTING) == NULL)
				socket_connect(s);
		}
		break;
	case ENVELOPE_OTHER:
		log_debug("slack: ignored a socket message of another type");
		break;
	default:
		dup = 0;
		snprintf(key, sizeof key, "e:%s", e.id);
		if (envelope_seen_check(s->seen, key))
			dup = 1;
		if ((k = envelope_key(&e)) != NULL) {
			snprintf(key, sizeof key, "k:%s", k);
			if (envelope_seen_check(s->seen, key))
				dup = 1;
		}
		if (dup) {
			log_info("slack: dropped a repeated envelope (retry "
			    "%lld)", (long long)e.retry_attempt);
			break;
		}
		slack_envelope(s, &e);
		break;
	}
	cJSON_Delete(msg);
}

static struct conn *
socket_conn_of(struct lws *wsi)
{
	return lws_get_opaque_user_data(wsi);
}

static int
socket_callback(struct lws *wsi, enum lws_callback_reasons reason,
    void *user, void *in, size_t len)
{
	struct conn	*c = socket_conn_of(wsi);
	unsigned char	 frame[LWS_PRE + 125];
	int		 n;

	(void)user;
	if (c == NULL || c->s->sock == NULL)
		return 0;
	if (c->wsi != wsi) {
		/* A connection opening right now, or a stray one. */
		if (reason == LWS_CALLBACK_CLIENT_CONNECTION_ERROR &&
		    c->wsi == NULL && c->state == CONN_CONNECTING) {
			log_warn("slack: connection %d failed: %.200s",
			    c->serial, in == NULL ? "unknown error" :
			    (const char *)in);
			socket_lost(c, "connection failed");
		}
		switch (reason) {
		case LWS_CALLBACK_CLIENT_ESTABLISHED:
		case LWS_CALLBACK_CLIENT_RECEIVE:
		case LWS_CALLBACK_CLIENT_WRITEABLE:
			return -1;
		default:
			return 0;
		}
	}
	switch (reason) {
	case LWS_CALLBACK_CLIENT_ESTABLISHED:
		c->last_rx = uv_now(c->s->loop);
		log_info("slack: connection %d open; waiting for hello",
		    c->serial);
		break;
	case LWS_CALLBACK_CLIENT_RECEIVE:
		c->last_rx = uv_now(c->s->loop);
		if (!c->rx_overflow && buf_add(&c->rx, in, len) != 0)
			c->rx_overflow = 1;
		if (!lws_is_final_fragment(wsi) ||
		    lws_remaining_packet_payload(wsi) != 0)
			break;
		if (c->rx_overflow)
			log_warn("slack: dropped a socket message over %d bytes",
			    SOCK_MSG_MAX);
		else
			socket_message(c, buf_str(&c->rx));
		buf_reset(&c->rx);
		c->rx_overflow = 0;
		break;
	case LWS_CALLBACK_CLIENT_RECEIVE_PONG:
		c->last_rx = uv_now(c->s->loop);
		break;
	case LWS_CALLBACK_CLIENT_WRITEABLE:
		if (c->closing) {
			frame[LWS_PRE] = SOCK_CLOSE_NORMAL >> 8;
			frame[LWS_PRE + 1] = SOCK_CLOSE_NORMAL & 0xff;
			lws_write(wsi, frame + LWS_PRE, 2, SOCK_WRITE_CLOSE);
			return -1;
		}
		if (c->ping) {
			c->ping = 0;
			if (lws_write(wsi, frame + LWS_PRE, 0,
			    LWS_WRITE_PING) < 0)
				return -1;
			if (c->nout > 0)
				lws_callback_on_writable(wsi);
			break;
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
		break;
	case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
		log_warn("slack: connection %d failed: %.200s", c->serial,
		    in == NULL ? "unknown error" : (const char *)in);
		socket_lost(c, "connection failed");
		break;
	case LWS_CALLBACK_CLIENT_CLOSED:
		socket_lost(c, c->closing ? "closed by us" : "closed");
		break;
	default:
		break;
	}
	return 0;
}

static const struct lws_protocols socket_protocols[] = {
	{ "slack-socket-mode", socket_callback, 0, 65536, 0, NULL, 0 },
	{ NULL, NULL, 0, 0, 0, NULL, 0 }
};

/* Opens a connection to url (borrowed) in a free slot. */
static void
socket_open(struct slack *s, const char *url)
{
	struct slack_socket		*sk = s->sock;
	struct lws_client_connect_info	 ci;
	struct conn			*c = NULL;
	struct lws			*wsi;
	char				 copy[SLACK_URL_MAX], path[SLACK_URL_MAX + 2];
	const char			*prot, *host, *rest;
	int				 port, i;

	for (i = 0; i < SOCK_CONNS; i++)
		if (sk->conns[i].state == CONN_FREE) {
			c = &sk->conns[i];
			break;
		}
	if (c == NULL) {
		log_warn("slack: no room for another connection");
		return;
	}
	snprintf(copy, sizeof copy, "%s", url);
	if (lws_parse_uri(copy, &prot, &host, &port, &rest) != 0 ||
	    (strcmp(prot, "ws") != 0 && strcmp(prot, "wss") != 0)) {
		log_error("slack: apps.connections.open gave a URL that is "
		    "not ws:// or wss://");
		socket_retry(s, "no usable URL");
		return;
	}
	snprintf(path, sizeof path, "/%s", rest);
	c->s = s;
	c->serial = ++sk->serial;
	c->state = CONN_CONNECTING;
	c->last_rx = uv_now(s->loop);
	memset(&ci, 0, sizeof ci);
	ci.context = sk->ctx;
	ci.address = host;
	ci.port = port;
	ci.path = path;
	ci.host = host;
	ci.origin = host;
	ci.ssl_connection = strcmp(prot, "wss") == 0 ? LCCSCF_USE_SSL : 0;
	ci.local_protocol_name = socket_protocols[0].name;
	ci.opaque_user_data = c;
	if (socket_other(sk, c, CONN_OPEN) == NULL)
		bot_adapter_state(&s->adapter, "connecting");
	/* The URL's ticket is a credential: host and port only. */
	log_info("slack: opening connection %d to %s://%s:%d", c->serial, prot,
	    host, port);
	wsi = lws_client_connect_via_info(&ci);
	if (c->state != CONN_CONNECTING)
		return;		/* failed already, and handled */
	if (wsi == NULL) {
		socket_lost(c, "connect failed");
		return;
	}
	c->wsi = wsi;
}

/* Is a refusal of apps.connections.open one that retrying cannot mend? */
static int
socket_refused(const char *error)
{
	static const char *const fatal[] = {
		"invalid_auth", "not_authed", "account_inactive",
		"token_revoked", "token_expired", "not_allowed_token_type",
		"missing_scope", NULL
	};
	int	i;

	for (i = 0; error != NULL && fatal[i] != NULL; i++)
		if (strcmp(error, fatal[i]) == 0)
			return 1;
	return 0;
}

static void
socket_on_url(struct slack *s, const struct web_result *res, void *arg)
{
	struct slack_socket	*sk = s->sock;
	const char		*url;

	(void)arg;
	sk->opening = 0;
	if (sk->stopped)
		return;
	if (res->error != NULL) {
		if (socket_refused(res->slack_error)) {
			log_error("slack: apps.connections.open refused the "
			    "app-level token (%s): check slack.app_token (an "
			    "xapp- token with connections:write); not "
			    "connecting (other adapters keep running)",
			    res->slack_error);
			sk->fatal = 1;
			bot_adapter_state(&s->adapter, "refused");
			return;
		}
		log_warn("slack: apps.connections.open: %s", res->error);
		socket_retry(s, "no socket URL");
		return;
	}
	url = json_string(res->json, "url", SLACK_URL_MAX - 1);
	if (url == NULL || (strncmp(url, "wss://", 6) != 0 &&
	    strncmp(url, "ws://", 5) != 0)) {
		log_warn("slack: apps.connections.open gave no usable url");
		socket_retry(s, "no socket URL");
		return;
	}
	socket_open(s, url);
}

/* Asks for a new socket URL and connects to it. */
static void
socket_connect(struct slack *s)
{
	struct slack_socket	*sk = s->sock;
	char			*cause = NULL;

	if (sk->stopped || sk->fatal || sk->opening)
		return;
	uv_timer_stop(&sk->reconnect);
	sk->opening = 1;
	if (web_call(s, "apps.connections.open", "socket", NULL,
	    WEB_APP_TOKEN | WEB_FORM, socket_on_url, NULL, &cause) != 0) {
		sk->opening = 0;
		log_warn("slack: %s", cause);
		free(cause);
		socket_retry(s, "no socket URL");
	}
}

/* Every ping_interval: ping each connection; close the silent ones. */
static void
socket_on_tick(uv_timer_t *t)
{
	struct slack		*s = t->data;
	struct slack_socket	*sk = s->sock;
	struct conn		*c;
	uint64_t		 now = uv_now(s->loop);
	int			 i;

	for (i = 0; i < SOCK_CONNS; i++) {
		c = &sk->conns[i];
		if (c->state == CONN_FREE || c->wsi == NULL || c->closing)
			continue;
		if (now - c->last_rx > SOCK_IDLE_PINGS * s->ping_ms) {
			log_warn("slack: connection %d has said nothing for "
			    "%llu ms; taking it for dead", c->serial,
			    (unsigned long long)(now - c->last_rx));
			c->doomed = 1;
			socket_close(c);
			if (socket_other(sk, c, CONN_CONNECTING) == NULL &&
			    socket_other(sk, c, CONN_OPEN) == NULL)
				socket_connect(s);
			continue;
		}
		c->ping = 1;
		lws_callback_on_writable(c->wsi);
	}
}

int
socket_start(struct slack *s, char **cause)
{
	struct lws_context_creation_info	 info;
	struct slack_socket			*sk;
	int					 i;

	sk = xcalloc(1, sizeof *sk);
	s->sock = sk;
	for (i = 0; i < SOCK_CONNS; i++) {
		sk->conns[i].s = s;
		buf_init(&sk->conns[i].rx, SOCK_MSG_MAX);
	}
	uv_timer_init(s->loop, &sk->tick);
	sk->tick.data = s;
	uv_timer_init(s->loop, &sk->reconnect);
	sk->reconnect.data = s;

	lws_set_log_level(LLL_ERR, socket_log);
	memset(&info, 0, sizeof info);
	sk->loops[0] = s->loop;
	info.port = CONTEXT_PORT_NO_LISTEN;
	info.protocols = socket_protocols;
	info.options = LWS_SERVER_OPTION_LIBUV |
	    LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
	info.foreign_loops = sk->loops;
	info.user = s;
	if (*s->ca_file != '\0')
		info.client_ssl_ca_filepath = s->ca_file;
	if ((sk->ctx = lws_create_context(&info)) == NULL)
		return set_cause(cause, "slack: cannot create the websocket "
		    "context");
	uv_timer_start(&sk->tick, socket_on_tick, s->ping_ms, s->ping_ms);
	socket_connect(s);
	return 0;
}

void
socket_stop(struct slack *s)
{
	struct slack_socket	*sk = s->sock;
	int			 i;

	if (sk == NULL || sk->stopped)
		return;
	sk->stopped = 1;
	uv_close((uv_handle_t *)&sk->tick, NULL);
	uv_close((uv_handle_t *)&sk->reconnect, NULL);
	for (i = 0; i < SOCK_CONNS; i++)
		socket_clear_out(&sk->conns[i]);
	if (sk->ctx != NULL)
		lws_context_destroy(sk->ctx);
	for (i = 0; i < SOCK_CONNS; i++)
		sk->conns[i].wsi = NULL;
}

void
socket_free(struct slack *s)
{
	struct slack_socket	*sk = s->sock;
	int			 i;

	if (sk == NULL)
		return;
	if (sk->ctx != NULL)
		lws_context_destroy(sk->ctx);
	for (i = 0; i < SOCK_CONNS; i++)
		buf_release(&sk->conns[i].rx);
	free(sk);
	s->sock = NULL;
}
