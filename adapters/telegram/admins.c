/*
 * Group administrators, who may do what a table's host does
 * (bot_event.is_admin).  A group's administrators
 * (getChatAdministrators: its creator and administrators) are cached
 * for ADMINS_TTL; a failed lookup is kept for ADMINS_RETRY, with no
 * one an administrator.  poll.c asks before it runs an update from a
 * group whose list is not known, so the update runs in order, once the
 * answer is in.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/daemon/log.h"
#include "lib/idslot.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define ADMINS_CHATS	256		/* groups cached */
#define ADMINS_PER_CHAT	64		/* administrators kept per group */
#define ADMINS_TTL	(10 * 60 * 1000)	/* ms */
#define ADMINS_RETRY	(60 * 1000)	/* ms, after a failed lookup */

struct admins_chat {
	/* The chat; its stamp: the list is known until then (loop ms). */
	struct idslot	 key;
	int		 n;
	int64_t		 user[ADMINS_PER_CHAT];
};

struct tgadmins {
	struct admins_chat	 c[ADMINS_CHATS];
};

/* A lookup under way: who hears of its end. */
struct admins_ask {
	int64_t		 chat;
	void		(*done)(struct tg *);
};

struct tgadmins *
admins_new(void)
{
	return xcalloc(1, sizeof(struct tgadmins));
}

/* chat's entry, or NULL; with make, one made (the stalest reused). */
static struct admins_chat *
admins_find(struct tgadmins *a, int64_t chat, int make)
{
	return idslot_find(a->c, sizeof a->c[0], ADMINS_CHATS, chat, make);
}

int
admins_known(struct tg *tg, int64_t chat)
{
	struct admins_chat	*c = admins_find(tg->admins, chat, 0);

	return chat >= 0 || (c != NULL && c->key.stamp > uv_now(tg->loop));
}

int
admins_is(struct tg *tg, int64_t chat, int64_t user)
{
	struct admins_chat	*c = admins_find(tg->admins, chat, 0);
	int			 i;

	for (i = 0; c != NULL && i < c->n; i++)
		if (c->user[i] == user)
			return 1;
	return 0;
}

static void
admins_got(struct tg *tg, const struct api_result *res, void *arg)
{
	struct admins_ask	*ask = arg;
	struct admins_chat	*c = admins_find(tg->admins, ask->chat, 1);
	const cJSON		*m;
	int64_t			 id;

	c->n = 0;
	c->key.stamp = uv_now(tg->loop) + (res->error == NULL ? ADMINS_TTL :
	    ADMINS_RETRY);
	if (res->error != NULL)
		log_warn("telegram: the administrators of chat %" PRId64
		    " are not known: %s", ask->chat, res->error);
	else if (cJSON_IsArray(res->result))
		cJSON_ArrayForEach(m, res->result) {
			if (c->n < ADMINS_PER_CHAT && json_int(json_object(m,
			    "user"), "id", 1, INT64_MAX, &id) == 0)
				c->user[c->n++] = id;
		}
	ask->done(tg);
}

int
admins_fetch(struct tg *tg, int64_t chat, void (*done)(struct tg *))
{
	struct admins_ask	*ask;
	cJSON			*body = cJSON_CreateObject();
	char			*cause = NULL;

	ask = xcalloc(1, sizeof *ask);
	ask->chat = chat;
	ask->done = done;
	cJSON_AddNumberToObject(body, "chat_id", (double)chat);
	if (api_call(tg, "getChatAdministrators", NULL, body, 0, API_ARG_FREE,
	    admins_got, ask, &cause) != 0) {
		log_warn("telegram: %s", cause);
		free(cause);
		return -1;
	}
	return 0;
}
