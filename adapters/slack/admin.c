/*
 * Channel admins.  Slack says who is a workspace admin or owner
 * (users.info: is_admin, is_owner, is_primary_owner) and who created a
 * channel (conversations.info: creator); both count as the channel's
 * admins for the bot, as Discord's Manage Channels does.  Answers are
 * cached for ADMIN_TTL_MS.
 *
 * An event whose user or channel is not known yet waits for the lookups
 * (Socket Mode acked it already, and its answers go to its response_url,
 * which lasts 30 minutes).  Waiting events run in arrival order, each as
 * soon as what it needs is known, a lookup failed (not an admin), or it
 * has waited ADMIN_WAIT_MS (not an admin this time; a rate-limited
 * lookup never holds a game up).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/slack/slack-int.h"
#include "bot/daemon/log.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define ADMIN_TTL_MS	(10 * 60 * 1000)
#define ADMIN_WAIT_MS	2500
#define ADMIN_CACHE_MAX	10000	/* users and channels remembered */
#define ADMIN_HELD_MAX	500	/* events waiting */

enum admin_state { ADMIN_ASKING, ADMIN_KNOWN };

struct admin_entry {
	TAILQ_ENTRY(admin_entry) entry;
	char			 id[SLACK_ID_MAX];	/* a user or a channel */
	int			 channel;
	enum admin_state	 state;
	int			 admin;		/* a user: workspace admin */
	char			 creator[SLACK_ID_MAX];	/* a channel's */
	uint64_t		 since;		/* loop ms of the answer */
};

struct slack_held {
	TAILQ_ENTRY(slack_held)	 entry;
	struct slack_ctx	 ctx;
	char			*name;
	char			*text;
	int			 is_dm;
	int			 is_button;
	uint64_t		 since;
};

struct slack_admins {
	TAILQ_HEAD(, admin_entry) cache;
	int			 n;
	TAILQ_HEAD(, slack_held) held;
	int			 nheld;
	uv_timer_t		 timer;
	int			 timer_init;
	struct slack		*s;
};

static void	admin_run(struct slack *, int force_old);

struct slack_admins *
admin_new(void)
{
	struct slack_admins	*ad = xcalloc(1, sizeof *ad);

	TAILQ_INIT(&ad->cache);
	TAILQ_INIT(&ad->held);
	return ad;
}

static void
admin_held_free(struct slack_held *h)
{
	free(h->name);
	free(h->text);
	free(h);
}

void
admin_free(struct slack_admins *ad)
{
	struct admin_entry	*e;
	struct slack_held	*h;

	if (ad == NULL)
		return;
	while ((e = TAILQ_FIRST(&ad->cache)) != NULL) {
		TAILQ_REMOVE(&ad->cache, e, entry);
		free(e);
	}
	while ((h = TAILQ_FIRST(&ad->held)) != NULL) {
		TAILQ_REMOVE(&ad->held, h, entry);
		admin_held_free(h);
	}
	free(ad);
}

/*
 * The entry of id, or NULL; *stale is set when its answer is older than
 * ADMIN_TTL_MS (unless a lookup is on its way), so it must be asked again.
 */
static struct admin_entry *
admin_find(struct slack *s, const char *id, int channel, int *stale)
{
	struct slack_admins	*ad = s->admins;
	struct admin_entry	*e;
	uint64_t		 now = uv_now(s->loop);

	*stale = 0;
	TAILQ_FOREACH(e, &ad->cache, entry) {
		if (e->channel != channel || strcmp(e->id, id) != 0)
			continue;
		*stale = e->state == ADMIN_KNOWN && now - e->since > ADMIN_TTL_MS;
		return e;
	}
	return NULL;
}

