/*
 * bot-fixture.c: a bot to test on, and the fake adapter ops that keep
 * what it says (bot-fixture.h).
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "tests/unit/bot-fixture.h"
#include "tests/unit/said.h"
#include "tests/unit/store-test.h"

/*
 * Starts bot (the caller's memory) on a default config of its own, with
 * adapter (also the caller's) on ops, borrowed: no store, no tables.
 */
void
bot_fixture_start(struct bot *bot, struct adapter *adapter,
    const struct adapter_ops *ops)
{
	bot_init(bot, uv_default_loop(), config_new());
	adapter->ops = ops;
	adapter->bot = bot;
}

/*
 * Makes bot one that answers users: adapter added, the clock fake,
 * lobbies that never expire, the state in memory.
 */
void
bot_fixture_memory(struct bot *bot, struct adapter *adapter)
{
	char	*cause = NULL;

	bot->config->tables_lobby_expiry_ms = 0;
	bot->fake_clock = 1;
	bot_add_adapter(bot, adapter);
	bot->store = store_test_open(":memory:", 0, &cause);
	assert_non_null(bot->store);
}

/*
 * Ends bot: a store in memory and its adapter let go (the adapter is
 * the caller's), every table closed, its timer and its config freed.
 */
void
bot_fixture_end(struct bot *bot)
{
	struct table	*t;

	if (bot->store != NULL) {
		bot->nadapters = 0;
		bot_release(bot);
	}
	while ((t = TAILQ_FIRST(&bot->tables)) != NULL)
		table_close(t);
	uv_close((uv_handle_t *)&bot->timer, NULL);
	uv_run(uv_default_loop(), UV_RUN_NOWAIT);
	config_free(bot->config);
}

/* A cmocka teardown: *state is a fixture that begins with its bot. */
int
bot_fixture_teardown(void **state)
{
	bot_fixture_end(*state);
	free(*state);
	return 0;
}

/*
 * user (id and name) says text in channel to bot through adapter, a
 * direct message when channel is "dm"; what became of it.
 */
enum bot_outcome
bot_fixture_event(struct bot *bot, struct adapter *adapter,
    const char *user, const char *channel, const char *text)
{
	struct bot_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.adapter = adapter;
	ev.user_id = user;
	ev.user_name = user;
	ev.channel = channel;
	ev.is_dm = strcmp(channel, "dm") == 0;
	ev.text = text;
	return bot_handle_event(bot, &ev);
}

/* Puts text where a->priv (a struct fake_said) says. */
static void
fake_said_note(struct adapter *a, const char *text)
{
	struct fake_said	*s = a->priv;

	if (s->append)
		said_add(s->buf, s->size, text);
	else
		snprintf(s->buf, s->size, "%s", text);
}

int
fake_said_send(struct adapter *a, const char *to, const char *text,
    char **cause)
{
	(void)to; (void)cause;
	fake_said_note(a, text);
	return 0;
}

int
fake_said_dm(struct adapter *a, const char *to, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	(void)to; (void)bs; (void)cause;
	fake_said_note(a, text);
	return 0;
}

int
fake_said_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	(void)ev; (void)private; (void)bs; (void)cause;
	fake_said_note(a, text);
	return 0;
}

/* Removes the state file at path, with its log (-wal) and index (-shm). */
void
bot_fixture_unlink_state(const char *path)
{
	char	file[PATH_MAX];

	unlink(path);
	snprintf(file, sizeof file, "%s-wal", path);
	unlink(file);
	snprintf(file, sizeof file, "%s-shm", path);
	unlink(file);
}

char	fake_lines_said[16384];
char	fake_lines_replied[4096];

/* Adds a line, cut to what is left of buf (len bytes), after the others. */
static void
fake_lines_note(char *buf, size_t len, const char *fmt, ...)
{
	va_list	ap;
	size_t	used = strlen(buf);

	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

int
fake_lines_send(struct adapter *a, const char *to, const char *text,
    char **cause)
{
	(void)a; (void)cause;
	fake_lines_note(fake_lines_said, sizeof fake_lines_said, "[%s] %s\n",
	    to, text);
	return 0;
}

int
fake_lines_dm(struct adapter *a, const char *to, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	(void)bs;
	return fake_lines_send(a, to, text, cause);
}

int
fake_lines_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	(void)a; (void)private; (void)bs; (void)cause;
	fake_lines_note(fake_lines_replied, sizeof fake_lines_replied,
	    "%s: %s\n", ev->user_id, text);
	return 0;
}
