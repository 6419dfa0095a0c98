/*
 * Unit tests for the store: tables and moves written to SQLite come back
 * identical after a restart, finished and deleted tables stay gone, and a
 * damaged record is skipped without taking the others down.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/stat.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/saying/message-ids.h"
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"
#include "tests/unit/store-test.h"

/* While set, each send notes the size of this file (watch_note). */
static const char *watch_path;
static long long watch_size;

static long long file_size(const char *);

static void
watch_note(void)
{
	if (watch_path != NULL)
		watch_size = file_size(watch_path);
}

/* What the bot answered on click_ops, and its last buttons. */
static char			replied[4096];
static struct adapter_buttons	replied_bs;

static int
click_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	(void)a; (void)ev; (void)private; (void)cause;
	snprintf(replied + strlen(replied), sizeof replied - strlen(replied),
	    "%s\n", text);
	if (bs != NULL && bs->n > 0)
		replied_bs = *bs;
	return 0;
}

/* A platform with buttons, for the tests of stale ones. */
static const struct adapter_ops click_ops = {
	.name = "console", .flags = ADAPTER_OPERATOR | ADAPTER_EPHEMERAL |
	    ADAPTER_BUTTONS,
	.send_channel = store_test_send, .send_dm = store_test_dm,
	.reply = click_reply,
};

#include "tests/unit/world-test.h"

static void
world_open_capped(struct world *w, const char *path, uint64_t max_size)
{
	world_start(w, &store_test_quiet_ops, path, max_size);
}

static void
world_open(struct world *w, const char *path)
{
	world_start(w, &store_test_quiet_ops, path, 0);
}

/*
 * A started table of user and three AI seats in channel on server (NULL:
 * none), numbered as new numbers it, with nmoves moves played (the AI
 * moves for user too).
 */
static struct table *
world_game_on(struct world *w, const char *channel, const char *server,
    const char *user, int nmoves)
{
	struct table	*t = table_new(&w->bot, &w->adapter, channel,
			    game_find("cheers"));
	char		*cause = NULL;
	int		 i;

	t->seed = 1234 + t->id;
	if (server != NULL)
		t->server = xstrdup(server);
	assert_int_equal(store_table_number(w->bot.store, &w->bot, &w->adapter,
	    server, &t->num, &cause), 0);
	t->turn_timer = w->config->tables_turn_timer_ms;
	t->prompt_timer = w->config->tables_prompt_timer_ms;
	t->host = xstrdup(user);
	table_add_seat(t, user, user);
	for (i = 0; i < 3; i++)
		table_add_seat(t, NULL, i == 0 ? "Negroni" : i == 1 ?
		    "Martini" : "Mojito");
	assert_int_equal(play_start(t, &cause), 0);
	t->seats[0].ai = 1;
	for (i = 0; i < nmoves && t->state == TABLE_PLAYING; i++) {
		struct game_prompt	p[GAME_MAX_PROMPTS];
		int			seat;

		assert_true(t->ops->pending(t->game, p, GAME_MAX_PROMPTS) > 0);
		for (seat = 0; !(p[0].seats & (1u << seat)); seat++)
			;
		assert_int_equal(play_ai(t, seat, &cause), 0);
	}
	return t;
}

/* A started table of alice and three AI seats, nmoves moves played. */
static struct table *
world_game(struct world *w, const char *channel, int nmoves)
{
	return world_game_on(w, channel, NULL, "alice", nmoves);
}

/* user says text in channel, or clicks the button of id text; replied. */
static const char *
world_say(struct world *w, const char *user, const char *channel, int click,
    const char *text)
{
	struct bot_event	ev;

	world_event(w, &ev, user, channel, text);
	ev.is_button = click;
	replied[0] = '\0';
	memset(&replied_bs, 0, sizeof replied_bs);
	bot_handle_event(&w->bot, &ev);
	return replied;
}

/* The id of channel's table, as new gave it; 0 when there is none. */
static uint64_t
world_table_id(struct world *w, const char *channel)
{
	struct table	*t = table_find(&w->bot, &w->adapter, channel);

	return t == NULL ? 0 : t->id;
}

/* The single number a query returns. */
static int
db_count(const char *path, const char *sql)
{
	return (int)store_test_count(path, sql);
}

/* user opens a game of cheers in channel, adds an AI seat and starts it. */
static void
world_start_game(struct world *w, const char *user, const char *channel)
{
	world_say(w, user, channel, 0, "new cheers");
	world_say(w, user, channel, 0, "addbot");
	world_say(w, user, channel, 0, "start");
}

static void
test_restore_identical(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	char		*before[2], *after;
	int		 fd = mkstemp(path), i;

	(void)state;
	close(fd);
	world_open(&w, path);
	t = world_game(&w, "#one", 7);
	before[0] = world_game_text(t);
	t = world_game(&w, "#two", 12);
	before[1] = world_game_text(t);
	t = table_new(&w.bot, &w.adapter, "#lobby", game_find("cheers"));
	t->host = xstrdup("carol");
	table_add_seat(t, "carol", "carol");
	assert_int_equal(table_set_option(t, "recipe=alt", NULL), 0);
	assert_int_equal(store_table_save(w.bot.store, t, NULL), 0);
	world_close(&w);

	world_open(&w, path);
	assert_int_equal(w.bot.ntables, 3);
	i = 0;
	TAILQ_FOREACH(t, &w.bot.tables, entry) {
		if (t->state == TABLE_LOBBY) {
			assert_string_equal(t->channel, "#lobby");
			assert_string_equal(t->host, "carol");
			assert_string_equal(t->options[1], "alt");
			continue;
		}
		after = world_game_text(t);
		assert_string_equal(after, before[i]);
		assert_int_equal(t->nmoves, i == 0 ? 7 : 12);
		free(after);
		free(before[i]);
		i++;
	}
	assert_int_equal(i, 2);
	world_close(&w);
	unlink(path);
}

