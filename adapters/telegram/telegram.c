/*
 * The Telegram adapter's glue: the adapter ops the bot calls, its
 * settings taken at start, and starting and stopping its parts.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/telegram/settings.h"
#include "adapters/telegram/telegram-int.h"
#include "adapters/telegram/telegram.h"
#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "lib/recent.h"
#include "lib/trim.h"
#include "lib/xmalloc.h"

/*
 * The update ids run this time (lib/recent): a redelivery comes within
 * the same run, and a restarted bot knows older ones by its stored
 * offset (poll.c).
 */
#define TG_SEEN_MAX	4096
#define TG_SEEN_AGE	(60 * 60 * 1000)	/* ms */

int
tg_id(const char *s, int64_t *out)
{
	char		*end;
	long long	 v;

	if (s == NULL || *s == '\0' || strlen(s) >= TG_ID_MAX ||
	    strspn(s + (*s == '-'), "0123456789") != strlen(s + (*s == '-')))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno != 0 || *end != '\0' || v == 0)
		return -1;
	*out = v;
	return 0;
}

int
tg_chan(const char *s, int64_t *chat, int64_t *thread)
{
	char		 id[TG_ID_MAX];
	const char	*colon = strchr(s, ':');

	*thread = 0;
	if (colon == NULL)
		return tg_id(s, chat);
	if ((size_t)(colon - s) >= sizeof id || tg_id(colon + 1, thread) != 0 ||
	    *thread <= 0)
		return -1;
	snprintf(id, sizeof id, "%.*s", (int)(colon - s), s);
	return tg_id(id, chat);
}

void
tg_chan_name(int64_t chat, int64_t thread, char *buf, size_t len)
{
	if (thread > 0)
		snprintf(buf, len, "%" PRId64 ":%" PRId64, chat, thread);
	else
		snprintf(buf, len, "%" PRId64, chat);
}

static int
tg_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	struct tg	*tg = a->priv;
	int64_t		 chat, thread;

	if (tg_chan(channel, &chat, &thread) != 0)
		return set_cause(cause, "the chat is not a Telegram id");
	if (tg->current != NULL && tg->current->chat == chat)
		tg->current->answered = 1;
	return answer_post(tg, chat, thread, text, NULL, NULL, NULL, cause);
}

static int
tg_send_dm(struct adapter *a, const char *user_id, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	return privchat_send(a->priv, user_id, text, bs, cause);
}

static int
tg_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	return answer_send(a->priv, ev, private, text, bs, cause);
}

static void
tg_mention(struct adapter *a, const char *user_id, const char *name,
    char *buf, size_t len)
{
	int64_t	id;

	(void)a;
	if (user_id == NULL || tg_id(user_id, &id) != 0 || id <= 0)
		id = 0;
	html_mention(id, name, buf, len);
}

static void
tg_channel_name(struct adapter *a, const char *channel, char *buf, size_t len)
{
	struct tg	*tg = a->priv;

	chats_name(tg->chats, channel, buf, len);
}

static void
tg_command(struct adapter *a, char *buf, size_t len)
{
	struct tg	*tg = a->priv;

	snprintf(buf, len, "/%s", tg->command);
}

static int
tg_start(struct adapter *a, char **cause)
{
	return poll_start(a->priv, cause);
}

static void
tg_stop(struct adapter *a)
{
	struct tg	*tg = a->priv;

	if (tg->stopping)
		return;
	tg->stopping = 1;
	halt_release(tg);
	poll_stop(tg);
	api_stop(tg);
}

static void
tg_free(struct adapter *a)
{
	struct tg	*tg = a->priv;

	api_free(tg);
	poll_free(tg);
	recent_free(tg->seen);
	privchat_free(tg->dms);
	free(tg->chats);
	free(tg->admins);
	kicked_free(tg);
	migrate_free(tg);
	board_free_all(tg);
	edited_free_dm(&tg->edited);
	holds_release(&tg->holds);
	free(tg->token);
	free(tg->api_base);
	free(tg->ca_file);
	free(tg->command);
	free(tg);
}

static const struct adapter_ops telegram_ops = {
	.name = "telegram",
	.flags = ADAPTER_EPHEMERAL | ADAPTER_BUTTONS | ADAPTER_EDIT,
	.start = tg_start,
	.stop = tg_stop,
	.free_adapter = tg_free,
	.send_channel = tg_send_channel,
	.send_dm = tg_send_dm,
	.reply = tg_reply,
	.board = board_show,
	.dm_table = privchat_table,
	.channel_name = tg_channel_name,
	.mention = tg_mention,
	.command = tg_command,
	.hold = answer_hold,
	.unhold = answer_unhold,
};

int
telegram_check(const struct config *config, char **cause)
{
	const struct telegram_config	*cfg = telegram_config(config);

	if (*cfg->telegram_token == '\0')
		return set_cause(cause, "telegram.enabled is set but "
		    "telegram.token is empty; give the bot's token from "
		    "BotFather (under systemd token = "
		    "credential:telegram.token, else file:/path or env:NAME)");
	return 0;
}

struct adapter *
telegram_new(struct bot *bot, char **cause)
{
	const struct telegram_config	*cfg = telegram_config(bot->config);
	struct tg			*tg;

	if (telegram_check(bot->config, cause) != 0)
		return NULL;
	tg = xcalloc(1, sizeof *tg);
	tg->adapter.ops = &telegram_ops;
	tg->adapter.bot = bot;
	tg->adapter.priv = tg;
	tg->bot = bot;
	tg->loop = bot->loop;
	holds_init(&tg->holds, TG_HOLDS_MAX);
	tg->token = xstrdup(cfg->telegram_token);
	trim_end(tg->token, TRIM_SPACE);
	tg->api_base = xstrdup(cfg->telegram_api_base);
	trim_end(tg->api_base, "/");
	tg->ca_file = xstrdup(cfg->telegram_ca_file);
	tg->command = xstrdup(*cfg->telegram_command != '\0' ?
	    cfg->telegram_command : bot->config->bot_command);
	tg->pace_ms = cfg->telegram_message_interval_ms;
	tg->group_per_min = cfg->telegram_group_per_minute;
	tg->per_sec = cfg->telegram_per_second;
	tg->poll_timeout_ms = cfg->telegram_poll_timeout_ms;
	tg->lost_grace_ms = cfg->telegram_lost_chat_grace_ms;
	tg->seen = recent_new(TG_SEEN_MAX, TG_SEEN_AGE);
	tg->dms = privchat_new();
	tg->chats = chats_new();
	tg->admins = admins_new();
	board_init(tg);
	privchat_init_tables(tg);
	/*
	 * The API works from the start: restoring tables may post (a timer
	 * that ran out while the bot was down) before tg_start.
	 */
	if (api_init(tg, cause) != 0) {
		tg_free(&tg->adapter);
		return NULL;
	}
	return &tg->adapter;
}
