/*
 * Inline mode: a player types "@Bot" in the group and sees their own
 * moves, privately (an inline_query, which carries the user and the
 * typed text, never the chat).  The answer (answerInlineQuery) is
 * personal and never cached: "Your hand" and each legal move of theirs
 * at each table where they play (bot_moves), narrowed by the typed text,
 * 50 a page (next_offset).  A result's id is the button id that plays
 * it (at most 64 bytes, as Telegram's ids), so it says the table, the
 * game's state and the move.  What a result sends into the group is a
 * neutral line, never a card.  Someone at no table gets no moves, only
 * a button into the private chat.
 *
 * The choice comes back as a chosen_inline_result (inline feedback on):
 * the result id and the user, no chat.  It is played as a click on that
 * button, once: a move chosen is kept in the store (a ref of its table,
 * written in the update's batch, gone with the table), and the same
 * choice again, now or after a restart, is dropped; one the table has
 * moved past is refused privately (bot/commands/click.c).
 * The message the player's client sends "via" the bot is no command
 * (update.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "bot/saying/buttons.h"
#include "bot/storage/store.h"
#include "lib/json.h"
#include "lib/recent.h"
#include "lib/xmalloc.h"

#define INLINE_PAGE		50	/* results in one answer */
#define INLINE_MOVES_MAX	1000	/* moves listed, over all pages */
#define INLINE_QUERY_MAX	256	/* bytes of typed text */
#define INLINE_TITLE_MAX	(TG_NAME_MAX + ADAPTER_LABEL_MAX * 4 + 8)
#define INLINE_SENT		"🎴 (a move through @%s)"
#define INLINE_KEY_MAX		(TG_DATA_MAX + 64)	/* a choice's store key */

/* The moves listed for one query. */
struct inline_list {
	struct tg	*tg;
	const char	*typed;		/* narrows the list; "" for all */
	cJSON		*results;	/* the page's results */
	int		 skip;		/* matches before the page */
	int		 matched;	/* matches so far */
	int		 tables;	/* tables listed: titles name them */
	char		 first[TG_CHAN_MAX];	/* the first table's channel */
};

/* One result: an article that plays id when chosen. */
static void
inline_article(struct inline_list *l, const char *id, const char *title,
    const char *summary)
{
	cJSON	*r, *content;
	char	 text[TG_NAME_MAX + 64];

	r = cJSON_CreateObject();
	cJSON_AddStringToObject(r, "type", "article");
	cJSON_AddStringToObject(r, "id", id);
	cJSON_AddStringToObject(r, "title", title);
	cJSON_AddStringToObject(r, "description", summary);
	content = cJSON_AddObjectToObject(r, "input_message_content");
	snprintf(text, sizeof text, INLINE_SENT, l->tg->username);
	cJSON_AddStringToObject(content, "message_text", text);
	cJSON_AddItemToArray(l->results, r);
}

/* bot_moves' fn: a move, counted, kept when it matches and is on the page. */
static void
inline_move(const char *channel, const char *label, const char *id,
    const char *summary, void *arg)
{
	struct inline_list	*l = arg;
	char			 title[INLINE_TITLE_MAX], where[TG_NAME_MAX];

	if (l->first[0] == '\0')
		snprintf(l->first, sizeof l->first, "%s", channel);
	else if (strcmp(l->first, channel) != 0)
		l->tables = 2;
	if (*l->typed != '\0' && strcasestr(label, l->typed) == NULL)
		return;
	if (l->matched == INLINE_MOVES_MAX)	/* no page goes further */
		return;
	if (l->matched++ < l->skip ||
	    cJSON_GetArraySize(l->results) >= INLINE_PAGE)
		return;
	chats_name(l->tg->chats, channel, where, sizeof where);
	snprintf(title, sizeof title, "%s · %s", label, where);
	html_clean(title);
	inline_article(l, id, title, summary);
}

/*
 * The results an inline query's offset (borrowed, may be NULL) skips:
 * "" (the first page) 0, or one of the next_offsets this file gives.
 * Anything else is past the end (an empty page, none after it), never
 * the first page again: a client walking the pages would loop.
 */
static int
inline_offset(const char *offset)
{
	char	*end;
	long	 n;

	if (offset == NULL || *offset == '\0')
		return 0;
	n = strtol(offset, &end, 10);
	if (*end != '\0' || n < 0 || n > INLINE_MOVES_MAX)
		return INLINE_MOVES_MAX;
	return (int)n;
}