static void
test_gone_and_damaged(void **state)
{
	struct world	 w;
	struct table	*t;
	struct game_result r = { .state = GAME_TIED };
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	int		 fd = mkstemp(path);

	(void)state;
	close(fd);
	world_open(&w, path);
	t = world_game(&w, "#done", 3);
	assert_int_equal(store_table_finish(w.bot.store, t, &r, NULL), 0);
	t = world_game(&w, "#ended", 3);
	assert_int_equal(store_table_delete(w.bot.store, t, NULL), 0);
	world_game(&w, "#broken", 3);
	world_game(&w, "#fine", 3);
	world_close(&w);

	/* Damage one table's move log behind the store's back. */
	store_test_exec(path, "UPDATE moves SET move = '{\"action\":"
	    "\"dance\",\"args\":[]}' WHERE seq = 1 AND table_id = (SELECT id "
	    "FROM tables WHERE channel = '#broken')");

	world_open(&w, path);
	assert_int_equal(w.bot.ntables, 1);
	assert_string_equal(TAILQ_FIRST(&w.bot.tables)->channel, "#fine");
	/* The damaged one is kept for the operator, but no longer open. */
	assert_int_equal(db_count(path, "SELECT count(*) FROM tables WHERE "
	    "channel = '#broken' AND state = 'broken'"), 1);
	/* A new table never reuses an id. */
	t = table_new(&w.bot, &w.adapter, "#new", game_find("cheers"));
	assert_true(t->id > TAILQ_FIRST(&w.bot.tables)->id);
	world_close(&w);
	unlink(path);
}

static void
test_duplicate_move_refused(void **state)
{
	struct world		 w;
	struct table		*t;
	struct game_move	 m = { .action = 2, .args = { -1, -1, -1, -1 } };
	char			 path[] = "/tmp/cheersbot-store-XXXXXX";
	char			*cause = NULL;
	int			 fd = mkstemp(path);

	(void)state;
	close(fd);
	world_open(&w, path);
	t = world_game(&w, "#dup", 2);
	assert_int_equal(store_move_append(w.bot.store, t, 1, 0, &m, &cause), -1);
	/* Players get a sentence; the file and reason go to the log. */
	assert_non_null(strstr(cause, "could not save that"));
	assert_null(strstr(cause, path));
	free(cause);
	world_close(&w);
	unlink(path);
}

/*
 * A message id an adapter keeps (bot/saying/message-ids.h) is there after a restart,
 * per adapter and key, until it is forgotten; a restored game knows its
 * board was shown, so its end edits it.
 */
static void
test_refs_kept(void **state)
{
	struct world	 w;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	char		 buf[64];
	uint64_t	 id;
	int		 fd = mkstemp(path);

	(void)state;
	close(fd);
	world_open(&w, path);
	id = world_game(&w, "#refs", 2)->id;
	assert_int_equal(msgref_board_get(&w.adapter, "#refs", id, buf,
	    sizeof buf), 0);
	msgref_board_set(&w.adapter, "#refs", id, "M1");
	msgref_board_set(&w.adapter, "#refs", id, "M2");
	msgref_dm_set(&w.adapter, "u1", id, "prompt", "D1 P1");
	world_close(&w);

	world_open(&w, path);
	assert_int_equal(TAILQ_FIRST(&w.bot.tables)->board_shown, 1);
	assert_int_equal(msgref_board_get(&w.adapter, "#refs", id, buf,
	    sizeof buf), 1);
	assert_string_equal(buf, "M2");
	assert_int_equal(msgref_board_get(&w.adapter, "#other", id, buf,
	    sizeof buf), 0);
	assert_int_equal(msgref_dm_get(&w.adapter, "u1", id, "prompt", buf,
	    sizeof buf), 1);
	assert_string_equal(buf, "D1 P1");
	assert_int_equal(msgref_dm_get(&w.adapter, "u1", id, "view", buf,
	    sizeof buf), 0);
	msgref_board_set(&w.adapter, "#refs", id, NULL);
	world_close(&w);

	world_open(&w, path);
	assert_int_equal(msgref_board_get(&w.adapter, "#refs", id, buf,
	    sizeof buf), 0);
	assert_string_equal(buf, "");
	world_close(&w);
	unlink(path);
}

/* How many message ids the file keeps for table id. */
static int
db_refs(const char *path, uint64_t id)
{
	char	sql[160];

	snprintf(sql, sizeof sql, "SELECT count(*) FROM refs WHERE key GLOB "
	    "'board:%llu:*' OR key GLOB 'dm:%llu:*'", (unsigned long long)id,
	    (unsigned long long)id);
	return db_count(path, sql);
}

/* Keeps a board, a view and a prompt for table id, as an adapter does. */
static void
world_refs(struct world *w, uint64_t id)
{
	msgref_board_set(&w->adapter, "#c", id, "B1");
	msgref_dm_set(&w->adapter, "u1", id, "view", "V1");
	msgref_dm_set(&w->adapter, "u1", id, "prompt", "P1");
}

/*
 * The message ids of a table go with it: when its game ends, when it is
 * forgotten (a lobby, a host's end) and when an operator ends it, in the
 * same write, and not those of a table whose id begins the same way.
 * This run may still edit an ended table's last messages: their ids stay
 * in memory until the adapter forgets them, and never reach the file
 * again.  A file an older version left rows of finished or forgotten
 * tables in loses them when it is opened.
 */
