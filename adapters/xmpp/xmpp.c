/*
 * The XMPP adapter's glue: the adapter ops the bot calls, and incoming
 * messages turned into bot_events.
 *
 * A room is a channel (its bare JID).  A command is a message starting
 * with the prefix ("!cheers join" is "join"); in a 1:1 chat the prefix may
 * be left out.  A user id is the real bare JID when the room shows it (or
 * the 1:1 chat comes from it), else "room@service/nick".  Private text
 * goes to the bare JID as a 1:1 chat, or for a room/nick id as a private
 * room message.  The bot ignores its own room echoes, errors and messages
 * without a body, and never runs anything with a delay stamp (delay.c):
 * history replayed by a room is ignored, so an old command is never run
 * twice, and a 1:1 chat stored while the bot was offline is answered
 * with a request to send it again.  XMPP has no ephemeral replies or
 * buttons: the bot sends private answers by send_dm, and keeps them brief
 * (ADAPTER_TERSE).  A running game's
 * table is one room message corrected in place (XEP-0308, board.c) unless
 * xmpp.correct is off; then every move is posted as messages of its own.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/crypto.h>

#include "adapters/xmpp/sasl.h"
#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "adapters/xmpp/xmpp.h"
#include "bot/bot.h"
#include "adapters/xmpp/settings.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "lib/buf.h"
#include "lib/transport.h"
#include "lib/trim.h"
#include "lib/xmalloc.h"

size_t
xmpp_split(const char *text)
{
	size_t	len = strlen(text), i, cut = 0;

	if (len <= XMPP_TEXT_MAX)
		return len;
	for (i = 0; i < XMPP_TEXT_MAX; i++) {
		if (text[i] == '\n')
			cut = i + 1;
	}
	if (cut > 0)
		return cut;
	/* One long line: cut before a UTF-8 continuation byte. */
	for (i = XMPP_TEXT_MAX; i > 0 && ((unsigned char)text[i] & 0xc0) == 0x80;)
		i--;
	return i > 0 ? i : XMPP_TEXT_MAX;
}

char *
xmpp_stanza(const char *to, const char *type, const char *id, int private,
    const char *body, const char *replace)
{
	struct buf	b;
	size_t		raw;

	/* Escaping makes a byte at most six ("&quot;"). */
	raw = strlen(to) + strlen(type) + strlen(id) + strlen(body) +
	    (replace != NULL ? strlen(replace) : 0);
	buf_init(&b, raw * 6 + 256);
	buf_puts(&b, "<message xmlns='" NS_CLIENT "' type='");
	xml_escape(&b, type);
	buf_puts(&b, "' id='");
	xml_escape(&b, id);
	buf_puts(&b, "' to='");
	xml_escape(&b, to);
	buf_puts(&b, "'><body>");
	xml_escape(&b, body);
	buf_puts(&b, "</body>");
	if (private)
		buf_puts(&b, "<x xmlns='" NS_MUC_USER "'/>");
	if (replace != NULL) {
		buf_puts(&b, "<replace xmlns='" NS_CORRECT "' id='");
		xml_escape(&b, replace);
		buf_puts(&b, "'/>");
	}
	buf_puts(&b, "</message>");
	return buf_detach(&b);
}

/*
 * Sends text (borrowed) to to (borrowed) as messages of type (groupchat or
 * chat), each at most XMPP_TEXT_MAX bytes; private marks a private room
 * message.
 */
static void
xmpp_send_text(struct xmpp *x, const char *to, const char *type,
    int private, const char *text)
{
	char		 id[32], *part;
	size_t		 n;

	do {
		n = xmpp_split(text);
		part = xstrndup(text, n);
		stream_new_id(x, id, sizeof id);
		stream_send(x, xmpp_stanza(to, type, id, private, part, NULL));
		free(part);
		text += n;
	} while (*text != '\0');
}

static int
xmpp_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	struct xmpp	*x = a->priv;
	struct muc_room	*r;
	char		 res[XMPP_NICK_MAX + 1];

	if (jid_split(channel, NULL, 0, res, sizeof res) != 0 || res[0] != '\0'
	    || strchr(channel, '@') == NULL)
		return set_cause(cause, "%.80s is not a room", channel);
	/* A board before this message can no longer be corrected. */
	if ((r = muc_room_find(x, channel)) != NULL)
		correct_break(r);
	xmpp_send_text(x, channel, "groupchat", 0, text);
	return 0;
}

