/*
 * Button clicks.  An interactive envelope of type block_actions says who
 * clicked (user), where (channel, and the container: the message, and
 * whether it was ephemeral), which button (actions[0]: a button whose
 * action_id is the bot's button id) and gives a response_url.  The click
 * becomes a bot_event with is_button set and the id as its text.  A
 * private answer to a click on a private message (ephemeral, or in the
 * bot's DM) replaces that message through the response_url, so a hand
 * view turns into the next choice in place; on the public table it is a
 * new ephemeral message.  Other interactive payloads are dropped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/daemon/log.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

void
action_handle(struct slack *s, const cJSON *p)
{
	struct slack_ctx	 ctx;
	const cJSON		*user, *channel, *container, *actions, *act;
	const char		*type, *uid, *name, *chan, *id, *atype;

	if ((type = json_string(p, "type", 64)) == NULL) {
		log_warn("slack: dropped an interactive payload without a type");
		return;
	}
	if (strcmp(type, "block_actions") != 0) {
		log_debug("slack: ignored an interactive %s", type);
		return;
	}
	user = json_object(p, "user");
	channel = json_object(p, "channel");
	container = json_object(p, "container");
	actions = cJSON_GetObjectItemCaseSensitive(p, "actions");
	if ((uid = json_string(user, "id", SLACK_ID_MAX - 1)) == NULL ||
	    !slack_id_ok(uid)) {
		log_warn("slack: dropped a click without a user");
		return;
	}
	if ((chan = json_string(channel, "id", SLACK_ID_MAX - 1)) == NULL)
		chan = json_string(container, "channel_id", SLACK_ID_MAX - 1);
	if (chan == NULL || !slack_id_ok(chan)) {
		log_warn("slack: dropped a click without a channel");
		return;
	}
	if (!cJSON_IsArray(actions) || cJSON_GetArraySize(actions) < 1 ||
	    cJSON_GetArraySize(actions) > 25) {
		log_warn("slack: dropped a click without its action");
		return;
	}
	act = cJSON_GetArrayItem(actions, 0);
	if ((atype = json_string(act, "type", 32)) == NULL ||
	    strcmp(atype, "button") != 0 ||
	    (id = json_string(act, "action_id", ADAPTER_BUTTON_ID_MAX)) == NULL) {
		log_warn("slack: dropped a click that is not one of our buttons");
		return;
	}
	if ((name = json_string(user, "username", SLACK_NAME_MAX)) == NULL &&
	    (name = json_string(user, "name", SLACK_NAME_MAX)) == NULL)
		name = uid;

	reply_ctx_init(s, &ctx, uid, chan, user, p);
	ctx.click = 1;
	ctx.private_msg = json_true(container, "is_ephemeral") || chan[0] == 'D';
	log_debug("slack: %s in %s: click %s", uid, chan, id);
	/* A click on the bot's own DM message; an ephemeral one may be anywhere. */
	if (chan[0] == 'D' && !json_true(container, "is_ephemeral"))
		im_learn(s, uid, chan);
	admin_submit(s, &ctx, name, id, chan[0] == 'D', 1);
}
