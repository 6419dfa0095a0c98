/*
 * The XMPP adapter's connection, on lib/transport: where the server is
 * and how to reach it, and the reconnects.
 *
 *   xmpp://host[:port]   TCP to port 5222 (or the one given); the stream
 *                        then asks for STARTTLS (stream.c);
 *   xmpps://host[:port]  TLS from the first byte (XEP-0368), port 5223;
 *   ws:// or wss://      a websocket, subprotocol "xmpp" (RFC 7395): one
 *                        message is one element each way;
 *   no URL               the JID's domain's SRV records (RFC 6120 section
 *                        3.2): _xmpps-client._tcp (direct TLS) first, then
 *                        _xmpp-client._tcp (STARTTLS), each in priority
 *                        and weight order; none: the domain on 5222.
 *
 * A TLS certificate must name the JID's domain, whatever host the SRV
 * records point to.  Each round tries its targets in turn until one
 * opens; when none does, or an open connection is lost, the next round
 * (with a fresh SRV lookup) follows an exponential backoff with jitter
 * (1 s doubling to 60 s), forever, unless the server refused our
 * credentials (then the adapter says so and stops; the bot runs on).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/backoff.h"
#include "lib/srv.h"
#include "lib/transport.h"
#include "lib/xmalloc.h"

#define XCONN_TARGETS_MAX	(2 * SRV_MAX + 1)
#define XCONN_PORT_STARTTLS	5222
#define XCONN_PORT_TLS		5223
/* Bytes waiting to be written: room for the offline queue, and more. */
#define XCONN_OUT_MAX		(4 * 1024 * 1024)
#define XCONN_WS_OUT_MAX		(XMPP_QUEUE_MAX + 256)

struct xconn_target {
	enum transport_kind	kind;
	char			host[SRV_HOST_MAX];
	int			port;
};

struct xconn {
	struct transport	*t;
	struct tconn		*tc;		/* NULL: none */
	struct srv		*srv;		/* a lookup running, or NULL */
	int			 stopped;

	/* This round's targets, and the one being tried. */
	struct xconn_target	 targets[XCONN_TARGETS_MAX];
	int			 ntargets;
	int			 next;
	struct srv_list		 direct;	/* _xmpps-client's answer */
};

static void	xconn_round(struct xmpp *);
static void	xconn_try(struct xmpp *);

void
xconn_send(struct xmpp *x, char *text)
{
	struct xconn	*c = x->conn;
	char		*cause = NULL;

	if (c == NULL || c->tc == NULL || !tconn_is_open(c->tc))
		log_warn("xmpp: a stanza was dropped (not connected)");
	else if (tconn_write(c->tc, text, strlen(text), &cause) != 0) {
		log_warn("xmpp: a stanza was dropped (%s)", cause);
		free(cause);
	} else
		x->last_write = uv_now(x->loop);
	free(text);
}

void
xconn_drop(struct xmpp *x, const char *why)
{
	struct xconn	*c = x->conn;

	if (c == NULL || c->tc == NULL || !tconn_is_open(c->tc))
		return;
	log_info("xmpp: closing the connection: %s", why);
	tconn_close(c->tc);
}

int
xconn_is_open(struct xmpp *x)
{
	return x->conn != NULL && x->conn->tc != NULL &&
	    tconn_is_open(x->conn->tc);
}

int
xconn_framed(struct xmpp *x)
{
	return x->conn->tc != NULL && tconn_framed(x->conn->tc);
}

int
xconn_secure(struct xmpp *x)
{
	return x->conn->tc != NULL && tconn_is_secure(x->conn->tc);
}

int
xconn_starttls(struct xmpp *x, char **cause)
{
	if (x->conn->tc == NULL)
		return set_cause(cause, "not connected");
	return tconn_starttls(x->conn->tc, cause);
}

void
xconn_reset_backoff(struct xmpp *x)
{
	backoff_reset(transport_retry(x->conn->t));
}

/* The round is over without a stream: plan the next. */
static void
xconn_lost(struct xmpp *x, const char *why)
{
	struct xconn	*c = x->conn;
	uint64_t	 ms;

	c->tc = NULL;
	stream_lost(x);
	if (c->stopped || x->stopping)
		return;
	if (x->fatal) {
		bot_adapter_state(&x->adapter, "refused");
		return;
	}
	ms = backoff_next(transport_retry(c->t));
	bot_adapter_state(&x->adapter, "retrying");
	log_info("xmpp: connection lost (%s); reconnecting in %llu ms", why,
	    (unsigned long long)ms);
}

