/*
 * The SQLite store backend: one file, WAL mode, synchronous=FULL, so a
 * move is on disk when its commit returns.  The schema is versioned with
 * PRAGMA user_version; store_sqlite_migrations[] takes any older file to
 * the current version at open, in one transaction.
 *
 * The write-ahead log is checkpointed by ss_idle, after a batch's output
 * has gone, instead of inside the commit that fills it.  Once a checkpoint
 * has copied all of it, SQLite starts the log over from its beginning, so
 * later commits write over blocks the log already has.
 *
 * Around each commit the store checks that the file, its log and its
 * index are still the ones it opened (bot/storage/store-watch.h).  If one was
 * deleted or replaced, the commit is refused (or, found just after it,
 * not reported done until it is safe), what the connection holds is put
 * where a restart finds it, and the file is opened again (ss_repair).
 * Between writes the store's timer takes the same look (ss_watch), so a
 * commit that went into a log deleted afterwards reaches the file within
 * STORE_WATCH_EVERY_MS even when no write follows.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "bot/daemon/log.h"
#include "bot/storage/store-lock.h"
#include "bot/storage/store-rows.h"
#include "bot/storage/store-sqlite.h"
#include "bot/storage/store-watch.h"
#include "bot/storage/store.h"
#include "lib/xmalloc.h"

/* Distinct statements ss_stmt keeps prepared; more are prepared each time. */
#define SS_CACHE_MAX	16
/* Log frames (pages) that call for a checkpoint: SQLite's own default. */
#define SS_CHECKPOINT_FRAMES	1000

struct store_sqlite {
	struct store	 store;		/* first: a struct store * points here */
	sqlite3		*db;
	char		*path;
	/*
	 * Group commit (see store_batch_begin): batch is set while the bot
	 * gathers writes; in_tx once the batch's transaction is open; lost
	 * when an error undid that transaction and writing it again failed.
	 */
	int		 batch;
	int		 in_tx;
	int		 lost;
	/* The batch's writes so far, and where the open group began. */
	struct ss_write	*log;
	size_t		 nlog, caplog;
	int		 in_group;
	size_t		 group_mark;
	/* Frames in the write-ahead log after the last commit. */
	int		 wal_frames;
	/* bot.state_max_size, in bytes; 0: no cap. */
	uint64_t	 max_size;
	/* Prepared statements kept for the connection's life (ss_stmt). */
	struct ss_cached {
		const char	*sql;	/* static; the key is its address */
		sqlite3_stmt	*st;
	}		 cache[SS_CACHE_MAX];
	int		 ncache;
	/*
	 * A read-write store watches the files its connection opened.  When
	 * they changed, fault says how writes stand (enum ss_fault) and why
	 * says so for the log; placeholder: the connection is an empty
	 * in-memory one until the file opens again.  lockfd: the writer
	 * lock (store-lock.h) of the file, or of the copy this store put
	 * back in its place (-1: none).
	 */
	int		 watching;
	struct store_watch files;
	int		 fault;
	char		*why;
	int		 placeholder;
	int		 lockfd;
};

enum ss_fault {
	SS_FAULT_NONE,
	SS_FAULT_RETRY,		/* writes refused; the next one tries a repair */
	SS_FAULT_STUCK,		/* writes refused until the bot restarts */
};

static int	ss_guard(struct store_sqlite *, char **);
static int	ss_guard_after(struct store_sqlite *, char **);

/* The statements of a move's commit, each prepared once (ss_do). */
static const char ss_sql_begin[] = "BEGIN IMMEDIATE";
static const char ss_sql_commit[] = "COMMIT";
static const char ss_sql_savepoint[] = "SAVEPOINT w";
static const char ss_sql_release[] = "RELEASE w";

/*
 * Migration N takes a file from version N to N + 1.  Version 0 is a new
 * file (or one from before versioning, whose tables already exist).
 */
static const char *const store_sqlite_migrations[] = {
	/* 0 -> 1: tables and their move logs. */
	"CREATE TABLE IF NOT EXISTS tables ("
	"  id INTEGER PRIMARY KEY,"
	"  adapter TEXT NOT NULL,"
	"  channel TEXT NOT NULL,"
	"  game TEXT NOT NULL,"
	"  seed TEXT NOT NULL,"
	"  state TEXT NOT NULL,"
	"  doc TEXT NOT NULL,"
	"  result TEXT,"
	"  created INTEGER NOT NULL DEFAULT (strftime('%s','now')),"
	"  updated INTEGER NOT NULL DEFAULT (strftime('%s','now')));"
	"CREATE TABLE IF NOT EXISTS moves ("
	"  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,"
	"  seq INTEGER NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  move TEXT NOT NULL,"
	"  PRIMARY KEY (table_id, seq));",

	/* 1 -> 2: move times, snapshots, outcomes for stats, channel settings. */
	"ALTER TABLE moves ADD COLUMN at INTEGER NOT NULL DEFAULT 0;"
	"UPDATE tables SET created = created * 1000, updated = updated * 1000;"
	"CREATE INDEX tables_state ON tables(state);"
	"CREATE TABLE snapshots ("
	"  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,"
	"  seq INTEGER NOT NULL,"
	"  game TEXT NOT NULL,"
	"  PRIMARY KEY (table_id, seq));"
	"CREATE TABLE outcomes ("
	"  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,"
	"  seat INTEGER NOT NULL,"
	"  adapter TEXT NOT NULL,"
	"  channel TEXT NOT NULL,"
	"  game TEXT NOT NULL,"
	"  user_id TEXT,"
	"  name TEXT NOT NULL,"
	"  outcome TEXT NOT NULL,"
	"  finished INTEGER NOT NULL,"
	"  PRIMARY KEY (table_id, seat));"
	"CREATE INDEX outcomes_user ON outcomes(adapter, user_id, finished);"
	"CREATE INDEX outcomes_scope ON outcomes(adapter, channel, game);"
	"CREATE TABLE channels ("
	"  adapter TEXT NOT NULL,"
	"  channel TEXT NOT NULL,"
	"  doc TEXT NOT NULL,"
	"  PRIMARY KEY (adapter, channel));",

	/*
	 * 2 -> 3: the messages an adapter edits across restarts (a table's
	 * board, a player's DM), by a key the adapter makes.
	 */
	"CREATE TABLE refs ("
	"  adapter TEXT NOT NULL,"
	"  key TEXT NOT NULL,"
	"  value TEXT NOT NULL,"
	"  PRIMARY KEY (adapter, key));",

	/*
	 * 3 -> 4: the number players see, counted per server (a Discord
	 * guild, a Slack workspace, ...; '' where there is none), so that
	 * one server cannot count or guess another's games.  numbers holds
	 * each server's last number, never given twice even when its table
	 * is forgotten.  A table kept from before keeps its number (its id),
	 * which its end named, and its server moves out of its doc into a
	 * column.
	 */
	"ALTER TABLE tables ADD COLUMN server TEXT;"
	"ALTER TABLE tables ADD COLUMN num INTEGER NOT NULL DEFAULT 0;"
	"UPDATE tables SET num = id, server = json_extract(doc, '$.server');"
	"CREATE INDEX tables_num ON tables(adapter, num);"
	"CREATE TABLE numbers ("
	"  adapter TEXT NOT NULL,"
	"  server TEXT NOT NULL,"
	"  last INTEGER NOT NULL,"
	"  PRIMARY KEY (adapter, server)) WITHOUT ROWID;"
	/*
	 * Tables forgotten since were shown by their ids too: a server's
	 * numbers go on from the highest id, so none is shown twice.
	 */
	"INSERT INTO numbers SELECT DISTINCT adapter, coalesce(server, ''), "
	"  (SELECT max(id) FROM tables) FROM tables;",

	/*
	 * 4 -> 5: table ids are never given twice.  Until now the next id
	 * was the highest saved plus one, so a table forgotten at its end
	 * left its id to the next, and that table's buttons to its stale
	 * ones.  meta keeps the last id given (table_id) and the highest id
	 * at this upgrade (cb1_max): buttons made before it name no tag and
	 * may reach only the tables up to there.  Each table has a random
	 * tag, which its buttons carry from now on.
	 */
	"CREATE TABLE meta ("
	"  key TEXT PRIMARY KEY,"
	"  value INTEGER NOT NULL) WITHOUT ROWID;"
	"INSERT INTO meta VALUES ('table_id', "
	"  coalesce((SELECT max(id) FROM tables), 0));"
	"INSERT INTO meta VALUES ('cb1_max', "
	"  coalesce((SELECT max(id) FROM tables), 0));"
	"ALTER TABLE tables ADD COLUMN tag TEXT NOT NULL DEFAULT '';"
	"UPDATE tables SET tag = lower(hex(randomblob(3)));",
};
#define STORE_SQLITE_VERSION \
	((int)(sizeof store_sqlite_migrations / sizeof store_sqlite_migrations[0]))

