/*
 * XEP-0198 Stream Management, where the server offers it: acks and
 * resumption, so that a room line or a private hand in flight when the
 * connection drops is sent again, not lost, and not sent twice.
 *
 * Once bound, the bot sends <enable resume='true'/> and from then on
 * counts the stanzas it receives (h, told to the server on each <r/>)
 * and keeps a copy of each stanza it sends until the server's <a h=.../>
 * covers it (asked for with <r/> a moment after a send).  When the
 * connection is lost, the next stream, once authenticated, asks to
 * <resume/> the session instead of binding: the server's h says which of
 * our copies it got, and the rest are sent again, in order, exactly once.
 * When resumption fails (<failed/>: the session timed out or the server
 * restarted), a new session is bound and the messages among the copies
 * are sent once more on it; presences and iqs belonged to the old
 * session and are dropped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "bot/daemon/log.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define SM_ACK_DELAY_MS	250	/* from a send to our <r/> */

void
sm_init(struct xmpp *x)
{
	uv_timer_init(x->loop, &x->sm_timer);
	x->sm_timer.data = x;
}

void
sm_stop(struct xmpp *x)
{
	uv_close((uv_handle_t *)&x->sm_timer, NULL);
}

static void
sm_clear_unacked(struct xmpp *x)
{
	int	i;

	for (i = 0; i < x->nunacked; i++)
		free(x->unacked[i]);
	x->nunacked = 0;
}

void
sm_free(struct xmpp *x)
{
	int	i;

	sm_clear_unacked(x);
	for (i = 0; i < x->sm_nresend; i++)
		free(x->sm_resend[i]);
	free(x->sm_resend);
	x->sm_resend = NULL;
	x->sm_nresend = 0;
}

static void
sm_on_timer(uv_timer_t *t)
{
	struct xmpp	*x = t->data;

	if (x->sm_counting && x->nunacked > 0 && xconn_is_open(x))
		xconn_send(x, xstrdup("<r xmlns='" NS_SM "'/>"));
}

/* Whether text (ours, borrowed) is a stanza: what XEP-0198 counts. */
static int
sm_is_stanza(const char *text)
{
	return strncmp(text, "<message", 8) == 0 ||
	    strncmp(text, "<presence", 9) == 0 || strncmp(text, "<iq", 3) == 0;
}

void
sm_sent(struct xmpp *x, const char *text)
{
	if (!x->sm_counting || !sm_is_stanza(text))
		return;
	if (stream_list_add(x->unacked, &x->nunacked, xstrdup(text))) {
		log_warn("xmpp: %d stanzas unacknowledged; the oldest is "
		    "forgotten", XMPP_QUEUE_MAX);
		x->sm_acked++;
	}
	if (!uv_is_active((uv_handle_t *)&x->sm_timer))
		uv_timer_start(&x->sm_timer, sm_on_timer, SM_ACK_DELAY_MS, 0);
}

void
sm_received(struct xmpp *x)
{
	if (x->sm_counting)
		x->sm_in++;
}

/*
 * The server has h of our stanzas: drop the copies it covers.  0, or -1
 * when h is more than we sent.
 */
static int
sm_acked(struct xmpp *x, const char *h)
{
	unsigned long	 v;
	uint32_t	 n, i;
	char		*end;

	if (h == NULL || *h == '\0')
		return -1;
	v = strtoul(h, &end, 10);
	if (*end != '\0' || v > UINT32_MAX)
		return -1;
	n = (uint32_t)v - x->sm_acked;
	if (n > (uint32_t)x->nunacked)
		return -1;
	for (i = 0; i < n; i++)
		free(x->unacked[i]);
	memmove(x->unacked, x->unacked + n, (size_t)(x->nunacked - (int)n) *
	    sizeof *x->unacked);
	x->nunacked -= (int)n;
	x->sm_acked = (uint32_t)v;
	return 0;
}

int
sm_resume(struct xmpp *x)
{
	struct buf	b;

	if (!x->sm_offered || x->sm_id[0] == '\0')
		return 0;
	buf_init(&b, sizeof x->sm_id + 128);
	buf_printf(&b, "<resume xmlns='" NS_SM "' h='%lu' previd='",
	    (unsigned long)x->sm_in);
	xml_escape(&b, x->sm_id);
	buf_puts(&b, "'/>");
	xconn_send(x, buf_detach(&b));
	x->sm_resuming = 1;
	log_info("xmpp: resuming the session (%d stanza%s unacknowledged)",
	    x->nunacked, x->nunacked == 1 ? "" : "s");
	return 1;
}