static void
xconn_on_open(struct tconn *tc, void *arg)
{
	struct xmpp	*x = arg;

	if (tc != x->conn->tc)
		return;
	log_info("xmpp: connected to %s", tconn_where(tc));
	stream_opened(x);
}

static void
xconn_on_data(struct tconn *tc, const char *data, size_t len, void *arg)
{
	struct xmpp	*x = arg;

	/* Nothing more is read from a stream we are closing. */
	if (tc == x->conn->tc && tconn_is_open(tc))
		stream_data(x, data, len);
}

static void
xconn_on_tls(struct tconn *tc, void *arg)
{
	struct xmpp	*x = arg;

	if (tc == x->conn->tc && tconn_is_open(tc))
		stream_secured(x);
}

static void
xconn_on_notice(struct tconn *tc, const char *what, void *arg)
{
	(void)tc;
	(void)arg;
	log_warn("xmpp: %s", what);
}

static void
xconn_on_close(struct tconn *tc, int opened, const char *why, void *arg)
{
	struct xmpp	*x = arg;
	struct xconn	*c = x->conn;

	if (tc != c->tc)
		return;
	if (!opened) {
		log_warn("xmpp: cannot connect to %s: %s", tconn_where(tc), why);
		c->tc = NULL;
		if (!c->stopped && !x->stopping && c->next < c->ntargets) {
			xconn_try(x);
			return;
		}
	}
	xconn_lost(x, why);
}

static void
xconn_on_retry(void *arg)
{
	xconn_round(arg);
}

static const struct transport_ops xconn_ops = {
	.on_open = xconn_on_open,
	.on_data = xconn_on_data,
	.on_tls = xconn_on_tls,
	.on_notice = xconn_on_notice,
	.on_close = xconn_on_close,
	.on_retry = xconn_on_retry,
};

/* Connects to this round's next target. */
static void
xconn_try(struct xmpp *x)
{
	struct xconn		*c = x->conn;
	struct xconn_target	*tg;
	struct transport_target	 t;
	char			*cause = NULL;

	while (c->next < c->ntargets) {
		tg = &c->targets[c->next++];
		memset(&t, 0, sizeof t);
		t.kind = tg->kind;
		if (tg->kind == TRANSPORT_WS)
			t.url = x->url;
		else {
			t.host = tg->host;
			t.port = tg->port;
			t.tls_name = x->domain;
		}
		if ((c->tc = transport_connect(c->t, &t, &cause)) != NULL) {
			log_info("xmpp: connecting to %s%s", tconn_where(c->tc),
			    tg->kind == TRANSPORT_TCP ? " (STARTTLS)" : "");
			return;
		}
		log_error("xmpp: cannot connect to %.200s: %s",
		    tg->kind == TRANSPORT_WS ? x->url : tg->host, cause);
		free(cause);
		cause = NULL;
	}
	xconn_lost(x, "connect failed");
}

static void
xconn_add(struct xconn *c, enum transport_kind kind, const char *host,
    int port)
{
	struct xconn_target	*tg;

	if (c->ntargets == XCONN_TARGETS_MAX)
		return;
	tg = &c->targets[c->ntargets++];
	tg->kind = kind;
	snprintf(tg->host, sizeof tg->host, "%s", host);
	tg->port = port;
}

/* The records of list (NULL: the lookup failed) as targets of kind. */
static void
xconn_add_srv(struct xconn *c, const struct srv_list *list,
    enum transport_kind kind)
{
	int	i;

	for (i = 0; list != NULL && i < list->n; i++)
		xconn_add(c, kind, list->rec[i].target, list->rec[i].port);
}

static void
xconn_on_srv_starttls(const struct srv_list *list, const char *error,
    void *arg)
{
	struct xmpp	*x = arg;
	struct xconn	*c = x->conn;

	c->srv = NULL;
	if (error != NULL)
		log_warn("xmpp: no SRV answer for _xmpp-client._tcp.%s (%s)",
		    x->domain, error);
	c->ntargets = c->next = 0;
	xconn_add_srv(c, &c->direct, TRANSPORT_TLS);
	xconn_add_srv(c, list, TRANSPORT_TCP);
	if (c->ntargets == 0) {
		log_info("xmpp: %s has no SRV records; trying it on port %d",
		    x->domain, XCONN_PORT_STARTTLS);
		xconn_add(c, TRANSPORT_TCP, x->domain, XCONN_PORT_STARTTLS);
	} else
		log_info("xmpp: %s's SRV records give %d target%s", x->domain,
		    c->ntargets, c->ntargets == 1 ? "" : "s");
	xconn_try(x);
}

