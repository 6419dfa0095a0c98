/*
 * Events API envelopes: the events the app subscribes to in its manifest
 * (config/slack-manifest.yml).  tokens_revoked with bot tokens in it, and
 * app_uninstalled, stop the adapter (revoke.c).  A channel archived or
 * deleted, or left by the bot, is lost (nopost.c) at once, without waiting
 * for a post to fail; unarchived, or joined by the bot, it works again.
 * Any other event is acked (socket.c did) and dropped.
 */
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/daemon/log.h"
#include "lib/json.h"

#define EVENT_TYPE_MAX	64

/* Does a tokens_revoked event name bot tokens (an array of user ids)? */
static int
event_bot_tokens(const cJSON *event)
{
	const cJSON	*tokens, *bot;

	tokens = json_object(event, "tokens");
	bot = tokens != NULL ? cJSON_GetObjectItemCaseSensitive(tokens,
	    "bot") : NULL;
	return cJSON_IsArray(bot) && cJSON_GetArraySize(bot) > 0;
}

/* A channel's event (archive, delete, the bot leaving...); 1 if it was one. */
static int
event_channel(struct slack *s, const cJSON *event, const char *type)
{
	static const struct {
		const char	*type;
		const char	*error;		/* lost as; NULL: back */
		int		 bot_only;	/* only when "user" is the bot */
	} kinds[] = {
		{ "channel_archive", "is_archived", 0 },
		{ "group_archive", "is_archived", 0 },
		{ "channel_deleted", "channel_deleted", 0 },
		{ "group_deleted", "channel_deleted", 0 },
		{ "channel_left", "not_in_channel", 0 },
		{ "group_left", "not_in_channel", 0 },
		{ "member_left_channel", "not_in_channel", 1 },
		{ "channel_unarchive", NULL, 0 },
		{ "group_unarchive", NULL, 0 },
		{ "member_joined_channel", NULL, 1 },
	};
	const char	*channel, *user;
	size_t		 i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(type, kinds[i].type) == 0)
			break;
	if (i == sizeof kinds / sizeof kinds[0])
		return 0;
	channel = json_string(event, "channel", SLACK_ID_MAX - 1);
	if (channel == NULL || !slack_id_ok(channel)) {
		log_warn("slack: dropped a %s event without a channel", type);
		return 1;
	}
	if (kinds[i].bot_only) {
		user = json_string(event, "user", SLACK_ID_MAX - 1);
		if (user == NULL || s->bot_user[0] == '\0' ||
		    strcmp(user, s->bot_user) != 0)
			return 1;
	}
	log_info("slack: %s in %s", type, channel);
	if (kinds[i].error != NULL)
		nopost_mark(s, channel, kinds[i].error, "");
	else
		nopost_clear(s, channel);
	return 1;
}

void
event_handle(struct slack *s, const cJSON *payload)
{
	const cJSON	*event = json_object(payload, "event");
	const char	*type;

	if ((type = json_string(event, "type", EVENT_TYPE_MAX)) == NULL) {
		log_warn("slack: dropped an event without a type");
		return;
	}
	if (event_channel(s, event, type))
		return;
	if (strcmp(type, "app_uninstalled") == 0)
		revoke_stop(s, "the app was uninstalled from the workspace "
		    "(app_uninstalled)", "stopped: app uninstalled");
	else if (strcmp(type, "tokens_revoked") == 0 && event_bot_tokens(event))
		revoke_stop(s, "the bot token was revoked (tokens_revoked)",
		    "stopped: bot token revoked");
	else
		log_debug("slack: ignored a %s event", type);
}