static int
ss_error(struct store_sqlite *s, const char *what, char **cause)
{
	int	code = sqlite3_extended_errcode(s->db);

	if ((code & 0xff) == SQLITE_FULL && s->max_size > 0)
		return set_cause(cause, "%s: %s: the disk is full, or the file "
		    "has reached bot.state_max_size (%llu bytes)", s->path, what,
		    (unsigned long long)s->max_size);
	if ((code & 0xff) == SQLITE_FULL)
		return set_cause(cause, "%s: %s: the disk is full", s->path, what);
	if ((code & 0xff) == SQLITE_READONLY)
		return set_cause(cause, "%s: %s: the file is read-only", s->path,
		    what);
	if ((code & 0xff) == SQLITE_CORRUPT || (code & 0xff) == SQLITE_NOTADB)
		return set_cause(cause, "%s: %s: the file is damaged (%s)",
		    s->path, what, sqlite3_errmsg(s->db));
	return set_cause(cause, "%s: %s: %s", s->path, what, sqlite3_errmsg(s->db));
}

/* Runs sql, which may hold several statements (a schema, pragmas). */
static int
ss_exec(struct store_sqlite *s, const char *sql, const char *what, char **cause)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return ss_error(s, what, cause);
	return 0;
}

/*
 * The prepared statement of sql, one statement in static storage (the
 * cache knows it by address, so it is parsed once for the connection's
 * life, not on every move).  Borrowed: hand it back to ss_stmt_done after
 * stepping.  NULL with SQLite's error set when sql does not prepare.
 */
static sqlite3_stmt *
ss_stmt(struct store_sqlite *s, const char *sql)
{
	sqlite3_stmt	*st;
	int		 i;

	for (i = 0; i < s->ncache; i++)
		if (s->cache[i].sql == sql)
			return s->cache[i].st;
	if (sqlite3_prepare_v3(s->db, sql, -1, s->ncache < SS_CACHE_MAX ?
	    SQLITE_PREPARE_PERSISTENT : 0, &st, NULL) != SQLITE_OK)
		return NULL;
	if (s->ncache < SS_CACHE_MAX) {
		s->cache[s->ncache].sql = sql;
		s->cache[s->ncache++].st = st;
	}
	return st;
}

/* Resets a statement from ss_stmt for its next use (or finalizes it). */
static void
ss_stmt_done(struct store_sqlite *s, sqlite3_stmt *st)
{
	int	i;

	for (i = 0; i < s->ncache; i++) {
		if (s->cache[i].st == st) {
			sqlite3_reset(st);
			sqlite3_clear_bindings(st);
			return;
		}
	}
	sqlite3_finalize(st);
}

/* Runs one statement of static sql that takes no values (ss_stmt). */
static int
ss_do(struct store_sqlite *s, const char *sql, const char *what, char **cause)
{
	sqlite3_stmt	*st;
	int		 rc;

	if ((st = ss_stmt(s, sql)) == NULL)
		return ss_error(s, what, cause);
	rc = sqlite3_step(st);
	ss_stmt_done(s, st);
	if (rc != SQLITE_DONE)
		return ss_error(s, what, cause);
	return 0;
}

/*
 * Prepares sql and binds one value per character of types: 't' text
 * (NULL allowed), 'i' long long.  Returns the statement or NULL.
 */
static sqlite3_stmt *
ss_prepare(struct store_sqlite *s, const char *sql, const char *types, va_list ap)
{
	sqlite3_stmt	*st;
	const char	*text;
	int		 i;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return NULL;
	for (i = 0; types[i] != '\0'; i++) {
		if (types[i] == 't') {
			text = va_arg(ap, const char *);
			if (text == NULL)
				sqlite3_bind_null(st, i + 1);
			else
				sqlite3_bind_text(st, i + 1, text, -1, SQLITE_TRANSIENT);
		} else
			sqlite3_bind_int64(st, i + 1, va_arg(ap, long long));
	}
	return st;
}

/*
 * One write, kept until its batch commits: if SQLite undoes the batch's
 * transaction on an error (a full disk does), the writes before the
 * failed one are written again, so only the failed one is lost, as it
 * would be without batching.
 */
#define SS_ARGS_MAX	16

struct ss_write {
	const char	*sql;		/* static */
	const char	*types;		/* static; see ss_prepare */
	long long	 num[SS_ARGS_MAX];
	char		*text[SS_ARGS_MAX];	/* owned copies; NULL allowed */
};

static void
ss_write_free(struct ss_write *w)
{
	int	i;

	for (i = 0; i < SS_ARGS_MAX; i++)
		free(w->text[i]);
}

/* Runs a write; SQLite's result code. */
static int
ss_write_exec(struct store_sqlite *s, const struct ss_write *w)
{
	sqlite3_stmt	*st;
	int		 i, rc;

	if ((st = ss_stmt(s, w->sql)) == NULL)
		return sqlite3_errcode(s->db);
	for (i = 0; w->types[i] != '\0'; i++) {
		if (w->types[i] != 't')
			sqlite3_bind_int64(st, i + 1, w->num[i]);
		else if (w->text[i] == NULL)
			sqlite3_bind_null(st, i + 1);
		else
			sqlite3_bind_text(st, i + 1, w->text[i], -1, SQLITE_STATIC);
	}
	rc = sqlite3_step(st);
	ss_stmt_done(s, st);
	return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* Forgets the batch's writes from the n-th on. */
static void
ss_log_cut(struct store_sqlite *s, size_t n)
{
	while (s->nlog > n)
		ss_write_free(&s->log[--s->nlog]);
}

/*
 * In a batch, opens its transaction before the first write, so writes
 * wait for store_batch_end's one commit.
 */
static int
ss_batch_open(struct store_sqlite *s, char **cause)
{
	if (!s->batch || s->in_tx)
		return 0;
	if (ss_guard(s, cause) != 0 ||
	    ss_do(s, ss_sql_begin, "starting a write", cause) != 0)
		return -1;
	s->in_tx = 1;
	return 0;
}

/*
 * After a failed write in a batch: if SQLite undid the whole transaction,
 * writes the batch again (less an unfinished group, whose caller rolls
 * it back anyway).  If even that fails the batch is lost.
 */
static void
ss_batch_recover(struct store_sqlite *s)
{
	size_t	i;

	if (!s->in_tx || !sqlite3_get_autocommit(s->db))
		return;
	s->in_tx = 0;
	if (s->in_group) {
		ss_log_cut(s, s->group_mark);
		s->in_group = 0;
	}
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		s->lost = 1;
		return;
	}
	s->in_tx = 1;
	for (i = 0; i < s->nlog; i++) {
		if (ss_write_exec(s, &s->log[i]) != SQLITE_OK) {
			sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
			s->in_tx = 0;
			s->lost = 1;
			return;
		}
	}
}