static void
test_refs_dropped(void **state)
{
	struct world	 w;
	struct table	*done, *gone, *ended, *open;
	struct game_result r = { .state = GAME_TIED };
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	char		 buf[64], *where = NULL;
	uint64_t	 done_id, gone_id, ended_id, open_id, other;
	int		 fd = mkstemp(path);

	(void)state;
	close(fd);
	world_open(&w, path);
	done = world_game(&w, "#done", 2);
	gone = world_game(&w, "#gone", 2);
	ended = world_game(&w, "#ended", 2);
	open = world_game(&w, "#open", 2);
	done_id = done->id;
	gone_id = gone->id;
	ended_id = ended->id;
	open_id = open->id;
	other = done_id * 10 + done_id;		/* "11" begins like "1" */
	world_refs(&w, done_id);
	world_refs(&w, gone_id);
	world_refs(&w, ended_id);
	world_refs(&w, open_id);
	world_refs(&w, other);
	msgref_board_set(&w.adapter, "#c", 0, NULL);
	assert_int_equal(store_ref_set(w.bot.store, "console", "misc", "M1",
	    NULL), 0);
	assert_int_equal(db_refs(path, done_id), 3);

	/* A game that ends: the batch that writes its result drops its ids. */
	outbox_begin(&w.bot);
	assert_int_equal(store_table_finish(w.bot.store, done, &r, NULL), 0);
	assert_int_equal(db_refs(path, done_id), 3);	/* not committed yet */
	outbox_end(&w.bot);
	assert_int_equal(db_refs(path, done_id), 0);
	assert_int_equal(db_refs(path, other), 3);
	/* Its last edits still find the messages, and keep them out of the file. */
	assert_int_equal(msgref_board_get(&w.adapter, "#c", done_id, buf,
	    sizeof buf), 1);
	assert_string_equal(buf, "B1");
	msgref_dm_set(&w.adapter, "u1", done_id, "prompt", "P2");
	assert_int_equal(msgref_dm_get(&w.adapter, "u1", done_id, "prompt", buf,
	    sizeof buf), 1);
	assert_string_equal(buf, "P2");
	assert_int_equal(db_refs(path, done_id), 0);
	msgref_dm_set(&w.adapter, "u1", done_id, "prompt", NULL);
	assert_int_equal(msgref_dm_get(&w.adapter, "u1", done_id, "prompt", buf,
	    sizeof buf), 0);

	/* A table forgotten (a lobby that expired, a host's end). */
	outbox_begin(&w.bot);
	assert_int_equal(store_table_delete(w.bot.store, gone, NULL), 0);
	outbox_end(&w.bot);
	assert_int_equal(db_refs(path, gone_id), 0);
	table_close(gone);
	assert_int_equal(db_refs(path, open_id), 3);
	table_close(ended);
	world_close(&w);

	/* An operator's --end-table, with no bot running. */
	world_open(&w, path);
	assert_int_equal(store_table_end(w.bot.store, ended_id, &where, NULL), 0);
	free(where);
	assert_int_equal(db_refs(path, ended_id), 0);
	assert_int_equal(db_refs(path, open_id), 3);
	world_close(&w);

	/* Rows an older version left: of a finished table, of none at all. */
	store_test_exec(path, "INSERT INTO refs VALUES "
	    "('console', 'board:1:#c', 'B0'), ('console', 'dm:1:u2:view', 'V0'),"
	    "('console', 'dm:999:u2:view', 'V0'), ('slack', 'board:999:C1', 'B0')");
	assert_int_equal(db_refs(path, 1), 2);
	world_open(&w, path);
	assert_int_equal(db_refs(path, done_id), 0);
	assert_int_equal(db_refs(path, 999), 0);
	assert_int_equal(db_refs(path, other), 0);
	/* The open table keeps its ids, and a key of no table stays. */
	assert_int_equal(db_refs(path, open_id), 3);
	assert_int_equal(db_count(path, "SELECT count(*) FROM refs WHERE "
	    "key = 'misc'"), 1);
	assert_int_equal(msgref_board_get(&w.adapter, "#c", open_id, buf,
	    sizeof buf), 1);
	world_close(&w);
	unlink(path);
}

/* A long game restores from its snapshot to exactly what a full replay gives. */
static void
test_snapshot(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	char		*before, *after, *replayed;
	int		 fd = mkstemp(path), n = 0;

	(void)state;
	close(fd);
	world_open(&w, path);
	t = world_game(&w, "#long", STORE_SNAPSHOT_EVERY + 5);
	assert_int_equal(t->state, TABLE_PLAYING);
	before = world_game_text(t);
	world_close(&w);

	n = db_count(path, "SELECT count(*) FROM snapshots WHERE seq = 32");
	assert_int_equal(n, 1);

	world_open(&w, path);
	t = TAILQ_FIRST(&w.bot.tables);
	after = world_game_text(t);
	assert_string_equal(after, before);
	/* The same table rebuilt from its seed and every move. */
	t->ops->free_game(t->game);
	t->game = NULL;
	assert_int_equal(restore_rebuild(t, 0, NULL, NULL, NULL, NULL), 0);
	replayed = world_game_text(t);
	assert_string_equal(replayed, before);
	free(before);
	free(after);
	free(replayed);
	world_close(&w);
	unlink(path);
}

/*
 * A turn timer keeps running across a restart: the time the bot was down
 * counts, and a turn whose time ran out meanwhile gets a fresh timer.
 */
static void
test_timers_rearmed(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	char		 sql[256];
	int		 fd = mkstemp(path), i;
	long long	 away[] = { 120000, 600000 };

	(void)state;
	close(fd);
	world_open(&w, path);
	t = world_game(&w, "#timer", 3);
	/* Every seat human, so whoever is to act has a turn timer. */
	for (i = 0; i < t->nseats; i++) {
		if (t->seats[i].user_id == NULL)
			t->seats[i].user_id = xstrdup(t->seats[i].name);
		t->seats[i].ai = 0;
	}
	assert_int_equal(store_table_save(w.bot.store, t, NULL), 0);
	world_close(&w);

	for (i = 0; i < 2; i++) {
		/* The last change was 2 minutes ago, then 10. */
		snprintf(sql, sizeof sql, "UPDATE moves SET at = %lld; UPDATE "
		    "tables SET updated = %lld", (long long)store_now() - away[i],
		    (long long)store_now() - away[i]);
		store_test_exec(path, sql);

		store_test_said[0] = '\0';
		world_open(&w, path);
		t = TAILQ_FIRST(&w.bot.tables);
		assert_non_null(t);
		assert_int_equal(t->task, TASK_TIMEOUT);
		if (i == 0) {
			/* 3 of the 5 minutes are left (give or take the test's ms). */
			assert_true(t->deadline <= w.bot.fake_now + 180000 + 50);
			assert_true(t->deadline >= w.bot.fake_now + 180000 - 5000);
			assert_null(strstr(store_test_said, "fresh"));
		} else {
			assert_int_equal(t->deadline, w.bot.fake_now + 300000);
			assert_non_null(strstr(store_test_said, "has a fresh 5m"));
		}
		world_close(&w);
	}
	unlink(path);
}

