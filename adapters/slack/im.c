/*
 * Direct messages.  Slack sends a DM to the bot's IM channel with the
 * user, which conversations.open opens (or finds); the channel is cached
 * per user, and texts sent while it opens wait, in order, to follow it.
 * When Slack refuses (the user is deactivated or cannot be written to,
 * or the app's Messages tab is off), the user is marked: later send_dm
 * calls fail at once with a cause, so the bot serves their secrets
 * through "hand", and the first refusal is reported to the bot
 * (bot_dm_failed), which tells the channel without any secret.  A click
 * on the bot's own DM message shows it works again.
 *
 * A DM channel is learned only from conversations.open, or a click on
 * the bot's own message in it: a slash command's D channel may be the
 * user's DM with someone else.  A cached channel Slack no longer knows
 * (channel_not_found) is forgotten and opened again, once.  Any other
 * failure of a DM for good (the open failed, msg_too_long, its retries
 * ran out) is reported (bot_dm_lost): the table hears that "hand" shows
 * it again.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/dmcache.h"
#include "lib/dmcache-ready.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define IM_USERS_MAX	10000
#define IM_REFUSED	"cannot get direct messages"
#define IM_PENDING_MAX	16

/* What waits for a DM channel: a text and buttons, or (text NULL) a call. */
struct im_wait {
	char			*text;
	struct adapter_buttons	*bs;
	im_channel_cb		*fn;	/* im_with_channel's */
	void			*arg;
};

struct im_entry {
	struct dmcache_entry	 de;	/* first: the cache's part */
	struct slack		*s;
	int			 reopened;	/* opened again after channel_not_found */
	struct im_wait		 pending[IM_PENDING_MAX];
	int			 npending;
};

_Static_assert(offsetof(struct im_entry, de) == 0,
    "struct im_entry must begin with its struct dmcache_entry");

struct dmcache *
im_new(void)
{
	return dmcache_new(sizeof(struct im_entry), IM_USERS_MAX);
}

/*
 * Takes everything that waits off e into w (IM_PENDING_MAX long); returns
 * how many.  What is taken is the caller's: a waiting call may reach im.c
 * again, for this user too (send to them anew, or have them refused,
 * which drops what waits once more), and finds only what came after.
 */
static int
im_take_pending(struct im_entry *e, struct im_wait *w)
{
	int	n = e->npending;

	memcpy(w, e->pending, (size_t)n * sizeof *w);
	e->npending = 0;
	return n;
}

/* Frees a taken wait's text and buttons. */
static void
im_wait_release(struct im_wait *w)
{
	free(w->text);
	free(w->bs);
}

/* Drops what waits; a waiting call is told there is no channel. */
static void
im_drop_pending(struct im_entry *e)
{
	struct im_wait	 w[IM_PENDING_MAX];
	int		 i, n = im_take_pending(e, w);

	for (i = 0; i < n; i++) {
		im_wait_release(&w[i]);
		if (w[i].fn != NULL)
			w[i].fn(e->s, NULL, w[i].arg);
	}
}

static void
im_drop_entry(struct dmcache_entry *de)
{
	im_drop_pending((struct im_entry *)de);
}

void
im_free(struct dmcache *c)
{
	dmcache_free(c, im_drop_entry);
}

/* The entry of user, a new one if there is none (lib/dmcache.h). */
static struct im_entry *
im_find(struct slack *s, const char *user)
{
	struct im_entry	*e;

	e = (struct im_entry *)dmcache_find(s->dms, user);
	e->s = s;
	return e;
}

/* Does Slack's error mean this user cannot get DMs from the bot? */
static int
im_refused(const char *error)
{
	/* not_allowed_token_type: this token may not write DMs at all. */
	static const char *const closed[] = {
		"cannot_dm_bot", "user_disabled", "user_not_found",
		"messages_tab_disabled", "is_archived", "not_allowed_token_type",
		NULL
	};

	return slack_error_in(error, closed);
}

static void
im_closed(struct slack *s, struct im_entry *e, const char *error)
{
	if (e->de.state == DMCACHE_CLOSED)
		return;
	log_info("slack: user %s cannot get direct messages (%s)", e->de.user,
	    error);
	e->de.state = DMCACHE_CLOSED;
	im_drop_pending(e);
	bot_dm_failed(s->bot, &s->adapter, e->de.user);
}

/* A DM on its way, kept until Slack took it: it may have to go again. */
struct im_post {
	struct im_entry		*e;
	int			 has_bs;
	struct adapter_buttons	 bs;
	char			 text[];
};

static void
im_posted(struct slack *s, const struct web_result *res, void *arg)
{
	struct im_post	*p = arg;
	struct im_entry	*e = p->e;
	char		*cause = NULL;

	if (res->error == NULL) {
		e->reopened = 0;
		return;
	}
	if (im_refused(res->slack_error)) {
		im_closed(s, e, res->slack_error);
		return;
	}
	if (res->slack_error != NULL &&
	    strcmp(res->slack_error, "channel_not_found") == 0 &&
	    e->de.state == DMCACHE_OPEN && !e->reopened) {
		log_info("slack: the DM channel of %s is not found; opening it "
		    "again", e->de.user);
		e->de.state = DMCACHE_NONE;
		e->de.channel[0] = '\0';
		e->reopened = 1;
		if (im_send(s, e->de.user, p->text, p->has_bs ? &p->bs : NULL,
		    &cause) == 0)
			return;
		log_warn("slack: %s", cause);
		free(cause);
	}
	log_warn("slack: a direct message to %s is lost: %s", e->de.user,
	    res->error);
	bot_dm_lost(s->bot, &s->adapter, e->de.user);
}