/*
 * Runs one statement that returns no rows (a write).  types as in
 * ss_prepare, at most SS_ARGS_MAX.
 */
static int
ss_run(struct store_sqlite *s, const char *what, char **cause, const char *sql,
    const char *types, ...)
{
	struct ss_write	 w;
	const char	*text;
	va_list		 ap;
	int		 i, alone;

	memset(&w, 0, sizeof w);
	w.sql = sql;
	w.types = types;
	va_start(ap, types);
	for (i = 0; i < SS_ARGS_MAX && types[i] != '\0'; i++) {
		if (types[i] == 't') {
			text = va_arg(ap, const char *);
			w.text[i] = text == NULL ? NULL : xstrdup(text);
		} else
			w.num[i] = va_arg(ap, long long);
	}
	va_end(ap);
	/* A write outside any transaction commits by itself. */
	alone = !s->batch && sqlite3_get_autocommit(s->db);
	if (ss_batch_open(s, cause) != 0 || (alone && ss_guard(s, cause) != 0)) {
		ss_write_free(&w);
		return -1;
	}
	if (ss_write_exec(s, &w) != SQLITE_OK) {
		ss_error(s, what, cause);
		ss_write_free(&w);
		ss_batch_recover(s);
		return -1;
	}
	if (!s->batch) {
		ss_write_free(&w);
		return alone ? ss_guard_after(s, cause) : 0;
	}
	if (s->nlog == s->caplog) {
		s->caplog = s->caplog == 0 ? 64 : s->caplog * 2;
		s->log = xreallocarray(s->log, s->caplog, sizeof *s->log);
	}
	s->log[s->nlog++] = w;
	return 0;
}

/* Prepares a query; the caller steps and finalizes it. */
static sqlite3_stmt *
ss_query(struct store_sqlite *s, const char *sql, const char *types, ...)
{
	sqlite3_stmt	*st;
	va_list		 ap;

	va_start(ap, types);
	st = ss_prepare(s, sql, types, ap);
	va_end(ap);
	return st;
}

static const char *
ss_text(sqlite3_stmt *st, int col)
{
	const unsigned char	*t = sqlite3_column_text(st, col);

	return t == NULL ? "" : (const char *)t;
}

static int
ss_migrate(struct store_sqlite *s, char **cause)
{
	sqlite3_stmt	*st;
	char		 sql[64];
	int		 version = 0, v;

	if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) ==
	    SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		version = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (version > STORE_SQLITE_VERSION)
		return set_cause(cause, "%s: written by a newer cheersbot (schema "
		    "%d, this one knows %d); upgrade the bot", s->path, version,
		    STORE_SQLITE_VERSION);
	if (version == STORE_SQLITE_VERSION)
		return 0;
	if (ss_exec(s, "BEGIN IMMEDIATE", "starting the schema upgrade", cause) != 0)
		return -1;
	for (v = version; v < STORE_SQLITE_VERSION; v++) {
		if (ss_exec(s, store_sqlite_migrations[v], "upgrading the schema",
		    cause) != 0)
			goto fail;
	}
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", STORE_SQLITE_VERSION);
	if (ss_exec(s, sql, "upgrading the schema", cause) != 0 ||
	    ss_exec(s, "COMMIT", "upgrading the schema", cause) != 0)
		goto fail;
	return 0;
fail:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

static void
ss_close(struct store *store)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	if (s == NULL)
		return;
	ss_log_cut(s, 0);
	free(s->log);
	while (s->ncache > 0)
		sqlite3_finalize(s->cache[--s->ncache].st);
	sqlite3_close(s->db);
	/* After the connection: closing it earlier would drop SQLite's locks. */
	if (s->lockfd >= 0)
		close(s->lockfd);
	free(s->why);
	free(s->path);
	free(s);
}

/* Opens path with SQLite's flags; caller frees with ss_close. */
static struct store_sqlite *
ss_connect(const char *path, int flags, char **cause)
{
	struct store_sqlite	*s = xcalloc(1, sizeof *s);

	s->store.ops = &store_sqlite_ops;
	s->path = xstrdup(path);
	s->lockfd = -1;
	if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
		ss_error(s, "cannot open the state file", cause);
		ss_close(&s->store);
		return NULL;
	}
	sqlite3_busy_timeout(s->db, 2000);
	sqlite3_extended_result_codes(s->db, 1);
	return s;
}

/* After each commit: SQLite's count of frames in the log (sqlite3_wal_hook). */
static int
ss_on_wal(void *arg, sqlite3 *db, const char *name, int frames)
{
	struct store_sqlite	*s = arg;

	s->wal_frames = frames;
	/* A writer that never idles (an operator's command) still checkpoints. */
	if (frames >= 4 * SS_CHECKPOINT_FRAMES)
		sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE,
		    NULL, NULL);
	return SQLITE_OK;
}

/*
 * Caps the file at max_size bytes (bot.state_max_size): a write that
 * would grow it further fails as on a full disk.  SQLite counts 4096-byte
 * pages, so the cap is rounded down.  A file already past the cap is
 * refused: SQLite would quietly keep its current size as the cap instead.
 */
static int
ss_cap(struct store_sqlite *s, uint64_t max_size, char **cause)
{
	sqlite3_stmt	*st;
	char		 sql[64];
	uint64_t	 pages = max_size / 4096, now = 0;
	int		 rc;

	snprintf(sql, sizeof sql, "PRAGMA max_page_count = %llu",
	    (unsigned long long)(pages > 0 ? pages : 1));
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return ss_error(s, "cannot cap the state file", cause);
	/* The pragma answers with the cap it set. */
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		now = (uint64_t)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return ss_error(s, "cannot cap the state file", cause);
	if (now > pages)
		return set_cause(cause, "%s is already %llu bytes, more than "
		    "bot.state_max_size (%llu bytes); raise it, or set 0 for no "
		    "limit", s->path, (unsigned long long)now * 4096,
		    (unsigned long long)max_size);
	s->max_size = max_size;
	return 0;
}

static void	ss_drop_stale_refs(struct store_sqlite *);

static struct store	*ss_open_readonly(const char *, char **);

/*
 * The backend's open (struct store_ops): set's file, capped at its
 * max_size.  A writer's lock is taken once SQLite has the file open
 * (made, when new) and before anything is written to it.
 */