/*
 * The process died after a game's last move was written but before its
 * result was: the restart finishes it, says how it ended, and counts it.
 */
static void
test_finished_while_down(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	int		 fd = mkstemp(path);

	(void)state;
	close(fd);
	world_open(&w, path);
	t = world_game(&w, "#end", 5000);
	assert_int_equal(t->state, TABLE_OVER);	/* play_move recorded the result */
	table_close(t);
	world_close(&w);
	store_test_exec(path, "UPDATE tables SET state = 'playing', "
	    "result = NULL; DELETE FROM outcomes");

	store_test_said[0] = '\0';
	world_open(&w, path);
	assert_int_equal(w.bot.ntables, 0);
	assert_non_null(strstr(store_test_said, "The game here ended just as I went down."));
	assert_non_null(strstr(store_test_said, "replay 1"));
	world_close(&w);
	assert_int_equal(db_count(path, "SELECT count(*) FROM tables WHERE "
	    "state = 'over' AND result IS NOT NULL"), 1);
	assert_int_equal(db_count(path, "SELECT count(*) FROM outcomes"), 4);
	unlink(path);
}

/* The moves of table id the state file holds, read beside the bot. */
static int
db_moves(const char *path, uint64_t id)
{
	char	sql[96];

	snprintf(sql, sizeof sql, "SELECT count(*) FROM moves WHERE "
	    "table_id = %llu", (unsigned long long)id);
	return db_count(path, sql);
}

/* The AI moves once for whoever must act; play_ai's result. */
static int
world_ai_move(struct table *t)
{
	struct game_prompt	 p[GAME_MAX_PROMPTS];
	char			*cause = NULL;
	int			 seat, rc;

	if (t->ops->pending(t->game, p, GAME_MAX_PROMPTS) < 1)
		return -1;
	for (seat = 0; !(p[0].seats & (1u << seat)); seat++)
		;
	rc = play_ai(t, seat, &cause);
	free(cause);
	return rc;
}

/*
 * A started CHEERS duel in channel, alice against the AI Negroni, with
 * the AI moving for alice too; NULL (the table closed) when its start
 * could not be saved.  Borrowed: the world's bot owns the table.
 */
static struct table *
world_duel(struct world *w, const char *channel, uint64_t seed)
{
	struct table	*t = table_new(&w->bot, &w->adapter, channel,
			    game_find("cheers"));
	char		*cause = NULL;

	t->seed = seed;
	t->host = xstrdup("alice");
	table_add_seat(t, "alice", "alice");
	table_add_seat(t, NULL, "Negroni");
	t->seats[0].ai = 1;
	if (play_start(t, &cause) != 0) {
		free(cause);
		table_close(t);
		return NULL;
	}
	return t;
}

/*
 * Group commit: the moves of a batch reach the file together at its end,
 * and nothing about them is said before; a batch that wrote nothing
 * answers at once.
 */
static void
test_batch_commits_before_telling(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	int		 fd = mkstemp(path), i;

	(void)state;
	close(fd);
	world_open(&w, path);
	t = world_game(&w, "#batch", 0);
	store_test_said[0] = '\0';

	outbox_begin(&w.bot);
	outbox_say(t, "before any write");
	assert_non_null(strstr(store_test_said, "before any write"));
	for (i = 0; i < 5; i++)
		assert_int_equal(world_ai_move(t), 0);
	outbox_say(t, "after the moves");
	/* Written, but neither committed nor told. */
	assert_int_equal(t->nmoves, 5);
	assert_int_equal(db_moves(path, t->id), 0);
	assert_null(strstr(store_test_said, "after the moves"));
	assert_int_equal(strcmp(store_test_said, "before any write\n"), 0);

	outbox_end(&w.bot);
	assert_int_equal(db_moves(path, t->id), 5);
	assert_non_null(strstr(store_test_said, "after the moves"));
	world_close(&w);
	unlink(path);
}

/*
 * A full disk in the middle of a batch: SQLite undoes the batch's whole
 * transaction, and the store writes the moves before the failed one
 * again, so exactly the refused move is missing and every table comes
 * back as it was.
 */
static void
test_batch_survives_full_disk(void **state)
{
	struct world	 w;
	struct table	*t, *tables[64];
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	char		*before[64], *after, channel[24];
	int		 fd = mkstemp(path), n = 0, failed = 0, i, moves;

	struct store	*st;
	char		*cause = NULL;

	(void)state;
	close(fd);
	store_test_needs(STORE_TEST_FILE, path);
	/* One page more than the empty file: full within a few games. */
	assert_non_null(st = store_test_open(path, 0, &cause));
	store_close(st);
	world_open_capped(&w, path, (uint64_t)file_size(path) + 4096);
	outbox_begin(&w.bot);
	while (!failed && n < 64) {
		snprintf(channel, sizeof channel, "#full%d", n);
		if ((t = world_duel(&w, channel, 99 + (uint64_t)n)) == NULL)
			break;
		tables[n++] = t;
		for (moves = 0; moves < 40 && t->state == TABLE_PLAYING; moves++) {
			if (world_ai_move(t) != 0) {
				failed = 1;
				break;
			}
		}
	}
	assert_true(failed || n < 64);
	outbox_end(&w.bot);
	for (i = 0; i < n; i++) {
		assert_int_equal(db_moves(path, tables[i]->id), tables[i]->nmoves);
		before[i] = tables[i]->state == TABLE_PLAYING ?
		    world_game_text(tables[i]) : NULL;
	}
	world_close(&w);

	world_open(&w, path);
	i = 0;
	TAILQ_FOREACH(t, &w.bot.tables, entry) {
		while (i < n && before[i] == NULL)
			i++;
		assert_true(i < n);
		after = world_game_text(t);
		assert_string_equal(after, before[i]);
		free(after);
		free(before[i]);
		i++;
	}
	for (; i < n; i++)
		assert_null(before[i]);
	world_close(&w);
	unlink(path);
}

