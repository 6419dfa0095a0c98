/*
 * The XMPP stream on the websocket (RFC 6120 with RFC 7395 framing):
 * <open/>, the features, SASL (sasl.c), a new <open/> after <success/>,
 * resource binding, then initial presence and the rooms (muc.c).  Once
 * online, stanzas go to xmpp.c (messages) and muc.c (presences); iq gets
 * are answered: XEP-0199 pings with a result, anything else with
 * service-unavailable.  We ping the server every ping_interval; a ping
 * still unanswered at the next one means a dead link, and the socket is
 * dropped (ws.c reconnects).  Stanzas made while the stream is down wait
 * in a capped queue and go out once the rooms are joined again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/xmpp/sasl.h"
#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "bot/bot.h"
#include "bot/log.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define STREAM_MECHS_MAX	16	/* SASL mechanisms we look at */

void
stream_new_id(struct xmpp *x, char *buf, size_t len)
{
	snprintf(buf, len, "cb%llu", (unsigned long long)++x->next_id);
}

/* Sends <open/> to our domain. */
static void
stream_open(struct xmpp *x)
{
	struct buf	b;

	buf_init(&b, XMPP_JID_MAX * 2 + 256);
	buf_puts(&b, "<open xmlns='" NS_FRAMING "' to='");
	xml_escape(&b, x->domain);
	buf_puts(&b, "' version='1.0'/>");
	ws_send(x, buf_detach(&b));
	x->phase = XMPP_OPENING;
}

void
stream_opened(struct xmpp *x)
{
	x->authed = 0;
	stream_open(x);
}

void
stream_send(struct xmpp *x, char *stanza)
{
	if (x->phase == XMPP_ONLINE) {
		ws_send(x, stanza);
		return;
	}
	if (x->nqueue == XMPP_QUEUE_MAX) {
		log_warn("xmpp: offline and %d stanzas waiting; the oldest is "
		    "dropped", XMPP_QUEUE_MAX);
		free(x->queue[0]);
		memmove(x->queue, x->queue + 1, (size_t)--x->nqueue *
		    sizeof *x->queue);
	}
	x->queue[x->nqueue++] = stanza;
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
		ws_send(x, x->queue[i]);
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
		ws_drop(x, "ping timeout");
		return;
	}
	stream_new_id(x, x->ping_id, sizeof x->ping_id);
	s = xasprintf("<iq xmlns='" NS_CLIENT "' type='get' id='%s'>"
	    "<ping xmlns='" NS_PING "'/></iq>", x->ping_id);
	ws_send(x, s);
	uv_timer_start(&x->ping, stream_on_ping, x->ping_ms, 0);
}

/* Bound: presence, rooms, held stanzas, pings. */
static void
stream_online(struct xmpp *x)
{
	x->phase = XMPP_ONLINE;
	ws_reset_backoff(x);
	log_info("xmpp: online as %s", x->full);
	ws_send(x, xstrdup("<presence xmlns='" NS_CLIENT "'/>"));
	muc_join_all(x);
	stream_flush(x);
	x->ping_id[0] = '\0';
	uv_timer_start(&x->ping, stream_on_ping, x->ping_ms, 0);
	bot_adapter_state(&x->adapter, "connected");
}

/* The server's features: authenticate first, then bind. */
static void
stream_features(struct xmpp *x, const struct xml_node *n)
{
	const struct xml_node	*mechs, *m;
	const char		*names[STREAM_MECHS_MAX];
	enum sasl_mech		 mech;
	char			*cause = NULL, *initial, *s;
	struct buf		 b;
	int			 count = 0;

	if (x->phase != XMPP_OPENING) {
		log_warn("xmpp: stream features out of turn; dropped");
		return;
	}
	if (!x->authed) {
		mechs = xml_child(n, "mechanisms", NS_SASL);
		for (m = mechs == NULL ? NULL : mechs->child; m != NULL &&
		    count < STREAM_MECHS_MAX; m = m->next) {
			if (xml_is(m, "mechanism", NS_SASL) && *m->text != '\0')
				names[count++] = m->text;
		}
		if (sasl_pick(names, count, x->tls, x->allow_plain, &mech,
		    &cause) != 0) {
			log_error("xmpp: cannot log in: %s; not reconnecting "
			    "(other adapters keep running)", cause);
			free(cause);
			x->fatal = 1;
			ws_drop(x, "no usable SASL mechanism");
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
		ws_send(x, s);
		x->phase = XMPP_AUTH;
		return;
	}
	if (xml_child(n, "bind", NS_BIND) == NULL) {
		log_warn("xmpp: the server offers no resource binding");
		ws_drop(x, "no resource binding");
		return;
	}
	stream_new_id(x, x->bind_id, sizeof x->bind_id);
	buf_init(&b, 1024);
	buf_printf(&b, "<iq xmlns='" NS_CLIENT "' type='set' id='%s'><bind "
	    "xmlns='" NS_BIND "'><resource>", x->bind_id);
	xml_escape(&b, x->resource);
	buf_puts(&b, "</resource></bind></iq>");
	ws_send(x, buf_detach(&b));
	x->phase = XMPP_BINDING;
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
			ws_send(x, xstrdup("<abort xmlns='" NS_SASL "'/>"));
			ws_drop(x, "SASL failed");
			return;
		}
		ws_send(x, xasprintf("<response xmlns='" NS_SASL "'>%s"
		    "</response>", resp));
		free(resp);
	} else if (strcmp(n->name, "success") == 0) {
		if (sasl_success(x->sasl, n->text, &cause) != 0) {
			log_error("xmpp: SASL: %s", cause);
			free(cause);
			ws_drop(x, "SASL failed");
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
		ws_drop(x, "SASL failed");
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
	ws_send(x, buf_detach(&b));
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
			ws_send(x, buf_detach(&b));
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
			ws_drop(x, "bind failed");
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
	ws_drop(x, "stream error");
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
	if (xml_is(n, "open", NS_FRAMING))
		log_debug("xmpp: stream opened (id %.64s)",
		    xml_attr(n, "id") != NULL ? xml_attr(n, "id") : "none");
	else if (xml_is(n, "close", NS_FRAMING)) {
		log_info("xmpp: the server closes the stream");
		ws_send(x, xstrdup("<close xmlns='" NS_FRAMING "'/>"));
		ws_drop(x, "closed by the server");
	} else if (xml_is(n, "features", NS_STREAMS))
		stream_features(x, n);
	else if (xml_is(n, "error", NS_STREAMS))
		stream_error(x, n);
	else if (strcmp(n->ns, NS_SASL) == 0)
		stream_sasl(x, n);
	else if (x->phase < XMPP_BINDING)
		log_warn("xmpp: dropped a <%.32s/> before login", n->name);
	else if (xml_is(n, "iq", NS_CLIENT))
		stream_iq(x, n);
	else if (x->phase != XMPP_ONLINE)
		log_debug("xmpp: dropped a <%.32s/> before binding", n->name);
	else if (xml_is(n, "message", NS_CLIENT))
		xmpp_message(x, n);
	else if (xml_is(n, "presence", NS_CLIENT))
		muc_presence(x, n);
	else
		log_debug("xmpp: ignored a <%.32s/> in %.80s", n->name, n->ns);
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
	if (!uv_is_closing((uv_handle_t *)&x->ping))
		uv_timer_stop(&x->ping);
	muc_reset(x);
}

void
stream_init(struct xmpp *x)
{
	uv_timer_init(x->loop, &x->ping);
	x->ping.data = x;
}

void
stream_stop(struct xmpp *x)
{
	uv_close((uv_handle_t *)&x->ping, NULL);
}
