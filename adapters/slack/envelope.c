/*
 * Socket Mode envelopes.  Every message on the socket is a JSON object
 * with a "type": "hello" when a connection is ready, "disconnect" when
 * Slack is about to close it (reason refresh_requested, warning,
 * link_disabled), and envelopes that carry a payload and an envelope_id
 * to acknowledge within 3 s: slash_commands, interactive, events_api.
 *
 * Slack may deliver an envelope again (retry_attempt counts the retries,
 * and a message read on a connection being replaced may come again on the
 * new one).  A retry is acked like any envelope but run once: the adapter
 * remembers envelope ids and content keys (a slash command's or a click's
 * trigger_id, an event's event_id) in a lib/recent set, the last
 * ENVELOPE_SEEN_MAX of them for ENVELOPE_SEEN_AGE.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "lib/json.h"
#include "lib/recent.h"
#include "lib/xmalloc.h"

#define ENVELOPE_TYPE_MAX	64
#define ENVELOPE_KEY_MAX	128

static const struct {
	const char		*name;
	enum envelope_type	 type;
} envelope_types[] = {
	{ "hello", ENVELOPE_HELLO },
	{ "disconnect", ENVELOPE_DISCONNECT },
	{ "slash_commands", ENVELOPE_SLASH },
	{ "interactive", ENVELOPE_INTERACTIVE },
	{ "events_api", ENVELOPE_EVENTS },
};

int
envelope_parse(const cJSON *msg, struct envelope *e, char **cause)
{
	const cJSON	*item;
	const char	*type;
	size_t		 i;

	memset(e, 0, sizeof *e);
	if (!cJSON_IsObject(msg))
		return set_cause(cause, "a socket message that is not an object");
	if ((type = json_string(msg, "type", ENVELOPE_TYPE_MAX)) == NULL)
		return set_cause(cause, "a socket message without a type");
	e->type = ENVELOPE_OTHER;
	for (i = 0; i < sizeof envelope_types / sizeof envelope_types[0]; i++)
		if (strcmp(type, envelope_types[i].name) == 0)
			e->type = envelope_types[i].type;
	item = cJSON_GetObjectItemCaseSensitive(msg, "envelope_id");
	if (item != NULL) {
		if ((e->id = json_string(msg, "envelope_id",
		    ENVELOPE_ID_MAX)) == NULL)
			return set_cause(cause, "a %s envelope with a bad "
			    "envelope_id", type);
	}
	item = cJSON_GetObjectItemCaseSensitive(msg, "retry_attempt");
	if (item != NULL && !cJSON_IsNull(item) &&
	    json_int(msg, "retry_attempt", 0, 1000, &e->retry_attempt) != 0)
		return set_cause(cause, "a %s envelope with a bad "
		    "retry_attempt", type);
	if (e->type == ENVELOPE_DISCONNECT)
		e->reason = json_string(msg, "reason", 64);
	item = cJSON_GetObjectItemCaseSensitive(msg, "payload");
	if (cJSON_IsObject(item))
		e->payload = item;
	switch (e->type) {
	case ENVELOPE_SLASH:
	case ENVELOPE_INTERACTIVE:
	case ENVELOPE_EVENTS:
		if (e->id == NULL)
			return set_cause(cause, "a %s envelope without an "
			    "envelope_id", type);
		if (e->payload == NULL)
			return set_cause(cause, "a %s envelope without a "
			    "payload", type);
		break;
	default:
		break;
	}
	return 0;
}

char *
envelope_ack(const char *id)
{
	cJSON	*ack = cJSON_CreateObject();

	cJSON_AddStringToObject(ack, "envelope_id", id);
	return json_print(ack);
}

const char *
envelope_key(const struct envelope *e)
{
	switch (e->type) {
	case ENVELOPE_SLASH:
	case ENVELOPE_INTERACTIVE:
		return json_string(e->payload, "trigger_id", ENVELOPE_KEY_MAX - 2);
	case ENVELOPE_EVENTS:
		return json_string(e->payload, "event_id", ENVELOPE_KEY_MAX - 2);
	default:
		return NULL;
	}
}

int
envelope_repeat(struct recent *seen, const struct envelope *e, uint64_t now)
{
	char		 key[ENVELOPE_ID_MAX + 8];
	const char	*k;
	int		 dup = 0;

	/* Both keys are checked, so both are remembered. */
	if (e->id != NULL) {
		snprintf(key, sizeof key, "e:%s", e->id);
		dup |= recent_check(seen, key, now);
	}
	if ((k = envelope_key(e)) != NULL) {
		snprintf(key, sizeof key, "k:%s", k);
		dup |= recent_check(seen, key, now);
	}
	return dup;
}
