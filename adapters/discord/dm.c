/*
 * Direct messages.  Discord sends a DM to a DM channel, which must first
 * be opened (POST /users/@me/channels); the channel is cached per user, and
 * texts sent while it opens wait, in order, to follow it.  A DM refused
 * with error 50007 (the user does not accept DMs from this server) marks
 * the user: later send_dm calls fail at once with a cause, so the bot
 * serves their secrets through "hand", and the first refusal is reported
 * to the bot (bot_dm_failed) so it tells the channel without any secret.
 * A user who runs a command from a DM shows their DMs work again.  Any
 * other failure (retried by rest.c while it may pass) is reported too
 * (bot_dm_lost), so the table hears that "hand" shows it again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/discord/discord-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define DM_USERS_MAX		10000	/* cached users */
#define DM_PENDING_MAX		16	/* texts waiting for a channel */
#define DM_ERR_CANNOT_DM	50007

enum dm_state { DM_NONE, DM_OPENING, DM_OPEN, DM_CLOSED };

struct dm_entry {
	LIST_ENTRY(dm_entry)	 entry;
	struct discord		*d;
	char			 user[DISCORD_ID_MAX];
	char			 channel[DISCORD_ID_MAX];
	enum dm_state		 state;
	/*
	 * What waits for a channel: texts and their buttons (JSON, may be
	 * NULL), or (text NULL) a call of dm_with_channel's fn.
	 */
	char			*pending[DM_PENDING_MAX];
	cJSON			*pending_components[DM_PENDING_MAX];
	dm_channel_cb		*pending_fn[DM_PENDING_MAX];
	void			*pending_arg[DM_PENDING_MAX];
	int			 npending;
};

struct dm_cache {
	LIST_HEAD(, dm_entry)	 users;
	int			 n;
};

struct dm_cache *
dm_cache_new(void)
{
	struct dm_cache	*c = xcalloc(1, sizeof *c);

	LIST_INIT(&c->users);
	return c;
}

/* Drops what waits; a waiting call is told there is no channel. */
static void
dm_drop_pending(struct dm_entry *e)
{
	int	i;

	for (i = 0; i < e->npending; i++) {
		free(e->pending[i]);
		cJSON_Delete(e->pending_components[i]);
		if (e->pending_fn[i] != NULL)
			e->pending_fn[i](e->d, NULL, e->pending_arg[i]);
	}
	e->npending = 0;
}

void
dm_cache_free(struct dm_cache *c)
{
	struct dm_entry	*e;

	if (c == NULL)
		return;
	while ((e = LIST_FIRST(&c->users)) != NULL) {
		LIST_REMOVE(e, entry);
		dm_drop_pending(e);
		free(e);
	}
	free(c);
}

/*
 * The entry of user; with create, a new one.  Entries live as long as the
 * cache, because requests in flight point at them.  Past DM_USERS_MAX an
 * entry with nothing in flight (no channel yet, or closed DMs) is reused;
 * when there is none the cache grows.
 */
static struct dm_entry *
dm_find(struct discord *d, const char *user, int create)
{
	struct dm_cache	*c = d->dms;
	struct dm_entry	*e, *idle = NULL;

	LIST_FOREACH(e, &c->users, entry) {
		if (strcmp(e->user, user) == 0)
			return e;
		if (e->state == DM_NONE || e->state == DM_CLOSED)
			idle = e;
	}
	if (!create)
		return NULL;
	if (c->n >= DM_USERS_MAX && idle != NULL) {
		e = idle;
		memset(e->channel, 0, sizeof e->channel);
	} else {
		e = xcalloc(1, sizeof *e);
		e->d = d;
		LIST_INSERT_HEAD(&c->users, e, entry);
		c->n++;
	}
	snprintf(e->user, sizeof e->user, "%s", user);
	e->state = DM_NONE;
	return e;
}

/* The user of e does not accept DMs: marked so, and the bot told. */
static void
dm_closed(struct discord *d, struct dm_entry *e)
{
	log_info("discord: user %s does not accept direct messages", e->user);
	e->state = DM_CLOSED;
	bot_dm_failed(d->bot, &d->adapter, e->user);
}

static void
dm_posted(struct discord *d, const struct rest_result *res, void *arg)
{
	struct dm_entry	*e = arg;

	if (res->error == NULL)
		return;
	if (res->code == DM_ERR_CANNOT_DM) {
		if (e->state != DM_CLOSED)
			dm_closed(d, e);
		return;
	}
	log_warn("discord: a direct message to %s failed: %s", e->user,
	    res->error);
	if (!d->refused)
		bot_dm_lost(d->bot, &d->adapter, e->user);
}

static int
dm_post(struct discord *d, struct dm_entry *e, const char *text,
    const cJSON *components, char **cause)
{
	return discord_post(d, e->channel, text, components, dm_posted, e,
	    cause);
}

