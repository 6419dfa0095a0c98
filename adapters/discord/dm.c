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
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/dmcache.h"
#include "lib/dmcache-ready.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define DM_USERS_MAX		10000	/* cached users */
#define DM_PENDING_MAX		16	/* texts waiting for a channel */
#define DM_ERR_CANNOT_DM	50007
#define DM_REFUSED		"does not accept direct messages"

struct dm_entry {
	struct dmcache_entry	 de;	/* first: the cache's part */
	struct discord		*d;
	/*
	 * What waits for a channel: texts and their buttons (JSON, may be
	 * NULL), or (text NULL) a call of dm_with_channel, a player's
	 * private message of a table (bot/saying/edited-messages.h).
	 */
	char			*pending[DM_PENDING_MAX];
	cJSON			*pending_components[DM_PENDING_MAX];
	void			*pending_call[DM_PENDING_MAX];
	int			 npending;
};

_Static_assert(offsetof(struct dm_entry, de) == 0,
    "struct dm_entry must begin with its struct dmcache_entry");

struct dmcache *
dm_cache_new(void)
{
	return dmcache_new(sizeof(struct dm_entry), DM_USERS_MAX);
}

/* Drops what waits; a waiting call is told there is no channel. */
static void
dm_drop_pending(struct dm_entry *e)
{
	int	i;

	for (i = 0; i < e->npending; i++) {
		free(e->pending[i]);
		cJSON_Delete(e->pending_components[i]);
		if (e->pending_call[i] != NULL)
			edited_dm_opened(NULL, e->pending_call[i]);
	}
	e->npending = 0;
}

static void
dm_drop_entry(struct dmcache_entry *de)
{
	dm_drop_pending((struct dm_entry *)de);
}

void
dm_cache_free(struct dmcache *c)
{
	dmcache_free(c, dm_drop_entry);
}

/* The entry of user, a new one if there is none (lib/dmcache.h). */
static struct dm_entry *
dm_find(struct discord *d, const char *user)
{
	struct dm_entry	*e;

	e = (struct dm_entry *)dmcache_find(d->dms, user);
	e->d = d;
	return e;
}

/* The user of e does not accept DMs: marked so, and the bot told. */
static void
dm_closed(struct discord *d, struct dm_entry *e)
{
	log_info("discord: user %s does not accept direct messages",
	    e->de.user);
	e->de.state = DMCACHE_CLOSED;
	bot_dm_failed(d->bot, &d->adapter, e->de.user);
}

static void
dm_posted(struct discord *d, const struct rest_result *res, void *arg)
{
	struct dm_entry	*e = arg;

	if (res->error == NULL)
		return;
	if (res->code == DM_ERR_CANNOT_DM) {
		if (e->de.state != DMCACHE_CLOSED)
			dm_closed(d, e);
		return;
	}
	log_warn("discord: a direct message to %s failed: %s", e->de.user,
	    res->error);
	if (!d->refused)
		bot_dm_lost(d->bot, &d->adapter, e->de.user);
}

static int
dm_post(struct discord *d, struct dm_entry *e, const char *text,
    const cJSON *components, char **cause)
{
	return discord_post(d, e->de.channel, text, components, dm_posted, e,
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
		    e->de.user, res->error != NULL ? res->error :
		    "no channel id");
		e->de.state = DMCACHE_NONE;
		if (res->code == DM_ERR_CANNOT_DM) {
			e->de.state = DMCACHE_CLOSED;
			bot_dm_failed(d->bot, &d->adapter, e->de.user);
		} else if (e->npending > 0 && !d->refused)
			bot_dm_lost(d->bot, &d->adapter, e->de.user);
		dm_drop_pending(e);
		return;
	}
	snprintf(e->de.channel, sizeof e->de.channel, "%s", channel);
	e->de.state = DMCACHE_OPEN;
	for (i = 0; i < e->npending; i++) {
		if (e->pending_call[i] != NULL) {
			edited_dm_opened(e->de.channel, e->pending_call[i]);
			e->pending_call[i] = NULL;
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
 * Queues text with bs, or (text NULL) call, for e's channel once it is
 * open, opening it if need be; 0, or -1 with *cause.
 */
static int
dm_wait(struct discord *d, struct dm_entry *e, const char *text,
    const struct adapter_buttons *bs, void *call, char **cause)
{
	cJSON	*body;
	char	*s;

	if (e->npending == DM_PENDING_MAX)
		return set_cause(cause, "too many direct messages to <@%s> are "
		    "waiting", e->de.user);
	if (e->de.state == DMCACHE_NONE) {
		body = cJSON_CreateObject();
		cJSON_AddStringToObject(body, "recipient_id", e->de.user);
		s = json_print(body);
		if (rest_request(d, "POST", "/users/@me/channels", NULL, s, 0,
		    dm_opened, e, cause) != 0)
			return -1;
		e->de.state = DMCACHE_OPENING;
	}
	e->pending_components[e->npending] = text != NULL ?
	    discord_components(bs) : NULL;
	e->pending[e->npending] = text != NULL ? xstrdup(text) : NULL;
	e->pending_call[e->npending] = text != NULL ? NULL : call;
	e->npending++;
	return 0;
}

int
dm_send(struct discord *d, const char *user, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	struct dm_entry	*e = dm_find(d, user);
	cJSON		*components;
	int		 rc, ready;

	ready = dmcache_ready(&e->de, user, DM_REFUSED, cause);
	if (ready < 0)
		return -1;
	if (ready == 0)
		return dm_wait(d, e, text, bs, NULL, cause);
	components = discord_components(bs);
	rc = dm_post(d, e, text, components, cause);
	cJSON_Delete(components);
	return rc;
}

int
dm_with_channel(struct adapter *a, const char *user, void *call,
    char **cause)
{
	struct discord	*d = a->priv;
	struct dm_entry	*e = dm_find(d, user);
	int		 ready = dmcache_ready(&e->de, user, DM_REFUSED, cause);

	if (ready < 0)
		return -1;
	if (ready == 0)
		return dm_wait(d, e, NULL, NULL, call, cause);
	edited_dm_opened(e->de.channel, call);
	return 0;
}

void
dm_refused(struct discord *d, const char *channel)
{
	struct dm_entry	*e;

	e = (struct dm_entry *)dmcache_find_channel(d->dms, channel);
	if (e != NULL)
		dm_closed(d, e);
}

void
dm_undelivered(struct discord *d, const char *channel)
{
	struct dmcache_entry	*e;

	if (d->refused)
		return;		/* the token, not the DM: said once, elsewhere */
	if ((e = dmcache_find_channel(d->dms, channel)) != NULL)
		bot_dm_lost(d->bot, &d->adapter, e->user);
}

void
dm_learn(struct discord *d, const char *user, const char *channel)
{
	if (dmcache_learn(&dm_find(d, user)->de, channel))
		bot_dm_open(d->bot, &d->adapter, user);
}
