/*
 * One byte-stream connection type on the libuv loop; see transport.h.
 *
 * A TCP socket lives apart from its connection (struct tsock): when an
 * address fails, or the connection ends, the socket is closed and freed
 * by libuv's close callback, and its pending connect and write requests
 * (whose callbacks libuv calls as the socket closes) find it detached
 * rather than a connection already gone.  A connection ends in one place
 * (tconn_end): everything is closed, and on_close comes from the loop
 * once its timer handle has closed, never from inside the owner's call.
 *
 * TLS goes through lib/tls (memory BIOs): bytes read are fed to OpenSSL,
 * and after every step what OpenSSL wants sent is written on the socket.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "lib/backoff.h"
#include "lib/buf.h"
#include "lib/resolve.h"
#include "lib/tls.h"
#include "lib/transport.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

#define TRANSPORT_CONNECT_MS	3000
#define TRANSPORT_LAST_MS	10000	/* the last address may take this long */
#define TRANSPORT_HANDSHAKE_MS	15000
#define TRANSPORT_CLOSE_MS	5000	/* the close's last bytes may take this */
#define TRANSPORT_OUT_MAX	(1024 * 1024)
#define TRANSPORT_READ_MAX	16384

enum tconn_state {
	TC_RESOLVING,
	TC_CONNECTING,
	TC_HANDSHAKE,		/* TRANSPORT_TLS before on_open */
	TC_OPEN,
	TC_CLOSING,		/* tconn_close: the last bytes going out */
	TC_DONE,		/* ended: on_close is coming */
};

struct tsock {
	uv_tcp_t	 tcp;
	uv_connect_t	 connect;
	struct tconn	*conn;		/* NULL once detached */
};

struct twrite {
	uv_write_t	 req;
	struct tsock	*sock;
	char		*data;
	size_t		 len;
};

struct tconn {
	LIST_ENTRY(tconn)	 entry;
	struct transport	*t;
	enum transport_kind	 kind;
	enum tconn_state	 state;
	int			 opened;	/* on_open was called */
	int			 secure;	/* TLS done */
	int			 timer_open;	/* timer initialised (not ws) */

	char			*host;
	char			*tls_name;
	int			 port;
	struct resolve		*res;
	struct resolve_list	 addrs;
	int			 next;		/* the next address to try */
	char			 addr[RESOLVE_ADDR_MAX];	/* being tried */
	char			 lasterr[200];

	struct tsock		*sock;
	uv_timer_t		 timer;		/* connect, handshake, close */
	struct tls		*tls;
	struct buf		 waiting;	/* written before TLS was up */
	size_t			 inflight;	/* bytes in write requests */
	char			 rbuf[TRANSPORT_READ_MAX + 1];

	struct wsconn		*ws;
	char			*why;		/* why it ended */
	char			 where[TRANSPORT_HOST_MAX + 32];
	void			*data;
};

struct transport {
	uv_loop_t			*loop;
	const struct transport_ops	*ops;
	void				*arg;
	LIST_HEAD(, tconn)		 conns;
	struct tls_ctx			*tls;
	struct wsclient			*wc;	/* made at the first wss:// */
	struct wsclient_opts		 wsopts;	/* strings ours */
	struct backoff			 retry;
	int				 stopped;
	int				 freeing;

	size_t				 out_max;
	uint64_t			 connect_ms;
	uint64_t			 handshake_ms;
};

static void	tconn_try_next(struct tconn *);
static void	transport_on_retry(void *);
static void	tconn_pump_tls(struct tconn *);