/* The size of a file, 0 when there is none. */
static long long
file_size(const char *path)
{
	struct stat	sb;

	return stat(path, &sb) == 0 ? (long long)sb.st_size : 0;
}

/*
 * The write-ahead log is checkpointed once a batch's output has gone
 * (store_idle from outbox_end), not inside the commit that fills it: the
 * state file grows (pages copied into it) only after the move was told,
 * never between the commit and the telling.  The log stays bounded: after
 * 1,500 moves of two pages each (3,000 frames) it holds about 1,000.
 */
static void
test_wal_checkpointed_after_output(void **state)
{
	struct world	 w;
	struct table	*t = NULL;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX", wal[64];
	char		 channel[24];
	int		 fd = mkstemp(path), moves = 0, n = 0, after = 0;
	long long	 size, before, biggest = 0;

	(void)state;
	close(fd);
	store_test_needs(STORE_TEST_FILE, path);
	snprintf(wal, sizeof wal, "%s-wal", path);
	world_open(&w, path);
	while (moves < 1500) {
		if (t == NULL || t->state != TABLE_PLAYING) {
			snprintf(channel, sizeof channel, "#wal%d", n++);
			t = world_game(&w, channel, 0);
		}
		before = file_size(path);
		watch_path = path;
		watch_size = -1;
		outbox_begin(&w.bot);
		assert_int_equal(world_ai_move(t), 0);
		outbox_end(&w.bot);
		watch_path = NULL;
		assert_true(watch_size >= 0);	/* the move was told */
		assert_true(watch_size == before);
		if (file_size(path) > before)
			after++;
		moves++;
		if ((size = file_size(wal)) > biggest)
			biggest = size;
	}
	assert_true(after >= 2);
	/* A frame is a page (4,096 bytes) and a 24-byte header. */
	assert_true(biggest > 900LL * 4120);
	assert_true(biggest < 1100LL * 4120);
	assert_int_equal(db_count(path, "SELECT count(*) FROM moves"), moves);
	world_close(&w);
	unlink(path);
}

/*
 * bot.state_max_size caps the file: a cap below the size the file already
 * has is refused at open, by name (SQLite would quietly take the file's
 * size as the cap), and under a cap it can keep, the file never grows
 * past it however many moves are tried: the move that would is refused.
 */
/* A played-out game of user and three AI seats; its number.  Closed. */
static uint64_t
world_finished(struct world *w, const char *channel, const char *server,
    const char *user)
{
	struct table	*t = world_game_on(w, channel, server, user, 5000);
	uint64_t	 num = t->num;

	assert_int_equal(t->state, TABLE_OVER);
	table_close(t);
	return num;
}

/*
 * Asks for finished table num as user on server (NULL with dm set: in a
 * DM); returns the table's id, or 0 with the refusal in why (capped).
 */
static uint64_t
world_replay(struct world *w, const char *server, int dm, const char *user,
    uint64_t num, char *why, size_t len)
{
	struct store_asker	 who = { server, user, dm };
	struct table		*t = NULL;
	char			*cause = NULL;
	uint64_t		 id;
	int			 rc;

	why[0] = '\0';
	/* A store on no loop reads at once: done never runs. */
	rc = restore_finished_send(&w->bot, &w->adapter, &who, num, NULL,
	    NULL, &t, NULL, NULL, &cause);
	assert_int_not_equal(rc, 1);
	if (rc != 0) {
		assert_null(t);
		assert_non_null(cause);
		snprintf(why, len, "%s", cause);
		free(cause);
		return 0;
	}
	assert_int_equal(t->num, num);
	id = t->id;
	table_free(t);
	return id;
}

/*
 * A cheers lobby of host in channel of server, given the next number
 * there (it must be num) and saved; w owns it.
 */
static struct table *
world_lobby(struct world *w, const char *channel, const char *server,
    const char *host, int num)
{
	struct table	*lobby;
	char		*cause = NULL;

	lobby = table_new(&w->bot, &w->adapter, channel, game_find("cheers"));
	lobby->server = xstrdup(server);
	lobby->host = xstrdup(host);
	table_add_seat(lobby, host, host);
	assert_int_equal(store_table_number(w->bot.store, &w->bot, &w->adapter,
	    server, &lobby->num, &cause), 0);
	assert_int_equal(lobby->num, num);
	assert_int_equal(store_table_save(w->bot.store, lobby, &cause), 0);
	return lobby;
}

/*
 * Table numbers are counted per server: each server's first table is 1,
 * a replay finds only the asker's server's table (or, in a DM, one the
 * asker played in), and a restart or an older file keeps the numbers.
 */
