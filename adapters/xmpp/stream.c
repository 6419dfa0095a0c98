/*
 * The XMPP stream (RFC 6120) on the connection (xconn.c).  On TCP it is
 * one long document read by an xml_reader: <stream:stream>, the
 * features, STARTTLS when the connection is not encrypted yet (required
 * unless xmpp.allow_plaintext says otherwise), a new stream over TLS,
 * SASL (sasl.c), a new stream after <success/>, stream management's
 * resumption (sm.c) or resource binding, then initial presence and the
 * rooms (muc.c).  On a websocket (RFC 7395) each message is one element
 * and the stream's header is <open/>; TLS is the websocket's own.
 *
 * Once online, stanzas go to xmpp.c (messages) and muc.c (presences);
 * iq gets are answered: XEP-0199 pings with a result, anything else with
 * service-unavailable.  We ping the server every ping_interval; a ping
 * still unanswered at the next one means a dead link, and the socket is
 * dropped (xconn.c reconnects).  On TCP a single space goes out when
 * nothing else was written for a while (a whitespace keepalive), so that
 * idle NATs and proxies keep the connection.  Stanzas made while the
 * stream is down wait in a capped queue and go out once the rooms are
 * joined again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/xmpp/sasl.h"
#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define STREAM_MECHS_MAX	16	/* SASL mechanisms we look at */
#define STREAM_KEEPALIVE_MS	30000	/* idle time before a space */

static void	stream_element(struct xmpp *, const struct xml_node *);

void
stream_new_id(struct xmpp *x, char *buf, size_t len)
{
	snprintf(buf, len, "cb%llu", (unsigned long long)++x->next_id);
}

/* The stream's header (a TCP stream's root element) is in. */
static void
stream_on_header(void *arg, const struct xml_node *root)
{
	struct xmpp	*x = arg;

	if (!xconn_is_open(x))
		return;
	if (!xml_is(root, "stream", NS_STREAMS)) {
		log_warn("xmpp: the server's stream starts with <%.32s/> in "
		    "%.80s, not a stream", root->name, root->ns);
		xconn_drop(x, "not an XMPP stream");
		return;
	}
	log_debug("xmpp: stream opened (id %.64s)", xml_attr(root, "id") !=
	    NULL ? xml_attr(root, "id") : "none");
}

static void
stream_on_element(void *arg, const struct xml_node *n)
{
	struct xmpp	*x = arg;

	if (xconn_is_open(x))
		stream_element(x, n);
}

/* The server ended its stream: we end ours. */
static void
stream_on_close(void *arg)
{
	struct xmpp	*x = arg;

	if (!xconn_is_open(x))
		return;
	log_info("xmpp: the server closes the stream");
	xconn_send(x, xstrdup("</stream:stream>"));
	xconn_drop(x, "closed by the server");
}

static const struct xml_reader_cb stream_reader_cb = {
	.open = stream_on_header,
	.element = stream_on_element,
	.close = stream_on_close,
};

/*
 * Opens a stream to our domain: <open/> on a websocket; on TCP a new
 * document, read by a fresh reader (after STARTTLS and SASL the old
 * stream is over, and whatever followed its last element is dropped).
 */
static void
stream_open(struct xmpp *x)
{
	struct buf	b;

	buf_init(&b, XMPP_JID_MAX * 2 + 512);
	if (xconn_framed(x)) {
		buf_puts(&b, "<open xmlns='" NS_FRAMING "' to='");
		xml_escape(&b, x->domain);
		buf_puts(&b, "' version='1.0'/>");
	} else {
		if (x->reader == NULL)
			x->reader = xml_reader_new(&stream_reader_cb, x);
		else
			xml_reader_restart(x->reader);
		buf_puts(&b, "<?xml version='1.0'?><stream:stream xmlns='"
		    NS_CLIENT "' xmlns:stream='" NS_STREAMS "' to='");
		xml_escape(&b, x->domain);
		if (xconn_secure(x)) {
			buf_puts(&b, "' from='");
			xml_escape(&b, x->jid);
		}
		buf_puts(&b, "' version='1.0' xml:lang='en'>");
	}
	xconn_send(x, buf_detach(&b));
	x->phase = XMPP_OPENING;
}

void
stream_secured(struct xmpp *x)
{
	if (x->phase != XMPP_TLS) {
		xconn_drop(x, "TLS out of turn");
		return;
	}
	log_info("xmpp: TLS is up (STARTTLS)");
	stream_open(x);
}

