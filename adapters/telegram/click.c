/*
 * Button clicks.  A press of an inline keyboard button comes as a
 * callback_query: its id, who pressed (from), the message it is on and
 * the button's callback_data, which is the bot's button id.  It becomes
 * a button bot_event in the message's chat.  Telegram shows a spinner
 * until the query is answered (answerCallbackQuery), and every query
 * must be answered, at once: after the update's batch, with the short
 * private answer the bot gave (an alert only the clicker sees; a
 * refusal to a click in a group is one) or a short note, or a link into
 * the private chat for a user the bot cannot write to.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

void
click_answer(struct tg *tg, struct tg_ctx *ctx)
{
	cJSON	*body = cJSON_CreateObject();
	char	*cause = NULL;

	cJSON_AddStringToObject(body, "callback_query_id", ctx->query);
	if (ctx->url[0] != '\0')
		cJSON_AddStringToObject(body, "url", ctx->url);
	else if (ctx->alert[0] != '\0') {
		cJSON_AddStringToObject(body, "text", ctx->alert);
		cJSON_AddBoolToObject(body, "show_alert", !ctx->is_dm);
	} else if (!ctx->is_dm && ctx->privchat_sent)
		cJSON_AddStringToObject(body, "text", "Sent to our private "
		    "chat.");
	/* Its own queue: never behind messages waiting for their pace. */
	if (api_call(tg, "answerCallbackQuery", NULL, body, 0, API_ONCE,
	    api_logged, "answering a click", &cause) != 0) {
		log_warn("telegram: %s", cause);
		free(cause);
	}
}

void
click_handle(struct tg *tg, const cJSON *q, struct tg_ctx *ctx)
{
	const cJSON	*from, *msg, *chat;
	const char	*id, *data, *type;
	char		 name[TG_NAME_MAX];

	from = json_object(q, "from");
	msg = json_object(q, "message");
	chat = json_object(msg, "chat");
	if ((id = json_string(q, "id", TG_QUERY_ID_MAX)) == NULL ||
	    json_int(from, "id", 1, INT64_MAX, &ctx->user) != 0) {
		log_warn("telegram: dropped a malformed callback query");
		return;
	}
	snprintf(ctx->query, sizeof ctx->query, "%s", id);
	data = json_string(q, "data", TG_DATA_MAX);
	if (data == NULL || json_int(chat, "id", INT64_MIN + 1, INT64_MAX,
	    &ctx->chat) != 0) {
		/* Not one of ours (a game, an inline message): answered. */
		return;
	}
	chats_learn(tg->chats, chat);
	type = json_string(chat, "type", 32);
	ctx->is_dm = type != NULL && strcmp(type, "private") == 0;
	if (json_int(msg, "message_id", 1, INT64_MAX, &ctx->message) != 0)
		ctx->message = 0;
	update_where(tg, msg, ctx);
	ctx->is_admin = admins_is(tg, ctx->chat, ctx->user);
	update_name(from, name, sizeof name);
	if (!ctx->is_dm)
		privchat_seen(tg, ctx->user, ctx->chat, name);
	answer_dispatch(tg, ctx, name, data, 1);
}
