/*
 * Events API envelopes: the events the app subscribes to in its manifest
 * (config/slack-manifest.yml).  tokens_revoked with bot tokens in it, and
 * app_uninstalled, stop the adapter (revoke.c).  Any other event is
 * acked (socket.c did) and dropped.
 */
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/log.h"
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

void
event_handle(struct slack *s, const cJSON *payload)
{
	const cJSON	*event = json_object(payload, "event");
	const char	*type;

	if ((type = json_string(event, "type", EVENT_TYPE_MAX)) == NULL) {
		log_warn("slack: dropped an event without a type");
		return;
	}
	if (strcmp(type, "app_uninstalled") == 0)
		revoke_stop(s, "the app was uninstalled from the workspace "
		    "(app_uninstalled)", "stopped: app uninstalled");
	else if (strcmp(type, "tokens_revoked") == 0 && event_bot_tokens(event))
		revoke_stop(s, "the bot token was revoked (tokens_revoked)",
		    "stopped: bot token revoked");
	else
		log_debug("slack: ignored a %s event", type);
}
