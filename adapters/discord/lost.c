/*
 * Channels the bot cannot use.  A 404 with 10003 (Unknown Channel), a 403
 * with 50001 (Missing Access) or 50013 (Missing Permissions) is final for
 * its request, and says the channel is closed to the bot; so do the
 * CHANNEL_DELETE and THREAD_DELETE dispatches, and GUILD_DELETE without
 * "unavailable" (the bot was removed) for every channel of that guild.
 * The channel is then marked lost: what waits to go there is dropped,
 * nothing new is sent, and the bot pauses its table (bot/tables/channel-lost.c).
 * CHANNEL_UPDATE, GUILD_CREATE (for the channels it lists) and a command
 * from the channel make it usable again.
 *
 * Which guild a channel is in is learned from interactions and from
 * GUILD_CREATE, in a capped table that forgets the oldest first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define LOST_MAX	256	/* channels marked lost at once */
#define LOST_GUILDS_MAX	4096	/* channels whose guild is known */

struct lost_chan {
	char	id[DISCORD_ID_MAX];
	char	guild[DISCORD_ID_MAX];
};

struct lost {
	char			 lost[LOST_MAX][DISCORD_ID_MAX];
	int			 nlost;
	struct lost_chan	 chans[LOST_GUILDS_MAX];
	int			 nchans;
	int			 next;	/* the slot a full table reuses */
};

struct lost *
lost_new(void)
{
	return xcalloc(1, sizeof(struct lost));
}

void
lost_free(struct lost *l)
{
	free(l);
}

static int
lost_find(const struct lost *l, const char *channel)
{
	int	i;

	for (i = 0; i < l->nlost; i++)
		if (strcmp(l->lost[i], channel) == 0)
			return i;
	return -1;
}

int
lost_is(struct discord *d, const char *channel)
{
	return channel != NULL && *channel != '\0' &&
	    lost_find(d->lost, channel) >= 0;
}

void
lost_mark(struct discord *d, const char *channel, const char *why)
{
	struct lost	*l = d->lost;

	if (channel == NULL || *channel == '\0' ||
	    strlen(channel) >= DISCORD_ID_MAX)
		return;
	if (lost_find(l, channel) < 0) {
		log_warn("discord: channel %s is lost: %s; nothing more goes "
		    "there", channel, why);
		if (l->nlost == LOST_MAX) {
			/* The oldest makes room; it fails again if still lost. */
			memmove(l->lost[0], l->lost[1],
			    (LOST_MAX - 1) * sizeof l->lost[0]);
			l->nlost--;
		}
		snprintf(l->lost[l->nlost++], DISCORD_ID_MAX, "%s", channel);
		rest_drop_channel(d, channel);
	}
	bot_channel_lost(d->bot, &d->adapter, channel, why, d->lost_grace);
}

void
lost_clear(struct discord *d, const char *channel)
{
	struct lost	*l = d->lost;
	int		 i;

	if (channel == NULL || (i = lost_find(l, channel)) < 0)
		return;
	log_info("discord: channel %s is usable again", channel);
	memmove(l->lost[i], l->lost[i + 1],
	    (size_t)(l->nlost - i - 1) * sizeof l->lost[0]);
	l->nlost--;
	bot_channel_back(d->bot, &d->adapter, channel);
}

int
lost_code(const struct rest_result *res)
{
	return (res->status == 404 && res->code == DISCORD_ERR_UNKNOWN_CHANNEL) ||
	    (res->status == 403 && (res->code == DISCORD_ERR_MISSING_ACCESS ||
	    res->code == DISCORD_ERR_MISSING_PERMISSIONS));
}

void
lost_learn(struct discord *d, const char *channel, const char *guild)
{
	struct lost	*l = d->lost;
	int		 i;

	if (channel == NULL || guild == NULL ||
	    strlen(channel) >= DISCORD_ID_MAX || strlen(guild) >= DISCORD_ID_MAX)
		return;
	for (i = 0; i < l->nchans; i++)
		if (strcmp(l->chans[i].id, channel) == 0)
			break;
	if (i == l->nchans) {
		if (l->nchans < LOST_GUILDS_MAX)
			l->nchans++;
		else {
			i = l->next;
			l->next = (l->next + 1) % LOST_GUILDS_MAX;
		}
	}
	snprintf(l->chans[i].id, sizeof l->chans[i].id, "%s", channel);
	snprintf(l->chans[i].guild, sizeof l->chans[i].guild, "%s", guild);
}

/* Every channel of guild is lost (the bot was removed from it). */
static void
lost_guild(struct discord *d, const char *guild)
{
	struct lost	*l = d->lost;
	char		 ids[LOST_MAX][DISCORD_ID_MAX];
	int		 i, n = 0;

	/* Copied first: marking calls into the bot, which may send. */
	for (i = 0; i < l->nchans && n < LOST_MAX; i++)
		if (strcmp(l->chans[i].guild, guild) == 0)
			snprintf(ids[n++], DISCORD_ID_MAX, "%s", l->chans[i].id);
	for (i = 0; i < n; i++)
		lost_mark(d, ids[i], "I was removed from the server");
}

/* GUILD_CREATE: its channels and threads exist and are visible. */
static void
lost_guild_create(struct discord *d, const cJSON *data)
{
	static const char *const lists[] = { "channels", "threads" };
	const cJSON	*list, *c;
	const char	*guild, *id;
	size_t		 k;

	if ((guild = json_digits(data, "id", DISCORD_ID_LEN)) == NULL)
		return;
	for (k = 0; k < sizeof lists / sizeof lists[0]; k++) {
		list = cJSON_GetObjectItemCaseSensitive(data, lists[k]);
		if (!cJSON_IsArray(list))
			continue;
		cJSON_ArrayForEach(c, list) {
			if ((id = json_digits(c, "id", DISCORD_ID_LEN)) == NULL)
				continue;
			lost_learn(d, id, guild);
			lost_clear(d, id);
		}
	}
}

void
lost_dispatch(struct discord *d, const char *type, const cJSON *data)
{
	const char	*id;

	if (strcmp(type, "CHANNEL_DELETE") == 0 ||
	    strcmp(type, "THREAD_DELETE") == 0) {
		if ((id = json_digits(data, "id", DISCORD_ID_LEN)) != NULL)
			lost_mark(d, id, "the channel was deleted");
	} else if (strcmp(type, "GUILD_DELETE") == 0) {
		/* With "unavailable" it is an outage, not a removal. */
		if ((id = json_digits(data, "id", DISCORD_ID_LEN)) != NULL &&
		    cJSON_GetObjectItemCaseSensitive(data, "unavailable") ==
		    NULL)
			lost_guild(d, id);
	} else if (strcmp(type, "CHANNEL_UPDATE") == 0 ||
	    strcmp(type, "THREAD_UPDATE") == 0) {
		lost_learn(d, json_digits(data, "id", DISCORD_ID_LEN),
		    json_digits(data, "guild_id", DISCORD_ID_LEN));
		lost_clear(d, json_digits(data, "id", DISCORD_ID_LEN));
	} else if (strcmp(type, "GUILD_CREATE") == 0)
		lost_guild_create(d, data);
	else if (strcmp(type, "INTERACTION_CREATE") == 0) {
		/* A command from the channel: it is there, and so are we. */
		id = json_digits(data, "channel_id", DISCORD_ID_LEN);
		lost_learn(d, id, json_digits(data, "guild_id", DISCORD_ID_LEN));
		lost_clear(d, id);
	}
}