int
transport_url_parse(const char *url, struct transport_url *out, char **cause)
{
	const char	*p = url, *auth, *end, *hend, *colon;
	size_t		 n;
	char		*stop;
	long		 port;

	memset(out, 0, sizeof *out);
	while (isalnum((unsigned char)*p) || *p == '+' || *p == '-' || *p == '.')
		p++;
	n = (size_t)(p - url);
	if (n == 0 || !isalpha((unsigned char)*url) || strncmp(p, "://", 3) != 0)
		return set_cause(cause, "\"%.200s\" is not a URL "
		    "(scheme://host[:port])", url);
	if (n >= sizeof out->scheme)
		return set_cause(cause, "the scheme of \"%.200s\" is too long", url);
	for (n = 0; url + n < p; n++)
		out->scheme[n] = (char)tolower((unsigned char)url[n]);
	auth = p + 3;
	end = auth + strcspn(auth, "/?#");
	if (memchr(auth, '@', (size_t)(end - auth)) != NULL)
		return set_cause(cause, "\"%.200s\": a user in the URL is not "
		    "supported", url);
	if (*auth == '[') {
		hend = memchr(auth, ']', (size_t)(end - auth));
		if (hend == NULL)
			return set_cause(cause, "\"%.200s\": no ] after the IPv6 "
			    "address", url);
		n = (size_t)(hend - auth - 1);
		colon = hend + 1 < end ? hend + 1 : NULL;
		if (colon != NULL && *colon != ':')
			return set_cause(cause, "\"%.200s\": junk after the IPv6 "
			    "address", url);
		auth++;
	} else {
		colon = memchr(auth, ':', (size_t)(end - auth));
		n = (size_t)((colon != NULL ? colon : end) - auth);
	}
	if (n == 0)
		return set_cause(cause, "\"%.200s\" has no host", url);
	if (n >= sizeof out->host)
		return set_cause(cause, "the host of \"%.200s\" is too long", url);
	memcpy(out->host, auth, n);
	if (colon != NULL) {
		if (colon + 1 == end || !isdigit((unsigned char)colon[1]))
			return set_cause(cause, "\"%.200s\": bad port", url);
		port = strtol(colon + 1, &stop, 10);
		if (stop != end || port < 1 || port > 65535)
			return set_cause(cause, "\"%.200s\": bad port", url);
		out->port = (int)port;
	}
	if (strlen(end) >= sizeof out->path)
		return set_cause(cause, "the path of \"%.200s\" is too long", url);
	snprintf(out->path, sizeof out->path, "%s", end);
	return 0;
}

/* Websockets, through lib/wsclient: each op passed on. */
static void
transport_ws_open(struct wsconn *ws, void *arg)
{
	struct tconn	*c = wsconn_data(ws);

	(void)arg;
	if (c == NULL)
		return;
	c->opened = 1;
	c->state = TC_OPEN;
	if (c->t->ops->on_open != NULL)
		c->t->ops->on_open(c, c->t->arg);
}

static void
transport_ws_message(struct wsconn *ws, const char *data, size_t len,
    void *arg)
{
	struct tconn	*c = wsconn_data(ws);

	(void)arg;
	if (c != NULL && c->t->ops->on_data != NULL)
		c->t->ops->on_data(c, data, len, c->t->arg);
}

static void
transport_ws_sent(struct wsconn *ws, void *arg)
{
	struct tconn	*c = wsconn_data(ws);

	(void)arg;
	if (c != NULL && c->t->ops->on_sent != NULL)
		c->t->ops->on_sent(c, c->t->arg);
}

static void
transport_ws_notice(struct wsconn *ws, const char *what, void *arg)
{
	struct tconn	*c = wsconn_data(ws);

	(void)arg;
	if (c != NULL && c->t->ops->on_notice != NULL)
		c->t->ops->on_notice(c, what, c->t->arg);
}

static void
tconn_free(struct tconn *c)
{
	tls_free(c->tls);
	buf_release(&c->waiting);
	free(c->host);
	free(c->tls_name);
	free(c->why);
	free(c);
}

static void
transport_ws_close(struct wsconn *ws, int code, const char *why, void *arg)
{
	struct tconn	*c = wsconn_data(ws);
	struct transport *t;

	(void)code;
	(void)arg;
	if (c == NULL)
		return;
	t = c->t;
	LIST_REMOVE(c, entry);
	c->state = TC_DONE;
	if (!t->freeing)
		t->ops->on_close(c, c->opened, why, t->arg);
	tconn_free(c);
}

static const struct wsclient_ops transport_ws_ops = {
	.on_open = transport_ws_open,
	.on_message = transport_ws_message,
	.on_sent = transport_ws_sent,
	.on_notice = transport_ws_notice,
	.on_close = transport_ws_close,
};

