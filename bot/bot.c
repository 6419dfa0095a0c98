/*
 * The bot context: the loop, adapters, tables and the clock they share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "game/game.h"
#include "lib/xmalloc.h"

void
bot_init(struct bot *bot, uv_loop_t *loop, struct config *config)
{
	memset(bot, 0, sizeof *bot);
	bot->loop = loop;
	bot->config = config;
	bot->next_table_id = 1;
	TAILQ_INIT(&bot->tables);
	TAILQ_INIT(&bot->outbox);
	TAILQ_INIT(&bot->undo);
	TAILQ_INIT(&bot->undo_tasks);
	TAILQ_INIT(&bot->sealed);
	uv_timer_init(loop, &bot->timer);
	bot->timer.data = bot;
}

void
bot_add_adapter(struct bot *bot, struct adapter *a)
{
	if (bot->nadapters == BOT_MAX_ADAPTERS)
		fatalx("too many adapters");
	a->bot = bot;
	snprintf(bot->adapter_state[bot->nadapters], BOT_STATE_MAX, "started");
	bot->adapters[bot->nadapters++] = a;
}

void
bot_adapter_state(struct adapter *a, const char *state)
{
	struct bot	*bot = a->bot;
	int		 i;

	for (i = 0; i < bot->nadapters; i++) {
		if (bot->adapters[i] == a)
			snprintf(bot->adapter_state[i], BOT_STATE_MAX, "%s", state);
	}
}

struct adapter *
bot_find_adapter(struct bot *bot, const char *name)
{
	int	i;

	for (i = 0; i < bot->nadapters; i++)
		if (strcmp(bot->adapters[i]->ops->name, name) == 0)
			return bot->adapters[i];
	return NULL;
}

int
bot_log_level(const struct bot *bot)
{
	int	level = bot->config->bot_log_level + bot->verbose;

	return level > LOG_DEBUG ? LOG_DEBUG : level;
}

uint64_t
bot_now(struct bot *bot)
{
	if (bot->fake_clock)
		return bot->fake_now;
	return uv_now(bot->loop);
}

void
bot_shutdown(struct bot *bot)
{
	int	i;

	if (bot->stopping)
		return;
	bot->stopping = 1;
	uv_timer_stop(&bot->timer);
	uv_close((uv_handle_t *)&bot->timer, NULL);
	/* What waits for a commit is said before the adapters stop. */
	if (bot->drain != NULL)
		bot->drain(bot);
	for (i = 0; i < bot->nadapters; i++) {
		snprintf(bot->adapter_state[i], BOT_STATE_MAX, "closing");
		if (bot->adapters[i]->ops->stop != NULL)
			bot->adapters[i]->ops->stop(bot->adapters[i]);
	}
	if (bot->on_shutdown != NULL)
		bot->on_shutdown(bot);
}

const struct game_ops *const *
bot_games(void)
{
	return game_all();
}

const struct game_ops *
bot_game_find(const char *name)
{
	return game_find(name);
}