static void
xconn_on_srv_direct(const struct srv_list *list, const char *error,
    void *arg)
{
	struct xmpp	*x = arg;
	struct xconn	*c = x->conn;
	char		*name, *cause = NULL;

	c->srv = NULL;
	memset(&c->direct, 0, sizeof c->direct);
	if (error != NULL)
		log_warn("xmpp: no SRV answer for _xmpps-client._tcp.%s (%s)",
		    x->domain, error);
	else
		c->direct = *list;
	name = xasprintf("_xmpp-client._tcp.%s", x->domain);
	c->srv = srv_lookup(x->loop, name, x->dns_server, xconn_on_srv_starttls,
	    x, &cause);
	free(name);
	if (c->srv == NULL) {
		log_warn("xmpp: cannot look up SRV records: %s", cause);
		free(cause);
		xconn_on_srv_starttls(NULL, "no lookup", x);
	}
}

/* Starts a round: the URL's one target, or the SRV lookup's. */
static void
xconn_round(struct xmpp *x)
{
	struct xconn		*c = x->conn;
	struct transport_url	 u;
	char			*cause = NULL, *name;

	if (c->stopped || x->fatal || c->tc != NULL || c->srv != NULL)
		return;
	bot_adapter_state(&x->adapter, "connecting");
	c->ntargets = c->next = 0;
	if (*x->url == '\0') {
		name = xasprintf("_xmpps-client._tcp.%s", x->domain);
		log_info("xmpp: looking up %s's SRV records", x->domain);
		c->srv = srv_lookup(x->loop, name, x->dns_server,
		    xconn_on_srv_direct, x, &cause);
		free(name);
		if (c->srv == NULL) {
			log_warn("xmpp: cannot look up SRV records: %s", cause);
			free(cause);
			xconn_add(c, TRANSPORT_TCP, x->domain,
			    XCONN_PORT_STARTTLS);
			xconn_try(x);
		}
		return;
	}
	if (strncmp(x->url, "ws://", 5) == 0 ||
	    strncmp(x->url, "wss://", 6) == 0)
		xconn_add(c, TRANSPORT_WS, "", 0);
	else if (transport_url_parse(x->url, &u, &cause) != 0) {
		log_error("xmpp: xmpp.url: %s", cause);
		free(cause);
		x->fatal = 1;
	} else if (strcmp(u.scheme, "xmpps") == 0)
		xconn_add(c, TRANSPORT_TLS, u.host, u.port != 0 ? u.port :
		    XCONN_PORT_TLS);
	else
		xconn_add(c, TRANSPORT_TCP, u.host, u.port != 0 ? u.port :
		    XCONN_PORT_STARTTLS);
	xconn_try(x);
}

int
xconn_start(struct xmpp *x, char **cause)
{
	struct transport_opts	 opts;
	struct xconn		*c;
	char			*why = NULL;

	c = xcalloc(1, sizeof *c);
	x->conn = c;
	memset(&opts, 0, sizeof opts);
	opts.ca_file = x->ca_file;
	opts.alpn = "xmpp-client";
	opts.out_max = XCONN_OUT_MAX;
	opts.retry_max_ms = XMPP_BACKOFF_MAX_MS;
	opts.subprotocol = "xmpp";
	opts.msg_max = XML_INPUT_MAX;
	opts.queue_max = XCONN_WS_OUT_MAX;
	if ((c->t = transport_new(x->loop, &opts, &xconn_ops, x, &why)) ==
	    NULL) {
		set_cause(cause, "xmpp: %s", why);
		free(why);
		return -1;
	}
	xconn_round(x);
	return 0;
}

void
xconn_stop(struct xmpp *x)
{
	struct xconn	*c = x->conn;

	if (c == NULL || c->stopped)
		return;
	c->stopped = 1;
	srv_cancel(c->srv);
	c->srv = NULL;
	transport_stop(c->t);
}

void
xconn_free(struct xmpp *x)
{
	struct xconn	*c = x->conn;

	if (c == NULL)
		return;
	transport_free(c->t);
	free(c);
	x->conn = NULL;
}