static void
admin_on_user(struct slack *s, const struct web_result *res, void *arg)
{
	struct admin_entry	*e = arg;
	const cJSON		*user;

	user = res->error == NULL ? json_object(res->json, "user") : NULL;
	if (res->error != NULL)
		log_info("slack: users.info for %s: %s; taken for a member",
		    e->id, res->error);
	e->admin = json_true(user, "is_admin") || json_true(user, "is_owner") ||
	    json_true(user, "is_primary_owner");
	e->state = ADMIN_KNOWN;
	e->since = uv_now(s->loop);
	admin_run(s, 0);
}

static void
admin_on_channel(struct slack *s, const struct web_result *res, void *arg)
{
	struct admin_entry	*e = arg;
	const cJSON		*ch;
	const char		*creator;

	ch = res->error == NULL ? json_object(res->json, "channel") : NULL;
	if (res->error != NULL)
		log_info("slack: conversations.info for %s: %s; no creator "
		    "known", e->id, res->error);
	creator = json_string(ch, "creator", SLACK_ID_MAX - 1);
	snprintf(e->creator, sizeof e->creator, "%s",
	    creator != NULL && slack_id_ok(creator) ? creator : "");
	e->state = ADMIN_KNOWN;
	e->since = uv_now(s->loop);
	/* Hidden from the bot, or archived: nothing can be posted there. */
	if (res->slack_error != NULL &&
	    strcmp(res->slack_error, "channel_not_found") == 0)
		nopost_mark(s, e->id, res->slack_error, NULL);
	else if (json_true(ch, "is_archived"))
		nopost_mark(s, e->id, "is_archived", NULL);
	admin_run(s, 0);
}

/* The entry of id, asking Slack when it is not known yet. */
static struct admin_entry *
admin_lookup(struct slack *s, const char *id, int channel)
{
	struct slack_admins	*ad = s->admins;
	struct admin_entry	*e;
	char			*cause = NULL, *body;
	int			 rc, stale;

	if ((e = admin_find(s, id, channel, &stale)) != NULL && !stale)
		return e;
	if (e != NULL) {
		/* An old answer: asked again, as the newest entry. */
		TAILQ_REMOVE(&ad->cache, e, entry);
		ad->n--;
	} else if (ad->n >= ADMIN_CACHE_MAX) {
		/* The oldest answer (the list's head) makes room: reused. */
		TAILQ_FOREACH(e, &ad->cache, entry)
			if (e->state == ADMIN_KNOWN)
				break;
		if (e != NULL) {
			TAILQ_REMOVE(&ad->cache, e, entry);
			ad->n--;
		}
	}
	if (e == NULL)
		e = xcalloc(1, sizeof *e);
	memset(e, 0, sizeof *e);
	snprintf(e->id, sizeof e->id, "%s", id);
	e->channel = channel;
	e->state = ADMIN_ASKING;
	TAILQ_INSERT_TAIL(&ad->cache, e, entry);
	ad->n++;
	if (channel) {
		body = web_form("channel", id, (char *)NULL);
		rc = web_call(s, "conversations.info", NULL, body, WEB_FORM,
		    admin_on_channel, e, &cause);
	} else {
		body = web_form("user", id, (char *)NULL);
		rc = web_call(s, "users.info", NULL, body, WEB_FORM,
		    admin_on_user, e, &cause);
	}
	if (rc != 0) {
		log_info("slack: %s", cause);
		free(cause);
		e->state = ADMIN_KNOWN;
		e->since = uv_now(s->loop);
	}
	return e;
}

/* The entry of id while its answer holds (or is on its way), else NULL. */
static struct admin_entry *
admin_fresh(struct slack *s, const char *id, int channel)
{
	struct admin_entry	*e;
	int			 stale;

	e = admin_find(s, id, channel, &stale);
	return stale ? NULL : e;
}

