/*
 * Unit tests for a state file whose files are deleted or replaced under a
 * running bot (bot/storage/store-watch.h): its write-ahead log (-wal), its index
 * (-shm), the file itself.  What a restart after a SIGKILL would find is
 * a copy of the files on disk, made while the store is open: every move
 * the bot holds (so may have announced) must be in it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glob.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"
#include "tests/unit/store-test.h"

#include "tests/unit/world-test.h"

/* A started game of alice and three AI seats; the AI moves for alice. */
static struct table *
world_game(struct world *w, const char *channel)
{
	struct table	*t = table_new(&w->bot, &w->adapter, channel,
			    game_find("cheers"));
	char		*cause = NULL;
	int		 i;

	t->seed = 4321;
	t->host = xstrdup("alice");
	table_add_seat(t, "alice", "alice");
	for (i = 0; i < 3; i++)
		table_add_seat(t, NULL, i == 0 ? "Negroni" : i == 1 ?
		    "Martini" : "Mojito");
	outbox_begin(&w->bot);
	assert_int_equal(play_start(t, &cause), 0);
	outbox_end(&w->bot);
	t->seats[0].ai = 1;
	return t;
}

/* The world's one table (a failed batch rebuilds it anew). */
static struct table *
world_table(struct world *w)
{
	assert_int_equal(w->bot.ntables, 1);
	return TAILQ_FIRST(&w->bot.tables);
}

/* One AI move in a batch of its own; 0 when it was saved and told. */
static int
world_move(struct world *w)
{
	struct table		*t = world_table(w);
	struct game_prompt	 p[GAME_MAX_PROMPTS];
	char			*cause = NULL;
	int			 seat, rc;

	assert_int_equal(t->state, TABLE_PLAYING);
	assert_true(t->ops->pending(t->game, p, GAME_MAX_PROMPTS) > 0);
	for (seat = 0; !(p[0].seats & (1u << seat)); seat++)
		;
	outbox_begin(&w->bot);
	rc = play_ai(t, seat, &cause);
	free(cause);
	outbox_end(&w->bot);
	return rc;
}

/*
 * What a restart after a SIGKILL now would find (the backend's crash
 * image): the moves it holds of table id (none when it holds no tables
 * at all).
 */
static int
crash_moves(const char *path, uint64_t id)
{
	char	sql[96];

	snprintf(sql, sizeof sql, "SELECT count(*) FROM moves WHERE "
	    "table_id = %llu", (unsigned long long)id);
	return (int)store_test_crashed(path, sql);
}

/* Removes the state file, its log and index, and the copies beside it. */
static void
remove_all(const char *path)
{
	char	 pattern[96];
	glob_t	 g;
	size_t	 i;

	snprintf(pattern, sizeof pattern, "%s*", path);
	if (glob(pattern, 0, NULL, &g) == 0) {
		for (i = 0; i < g.gl_pathc; i++)
			unlink(g.gl_pathv[i]);
		globfree(&g);
	}
}

/*
 * Opens w on a new state file at path (a mkstemp template, filled in);
 * with watch, the store's watch runs too (it alone never holds the loop).
 * Starts a game in #bar and returns its table's id.
 */
static uint64_t
watch_open(struct world *w, char *path, int watch)
{
	int	fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	world_start(w, &store_test_quiet_ops, path, 0);
	if (watch) {
		store_start(w->bot.store, uv_default_loop());
		assert_int_equal(uv_run(uv_default_loop(), UV_RUN_DEFAULT), 0);
	}
	return world_game(w, "#bar")->id;
}

/* Plays n moves on w, each saved. */
static void
world_moves(struct world *w, int n)
{
	int	i;

	for (i = 0; i < n; i++)
		assert_int_equal(world_move(w), 0);
}

/* A world whose log was deleted (watch_wal_gone), and where. */
struct gone {
	struct world	w;
	char		path[40];	/* the state file */
	char		wal[64];	/* its log */
	uint64_t	id;		/* the table's */
};

