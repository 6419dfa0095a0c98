/*
 * Answers and messages.  A public answer is a message in the update's
 * chat.  Telegram has no message only one user of a group sees: a
 * private answer to a click in a group that is short and has no buttons
 * is the click's alert (click.c), which only the clicker sees; any other
 * private answer goes to the user's private chat with the bot
 * (privchat.c), never to the group.  In the private chat, a click's
 * short answer is a passing note on the click ("Done: your move is on
 * the table."), and an answer with buttons (the next part of a choice)
 * replaces the clicked message: a move's buttons are edited in place as
 * the player clicks through a choice.  Text is
 * the bot's, sent as HTML (html.c), in as many messages as its length
 * needs, the buttons on the last.
 *
 * Answers the bot holds behind a commit that settles after the update
 * (a PostgreSQL store) come through a copy of the update's tg_ctx, held
 * (adapter_ops.hold) while the update is on, in tg->holds (lib/holds.c):
 * its click was answered when the update ended, at once, as Telegram
 * wants, so a short private answer is a message then (in the private
 * chat) instead of the click's alert or note; a choice's next part
 * still replaces the clicked message, and a public answer still goes to
 * the update's chat and topic.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/json.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

#define ANSWER_PARTS_MAX	16	/* messages one text may take */

cJSON *
answer_body(int64_t chat, int64_t thread, const char *text)
{
	cJSON	*body = cJSON_CreateObject();
	char	*html = html_escape(text);

	cJSON_AddNumberToObject(body, "chat_id", (double)chat);
	if (thread > 0)
		cJSON_AddNumberToObject(body, "message_thread_id",
		    (double)thread);
	cJSON_AddStringToObject(body, "text", html);
	free(html);
	cJSON_AddStringToObject(body, "parse_mode", "HTML");
	cJSON_AddItemToObject(cJSON_AddObjectToObject(body,
	    "link_preview_options"), "is_disabled", cJSON_CreateTrue());
	return body;
}

int
answer_post(struct tg *tg, int64_t chat, int64_t thread, const char *text,
    const struct adapter_buttons *bs, api_cb *cb, void *arg, char **cause)
{
	char	*parts[ANSWER_PARTS_MAX], queue[TG_ID_MAX + 4];
	cJSON	*body, *markup;
	int	 n, i, rc = 0, last, mine, taken = 0;

	snprintf(queue, sizeof queue, "ch:%lld", (long long)chat);
	if ((n = html_split(text, TG_TEXT_MAX, parts, ANSWER_PARTS_MAX)) == 0)
		parts[n++] = xstrdup(".");
	for (i = 0; i < n; i++) {
		last = i == n - 1;
		body = answer_body(chat, thread, parts[i]);
		free(parts[i]);
		if (last && (markup = markup_keyboard(bs)) != NULL)
			cJSON_AddItemToObject(body, "reply_markup", markup);
		if (rc != 0) {
			cJSON_Delete(body);
			continue;
		}
		/* The caller's cb and arg go with the last part. */
		mine = taken = last && cb != NULL;
		if (api_call(tg, "sendMessage", queue, body, 0, mine ?
		    API_ARG_FREE : 0, mine ? cb : api_logged, mine ? arg :
		    (void *)"sending a message", cause) != 0)
			rc = -1;
	}
	if (!taken && cb != NULL)
		free(arg);
	return rc;
}

/* A failed edit of a clicked message; "not modified" is none. */
static const struct api_quiet answer_edited = {
	"editing a clicked message", "message is not modified"
};

/*
 * The first answer with buttons to a click on a private message (the
 * next part of a choice) replaces that message, cut to one message.
 */
static int
answer_replace(struct tg *tg, struct tg_ctx *ctx, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	char	*body, queue[TG_ID_MAX + 4];
	cJSON	*json;

	ctx->replaced = 1;
	body = board_body(text, bs);
	json = cJSON_Parse(body);
	free(body);
	if (json == NULL)
		return set_cause(cause, "a message that is not JSON");
	cJSON_AddNumberToObject(json, "chat_id", (double)ctx->chat);
	cJSON_AddNumberToObject(json, "message_id", (double)ctx->message);
	snprintf(queue, sizeof queue, "ch:%" PRId64, ctx->chat);
	return api_call(tg, "editMessageText", queue, json, 0, 0,
	    api_logged_unless, (void *)&answer_edited, cause);
}