struct transport *
transport_new(uv_loop_t *loop, const struct transport_opts *opts,
    const struct transport_ops *ops, void *arg, char **cause)
{
	struct transport	*t;

	t = xcalloc(1, sizeof *t);
	t->loop = loop;
	t->ops = ops;
	t->arg = arg;
	LIST_INIT(&t->conns);
	t->tls = tls_ctx_new(opts->ca_file, opts->client_cert,
	    opts->client_key, opts->alpn, cause);
	if (t->tls == NULL) {
		free(t);
		return NULL;
	}
	t->out_max = opts->out_max > 0 ? opts->out_max : TRANSPORT_OUT_MAX;
	t->connect_ms = opts->connect_ms > 0 ? opts->connect_ms :
	    TRANSPORT_CONNECT_MS;
	t->handshake_ms = opts->handshake_ms > 0 ? opts->handshake_ms :
	    TRANSPORT_HANDSHAKE_MS;
	t->wsopts.subprotocol = opts->subprotocol;
	t->wsopts.origin = opts->origin;
	t->wsopts.user_agent = opts->user_agent;
	t->wsopts.ca_file = opts->ca_file;
	t->wsopts.msg_max = opts->msg_max;
	t->wsopts.queue_max = opts->queue_max;
	t->wsopts.connect_ms = opts->connect_ms;
	t->wsopts.test_first_address = opts->test_first_address;
	wsclient_opts_own(&t->wsopts);
	backoff_init(&t->retry, loop, opts->retry_first_ms, opts->retry_max_ms,
	    transport_on_retry, t);
	return t;
}

/* Ends c: sockets and timer closed; on_close follows from the loop. */
static void	tconn_end(struct tconn *, const char *why);

void
transport_stop(struct transport *t)
{
	struct tconn	*c, *next;

	if (t == NULL || t->stopped)
		return;
	t->stopped = 1;
	backoff_close(&t->retry);
	for (c = LIST_FIRST(&t->conns); c != NULL; c = next) {
		next = LIST_NEXT(c, entry);
		if (c->kind != TRANSPORT_WS)
			tconn_end(c, "closed by us");
	}
	if (t->wc != NULL)
		wsclient_stop(t->wc);
}

void
transport_free(struct transport *t)
{
	struct tconn	*c;

	if (t == NULL)
		return;
	t->freeing = 1;
	wsclient_free(t->wc);
	while ((c = LIST_FIRST(&t->conns)) != NULL) {
		LIST_REMOVE(c, entry);
		tconn_free(c);
	}
	tls_ctx_free(t->tls);
	wsclient_opts_release(&t->wsopts);
	free(t);
}

static void
tsock_closed(uv_handle_t *h)
{
	free(h->data);
}

/* Detaches c's socket and closes it. */
static void
tconn_drop_sock(struct tconn *c)
{
	struct tsock	*s = c->sock;

	if (s == NULL)
		return;
	c->sock = NULL;
	s->conn = NULL;
	uv_close((uv_handle_t *)&s->tcp, tsock_closed);
}

static void
tconn_closed(uv_handle_t *h)
{
	struct tconn		*c = h->data;
	struct transport	*t = c->t;

	LIST_REMOVE(c, entry);
	if (!t->freeing)
		t->ops->on_close(c, c->opened, c->why, t->arg);
	tconn_free(c);
}

static void
tconn_end(struct tconn *c, const char *why)
{
	if (c->state == TC_DONE)
		return;
	c->state = TC_DONE;
	c->why = xstrdup(why);
	if (c->res != NULL) {
		resolve_cancel(c->res);
		c->res = NULL;
	}
	tconn_drop_sock(c);
	uv_close((uv_handle_t *)&c->timer, tconn_closed);
}