/*
 * watch_open on a new file, then 5 moves, each where a restart finds it,
 * and then the log deleted; all of it kept in g.
 */
static void
watch_wal_gone(struct gone *g, int watch)
{
	snprintf(g->path, sizeof g->path, "/tmp/cheersbot-watch-XXXXXX");
	g->id = watch_open(&g->w, g->path, watch);
	snprintf(g->wal, sizeof g->wal, "%s-wal", g->path);
	world_moves(&g->w, 5);
	assert_int_equal(crash_moves(g->path, g->id), 5);
	assert_int_equal(unlink(g->wal), 0);
}

/* Opens path as after a restart: its table holds nmoves moves. */
static void
world_reopen(const char *path, int nmoves)
{
	struct world	w;

	world_start(&w, &store_test_quiet_ops, path, 0);
	assert_int_equal(world_table(&w)->nmoves, nmoves);
	world_close(&w);
}

/*
 * The table in g holds n moves, the file as a crash leaves it holds them
 * too, and a new log stands where the old was.
 */
static void
expect_new_log(struct gone *g, int n)
{
	struct stat	sb;

	assert_int_equal(world_table(&g->w)->nmoves, n);
	assert_int_equal(crash_moves(g->path, g->id), n);
	assert_int_equal(stat(g->wal, &sb), 0);
}

/*
 * Closes g's world, opens its file as after a restart (n moves), and
 * removes it.
 */
static void
gone_end(struct gone *g, int n)
{
	world_close(&g->w);
	world_reopen(g->path, n);
	remove_all(g->path);
}

/*
 * The log deleted between two batches: the next batch finds it gone
 * before it writes, copies what the old log held into the file through
 * the connection that still has it open, opens the file again with a new
 * log, and goes on.  Every move the bot holds is in what a restart would
 * find, before and after, and the moves go to the new log.
 */
static void
test_wal_deleted_between_batches(void **state)
{
	struct gone	g;

	(void)state;
	watch_wal_gone(&g, 0);
	world_moves(&g.w, 9);
	expect_new_log(&g, 14);
	/* The file opens as after a restart, with every move. */
	gone_end(&g, 14);
}

/* Closes the test's own timer, which held the loop running until now. */
static void
on_waited(uv_timer_t *timer)
{
	uv_close((uv_handle_t *)timer, NULL);
}

/*
 * Runs the bot's loop for ms of real time, as a bot between writes does:
 * the store's watch has its turns (it alone never keeps the loop going).
 */
static void
world_wait(uint64_t ms)
{
	uv_timer_t	timer;

	uv_timer_init(uv_default_loop(), &timer);
	uv_timer_start(&timer, on_waited, ms, 0);
	assert_int_equal(uv_run(uv_default_loop(), UV_RUN_DEFAULT), 0);
}

/*
 * The log deleted after a batch, and no write after it: the moves it held
 * were announced, and a SIGKILL now must not lose them.  The store's
 * watch, a second later at most, finds the log gone with no write to
 * wait for, copies what it held into the file and opens it again.
 */
static void
test_wal_deleted_then_watch(void **state)
{
	struct gone	g;

	(void)state;
	watch_wal_gone(&g, 1);
	world_wait(STORE_WATCH_EVERY_MS + 500);
	expect_new_log(&g, 5);

	/* Later moves go to the new log. */
	world_moves(&g.w, 3);
	assert_int_equal(crash_moves(g.path, g.id), 8);
	gone_end(&g, 8);
}

/*
 * The log and index deleted while a batch is open, after its writes and
 * before its commit: the commit is refused (nothing of it is said, the
 * table goes back to what the file holds) and the store is put right, so
 * the next batch saves again.  Never a move held that a restart lacks.
 */
