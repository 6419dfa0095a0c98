/*
 * Tables: each table's one group message, posted once (sendMessage) and
 * then edited in place (editMessageText) as the game moves, coalesced
 * (lib/coalesce): one call per message in flight, the newest state
 * waiting, the latest winning.  Telegram answers an edit that changes
 * nothing with "message is not modified": that is success.  A message
 * gone (deleted, or one the bot may no longer edit) is posted anew; a
 * repost posts at the bottom and deletes the old one.  Each message's id
 * is kept in the store, so after a restart the same message is edited:
 * bot/saying/edited-messages.c keeps the messages, with the send and
 * remove ops here.
 *
 * A board is at most one message: a longer text is cut at a line's end.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/daemon/log.h"
#include "lib/coalesce.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

/* One coalesced call: its message, and the id it edits ("" to post). */
struct board_req {
	struct coalesce_msg	*m;
	api_cb			*cb;
	char			 id[COALESCE_ID_MAX];
};

char *
board_body(const char *text, const struct adapter_buttons *bs)
{
	cJSON	*body = cJSON_CreateObject(), *markup;
	char	*part = NULL, *html;

	if (html_split(text, TG_TEXT_MAX, &part, 1) == 0)
		part = xstrdup(".");
	html = html_escape(part);
	free(part);
	cJSON_AddStringToObject(body, "text", html);
	free(html);
	cJSON_AddStringToObject(body, "parse_mode", "HTML");
	cJSON_AddItemToObject(cJSON_AddObjectToObject(body,
	    "link_preview_options"), "is_disabled", cJSON_CreateTrue());
	if ((markup = markup_keyboard(bs)) != NULL)
		cJSON_AddItemToObject(body, "reply_markup", markup);
	return json_print(body);
}

/* The answer to a coalesced call: the message's id, gone, or failed. */
static void
board_answer(struct tg *tg, const struct api_result *res, void *arg)
{
	struct board_req	*r = arg;
	int64_t			 mid;
	char			 id[COALESCE_ID_MAX];
	int			 gone = 0;

	if (res->error == NULL && json_int(res->result, "message_id", 1,
	    INT64_MAX, &mid) == 0) {
		snprintf(id, sizeof id, "%" PRId64, mid);
		coalesce_done(r->m, id, 0);
		return;
	}
	if (res->error == NULL || api_refused(res, "message is not modified")) {
		coalesce_done(r->m, r->id[0] != '\0' ? r->id : NULL, 0);
		return;
	}
	if (api_refused(res, "message to edit not found") ||
	    api_refused(res, "message can't be edited"))
		gone = 1;
	if (r->cb != NULL)
		r->cb(tg, res, r->m);
	else if (!gone && !api_refused(res, "upgraded to a supergroup"))
		log_warn("telegram: updating a table message in %s failed: %s",
		    coalesce_channel(r->m), res->error);
	coalesce_done(r->m, NULL, gone);
}

int
board_call(struct tg *tg, struct coalesce_msg *m, const char *chat,
    const char *id, const char *body, api_cb *cb)
{
	struct board_req	*r;
	cJSON			*json;
	int64_t			 chat_id, thread, mid;
	char			*cause = NULL, queue[TG_ID_MAX + 4];

	if (tg_chan(chat, &chat_id, &thread) != 0 ||
	    (json = cJSON_Parse(body)) == NULL) {
		log_warn("telegram: a table message for a chat that is no "
		    "Telegram id");
		return -1;
	}
	r = xcalloc(1, sizeof *r);
	r->m = m;
	r->cb = cb;
	cJSON_AddNumberToObject(json, "chat_id", (double)chat_id);
	if (id != NULL && tg_id(id, &mid) == 0) {
		snprintf(r->id, sizeof r->id, "%s", id);
		cJSON_AddNumberToObject(json, "message_id", (double)mid);
	} else if (thread > 0)
		cJSON_AddNumberToObject(json, "message_thread_id",
		    (double)thread);
	snprintf(queue, sizeof queue, "ch:%" PRId64, chat_id);
	/* An upgraded group's tables show their boards in the new chat. */
	if (api_call(tg, r->id[0] != '\0' ? "editMessageText" : "sendMessage",
	    queue, json, 0, API_ARG_FREE | API_NO_FOLLOW, board_answer, r,
	    &cause) != 0) {
		log_warn("telegram: a message in %s waits: %s", chat, cause);
		free(cause);
		return -1;
	}
	return 0;
}

/* lib/coalesce's send op of the boards (arg: the struct tg). */
static int
board_send(struct coalesce_msg *m, const char *channel, const char *id,
    const char *body, void *arg)
{
	return board_call(arg, m, channel, id, body, NULL);
}

/* A failed delete of a reposted table's message; gone is none. */
static const struct api_quiet board_deleted = {
	"deleting an old table message", "not found"
};

static void
board_remove(const char *channel, const char *id, void *arg)
{
	cJSON	*body;
	int64_t	 chat, thread, mid;
	char	*cause = NULL, queue[TG_ID_MAX + 4];

	if (tg_chan(channel, &chat, &thread) != 0 || tg_id(id, &mid) != 0)
		return;
	body = cJSON_CreateObject();
	cJSON_AddNumberToObject(body, "chat_id", (double)chat);
	cJSON_AddNumberToObject(body, "message_id", (double)mid);
	snprintf(queue, sizeof queue, "ch:%" PRId64, chat);
	if (api_call(arg, "deleteMessage", queue, body, 0, 0,
	    api_logged_unless, (void *)&board_deleted, &cause) != 0) {
		log_info("telegram: %s", cause);
		free(cause);
	}
}

void
board_init(struct tg *tg)
{
	edited_init(&tg->edited, &tg->adapter, board_send, board_remove);
}

int
board_show(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_view *view,
    const struct adapter_buttons *bs, enum adapter_board how, char **cause)
{
	struct tg	*tg = a->priv;
	int64_t		 chat, thread;

	(void)news;
	(void)view;
	if (tg_chan(channel, &chat, &thread) != 0)
		return set_cause(cause, "the chat is not a Telegram id");
	if (kicked_has(tg, chat))
		return set_cause(cause, "I can no longer write in that group");
	if (tg->current != NULL && tg->current->chat == chat)
		tg->current->answered = 1;
	edited_board(&tg->edited, channel, table, board_body(text, bs), how);
	return 0;
}

void
board_free_all(struct tg *tg)
{
	edited_free_boards(&tg->edited);
}