/* Posts text and buttons (borrowed) to e's open DM channel. */
static int
im_post(struct slack *s, struct im_entry *e, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	struct im_post	*p;
	size_t		 len = strlen(text);

	p = xcalloc(1, sizeof *p + len + 1);
	p->e = e;
	if (bs != NULL) {
		p->has_bs = 1;
		memcpy(&p->bs, bs, sizeof p->bs);
	}
	memcpy(p->text, text, len + 1);
	return slack_post(s, e->de.channel, text, bs, im_posted, p, cause);
}

static void
im_opened(struct slack *s, const struct web_result *res, void *arg)
{
	struct im_entry	*e = arg;
	struct im_wait	 w[IM_PENDING_MAX];
	const char	*channel;
	char		*cause = NULL;
	int		 i, n, open;

	channel = res->error == NULL ? json_string(json_object(res->json,
	    "channel"), "id", SLACK_ID_MAX - 1) : NULL;
	if (channel == NULL || !slack_id_ok(channel)) {
		if (im_refused(res->slack_error)) {
			im_closed(s, e, res->slack_error);
			return;
		}
		log_warn("slack: opening a DM with %s failed: %s", e->de.user,
		    res->error != NULL ? res->error : "no channel id");
		e->de.state = DMCACHE_NONE;
		im_drop_pending(e);
		bot_dm_lost(s->bot, &s->adapter, e->de.user);
		return;
	}
	snprintf(e->de.channel, sizeof e->de.channel, "%s", channel);
	e->de.state = DMCACHE_OPEN;
	/*
	 * In order; a call may close the entry (the user refused) on the
	 * way, and then what is left is dropped as im_drop_pending would.
	 */
	n = im_take_pending(e, w);
	for (i = 0; i < n; i++) {
		open = e->de.state == DMCACHE_OPEN;
		if (w[i].fn != NULL)
			w[i].fn(s, open ? e->de.channel : NULL, w[i].arg);
		else if (open && im_post(s, e, w[i].text, w[i].bs,
		    &cause) != 0) {
			log_warn("slack: %s", cause);
			free(cause);
			cause = NULL;
		}
		im_wait_release(&w[i]);
	}
}

/*
 * Keeps text and buttons (both borrowed, copied), or (text NULL) a call
 * of fn(arg), until the channel opens, opening it if need be.
 */
static int
im_keep(struct slack *s, struct im_entry *e, const char *text,
    const struct adapter_buttons *bs, im_channel_cb *fn, void *arg,
    char **cause)
{
	struct im_wait	*w;

	if (e->npending == IM_PENDING_MAX)
		return set_cause(cause, "too many direct messages to <@%s> are "
		    "waiting", e->de.user);
	if (e->de.state == DMCACHE_NONE) {
		if (web_call(s, "conversations.open", NULL, web_form("users",
		    e->de.user, (char *)NULL), WEB_FORM, im_opened, e,
		    cause) != 0)
			return -1;
		e->de.state = DMCACHE_OPENING;
	}
	w = &e->pending[e->npending++];
	w->text = text != NULL ? xstrdup(text) : NULL;
	w->bs = text != NULL && bs != NULL ? xmemdup(bs, sizeof *bs) : NULL;
	w->fn = text != NULL ? NULL : fn;
	w->arg = arg;
	return 0;
}

int
im_send(struct slack *s, const char *user, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	struct im_entry	*e = im_find(s, user);
	int		 ready = dmcache_ready(&e->de, user, IM_REFUSED, cause);

	if (ready != 0)
		return ready < 0 ? -1 : im_post(s, e, text, bs, cause);
	return im_keep(s, e, text, bs, NULL, NULL, cause);
}

int
im_with_channel(struct slack *s, const char *user, im_channel_cb *fn,
    void *arg, char **cause)
{
	struct im_entry	*e = im_find(s, user);
	int		 ready = dmcache_ready(&e->de, user, IM_REFUSED, cause);

	if (ready < 0)
		return -1;
	if (ready > 0) {
		fn(s, e->de.channel, arg);
		return 0;
	}
	return im_keep(s, e, NULL, NULL, fn, arg, cause);
}

int
im_refused_channel(struct slack *s, const char *channel, const char *error)
{
	struct im_entry	*e;

	if (!im_refused(error))
		return 0;
	e = (struct im_entry *)dmcache_find_channel(s->dms, channel);
	if (e != NULL)
		im_closed(s, e, error);
	return 1;
}

int
im_lost_channel(struct slack *s, const char *channel, const char *error,
    im_channel_cb *fn, void *arg)
{
	struct im_entry	*e;
	char		*cause = NULL;

	e = (struct im_entry *)dmcache_find_channel(s->dms, channel);
	if (e == NULL)
		return 0;
	if (error == NULL) {
		e->reopened = 0;	/* delivered: it may be reopened again */
		return 0;
	}
	if (strcmp(error, "channel_not_found") == 0 && !e->reopened) {
		log_info("slack: the DM channel of %s is not found; opening it "
		    "again", e->de.user);
		e->de.state = DMCACHE_NONE;
		e->de.channel[0] = '\0';
		e->reopened = 1;
		if (im_keep(s, e, NULL, NULL, fn, arg, &cause) == 0)
			return 1;
		log_warn("slack: %s", cause);
		free(cause);
	}
	log_warn("slack: a direct message to %s is lost: %s", e->de.user,
	    error);
	bot_dm_lost(s->bot, &s->adapter, e->de.user);
	return 0;
}

void
im_learn(struct slack *s, const char *user, const char *channel)
{
	if (dmcache_learn(&im_find(s, user)->de, channel))
		bot_dm_open(s->bot, &s->adapter, user);
}