void
stream_data(struct xmpp *x, const char *data, size_t len)
{
	char	*cause = NULL;

	if (xconn_framed(x)) {
		stream_message(x, data, len);
		return;
	}
	if (x->reader == NULL)
		return;
	if (xml_reader_feed(x->reader, data, len, &cause) != 0) {
		log_warn("xmpp: the server's stream is malformed (%s)", cause);
		free(cause);
		xconn_send(x, xstrdup("<stream:error><not-well-formed xmlns="
		    "'urn:ietf:params:xml:ns:xmpp-streams'/></stream:error>"
		    "</stream:stream>"));
		xconn_drop(x, "malformed XML");
	}
}

void
stream_opened(struct xmpp *x)
{
	x->authed = 0;
	stream_open(x);
}

int
stream_list_add(char **list, int *n, char *stanza)
{
	int	full = *n == XMPP_QUEUE_MAX;

	if (full) {
		free(list[0]);
		memmove(list, list + 1, (size_t)--*n * sizeof *list);
	}
	list[(*n)++] = stanza;
	return full;
}

void
stream_send(struct xmpp *x, char *stanza)
{
	if (x->phase == XMPP_ONLINE) {
		stream_write(x, stanza);
		return;
	}
	if (stream_list_add(x->queue, &x->nqueue, stanza))
		log_warn("xmpp: offline and %d stanzas waiting; the oldest is "
		    "dropped", XMPP_QUEUE_MAX);
}

/* Sends what waited while the stream was down, in order. */
static void
stream_flush(struct xmpp *x)
{
	int	i;

	if (x->nqueue > 0)
		log_info("xmpp: sending %d message%s held while offline",
		    x->nqueue, x->nqueue == 1 ? "" : "s");
	for (i = 0; i < x->nqueue; i++)
		stream_write(x, x->queue[i]);
	x->nqueue = 0;
}

static void
stream_on_ping(uv_timer_t *t)
{
	struct xmpp	*x = t->data;
	char		*s;

	if (x->phase != XMPP_ONLINE)
		return;
	if (x->ping_id[0] != '\0') {
		log_warn("xmpp: no answer to our ping within %llu ms; the "
		    "connection is dead", (unsigned long long)x->ping_ms);
		xconn_drop(x, "ping timeout");
		return;
	}
	stream_new_id(x, x->ping_id, sizeof x->ping_id);
	s = xasprintf("<iq xmlns='" NS_CLIENT "' type='get' id='%s'>"
	    "<ping xmlns='" NS_PING "'/></iq>", x->ping_id);
	stream_write(x, s);
	uv_timer_start(&x->ping, stream_on_ping, x->ping_ms, 0);
}

static void
stream_on_keepalive(uv_timer_t *t)
{
	struct xmpp	*x = t->data;

	if (x->phase == XMPP_ONLINE && !xconn_framed(x) &&
	    uv_now(x->loop) - x->last_write >= uv_timer_get_repeat(t))
		xconn_send(x, xstrdup(" "));
}

void
stream_write(struct xmpp *x, char *text)
{
	sm_sent(x, text);
	xconn_send(x, text);
}

/* Online: pings, keepalives, and what waited. */
static void
stream_up(struct xmpp *x)
{
	x->phase = XMPP_ONLINE;
	xconn_reset_backoff(x);
	stream_flush(x);
	x->ping_id[0] = '\0';
	uv_timer_start(&x->ping, stream_on_ping, x->ping_ms, 0);
	if (!xconn_framed(x)) {
		uint64_t	ms = x->ping_ms / 2;

		ms = ms > STREAM_KEEPALIVE_MS ? STREAM_KEEPALIVE_MS : ms;
		uv_timer_start(&x->keepalive, stream_on_keepalive, ms, ms);
	}
	bot_adapter_state(&x->adapter, "connected");
}

/*
 * Bound: stream management, presence, rooms, the messages a lost session
 * never had acknowledged, held stanzas, pings.
 */
static void
stream_online(struct xmpp *x)
{
	log_info("xmpp: online as %s", x->full);
	sm_enable(x);
	stream_write(x, xstrdup("<presence xmlns='" NS_CLIENT "'/>"));
	muc_join_all(x);
	sm_resend_old(x);
	stream_up(x);
}

void
stream_resumed(struct xmpp *x)
{
	log_info("xmpp: online again as %s", x->full);
	stream_up(x);
}

