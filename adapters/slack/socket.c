/*
 * Socket Mode: the websocket Slack pushes slash commands and clicks on
 * (lib/wsclient: libwebsockets on the bot's libuv loop).
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
 *
 * apps.connections.open is a Tier 1 method, and a server that drops each
 * connection at once must not make the bot hammer it.  So the backoff is
 * reset only when a connection has stayed up for SOCK_STABLE_MS, not at
 * its hello; whatever the reason (backoff, refresh, a half-open socket),
 * at most SOCK_OPENS_MAX opens leave in any SOCK_OPENS_WINDOW_MS; and a
 * "disconnect" for too_many_websockets (another process holds the app's
 * connections) closes the connection and waits at least
 * SOCK_CROWDED_MS before the next open, saying why in the log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/backoff.h"
#include "lib/json.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

#define SOCK_MSG_MAX		(1024 * 1024)	/* one socket message */
#define SOCK_OUT_MAX		64		/* frames waiting to go */
#define SOCK_CONNS		2		/* the current one and its successor */
#define SOCK_IDLE_PINGS		3		/* silent intervals before giving up */
#define SOCK_BACKOFF_FIRST_MS	500		/* the first waits 0.25 to 0.5 s */
#define SOCK_STABLE_MS		60000		/* up this long: backoff reset */
#define SOCK_OPENS_MAX		5		/* opens in one window... */
#define SOCK_OPENS_WINDOW_MS	60000		/* ...of this long */
#define SOCK_CROWDED_MS		60000		/* after too_many_websockets */

enum conn_state {
	CONN_FREE,
	CONN_CONNECTING,	/* opening, or open and waiting for hello */
	CONN_OPEN,		/* hello seen */
};

struct conn {
	struct slack	*s;
	struct wsconn	*ws;		/* NULL while free */
	enum conn_state	 state;
	int		 serial;	/* for the log */
	int		 doomed;	/* Slack said disconnect: being replaced */
	uint64_t	 hello_at;	/* loop ms of its hello; 0: none yet */
};

struct slack_socket {
	struct wsclient		*wc;
	struct conn		 conns[SOCK_CONNS];
	int			 opening;	/* apps.connections.open in flight */
	int			 fatal;
	int			 stopped;
	int			 serial;
	/* Loop ms of the last SOCK_OPENS_MAX opens, a ring; 0: unused. */
	uint64_t		 opens[SOCK_OPENS_MAX];
	int			 next_open;	/* the oldest slot of opens */
	uint64_t		 hold_until;	/* no open before (loop ms) */
};

static void	socket_connect(struct slack *);

/* Queues a text frame (borrowed) on c. */
static void
socket_send(struct conn *c, const char *text)
{
	char	*cause = NULL;

	if (c->ws == NULL || wsconn_send(c->ws, text, 0, &cause) != 0) {
		log_warn("slack: a socket frame was dropped (%s)",
		    cause != NULL ? cause : "not connected");
		free(cause);
	}
}

