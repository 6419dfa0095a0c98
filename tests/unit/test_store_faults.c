/*
 * Unit tests for a store that stops writing: the backend's fault shim
 * below the store (for SQLite a VFS, tests/unit/store-test-sqlite.c)
 * makes every write (or every sync) fail from a chosen moment, as a full
 * disk or a failing one does.  Over every write path (a lobby, a
 * move, a snapshot, a result, a channel's settings) the bot must keep
 * running, put every table the failed batch wrote back as it was saved,
 * in memory too, tell the player whose command it was, say nothing of
 * what did not happen, pause a table whose own move failed, and carry on
 * by itself once writing works again.
 */
#include <setjmp.h>
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
#include "lib/xmalloc.h"
#include "tests/unit/bot-fixture.h"
#include "tests/unit/store-test.h"

/* ---- A bot on a quiet adapter --------------------------------------- */

static char *const	said = fake_lines_said;	/* public and DM text */
static char *const	replied = fake_lines_replied;	/* "user: text" */

static const struct adapter_ops quiet_ops = {
	.name = "console", .flags = ADAPTER_OPERATOR,
	FAKE_LINES_OPS,
};

#include "tests/unit/world-test.h"

/* A world on a new state file, AI moves 1 s apart. */
static void
world_open(struct world *w)
{
	world_start_new(w, &quiet_ops, "cheersbot-faults");
	w->config->tables_ai_delay_ms = 1000;
}

/* Ends w with the shim disarmed, and removes its state file. */
static void
world_end(struct world *w)
{
	store_test_fault = FAULT_NONE;
	world_close(w);
	bot_fixture_unlink_state(w->path);
}

/* user says "/cheers text" in channel, as an adapter hands it over. */
static void
world_say(struct world *w, const char *user, const char *channel, int admin,
    const char *text)
{
	struct bot_event	ev;

	world_event(w, &ev, user, channel, text);
	ev.is_admin = admin;
	bot_handle_event(&w->bot, &ev);
}

static void
quiet(void)
{
	said[0] = '\0';
	replied[0] = '\0';
}

/* A query on the store, read beside the bot: its one number. */
static int
db_count(const char *path, const char *sql)
{
	return (int)store_test_count(path, sql);
}

static int
db_moves(struct world *w, uint64_t id)
{
	char	sql[96];

	snprintf(sql, sizeof sql, "SELECT count(*) FROM moves WHERE "
	    "table_id = %llu", (unsigned long long)id);
	return db_count(w->path, sql);
}

static const char *const refused = STORE_FAILED_TEXT;

/* Every store opened goes through the backend's fault shim. */
static int
faults_setup(void **state)
{
	(void)state;
	return store_test_backend->faults();
}

/* ---- Tests ------------------------------------------------------------ */

/*
 * Lobby writes (new, join, end) and a channel's settings: refused whole,
 * the player told, nothing said in the channel, the bot as before.
 */
static void
test_lobby_and_settings(void **state)
{
	struct world	 w;
	struct table	*t;
	char		*doc = NULL, *cause = NULL, line[512];

	(void)state;
	world_open(&w);

	store_test_fault = FAULT_WRITE_FULL;
	quiet();
	world_say(&w, "alice", "#a", 0, "new cheers");
	assert_true(store_test_faults_seen > 0);
	assert_null(table_find(&w.bot, &w.adapter, "#a"));
	snprintf(line, sizeof line, "alice: %s\n", refused);
	assert_string_equal(replied, line);
	assert_string_equal(said, "");
	assert_int_equal(db_count(w.path, "SELECT count(*) FROM tables"), 0);

	store_test_fault = FAULT_NONE;
	quiet();
	world_say(&w, "alice", "#a", 0, "new cheers");
	assert_non_null(t = table_find(&w.bot, &w.adapter, "#a"));
	assert_non_null(strstr(said, "opened a CHEERS table"));

	store_test_fault = FAULT_WRITE_FULL;
	quiet();
	world_say(&w, "bob", "#a", 0, "join");
	t = table_find(&w.bot, &w.adapter, "#a");
	assert_non_null(t);
	assert_int_equal(t->nseats, 1);
	assert_int_equal(table_seat_of(t, "bob"), -1);
	snprintf(line, sizeof line, "bob: %s\n", refused);
	assert_string_equal(replied, line);
	assert_string_equal(said, "");

	/* Ending a lobby that cannot be forgotten: it is still there. */
	quiet();
	world_say(&w, "alice", "#a", 0, "end");
	assert_non_null(t = table_find(&w.bot, &w.adapter, "#a"));
	assert_int_equal(t->nseats, 1);
	assert_string_equal(said, "");
	assert_non_null(strstr(replied, refused));

	/* A channel's defaults: not changed, and the admin is told. */
	quiet();
	world_say(&w, "root", "#a", 1, "settings channel turn_timer=90s");
	assert_int_equal(store_channel_get(w.bot.store, "console", "#a", &doc,
	    &cause), 0);
	assert_null(doc);
	assert_non_null(strstr(replied, refused));
	assert_string_equal(said, "");

	/* Reading still works while writing does not. */
	quiet();
	world_say(&w, "carol", "#a", 0, "status");
	assert_true(strstr(said, "CHEERS lobby") != NULL ||
	    strstr(replied, "CHEERS lobby") != NULL);

	/* Space again: the same commands work, with no restart. */
	store_test_fault = FAULT_NONE;
	quiet();
	world_say(&w, "bob", "#a", 0, "join");
	t = table_find(&w.bot, &w.adapter, "#a");
	assert_int_equal(t->nseats, 2);
	world_say(&w, "root", "#a", 1, "settings channel turn_timer=90s");
	assert_int_equal(store_channel_get(w.bot.store, "console", "#a", &doc,
	    &cause), 0);
	assert_non_null(doc);
	free(doc);
	world_end(&w);
}