void
stream_bind(struct xmpp *x)
{
	struct buf	b;

	/* A new session: whatever the rooms knew of the old one is gone. */
	muc_reset(x);
	stream_new_id(x, x->bind_id, sizeof x->bind_id);
	buf_init(&b, 1024);
	buf_printf(&b, "<iq xmlns='" NS_CLIENT "' type='set' id='%s'><bind "
	    "xmlns='" NS_BIND "'><resource>", x->bind_id);
	xml_escape(&b, x->resource);
	buf_puts(&b, "</resource></bind></iq>");
	xconn_send(x, buf_detach(&b));
	x->phase = XMPP_BINDING;
}

/* The server's features: TLS first, then authenticate, then resume or bind. */
static void
stream_features(struct xmpp *x, const struct xml_node *n)
{
	const struct xml_node	*mechs, *m;
	const char		*names[STREAM_MECHS_MAX];
	enum sasl_mech		 mech;
	char			*cause = NULL, *initial, *s;
	int			 count = 0;

	if (x->phase != XMPP_OPENING) {
		log_warn("xmpp: stream features out of turn; dropped");
		return;
	}
	/* On TCP: TLS first, or nothing unless the operator allows it. */
	if (!xconn_framed(x) && !xconn_secure(x)) {
		if (xml_child(n, "starttls", NS_TLS) != NULL) {
			xconn_send(x, xstrdup("<starttls xmlns='" NS_TLS "'/>"));
			x->phase = XMPP_TLS;
			return;
		}
		if (!x->allow_plaintext) {
			log_error("xmpp: the server offers no STARTTLS, and the "
			    "bot does not log in without TLS (xmpp."
			    "allow_plaintext = yes would allow it)");
			xconn_drop(x, "no STARTTLS");
			return;
		}
		log_warn("xmpp: the server offers no STARTTLS; logging in "
		    "without TLS, as xmpp.allow_plaintext says");
	}
	if (!x->authed) {
		mechs = xml_child(n, "mechanisms", NS_SASL);
		for (m = mechs == NULL ? NULL : mechs->child; m != NULL &&
		    count < STREAM_MECHS_MAX; m = m->next) {
			if (xml_is(m, "mechanism", NS_SASL) && *m->text != '\0')
				names[count++] = m->text;
		}
		if (sasl_pick(names, count, xconn_secure(x), x->allow_plain,
		    &mech, &cause) != 0) {
			log_error("xmpp: cannot log in: %s; not reconnecting "
			    "(other adapters keep running)", cause);
			free(cause);
			x->fatal = 1;
			xconn_drop(x, "no usable SASL mechanism");
			return;
		}
		log_info("xmpp: authenticating as %s with %s", x->jid,
		    sasl_mech_name(mech));
		sasl_free(x->sasl);
		x->sasl = sasl_new(mech, x->local, x->password, NULL);
		initial = sasl_initial(x->sasl);
		s = xasprintf("<auth xmlns='" NS_SASL "' mechanism='%s'>%s"
		    "</auth>", sasl_mech_name(mech), initial);
		free(initial);
		xconn_send(x, s);
		x->phase = XMPP_AUTH;
		return;
	}
	if (xml_child(n, "bind", NS_BIND) == NULL) {
		log_warn("xmpp: the server offers no resource binding");
		xconn_drop(x, "no resource binding");
		return;
	}
	x->sm_offered = xml_child(n, "sm", NS_SM) != NULL;
	if (sm_resume(x)) {
		x->phase = XMPP_BINDING;
		return;
	}
	stream_bind(x);
}

