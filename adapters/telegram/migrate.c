/*
 * Groups upgraded to supergroups.  A basic group that becomes a
 * supergroup (more members, a public link, topics) is a new chat with a
 * new id, and the old one takes no more messages.  Telegram says so in
 * two ways: a service message in each chat (migrate_to_chat_id in the
 * old, migrate_from_chat_id in the new), and a 400 "group chat was
 * upgraded to a supergroup chat" whose parameters carry
 * migrate_to_chat_id, to whatever is sent to the old id.  Either one
 * moves the group once: its tables, their settings and outcomes go to
 * the new id in the store and in the bot (bot_channel_move), and each
 * running game shows its board there; play goes on.
 *
 * Telegram's message ids do not carry over: the supergroup numbers its
 * messages anew, so an old board's id there names another message, or
 * none.  The tables' message ids are forgotten, not moved, and no call
 * naming a message (an edit, a delete) is ever turned to the new chat.
 * A message that names none (sendMessage) is: one waiting, or refused
 * with the 400, goes to the new id (api.c), unless its caller
 * (a board, which the move shows again) says API_NO_FOLLOW.
 *
 * The old ids are remembered this run only: after a restart the store
 * has the tables in the new chat already, and a message to an old id
 * that is still somewhere gets the 400 again.
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

#define MIGRATE_MAX	256	/* upgrades remembered; the oldest go */

struct tgmigrated {
	int64_t	from[MIGRATE_MAX];
	int64_t	to[MIGRATE_MAX];
	int	n;
};

int64_t
migrate_to(struct tg *tg, int64_t chat)
{
	int	i;

	for (i = 0; chat < 0 && tg->moved != NULL && i < tg->moved->n; i++)
		if (tg->moved->from[i] == chat)
			return tg->moved->to[i];
	return chat;
}

void
migrate_chat(struct tg *tg, int64_t from, int64_t to)
{
	struct tgmigrated	*m;
	char			 old[TG_CHAN_MAX], now[TG_CHAN_MAX];

	if (from >= 0 || to >= 0 || from == to || migrate_to(tg, from) != from)
		return;
	if ((m = tg->moved) == NULL)
		m = tg->moved = xcalloc(1, sizeof *tg->moved);
	if (m->n == MIGRATE_MAX) {
		memmove(&m->from[0], &m->from[1], (MIGRATE_MAX - 1) *
		    sizeof m->from[0]);
		memmove(&m->to[0], &m->to[1], (MIGRATE_MAX - 1) *
		    sizeof m->to[0]);
		m->n--;
	}
	m->from[m->n] = from;
	m->to[m->n++] = to;
	tg_chan_name(from, 0, old, sizeof old);
	tg_chan_name(to, 0, now, sizeof now);
	log_info("telegram: group %s was upgraded to supergroup %s; its "
	    "tables move there", old, now);
	chats_alias(tg->chats, from, to);
	/* The supergroup numbers its messages anew: ids are not kept. */
	bot_channel_move(tg->bot, &tg->adapter, old, now, 0);
}

int
migrate_answer(struct tg *tg, int64_t chat, const struct api_result *res)
{
	int64_t	to;

	if (chat >= 0 || res->error == NULL || res->params == NULL ||
	    json_int(res->params, "migrate_to_chat_id", INT64_MIN + 1, -1,
	    &to) != 0)
		return 0;
	migrate_chat(tg, chat, to);
	return 1;
}

void
migrate_message(struct tg *tg, const cJSON *msg)
{
	int64_t	chat, other;

	if (json_int(json_object(msg, "chat"), "id", INT64_MIN + 1, -1,
	    &chat) != 0)
		return;
	if (json_int(msg, "migrate_to_chat_id", INT64_MIN + 1, -1,
	    &other) == 0)
		migrate_chat(tg, chat, other);
	else if (json_int(msg, "migrate_from_chat_id", INT64_MIN + 1, -1,
	    &other) == 0)
		migrate_chat(tg, other, chat);
}

void
migrate_free(struct tg *tg)
{
	free(tg->moved);
	tg->moved = NULL;
}