/*
 * A game of AI seats whose every move first meets a failing disk: each
 * failed move leaves the game as saved, says only that the game is paused
 * (once), and is tried again after 30 s; once writing works the move
 * happens.  So every move path is met: plain moves, the snapshot every
 * 32 moves, and the result at the end.
 */
static void
game_against_faults(enum store_test_fault kind)
{
	struct world	 w;
	struct table	*t;
	uint64_t	 id;
	char		*before, *after, *cause = NULL;
	int		 moves, failures = 0, pauses = 0;

	world_open(&w);
	t = table_new(&w.bot, &w.adapter, "#ai", game_find("cheers"));
	t->seed = 1;	/* a game of 52 moves: past a snapshot */
	t->host = xstrdup("alice");
	table_add_seat(t, "alice", "alice");
	table_add_seat(t, NULL, "Negroni");
	table_add_seat(t, NULL, "Martini");
	t->seats[0].ai = 1;
	outbox_begin(&w.bot);
	assert_int_equal(play_start(t, &cause), 0);
	outbox_end(&w.bot);
	id = t->id;

	while ((t = table_find_id(&w.bot, &w.adapter, id)) != NULL) {
		assert_int_equal(t->task, TASK_AI);
		moves = t->nmoves;
		before = world_game_text(t);
		store_test_fault = kind;
		quiet();
		bot_advance(&w.bot, 1000);
		t = table_find_id(&w.bot, &w.adapter, id);
		assert_non_null(t);
		/* Nothing happened, in memory or in the file. */
		assert_int_equal(t->nmoves, moves);
		assert_int_equal(db_moves(&w, id), moves);
		after = world_game_text(t);
		assert_string_equal(after, before);
		free(after);
		free(before);
		assert_true(t->paused);
		assert_int_equal(t->task, TASK_AI);
		assert_int_equal(t->deadline, w.bot.fake_now + TABLE_RETRY_MS);
		if (strstr(said, "The game is paused") != NULL)
			pauses++;
		/* Only the pause may be said: no move, no DM. */
		assert_true(said[0] == '\0' ||
		    (strncmp(said, "[#ai] The game is paused", 24) == 0 &&
		    strchr(said, '\n') == said + strlen(said) - 1));
		failures++;

		/* Still failing at the retry: nothing more is said. */
		if (failures == 1) {
			quiet();
			bot_advance(&w.bot, TABLE_RETRY_MS);
			t = table_find_id(&w.bot, &w.adapter, id);
			assert_non_null(t);
			assert_int_equal(t->nmoves, moves);
			assert_true(t->paused);
			assert_string_equal(said, "");
		}

		/* Writing works again: the retry makes the move. */
		store_test_fault = FAULT_NONE;
		quiet();
		bot_advance(&w.bot, TABLE_RETRY_MS);
		if ((t = table_find_id(&w.bot, &w.adapter, id)) == NULL)
			break;	/* the game ended */
		assert_int_equal(t->nmoves, moves + 1);
		assert_int_equal(db_moves(&w, id), moves + 1);
		assert_false(t->paused);
		assert_non_null(strstr(said, "Saving works again"));
	}
	assert_int_equal(pauses, failures);
	assert_true(failures > STORE_SNAPSHOT_EVERY);
	assert_int_equal(db_count(w.path, "SELECT count(*) FROM snapshots") > 0, 1);
	assert_int_equal(db_count(w.path,
	    "SELECT count(*) FROM outcomes"), 3);
	assert_int_equal(db_count(w.path,
	    "SELECT count(*) FROM tables WHERE state = 'over'"), 1);
	world_end(&w);
}