static struct store *
ss_open(const struct store_settings *set, int flags, int *held, char **cause)
{
	struct store_sqlite	*s;
	const char		*path = set->file.path;
	uint64_t		 max_size = set->file.max_size;
	mode_t			 mask;
	int			 busy;

	if (path == NULL)
		return set_cause(cause, "the store has no file to open"), NULL;
	if (flags & STORE_OPEN_READONLY)
		return ss_open_readonly(path, cause);

	/*
	 * The file holds every hand and recipe: a new one is its owner's
	 * only, whatever the umask.  SQLite gives the -wal and -shm files
	 * it makes later the main file's mode.
	 */
	mask = umask(077);
	s = ss_connect(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, cause);
	umask(mask);
	if (s == NULL)
		return NULL;
	if ((flags & STORE_OPEN_WRITER) &&
	    store_file_lock(path, &s->lockfd, &busy, cause) != 0) {
		if (held != NULL)
			*held = busy;
		ss_close(&s->store);
		return NULL;
	}
	if (ss_exec(s, "PRAGMA page_size=4096; PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
	    "PRAGMA foreign_keys=ON", "cannot set up the state file", cause) != 0 ||
	    ss_migrate(s, cause) != 0) {
		ss_close(&s->store);
		return NULL;
	}
	ss_drop_stale_refs(s);
	sqlite3_wal_hook(s->db, ss_on_wal, s);	/* instead of autocheckpoint */
	if (max_size > 0 && ss_cap(s, max_size, cause) != 0) {
		ss_close(&s->store);
		return NULL;
	}
	/* The log and index are open now: a read has been made. */
	s->watching = 1;
	store_watch_note(&s->files, path);
	return &s->store;
}

/*
 * Writes stop, for good (SS_FAULT_STUCK) or until a later repair works
 * (SS_FAULT_RETRY); takes why.  Always -1.
 */
static int
ss_fail(struct store_sqlite *s, int fault, char *why)
{
	free(s->why);
	s->why = why;
	s->fault = fault;
	return -1;
}

/*
 * Closes the connection, never deleting a file by name (the files at its
 * paths may be others' now), and leaves in its place an empty in-memory
 * one, which fails every read and write.
 */
static void
ss_let_go(struct store_sqlite *s)
{
	int	persist = 1;

	sqlite3_file_control(s->db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
	while (s->ncache > 0)
		sqlite3_finalize(s->cache[--s->ncache].st);
	/* A statement still stepping keeps it until finalized. */
	sqlite3_close_v2(s->db);
	s->db = NULL;
	s->wal_frames = 0;
	if (sqlite3_open(":memory:", &s->db) != SQLITE_OK)
		fatalx("sqlite: cannot open an in-memory database");
	s->placeholder = 1;
}

/*
 * Opens the state file again (ss_let_go first), so SQLite makes a new log
 * and index beside it; the file must be there: it is never made anew
 * here.  0, or -1 with *cause and the in-memory placeholder left.
 */
static int
ss_reopen(struct store_sqlite *s, char **cause)
{
	sqlite3	*db = NULL;

	ss_let_go(s);
	if (sqlite3_open_v2(s->path, &db, SQLITE_OPEN_READWRITE, NULL) !=
	    SQLITE_OK) {
		set_cause(cause, "%s: cannot open the state file again: %s",
		    s->path, db == NULL ? "out of memory" : sqlite3_errmsg(db));
		sqlite3_close(db);
		return -1;
	}
	sqlite3_close(s->db);
	s->db = db;
	s->placeholder = 0;
	sqlite3_busy_timeout(s->db, 2000);
	sqlite3_extended_result_codes(s->db, 1);
	if (ss_exec(s, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
	    "PRAGMA foreign_keys=ON", "cannot open the state file again",
	    cause) != 0 || (s->max_size > 0 && ss_cap(s, s->max_size,
	    cause) != 0)) {
		ss_let_go(s);
		return -1;
	}
	sqlite3_wal_hook(s->db, ss_on_wal, s);
	store_watch_note(&s->files, s->path);
	return 0;
}

/*
 * The watched files changed (changed: STORE_WATCH_* bits, 0 when only a
 * fault is left from an earlier try) and no transaction is open: puts
 * the store right where it can.  A log or index deleted or replaced: a
 * checkpoint through the connection, which still holds them open, copies
 * every committed frame into the state file and empties the log (so that
 * no connection pairs it with the wrong file), then the file is opened
 * again with a new log.  The state file deleted: a copy of all the
 * connection holds takes its place.  Another file in its place: it is
 * left alone, the copy keeps a name of its own, and writes stop until the
 * bot restarts.  0 when writes work again (s->why says what was done),
 * else -1 with s->why saying why not.
 */
static int
ss_repair(struct store_sqlite *s, int changed)
{
	const char	*what = store_watch_what(changed);
	char		*err = NULL, *kept = NULL, *why;
	int		 rc, fd = -1, persist = 1;

	if (s->fault == SS_FAULT_STUCK)
		return -1;
	if (s->placeholder) {
		/* What the store held is in the file already: open it again. */
		if (store_watch_changed(&s->files, s->path) & STORE_WATCH_FILE)
			return ss_fail(s, SS_FAULT_STUCK, xasprintf("%s: the "
			    "state file was replaced while the bot could not "
			    "open it; the bot saves nothing more until it is "
			    "restarted", s->path));
		if (ss_reopen(s, &err) != 0) {
			why = xasprintf("%s; writes are refused until it opens",
			    err);
			free(err);
			return ss_fail(s, SS_FAULT_RETRY, why);
		}
		s->fault = SS_FAULT_NONE;
		free(s->why);
		s->why = xasprintf("%s: the state file is open again",
		    s->path);
		return 0;
	}
	if (changed & STORE_WATCH_FILE) {
		rc = store_watch_rescue(s->db, s->path, &fd, &kept, &err);
		if (rc == 1) {
			/*
			 * Reads go on from the old file; closing it later must
			 * not delete the log and index paths, now the new file's.
			 */
			sqlite3_file_control(s->db, "main",
			    SQLITE_FCNTL_PERSIST_WAL, &persist);
			why = xasprintf("%s: the state file was replaced by "
			    "another file while the bot ran; the bot saves nothing "
			    "more until it is restarted, and then it uses the file "
			    "there.  What it had saved is in %s", s->path, kept);
			free(kept);
			return ss_fail(s, SS_FAULT_STUCK, why);
		}
		if (rc != 0 && kept == NULL) {
			why = xasprintf("%s: %s while the bot ran, and %s; writes "
			    "are refused until it works", s->path, what, err);
			free(err);
			return ss_fail(s, SS_FAULT_RETRY, why);
		}
		if (rc != 0) {
			why = xasprintf("%s: %s while the bot ran, and %s; the bot "
			    "saves nothing more until it is restarted", s->path,
			    what, err);
			free(err);
			free(kept);
			return ss_fail(s, SS_FAULT_STUCK, why);
		}
		if (ss_reopen(s, &err) != 0) {
			why = xasprintf("%s: the state file was deleted while the "
			    "bot ran; it is back in place, but %s; writes are "
			    "refused until it opens", s->path, err);
			free(err);
			if (s->lockfd >= 0)
				close(s->lockfd);
			s->lockfd = fd;
			return ss_fail(s, SS_FAULT_RETRY, why);
		}
		if (s->lockfd >= 0)
			close(s->lockfd);
		s->lockfd = fd;
		s->fault = SS_FAULT_NONE;
		free(s->why);
		s->why = xasprintf("%s: the state file was deleted while the bot "
		    "ran; it is back in place with everything saved, and open "
		    "again", s->path);
		return 0;
	}
	if (sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_TRUNCATE,
	    NULL, NULL) != SQLITE_OK)
		return ss_fail(s, SS_FAULT_RETRY, xasprintf("%s: %s while "
		    "the bot ran, and moving what it held into the file failed "
		    "(%s); writes are refused until it works", s->path, what,
		    sqlite3_errmsg(s->db)));
	if (ss_reopen(s, &err) != 0) {
		why = xasprintf("%s: %s while the bot ran; what it held is in the "
		    "file, but %s; writes are refused until it opens", s->path,
		    what, err);
		free(err);
		return ss_fail(s, SS_FAULT_RETRY, why);
	}
	s->fault = SS_FAULT_NONE;
	free(s->why);
	s->why = xasprintf("%s: %s while the bot ran; what it held is in the "
	    "file now, and the file is open again with a new log", s->path,
	    what);
	return 0;
}