/* Runs h: its event, told whether its user is an admin here. */
static void
admin_dispatch(struct slack *s, struct slack_held *h)
{
	struct admin_entry	*u, *c;
	struct bot_event	 ev;

	u = admin_fresh(s, h->ctx.user, 0);
	c = h->is_dm ? NULL : admin_fresh(s, h->ctx.channel, 1);
	memset(&ev, 0, sizeof ev);
	ev.adapter = &s->adapter;
	ev.user_id = h->ctx.user;
	ev.user_name = h->name;
	ev.channel = h->ctx.channel;
	ev.is_dm = h->is_dm;
	ev.server = h->is_dm || h->ctx.team[0] == '\0' ? NULL : h->ctx.team;
	ev.is_admin = !h->is_dm && ((u != NULL && u->state == ADMIN_KNOWN &&
	    u->admin) || (c != NULL && c->state == ADMIN_KNOWN &&
	    strcmp(c->creator, h->ctx.user) == 0));
	ev.text = h->text;
	ev.is_button = h->is_button;
	reply_dispatch(s, &h->ctx, &ev);
}

/* Is everything h needs known? */
static int
admin_ready(struct slack *s, const struct slack_held *h)
{
	const struct admin_entry	*e;

	e = admin_fresh(s, h->ctx.user, 0);
	if (e == NULL || e->state != ADMIN_KNOWN)
		return 0;
	if (h->is_dm)
		return 1;
	e = admin_fresh(s, h->ctx.channel, 1);
	return e != NULL && e->state == ADMIN_KNOWN;
}

static void
admin_on_timer(uv_timer_t *t)
{
	admin_run(t->data, 1);
}

/* Runs waiting events from the first while they are ready (or too old). */
static void
admin_run(struct slack *s, int force_old)
{
	struct slack_admins	*ad = s->admins;
	struct slack_held	*h;
	uint64_t		 now = uv_now(s->loop);

	if (s->stopping)
		return;
	while ((h = TAILQ_FIRST(&ad->held)) != NULL) {
		if (!admin_ready(s, h)) {
			if (!force_old || now - h->since < ADMIN_WAIT_MS)
				break;
			log_info("slack: who %s is took too long to learn; "
			    "running the command without admin rights",
			    h->ctx.user);
		}
		TAILQ_REMOVE(&ad->held, h, entry);
		assert(TAILQ_FIRST(&ad->held) != h);	/* taken off for good */
		ad->nheld--;
		admin_dispatch(s, h);
		admin_held_free(h);
	}
	if (!ad->timer_init)
		return;
	if ((h = TAILQ_FIRST(&ad->held)) != NULL)
		uv_timer_start(&ad->timer, admin_on_timer, h->since +
		    ADMIN_WAIT_MS > now ? h->since + ADMIN_WAIT_MS - now : 1, 0);
	else
		uv_timer_stop(&ad->timer);
}

void
admin_submit(struct slack *s, const struct slack_ctx *ctx, const char *name,
    const char *text, int is_dm, int is_button)
{
	struct slack_admins	*ad = s->admins;
	struct slack_held	*h;
	struct slack_ctx	 copy;

	if (!ad->timer_init) {
		uv_timer_init(s->loop, &ad->timer);
		ad->timer.data = s;
		ad->timer_init = 1;
	}
	if (ad->nheld >= ADMIN_HELD_MAX) {
		log_warn("slack: too many commands wait for users.info; "
		    "refusing one from %s", ctx->user);
		copy = *ctx;
		reply_say(s, &copy, "I am too busy right now; try again in a "
		    "moment.");
		return;
	}
	h = xcalloc(1, sizeof *h);
	h->ctx = *ctx;
	h->name = xstrdup(name);
	h->text = xstrdup(text);
	h->is_dm = is_dm;
	h->is_button = is_button;
	h->since = uv_now(s->loop);
	TAILQ_INSERT_TAIL(&ad->held, h, entry);
	ad->nheld++;
	admin_lookup(s, ctx->user, 0);
	if (!is_dm)
		admin_lookup(s, ctx->channel, 1);
	admin_run(s, 0);
}

/* Closes the timer; the adapter is stopping. */
void
admin_stop(struct slack *s)
{
	struct slack_admins	*ad = s->admins;

	if (ad != NULL && ad->timer_init) {
		uv_close((uv_handle_t *)&ad->timer, NULL);
		ad->timer_init = 0;
	}
}