static void
test_game_full_disk(void **state)
{
	(void)state;
	game_against_faults(FAULT_WRITE_FULL);
}

static void
test_game_failing_sync(void **state)
{
	(void)state;
	game_against_faults(FAULT_SYNC_IOERR);
}

/* The seat that must act now at t, or -1. */
static int
world_turn(const struct table *t)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];
	int			seat;

	if (t->ops->pending(t->game, p, GAME_MAX_PROMPTS) < 1)
		return -1;
	for (seat = 0; seat < t->nseats; seat++)
		if (p[0].seats & (1u << seat))
			return seat;
	return -1;
}

/*
 * A player's move by command in a batch that cannot be saved: the player
 * is told, the channel hears nothing, the game is as saved; the same
 * command afterwards plays.
 */
static void
test_player_move(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 user[64];
	char		*before, *after, cmd[80], line[512];
	int		 seat;

	(void)state;
	world_open(&w);
	world_say(&w, "alice", "#g", 0, "new cheers");
	world_say(&w, "bob", "#g", 0, "join");
	world_say(&w, "alice", "#g", 0, "start");
	t = table_find(&w.bot, &w.adapter, "#g");
	assert_non_null(t);
	assert_int_equal(t->state, TABLE_PLAYING);
	seat = world_turn(t);
	assert_true(seat >= 0);
	assert_non_null(t->seats[seat].user_id);
	snprintf(user, sizeof user, "%s", t->seats[seat].user_id);
	snprintf(cmd, sizeof cmd, "play 1 @%s", user);

	store_test_fault = FAULT_WRITE_FULL;
	quiet();
	before = world_game_text(t);
	world_say(&w, user, "#g", 0, cmd);
	t = table_find(&w.bot, &w.adapter, "#g");
	assert_non_null(t);
	assert_int_equal(t->nmoves, 0);
	after = world_game_text(t);
	assert_string_equal(after, before);
	free(after);
	free(before);
	snprintf(line, sizeof line, "%s: %s\n", user, refused);
	assert_string_equal(replied, line);
	assert_string_equal(said, "");
	assert_false(t->paused);

	store_test_fault = FAULT_NONE;
	quiet();
	world_say(&w, user, "#g", 0, cmd);
	t = table_find(&w.bot, &w.adapter, "#g");
	assert_int_equal(t->nmoves, 1);
	assert_int_equal(db_moves(&w, t->id), 1);
	assert_non_null(strstr(said, "offers"));
	world_end(&w);
}

/*
 * Several tables in one batch (a chunk of console input): the ones the
 * batch wrote go back, the others keep what they had.
 */
static void
test_batch_of_tables(void **state)
{
	struct world	 w;
	struct table	*t;
	char		*cause = NULL;

	(void)state;
	world_open(&w);
	world_say(&w, "alice", "#1", 0, "new cheers");
	world_say(&w, "alice", "#2", 0, "new cheers");
	store_test_fault = FAULT_WRITE_FULL;
	quiet();
	outbox_begin(&w.bot);
	world_say(&w, "bob", "#1", 0, "join");
	world_say(&w, "dave", "#2", 0, "status");
	world_say(&w, "carol", "#3", 0, "new cheers");
	outbox_end(&w.bot);
	assert_int_equal(table_find(&w.bot, &w.adapter, "#1")->nseats, 1);
	assert_int_equal(table_find(&w.bot, &w.adapter, "#2")->nseats, 1);
	assert_null(table_find(&w.bot, &w.adapter, "#3"));
	assert_non_null(strstr(replied, "bob: I could not save"));
	assert_non_null(strstr(replied, "carol: I could not save"));
	assert_null(strstr(replied, "dave: I could not save"));
	assert_null(strstr(said, "opened"));
	/* dave's question is answered, from the tables as saved. */
	assert_non_null(strstr(replied,
	    "dave: CHEERS lobby (default rules): 1/6 seated: alice."));
	store_test_fault = FAULT_NONE;
	quiet();
	world_say(&w, "carol", "#3", 0, "new cheers");
	assert_non_null(t = table_find(&w.bot, &w.adapter, "#3"));
	assert_int_equal(db_count(w.path, "SELECT count(*) FROM tables"), 3);
	(void)cause;
	world_end(&w);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lobby_and_settings),
		cmocka_unit_test(test_game_full_disk),
		cmocka_unit_test(test_game_failing_sync),
		cmocka_unit_test(test_player_move),
		cmocka_unit_test(test_batch_of_tables),
	};

	return store_test_run_on("store_faults", tests,
	    sizeof tests / sizeof *tests, faults_setup, STORE_TEST_FAULTS);
}
