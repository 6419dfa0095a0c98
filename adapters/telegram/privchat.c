/*
 * Private chats.  A private chat's id is its user's id, so nothing is
 * opened before a message; but a bot may write only to a user who
 * started it (pressed Start, or followed a deep link).  A sendMessage
 * to anyone else, or to one who blocked the bot, answers 403.  Then the
 * user is marked (lib/dmcache: closed), the bot told (bot_dm_failed:
 * their tables serve secrets through "hand", and say so without any),
 * and the group where they play (their newest table's, from the store,
 * so after a restart too; else where they last wrote) gets a message
 * with a button that opens the private chat through a deep link,
 * https://t.me/<bot>?start=hand.  Telegram then delivers "/start hand"
 * from them: their private chat works (bot_dm_open), and the private
 * view of each game they sit in, their hand and their move, comes at
 * once.  Until then no private message is tried: a click that asks for
 * one opens the link instead (click.c).
 *
 * A player's messages of a table (the privchat_table op) are their view, one
 * message edited in place, and their move's prompt, which bot/saying/
 * edited-messages.c keeps; they are sent as the boards are (board.c).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/coalesce.h"
#include "lib/dmcache.h"
#include "lib/xmalloc.h"

#define PRIVCHAT_USERS_MAX	4096
#define PRIVCHAT_PAYLOAD	"hand"
#define PRIVCHAT_OFFER_GAP	60000	/* ms between two links to one user */

struct privchat_user {
	struct dmcache_entry	 e;
	int64_t			 group;		/* where they last played */
	char			 name[TG_NAME_MAX];
	int			 told;		/* the group has the link */
	uint64_t		 offered;	/* a link was posted then */
};

struct dmcache *
privchat_new(void)
{
	return dmcache_new(sizeof(struct privchat_user), PRIVCHAT_USERS_MAX);
}

void
privchat_free(struct dmcache *c)
{
	dmcache_free(c, NULL);
}

static struct privchat_user *
privchat_user(struct tg *tg, int64_t user)
{
	char	id[TG_ID_MAX];

	snprintf(id, sizeof id, "%" PRId64, user);
	return (struct privchat_user *)dmcache_find(tg->dms, id);
}

void
privchat_link(struct tg *tg, char *buf, size_t len)
{
	snprintf(buf, len, "https://t.me/%s?start=%s", tg->username,
	    PRIVCHAT_PAYLOAD);
}

void
privchat_seen(struct tg *tg, int64_t user, int64_t chat, const char *name)
{
	struct privchat_user	*u = privchat_user(tg, user);

	u->group = chat;
	snprintf(u->name, sizeof u->name, "%s", name);
}

int
privchat_closed(struct tg *tg, int64_t user)
{
	return privchat_user(tg, user)->e.state == DMCACHE_CLOSED;
}

void
privchat_started(struct tg *tg, int64_t user)
{
	struct privchat_user	*u = privchat_user(tg, user);
	char		 id[TG_ID_MAX];

	snprintf(id, sizeof id, "%" PRId64, user);
	dmcache_learn(&u->e, id);
	u->told = 0;
	bot_dm_open(tg->bot, &tg->adapter, id);
}

/*
 * Tells user, in chat (their group), how to open the private chat: a
 * message with the deep link's button, and no secret.
 */
static void
privchat_tell(struct tg *tg, struct privchat_user *u, int64_t user,
    int64_t chat, int64_t thread)
{
	char	 mention[TG_NAME_MAX + TG_ID_MAX + 8], link[TG_NAME_MAX + 64];
	char	*text, *cause = NULL, queue[TG_ID_MAX + 4];
	cJSON	*body;

	if (chat == 0 || tg->username[0] == '\0')
		return;
	html_mention(user, u->name, mention, sizeof mention);
	text = xasprintf("%s, I cannot write to you privately until you open "
	    "a chat with me. Press the button below and then Start: your "
	    "hand comes at once.", mention);
	body = answer_body(chat, thread, text);
	free(text);
	privchat_link(tg, link, sizeof link);
	cJSON_AddItemToObject(body, "reply_markup",
	    markup_link("Open my private chat", link));
	snprintf(queue, sizeof queue, "ch:%" PRId64, chat);
	if (api_call(tg, "sendMessage", queue, body, 0, 0, api_logged,
	    "sending a deep link", &cause) != 0) {
		log_warn("telegram: %s", cause);
		free(cause);
	}
}

