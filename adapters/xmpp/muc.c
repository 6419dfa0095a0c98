/*
 * Multi-user chat (XEP-0045) for the XMPP adapter: the configured rooms,
 * joined with no history on every new stream, and who sits in each, from
 * their presences: nick, real bare JID when the room shows it to us (it
 * does to its owner, which the bot is in a room it created), and whether
 * they are a room owner or admin (a channel admin to the bot).
 *
 * A room that does not exist yet is created by our join (status 201); we
 * make it persistent, so it keeps the bot as owner across server
 * restarts, falling back to an instant room if the server refuses that
 * form.  A nick already taken gets a "_" and another try, a few times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "bot/daemon/log.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

void
muc_init(struct xmpp *x, char **rooms)
{
	struct muc_room	*r;
	int		 i;

	for (i = 0; rooms != NULL && rooms[i] != NULL &&
	    x->nrooms < XMPP_ROOMS_MAX; i++) {
		r = &x->rooms[x->nrooms];
		if (snprintf(r->jid, sizeof r->jid, "%s", rooms[i]) >=
		    (int)sizeof r->jid || muc_room_find(x, rooms[i]) != NULL)
			continue;
		jid_lower(r->jid);
		snprintf(r->nick, sizeof r->nick, "%s", x->nick);
		x->nrooms++;
	}
}

struct muc_room *
muc_room_find(struct xmpp *x, const char *jid)
{
	int	i;

	for (i = 0; i < x->nrooms; i++) {
		if (jid_bare_eq(x->rooms[i].jid, jid))
			return &x->rooms[i];
	}
	return NULL;
}

struct muc_occupant *
muc_occupant_find(struct muc_room *r, const char *nick)
{
	int	i;

	for (i = 0; i < r->nocc; i++) {
		if (strcmp(r->occ[i].nick, nick) == 0)
			return &r->occ[i];
	}
	return NULL;
}

const char *
muc_nick_of(struct xmpp *x, const char *jid)
{
	int	i, j;

	for (i = 0; i < x->nrooms; i++) {
		for (j = 0; j < x->rooms[i].nocc; j++) {
			if (x->rooms[i].occ[j].jid[0] != '\0' &&
			    jid_bare_eq(x->rooms[i].occ[j].jid, jid))
				return x->rooms[i].occ[j].nick;
		}
	}
	return NULL;
}

static void
muc_join(struct xmpp *x, struct muc_room *r)
{
	struct buf	b;

	buf_init(&b, 4 * XMPP_JID_MAX);
	buf_puts(&b, "<presence xmlns='" NS_CLIENT "' to='");
	xml_escape(&b, r->jid);
	buf_puts(&b, "/");
	xml_escape(&b, r->nick);
	buf_puts(&b, "'><x xmlns='" NS_MUC "'><history maxstanzas='0'/></x>"
	    "</presence>");
	log_info("xmpp: joining %s as %s", r->jid, r->nick);
	stream_write(x, buf_detach(&b));
}

void
muc_join_all(struct xmpp *x)
{
	int	i;

	for (i = 0; i < x->nrooms; i++) {
		x->rooms[i].tries = 0;
		snprintf(x->rooms[i].nick, sizeof x->rooms[i].nick, "%s", x->nick);
		muc_join(x, &x->rooms[i]);
	}
}

static void
muc_forget(struct muc_room *r)
{
	free(r->occ);
	r->occ = NULL;
	r->nocc = 0;
}

void
muc_reset(struct xmpp *x)
{
	int	i;

	for (i = 0; i < x->nrooms; i++) {
		x->rooms[i].joined = 0;
		x->rooms[i].config_id[0] = '\0';
		muc_forget(&x->rooms[i]);
		correct_reset(&x->rooms[i]);
	}
}

/* Sends the room's configuration: persistent, or instant when plain. */
static void
muc_configure(struct xmpp *x, struct muc_room *r, int plain)
{
	struct buf	b;

	stream_new_id(x, r->config_id, sizeof r->config_id);
	r->config_plain = plain;
	buf_init(&b, 4 * XMPP_JID_MAX);
	buf_printf(&b, "<iq xmlns='" NS_CLIENT "' type='set' id='%s' to='",
	    r->config_id);
	xml_escape(&b, r->jid);
	buf_puts(&b, "'><query xmlns='" NS_MUC_OWNER "'><x xmlns='" NS_DATA
	    "' type='submit'>");
	if (!plain)
		buf_puts(&b, "<field var='FORM_TYPE'><value>" NS_MUC
		    "#roomconfig</value></field><field var='muc#roomconfig_"
		    "persistentroom'><value>1</value></field>");
	buf_puts(&b, "</x></query></iq>");
	stream_write(x, buf_detach(&b));
}

