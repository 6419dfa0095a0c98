/*
 * Updates.  getUpdates (poll.c) hands each update here, inside the
 * batch that commits its effects with the new offset.  What the bot
 * asked for (allowed_updates) comes: a message (a command, /start in
 * the private chat, or a group's upgrade: migrate.c), a callback_query
 * (click.c), my_chat_member (the bot added to or removed from a chat:
 * kicked.c).  Everything a
 * user sends has its control characters replaced (html_clean), so that
 * no one can forge the mention markers of html.c.  A message a user's
 * client sent "via" this bot is never a command of its own.
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

#define UPDATE_TEXT_MAX	4096	/* bytes of a message's text we read */

void
update_where(struct tg *tg, const cJSON *msg, struct tg_ctx *ctx)
{
	int64_t	thread = 0;

	if (json_true(msg, "is_topic_message") &&
	    json_int(msg, "message_thread_id", 1, INT64_MAX, &thread) == 0 &&
	    ctx->chat < 0) {
		ctx->thread = thread;
		chats_topic(tg->chats, ctx->chat, thread);
	}
	tg_chan_name(ctx->chat, ctx->thread, ctx->chat_id,
	    sizeof ctx->chat_id);
}

int
update_group(const cJSON *u, int64_t *chat)
{
	const cJSON	*msg, *q;
	const char	*text;

	*chat = 0;
	if ((msg = json_object(u, "message")) != NULL) {
		text = json_string(msg, "text", UPDATE_TEXT_MAX);
		if (text == NULL || text[0] != '/')
			return 0;
	} else if ((q = json_object(u, "callback_query")) != NULL)
		msg = json_object(q, "message");
	else
		return 0;
	return json_int(json_object(msg, "chat"), "id", INT64_MIN + 1, -1,
	    chat) == 0;
}

void
update_name(const cJSON *user, char *buf, size_t len)
{
	const char	*name;

	if ((name = json_string(user, "username", TG_NAME_MAX - 1)) == NULL &&
	    (name = json_string(user, "first_name", TG_NAME_MAX - 1)) == NULL)
		name = "someone";
	snprintf(buf, len, "%s", name);
	html_clean(buf);
}

/* A text message: a command of ours becomes a bot_event. */
static void
update_message(struct tg *tg, const cJSON *msg, struct tg_ctx *ctx)
{
	const cJSON	*from, *chat, *via;
	const char	*text, *type;
	char		*cmd, *clean, user[TG_ID_MAX], name[TG_NAME_MAX];
	int64_t		 via_id = 0;
	int		 start;

	from = json_object(msg, "from");
	chat = json_object(msg, "chat");
	via = json_object(msg, "via_bot");
	if ((text = json_string(msg, "text", UPDATE_TEXT_MAX)) == NULL) {
		/* A service message (an upgrade), media, an empty text. */
		chats_learn(tg->chats, chat);
		migrate_message(tg, msg);
		return;
	}
	if (json_int(from, "id", 1, INT64_MAX, &ctx->user) != 0 ||
	    json_int(chat, "id", INT64_MIN + 1, INT64_MAX, &ctx->chat) != 0 ||
	    (type = json_string(chat, "type", 32)) == NULL) {
		log_warn("telegram: dropped a malformed message");
		return;
	}
	chats_learn(tg->chats, chat);
	if (json_true(from, "is_bot"))
		return;
	if (via != NULL && json_int(via, "id", 1, INT64_MAX, &via_id) == 0 &&
	    via_id == tg->bot_id)
		return;		/* sent through inline mode: not a command */
	clean = xstrdup(text);
	html_clean(clean);
	cmd = command_text(tg, clean, cJSON_GetObjectItemCaseSensitive(msg,
	    "entities"), &start);
	free(clean);
	if (cmd == NULL)
		return;
	ctx->is_dm = strcmp(type, "private") == 0;
	ctx->is_admin = admins_is(tg, ctx->chat, ctx->user);
	update_where(tg, msg, ctx);
	snprintf(user, sizeof user, "%" PRId64, ctx->user);
	update_name(from, name, sizeof name);
	if (start) {
		if (ctx->is_dm) {
			log_info("telegram: %s started the bot", user);
			privchat_started(tg, ctx->user);
		}
		free(cmd);
		return;
	}
	if (!ctx->is_dm)
		privchat_seen(tg, ctx->user, ctx->chat, name);
	else
		privchat_started(tg, ctx->user);
	answer_dispatch(tg, ctx, name, cmd, 0);
	free(cmd);
}

/* The bot's own membership of a chat changed (kicked.c). */
static void
update_member(struct tg *tg, const cJSON *m)
{
	const char	*status;
	int64_t		 chat = 0;

	json_int(json_object(m, "chat"), "id", INT64_MIN + 1, INT64_MAX,
	    &chat);
	status = json_string(json_object(m, "new_chat_member"), "status", 32);
	log_info("telegram: the bot is now %s in chat %" PRId64,
	    status != NULL ? status : "(unknown)", chat);
	kicked_member(tg, chat, status);
}

void
update_handle(struct tg *tg, const cJSON *u, struct tg_ctx *ctx)
{
	const cJSON	*part;

	if ((part = json_object(u, "message")) != NULL)
		update_message(tg, part, ctx);
	else if ((part = json_object(u, "callback_query")) != NULL)
		click_handle(tg, part, ctx);
	else if ((part = json_object(u, "my_chat_member")) != NULL)
		update_member(tg, part);
	else if ((part = json_object(u, "inline_query")) != NULL)
		inline_query(tg, part);
	else if ((part = json_object(u, "chosen_inline_result")) != NULL)
		inline_chosen(tg, part, ctx);
	else
		log_debug("telegram: ignored an update of a kind not handled");
}

void
update_finish(struct tg *tg, struct tg_ctx *ctx)
{
	if (ctx->query[0] != '\0')
		click_answer(tg, ctx);
}