static void
tconn_notice(struct tconn *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
tconn_notice(struct tconn *c, const char *fmt, ...)
{
	char	what[512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (c->t->ops->on_notice != NULL)
		c->t->ops->on_notice(c, what, c->t->arg);
}

static void
twrite_done(uv_write_t *req, int status)
{
	struct twrite	*w = req->data;
	struct tconn	*c = w->sock->conn;
	size_t		 len = w->len;

	free(w->data);
	free(w);
	if (c == NULL)
		return;
	c->inflight -= len;
	if (status < 0) {
		snprintf(c->lasterr, sizeof c->lasterr, "write failed: %s",
		    uv_strerror(status));
		tconn_end(c, c->lasterr);
		return;
	}
	if (c->inflight > 0)
		return;
	if (c->state == TC_CLOSING)
		tconn_end(c, "closed by us");
	else if (c->state == TC_OPEN && c->t->ops->on_sent != NULL)
		c->t->ops->on_sent(c, c->t->arg);
}

/* Writes len bytes of data (taken: the caller's malloc) on c's socket. */
static int
tconn_sock_write(struct tconn *c, char *data, size_t len)
{
	struct twrite	*w;
	uv_buf_t	 b;
	int		 rc;

	if (c->sock == NULL) {
		free(data);
		return -1;
	}
	w = xcalloc(1, sizeof *w);
	w->req.data = w;
	w->sock = c->sock;
	w->data = data;
	w->len = len;
	b = uv_buf_init(data, (unsigned)len);
	if ((rc = uv_write(&w->req, (uv_stream_t *)&c->sock->tcp, &b, 1,
	    twrite_done)) != 0) {
		free(data);
		free(w);
		snprintf(c->lasterr, sizeof c->lasterr, "write failed: %s",
		    uv_strerror(rc));
		tconn_end(c, c->lasterr);
		return -1;
	}
	c->inflight += len;
	return 0;
}

/* Sends what OpenSSL wants sent. */
static void
tconn_flush_tls(struct tconn *c)
{
	char	*out;
	size_t	 len;

	while (c->tls != NULL && c->state != TC_DONE &&
	    tls_take_out(c->tls, &out, &len))
		tconn_sock_write(c, out, len);
}

/* The handshake is over: what waited goes, then the owner is told. */
static void
tconn_secured(struct tconn *c)
{
	struct transport	*t = c->t;
	char			*cause = NULL;
	int			 first = c->state == TC_HANDSHAKE;

	c->secure = 1;
	uv_timer_stop(&c->timer);
	if (c->waiting.len > 0) {
		if (tls_write(c->tls, c->waiting.data, c->waiting.len,
		    &cause) != 0) {
			tconn_end(c, cause);
			free(cause);
			return;
		}
		buf_reset(&c->waiting);
		tconn_flush_tls(c);
	}
	c->state = TC_OPEN;
	if (first) {
		c->opened = 1;
		if (t->ops->on_open != NULL)
			t->ops->on_open(c, t->arg);
	} else if (t->ops->on_tls != NULL)
		t->ops->on_tls(c, t->arg);
}

static void
tconn_pump_tls(struct tconn *c)
{
	struct transport	*t = c->t;
	char			*cause = NULL;
	long			 n;
	int			 rc;

	if (!c->secure) {
		rc = tls_handshake(c->tls, &cause);
		tconn_flush_tls(c);
		if (rc < 0) {
			tconn_end(c, cause);
			free(cause);
			return;
		}
		if (rc == 0 || c->state == TC_DONE)
			return;
		tconn_secured(c);
	}
	while (c->state == TC_OPEN) {
		n = tls_read(c->tls, c->rbuf, sizeof c->rbuf - 1, &cause);
		if (n == 0)
			break;
		if (n < 0) {
			tconn_flush_tls(c);
			tconn_end(c, cause != NULL ? cause : "closed by the peer");
			free(cause);
			return;
		}
		c->rbuf[n] = '\0';
		if (t->ops->on_data != NULL)
			t->ops->on_data(c, c->rbuf, (size_t)n, t->arg);
	}
	tconn_flush_tls(c);
}

static void
tconn_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b)
{
	struct tsock	*s = h->data;
	static char	 sink[64];

	(void)hint;
	if (s->conn == NULL)
		*b = uv_buf_init(sink, sizeof sink);
	else
		*b = uv_buf_init(s->conn->rbuf, TRANSPORT_READ_MAX);
}

static void
tconn_read(uv_stream_t *stream, ssize_t n, const uv_buf_t *b)
{
	struct tsock	*s = stream->data;
	struct tconn	*c = s->conn;

	if (c == NULL || n == 0)
		return;
	if (n < 0) {
		if (n == UV_EOF)
			tconn_end(c, "closed by the peer");
		else {
			snprintf(c->lasterr, sizeof c->lasterr, "read failed: %s",
			    uv_strerror((int)n));
			tconn_end(c, c->lasterr);
		}
		return;
	}
	if (c->tls != NULL) {
		tls_feed(c->tls, b->base, (size_t)n);
		if (c->state != TC_DONE)
			tconn_pump_tls(c);
		return;
	}
	if (c->state != TC_OPEN)
		return;
	c->rbuf[n] = '\0';
	if (c->t->ops->on_data != NULL)
		c->t->ops->on_data(c, c->rbuf, (size_t)n, c->t->arg);
}

static void
tconn_timeout(uv_timer_t *h)
{
	struct tconn	*c = h->data;
	char		 why[300];

	switch (c->state) {
	case TC_CONNECTING:
		snprintf(c->lasterr, sizeof c->lasterr, "%s: no answer in time",
		    c->addr);
		tconn_notice(c, "%s (port %d): no answer in time; trying the "
		    "next address", c->addr, c->port);
		tconn_drop_sock(c);
		tconn_try_next(c);
		break;
	case TC_HANDSHAKE:
	case TC_OPEN:
		snprintf(why, sizeof why, "TLS handshake with %.200s timed out",
		    c->tls_name);
		tconn_end(c, why);
		break;
	case TC_CLOSING:
		tconn_end(c, "closed by us");
		break;
	default:
		break;
	}
}

/* Starts TLS on c's socket (TRANSPORT_TLS, or tconn_starttls). */
static void
tconn_start_tls(struct tconn *c)
{
	c->tls = tls_new(c->t->tls, c->tls_name);
	uv_timer_start(&c->timer, tconn_timeout, c->t->handshake_ms, 0);
	tconn_pump_tls(c);
}

static void
tconn_connected(uv_connect_t *req, int status)
{
	struct tsock	*s = req->data;
	struct tconn	*c = s->conn;

	if (c == NULL)
		return;
	if (status != 0) {
		snprintf(c->lasterr, sizeof c->lasterr, "%s: %s", c->addr,
		    uv_strerror(status));
		if (c->next < c->addrs.n)
			tconn_notice(c, "%s (port %d): %s; trying the next "
			    "address", c->addr, c->port, uv_strerror(status));
		tconn_drop_sock(c);
		tconn_try_next(c);
		return;
	}
	uv_timer_stop(&c->timer);
	uv_tcp_nodelay(&s->tcp, 1);
	uv_read_start((uv_stream_t *)&s->tcp, tconn_alloc, tconn_read);
	if (c->kind == TRANSPORT_TLS) {
		c->state = TC_HANDSHAKE;
		tconn_start_tls(c);
		return;
	}
	c->state = TC_OPEN;
	c->opened = 1;
	if (c->t->ops->on_open != NULL)
		c->t->ops->on_open(c, c->t->arg);
}

/* Connects to the next address, or ends c when none is left. */
static void
tconn_try_next(struct tconn *c)
{
	struct sockaddr_storage	 ss;
	struct tsock		*s;
	uint64_t		 ms;
	char			 why[480];
	int			 rc;

	while (c->state != TC_DONE && c->next < c->addrs.n) {
		snprintf(c->addr, sizeof c->addr, "%s", c->addrs.addr[c->next++]);
		memset(&ss, 0, sizeof ss);
		if (strchr(c->addr, ':') != NULL)
			rc = uv_ip6_addr(c->addr, c->port,
			    (struct sockaddr_in6 *)&ss);
		else
			rc = uv_ip4_addr(c->addr, c->port,
			    (struct sockaddr_in *)&ss);
		s = xcalloc(1, sizeof *s);
		uv_tcp_init(c->t->loop, &s->tcp);
		s->tcp.data = s;
		s->connect.data = s;
		s->conn = c;
		c->sock = s;
		if (rc == 0)
			rc = uv_tcp_connect(&s->connect, &s->tcp,
			    (const struct sockaddr *)&ss, tconn_connected);
		if (rc != 0) {
			snprintf(c->lasterr, sizeof c->lasterr, "%s: %s",
			    c->addr, uv_strerror(rc));
			tconn_notice(c, "%s (port %d): %s", c->addr, c->port,
			    uv_strerror(rc));
			tconn_drop_sock(c);
			continue;
		}
		c->state = TC_CONNECTING;
		ms = c->t->connect_ms;
		if (c->next == c->addrs.n && ms < TRANSPORT_LAST_MS)
			ms = TRANSPORT_LAST_MS;
		uv_timer_start(&c->timer, tconn_timeout, ms, 0);
		return;
	}
	snprintf(why, sizeof why, "cannot connect to %.200s port %d (%s)",
	    c->host, c->port, c->lasterr);
	tconn_end(c, why);
}

static void
tconn_resolved(const struct resolve_list *list, const char *error, void *arg)
{
	struct tconn	*c = arg;
	int		 i;

	c->res = NULL;
	if (list == NULL) {
		if (c->addrs.n == 0) {
			tconn_end(c, error);
			return;
		}
		snprintf(c->lasterr, sizeof c->lasterr, "%s", error);
	} else {
		for (i = 0; i < list->n; i++)
			resolve_list_add(&c->addrs, list->addr[i]);
	}
	tconn_try_next(c);
}

static const char *
transport_scheme(enum transport_kind kind)
{
	return kind == TRANSPORT_TLS ? "tls" : "tcp";
}

struct tconn *
transport_connect(struct transport *t, const struct transport_target *tg,
    char **cause)
{
	struct tconn		*c;
	struct resolve_list	 numeric;
	char			*why = NULL;
	int			 i;

	if (t->stopped) {
		set_cause(cause, "the transport is stopped");
		return NULL;
	}
	if (tg->kind == TRANSPORT_WS) {
		if (tg->url == NULL) {
			set_cause(cause, "a websocket needs a URL");
			return NULL;
		}
		if (t->wc == NULL && (t->wc = wsclient_new(t->loop, &t->wsopts,
		    &transport_ws_ops, t, cause)) == NULL)
			return NULL;
		c = xcalloc(1, sizeof *c);
		c->t = t;
		c->kind = TRANSPORT_WS;
		buf_init(&c->waiting, 1);
		if ((c->ws = wsclient_connect(t->wc, tg->url, cause)) == NULL) {
			tconn_free(c);
			return NULL;
		}
		wsconn_set_data(c->ws, c);
		snprintf(c->where, sizeof c->where, "%s", wsconn_where(c->ws));
		LIST_INSERT_HEAD(&t->conns, c, entry);
		return c;
	}
	if (tg->host == NULL || *tg->host == '\0' ||
	    strlen(tg->host) >= TRANSPORT_HOST_MAX) {
		set_cause(cause, "no host, or one too long, to connect to");
		return NULL;
	}
	if (tg->port < 1 || tg->port > 65535) {
		set_cause(cause, "port %d is not a TCP port", tg->port);
		return NULL;
	}
	c = xcalloc(1, sizeof *c);
	c->t = t;
	c->kind = tg->kind;
	c->host = xstrdup(tg->host);
	c->tls_name = xstrdup(tg->tls_name != NULL && *tg->tls_name != '\0' ?
	    tg->tls_name : tg->host);
	c->port = tg->port;
	buf_init(&c->waiting, t->out_max);
	uv_timer_init(t->loop, &c->timer);
	c->timer.data = c;
	c->state = TC_RESOLVING;
	if (strchr(c->host, ':') != NULL)
		snprintf(c->where, sizeof c->where, "%s://[%s]:%d",
		    transport_scheme(c->kind), c->host, c->port);
	else
		snprintf(c->where, sizeof c->where, "%s://%s:%d",
		    transport_scheme(c->kind), c->host, c->port);
	LIST_INSERT_HEAD(&t->conns, c, entry);
	if (t->wsopts.test_first_address != NULL)
		resolve_list_add(&c->addrs, t->wsopts.test_first_address);
	if (resolve_numeric(c->host, &numeric)) {
		for (i = 0; i < numeric.n; i++)
			resolve_list_add(&c->addrs, numeric.addr[i]);
		tconn_try_next(c);
		return c;
	}
	c->res = resolve_start(t->loop, c->host, tconn_resolved, c, &why);
	if (c->res == NULL) {
		/* Told as any failure to connect: by on_close, from the loop. */
		tconn_end(c, why);
		free(why);
	}
	return c;
}

static void
transport_on_retry(void *arg)
{
	struct transport	*t = arg;

	if (!t->stopped && t->ops->on_retry != NULL)
		t->ops->on_retry(t->arg);
}

struct backoff *
transport_retry(struct transport *t)
{
	return &t->retry;
}

int
tconn_write(struct tconn *c, const char *data, size_t len, char **cause)
{
	char	*copy;
	int	 rc;

	if (c->kind == TRANSPORT_WS) {
		copy = xstrndup(data, len);
		rc = wsconn_send(c->ws, copy, 0, cause);
		free(copy);
		return rc;
	}
	if (c->state != TC_OPEN)
		return set_cause(cause, "the connection is not open");
	if (c->inflight + c->waiting.len + len > c->t->out_max)
		return set_cause(cause, "the connection's output is full "
		    "(%zu bytes waiting)", c->inflight + c->waiting.len);
	if (c->tls != NULL && !c->secure) {
		if (buf_add(&c->waiting, data, len) != 0)
			return set_cause(cause, "the connection's output is full");
		return 0;
	}
	if (c->tls != NULL) {
		if (tls_write(c->tls, data, len, cause) != 0)
			return -1;
		tconn_flush_tls(c);
		return 0;
	}
	return tconn_sock_write(c, xmemdup(data, len), len) == 0 ? 0 :
	    set_cause(cause, "%s", c->lasterr);
}

int
tconn_starttls(struct tconn *c, char **cause)
{
	if (c->kind != TRANSPORT_TCP || c->tls != NULL)
		return set_cause(cause, "STARTTLS needs a plain TCP connection");
	if (c->state != TC_OPEN)
		return set_cause(cause, "the connection is not open");
	tconn_start_tls(c);
	return 0;
}

void
tconn_close(struct tconn *c)
{
	if (c->kind == TRANSPORT_WS) {
		wsconn_close(c->ws, WSCONN_CLOSE_NORMAL);
		return;
	}
	if (c->state != TC_OPEN) {
		tconn_end(c, "closed by us");
		return;
	}
	c->state = TC_CLOSING;
	buf_reset(&c->waiting);
	if (c->tls != NULL && c->secure) {
		tls_close(c->tls);
		tconn_flush_tls(c);
	}
	if (c->inflight == 0) {
		tconn_end(c, "closed by us");
		return;
	}
	uv_timer_start(&c->timer, tconn_timeout, TRANSPORT_CLOSE_MS, 0);
}

int
tconn_is_open(const struct tconn *c)
{
	if (c->kind == TRANSPORT_WS)
		return c->state == TC_OPEN && wsconn_is_open(c->ws);
	return c->state == TC_OPEN;
}

int
tconn_is_secure(const struct tconn *c)
{
	if (c->kind == TRANSPORT_WS)
		return strncmp(c->where, "wss:", 4) == 0;
	return c->secure;
}

int
tconn_framed(const struct tconn *c)
{
	return c->kind == TRANSPORT_WS;
}

size_t
tconn_backlog(const struct tconn *c)
{
	if (c->kind == TRANSPORT_WS)
		return c->state == TC_DONE ? 0 : (size_t)wsconn_backlog(c->ws);
	return c->inflight + c->waiting.len;
}

const char *
tconn_where(const struct tconn *c)
{
	return c->where;
}

void
tconn_set_data(struct tconn *c, void *data)
{
	c->data = data;
}

void *
tconn_data(const struct tconn *c)
{
	return c->data;
}