int
muc_iq(struct xmpp *x, const struct xml_node *n)
{
	const char	*id = xml_attr(n, "id"), *type = xml_attr(n, "type");
	int		 i;

	for (i = 0; i < x->nrooms; i++) {
		struct muc_room	*r = &x->rooms[i];

		if (r->config_id[0] == '\0' || strcmp(r->config_id, id) != 0)
			continue;
		r->config_id[0] = '\0';
		if (strcmp(type, "result") == 0)
			log_info("xmpp: created room %s (%s)", r->jid,
			    r->config_plain ? "instant" : "persistent");
		else if (!r->config_plain) {
			log_warn("xmpp: %s refused a persistent room; making "
			    "it an instant room", r->jid);
			muc_configure(x, r, 1);
		} else
			log_warn("xmpp: %s refused even an instant room",
			    r->jid);
		return 1;
	}
	return 0;
}

static int
muc_has_status(const struct xml_node *xu, const char *code)
{
	const struct xml_node	*c;
	const char		*v;

	for (c = xu == NULL ? NULL : xu->child; c != NULL; c = c->next) {
		if (xml_is(c, "status", NS_MUC_USER) &&
		    (v = xml_attr(c, "code")) != NULL && strcmp(v, code) == 0)
			return 1;
	}
	return 0;
}

static void
muc_remove(struct muc_room *r, const char *nick)
{
	struct muc_occupant	*o = muc_occupant_find(r, nick);

	if (o == NULL)
		return;
	*o = r->occ[--r->nocc];
}

/* A presence of type error: a nick conflict, or a room we cannot join. */
static void
muc_error(struct xmpp *x, struct muc_room *r, const struct xml_node *n)
{
	const struct xml_node	*err = xml_child(n, "error", NULL), *c;
	const char		*cond = "unknown";

	correct_break(r);
	for (c = err == NULL ? NULL : err->child; c != NULL; c = c->next) {
		if (strcmp(c->ns, NS_STANZAS) == 0 && strcmp(c->name, "text") != 0) {
			cond = c->name;
			break;
		}
	}
	if (strcmp(cond, "conflict") == 0 && r->tries < XMPP_NICK_TRIES &&
	    strlen(r->nick) < XMPP_NICK_MAX) {
		r->tries++;
		strcat(r->nick, "_");
		log_info("xmpp: nick taken in %s; trying %s", r->jid, r->nick);
		muc_join(x, r);
		return;
	}
	log_warn("xmpp: cannot join %s (%.64s)", r->jid, cond);
}

void
muc_presence(struct xmpp *x, const struct xml_node *n)
{
	const char		*from = xml_attr(n, "from");
	const char		*type = xml_attr(n, "type");
	const char		*jid, *aff;
	const struct xml_node	*xu, *item;
	struct muc_room		*r;
	struct muc_occupant	*o;
	char			 bare[XMPP_JID_MAX + 1], nick[XMPP_NICK_MAX + 1];
	char			 real[XMPP_JID_MAX + 1];
	int			 self;

	if (from == NULL || jid_split(from, bare, sizeof bare, nick,
	    sizeof nick) != 0 || (r = muc_room_find(x, bare)) == NULL)
		return;		/* not from one of our rooms */
	if (type != NULL && strcmp(type, "error") == 0) {
		if (nick[0] == '\0' || strcmp(nick, r->nick) == 0)
			muc_error(x, r, n);
		return;
	}
	if (nick[0] == '\0')
		return;
	xu = xml_child(n, "x", NS_MUC_USER);
	item = xml_child(xu, "item", NS_MUC_USER);
	self = muc_has_status(xu, "110") || strcmp(nick, r->nick) == 0;
	if (type != NULL && strcmp(type, "unavailable") == 0) {
		muc_remove(r, nick);
		if (self)
			correct_break(r);
		if (self && !muc_has_status(xu, "303")) {
			r->joined = 0;
			log_warn("xmpp: we are out of %s", r->jid);
		}
		return;
	}
	if (type != NULL)
		return;		/* subscribe and the like: not for rooms */
	if (self) {
		if (!r->joined)
			log_info("xmpp: joined %s as %s", r->jid, nick);
		if (strcmp(r->nick, nick) != 0)
			correct_break(r);	/* another occupant JID */
		r->joined = 1;
		r->tries = 0;
		snprintf(r->nick, sizeof r->nick, "%s", nick);
		if (muc_has_status(xu, "201") && r->config_id[0] == '\0')
			muc_configure(x, r, 0);
		return;
	}
	if ((o = muc_occupant_find(r, nick)) == NULL) {
		if (r->nocc == XMPP_OCCUPANTS_MAX) {
			log_warn("xmpp: %s has over %d occupants; %s is not "
			    "remembered", r->jid, XMPP_OCCUPANTS_MAX, nick);
			return;
		}
		r->occ = xreallocarray(r->occ, (size_t)r->nocc + 1,
		    sizeof *r->occ);
		o = &r->occ[r->nocc++];
		memset(o, 0, sizeof *o);
		snprintf(o->nick, sizeof o->nick, "%s", nick);
	}
	if ((jid = xml_attr(item, "jid")) != NULL &&
	    jid_split(jid, real, sizeof real, NULL, 0) == 0) {
		jid_lower(real);
		snprintf(o->jid, sizeof o->jid, "%s", real);
	}
	aff = xml_attr(item, "affiliation");
	o->admin = aff != NULL && (strcmp(aff, "owner") == 0 ||
	    strcmp(aff, "admin") == 0);
}