/*
 * Before a transaction opens, and before it commits (or before a write
 * that commits by itself): 0 when the watched files are the ones the
 * connection opened.  Otherwise an open transaction is rolled back and a
 * repair is tried (ss_repair).  With no transaction open nothing was
 * undone, so a repair that worked lets the write go on (logged); else
 * -1 with *cause, and the write is refused: nothing is announced that
 * went to a file no restart would read.
 */
static int
ss_guard(struct store_sqlite *s, char **cause)
{
	int	changed, undone = 0;

	if (!s->watching)
		return 0;
	changed = store_watch_changed(&s->files, s->path);
	if (changed == 0 && s->fault == SS_FAULT_NONE)
		return 0;
	if (!sqlite3_get_autocommit(s->db)) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		undone = 1;
	}
	if (ss_repair(s, changed) != 0 || undone)
		return set_cause(cause, "%s; this write was refused", s->why);
	log_warn("store: %s", s->why);
	return 0;
}

/*
 * After a commit: 0 when it is where a restart finds it.  A file that
 * changed between the check before and the commit is repaired (a
 * checkpoint brings the commit into the file); -1 with *cause when that
 * failed, and then the commit must not be announced.
 */
static int
ss_guard_after(struct store_sqlite *s, char **cause)
{
	int	changed;

	if (!s->watching ||
	    (changed = store_watch_changed(&s->files, s->path)) == 0)
		return 0;
	if (ss_repair(s, changed) != 0)
		return set_cause(cause, "%s; the last write may be lost", s->why);
	log_warn("store: %s", s->why);
	return 0;
}

/*
 * The store's timer (store_start), between batches: the same look as
 * before a commit, so that moves committed into a log deleted since reach
 * the file while no write comes to find it (before a SIGKILL loses them).
 * A repair that works is logged once; one that fails is logged once for
 * each reason (each write refused meanwhile says it too), and tried
 * again on every tick until it works or writes stop for good.
 */
static void
ss_watch(struct store *store)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	char			*was;
	int			 changed;

	if (!s->watching || s->batch || s->in_tx || s->fault == SS_FAULT_STUCK ||
	    !sqlite3_get_autocommit(s->db))
		return;
	changed = store_watch_changed(&s->files, s->path);
	if (changed == 0 && s->fault == SS_FAULT_NONE)
		return;
	was = s->fault == SS_FAULT_NONE || s->why == NULL ? NULL :
	    xstrdup(s->why);
	if (ss_repair(s, changed) == 0)
		log_warn("store: %s", s->why);
	else if (was == NULL || strcmp(was, s->why) != 0)
		log_error("store: %s", s->why);
	free(was);
}

/*
 * Opens an existing file to read only, beside a bot that may be writing
 * it (WAL lets readers and one writer share the file).  The schema is
 * not upgraded, so only a file of this version is accepted.
 */
static struct store *
ss_open_readonly(const char *path, char **cause)
{
	struct store_sqlite	*s;
	sqlite3_stmt		*st;
	int			 version = -1;

	if ((s = ss_connect(path, SQLITE_OPEN_READONLY, cause)) == NULL)
		return NULL;
	if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) ==
	    SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		version = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (version == STORE_SQLITE_VERSION)
		return &s->store;
	if (version < 0)
		ss_error(s, "cannot read the state file", cause);
	else if (version < STORE_SQLITE_VERSION)
		set_cause(cause, "%s: written by an older cheersbot (schema %d, "
		    "this one knows %d); start the bot once to upgrade it",
		    path, version, STORE_SQLITE_VERSION);
	else
		set_cause(cause, "%s: written by a newer cheersbot (schema %d, "
		    "this one knows %d); upgrade this program", path, version,
		    STORE_SQLITE_VERSION);
	ss_close(&s->store);
	return NULL;
}

/*
 * A group of writes that stands or falls together.  Inside a batch it is
 * a savepoint in the batch's transaction: released at once, made durable
 * by the batch's commit.
 */
static int
ss_begin(struct store *store, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	if (!s->batch)
		return ss_guard(s, cause) != 0 ? -1 :
		    ss_do(s, ss_sql_begin, "starting a write", cause);
	if (ss_batch_open(s, cause) != 0 ||
	    ss_do(s, ss_sql_savepoint, "starting a write", cause) != 0)
		return -1;
	s->in_group = 1;
	s->group_mark = s->nlog;
	return 0;
}

static int
ss_commit(struct store *store, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	if (s->batch) {
		if (ss_do(s, ss_sql_release, "saving", cause) != 0) {
			ss_batch_recover(s);
			return -1;
		}
		s->in_group = 0;
		return 0;
	}
	if (ss_guard(s, cause) != 0)
		return -1;
	if (ss_do(s, ss_sql_commit, "saving", cause) != 0) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return ss_guard_after(s, cause);
}

static void
ss_rollback(struct store *store)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	if (!s->batch) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return;
	}
	/* After a recovery the group is gone already. */
	if (!s->in_group)
		return;
	sqlite3_exec(s->db, "ROLLBACK TO w; RELEASE w", NULL, NULL, NULL);
	ss_log_cut(s, s->group_mark);
	s->in_group = 0;
}

static void
ss_batch_begin(struct store *store)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	s->batch = 1;
}

static int
ss_batch_end(struct store *store, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	int			 rc = 0;

	s->batch = 0;
	ss_log_cut(s, 0);
	if (s->lost) {
		/* Writes after the loss opened a transaction of their own. */
		if (s->in_tx)
			sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		s->in_tx = 0;
		s->lost = 0;
		return set_cause(cause, "%s: an error undid the writes that "
		    "were not committed yet, and writing them again failed",
		    s->path);
	}
	if (!s->in_tx)
		return 0;
	s->in_tx = 0;
	if (ss_guard(s, cause) != 0)
		return -1;
	if (ss_do(s, ss_sql_commit, "saving", cause) != 0) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		rc = -1;
	}
	return rc == 0 ? ss_guard_after(s, cause) : rc;
}

/*
 * Copies the log into the file once it holds SS_CHECKPOINT_FRAMES, without
 * waiting for readers (an operator's command reading beside the bot):
 * what they still need is copied on a later call.  When all of it is
 * copied the next commit starts the log over from its beginning.  A
 * failure changes nothing; the next write reports a failing disk.
 */
