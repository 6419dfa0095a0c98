/*
 * fuzz-bot.h: the bot behind the fuzz targets that drive an adapter or
 * the bot itself.  A target includes it once.  fuzz_bot_init makes a bot
 * on a fake clock, with the AI moving at once and quiet logs;
 * fuzz_bot_reset closes every table and gives the bot a new, empty state
 * file in /dev/shm, so each input starts from the same state (table ids
 * count from 1 again and bot.seed is 1, so "cb2:1.025cc1:..." names the
 * first table opened; "cb1:" ids name none, as on a file made since tags).
 * FUZZ_LOG=1 in the environment logs everything, to see what a seed does.
 */
#ifndef TESTS_FUZZ_FUZZ_BOT_H
#define TESTS_FUZZ_FUZZ_BOT_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"

static char	fuzz_bot_path[64];

/* Removes the state file and SQLite's files beside it. */
static void
fuzz_bot_unlink(void)
{
	static const char *const suffix[] = { "", "-wal", "-shm", "-journal" };
	char	 path[96];
	size_t	 i;

	for (i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		snprintf(path, sizeof path, "%s%s", fuzz_bot_path, suffix[i]);
		unlink(path);
	}
}

/* Opens bot's state file afresh; aborts when it cannot. */
static void
fuzz_bot_store(struct bot *bot)
{
	struct store_settings	 set = { .backend = "sqlite",
				     .file = { .path = fuzz_bot_path } };
	char			*cause = NULL;

	store_close(bot->store);
	bot->store = NULL;
	fuzz_bot_unlink();
	if ((bot->store = store_open(&set, &cause)) == NULL) {
		fprintf(stderr, "fuzz: %s\n", cause);
		abort();
	}
	bot->next_table_id = 1;
	bot->tables_made = 0;	/* so the first table's tag is the same */
}

/*
 * A new config with each setting ("key=value", the list ended by NULL)
 * set; aborts when one is refused.  The caller frees it.
 */
static inline struct config *
fuzz_config(const char *setting, ...)
{
	struct config	*config = config_new();
	va_list		 ap;
	char		*cause = NULL;

	va_start(ap, setting);
	for (; setting != NULL; setting = va_arg(ap, const char *)) {
		if (config_set(config, setting, &cause) != 0) {
			fprintf(stderr, "fuzz: %s\n", cause);
			abort();
		}
	}
	va_end(ap);
	return config;
}

/* A bot for target name (borrowed), on config (the bot borrows it). */
static void
fuzz_bot_init(struct bot *bot, struct config *config, const char *name)
{
	config->tables_lobby_expiry_ms = 0;
	config->tables_ai_delay_ms = 0;
	config->bot_seed = 1;		/* tags a corpus can name */
	log_set_level(getenv("FUZZ_LOG") != NULL ? LOG_DEBUG : LOG_ERROR);
	bot_init(bot, uv_default_loop(), config);
	bot->fake_clock = 1;
	snprintf(fuzz_bot_path, sizeof fuzz_bot_path,
	    "/dev/shm/cheersbot-fuzz-%s-%d.db", name, (int)getpid());
	atexit(fuzz_bot_unlink);
	fuzz_bot_store(bot);
}

/*
 * The adapter make (an adapter's *_new) makes for bot, added to it; its
 * own state (priv).  Aborts when it cannot be made.
 */
static inline void *
fuzz_bot_adapter(struct bot *bot,
    struct adapter *(*make)(struct bot *, char **))
{
	struct adapter	*a;
	char		*cause = NULL;

	if ((a = make(bot, &cause)) == NULL) {
		fprintf(stderr, "fuzz: %s\n", cause);
		abort();
	}
	bot_add_adapter(bot, a);
	return a->priv;
}

/* Every table closed, and an empty state file (inline: not every target uses it). */
static inline void
fuzz_bot_reset(struct bot *bot)
{
	struct table	*t;

	while ((t = TAILQ_FIRST(&bot->tables)) != NULL)
		table_close(t);
	fuzz_bot_store(bot);
}

#endif