/* Sends private text to a user id: a bare JID, or room/nick. */
static int
xmpp_send_private(struct xmpp *x, const char *user, const char *text,
    char **cause)
{
	char	bare[XMPP_JID_MAX + 1], res[XMPP_NICK_MAX + 1];

	if (jid_split(user, bare, sizeof bare, res, sizeof res) != 0 ||
	    strchr(bare, '@') == NULL)
		return set_cause(cause, "%.80s is not a JID", user);
	if (res[0] != '\0') {
		/* An occupant whose real JID we do not know. */
		if (muc_room_find(x, bare) == NULL)
			return set_cause(cause, "%.80s is not in one of our "
			    "rooms", user);
		xmpp_send_text(x, user, "chat", 1, text);
		return 0;
	}
	xmpp_send_text(x, user, "chat", 0, text);
	return 0;
}

static int
xmpp_send_dm(struct adapter *a, const char *user_id, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	(void)bs;
	return xmpp_send_private(a->priv, user_id, text, cause);
}

static int
xmpp_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	struct xmpp	*x = a->priv;
	const char	*addr = ev->reply_ctx;
	char		 bare[XMPP_JID_MAX + 1];

	(void)bs;
	if (ev->is_dm && addr != NULL &&
	    jid_split(addr, bare, sizeof bare, NULL, 0) == 0) {
		/* Back where the chat came from: a JID or a room occupant. */
		xmpp_send_text(x, addr, "chat", muc_room_find(x, bare) != NULL,
		    text);
		return 0;
	}
	if (ev->is_dm || private)
		return xmpp_send_private(x, ev->user_id, text, cause);
	return xmpp_send_channel(a, ev->channel, text, cause);
}

/*
 * A room's occupants are named by their nick, bare: that is how MUC
 * clients write them (and highlight their own).  An AI seat (user_id
 * NULL) has its name.
 */
static void
xmpp_mention(struct adapter *a, const char *user_id, const char *name,
    char *buf, size_t len)
{
	struct xmpp	*x = a->priv;
	const char	*slash, *nick;

	if (user_id == NULL) {
		snprintf(buf, len, "%s", name);
		return;
	}
	if ((slash = strchr(user_id, '/')) != NULL)
		snprintf(buf, len, "%s", slash + 1);
	else if ((nick = muc_nick_of(x, user_id)) != NULL)
		snprintf(buf, len, "%s", nick);
	else
		snprintf(buf, len, "%s", name);
}

/*
 * A command starts with the prefix ("!cheers"): clients take a leading
 * "/" for their own commands, so "/cheers" could not be typed.
 */
static void
xmpp_command(struct adapter *a, char *buf, size_t len)
{
	struct xmpp	*x = a->priv;

	snprintf(buf, len, "%s", x->prefix);
}

/* Whether text starts with the prefix as a word; *rest is what follows. */
static int
xmpp_prefixed(const struct xmpp *x, const char *text, const char **rest)
{
	size_t	n = strlen(x->prefix);

	if (strncasecmp(text, x->prefix, n) != 0 || (text[n] != '\0' &&
	    !isspace((unsigned char)text[n])))
		return 0;
	*rest = text + n;
	return 1;
}

/*
 * A 1:1 message from bare (borrowed) stored while we were offline: never
 * run, but answered, to the bare JID, as whichever resource sent it may
 * be gone by now.
 */
static void
xmpp_away(struct xmpp *x, const char *bare, const char *body)
{
	char	user[XMPP_JID_MAX + 1], *text;

	snprintf(user, sizeof user, "%s", bare);
	jid_lower(user);
	log_info("xmpp: %s wrote while the bot was away; asked them to send "
	    "it again", user);
	text = delay_answer(body);
	xmpp_send_text(x, user, "chat", 0, text);
	free(text);
}