static void
test_wal_deleted_in_batch(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-watch-XXXXXX", name[64];
	char		*cause = NULL;
	struct game_prompt p[GAME_MAX_PROMPTS];
	uint64_t	 id;
	int		 i, seat;

	(void)state;
	id = watch_open(&w, path, 0);
	world_moves(&w, 3);

	t = world_table(&w);
	store_test_said[0] = '\0';
	outbox_begin(&w.bot);
	for (i = 0; i < 2; i++) {
		assert_true(t->ops->pending(t->game, p, GAME_MAX_PROMPTS) > 0);
		for (seat = 0; !(p[0].seats & (1u << seat)); seat++)
			;
		assert_int_equal(play_ai(t, seat, &cause), 0);
	}
	snprintf(name, sizeof name, "%s-wal", path);
	assert_int_equal(unlink(name), 0);
	snprintf(name, sizeof name, "%s-shm", path);
	assert_int_equal(unlink(name), 0);
	outbox_end(&w.bot);
	/* Refused: back to three moves, and the two were never told. */
	assert_int_equal(world_table(&w)->nmoves, 3);
	assert_int_equal(crash_moves(path, id), 3);
	assert_null(strstr(store_test_said, "Negroni"));

	world_moves(&w, 4);
	assert_int_equal(crash_moves(path, id), 7);
	world_close(&w);
	remove_all(path);
}

/*
 * The state file itself deleted (with its log): everything the
 * connection holds is copied back into place, locked as a bot's file
 * is, and the game goes on in it.
 */
static void
test_file_deleted(void **state)
{
	struct world	 w;
	char		 path[] = "/tmp/cheersbot-watch-XXXXXX", wal[64];
	char		*cause = NULL;
	uint64_t	 id;
	int		 held;

	(void)state;
	id = watch_open(&w, path, 0);
	snprintf(wal, sizeof wal, "%s-wal", path);
	world_moves(&w, 4);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(unlink(wal), 0);
	world_moves(&w, 4);
	assert_int_equal(world_table(&w)->nmoves, 8);
	assert_int_equal(crash_moves(path, id), 8);
	/* A second writer is refused, as with the file the bot started on. */
	assert_null(store_test_open_writer(path, &held, &cause));
	assert_int_equal(held, 1);
	free(cause);
	world_close(&w);
	remove_all(path);
}

/*
 * Another file put in the state file's place: it is left alone, what the
 * bot held is kept in a copy beside it, and every later write is refused
 * (the game stays as it was, paused) until the bot restarts.
 */
static void
test_file_replaced(void **state)
{
	struct world	 w;
	char		 path[] = "/tmp/cheersbot-watch-XXXXXX", other[64];
	char		 pattern[96];
	uint64_t	 id;
	struct stat	 before, after;
	glob_t		 g;
	FILE		*f;

	(void)state;
	id = watch_open(&w, path, 0);
	world_moves(&w, 4);
	snprintf(other, sizeof other, "%s.other", path);
	assert_non_null(f = fopen(other, "w"));
	fputs("someone else's file\n", f);
	fclose(f);
	assert_int_equal(rename(other, path), 0);
	assert_int_equal(stat(path, &before), 0);

	assert_int_equal(world_move(&w), -1);
	assert_int_equal(world_move(&w), -1);
	assert_int_equal(world_table(&w)->nmoves, 4);
	assert_int_equal(stat(path, &after), 0);
	assert_true(after.st_ino == before.st_ino);
	assert_true(after.st_size == before.st_size);
	snprintf(pattern, sizeof pattern, "%s.rescued-*", path);
	assert_int_equal(glob(pattern, 0, NULL, &g), 0);
	assert_int_equal(g.gl_pathc, 1);
	assert_int_equal(crash_moves(g.gl_pathv[0], id), 4);
	globfree(&g);
	world_close(&w);
	remove_all(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wal_deleted_between_batches),
		cmocka_unit_test(test_wal_deleted_then_watch),
		cmocka_unit_test(test_wal_deleted_in_batch),
		cmocka_unit_test(test_file_deleted),
		cmocka_unit_test(test_file_replaced),
	};

	return store_test_run_on("store_watch", tests,
	    sizeof tests / sizeof *tests, NULL, STORE_TEST_FILE);
}