static void
dm_opened(struct discord *d, const struct rest_result *res, void *arg)
{
	struct dm_entry	*e = arg;
	const char	*channel;
	char		*cause = NULL;
	int		 i;

	channel = res->error == NULL ? json_digits(res->json, "id",
	    DISCORD_ID_LEN) : NULL;
	if (channel == NULL) {
		log_warn("discord: opening a DM channel to %s failed: %s",
		    e->user, res->error != NULL ? res->error : "no channel id");
		e->state = DM_NONE;
		if (res->code == DM_ERR_CANNOT_DM) {
			e->state = DM_CLOSED;
			bot_dm_failed(d->bot, &d->adapter, e->user);
		} else if (e->npending > 0 && !d->refused)
			bot_dm_lost(d->bot, &d->adapter, e->user);
		dm_drop_pending(e);
		return;
	}
	snprintf(e->channel, sizeof e->channel, "%s", channel);
	e->state = DM_OPEN;
	for (i = 0; i < e->npending; i++) {
		if (e->pending_fn[i] != NULL) {
			e->pending_fn[i](d, e->channel, e->pending_arg[i]);
			e->pending_fn[i] = NULL;
			continue;
		}
		if (dm_post(d, e, e->pending[i], e->pending_components[i],
		    &cause) != 0) {
			log_warn("discord: %s", cause);
			free(cause);
			cause = NULL;
		}
	}
	dm_drop_pending(e);
}

/*
 * Queues text with bs, or (text NULL) a call of fn(arg), for e's channel
 * once it is open, opening it if need be; 0, or -1 with *cause.
 */
static int
dm_wait(struct discord *d, struct dm_entry *e, const char *text,
    const struct adapter_buttons *bs, dm_channel_cb *fn, void *arg,
    char **cause)
{
	cJSON	*body;
	char	*s;

	if (e->npending == DM_PENDING_MAX)
		return set_cause(cause, "too many direct messages to <@%s> are "
		    "waiting", e->user);
	if (e->state == DM_NONE) {
		body = cJSON_CreateObject();
		cJSON_AddStringToObject(body, "recipient_id", e->user);
		s = json_print(body);
		if (rest_request(d, "POST", "/users/@me/channels", NULL, s, 0,
		    dm_opened, e, cause) != 0)
			return -1;
		e->state = DM_OPENING;
	}
	e->pending_components[e->npending] = text != NULL ?
	    discord_components(bs) : NULL;
	e->pending[e->npending] = text != NULL ? xstrdup(text) : NULL;
	e->pending_fn[e->npending] = text != NULL ? NULL : fn;
	e->pending_arg[e->npending] = arg;
	e->npending++;
	return 0;
}

/*
 * Finds user's entry into *ep: 1 when its channel is open, 0 when what
 * is for it must wait (dm_wait), -1 with *cause when DMs are closed.
 */
static int
dm_ready(struct discord *d, const char *user, struct dm_entry **ep,
    char **cause)
{
	struct dm_entry	*e = *ep = dm_find(d, user, 1);

	if (e->state == DM_CLOSED)
		return set_cause(cause, "<@%s> does not accept direct messages",
		    user);
	return e->state == DM_OPEN;
}

int
dm_send(struct discord *d, const char *user, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	struct dm_entry	*e;
	cJSON		*components;
	int		 rc, ready = dm_ready(d, user, &e, cause);

	if (ready < 0)
		return -1;
	if (ready == 0)
		return dm_wait(d, e, text, bs, NULL, NULL, cause);
	components = discord_components(bs);
	rc = dm_post(d, e, text, components, cause);
	cJSON_Delete(components);
	return rc;
}

int
dm_with_channel(struct discord *d, const char *user, dm_channel_cb *fn,
    void *arg, char **cause)
{
	struct dm_entry	*e;
	int		 ready = dm_ready(d, user, &e, cause);

	if (ready < 0)
		return -1;
	if (ready == 0)
		return dm_wait(d, e, NULL, NULL, fn, arg, cause);
	fn(d, e->channel, arg);
	return 0;
}

void
dm_refused(struct discord *d, const char *channel)
{
	struct dm_entry	*e;

	LIST_FOREACH(e, &d->dms->users, entry) {
		if (strcmp(e->channel, channel) != 0 || e->state != DM_OPEN)
			continue;
		dm_closed(d, e);
		return;
	}
}

void
dm_undelivered(struct discord *d, const char *channel)
{
	struct dm_entry	*e;

	if (d->refused)
		return;		/* the token, not the DM: said once, elsewhere */
	LIST_FOREACH(e, &d->dms->users, entry) {
		if (e->state == DM_OPEN && strcmp(e->channel, channel) == 0) {
			bot_dm_lost(d->bot, &d->adapter, e->user);
			return;
		}
	}
}

void
dm_learn(struct discord *d, const char *user, const char *channel)
{
	struct dm_entry	*e = dm_find(d, user, 1);

	if (e->state == DM_OPENING)
		return;
	snprintf(e->channel, sizeof e->channel, "%s", channel);
	if (e->state == DM_CLOSED)
		bot_dm_open(d->bot, &d->adapter, user);
	e->state = DM_OPEN;
}