void
xmpp_message(struct xmpp *x, const struct xml_node *n)
{
	const char		*from = xml_attr(n, "from");
	const char		*type = xml_attr(n, "type");
	const struct xml_node	*body = xml_child(n, "body", NS_CLIENT);
	struct bot_event	 ev;
	struct muc_room		*r;
	struct muc_occupant	*o;
	char			 bare[XMPP_JID_MAX + 1], res[XMPP_NICK_MAX + 1];
	char			 user[XMPP_JID_MAX + 1], name[XMPP_NICK_MAX + 1];
	const char		*text;

	if (type == NULL)
		type = "normal";
	if (body == NULL || strcmp(type, "error") == 0 ||
	    strcmp(type, "headline") == 0)
		return;
	if (from == NULL || jid_split(from, bare, sizeof bare, res,
	    sizeof res) != 0) {
		log_warn("xmpp: dropped a message without a usable sender");
		return;
	}
	if (strlen(body->text) > XMPP_BODY_MAX) {
		log_warn("xmpp: dropped a message of %zu bytes from %.80s (at "
		    "most %d)", strlen(body->text), bare, XMPP_BODY_MAX);
		return;
	}
	r = muc_room_find(x, bare);
	switch (delay_classify(n, bare, r != NULL ||
	    strcmp(type, "groupchat") == 0, x->jid)) {
	case XMPP_DELAY_NONE:
		break;
	case XMPP_DELAY_IGNORE:
		log_debug("xmpp: ignored a delayed message (history)");
		return;
	case XMPP_DELAY_ANSWER:
		xmpp_away(x, bare, body->text);
		return;
	}
	memset(&ev, 0, sizeof ev);
	ev.adapter = &x->adapter;
	ev.reply_ctx = (void *)from;
	text = body->text;
	if (strcmp(type, "groupchat") == 0) {
		if (r == NULL || res[0] == '\0' || strcmp(res, r->nick) == 0)
			return;		/* not ours, the room itself, or our echo */
		if (!xmpp_prefixed(x, text, &text))
			return;		/* table talk */
		o = muc_occupant_find(r, res);
		snprintf(user, sizeof user, "%s", o != NULL && o->jid[0] != '\0' ?
		    o->jid : from);
		ev.is_admin = o != NULL && o->admin;
		ev.channel = r->jid;
		/* The MUC service: the room's domain. */
		ev.server = strchr(r->jid, '@') != NULL ?
		    strchr(r->jid, '@') + 1 : r->jid;
	} else {
		if (jid_bare_eq(bare, x->jid))
			return;		/* ourselves, from another resource */
		if (r != NULL) {
			/* A private message from a room occupant. */
			if (res[0] == '\0' || strcmp(res, r->nick) == 0)
				return;
			o = muc_occupant_find(r, res);
			snprintf(user, sizeof user, "%s", o != NULL &&
			    o->jid[0] != '\0' ? o->jid : from);
		} else {
			snprintf(user, sizeof user, "%s", bare);
			jid_lower(user);
		}
		ev.is_dm = 1;
		ev.channel = user;
		xmpp_prefixed(x, text, &text);
	}
	if (r != NULL && res[0] != '\0')
		snprintf(name, sizeof name, "%s", res);
	else if (muc_nick_of(x, user) != NULL)
		snprintf(name, sizeof name, "%s", muc_nick_of(x, user));
	else
		snprintf(name, sizeof name, "%.*s", (int)strcspn(bare, "@"), bare);
	while (isspace((unsigned char)*text))
		text++;
	ev.user_id = user;
	ev.user_name = name;
	ev.text = text;
	log_debug("xmpp: command from %s in %s", user, ev.channel);
	bot_handle_event(x->bot, &ev);
}

static int
xmpp_start(struct adapter *a, char **cause)
{
	struct xmpp	*x = a->priv;

	stream_init(x);
	xmpp_board_init(x);
	return xconn_start(x, cause);
}

static void
xmpp_stop(struct adapter *a)
{
	struct xmpp	*x = a->priv;

	if (x->stopping)
		return;
	x->stopping = 1;
	stream_stop(x);
	xmpp_board_stop(x);
	xconn_stop(x);
}

static void
xmpp_free(struct adapter *a)
{
	struct xmpp	*x = a->priv;
	int		 i;

	xconn_free(x);
	stream_free(x);
	sasl_free(x->sasl);
	xmpp_board_free(x);
	muc_reset(x);
	for (i = 0; i < x->nqueue; i++)
		free(x->queue[i]);
	free(x->url);
	free(x->jid);
	free(x->local);
	free(x->domain);
	if (x->password != NULL) {
		OPENSSL_cleanse(x->password, strlen(x->password));
		free(x->password);
	}
	free(x->resource);
	free(x->nick);
	free(x->prefix);
	free(x->ca_file);
	free(x->dns_server);
	free(x);
}

/*
 * xmpp.correct = no: every move is posted as messages of its own.  With
 * it, each adapter's copy of these ops has a board (board.c).
 */