void
privchat_offer(struct tg *tg, int64_t user, int64_t chat)
{
	struct privchat_user	*u = privchat_user(tg, user);
	uint64_t		 now = uv_now(tg->loop);

	/* Once a minute at most, whatever they ask. */
	if (u->offered != 0 && now - u->offered < PRIVCHAT_OFFER_GAP)
		return;
	u->offered = now;
	privchat_tell(tg, u, user, chat, 0);
}

/*
 * Where user (id) plays, for their deep link: the group (and forum
 * topic) of their newest table, which the store keeps, so it is known
 * after a restart before they say a word; else the group they last
 * wrote in this run; else none (chat 0).
 */
static void
privchat_where(struct tg *tg, struct privchat_user *u, const char *id,
    int64_t *chat, int64_t *thread)
{
	const char	*channel = bot_user_channel(tg->bot, &tg->adapter, id);

	if (channel != NULL && tg_chan(channel, chat, thread) == 0 &&
	    *chat < 0)
		return;
	*chat = u->group;
	*thread = 0;
}

int
privchat_refused(struct tg *tg, int64_t user, const struct api_result *res)
{
	struct privchat_user	*u;
	char		 id[TG_ID_MAX];
	int64_t		 chat, thread;

	if (res->code != 403 && res->status != 403)
		return 0;
	u = privchat_user(tg, user);
	snprintf(id, sizeof id, "%" PRId64, user);
	if (u->e.state != DMCACHE_CLOSED) {
		log_info("telegram: %s takes no private messages from the bot "
		    "(%s)", id, res->error);
		u->e.state = DMCACHE_CLOSED;
		bot_dm_failed(tg->bot, &tg->adapter, id);
	}
	if (!u->told) {
		u->told = 1;
		privchat_where(tg, u, id, &chat, &thread);
		privchat_tell(tg, u, user, chat, thread);
	}
	return 1;
}

/* A private message's end; arg is the user's id (int64_t). */
static void
privchat_sent(struct tg *tg, const struct api_result *res, void *arg)
{
	int64_t	user = *(int64_t *)arg;
	char	id[TG_ID_MAX];

	if (res->error == NULL || privchat_refused(tg, user, res))
		return;
	snprintf(id, sizeof id, "%" PRId64, user);
	log_warn("telegram: a private message to %s failed: %s", id,
	    res->error);
	bot_dm_lost(tg->bot, &tg->adapter, id);
}

int
privchat_send(struct tg *tg, const char *user, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	int64_t	id, *arg;

	if (tg_id(user, &id) != 0 || id <= 0)
		return set_cause(cause, "the user is not a Telegram id");
	if (privchat_closed(tg, id))
		return set_cause(cause, "They have not opened a private chat "
		    "with me.");
	arg = xmalloc(sizeof *arg);
	*arg = id;
	return answer_post(tg, id, 0, text, bs, privchat_sent, arg, cause);
}

/* A failed call on a player's message of a table (m): 403 marks them. */
static void
privchat_table_failed(struct tg *tg, const struct api_result *res, void *arg)
{
	int64_t	user;

	if (tg_id(coalesce_channel(arg), &user) != 0 ||
	    !privchat_refused(tg, user, res))
		log_warn("telegram: a private table message failed: %s",
		    res->error);
}

/* lib/coalesce's send op of the players' messages (arg: the struct tg). */
static int
privchat_table_send(struct coalesce_msg *m, const char *channel, const char *id,
    const char *body, void *arg)
{
	return board_call(arg, m, channel, id, body, privchat_table_failed);
}

/*
 * The with_channel of bot/saying/edited-messages.h: a private chat's id
 * is its user's, open at once (a refusal is privchat_refused's).
 */
static int
privchat_with_channel(struct adapter *a, const char *user, void *call,
    char **cause)
{
	(void)a;
	(void)cause;
	edited_dm_opened(user, call);
	return 0;
}

void
privchat_init_tables(struct tg *tg)
{
	edited_init_dm(&tg->edited, privchat_table_send, board_body,
	    privchat_with_channel);
}

int
privchat_table(struct adapter *a, const char *user_id, uint64_t table,
    enum adapter_dm what, const char *text, const struct adapter_buttons *bs,
    char **cause)
{
	struct tg	*tg = a->priv;
	int64_t		 id;

	if (tg_id(user_id, &id) != 0 || id <= 0)
		return set_cause(cause, "the user is not a Telegram id");
	if (privchat_closed(tg, id))
		return set_cause(cause, "They have not opened a private chat "
		    "with me.");
	return edited_dm(&tg->edited, user_id, table, what, text, bs, cause);
}
