/*
 * world-test.h: a bot on one adapter and a state file, for the unit tests
 * of the store and of what a failing store does (test_store.c,
 * test_store_faults.c).  The adapter's ops are the test's own; the clock
 * is fake and lobbies never expire.
 */
#ifndef TESTS_WORLD_TEST_H
#define TESTS_WORLD_TEST_H

#include <stdlib.h>
#include <unistd.h>

#include "bot/tables/restore.h"
#include "tests/unit/store-test.h"

struct world {
	struct bot	 bot;
	struct adapter	 adapter;
	struct config	*config;
	char		 path[64];
};

/*
 * Opens w on ops (borrowed, lives as long as w) with a store at path on
 * the backend the tests run on (store-test.h), capped at max_size bytes
 * (0: no cap), its tables restored.
 */
static void
world_start(struct world *w, const struct adapter_ops *ops, const char *path,
    uint64_t max_size)
{
	char	*cause = NULL;

	memset(w, 0, sizeof *w);
	snprintf(w->path, sizeof w->path, "%s", path);
	w->config = config_new();
	w->config->tables_lobby_expiry_ms = 0;
	bot_init(&w->bot, uv_default_loop(), w->config);
	w->bot.fake_clock = 1;
	w->adapter.ops = ops;
	bot_add_adapter(&w->bot, &w->adapter);
	w->bot.store = store_test_open(path, max_size, &cause);
	assert_non_null(w->bot.store);
	assert_true(restore_tables(&w->bot, &cause) >= 0);
}

/* The same on a new empty file /tmp/NAME-XXXXXX, with no cap. */
static inline void
world_start_new(struct world *w, const struct adapter_ops *ops,
    const char *name)
{
	char	path[64];
	int	fd;

	snprintf(path, sizeof path, "/tmp/%s-XXXXXX", name);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	world_start(w, ops, path, 0);
}

/*
 * Fills *ev (the caller's) as w's adapter hands over user's text in
 * channel, not an admin and not a button; ev borrows the strings.
 */
static inline void
world_event(struct world *w, struct bot_event *ev, const char *user,
    const char *channel, const char *text)
{
	memset(ev, 0, sizeof *ev);
	ev->adapter = &w->adapter;
	ev->user_id = user;
	ev->user_name = user;
	ev->channel = channel;
	ev->text = text;
}

/* t's game as the text a save holds; the caller frees it. */
static inline char *
world_game_text(const struct table *t)
{
	cJSON	*o = t->ops->save(t->game);
	char	*s = cJSON_PrintUnformatted(o);

	cJSON_Delete(o);
	return s;
}

/* Frees w; the state file stays. */
static void
world_close(struct world *w)
{
	w->bot.nadapters = 0;	/* the adapter is on the stack */
	bot_release(&w->bot);
	uv_close((uv_handle_t *)&w->bot.timer, NULL);
	uv_run(uv_default_loop(), UV_RUN_NOWAIT);
	config_free(w->config);
}

#endif
