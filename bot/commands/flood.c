/*
 * flood: the per-user, per-channel command budget (see flood.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bot/adapter.h"
#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/commands/flood.h"
#include "lib/xmalloc.h"

/* Tokens are counted in thousandths, so a slow refill is not lost. */
#define FLOOD_UNIT	1000

struct flood_slot {
	uint64_t	key;		/* hash of adapter, channel, user; 0: free */
	uint64_t	at;		/* bot_now() when tokens was last refilled */
	uint64_t	tokens;		/* in FLOOD_UNITs */
	int		warned;		/* told to slow down since it ran out */
};

/* FNV-1a over the parts, with a separator so "ab"+"c" is not "a"+"bc". */
static uint64_t
flood_key(const struct bot_event *ev)
{
	const char *const	 parts[] = {
		ev->adapter->ops->name, ev->channel, ev->user_id,
	};
	uint64_t		 h = 14695981039346656037ULL;
	const unsigned char	*p;
	size_t			 i;

	for (i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		for (p = (const unsigned char *)parts[i]; *p != '\0'; p++)
			h = (h ^ *p) * 1099511628211ULL;
		h = (h ^ 0xff) * 1099511628211ULL;
	}
	return h == 0 ? 1 : h;
}

int
flood_applies(const struct bot *bot, const struct adapter *a)
{
	(void)bot;
	return (a->ops->flags & ADAPTER_OPERATOR) == 0;
}

/* How long until s holds one command again, in ms (at least 1). */
static uint64_t
flood_wait(const struct config *cfg, const struct flood_slot *s)
{
	uint64_t	full = (uint64_t)cfg->tables_command_burst * FLOOD_UNIT;
	uint64_t	need = FLOOD_UNIT - s->tokens;

	/* The inverse of the refill below, rounded up. */
	return (need * cfg->tables_command_refill_ms + full - 1) / full;
}

enum flood_verdict
flood_spend(struct bot *bot, const struct bot_event *ev, uint64_t *wait_ms)
{
	const struct config	*cfg = bot->config;
	struct flood_slot	*s;
	uint64_t		 key, now, full, add;

	if (cfg->tables_command_burst <= 0 || !flood_applies(bot, ev->adapter))
		return FLOOD_PASS;
	if (bot->flood == NULL)
		bot->flood = xcalloc(FLOOD_SLOTS, sizeof *bot->flood);
	key = flood_key(ev);
	s = &bot->flood[key % FLOOD_SLOTS];
	now = bot_now(bot);
	full = (uint64_t)cfg->tables_command_burst * FLOOD_UNIT;
	if (s->key != key) {
		s->key = key;
		s->at = now;
		s->tokens = full;
		s->warned = 0;
	}
	/* The whole burst comes back over command_refill. */
	if (now > s->at) {
		add = (now - s->at) * full / cfg->tables_command_refill_ms;
		s->tokens = s->tokens + add > full ? full : s->tokens + add;
		s->at = now;
	}
	if (s->tokens >= FLOOD_UNIT) {
		s->tokens -= FLOOD_UNIT;
		s->warned = 0;
		return FLOOD_PASS;
	}
	if (wait_ms != NULL)
		*wait_ms = flood_wait(cfg, s);
	if (s->warned)
		return FLOOD_DROP;
	s->warned = 1;
	return FLOOD_WARN;
}

void
flood_release(struct bot *bot)
{
	free(bot->flood);
	bot->flood = NULL;
}
