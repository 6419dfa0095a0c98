/*
 * Unit tests of a table whose channel is lost (bot/tables/channel-lost.c) and of a
 * private message lost for good (bot/tables/dm-undelivered.c), as an adapter reports
 * them: a lobby closes, a game pauses (no timer, no move) with each
 * player told once by DM, ends as "channel lost" after the grace, or
 * goes on when the channel comes back; a platform gone altogether
 * freezes its tables; a lost DM is said in the channel without its
 * content, at most once a minute.
 */
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
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "game/game.h"
#include "lib/xmalloc.h"
#include "tests/unit/bot-fixture.h"
#include "tests/unit/said.h"

#define GRACE_MS	(10 * 60 * 1000)

static char *const	said = fake_lines_said;	/* "[to] text" per line */

static const struct adapter_ops rec_ops = {
	.name = "console", .flags = ADAPTER_OPERATOR,
	.send_channel = fake_lines_send, .send_dm = fake_lines_dm,
};

#include "tests/unit/world-test.h"

static void
world_open(struct world *w, char *path, size_t len)
{
	int	fd;

	snprintf(path, len, "/tmp/cheersbot-chanlost-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	world_start(w, &rec_ops, path, 0);
	w->config->tables_ai_delay_ms = 1000;
	said[0] = '\0';
}

static void
world_end(struct world *w)
{
	world_close(w);
	bot_fixture_unlink_state(w->path);
}

/* A table in #bar: alice and two AI seats; started when start is set. */
static struct table *
world_table(struct world *w, int start)
{
	struct table	*t;
	char		*cause = NULL;

	t = table_new(&w->bot, &w->adapter, "#bar", game_find("cheers"));
	t->seed = 1;
	t->host = xstrdup("alice");
	table_add_seat(t, "alice", "alice");
	table_add_seat(t, NULL, "Negroni");
	table_add_seat(t, NULL, "Martini");
	if (start) {
		outbox_begin(&w->bot);
		assert_int_equal(play_start(t, &cause), 0);
		outbox_end(&w->bot);
	}
	return t;
}

static void
test_lobby_closes(void **state)
{
	struct world	w;
	char		path[64];

	(void)state;
	world_open(&w, path, sizeof path);
	world_table(&w, 0);
	bot_channel_lost(&w.bot, &w.adapter, "#bar", "It was deleted.",
	    GRACE_MS);
	assert_null(table_find(&w.bot, &w.adapter, "#bar"));
	assert_int_equal(said_count(said, "[alice] The CHEERS lobby in #bar is "
	    "closed: It was deleted."), 1);
	world_end(&w);
}

static void
test_game_pauses_then_ends(void **state)
{
	struct world		 w;
	struct table		*t;
	struct game_move	 m;
	char			 path[64], *cause = NULL;
	uint64_t		 id;
	int			 moves;

	(void)state;
	world_open(&w, path, sizeof path);
	t = world_table(&w, 1);
	id = t->id;
	said[0] = '\0';
	bot_channel_lost(&w.bot, &w.adapter, "#bar", "It is archived.",
	    GRACE_MS);
	bot_channel_lost(&w.bot, &w.adapter, "#bar", "It is archived.",
	    GRACE_MS);
	assert_int_equal(said_count(said, "[alice] The CHEERS game in #bar is "
	    "paused: It is archived."), 1);
	assert_int_equal(said_count(said, "[#bar]"), 0);
	assert_int_equal(t->task, TASK_LOST);

	/* No timer and no move while it waits. */
	moves = t->nmoves;
	bot_advance(&w.bot, GRACE_MS - 1);
	t = table_find_id(&w.bot, &w.adapter, id);
	assert_non_null(t);
	assert_int_equal(t->nmoves, moves);
	memset(&m, 0, sizeof m);
	assert_int_not_equal(play_move(t, 0, &m, &cause), 0);
	assert_non_null(strstr(cause, "paused"));
	free(cause);

	/* The grace runs out: the table ends, alice is told. */
	bot_advance(&w.bot, 1);
	assert_null(table_find_id(&w.bot, &w.adapter, id));
	assert_int_equal(said_count(said, "[alice] The CHEERS game in #bar has "
	    "ended: channel lost."), 1);
	world_end(&w);
}

static void
test_game_comes_back(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[64];
	uint64_t	 id;
	int		 moves;

	(void)state;
	world_open(&w, path, sizeof path);
	t = world_table(&w, 1);
	t->seats[0].ai = 1;	/* the AI plays every seat: it moves on */
	play_schedule(t);
	id = t->id;
	bot_channel_lost(&w.bot, &w.adapter, "#bar", "It is archived.",
	    GRACE_MS);
	moves = t->nmoves;
	bot_advance(&w.bot, 5000);
	assert_int_equal(t->nmoves, moves);
	said[0] = '\0';
	bot_channel_back(&w.bot, &w.adapter, "#bar");
	assert_int_equal(said_count(said, "[#bar] I can post here again: "
	    "the game goes on."), 1);
	assert_false(t->lost);
	bot_advance(&w.bot, 5000);
	t = table_find_id(&w.bot, &w.adapter, id);
	assert_true(t == NULL || t->nmoves > moves);
	/* The grace's end is forgotten: the table is not ended by it. */
	bot_advance(&w.bot, GRACE_MS);
	assert_int_equal(said_count(said, "channel lost"), 0);
	world_end(&w);
}

static void
test_adapter_lost(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[64];
	int		 moves;

	(void)state;
	world_open(&w, path, sizeof path);
	t = world_table(&w, 1);
	t->seats[0].ai = 1;
	play_schedule(t);
	bot_adapter_lost(&w.bot, &w.adapter);
	moves = t->nmoves;
	said[0] = '\0';
	bot_advance(&w.bot, 24 * 60 * 60 * 1000ULL);
	assert_int_equal(t->nmoves, moves);
	assert_true(t->lost);
	assert_string_equal(said, "");
	world_end(&w);
}

static void
test_dm_lost(void **state)
{
	struct world	w;
	char		path[64];

	(void)state;
	world_open(&w, path, sizeof path);
	world_table(&w, 1);
	said[0] = '\0';
	bot_dm_lost(&w.bot, &w.adapter, "alice");
	bot_dm_lost(&w.bot, &w.adapter, "alice");
	assert_int_equal(said_count(said, "[#bar] A private message to "), 1);
	assert_int_equal(said_count(said, "could not be delivered; "
	    "/cheers hand shows it again."), 1);
	/* Nothing but that line, and never to alice herself. */
	assert_int_equal(said_count(said, "\n"), 1);
	w.bot.fake_now += 60000;
	bot_dm_lost(&w.bot, &w.adapter, "alice");
	assert_int_equal(said_count(said, "[#bar] A private message to "), 2);
	world_end(&w);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lobby_closes),
		cmocka_unit_test(test_game_pauses_then_ends),
		cmocka_unit_test(test_game_comes_back),
		cmocka_unit_test(test_adapter_lost),
		cmocka_unit_test(test_dm_lost),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