static void
test_numbers_per_server(void **state)
{
	struct world	 w;
	struct table	*lobby;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX", why[256];
	char		*cause = NULL;
	uint64_t	 a1, b1, a2, id, num;
	int		 fd = mkstemp(path);

	(void)state;
	close(fd);
	world_open(&w, path);
	assert_int_equal(world_finished(&w, "#a", "gA", "alice"), 1);
	assert_int_equal(world_finished(&w, "#b", "gB", "alice"), 1);
	assert_int_equal(world_finished(&w, "#a", "gA", "bob"), 2);
	assert_int_equal(world_finished(&w, "#c", NULL, "carol"), 1);
	a1 = world_replay(&w, "gA", 0, "zed", 1, why, sizeof why);
	b1 = world_replay(&w, "gB", 0, "zed", 1, why, sizeof why);
	a2 = world_replay(&w, "gA", 0, "zed", 2, why, sizeof why);
	assert_true(a1 != 0 && b1 != 0 && a2 != 0);
	assert_true(a1 != b1 && a1 != a2 && b1 != a2);

	/* Another server, or none, learns nothing of gA's and gB's games. */
	assert_int_equal(world_replay(&w, "gB", 0, "zed", 2, why, sizeof why), 0);
	assert_string_equal(why, "There is no finished table 2 here.");
	assert_int_equal(world_replay(&w, "gC", 0, "alice", 1, why, sizeof why), 0);
	assert_string_equal(why, "There is no finished table 1 here.");
	assert_int_not_equal(world_replay(&w, NULL, 0, "zed", 1, why,
	    sizeof why), a1);

	/* In a DM: the asker's own table with that number. */
	assert_int_equal(world_replay(&w, NULL, 1, "bob", 2, why, sizeof why), a2);
	assert_int_equal(world_replay(&w, NULL, 1, "bob", 1, why, sizeof why), 0);
	assert_string_equal(why, "There is no finished table 1 here.");
	assert_int_equal(world_replay(&w, NULL, 1, "alice", 1, why, sizeof why), 0);
	assert_non_null(strstr(why, "more than one table 1"));

	/* An open lobby holds its number: the next one is past it. */
	lobby = world_lobby(&w, "#b2", "gB", "dave", 2);
	assert_int_equal(world_replay(&w, "gB", 0, "zed", 2, why, sizeof why), 0);
	assert_non_null(strstr(why, "Table 2 is still open"));
	/* A forgotten table (ended by its host) keeps its number used. */
	lobby = world_lobby(&w, "#a2", "gA", "erin", 3);
	assert_int_equal(store_table_delete(w.bot.store, lobby, &cause), 0);
	table_close(lobby);
	world_close(&w);

	/* After a restart: the lobby keeps 2, and numbering goes on. */
	world_open(&w, path);
	assert_int_equal(w.bot.ntables, 1);
	lobby = TAILQ_FIRST(&w.bot.tables);
	assert_int_equal(lobby->num, 2);
	assert_string_equal(lobby->server, "gB");
	assert_int_equal(store_table_number(w.bot.store, &w.bot, &w.adapter,
	    "gB", &num, &cause), 0);
	assert_int_equal(num, 3);
	assert_int_equal(store_table_number(w.bot.store, &w.bot, &w.adapter,
	    "gA", &num, &cause), 0);
	assert_int_equal(num, 4);
	assert_int_equal(store_table_number(w.bot.store, &w.bot, &w.adapter,
	    "gZ", &num, &cause), 0);
	assert_int_equal(num, 1);
	world_close(&w);
	if (!store_test_has(STORE_TEST_FILE)) {
		unlink(path);
		return;
	}

	/*
	 * A file from before the numbers (schema 3): each kept table's
	 * number is its id, which its end named, on the server its record
	 * holds.
	 */
	store_test_exec(path, "DROP INDEX tables_num; ALTER TABLE "
	    "tables DROP COLUMN num; ALTER TABLE tables DROP COLUMN server; "
	    "DROP TABLE numbers; DROP TABLE meta; ALTER TABLE tables DROP "
	    "COLUMN tag; PRAGMA user_version = 3");
	world_open(&w, path);
	/* Numbers go on past every id shown before. */
	assert_int_equal(store_table_number(w.bot.store, &w.bot, &w.adapter,
	    "gB", &num, &cause), 0);
	assert_int_equal(num, (uint64_t)db_count(path, "SELECT max(id) FROM "
	    "tables") + 1);
	assert_int_equal(db_count(path, "SELECT count(*) FROM tables WHERE "
	    "num != id"), 0);
	assert_int_equal(db_count(path, "SELECT count(*) FROM tables WHERE "
	    "server = 'gA'"), 2);
	assert_int_equal(db_count(path, "SELECT count(*) FROM tables WHERE "
	    "server IS NULL"), 1);
	id = world_replay(&w, "gA", 0, "zed", a2, why, sizeof why);
	assert_int_equal(id, a2);
	assert_int_equal(world_replay(&w, "gB", 0, "zed", a2, why, sizeof why), 0);
	world_close(&w);
	unlink(path);
}

/*
 * Issue 32: a table id is never given twice, across ends and restarts,
 * even when the highest table was forgotten or none is left; so the End
 * button of a game ended before a restart is answered that the game is
 * over, and the new game in its channel runs on.
 */
