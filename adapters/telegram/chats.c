/*
 * Chats the updates showed, in a small fixed table (the longest unseen
 * forgotten first): the title each update last showed, for naming a
 * group in text (the channel_name op; a chat not seen this run is named
 * by its id), and the forum topics the bot was spoken to in, for telling
 * each topic's table when the group is lost (kicked.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "lib/idslot.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define CHATS_MAX	256

struct chat_title {
	struct idslot	 key;		/* the chat; stamp: a count */
	char		 title[TG_NAME_MAX];
	int64_t		 topics[TG_TOPICS_MAX];	/* forum topics, 0: none */
};

struct tgchats {
	struct chat_title	 c[CHATS_MAX];
	uint64_t		 clock;
};

struct tgchats *
chats_new(void)
{
	return xcalloc(1, sizeof(struct tgchats));
}

/* chat's entry, or NULL; made (the longest unseen reused) with make. */
static struct chat_title *
chats_find(struct tgchats *t, int64_t id, int make)
{
	return idslot_find(t->c, sizeof t->c[0], CHATS_MAX, id, make);
}

void
chats_learn(struct tgchats *t, const cJSON *chat)
{
	struct chat_title	*slot;
	const char		*title;
	int64_t			 id;

	if ((title = json_string(chat, "title", TG_NAME_MAX - 1)) == NULL ||
	    json_int(chat, "id", INT64_MIN + 1, INT64_MAX, &id) != 0 || id == 0)
		return;
	slot = chats_find(t, id, 1);
	slot->key.stamp = ++t->clock;
	snprintf(slot->title, sizeof slot->title, "%s", title);
	html_clean(slot->title);
}

void
chats_alias(struct tgchats *t, int64_t from, int64_t to)
{
	struct chat_title	*old = chats_find(t, from, 0), *now;
	char			 title[TG_NAME_MAX];

	if (old == NULL || old->title[0] == '\0' ||
	    ((now = chats_find(t, to, 0)) != NULL && now->title[0] != '\0'))
		return;
	snprintf(title, sizeof title, "%s", old->title);
	now = chats_find(t, to, 1);
	now->key.stamp = ++t->clock;
	snprintf(now->title, sizeof now->title, "%s", title);
}

void
chats_topic(struct tgchats *t, int64_t chat, int64_t thread)
{
	struct chat_title	*slot = chats_find(t, chat, 1);
	int			 i;

	for (i = 0; i < TG_TOPICS_MAX; i++)
		if (slot->topics[i] == thread)
			return;
	/* The oldest topic goes when all are taken. */
	memmove(&slot->topics[1], &slot->topics[0],
	    (TG_TOPICS_MAX - 1) * sizeof slot->topics[0]);
	slot->topics[0] = thread;
}

int
chats_topics(struct tgchats *t, int64_t chat, int64_t *out, int max)
{
	struct chat_title	*slot = chats_find(t, chat, 0);
	int			 i, n = 0;

	for (i = 0; slot != NULL && i < TG_TOPICS_MAX && n < max; i++)
		if (slot->topics[i] != 0)
			out[n++] = slot->topics[i];
	return n;
}

void
chats_name(struct tgchats *t, const char *channel, char *buf, size_t len)
{
	struct chat_title	*slot;
	int64_t			 id, thread;

	if (tg_chan(channel, &id, &thread) == 0 &&
	    (slot = chats_find(t, id, 0)) != NULL && slot->title[0] != '\0') {
		snprintf(buf, len, "\"%s\"", slot->title);
		return;
	}
	snprintf(buf, len, "%s", channel);
}