static void
ss_idle(struct store *store)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	int			 frames, done;

	if (s->batch || s->in_tx || s->wal_frames < SS_CHECKPOINT_FRAMES)
		return;
	if (sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_PASSIVE,
	    &frames, &done) == SQLITE_OK && done == frames)
		s->wal_frames = 0;
}

static int
ss_batch_pending(struct store *store)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	if (!s->in_tx)
		return 0;
	return s->nlog > 0 ? (int)s->nlog : 1;
}

static int
ss_save_table(struct store *store, const struct store_table *t, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	char			 seed[17];

	snprintf(seed, sizeof seed, "%016" PRIx64, t->seed);
	return ss_run(s, "saving a table", cause,
	    "INSERT INTO tables (id, adapter, channel, game, seed, state, doc, "
	    "created, updated, server, num, tag) VALUES (?, ?, ?, ?, ?, ?, ?, "
	    "?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET state = "
	    "excluded.state, doc = excluded.doc, updated = excluded.updated",
	    "itttttti" "itit", (long long)t->id, t->adapter, t->channel, t->game,
	    seed, t->state, t->doc, (long long)t->updated, (long long)t->updated,
	    t->server, (long long)t->num, t->tag == NULL ? "" : t->tag);
}

static int
ss_delete_table(struct store *store, uint64_t id, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	return ss_run(s, "forgetting a table", cause,
	    "DELETE FROM tables WHERE id = ?", "i", (long long)id);
}

static int
ss_append_move(struct store *store, uint64_t id, const struct store_move *m,
    char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	return ss_run(s, "saving a move", cause,
	    "INSERT INTO moves (table_id, seq, seat, move, at) VALUES "
	    "(?, ?, ?, ?, ?)", "iiiti", (long long)id, (long long)m->seq,
	    (long long)m->seat, m->move, (long long)m->at);
}

static int
ss_save_snapshot(struct store *store, uint64_t id, int seq, const char *game,
    char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	return ss_run(s, "saving a snapshot", cause,
	    "INSERT OR REPLACE INTO snapshots (table_id, seq, game) VALUES "
	    "(?, ?, ?)", "iit", (long long)id, (long long)seq, game);
}

static int
ss_record_result(struct store *store, uint64_t id, const char *result,
    const struct store_outcome *o, int n, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	long long		 now = (long long)store_now();
	int			 i;

	if (ss_run(s, "recording a result", cause,
	    "UPDATE tables SET state = 'over', result = ?, updated = ? "
	    "WHERE id = ?", "tii", result, now, (long long)id) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (ss_run(s, "recording a result", cause,
		    "INSERT OR REPLACE INTO outcomes (table_id, seat, adapter, "
		    "channel, game, user_id, name, outcome, finished) SELECT id, "
		    "?, adapter, channel, game, ?, ?, ?, ? FROM tables WHERE "
		    "id = ?", "ittti" "i", (long long)o[i].seat, o[i].user_id,
		    o[i].name, o[i].outcome, now, (long long)id) != 0)
			return -1;
	}
	return 0;
}

/*
 * Ends a walk over st's rows that stopped at step result rc, and
 * finalizes st: 0 past the last row; -1 when the caller's callback
 * stopped it at a row (rc is still SQLITE_ROW; the callback set *cause);
 * -1 and *cause, naming what, when a step failed.
 */
static int
ss_walk_end(struct store_sqlite *s, sqlite3_stmt *st, int rc,
    const char *what, char **cause)
{
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return -1;
	if (rc != SQLITE_DONE)
		return ss_error(s, what, cause);
	return 0;
}

/* Calls cb for each row of a tables query. */
static int
ss_each_table(struct store_sqlite *s, sqlite3_stmt *st, store_table_cb cb,
    void *arg, int *found, char **cause)
{
	struct store_table	t;
	int			rc;

	if (st == NULL)
		return ss_error(s, "reading tables", cause);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&t, 0, sizeof t);
		t.id = (uint64_t)sqlite3_column_int64(st, 0);
		t.adapter = ss_text(st, 1);
		t.channel = ss_text(st, 2);
		t.game = ss_text(st, 3);
		t.seed = strtoull(ss_text(st, 4), NULL, 16);
		t.state = ss_text(st, 5);
		t.doc = ss_text(st, 6);
		t.result = sqlite3_column_type(st, 7) == SQLITE_NULL ? NULL :
		    ss_text(st, 7);
		t.updated = sqlite3_column_int64(st, 8);
		t.created = sqlite3_column_int64(st, 9);
		t.server = sqlite3_column_type(st, 10) == SQLITE_NULL ? NULL :
		    ss_text(st, 10);
		t.num = (uint64_t)sqlite3_column_int64(st, 11);
		t.tag = ss_text(st, 12);
		if (found != NULL)
			*found = 1;
		if (cb(&t, arg, cause) != 0)
			break;
	}
	return ss_walk_end(s, st, rc, "reading tables", cause);
}

#define SS_TABLE_COLUMNS \
	"SELECT id, adapter, channel, game, seed, state, doc, result, updated, " \
	"created, server, num, tag FROM tables "

static int
ss_load_tables(struct store *store, store_table_cb cb, void *arg, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	return ss_each_table(s, ss_query(s, SS_TABLE_COLUMNS "WHERE state IN "
	    "('lobby', 'playing') ORDER BY id", ""), cb, arg, NULL, cause);
}

static int
ss_list_tables(struct store *store, store_table_cb cb, void *arg, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	return ss_each_table(s, ss_query(s, SS_TABLE_COLUMNS "WHERE state != "
	    "'over' ORDER BY id", ""), cb, arg, NULL, cause);
}

static int
ss_load_table(struct store *store, uint64_t id, store_table_cb cb, void *arg,
    int *found, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	*found = 0;
	return ss_each_table(s, ss_query(s, SS_TABLE_COLUMNS "WHERE id = ?",
	    "i", (long long)id), cb, arg, found, cause);
}

static int
ss_load_snapshot(struct store *store, uint64_t id, int *seq, char **game,
    char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	sqlite3_stmt		*st;
	int			 rc;

	*seq = -1;
	*game = NULL;
	st = ss_query(s, "SELECT seq, game FROM snapshots WHERE table_id = ? "
	    "ORDER BY seq DESC LIMIT 1", "i", (long long)id);
	if (st == NULL)
		return ss_error(s, "reading a snapshot", cause);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*seq = sqlite3_column_int(st, 0);
		*game = xstrdup(ss_text(st, 1));
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return ss_error(s, "reading a snapshot", cause);
	return 0;
}

static int
ss_load_moves(struct store *store, uint64_t id, int from_seq, store_move_cb cb,
    void *arg, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	struct store_move	 m;
	sqlite3_stmt		*st;
	int			 rc;

	st = ss_query(s, "SELECT seq, seat, move, at FROM moves WHERE "
	    "table_id = ? AND seq >= ? ORDER BY seq", "ii", (long long)id,
	    (long long)from_seq);
	if (st == NULL)
		return ss_error(s, "reading moves", cause);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		m.seq = sqlite3_column_int(st, 0);
		m.seat = sqlite3_column_int(st, 1);
		m.move = ss_text(st, 2);
		m.at = sqlite3_column_int64(st, 3);
		if (cb(&m, arg, cause) != 0)
			break;
	}
	return ss_walk_end(s, st, rc, "reading moves", cause);
}