static void
test_ids_never_reused(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX", end[128];
	uint64_t	 a, b, c, d;
	int		 fd = mkstemp(path);

	(void)state;
	close(fd);
	/* A game ended by its End button: no table is left. */
	world_start(&w, &click_ops, path, 0);
	world_start_game(&w, "bob", "#b");
	b = world_table_id(&w, "#b");
	world_say(&w, "bob", "#b", 0, "end");
	assert_int_equal(replied_bs.n, 1);
	snprintf(end, sizeof end, "%s", replied_bs.b[0].id);
	world_say(&w, "bob", "#b", 1, end);
	assert_int_equal(world_table_id(&w, "#b"), 0);
	world_close(&w);

	/* After a restart the next game has another id; the old End button
	 * reaches nothing. */
	world_start(&w, &click_ops, path, 0);
	world_start_game(&w, "bob", "#b");
	c = world_table_id(&w, "#b");
	assert_true(c > b);
	t = table_find(&w.bot, &w.adapter, "#b");
	assert_string_equal(world_say(&w, "bob", "#b", 1, end),
	    "That game is over.\n");
	assert_ptr_equal(table_find(&w.bot, &w.adapter, "#b"), t);
	assert_int_equal(t->state, TABLE_PLAYING);
	/* The highest table forgotten, another kept. */
	world_say(&w, "alice", "#a", 0, "new cheers");
	a = world_table_id(&w, "#a");
	assert_true(a > c);
	world_say(&w, "alice", "#a", 0, "end");
	world_close(&w);
	world_start(&w, &click_ops, path, 0);
	world_say(&w, "alice", "#a", 0, "new cheers");
	d = world_table_id(&w, "#a");
	assert_true(d > a);
	/* Every table forgotten: ids go on from the last one given. */
	world_say(&w, "alice", "#a", 0, "end");
	world_say(&w, "bob", "#b", 0, "end confirm");
	assert_int_equal(db_count(path, "SELECT count(*) FROM tables"), 0);
	world_close(&w);
	world_start(&w, &click_ops, path, 0);
	world_say(&w, "dave", "#d", 0, "new cheers");
	assert_true(world_table_id(&w, "#d") > d);
	world_close(&w);
	unlink(path);
}

/*
 * A file of schema 4 upgraded: buttons made before tags ("cb1:") still
 * work on the tables that were open then, and reach no table made since;
 * the new tables' own buttons work, and tags survive a restart.
 */
static void
test_cb1_after_upgrade(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX", id[128];
	char		 tag[TABLE_TAG_LEN + 1];
	unsigned long long a, b;
	int		 fd = mkstemp(path);

	(void)state;
	close(fd);
	store_test_needs(STORE_TEST_FILE, path);
	world_start(&w, &click_ops, path, 0);
	world_start_game(&w, "alice", "#a");
	a = world_table_id(&w, "#a");
	world_close(&w);
	/* As a bot of schema 4 left it: no tags, no meta. */
	store_test_exec(path, "DROP TABLE meta; ALTER TABLE tables "
	    "DROP COLUMN tag; PRAGMA user_version = 4");

	world_start(&w, &click_ops, path, 0);
	t = table_find(&w.bot, &w.adapter, "#a");
	assert_non_null(t);
	assert_true(table_tag_valid(t->tag));
	snprintf(tag, sizeof tag, "%s", t->tag);
	/* alice's "My hand" from before the upgrade still works. */
	snprintf(id, sizeof id, "cb1:%llu:*:hand", a);
	assert_non_null(strstr(world_say(&w, "alice", "#a", 1, id), "recipe"));
	/* A table made after it: old buttons naming its id reach nothing. */
	world_start_game(&w, "alice", "#b");
	b = world_table_id(&w, "#b");
	assert_true(b > a);
	t = table_find(&w.bot, &w.adapter, "#b");
	snprintf(id, sizeof id, "cb1:%llu:*:hand", b);
	assert_string_equal(world_say(&w, "alice", "#b", 1, id),
	    "That game is over.\n");
	snprintf(id, sizeof id, "cb1:%llu:%d:end", b, t->nmoves);
	assert_string_equal(world_say(&w, "alice", "#b", 1, id),
	    "That game is over.\n");
	assert_ptr_equal(table_find(&w.bot, &w.adapter, "#b"), t);
	assert_int_equal(t->state, TABLE_PLAYING);
	/* Its own buttons work; one with another tag does not. */
	snprintf(id, sizeof id, "cb2:%llu.%s:*:hand", b, t->tag);
	assert_non_null(strstr(world_say(&w, "alice", "#b", 1, id), "recipe"));
	snprintf(id, sizeof id, "cb2:%llu.%s:*:hand", b,
	    strcmp(t->tag, "000000") == 0 ? "000001" : "000000");
	assert_string_equal(world_say(&w, "alice", "#b", 1, id),
	    "That game is over.\n");
	world_close(&w);

	/* After a restart the tags are the same, and so is the rule. */
	world_start(&w, &click_ops, path, 0);
	assert_string_equal(table_find(&w.bot, &w.adapter, "#a")->tag, tag);
	snprintf(id, sizeof id, "cb1:%llu:*:hand", a);
	assert_non_null(strstr(world_say(&w, "alice", "#a", 1, id), "recipe"));
	snprintf(id, sizeof id, "cb1:%llu:*:hand", b);
	assert_string_equal(world_say(&w, "alice", "#b", 1, id),
	    "That game is over.\n");
	world_close(&w);
	unlink(path);
}

static void
test_cap_enforced(void **state)
{
	struct world	 w;
	struct store	*st;
	struct table	*t = NULL;
	char		 path[] = "/tmp/cheersbot-store-XXXXXX", channel[24];
	char		*cause = NULL, *want;
	int		 fd = mkstemp(path), n = 0, refused = 0, moves;
	long long	 empty, cap;

	(void)state;
	close(fd);
	store_test_needs(STORE_TEST_FILE, path);
	assert_non_null(st = store_test_open(path, 0, &cause));
	store_close(st);
	empty = file_size(path);
	assert_true(empty > 4096);

	assert_null(store_test_open(path, 4096, &cause));
	want = xasprintf("%s is already %lld bytes, more than "
	    "bot.state_max_size (4096 bytes); raise it, or set 0 for no limit",
	    path, empty);
	assert_string_equal(cause, want);
	free(want);
	free(cause);
	cause = NULL;
	assert_int_equal(file_size(path), empty);

	/* Room for a few games, then full. */
	cap = empty + 8 * 4096;
	world_open_capped(&w, path, (uint64_t)cap);
	for (moves = 0; moves < 5000 && !refused; moves++) {
		if (t == NULL || t->state != TABLE_PLAYING) {
			snprintf(channel, sizeof channel, "#cap%d", n++);
			if ((t = world_duel(&w, channel, 7 + (uint64_t)n)) ==
			    NULL) {
				refused = 1;
				break;
			}
		}
		outbox_begin(&w.bot);
		if (world_ai_move(t) != 0)
			refused = 1;
		outbox_end(&w.bot);
	}
	assert_true(refused);
	world_close(&w);
	assert_true(file_size(path) <= cap);
	assert_non_null(st = store_test_open(path, (uint64_t)cap, &cause));
	store_close(st);
	unlink(path);
}