/* <challenge/>, <success/>, <failure/>. */
static void
stream_sasl(struct xmpp *x, const struct xml_node *n)
{
	const struct xml_node	*c;
	char			*cause = NULL, *resp;

	if (x->phase != XMPP_AUTH || x->sasl == NULL) {
		log_warn("xmpp: SASL %s out of turn; dropped", n->name);
		return;
	}
	if (strcmp(n->name, "challenge") == 0) {
		if (sasl_challenge(x->sasl, n->text, &resp, &cause) != 0) {
			log_error("xmpp: SASL: %s", cause);
			free(cause);
			xconn_send(x, xstrdup("<abort xmlns='" NS_SASL "'/>"));
			xconn_drop(x, "SASL failed");
			return;
		}
		xconn_send(x, xasprintf("<response xmlns='" NS_SASL "'>%s"
		    "</response>", resp));
		free(resp);
	} else if (strcmp(n->name, "success") == 0) {
		if (sasl_success(x->sasl, n->text, &cause) != 0) {
			log_error("xmpp: SASL: %s", cause);
			free(cause);
			xconn_drop(x, "SASL failed");
			return;
		}
		sasl_free(x->sasl);
		x->sasl = NULL;
		x->authed = 1;
		log_info("xmpp: authenticated");
		stream_open(x);
	} else if (strcmp(n->name, "failure") == 0) {
		c = n->child;
		if (c != NULL && (strcmp(c->name, "not-authorized") == 0 ||
		    strcmp(c->name, "account-disabled") == 0 ||
		    strcmp(c->name, "credentials-expired") == 0)) {
			log_error("xmpp: the server refused the login (%s): "
			    "check xmpp.jid and xmpp.password; not reconnecting "
			    "(other adapters keep running)", c->name);
			x->fatal = 1;
		} else
			log_warn("xmpp: SASL failed (%s)", c == NULL ? "no "
			    "reason" : c->name);
		xconn_drop(x, "SASL failed");
	}
}

/* Answers an iq get or set we do not serve with an error. */
static void
stream_iq_error(struct xmpp *x, const struct xml_node *n, const char *id,
    const char *from)
{
	struct buf	b;

	(void)n;
	buf_init(&b, 4096);
	buf_puts(&b, "<iq xmlns='" NS_CLIENT "' type='error' id='");
	xml_escape(&b, id);
	if (from != NULL) {
		buf_puts(&b, "' to='");
		xml_escape(&b, from);
	}
	buf_puts(&b, "'><error type='cancel'><service-unavailable xmlns='"
	    NS_STANZAS "'/></error></iq>");
	stream_write(x, buf_detach(&b));
}

static void
stream_iq(struct xmpp *x, const struct xml_node *n)
{
	const char		*type = xml_attr(n, "type");
	const char		*id = xml_attr(n, "id");
	const char		*from = xml_attr(n, "from");
	const struct xml_node	*c;
	struct buf		 b;

	if (type == NULL || id == NULL || strlen(id) > 256) {
		log_warn("xmpp: dropped an iq without type or id");
		return;
	}
	if (strcmp(type, "get") == 0 || strcmp(type, "set") == 0) {
		if (strcmp(type, "get") == 0 && xml_child(n, "ping", NS_PING)) {
			buf_init(&b, 4096);
			buf_puts(&b, "<iq xmlns='" NS_CLIENT "' type='result' "
			    "id='");
			xml_escape(&b, id);
			if (from != NULL) {
				buf_puts(&b, "' to='");
				xml_escape(&b, from);
			}
			buf_puts(&b, "'/>");
			stream_write(x, buf_detach(&b));
			return;
		}
		stream_iq_error(x, n, id, from);
		return;
	}
	if (x->phase == XMPP_BINDING && strcmp(id, x->bind_id) == 0) {
		c = xml_child(xml_child(n, "bind", NS_BIND), "jid", NS_BIND);
		if (strcmp(type, "result") != 0 || c == NULL ||
		    jid_split(c->text, NULL, 0, NULL, 0) != 0) {
			log_warn("xmpp: resource binding failed");
			xconn_drop(x, "bind failed");
			return;
		}
		snprintf(x->full, sizeof x->full, "%s", c->text);
		stream_online(x);
		return;
	}
	if (x->ping_id[0] != '\0' && strcmp(id, x->ping_id) == 0) {
		/* Any answer, even an error, shows the link is alive. */
		x->ping_id[0] = '\0';
		return;
	}
	if (muc_iq(x, n))
		return;
	log_debug("xmpp: ignored an iq %s with id %.40s", type, id);
}

/* A stream error: the server closes the stream after it. */
static void
stream_error(struct xmpp *x, const struct xml_node *n)
{
	const struct xml_node	*c;
	const char		*cond = "unknown";

	for (c = n->child; c != NULL; c = c->next) {
		if (strcmp(c->ns, "urn:ietf:params:xml:ns:xmpp-streams") == 0 &&
		    strcmp(c->name, "text") != 0) {
			cond = c->name;
			break;
		}
	}
	log_warn("xmpp: stream error from the server: %.80s", cond);
	xconn_drop(x, "stream error");
}

