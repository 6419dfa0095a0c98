/*
 * Groups the bot can no longer write in.  The bot is removed from a
 * group (a my_chat_member update: "left" or "kicked"), or a message to
 * it is refused for good (403 "bot was kicked", "bot is not a member",
 * 400 "chat not found").  Then traffic to that group stops at once: the
 * calls waiting for it are dropped, no new one is made, and the bot
 * hears of it (bot_channel_lost: its tables pause, then end after
 * telegram.lost_chat_grace).  The bot added again (my_chat_member back
 * to "member" or "administrator") makes it work again
 * (bot_channel_back).  Private chats are not groups: a user who blocked
 * the bot is privchat.c's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/xmalloc.h"

#define KICKED_MAX	1024	/* groups remembered as lost */

struct tgkicked {
	int64_t	chat[KICKED_MAX];
	int	n;
};

static int
kicked_find(struct tg *tg, int64_t chat)
{
	int	i;

	for (i = 0; tg->lost != NULL && i < tg->lost->n; i++)
		if (tg->lost->chat[i] == chat)
			return i;
	return -1;
}

int
kicked_has(struct tg *tg, int64_t chat)
{
	return chat < 0 && kicked_find(tg, chat) >= 0;
}

void
kicked_mark(struct tg *tg, int64_t chat, const char *why)
{
	int64_t	topics[TG_TOPICS_MAX];
	char	id[TG_CHAN_MAX];
	int	i, n;

	if (chat >= 0 || kicked_find(tg, chat) >= 0)
		return;
	if (tg->lost == NULL)
		tg->lost = xcalloc(1, sizeof *tg->lost);
	if (tg->lost->n == KICKED_MAX) {
		memmove(&tg->lost->chat[0], &tg->lost->chat[1],
		    (KICKED_MAX - 1) * sizeof tg->lost->chat[0]);
		tg->lost->n--;
	}
	tg->lost->chat[tg->lost->n++] = chat;
	snprintf(id, sizeof id, "%" PRId64, chat);
	log_info("telegram: I cannot write in chat %s (%s); nothing more goes "
	    "there", id, why);
	api_drop_chat(tg, chat);
	/* The group's tables, and those of each of its forum topics. */
	n = chats_topics(tg->chats, chat, topics, TG_TOPICS_MAX);
	for (i = -1; i < n; i++) {
		tg_chan_name(chat, i < 0 ? 0 : topics[i], id, sizeof id);
		bot_channel_lost(tg->bot, &tg->adapter, id, "I was removed "
		    "from the group, or may no longer write there.",
		    tg->lost_grace_ms);
	}
}

void
kicked_clear(struct tg *tg, int64_t chat)
{
	int64_t	topics[TG_TOPICS_MAX];
	char	id[TG_CHAN_MAX];
	int	i, n;

	if ((i = kicked_find(tg, chat)) < 0)
		return;
	memmove(&tg->lost->chat[i], &tg->lost->chat[i + 1],
	    (size_t)(tg->lost->n - i - 1) * sizeof tg->lost->chat[0]);
	tg->lost->n--;
	log_info("telegram: chat %" PRId64 " works again", chat);
	n = chats_topics(tg->chats, chat, topics, TG_TOPICS_MAX);
	for (i = -1; i < n; i++) {
		tg_chan_name(chat, i < 0 ? 0 : topics[i], id, sizeof id);
		bot_channel_back(tg->bot, &tg->adapter, id);
	}
}

int
kicked_answer(struct tg *tg, int64_t chat, const struct api_result *res)
{
	if (chat >= 0 || res->error == NULL)
		return 0;
	if (res->code == 403 || res->status == 403 ||
	    api_refused(res, "chat not found")) {
		kicked_mark(tg, chat, res->error);
		return 1;
	}
	return 0;
}

void
kicked_member(struct tg *tg, int64_t chat, const char *status)
{
	if (chat >= 0 || status == NULL)
		return;
	if (strcmp(status, "left") == 0 || strcmp(status, "kicked") == 0)
		kicked_mark(tg, chat, status);
	else if (strcmp(status, "member") == 0 ||
	    strcmp(status, "administrator") == 0)
		kicked_clear(tg, chat);
}

void
kicked_free(struct tg *tg)
{
	free(tg->lost);
	tg->lost = NULL;
}