int
answer_send(struct tg *tg, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	struct tg_ctx	*ctx = ev->reply_ctx;
	int		 click, buttons;

	if (ctx == NULL)
		return set_cause(cause, "no update to answer");
	ctx->answered = 1;
	click = ctx->query[0] != '\0';
	buttons = bs != NULL && bs->n > 0;
	/* A choice's next part replaces the clicked private message. */
	if (click && ctx->is_dm && buttons && ctx->message > 0 &&
	    !ctx->replaced)
		return answer_replace(tg, ctx, text, bs, cause);
	/*
	 * A click's short answer is the click's own: in the group an alert
	 * only its user sees, in the private chat a passing note.
	 */
	if (click && !ctx->held && (private || ctx->is_dm) && !buttons &&
	    ctx->alert[0] == '\0' && utf8_count(text) <= TG_ALERT_MAX &&
	    strchr(text, '\001') == NULL) {
		snprintf(ctx->alert, sizeof ctx->alert, "%s", text);
		return 0;
	}
	if (!private || ctx->is_dm)
		return answer_post(tg, ctx->chat, ctx->thread, text, bs, NULL,
		    NULL, cause);
	if (privchat_send(tg, ev->user_id, text, bs, cause) == 0) {
		ctx->privchat_sent = 1;
		return 0;
	}
	/* Their private chat is closed: the click opens it, or a link. */
	if (click && !ctx->held)
		privchat_link(tg, ctx->url, sizeof ctx->url);
	else if (privchat_closed(tg, ctx->user))
		privchat_offer(tg, ctx->user, ctx->chat);
	return -1;
}

/*
 * The hold op: a copy of ev's tg_ctx (the update's, live until the end
 * of its batch, or a copy held before, held again), or NULL when too
 * many are held.  private: an answer held for it is private.
 */
void *
answer_hold(struct adapter *a, const struct bot_event *ev, int private)
{
	struct tg	*tg = a->priv;
	struct tg_ctx	*from = ev->reply_ctx, *ctx;

	if ((ctx = holds_again(&tg->holds, from)) != NULL)
		return ctx;
	if (from == NULL || tg->stopping ||
	    (ctx = holds_copy(&tg->holds, from, sizeof *from)) == NULL)
		return NULL;
	ctx->held = 1;
	/*
	 * A click in a group whose private answer waits: the click is
	 * answered now, saying where that answer goes, as it would once
	 * sent (click_answer).
	 */
	if (private && from->query[0] != '\0' && !from->is_dm)
		from->privchat_sent = 1;
	return ctx;
}

void
answer_unhold(struct adapter *a, void *held, int done)
{
	struct tg	*tg = a->priv;

	(void)done;		/* nothing more is said */
	if (holds_put(&tg->holds, held))
		holds_free(&tg->holds, held);
}

void
answer_dispatch(struct tg *tg, struct tg_ctx *ctx, const char *name,
    const char *text, int is_button)
{
	struct tg_ctx		*was = tg->current;
	struct bot_event	 ev;
	char			 user[TG_ID_MAX];

	snprintf(user, sizeof user, "%" PRId64, ctx->user);
	memset(&ev, 0, sizeof ev);
	ev.adapter = &tg->adapter;
	ev.user_id = user;
	ev.user_name = name;
	ev.channel = ctx->chat_id;
	ev.is_dm = ctx->is_dm;
	ev.is_admin = ctx->is_admin;
	ev.text = text;
	ev.is_button = is_button;
	ev.reply_ctx = ctx;
	log_debug("telegram: %s in %s: %s%s", user, ctx->chat_id,
	    is_button ? "a click on " : "", text);
	tg->current = ctx;
	bot_handle_event(tg->bot, &ev);
	tg->current = was;
}