void
sm_enable(struct xmpp *x)
{
	char	**old;
	int	  nold, i;

	/* What the last session never had acknowledged, messages only. */
	old = x->nunacked > 0 ? xcalloc((size_t)x->nunacked, sizeof *old) : NULL;
	nold = 0;
	for (i = 0; i < x->nunacked; i++) {
		if (strncmp(x->unacked[i], "<message", 8) == 0)
			old[nold++] = x->unacked[i];
		else
			free(x->unacked[i]);
	}
	x->nunacked = 0;
	x->sm_in = x->sm_acked = 0;
	x->sm_id[0] = '\0';
	x->sm_counting = 0;
	if (x->sm_offered) {
		xconn_send(x, xstrdup("<enable xmlns='" NS_SM "' "
		    "resume='true'/>"));
		x->sm_counting = 1;
	}
	x->sm_resend = old;
	x->sm_nresend = nold;
}

void
sm_resend_old(struct xmpp *x)
{
	int	i;

	if (x->sm_nresend > 0)
		log_info("xmpp: sending again %d message%s the last session "
		    "did not acknowledge", x->sm_nresend,
		    x->sm_nresend == 1 ? "" : "s");
	for (i = 0; i < x->sm_nresend; i++)
		stream_write(x, x->sm_resend[i]);
	free(x->sm_resend);
	x->sm_resend = NULL;
	x->sm_nresend = 0;
}

void
sm_element(struct xmpp *x, const struct xml_node *n)
{
	const char	*id;
	int		 i;

	if (xml_is(n, "r", NS_SM)) {
		if (x->sm_counting)
			xconn_send(x, xasprintf("<a xmlns='" NS_SM "' h='%lu'/>",
			    (unsigned long)x->sm_in));
	} else if (xml_is(n, "a", NS_SM)) {
		if (x->sm_counting && sm_acked(x, xml_attr(n, "h")) != 0) {
			log_warn("xmpp: the server acknowledged more stanzas "
			    "than were sent");
			xconn_drop(x, "bad stream management ack");
		}
	} else if (xml_is(n, "enabled", NS_SM)) {
		id = xml_attr(n, "id");
		if (id != NULL && strlen(id) < sizeof x->sm_id &&
		    xml_attr(n, "resume") != NULL &&
		    (strcmp(xml_attr(n, "resume"), "true") == 0 ||
		    strcmp(xml_attr(n, "resume"), "1") == 0))
			snprintf(x->sm_id, sizeof x->sm_id, "%s", id);
		log_info("xmpp: stream management is on%s", x->sm_id[0] ?
		    " (resumable)" : "");
	} else if (xml_is(n, "resumed", NS_SM)) {
		if (x->phase != XMPP_BINDING || sm_acked(x, xml_attr(n, "h"))
		    != 0) {
			log_warn("xmpp: a bad <resumed/>");
			x->sm_id[0] = '\0';
			xconn_drop(x, "bad resumption");
			return;
		}
		log_info("xmpp: session resumed; sending %d unacknowledged "
		    "stanza%s again", x->nunacked, x->nunacked == 1 ? "" : "s");
		x->sm_counting = 1;
		for (i = 0; i < x->nunacked; i++)
			xconn_send(x, xstrdup(x->unacked[i]));
		if (x->nunacked > 0)
			uv_timer_start(&x->sm_timer, sm_on_timer,
			    SM_ACK_DELAY_MS, 0);
		stream_resumed(x);
	} else if (xml_is(n, "failed", NS_SM)) {
		if (x->phase == XMPP_BINDING && x->sm_resuming) {
			/* The h of a failed resumption still acks. */
			if (xml_attr(n, "h") != NULL)
				(void)sm_acked(x, xml_attr(n, "h"));
			log_info("xmpp: the session could not be resumed; "
			    "binding a new one");
			x->sm_id[0] = '\0';
			x->sm_resuming = 0;
			stream_bind(x);
			return;
		}
		log_warn("xmpp: the server refused stream management");
		x->sm_counting = 0;
		sm_clear_unacked(x);
	}
}

void
sm_lost(struct xmpp *x)
{
	x->sm_counting = 0;
	x->sm_resuming = 0;
	if (!uv_is_closing((uv_handle_t *)&x->sm_timer))
		uv_timer_stop(&x->sm_timer);
}