void
inline_query(struct tg *tg, const cJSON *q)
{
	struct inline_list	 l;
	const char		*id, *typed, *offset;
	cJSON			*body, *button;
	char			 user[TG_ID_MAX], next[16], *cause = NULL;
	int64_t			 from;

	if ((id = json_string(q, "id", TG_QUERY_ID_MAX)) == NULL ||
	    json_int(json_object(q, "from"), "id", 1, INT64_MAX, &from) != 0) {
		log_warn("telegram: dropped a malformed inline query");
		return;
	}
	if ((typed = json_string(q, "query", INLINE_QUERY_MAX)) == NULL)
		typed = "";
	offset = json_string(q, "offset", 15);
	memset(&l, 0, sizeof l);
	l.tg = tg;
	l.typed = typed;
	l.skip = inline_offset(offset);
	l.results = cJSON_CreateArray();
	snprintf(user, sizeof user, "%" PRId64, from);
	bot_moves(tg->bot, &tg->adapter, user, inline_move, &l);

	body = cJSON_CreateObject();
	cJSON_AddStringToObject(body, "inline_query_id", id);
	cJSON_AddItemToObject(body, "results", l.results);
	cJSON_AddBoolToObject(body, "is_personal", 1);
	cJSON_AddNumberToObject(body, "cache_time", 0);
	if (l.matched > l.skip + INLINE_PAGE) {
		snprintf(next, sizeof next, "%d", l.skip + INLINE_PAGE);
		cJSON_AddStringToObject(body, "next_offset", next);
	}
	if (l.matched == 0 && *typed == '\0') {
		/* At no table: only the way into the private chat. */
		button = cJSON_AddObjectToObject(body, "button");
		cJSON_AddStringToObject(button, "text", "Open my private chat");
		cJSON_AddStringToObject(button, "start_parameter", "hand");
	}
	if (api_call(tg, "answerInlineQuery", NULL, body, 0, API_ONCE,
	    api_logged, "answering an inline query", &cause) != 0) {
		log_warn("telegram: %s", cause);
		free(cause);
	}
}

/*
 * The store's key that remembers user made the move of choice id (a
 * versioned button of one table: kept until that table is over), into
 * buf (capped); -1 when id is not a move's button.
 */
static int
inline_key(int64_t user, const char *id, char *buf, size_t len)
{
	struct button_click	c;

	if (button_parse(id, &c) != 0 || c.version == BUTTON_ANY)
		return -1;
	snprintf(buf, len, "inline:%" PRIu64 ":%" PRId64 ":%s", c.table, user,
	    id);
	return 0;
}

void
inline_chosen(struct tg *tg, const cJSON *c, struct tg_ctx *ctx)
{
	const cJSON	*from = json_object(c, "from");
	const char	*id, *who = tg->adapter.ops->name;
	char		 key[INLINE_KEY_MAX], name[TG_NAME_MAX], was[8];
	char		*cause = NULL;
	int		 move;

	if ((id = json_string(c, "result_id", TG_DATA_MAX)) == NULL ||
	    json_int(from, "id", 1, INT64_MAX, &ctx->user) != 0) {
		log_warn("telegram: dropped a malformed chosen inline result");
		return;
	}
	/* The same move chosen again: made, or refused, already. */
	move = inline_key(ctx->user, id, key, sizeof key) == 0;
	if (move && (recent_check(tg->seen, key, uv_now(tg->loop)) ||
	    store_ref_get(tg->bot->store, who, key, was, sizeof was) == 1)) {
		log_info("telegram: an inline choice came again; dropped");
		return;
	}
	/* Answers go to their private chat: the choice came from no chat. */
	ctx->chat = ctx->user;
	ctx->is_dm = 1;
	tg_chan_name(ctx->chat, 0, ctx->chat_id, sizeof ctx->chat_id);
	update_name(from, name, sizeof name);
	answer_dispatch(tg, ctx, name, id, 1);
	/* Kept in the update's batch, with the move. */
	if (move && store_ref_set(tg->bot->store, who, key, "1", &cause) != 0) {
		log_warn("telegram: keeping an inline choice failed: %s",
		    cause);
		free(cause);
	}
}