static const struct adapter_ops xmpp_ops = {
	.name = "xmpp",
	.flags = ADAPTER_TERSE,
	.start = xmpp_start,
	.stop = xmpp_stop,
	.free_adapter = xmpp_free,
	.send_channel = xmpp_send_channel,
	.send_dm = xmpp_send_dm,
	.reply = xmpp_reply,
	.board = NULL,
	.mention = xmpp_mention,
	.command = xmpp_command,
};

const char *
xmpp_warning(const struct config *config)
{
	const struct xmpp_config	*cfg = xmpp_config(config);

	if (strncmp(cfg->xmpp_url, "ws://", 5) == 0)
		return "xmpp.url is not encrypted (ws://): the password and "
		    "every player's hand would travel in clear; use an "
		    "xmpp:// or xmpps:// URL, or none (DNS SRV)";
	if (cfg->xmpp_allow_plaintext && strncmp(cfg->xmpp_url, "xmpps://",
	    8) != 0 && strncmp(cfg->xmpp_url, "wss://", 6) != 0)
		return "xmpp.allow_plaintext is set: a server offering no "
		    "STARTTLS would get the password and every player's hand "
		    "in clear";
	return NULL;
}

int
xmpp_check(const struct config *config, char **cause)
{
	const struct xmpp_config	*cfg = xmpp_config(config);
	struct transport_url		 u;
	char				*why = NULL, *all = NULL;

	if ((strncmp(cfg->xmpp_url, "xmpp://", 7) == 0 ||
	    strncmp(cfg->xmpp_url, "xmpps://", 8) == 0) &&
	    transport_url_parse(cfg->xmpp_url, &u, &why) != 0) {
		add_cause(&all, "xmpp.url: %s", why);
		free(why);
	}
	if (strchr(cfg->xmpp_jid, '@') == NULL)
		add_cause(&all, "xmpp.enabled is set but xmpp.jid is not an "
		    "account (name@example.org)");
	if (*cfg->xmpp_password == '\0')
		add_cause(&all, "xmpp.enabled is set but xmpp.password is "
		    "empty (under systemd password = credential:xmpp.password, "
		    "else file:/path or env:NAME)");
	return set_causes(cause, all);
}

struct adapter *
xmpp_new(struct bot *bot, char **cause)
{
	const struct xmpp_config	*cfg = xmpp_config(bot->config);
	struct xmpp			*x;
	const char			*at;

	if (xmpp_check(bot->config, cause) != 0)
		return NULL;
	at = strchr(cfg->xmpp_jid, '@');
	x = xcalloc(1, sizeof *x);
	x->ops = xmpp_ops;
	if (cfg->xmpp_correct) {
		x->ops.flags |= ADAPTER_EDIT;
		x->ops.board = xmpp_board_show;
	}
	x->adapter.ops = &x->ops;
	x->adapter.bot = bot;
	x->adapter.priv = x;
	x->bot = bot;
	x->loop = bot->loop;
	x->url = xstrdup(cfg->xmpp_url);
	x->jid = xstrdup(cfg->xmpp_jid);
	jid_lower(x->jid);
	x->local = xstrndup(x->jid, (size_t)(at - cfg->xmpp_jid));
	x->domain = xstrdup(x->jid + (at - cfg->xmpp_jid) + 1);
	x->password = xstrdup(cfg->xmpp_password);
	/* A password read from a file may end in a newline or a CR. */
	trim_end(x->password, "\r\n");
	x->resource = xstrdup(cfg->xmpp_resource);
	x->nick = xstrdup(cfg->xmpp_nick);
	x->prefix = xstrdup(cfg->xmpp_prefix);
	x->ca_file = xstrdup(cfg->xmpp_ca_file);
	x->allow_plain = cfg->xmpp_allow_plain;
	x->allow_plaintext = cfg->xmpp_allow_plaintext;
	x->dns_server = xstrdup(cfg->xmpp_dns_server);
	if (xmpp_warning(bot->config) != NULL)
		log_warn("xmpp: %s", xmpp_warning(bot->config));
	x->ping_ms = cfg->xmpp_ping_interval_ms;
	x->correct_ms = cfg->xmpp_correct_interval_ms;
	muc_init(x, cfg->xmpp_rooms);
	if (x->nrooms == 0)
		log_warn("xmpp: xmpp.rooms is empty; the bot answers 1:1 "
		    "chats only");
	return &x->adapter;
}