/* The id of the table in channel, or 0 when there is none. */
static uint64_t
world_table_at(struct world *w, const char *channel)
{
	struct table	*t = table_find(&w->bot, &w->adapter, channel);

	return t != NULL ? t->id : 0;
}

/* The board id kept for table id in channel, or "" when none. */
static const char *
world_board_at(struct world *w, const char *channel, uint64_t id)
{
	static char	buf[64];

	if (msgref_board_get(&w->adapter, channel, id, buf, sizeof buf) != 1)
		buf[0] = '\0';
	return buf;
}

/*
 * A channel that got another id (a Telegram group upgraded to a
 * supergroup): bot_channel_move moves its tables, and those of channels
 * under it ("<channel>:<topic>"), in memory and in the store (their
 * outcomes, its settings, the message ids of its tables when kept, else
 * forgotten), and leaves a channel whose id only begins the same way.
 * A restart finds everything in the new channel.
 */
static void
test_channel_moved(void **state)
{
	struct world	 w;
	struct game_result r = { .state = GAME_TIED };
	char		 path[] = "/tmp/cheersbot-store-XXXXXX";
	char		 buf[64], *doc = NULL;
	uint64_t	 id, sub, near;
	int		 fd = mkstemp(path), pass;

	(void)state;
	close(fd);
	world_open(&w, path);
	id = world_game(&w, "-5", 2)->id;
	sub = world_game(&w, "-5:9", 2)->id;
	near = world_game(&w, "-50", 2)->id;
	outbox_begin(&w.bot);
	assert_int_equal(store_table_finish(w.bot.store,
	    world_game(&w, "-5:7", 2), &r, NULL), 0);
	outbox_end(&w.bot);
	assert_int_equal(store_channel_set(w.bot.store, "console", "-5",
	    "{\"emoji\":false}", NULL), 0);
	msgref_board_set(&w.adapter, "-5", id, "B1");
	msgref_board_set(&w.adapter, "-5:9", sub, "B9");
	msgref_board_set(&w.adapter, "-50", near, "B50");
	msgref_dm_set(&w.adapter, "u1", id, "view", "V1");

	/* Moved in memory at once, and found there after a restart. */
	bot_channel_move(&w.bot, &w.adapter, "-5", "-1005", 1);
	for (pass = 0; pass < 2; pass++) {
		assert_int_equal(world_table_at(&w, "-1005"), id);
		assert_int_equal(world_table_at(&w, "-1005:9"), sub);
		assert_int_equal(world_table_at(&w, "-50"), near);
		assert_int_equal(world_table_at(&w, "-5"), 0);
		assert_int_equal(world_table_at(&w, "-5:9"), 0);
		world_close(&w);
		world_open(&w, path);
	}
	assert_int_equal(store_channel_get(w.bot.store, "console", "-1005",
	    &doc, NULL), 0);
	assert_non_null(doc);
	assert_string_equal(doc, "{\"emoji\":false}");
	free(doc);
	assert_int_equal(store_channel_get(w.bot.store, "console", "-5", &doc,
	    NULL), 0);
	assert_null(doc);
	assert_int_equal(store_test_count(path, "SELECT count(*) FROM outcomes "
	    "WHERE channel = '-1005:7'"), 4);
	assert_int_equal(store_test_count(path, "SELECT count(*) FROM outcomes "
	    "WHERE channel LIKE '-5%'"), 0);
	assert_string_equal(world_board_at(&w, "-1005", id), "B1");
	assert_string_equal(world_board_at(&w, "-1005:9", sub), "B9");
	assert_string_equal(world_board_at(&w, "-5", id), "");
	assert_string_equal(world_board_at(&w, "-50", near), "B50");

	/* Ids that do not carry over are forgotten; a player's stay. */
	bot_channel_move(&w.bot, &w.adapter, "-1005", "-2005", 0);
	world_close(&w);
	world_open(&w, path);
	assert_int_equal(world_table_at(&w, "-2005"), id);
	assert_int_equal(world_table_at(&w, "-2005:9"), sub);
	assert_string_equal(world_board_at(&w, "-2005", id), "");
	assert_string_equal(world_board_at(&w, "-1005", id), "");
	assert_string_equal(world_board_at(&w, "-2005:9", sub), "");
	assert_string_equal(world_board_at(&w, "-50", near), "B50");
	assert_int_equal(msgref_dm_get(&w.adapter, "u1", id, "view", buf,
	    sizeof buf), 1);
	assert_string_equal(buf, "V1");
	world_close(&w);
	unlink(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_restore_identical),
		cmocka_unit_test(test_gone_and_damaged),
		cmocka_unit_test(test_refs_kept),
		cmocka_unit_test(test_refs_dropped),
		cmocka_unit_test(test_channel_moved),
		cmocka_unit_test(test_duplicate_move_refused),
		cmocka_unit_test(test_snapshot),
		cmocka_unit_test(test_timers_rearmed),
		cmocka_unit_test(test_finished_while_down),
		cmocka_unit_test(test_batch_commits_before_telling),
		cmocka_unit_test(test_batch_survives_full_disk),
		cmocka_unit_test(test_wal_checkpointed_after_output),
		cmocka_unit_test(test_cap_enforced),
		cmocka_unit_test(test_numbers_per_server),
		cmocka_unit_test(test_ids_never_reused),
		cmocka_unit_test(test_cb1_after_upgrade),
	};

	store_test_on_send = watch_note;
	return store_test_run("store", tests, sizeof tests / sizeof *tests,
	    NULL);
}