/* One number of a query without arguments; 0 when it has none. */
static uint64_t
ss_number(struct store_sqlite *s, const char *sql)
{
	sqlite3_stmt	*st = ss_query(s, sql, "");
	uint64_t	 n = 0;

	if (st != NULL && sqlite3_step(st) == SQLITE_ROW)
		n = (uint64_t)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

static uint64_t
ss_max_table_id(struct store *store)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	return ss_number(s, "SELECT max(coalesce((SELECT max(id) FROM tables), "
	    "0), coalesce((SELECT value FROM meta WHERE key = 'table_id'), 0))");
}

static uint64_t
ss_cb1_max(struct store *store)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	return ss_number(s, "SELECT value FROM meta WHERE key = 'cb1_max'");
}

/*
 * The counter a numbering query st reads back (its one row's first
 * column) into *out; st (NULL when it did not prepare) is finalized here.
 * No row is an error, as a failed step is.
 */
static int
ss_counter(struct store_sqlite *s, sqlite3_stmt *st, uint64_t *out,
    char **cause)
{
	int	rc;

	if (st == NULL)
		return ss_error(s, "numbering a table", cause);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*out = (uint64_t)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return ss_error(s, "numbering a table", cause);
	return 0;
}

/*
 * The next id is past every table saved too, in case one was saved with
 * an id of its own (an operator's copy of a row).
 */
static int
ss_take_table_id(struct store *store, uint64_t *id, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	*id = 0;
	if (ss_run(s, "numbering a table", cause, "INSERT INTO meta (key, value) "
	    "VALUES ('table_id', 1 + coalesce((SELECT max(id) FROM tables), 0)) "
	    "ON CONFLICT(key) DO UPDATE SET value = max(value, coalesce(("
	    "SELECT max(id) FROM tables), 0)) + 1", "") != 0)
		return -1;
	return ss_counter(s, ss_query(s, "SELECT value FROM meta WHERE key = "
	    "'table_id'", ""), id, cause);
}

static int
ss_number_table(struct store *store, const char *adapter, const char *server,
    uint64_t *num, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	const char		*key = server == NULL ? "" : server;

	*num = 0;
	if (ss_run(s, "numbering a table", cause, "INSERT INTO numbers "
	    "(adapter, server, last) VALUES (?, ?, 1) ON CONFLICT(adapter, "
	    "server) DO UPDATE SET last = last + 1", "tt", adapter, key) != 0)
		return -1;
	return ss_counter(s, ss_query(s, "SELECT last FROM numbers WHERE "
	    "adapter = ? AND server = ?", "tt", adapter, key), num, cause);
}

static int
ss_each_table_num(struct store *store, const char *adapter, uint64_t num,
    store_table_cb cb, void *arg, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	return ss_each_table(s, ss_query(s, SS_TABLE_COLUMNS "WHERE adapter = "
	    "? AND num = ? ORDER BY id", "ti", adapter, (long long)num), cb, arg,
	    NULL, cause);
}

/* The WHERE clause of a scope, binding adapter, channel, game in order. */
#define SS_SCOPE \
	"(?1 IS NULL OR adapter = ?1) AND (?2 IS NULL OR channel = ?2) AND " \
	"(?3 IS NULL OR game = ?3)"

static int
ss_player_stats(struct store *store, const struct store_scope *sc,
    const char *user_id, struct store_stats *out, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	sqlite3_stmt		*st;
	int			 rc;

	memset(out, 0, sizeof *out);
	st = ss_query(s, "SELECT outcome FROM outcomes WHERE " SS_SCOPE
	    " AND user_id = ?4 AND outcome != 'ended' ORDER BY finished DESC, table_id DESC", "tttt",
	    sc->adapter, sc->channel, sc->game, user_id);
	if (st == NULL)
		return ss_error(s, "reading stats", cause);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		store_stats_count(out, ss_text(st, 0));
	return ss_walk_end(s, st, rc, "reading stats", cause);
}

static int
ss_leaderboard(struct store *store, const struct store_scope *sc,
    struct store_rank *out, int max, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	sqlite3_stmt		*st;
	int			 rc, n = 0;

	st = ss_query(s, "SELECT user_id, max(name), count(*) AS g, "
	    "sum(outcome = 'won') AS w FROM outcomes WHERE " SS_SCOPE
	    " AND user_id IS NOT NULL AND outcome != 'ended' GROUP BY user_id "
	    "ORDER BY w DESC, w * 1.0 / g DESC, g DESC, user_id LIMIT ?4",
	    "ttti", sc->adapter, sc->channel, sc->game, (long long)max);
	if (st == NULL)
		return ss_error(s, "reading the leaderboard", cause);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
		snprintf(out[n].user_id, sizeof out[n].user_id, "%s", ss_text(st, 0));
		snprintf(out[n].name, sizeof out[n].name, "%s", ss_text(st, 1));
		out[n].games = sqlite3_column_int(st, 2);
		out[n].wins = sqlite3_column_int(st, 3);
		n++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return ss_error(s, "reading the leaderboard", cause);
	return n;
}

/*
 * The one text column query gives for two keys (a, b), copied into *out
 * (the caller frees), or *out NULL when no row has them; what names the
 * reading in the cause.
 */
static int
ss_get_text(struct store_sqlite *s, const char *what, const char *query,
    const char *a, const char *b, char **out, char **cause)
{
	sqlite3_stmt	*st;
	int		 rc;

	*out = NULL;
	if ((st = ss_query(s, query, "tt", a, b)) == NULL)
		return ss_error(s, what, cause);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*out = xstrdup(ss_text(st, 0));
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return ss_error(s, what, cause);
	return 0;
}

static int
ss_get_channel(struct store *store, const char *adapter, const char *channel,
    char **doc, char **cause)
{
	return ss_get_text((struct store_sqlite *)store,
	    "reading channel settings", "SELECT doc FROM channels WHERE "
	    "adapter = ? AND channel = ?", adapter, channel, doc, cause);
}

static int
ss_set_channel(struct store *store, const char *adapter, const char *channel,
    const char *doc, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	return ss_run(s, "saving channel settings", cause,
	    "INSERT OR REPLACE INTO channels (adapter, channel, doc) VALUES "
	    "(?, ?, ?)", "ttt", adapter, channel, doc);
}

static int
ss_get_ref(struct store *store, const char *adapter, const char *key,
    char **value, char **cause)
{
	return ss_get_text((struct store_sqlite *)store, "reading a message id",
	    "SELECT value FROM refs WHERE adapter = ? AND key = ?", adapter, key,
	    value, cause);
}

static int
ss_set_ref(struct store *store, const char *adapter, const char *key,
    const char *value, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;

	if (value == NULL)
		return ss_run(s, "forgetting a message id", cause,
		    "DELETE FROM refs WHERE adapter = ? AND key = ?", "tt",
		    adapter, key);
	return ss_run(s, "saving a message id", cause,
	    "INSERT OR REPLACE INTO refs (adapter, key, value) VALUES "
	    "(?, ?, ?)", "ttt", adapter, key, value);
}

/*
 * The rows of refs whose key is "<kind>:<table id>:...": ?1 is the id and
 * ':' as text, ?2 its length.
 */