/* Asks for c to be closed at the next chance. */
static void
socket_close(struct conn *c)
{
	if (c->ws != NULL)
		wsconn_close(c->ws, WSCONN_CLOSE_NORMAL);
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
socket_on_retry(void *arg)
{
	socket_connect(arg);
}

/* Plans the next connection after a failure, with backoff and jitter. */
static void
socket_retry(struct slack *s, const char *why)
{
	struct slack_socket	*sk = s->sock;
	uint64_t		 ms;

	if (sk->stopped || sk->fatal || s->stopping)
		return;
	ms = backoff_next(wsclient_retry(sk->wc));
	bot_adapter_state(&s->adapter, "retrying");
	log_info("slack: %s; connecting again in %llu ms", why,
	    (unsigned long long)ms);
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

	if (c->hello_at != 0 && uv_now(s->loop) - c->hello_at >= SOCK_STABLE_MS)
		backoff_reset(wsclient_retry(sk->wc));
	c->ws = NULL;
	c->state = CONN_FREE;
	c->doomed = 0;
	c->hello_at = 0;
	if (sk->stopped || sk->fatal || s->stopping)
		return;
	open = socket_other(sk, c, CONN_OPEN);
	if (socket_other(sk, c, CONN_CONNECTING) != NULL || sk->opening ||
	    backoff_pending(wsclient_retry(sk->wc)) ||
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

/*
 * Slack refuses c: the app has all the connections it may have, held
 * by another process (an old instance still running, a second one
 * started by mistake).  c is closed, and the next open waits at least
 * SOCK_CROWDED_MS (with jitter), whatever else asks for one.
 */
static void
socket_crowded(struct conn *c)
{
	struct slack		*s = c->s;
	struct slack_socket	*sk = s->sock;
	uint64_t		 ms;

	ms = SOCK_CROWDED_MS + (uint64_t)random() % (SOCK_CROWDED_MS / 4);
	log_warn("slack: Slack refuses connection %d (too_many_websockets): "
	    "another instance of the bot may be running with this app's "
	    "token; connecting again in %llu s", c->serial,
	    (unsigned long long)(ms / 1000));
	sk->hold_until = uv_now(s->loop) + ms;
	c->doomed = 1;
	socket_close(c);
	if (socket_other(sk, c, CONN_OPEN) == NULL)
		bot_adapter_state(&s->adapter, "retrying");
	backoff_after(wsclient_retry(sk->wc), ms);
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
	char			*ack, *cause = NULL;

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
		c->hello_at = uv_now(s->loop);
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
		if (e.reason != NULL &&
		    strcmp(e.reason, "too_many_websockets") == 0) {
			socket_crowded(c);
			break;
		}
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
		if (envelope_repeat(s->seen, &e, uv_now(s->loop))) {
			log_info("slack: dropped a repeated envelope (retry "
			    "%lld)", (long long)e.retry_attempt);
			break;
		}
		slack_envelope(s, &e);
		break;
	}
	cJSON_Delete(msg);
}

static void
socket_on_open(struct wsconn *ws, void *arg)
{
	struct conn	*c = wsconn_data(ws);

	(void)arg;
	log_info("slack: connection %d open; waiting for hello", c->serial);
}

static void
socket_on_message(struct wsconn *ws, const char *text, size_t len, void *arg)
{
	(void)len;
	(void)arg;
	socket_message(wsconn_data(ws), text);
}

static void
socket_on_notice(struct wsconn *ws, const char *what, void *arg)
{
	struct conn	*c = wsconn_data(ws);

	(void)arg;
	log_warn("slack: connection %d: %s", c->serial, what);
}

/* c has said nothing for three pings: half-open; it is being closed. */
static void
socket_on_idle(struct wsconn *ws, uint64_t silent_ms, void *arg)
{
	struct conn		*c = wsconn_data(ws);
	struct slack		*s = arg;
	struct slack_socket	*sk = s->sock;

	log_warn("slack: connection %d has said nothing for %llu ms; taking "
	    "it for dead", c->serial, (unsigned long long)silent_ms);
	c->doomed = 1;
	if (socket_other(sk, c, CONN_CONNECTING) == NULL &&
	    socket_other(sk, c, CONN_OPEN) == NULL)
		socket_connect(s);
}

static void
socket_on_close(struct wsconn *ws, int code, const char *why, void *arg)
{
	struct conn	*c = wsconn_data(ws);

	(void)code;
	(void)arg;
	if (strncmp(why, "connection failed", 17) == 0)
		log_warn("slack: connection %d %s", c->serial, why);
	socket_lost(c, why);
}

static const struct wsclient_ops socket_ops = {
	.on_open = socket_on_open,
	.on_message = socket_on_message,
	.on_idle = socket_on_idle,
	.on_notice = socket_on_notice,
	.on_close = socket_on_close,
	.on_retry = socket_on_retry,
};

/* Opens a connection to url (borrowed) in a free slot. */
static void
socket_open(struct slack *s, const char *url)
{
	struct slack_socket	*sk = s->sock;
	struct conn		*c = NULL;
	char			*cause = NULL;
	int			 i;

	for (i = 0; i < SOCK_CONNS; i++)
		if (sk->conns[i].state == CONN_FREE) {
			c = &sk->conns[i];
			break;
		}
	if (c == NULL) {
		log_warn("slack: no room for another connection");
		return;
	}
	c->serial = ++sk->serial;
	if (socket_other(sk, c, CONN_OPEN) == NULL)
		bot_adapter_state(&s->adapter, "connecting");
	if ((c->ws = wsclient_connect(sk->wc, url, &cause)) == NULL) {
		/* The URL's ticket is a credential: the cause names no path. */
		log_warn("slack: connection %d failed: %s", c->serial, cause);
		free(cause);
		socket_lost(c, "connect failed");
		return;
	}
	c->state = CONN_CONNECTING;
	wsconn_set_data(c->ws, c);
	log_info("slack: opening connection %d to %s", c->serial,
	    wsconn_where(c->ws));
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

	return slack_error_in(error, fatal);
}

static void
socket_on_url(struct slack *s, const struct web_result *res, void *arg)
{
	struct slack_socket	*sk = s->sock;
	const char		*url;

	(void)arg;
	sk->opening = 0;
	if (sk->stopped || sk->fatal || s->halted)
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

/*
 * How long the next apps.connections.open must wait: until a hold
 * (too_many_websockets) ends, and until fewer than SOCK_OPENS_MAX opens
 * are in the last SOCK_OPENS_WINDOW_MS.  0: it may go now.
 */
static uint64_t
socket_open_wait(struct slack_socket *sk, uint64_t now)
{
	uint64_t	wait = 0, oldest = sk->opens[sk->next_open];

	if (sk->hold_until > now)
		wait = sk->hold_until - now;
	if (oldest != 0 && now - oldest < SOCK_OPENS_WINDOW_MS &&
	    oldest + SOCK_OPENS_WINDOW_MS - now > wait)
		wait = oldest + SOCK_OPENS_WINDOW_MS - now;
	return wait;
}

/* Asks for a new socket URL and connects to it, when opens allow. */
static void
socket_connect(struct slack *s)
{
	struct slack_socket	*sk = s->sock;
	char			*cause = NULL;
	uint64_t		 now = uv_now(s->loop), wait;

	if (sk->stopped || sk->fatal || sk->opening || s->halted)
		return;
	if ((wait = socket_open_wait(sk, now)) > 0) {
		if (!backoff_pending(wsclient_retry(sk->wc)))
			log_info("slack: pacing connections (at most %d a "
			    "minute); the next in %llu ms", SOCK_OPENS_MAX,
			    (unsigned long long)wait);
		backoff_after(wsclient_retry(sk->wc), wait);
		return;
	}
	backoff_cancel(wsclient_retry(sk->wc));
	/* uv_now may be 0 at the very start: the ring counts it as 1. */
	sk->opens[sk->next_open] = now > 0 ? now : 1;
	sk->next_open = (sk->next_open + 1) % SOCK_OPENS_MAX;
	sk->opening = 1;
	if (web_call(s, "apps.connections.open", "socket", NULL,
	    WEB_APP_TOKEN | WEB_FORM | WEB_ONCE, socket_on_url, NULL,
	    &cause) != 0) {
		sk->opening = 0;
		log_warn("slack: %s", cause);
		free(cause);
		socket_retry(s, "no socket URL");
	}
}

int
socket_start(struct slack *s, char **cause)
{
	struct wsclient_opts	 opts;
	struct slack_socket	*sk;
	char			*why = NULL;
	int			 i;

	sk = xcalloc(1, sizeof *sk);
	s->sock = sk;
	for (i = 0; i < SOCK_CONNS; i++)
		sk->conns[i].s = s;

	memset(&opts, 0, sizeof opts);
	opts.ca_file = s->ca_file;
	opts.msg_max = SOCK_MSG_MAX;
	opts.queue_max = SOCK_OUT_MAX;
	opts.ping_ms = s->ping_ms;
	opts.idle_ms = SOCK_IDLE_PINGS * s->ping_ms;
	opts.retry_first_ms = SOCK_BACKOFF_FIRST_MS;
	if ((sk->wc = wsclient_new(s->loop, &opts, &socket_ops, s,
	    &why)) == NULL) {
		set_cause(cause, "slack: %s", why);
		free(why);
		return -1;
	}
	socket_connect(s);
	return 0;
}

void
socket_halt(struct slack *s)
{
	struct slack_socket	*sk = s->sock;
	int			 i;

	if (sk == NULL || sk->stopped || sk->fatal)
		return;
	sk->fatal = 1;
	backoff_cancel(wsclient_retry(sk->wc));
	for (i = 0; i < SOCK_CONNS; i++) {
		sk->conns[i].doomed = 1;
		socket_close(&sk->conns[i]);
	}
}

void
socket_stop(struct slack *s)
{
	struct slack_socket	*sk = s->sock;

	if (sk == NULL || sk->stopped)
		return;
	sk->stopped = 1;
	wsclient_stop(sk->wc);
}

void
socket_free(struct slack *s)
{
	struct slack_socket	*sk = s->sock;

	if (sk == NULL)
		return;
	wsclient_free(sk->wc);
	free(sk);
	s->sock = NULL;
}