/* <proceed/> or <failure/> after our <starttls/>. */
static void
stream_tls(struct xmpp *x, const struct xml_node *n)
{
	char	*cause = NULL;

	if (x->phase != XMPP_TLS || xconn_framed(x) || xconn_secure(x)) {
		log_warn("xmpp: <%.32s/> for TLS out of turn", n->name);
		xconn_drop(x, "STARTTLS out of turn");
		return;
	}
	if (!xml_is(n, "proceed", NS_TLS)) {
		log_error("xmpp: the server refused STARTTLS (<%.32s/>)",
		    n->name);
		xconn_drop(x, "STARTTLS refused");
		return;
	}
	/* Nothing the server sent in clear after <proceed/> is read. */
	xml_reader_restart(x->reader);
	if (xconn_starttls(x, &cause) != 0) {
		log_error("xmpp: STARTTLS: %s", cause);
		free(cause);
		xconn_drop(x, "STARTTLS failed");
	}
}

/* One element of the stream (borrowed). */
static void
stream_element(struct xmpp *x, const struct xml_node *n)
{
	if (xml_is(n, "open", NS_FRAMING))
		log_debug("xmpp: stream opened (id %.64s)",
		    xml_attr(n, "id") != NULL ? xml_attr(n, "id") : "none");
	else if (xml_is(n, "close", NS_FRAMING)) {
		log_info("xmpp: the server closes the stream");
		xconn_send(x, xstrdup("<close xmlns='" NS_FRAMING "'/>"));
		xconn_drop(x, "closed by the server");
	} else if (xml_is(n, "features", NS_STREAMS))
		stream_features(x, n);
	else if (xml_is(n, "error", NS_STREAMS))
		stream_error(x, n);
	else if (strcmp(n->ns, NS_TLS) == 0)
		stream_tls(x, n);
	else if (strcmp(n->ns, NS_SM) == 0 && x->phase >= XMPP_BINDING)
		sm_element(x, n);
	else if (strcmp(n->ns, NS_SASL) == 0)
		stream_sasl(x, n);
	else if (x->phase < XMPP_BINDING)
		log_warn("xmpp: dropped a <%.32s/> before login", n->name);
	else if (xml_is(n, "iq", NS_CLIENT)) {
		sm_received(x);
		stream_iq(x, n);
	}
	else if (x->phase != XMPP_ONLINE)
		log_debug("xmpp: dropped a <%.32s/> before binding", n->name);
	else if (xml_is(n, "message", NS_CLIENT)) {
		sm_received(x);
		xmpp_message(x, n);
	} else if (xml_is(n, "presence", NS_CLIENT)) {
		sm_received(x);
		muc_presence(x, n);
	}
	else
		log_debug("xmpp: ignored a <%.32s/> in %.80s", n->name, n->ns);
}

void
stream_message(struct xmpp *x, const char *text, size_t len)
{
	struct xml_node	*n;
	char		*cause = NULL;

	if ((n = xml_parse(text, len, &cause)) == NULL) {
		log_warn("xmpp: dropped a malformed stanza (%s)", cause);
		free(cause);
		return;
	}
	stream_element(x, n);
	xml_free(n);
}

void
stream_lost(struct xmpp *x)
{
	x->phase = XMPP_DOWN;
	x->authed = 0;
	sasl_free(x->sasl);
	x->sasl = NULL;
	x->ping_id[0] = '\0';
	if (!uv_is_closing((uv_handle_t *)&x->ping)) {
		uv_timer_stop(&x->ping);
		uv_timer_stop(&x->keepalive);
	}
	if (x->reader != NULL)
		xml_reader_restart(x->reader);
	sm_lost(x);
	/* A session that may be resumed keeps its rooms. */
	if (x->sm_id[0] == '\0')
		muc_reset(x);
}

void
stream_init(struct xmpp *x)
{
	uv_timer_init(x->loop, &x->ping);
	x->ping.data = x;
	uv_timer_init(x->loop, &x->keepalive);
	x->keepalive.data = x;
	sm_init(x);
}

void
stream_stop(struct xmpp *x)
{
	/* A clean end of the stream, where there is one. */
	if (x->phase != XMPP_DOWN && xconn_is_open(x))
		xconn_send(x, xstrdup(xconn_framed(x) ? "<close xmlns='"
		    NS_FRAMING "'/>" : "</stream:stream>"));
	uv_close((uv_handle_t *)&x->ping, NULL);
	uv_close((uv_handle_t *)&x->keepalive, NULL);
	sm_stop(x);
}

void
stream_free(struct xmpp *x)
{
	xml_reader_free(x->reader);
	x->reader = NULL;
	sm_free(x);
}