#define SS_TABLE_REFS \
	"instr(key, ':') > 0 AND substr(key, instr(key, ':') + 1, ?2) = ?1"

static int
ss_drop_refs(struct store *store, uint64_t id, store_ref_cb cb, void *arg,
    char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	sqlite3_stmt		*st;
	char			 prefix[32];
	int			 rc;

	snprintf(prefix, sizeof prefix, "%" PRIu64 ":", id);
	if (cb != NULL) {
		st = ss_query(s, "SELECT adapter, key, value FROM refs WHERE "
		    SS_TABLE_REFS, "ti", prefix, (long long)strlen(prefix));
		if (st == NULL)
			return ss_error(s, "forgetting message ids", cause);
		while ((rc = sqlite3_step(st)) == SQLITE_ROW)
			cb(ss_text(st, 0), ss_text(st, 1), ss_text(st, 2), arg);
		if (ss_walk_end(s, st, rc, "forgetting message ids",
		    cause) != 0)
			return -1;
	}
	return ss_run(s, "forgetting message ids", cause, "DELETE FROM refs "
	    "WHERE " SS_TABLE_REFS, "ti", prefix, (long long)strlen(prefix));
}

/*
 * A channel column (or a ref key's channel part) that is ?2 or under it
 * ("<?2>:..."), and what it becomes with ?2 replaced by ?3.
 */
#define SS_UNDER(col) \
	"(" col " = ?2 OR substr(" col ", 1, length(?2) + 1) = ?2 || ':')"
#define SS_MOVED(col)	"?3 || substr(" col ", length(?2) + 1)"
/* A ref key's part after "<kind>:<table id>:" (its channel, on). */
#define SS_REF_CHANNEL \
	"substr(key, instr(key, ':') + instr(substr(key, instr(key, ':') " \
	"+ 1), ':') + 1)"
#define SS_REF_OF_TABLE \
	"instr(key, ':') > 0 AND instr(substr(key, instr(key, ':') + 1), " \
	"':') > 0 AND " SS_UNDER(SS_REF_CHANNEL)

static int
ss_move_channel(struct store *store, const char *adapter, const char *from,
    const char *to, int keep_refs, char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	const char		*what = "moving a channel";

	if (ss_run(s, what, cause, "UPDATE tables SET channel = "
	    SS_MOVED("channel") " WHERE adapter = ?1 AND " SS_UNDER("channel"),
	    "ttt", adapter, from, to) != 0 ||
	    ss_run(s, what, cause, "UPDATE outcomes SET channel = "
	    SS_MOVED("channel") " WHERE adapter = ?1 AND " SS_UNDER("channel"),
	    "ttt", adapter, from, to) != 0 ||
	    ss_run(s, what, cause, "UPDATE OR REPLACE channels SET channel = "
	    SS_MOVED("channel") " WHERE adapter = ?1 AND " SS_UNDER("channel"),
	    "ttt", adapter, from, to) != 0)
		return -1;
	if (!keep_refs)
		return ss_run(s, what, cause, "DELETE FROM refs WHERE "
		    "adapter = ?1 AND " SS_REF_OF_TABLE, "tt", adapter, from);
	return ss_run(s, what, cause, "UPDATE OR REPLACE refs SET key = "
	    "substr(key, 1, length(key) - length(" SS_REF_CHANNEL ")) || "
	    SS_MOVED(SS_REF_CHANNEL) " WHERE adapter = ?1 AND "
	    SS_REF_OF_TABLE, "ttt", adapter, from, to);
}

/*
 * Forgets the message ids of tables that are over or gone, which older
 * versions left behind: no bot edits those messages again.  Keys that
 * name no table are kept.  Upkeep only: a file that cannot take it now
 * (a full disk) still opens, and the next open tries again.
 */
static void
ss_drop_stale_refs(struct store_sqlite *s)
{
	sqlite3_exec(s->db, "DELETE FROM refs WHERE rowid IN (SELECT r.rowid "
	    "FROM (SELECT rowid, substr(key, instr(key, ':') + 1) AS rest "
	    "FROM refs WHERE instr(key, ':') > 0) AS r WHERE "
	    "instr(r.rest, ':') > 1 AND substr(r.rest, 1, instr(r.rest, ':') "
	    "- 1) NOT GLOB '*[^0-9]*' AND CAST(substr(r.rest, 1, "
	    "instr(r.rest, ':') - 1) AS INTEGER) NOT IN (SELECT id FROM "
	    "tables WHERE state != 'over'))", NULL, NULL, NULL);
}

static int
ss_each_row(struct store *store, int kind, store_row_cb cb, void *arg,
    char **cause)
{
	struct store_sqlite	*s = (struct store_sqlite *)store;
	const char		*v[STORE_ROWS_COLUMNS_MAX];
	sqlite3_stmt		*st;
	int			 i, rc;

	if ((st = ss_query(s, store_rows_select(kind), "")) == NULL)
		return ss_error(s, "reading what to copy", cause);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (i = 0; i < store_rows[kind].ncolumns; i++)
			v[i] = sqlite3_column_type(st, i) == SQLITE_NULL ? NULL :
			    ss_text(st, i);
		if (cb(v, arg, cause) != 0)
			break;
	}
	return ss_walk_end(s, st, rc, "reading what to copy", cause);
}

/* Every value as text: SQLite's column affinity makes numbers of them. */
static int
ss_put_row(struct store *store, int kind, const char *const *values,
    char **cause)
{
	static const char	 types[] = "ttttttttttttt";
	const char		*v[STORE_ROWS_COLUMNS_MAX];
	int			 i, n = store_rows[kind].ncolumns;

	for (i = 0; i < STORE_ROWS_COLUMNS_MAX; i++)
		v[i] = i < n ? values[i] : NULL;
	return ss_run((struct store_sqlite *)store, "copying a row in", cause,
	    store_rows_upsert(kind, '?'), types + (sizeof types - 1 - n),
	    v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10],
	    v[11], v[12]);
}

const struct store_ops store_sqlite_ops = {
	.name = "sqlite",
	.open = ss_open,
	.close = ss_close,
	.begin = ss_begin,
	.commit = ss_commit,
	.rollback = ss_rollback,
	.batch_begin = ss_batch_begin,
	.batch_end = ss_batch_end,
	.batch_pending = ss_batch_pending,
	.idle = ss_idle,
	.watch = ss_watch,
	.save_table = ss_save_table,
	.delete_table = ss_delete_table,
	.append_move = ss_append_move,
	.save_snapshot = ss_save_snapshot,
	.record_result = ss_record_result,
	.load_tables = ss_load_tables,
	.list_tables = ss_list_tables,
	.load_table = ss_load_table,
	.number_table = ss_number_table,
	.each_table_num = ss_each_table_num,
	.load_snapshot = ss_load_snapshot,
	.load_moves = ss_load_moves,
	.max_table_id = ss_max_table_id,
	.take_table_id = ss_take_table_id,
	.cb1_max = ss_cb1_max,
	.player_stats = ss_player_stats,
	.leaderboard = ss_leaderboard,
	.get_channel = ss_get_channel,
	.set_channel = ss_set_channel,
	.get_ref = ss_get_ref,
	.set_ref = ss_set_ref,
	.drop_refs = ss_drop_refs,
	.move_channel = ss_move_channel,
	.each_row = ss_each_row,
	.put_row = ss_put_row,
};
