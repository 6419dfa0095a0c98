/*
 * Chat titles, for naming a group in text (the channel_name op): the
 * title each update last showed for its chat, in a small fixed table
 * (the longest unseen forgotten first).  A chat not seen this run is
 * named by its id.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define CHATS_MAX	256

struct chat_title {
	int64_t		 chat;		/* 0: a free slot */
	uint64_t	 seen;		/* a count, for forgetting */
	char		 title[TG_NAME_MAX];
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

void
chats_learn(struct tgchats *t, const cJSON *chat)
{
	struct chat_title	*slot = NULL;
	const char		*title;
	int64_t			 id;
	int			 i;

	if ((title = json_string(chat, "title", TG_NAME_MAX - 1)) == NULL ||
	    json_int(chat, "id", INT64_MIN + 1, INT64_MAX, &id) != 0 || id == 0)
		return;
	for (i = 0; i < CHATS_MAX; i++) {
		if (t->c[i].chat == id) {
			slot = &t->c[i];
			break;
		}
		if (slot == NULL || t->c[i].seen < slot->seen)
			slot = &t->c[i];
	}
	slot->chat = id;
	slot->seen = ++t->clock;
	snprintf(slot->title, sizeof slot->title, "%s", title);
	html_clean(slot->title);
}

void
chats_name(struct tgchats *t, const char *channel, char *buf, size_t len)
{
	int64_t	id;
	int	i;

	if (tg_id(channel, &id) == 0)
		for (i = 0; i < CHATS_MAX; i++)
			if (t->c[i].chat == id) {
				snprintf(buf, len, "\"%s\"", t->c[i].title);
				return;
			}
	snprintf(buf, len, "%s", channel);
}
