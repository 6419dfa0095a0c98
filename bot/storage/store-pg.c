/*
 * The PostgreSQL store backend: one connection (libpq) to a database
 * several hosts can reach.  The only file that includes libpq-fe.h.
 *
 * The schema is versioned by meta's row 'schema_version';
 * store_pg_migrations[] takes an older database to the current version
 * at open, in one transaction.  A bot's writer lock is a session-level
 * advisory lock (PG_WRITER_KEY) held until the connection closes, so a
 * second bot on the same database is refused, and the server drops the
 * lock when the bot's session dies.
 *
 * Group commit: a write does not go to the server at once; its statement
 * and parameters join the batch's log (pg_run), and batch_end sends the
 * whole log as one transaction (BEGIN, the writes, COMMIT) in libpq's
 * pipeline mode, one round trip, then waits for the results (pg_flush).
 * A query in the middle of a batch first sends the writes before it,
 * inside the transaction still open, so it reads them (pg_push).
 * A write outside a batch (or a begin/commit group outside one) is sent
 * the same way as its own transaction.  A refused commit leaves nothing
 * of the batch (ROLLBACK).
 *
 * What the bot reads while it runs (message ids, channel settings, the
 * next table id and number) is served from memory (store-pg-cache.h),
 * loaded at open and changed by each write as it is logged; a refused
 * batch takes its changes back.  Only one writer holds the lock, so
 * memory stays true.  Other reads are queries.
 */
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>
#include <uv.h>

#include "bot/daemon/log.h"
#include "bot/storage/store-pg-cache.h"
#include "bot/storage/store-pg-image.h"
#include "bot/storage/store-pg.h"
#include "bot/storage/store-rows.h"
#include "bot/storage/store.h"
#include "lib/backoff.h"
#include "lib/buf.h"
#include "lib/conninfo.h"
#include "lib/resolve.h"
#include "lib/xmalloc.h"

/* The advisory lock of a database's one writer: "CheersBt" in ASCII. */
#define PG_WRITER_KEY	"4856183441457275508"
/* Serializes schema upgrades of bots that open without the writer lock. */
#define PG_MIGRATE_KEY	"4856183441457275509"
/*
 * How long an open waits for the writer lock of a session that may be
 * a killed bot's (pg_lock_take), the wait of one that looks idle, and
 * between tries, in ms.
 */
#define PG_LOCK_WAIT_MS		10000
#define PG_LOCK_GRACE_MS	2000
#define PG_LOCK_RETRY_MS	100
#define PG_ARGS_MAX	16
/* A server's message kept in a cause, in bytes. */
#define PG_MESSAGE_MAX	400
/*
 * How long a read waits for the commits under way before it (the loop
 * waits with it), in ms: a commit takes milliseconds, and a server that
 * does not answer in this long fails the read, not the commits.
 */
#define PG_READ_WAIT_MS		2000
/* The waits between connects after the link was lost (backoff_delay). */
#define PG_RETRY_FIRST_MS	250
#define PG_RETRY_MAX_MS		5000
/* A commit's wait for its answer when the settings give none, in ms. */
#define PG_COMMIT_TIMEOUT_MS	15000
/* At most so many queries load memory (pg_load_parts). */
#define PG_LOAD_MAX	8

/* One write waiting for its batch's commit: static sql, owned values. */
struct pg_write {
	const char	*sql;
	int		 n;
	char		*v[PG_ARGS_MAX];	/* NULL: SQL NULL */
};

/* How the connection of a store on a loop is (see pg_start). */
enum pg_link {
	PG_UP,		/* connected, the session set up */
	PG_RESOLVING,	/* the host name being looked up (pg_resolved) */
	PG_CONNECTING,	/* PQconnectPoll under way */
	PG_SETUP,	/* connected, the session being set up */
	PG_LOADING,	/* set up, memory being read again (pg_load_send) */
	PG_DOWN,	/* waiting before the next connect */
};

/*
 * A batch handed over without waiting (pg_enqueue): its writes, the
 * cache journal's marks at its start and end, and whom to tell.
 */
struct pg_job {
	struct pg_write	*log;
	size_t		 nlog;
	size_t		 jmark, jend;
	void		(*done)(void *, int, char *);
	void		*arg;
	int		 sent;
	int		 settled;	/* 0 not yet; 1 committed; -1 not */
	char		*cause;
	/*
	 * Reads (pg_read_send) instead of a batch: log holds the query of
	 * each of out[0..nlog), whose results are kept in res as they come
	 * (got of them), and read into out when the job is delivered.
	 */
	struct store_read *out;
	PGresult	**res;
	int		 got;
	struct pg_job	*next;
};

struct store_pg {
	struct store	 store;		/* first: a struct store * points here */
	PGconn		*conn;
	/* What connects again (pg_connect); the password is never logged. */
	char		*conninfo, *password;
	uint64_t	 timeout_ms;
	uint64_t	 commit_ms;	/* a sent group's wait for its answer */
	char		*name;		/* the conninfo, its password masked */
	int		 flags;		/* STORE_OPEN_* */
	/* The connection died: the next write or read reconnects once. */
	int		 broken;
	/* Group commit: the writes not sent yet (see the top). */
	int		 batch;
	int		 in_group;
	size_t		 group_mark, group_jmark;
	struct pg_write	*log;
	size_t		 nlog, caplog;
	/*
	 * A read in a batch sends the writes before it ahead (pg_push):
	 * sent of them are on the server, in an open transaction (in_tx),
	 * the open group's under a savepoint (group_saved).  lost: why a
	 * write sent ahead failed, which undid the batch.
	 */
	size_t		 sent;
	int		 in_tx;
	int		 group_saved;
	char		*lost;
	struct pgcache	*mem;
	/* Restore's reads ahead, while load_tables runs (pg_ahead_*). */
	int		 ahead_on;
	PGresult	*ahead_ids, *ahead_snaps, *ahead_moves;
	int		 imaged;	/* open tables are pictured in mem */
	/*
	 * On a loop (pg_start; "Without waiting" below): the link, the poll
	 * on its socket, the timer of a connect's timeout or of the wait
	 * before the next, the one that hands settled jobs back, and the
	 * jobs, oldest first.
	 */
	uv_loop_t	*loop;
	enum pg_link	 link;
	uv_poll_t	*poll;
	int		 poll_fd;
	uv_timer_t	*timer, *later;
	int		 failures;	/* connects failed in a row */
	/*
	 * The conninfo's one host when it is a name to look up before each
	 * connect (pg_dns_host), the lookup under way, and what it found
	 * for the next connect: host repeated and hostaddr, one per address.
	 */
	char		*dns_host;
	struct resolve	*resolving;
	char		*dns_hosts, *dns_addrs;
	int		 syncs;		/* pipeline syncs not yet read back */
	int		 cleanups;	/* of them, a ROLLBACK's */
	char		*error;		/* the first error of the sent jobs */
	/*
	 * Each sent group writes a serial of its own into meta's
	 * 'commit_serial', so that after a commit lost unanswered (doubt)
	 * the set-up's look (seen) tells whether it was made.
	 */
	uint64_t	 serial, doubt_serial, seen_serial;
	int		 doubt;
	int		 locked;	/* PG_SETUP: the writer lock was got */
	int		 answers;	/* PG_SETUP: results read */
	/* PG_LOADING: the parts' results (nloaded), kept until all came. */
	PGresult	*loaded[PG_LOAD_MAX];
	size_t		 nloaded;
	/* Tables found changed by a load, for store_changed (pg_deliver). */
	struct pgimage_sum *changed;
	size_t		 nchanged, capchanged;
	size_t		 jnext;		/* the journal's mark where a job starts */
	struct pg_job	*jobs, **jobs_tail;
	struct pg_job	*reading;	/* the read job sent, if one is */
	/*
	 * Reads made in the open batch after it wrote: they join the jobs
	 * right behind the batch when it is handed over (pg_enqueue), so
	 * each sees the batch's writes committed, as SQLite's would.
	 */
	struct pg_job	*after, **after_tail;
};

/*
 * Migration N takes a database from version N to N + 1; version 0 is an
 * empty one.  Version 1 holds the same logical tables as the SQLite
 * backend's schema 5; version 2 adds what a cluster will need.
 */
static const char *const store_pg_migrations[] = {
	/* 0 -> 1: everything. */
	"CREATE TABLE tables ("
	"  id bigint PRIMARY KEY,"
	"  adapter text NOT NULL,"
	"  channel text NOT NULL,"
	"  game text NOT NULL,"
	"  seed text NOT NULL,"
	"  state text NOT NULL,"
	"  doc text NOT NULL,"
	"  result text,"
	"  created bigint NOT NULL,"
	"  updated bigint NOT NULL,"
	"  server text,"
	"  num bigint NOT NULL DEFAULT 0,"
	"  tag text NOT NULL DEFAULT '');"
	"CREATE INDEX tables_state ON tables (state);"
	"CREATE INDEX tables_num ON tables (adapter, num);"
	"CREATE TABLE moves ("
	"  table_id bigint NOT NULL REFERENCES tables (id) ON DELETE CASCADE,"
	"  seq integer NOT NULL,"
	"  seat integer NOT NULL,"
	"  move text NOT NULL,"
	"  at bigint NOT NULL DEFAULT 0,"
	"  PRIMARY KEY (table_id, seq));"
	"CREATE TABLE snapshots ("
	"  table_id bigint NOT NULL REFERENCES tables (id) ON DELETE CASCADE,"
	"  seq integer NOT NULL,"
	"  game text NOT NULL,"
	"  PRIMARY KEY (table_id, seq));"
	"CREATE TABLE outcomes ("
	"  table_id bigint NOT NULL REFERENCES tables (id) ON DELETE CASCADE,"
	"  seat integer NOT NULL,"
	"  adapter text NOT NULL,"
	"  channel text NOT NULL,"
	"  game text NOT NULL,"
	"  user_id text,"
	"  name text NOT NULL,"
	"  outcome text NOT NULL,"
	"  finished bigint NOT NULL,"
	"  PRIMARY KEY (table_id, seat));"
	"CREATE INDEX outcomes_user ON outcomes (adapter, user_id, finished);"
	"CREATE INDEX outcomes_scope ON outcomes (adapter, channel, game);"
	"CREATE TABLE channels ("
	"  adapter text NOT NULL,"
	"  channel text NOT NULL,"
	"  doc text NOT NULL,"
	"  PRIMARY KEY (adapter, channel));"
	"CREATE TABLE refs ("
	"  adapter text NOT NULL,"
	"  key text NOT NULL,"
	"  value text NOT NULL,"
	"  PRIMARY KEY (adapter, key));"
	"CREATE TABLE numbers ("
	"  adapter text NOT NULL,"
	"  server text NOT NULL,"
	"  last bigint NOT NULL,"
	"  PRIMARY KEY (adapter, server));"
	"CREATE TABLE meta ("
	"  key text PRIMARY KEY,"
	"  value bigint NOT NULL);"
	"INSERT INTO meta VALUES ('table_id', 0), ('cb1_max', 0);",
	/*
	 * 1 -> 2: what a cluster of bots on one database will need, unused
	 * by one bot: each table's owner (a process's name), the generation
	 * of its lease and when the lease ends (ms since the epoch; 0: none);
	 * and the events a process that does not own a table forwards to the
	 * one that does, in order, each stamped with the lease it was sent
	 * under.
	 */
	"ALTER TABLE tables"
	"  ADD COLUMN owner text,"
	"  ADD COLUMN lease_gen bigint NOT NULL DEFAULT 0,"
	"  ADD COLUMN lease_until bigint NOT NULL DEFAULT 0;"
	"CREATE TABLE forwarded ("
	"  id bigserial PRIMARY KEY,"
	"  table_id bigint NOT NULL REFERENCES tables (id) ON DELETE CASCADE,"
	"  lease_gen bigint NOT NULL,"
	"  sender text NOT NULL,"
	"  adapter text NOT NULL,"
	"  event text NOT NULL,"
	"  created bigint NOT NULL);"
	"CREATE INDEX forwarded_table ON forwarded (table_id, id);",
};
#define STORE_PG_VERSION \
	((int)(sizeof store_pg_migrations / sizeof store_pg_migrations[0]))

/* libpq's notices (an upgrade's "skipping") are no news to anyone. */
static void
pg_notice(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

/* A server's message on one line, capped, into buf. */
static const char *
pg_message(const char *msg, char *buf, size_t len)
{
	size_t	i, j = 0;

	for (i = 0; msg != NULL && msg[i] != '\0' && j + 1 < len; i++)
		buf[j++] = msg[i] == '\n' || msg[i] == '\t' ? ' ' : msg[i];
	while (j > 0 && buf[j - 1] == ' ')
		j--;
	buf[j] = '\0';
	return j == 0 ? "no answer" : buf;
}

/*
 * The cause of a failure while doing what, from result r (may be NULL:
 * the connection's message).  A connection gone is said so, and marks
 * the store broken.  Always -1.
 */
static int
pg_fail(struct store_pg *s, const PGresult *r, const char *what, char **cause)
{
	char	buf[PG_MESSAGE_MAX];
	const char *msg = r != NULL && PQresultErrorMessage(r)[0] != '\0' ?
		    PQresultErrorMessage(r) : PQerrorMessage(s->conn);

	if (PQstatus(s->conn) == CONNECTION_BAD) {
		s->broken = 1;
		return set_cause(cause, "%s: %s: the PostgreSQL connection was "
		    "lost: %s", s->name, what, pg_message(msg, buf, sizeof buf));
	}
	return set_cause(cause, "%s: %s: %s", s->name, what,
	    pg_message(msg, buf, sizeof buf));
}

/* Runs sql (several statements allowed) without values; 0 or -1. */
static int
pg_exec(struct store_pg *s, const char *sql, const char *what, char **cause)
{
	PGresult	*r = PQexec(s->conn, sql);
	int		 ok = PQresultStatus(r) == PGRES_COMMAND_OK ||
			    PQresultStatus(r) == PGRES_TUPLES_OK;

	if (!ok)
		pg_fail(s, r, what, cause);
	PQclear(r);
	return ok ? 0 : -1;
}

/*
 * A query's rows, with values v (n of them, text, NULL allowed); caller
 * PQclears.  NULL with *cause.
 */
static PGresult *
pg_select(struct store_pg *s, const char *what, char **cause, const char *sql,
    int n, const char *const *v)
{
	PGresult	*r = PQexecParams(s->conn, sql, n, NULL, v, NULL, NULL, 0);

	if (PQresultStatus(r) == PGRES_TUPLES_OK)
		return r;
	pg_fail(s, r, what, cause);
	PQclear(r);
	return NULL;
}

/* The one boolean a query without values gives, 1 for true; -1 failed. */
static int
pg_yes(struct store_pg *s, const char *sql, const char *what, char **cause)
{
	PGresult	*r = pg_select(s, what, cause, sql, 0, NULL);
	int		 yes;

	if (r == NULL)
		return -1;
	yes = PQntuples(r) > 0 && strcmp(PQgetvalue(r, 0, 0), "t") == 0;
	PQclear(r);
	return yes;
}

/* The version the database's schema is at: 0 for an empty one; -1. */
static int
pg_version(struct store_pg *s, char **cause)
{
	PGresult	*r;
	int		 v = 0;

	switch (pg_yes(s, "SELECT to_regclass('meta') IS NOT NULL",
	    "reading the schema version", cause)) {
	case -1:
		return -1;
	case 0:
		return 0;
	}
	if ((r = pg_select(s, "reading the schema version", cause, "SELECT "
	    "value FROM meta WHERE key = 'schema_version'", 0, NULL)) == NULL)
		return -1;
	if (PQntuples(r) > 0)
		v = atoi(PQgetvalue(r, 0, 0));
	PQclear(r);
	return v;
}

/* Takes the database to STORE_PG_VERSION, in one transaction. */
static int
pg_migrate(struct store_pg *s, char **cause)
{
	char	sql[128];
	int	v, version;

	if (pg_exec(s, "BEGIN; SELECT pg_advisory_xact_lock(" PG_MIGRATE_KEY
	    ")", "starting the schema upgrade", cause) != 0)
		return -1;
	if ((version = pg_version(s, cause)) < 0)
		goto fail;
	if (version > STORE_PG_VERSION) {
		set_cause(cause, "%s: written by a newer cheersbot (schema %d, "
		    "this one knows %d); upgrade the bot", s->name, version,
		    STORE_PG_VERSION);
		goto fail;
	}
	for (v = version; v < STORE_PG_VERSION; v++) {
		if (pg_exec(s, store_pg_migrations[v], "upgrading the schema",
		    cause) != 0)
			goto fail;
	}
	snprintf(sql, sizeof sql, "INSERT INTO meta VALUES ('schema_version', "
	    "%d) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
	    STORE_PG_VERSION);
	if (pg_exec(s, sql, "upgrading the schema", cause) != 0 ||
	    pg_exec(s, "COMMIT", "upgrading the schema", cause) != 0)
		goto fail;
	return 0;
fail:
	PQclear(PQexec(s->conn, "ROLLBACK"));
	return -1;
}

static int	pg_load(struct store_pg *, char **);
static void	pg_load_drop(struct store_pg *);

/*
 * Forgets the message ids of tables that are over or gone (as the SQLite
 * backend does at open).  Upkeep only: a failure changes nothing.
 */
static void
pg_drop_stale_refs(struct store_pg *s)
{
	PQclear(PQexec(s->conn, "DELETE FROM refs WHERE key ~ "
	    "'^[^:]*:[0-9]{1,18}:' AND substring(key from "
	    "'^[^:]*:([0-9]{1,18}):')::bigint NOT IN (SELECT id FROM tables "
	    "WHERE state != 'over')"));
}

/*
 * The writer's lock: 1 got, 0 held by another session, -1 with *cause.
 * A bot killed a moment ago keeps the lock until its server process
 * notices, at once when it was idle, after its statement when it was
 * running one: while the holder runs a statement (or for the first
 * PG_LOCK_GRACE_MS), the lock is tried again, up to PG_LOCK_WAIT_MS in
 * all.  A holder idle after the grace is a bot that runs.
 */
static int
pg_lock_take(struct store_pg *s, char **cause)
{
	uint64_t	 start = uv_hrtime() / 1000000, waited;
	int		 got, idle, said = 0;

	for (;;) {
		if ((got = pg_yes(s, "SELECT pg_try_advisory_lock("
		    PG_WRITER_KEY ")", "taking the writer lock", cause)) != 0)
			return got;
		waited = uv_hrtime() / 1000000 - start;
		if (waited >= PG_LOCK_WAIT_MS)
			return 0;
		/* Unreadable (another role's session): not idle, so wait. */
		if ((idle = pg_yes(s, "SELECT coalesce((SELECT a.state = "
		    "'idle' FROM pg_locks l JOIN pg_stat_activity a ON a.pid = "
		    "l.pid WHERE l.locktype = 'advisory' AND l.granted AND "
		    "(l.classid::bigint << 32) | l.objid::bigint = "
		    PG_WRITER_KEY " LIMIT 1), false)", "taking the writer lock",
		    cause)) < 0)
			return -1;
		if (idle && waited >= PG_LOCK_GRACE_MS)
			return 0;
		/* Usual after a kill: not a warning (a bot is refused). */
		if (!said++)
			log_info("store: PostgreSQL %s: another session holds "
			    "the writer lock; waiting up to %d s for a previous "
			    "bot's session to end", s->name,
			    PG_LOCK_WAIT_MS / 1000);
		uv_sleep(PG_LOCK_RETRY_MS);
	}
}

/*
 * What each session of the store sets up, on its first connection and
 * after a reconnect: durable commits, read-only for a reader, the
 * writer's lock (*held 1 when another session has it).
 */
static int
pg_session(struct store_pg *s, int *held, char **cause)
{
	int	got;

	*held = 0;
	if (pg_exec(s, "SET synchronous_commit = on", "setting up the session",
	    cause) != 0)
		return -1;
	if ((s->flags & STORE_OPEN_READONLY) && pg_exec(s, "SET "
	    "default_transaction_read_only = on", "setting up the session",
	    cause) != 0)
		return -1;
	if (!(s->flags & STORE_OPEN_WRITER))
		return 0;
	if ((got = pg_lock_take(s, cause)) < 0)
		return -1;
	if (got == 0) {
		*held = 1;
		return set_cause(cause, "%s: another cheersbot is using this "
		    "database", s->name);
	}
	return 0;
}

static void
pg_write_free(struct pg_write *w)
{
	int	i;

	for (i = 0; i < w->n; i++)
		free(w->v[i]);
}

/* Forgets the log's writes from the n-th on. */
static void
pg_log_cut(struct store_pg *s, size_t n)
{
	while (s->nlog > n)
		pg_write_free(&s->log[--s->nlog]);
}

static void	pg_stop(struct store_pg *);

static void
pg_close(struct store *store)
{
	struct store_pg	*s = (struct store_pg *)store;

	if (s == NULL)
		return;
	pg_stop(s);
	if (s->password != NULL)
		explicit_bzero(s->password, strlen(s->password));
	free(s->password);
	free(s->conninfo);
	free(s->dns_host);
	pg_log_cut(s, 0);
	free(s->log);
	free(s->lost);
	pgimage_sums_free(s->changed, s->nchanged);
	pg_load_drop(s);
	pgcache_free(s->mem);
	/* Closing the session drops the writer lock. */
	PQfinish(s->conn);
	free(s->name);
	free(s);
}

/*
 * Connects with the store's server settings, waiting (PQconnectdbParams)
 * or not (start: PQconnectStartParams); the caller checks the status.
 * TCP keepalives find a server gone without a word within a minute.
 */
static PGconn *
pg_connect(struct store_pg *s, int start)
{
	const char	*keys[11], *values[11];
	char		 timeout[24];
	uint64_t	 secs = (s->timeout_ms + 999) / 1000;
	int		 n = 0;

	snprintf(timeout, sizeof timeout, "%" PRIu64, secs < 1 ? 1 : secs);
	/* What the conninfo says itself comes after, and wins. */
	keys[n] = "application_name";
	values[n++] = "cheersbot";
	keys[n] = "connect_timeout";
	values[n++] = timeout;
	keys[n] = "keepalives";
	values[n++] = "1";
	keys[n] = "keepalives_idle";
	values[n++] = "30";
	keys[n] = "keepalives_interval";
	values[n++] = "10";
	keys[n] = "keepalives_count";
	values[n++] = "3";
	keys[n] = "dbname";
	values[n++] = s->conninfo;
	/* The host looked up on the loop (pg_resolved); its name stays. */
	if (start && s->dns_addrs != NULL) {
		keys[n] = "host";
		values[n++] = s->dns_hosts;
		keys[n] = "hostaddr";
		values[n++] = s->dns_addrs;
	}
	if (s->password != NULL && s->password[0] != '\0') {
		keys[n] = "password";
		values[n++] = s->password;
	}
	keys[n] = NULL;
	values[n] = NULL;
	if (start)
		return PQconnectStartParams(keys, values, 1);
	return PQconnectdbParams(keys, values, 1);
}

/* A connection that failed: the cause, with a refused login said so. */
static int
pg_connect_failed(struct store_pg *s, char **cause)
{
	char		 buf[PG_MESSAGE_MAX];
	const char	*msg = PQerrorMessage(s->conn);

	pg_message(msg, buf, sizeof buf);
	if (PQconnectionNeedsPassword(s->conn) ||
	    strstr(msg, "authentication failed") != NULL)
		return set_cause(cause, "%s: PostgreSQL refused the login: %s",
		    s->name, buf);
	return set_cause(cause, "%s: cannot connect to PostgreSQL: %s",
	    s->name, buf);
}

/*
 * The backend's open (struct store_ops): set's server.  A writer's lock
 * is taken before anything is written; an upgrade of the schema, and
 * the message ids of ended tables forgotten, then memory loaded.
 */
static struct store *
pg_open(const struct store_settings *set, int flags, int *held, char **cause)
{
	struct store_pg	*s;
	int		 busy = 0, version;

	if (set->server.conninfo == NULL || set->server.conninfo[0] == '\0')
		return set_cause(cause, "the store has no PostgreSQL database "
		    "to open (postgres.url)"), NULL;
	s = xcalloc(1, sizeof *s);
	s->store.ops = &store_pg_ops;
	s->name = conninfo_mask(set->server.conninfo);
	s->flags = flags;
	s->mem = pgcache_new();
	s->conninfo = xstrdup(set->server.conninfo);
	s->password = set->server.password == NULL ? NULL :
	    xstrdup(set->server.password);
	s->timeout_ms = set->server.connect_timeout_ms;
	s->commit_ms = set->server.commit_timeout_ms > 0 ?
	    set->server.commit_timeout_ms : PG_COMMIT_TIMEOUT_MS;
	s->jobs_tail = &s->jobs;
	s->after_tail = &s->after;
	s->conn = pg_connect(s, 0);
	if (s->conn == NULL)
		fatalx("postgres: out of memory");
	if (PQstatus(s->conn) != CONNECTION_OK) {
		pg_connect_failed(s, cause);
		goto fail;
	}
	PQsetNoticeProcessor(s->conn, pg_notice, NULL);
	if (pg_session(s, &busy, cause) != 0)
		goto fail;
	if (flags & STORE_OPEN_READONLY) {
		if ((version = pg_version(s, cause)) < 0)
			goto fail;
		if (version != STORE_PG_VERSION) {
			set_cause(cause, "%s: schema %d, this cheersbot knows %d; "
			    "%s", s->name, version, STORE_PG_VERSION, version <
			    STORE_PG_VERSION ? "start the bot once to upgrade it" :
			    "upgrade this program");
			goto fail;
		}
	} else {
		if (pg_migrate(s, cause) != 0)
			goto fail;
		pg_drop_stale_refs(s);
	}
	if (pg_load(s, cause) != 0)
		goto fail;
	log_debug("store: PostgreSQL %s open, schema %d", s->name,
	    STORE_PG_VERSION);
	return &s->store;
fail:
	if (held != NULL)
		*held = busy;
	pg_close(&s->store);
	return NULL;
}

/*
 * Before talking to the server: a connection that died is made again,
 * once per call, its session set up (the writer's lock taken again) and
 * memory loaded again, since a commit lost with it may have been made
 * or not.
 */
static int
pg_ensure(struct store_pg *s, char **cause)
{
	int	held;

	if (!s->broken)
		return 0;
	if (PQpipelineStatus(s->conn) != PQ_PIPELINE_OFF)
		PQexitPipelineMode(s->conn);
	PQreset(s->conn);
	if (PQstatus(s->conn) != CONNECTION_OK) {
		pg_connect_failed(s, cause);
		return -1;
	}
	PQsetNoticeProcessor(s->conn, pg_notice, NULL);
	if (pg_session(s, &held, cause) != 0 || pg_load(s, cause) != 0)
		return -1;
	s->broken = 0;
	log_warn("store: PostgreSQL %s: connected again", s->name);
	return 0;
}

/* Reads every result of the pipeline up to its sync; 0 when all went. */
static int
pg_drain(struct store_pg *s, const char *what, char **cause)
{
	PGresult	*r;
	int		 failed = 0, nulls = 0;

	for (;;) {
		if ((r = PQgetResult(s->conn)) == NULL) {
			/* Two in a row: nothing more is coming (a lost link). */
			if (++nulls > 1 || PQstatus(s->conn) == CONNECTION_BAD)
				break;
			continue;
		}
		nulls = 0;
		switch (PQresultStatus(r)) {
		case PGRES_PIPELINE_SYNC:
			PQclear(r);
			return failed;
		case PGRES_COMMAND_OK:
		case PGRES_TUPLES_OK:
		case PGRES_PIPELINE_ABORTED:
			break;
		default:
			if (!failed)
				pg_fail(s, r, what, cause);
			failed = -1;
			break;
		}
		PQclear(r);
	}
	if (!failed)
		pg_fail(s, NULL, what, cause);
	return -1;
}

/* Queues one statement without values in the pipeline. */
static int
pg_send_plain(struct store_pg *s, const char *sql)
{
	return PQsendQueryParams(s->conn, sql, 0, NULL, NULL, NULL, NULL, 0);
}

/*
 * Sends the log's writes not sent yet (from s->sent on) in one round
 * trip: after BEGIN when no transaction is open, with a savepoint where
 * an open group begins (so that its rollback can undo what was sent of
 * it), and with COMMIT when commit is set.  0 when all went; -1 with
 * *cause, and then the transaction is rolled back whole.
 */
static int
pg_send(struct store_pg *s, int commit, char **cause)
{
	size_t	i;
	int	rc = -1;

	if (s->flags & STORE_OPEN_READONLY)
		return set_cause(cause, "%s: opened to read only", s->name);
	if (pg_ensure(s, cause) != 0)
		return -1;
	if (PQenterPipelineMode(s->conn) != 1)
		return pg_fail(s, NULL, "saving", cause);
	if (!s->in_tx && pg_send_plain(s, "BEGIN") != 1)
		goto lost;
	for (i = s->sent; i <= s->nlog; i++) {
		if (s->in_group && !s->group_saved && i == s->group_mark) {
			if (pg_send_plain(s, "SAVEPOINT g") != 1)
				goto lost;
			s->group_saved = 1;
		}
		if (i < s->nlog && PQsendQueryParams(s->conn, s->log[i].sql,
		    s->log[i].n, NULL, (const char *const *)s->log[i].v, NULL,
		    NULL, 0) != 1)
			goto lost;
	}
	if ((commit && pg_send_plain(s, "COMMIT") != 1) ||
	    PQpipelineSync(s->conn) != 1)
		goto lost;
	rc = pg_drain(s, "saving", cause);
	goto leave;
lost:
	pg_fail(s, NULL, "saving", cause);
leave:
	if (PQpipelineStatus(s->conn) != PQ_PIPELINE_OFF &&
	    PQexitPipelineMode(s->conn) != 1)
		s->broken = 1;
	s->sent = s->nlog;
	s->in_tx = rc == 0 && !commit;
	/* An error inside BEGIN leaves the transaction open and failed. */
	if (rc != 0 && !s->broken &&
	    PQtransactionStatus(s->conn) != PQTRANS_IDLE)
		PQclear(PQexec(s->conn, "ROLLBACK"));
	return rc;
}

/*
 * Commits the log as one transaction (what a read made go ahead of it
 * included) and waits for it: 0 when committed.  Either way the log is
 * emptied; a refused one takes memory back to what was committed, and
 * leaves nothing on the server.
 */
static int	pg_enqueue(struct store_pg *, void (*)(void *, int, char *),
		    void *, char **);

static int
pg_flush(struct store_pg *s, char **cause)
{
	int	rc;

	/* On a loop, a write outside a batch goes without waiting too. */
	if (s->loop != NULL)
		return pg_enqueue(s, NULL, NULL, cause) < 0 ? -1 : 0;
	if (s->lost)
		rc = set_cause(cause, "%s", s->lost);
	else if (s->nlog == 0 && !s->in_tx)
		rc = 0;
	else
		rc = pg_send(s, 1, cause);
	pg_log_cut(s, 0);
	s->sent = 0;
	s->in_tx = 0;
	s->group_saved = 0;
	free(s->lost);
	s->lost = NULL;
	if (rc == 0)
		pgcache_settle(s->mem);
	else
		pgcache_undo(s->mem, 0);
	return rc;
}

/*
 * Before a query in a batch or group: the writes logged so far go to
 * the server, inside the transaction they will commit in, so the query
 * sees them as SQLite's would.  A failure dooms the batch (s->lost),
 * whose end reports it; the query then sees what was committed.
 */
static void
pg_push(struct store_pg *s)
{
	char	*cause = NULL;

	if ((!s->batch && !s->in_group) || s->lost != NULL ||
	    s->sent == s->nlog)
		return;
	if (pg_send(s, 0, &cause) != 0)
		s->lost = cause;
}

/*
 * One write: sql (static) with values of types, one a character: 't'
 * text (NULL allowed), 'i' long long.  In a batch or group it joins the
 * log; alone it is sent at once.
 */
static int
pg_run(struct store_pg *s, char **cause, const char *sql, const char *types,
    ...)
{
	struct pg_write	 w;
	const char	*text;
	va_list		 ap;
	int		 i;

	memset(&w, 0, sizeof w);
	w.sql = sql;
	va_start(ap, types);
	for (i = 0; i < PG_ARGS_MAX && types[i] != '\0'; i++) {
		if (types[i] == 't') {
			text = va_arg(ap, const char *);
			w.v[i] = text == NULL ? NULL : xstrdup(text);
		} else
			w.v[i] = xasprintf("%lld", va_arg(ap, long long));
	}
	va_end(ap);
	w.n = i;
	if (s->nlog == s->caplog) {
		s->caplog = s->caplog == 0 ? 64 : s->caplog * 2;
		s->log = xreallocarray(s->log, s->caplog, sizeof *s->log);
	}
	s->log[s->nlog++] = w;
	if (s->batch || s->in_group)
		return 0;
	return pg_flush(s, cause);
}

/* A group of writes that stands or falls together (see store.h). */
static int
pg_begin(struct store *store, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;

	(void)cause;
	s->in_group = 1;
	s->group_mark = s->nlog;
	s->group_jmark = pgcache_mark(s->mem);
	return 0;
}

static int
pg_commit(struct store *store, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;

	s->in_group = 0;
	s->group_saved = 0;
	return s->batch ? 0 : pg_flush(s, cause);
}

static void
pg_rollback(struct store *store)
{
	struct store_pg	*s = (struct store_pg *)store;

	if (!s->in_group)
		return;
	/* What a read sent of the group is undone on the server too. */
	if (s->group_saved && s->lost == NULL &&
	    pg_exec(s, "ROLLBACK TO SAVEPOINT g; RELEASE SAVEPOINT g",
	    "undoing a write", &s->lost) != 0) {
		PQclear(PQexec(s->conn, "ROLLBACK"));
		s->in_tx = 0;
	}
	pg_log_cut(s, s->group_mark);
	if (s->sent > s->group_mark)
		s->sent = s->group_mark;
	pgcache_undo(s->mem, s->group_jmark);
	s->in_group = 0;
	s->group_saved = 0;
}

static void
pg_batch_begin(struct store *store)
{
	struct store_pg	*s = (struct store_pg *)store;

	s->batch = 1;
}

static int
pg_batch_end(struct store *store, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;

	s->batch = 0;
	return pg_flush(s, cause);
}

static int
pg_batch_pending(struct store *store)
{
	return (int)((struct store_pg *)store)->nlog;
}

/* Nothing waits for a batch's output on a server. */
static void
pg_idle(struct store *store)
{
	(void)store;
}

/* Memory's number under ('m', key); 0 when none. */
static uint64_t
pg_meta(struct store_pg *s, const char *key)
{
	const char	*v = pgcache_get(s->mem, 'm', "", key);

	return v == NULL ? 0 : strtoull(v, NULL, 10);
}

static void
pg_meta_set(struct store_pg *s, const char *key, uint64_t n)
{
	char	buf[24];

	snprintf(buf, sizeof buf, "%" PRIu64, n);
	pgcache_set(s->mem, 'm', "", key, buf);
}

static int
pg_save_table(struct store *store, const struct store_table *t, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;
	char		 seed[17];

	if (t->id > pg_meta(s, "max_id"))
		pg_meta_set(s, "max_id", t->id);
	if (s->imaged)
		pgimage_table(s->mem, t);
	snprintf(seed, sizeof seed, "%016" PRIx64, t->seed);
	return pg_run(s, cause,
	    "INSERT INTO tables (id, adapter, channel, game, seed, state, doc, "
	    "created, updated, server, num, tag) VALUES ($1, $2, $3, $4, $5, "
	    "$6, $7, $8, $9, $10, $11, $12) ON CONFLICT (id) DO UPDATE SET "
	    "state = excluded.state, doc = excluded.doc, updated = "
	    "excluded.updated", "itttttti" "itit", (long long)t->id, t->adapter,
	    t->channel, t->game, seed, t->state, t->doc, (long long)t->updated,
	    (long long)t->updated, t->server, (long long)t->num,
	    t->tag == NULL ? "" : t->tag);
}

static int
pg_delete_table(struct store *store, uint64_t id, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;

	if (s->imaged)
		pgimage_drop(s->mem, id);
	return pg_run(s, cause,
	    "DELETE FROM tables WHERE id = $1", "i", (long long)id);
}

static int
pg_append_move(struct store *store, uint64_t id, const struct store_move *m,
    char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;

	if (s->imaged)
		pgimage_move(s->mem, id, m);
	return pg_run(s, cause,
	    "INSERT INTO moves (table_id, seq, seat, move, at) VALUES "
	    "($1, $2, $3, $4, $5)", "iiiti", (long long)id, (long long)m->seq,
	    (long long)m->seat, m->move, (long long)m->at);
}

static int
pg_save_snapshot(struct store *store, uint64_t id, int seq, const char *game,
    char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;

	if (s->imaged)
		pgimage_snapshot(s->mem, id, seq, game);
	return pg_run(s, cause,
	    "INSERT INTO snapshots (table_id, seq, game) VALUES ($1, $2, $3) "
	    "ON CONFLICT (table_id, seq) DO UPDATE SET game = excluded.game",
	    "iit", (long long)id, (long long)seq, game);
}

static int
pg_record_result(struct store *store, uint64_t id, const char *result,
    const struct store_outcome *o, int n, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;
	long long	 now = (long long)store_now();
	int		 i;

	if (s->imaged)
		pgimage_drop(s->mem, id);
	if (pg_run(s, cause, "UPDATE tables SET state = 'over', result = $1, "
	    "updated = $2 WHERE id = $3", "tii", result, now,
	    (long long)id) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (pg_run(s, cause, "INSERT INTO outcomes (table_id, seat, "
		    "adapter, channel, game, user_id, name, outcome, finished) "
		    "SELECT id, $1::integer, adapter, channel, game, $2::text, "
		    "$3::text, $4::text, $5::bigint FROM tables WHERE id = "
		    "$6::bigint ON CONFLICT (table_id, seat) DO UPDATE SET "
		    "user_id = excluded.user_id, name = excluded.name, outcome = "
		    "excluded.outcome, finished = excluded.finished", "ittti" "i",
		    (long long)o[i].seat, o[i].user_id, o[i].name, o[i].outcome,
		    now, (long long)id) != 0)
			return -1;
	}
	return 0;
}

static int	pg_wait(struct store_pg *, uint64_t, char **);

/*
 * Before a query: on a loop, the jobs answered first (pg_wait);
 * otherwise the connection made again if it died.
 */
static PGresult *
pg_query(struct store_pg *s, const char *what, char **cause, const char *sql,
    int n, const char *const *v)
{
	if (s->loop != NULL && pg_wait(s, PG_READ_WAIT_MS, cause) != 0)
		return NULL;
	pg_push(s);
	if (s->loop == NULL && pg_ensure(s, cause) != 0)
		return NULL;
	if (s->loop != NULL && s->link != PG_UP)
		return set_cause(cause, "%s: %s", s->name, s->lost != NULL ?
		    s->lost : "the PostgreSQL connection was lost"), NULL;
	return pg_select(s, what, cause, sql, n, v);
}

/* The value of row, col, or NULL when it is SQL NULL. */
static const char *
pg_value(const PGresult *r, int row, int col)
{
	return PQgetisnull(r, row, col) ? NULL : PQgetvalue(r, row, col);
}

/*
 * Whether a read of table id is served from memory's picture: the table
 * is pictured, or (any) the bot runs, which reads only open tables.
 */
static int
pg_pictured(struct store *store, uint64_t id, int any)
{
	struct store_pg	*s = (struct store_pg *)store;

	return s->imaged && ((any && s->loop != NULL) ||
	    pgimage_has(s->mem, id));
}

#define PG_TABLE_COLUMNS \
	"SELECT id, adapter, channel, game, seed, state, doc, result, updated, " \
	"created, server, num, tag FROM tables "

/* Calls cb for each row of r, a tables query's (PG_TABLE_COLUMNS). */
static int
pg_table_rows(const PGresult *r, store_table_cb cb, void *arg, int *found,
    char **cause)
{
	struct store_table	 t;
	int			 row, rc = 0;

	for (row = 0; row < PQntuples(r) && rc == 0; row++) {
		memset(&t, 0, sizeof t);
		t.id = strtoull(PQgetvalue(r, row, 0), NULL, 10);
		t.adapter = PQgetvalue(r, row, 1);
		t.channel = PQgetvalue(r, row, 2);
		t.game = PQgetvalue(r, row, 3);
		t.seed = strtoull(PQgetvalue(r, row, 4), NULL, 16);
		t.state = PQgetvalue(r, row, 5);
		t.doc = PQgetvalue(r, row, 6);
		t.result = pg_value(r, row, 7);
		t.updated = strtoll(PQgetvalue(r, row, 8), NULL, 10);
		t.created = strtoll(PQgetvalue(r, row, 9), NULL, 10);
		t.server = pg_value(r, row, 10);
		t.num = strtoull(PQgetvalue(r, row, 11), NULL, 10);
		t.tag = PQgetvalue(r, row, 12);
		if (found != NULL)
			*found = 1;
		rc = cb(&t, arg, cause);
	}
	return rc;
}

/* Calls cb for each row of a tables query (sql, n values v). */
static int
pg_each_table(struct store_pg *s, const char *sql, int n,
    const char *const *v, store_table_cb cb, void *arg, int *found,
    char **cause)
{
	PGresult	*r;
	int		 rc;

	if ((r = pg_query(s, "reading tables", cause, sql, n, v)) == NULL)
		return -1;
	rc = pg_table_rows(r, cb, arg, found, cause);
	PQclear(r);
	return rc;
}

/*
 * Restore reads each open table's newest snapshot and the moves after
 * it, one table after another in id order: one round trip each, 20,000
 * for 10,000 tables.  While load_tables runs, those reads of the open
 * tables are served from a window of 256 of them read ahead, from the
 * id asked for on, in three queries (their ids, snapshots and moves).
 */
#define PG_AHEAD_OPEN	"(SELECT id FROM tables WHERE state IN ('lobby', " \
	"'playing') AND id >= $1::bigint ORDER BY id LIMIT 256)"

static void
pg_ahead_drop(struct store_pg *s)
{
	PQclear(s->ahead_ids);
	PQclear(s->ahead_snaps);
	PQclear(s->ahead_moves);
	s->ahead_ids = s->ahead_snaps = s->ahead_moves = NULL;
}

/* Reads ahead the window of open tables from id on; 0, or -1 with *cause. */
static int
pg_ahead_fetch(struct store_pg *s, uint64_t id, char **cause)
{
	char		 ids[24];
	const char	*v[1] = { ids };

	pg_ahead_drop(s);
	snprintf(ids, sizeof ids, "%" PRIu64, id);
	if ((s->ahead_ids = pg_query(s, "reading tables", cause,
	    PG_AHEAD_OPEN, 1, v)) == NULL ||
	    (s->ahead_snaps = pg_query(s, "reading snapshots", cause, "SELECT "
	    "DISTINCT ON (table_id) table_id, seq, game FROM snapshots WHERE "
	    "table_id IN " PG_AHEAD_OPEN " ORDER BY table_id, seq DESC", 1,
	    v)) == NULL || (s->ahead_moves = pg_query(s, "reading moves",
	    cause, "SELECT m.table_id, m.seq, m.seat, m.move, m.at FROM moves "
	    "m WHERE m.table_id IN " PG_AHEAD_OPEN " AND m.seq >= coalesce(("
	    "SELECT max(seq) FROM snapshots n WHERE n.table_id = m.table_id), "
	    "0) ORDER BY m.table_id, m.seq", 1, v)) == NULL) {
		pg_ahead_drop(s);
		return -1;
	}
	return 0;
}

/* The first row of r (column 0 the table id, sorted) for id, or -1. */
static int
pg_ahead_row(const PGresult *r, uint64_t id)
{
	int		 lo = 0, hi = PQntuples(r), mid;
	uint64_t	 at;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		at = strtoull(PQgetvalue(r, mid, 0), NULL, 10);
		if (at < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < PQntuples(r) && strtoull(PQgetvalue(r, lo, 0), NULL, 10) == id)
		return lo;
	return -1;
}

/*
 * Whether what was read ahead covers table id (read ahead anew from id
 * on when it lies past the window): 1, or 0 when the caller must ask
 * the server (no read ahead now, or not an open table); -1 with *cause.
 */
static int
pg_ahead_has(struct store_pg *s, uint64_t id, char **cause)
{
	int	last;

	if (!s->ahead_on)
		return 0;
	last = s->ahead_ids == NULL ? -1 : PQntuples(s->ahead_ids) - 1;
	if ((last < 0 || id > strtoull(PQgetvalue(s->ahead_ids, last, 0),
	    NULL, 10)) && pg_ahead_fetch(s, id, cause) != 0)
		return -1;
	return pg_ahead_row(s->ahead_ids, id) >= 0;
}

/*
 * Restore reads the open tables in pages of PG_LOAD_PAGE by id: one
 * result of every table at once would leave a hole of its size in the
 * heap once freed (about 7 MB at 10,000 tables).
 */
#define PG_LOAD_PAGE	512

/* A page of load_tables: the caller's callback, and what the page saw. */
struct pg_load_page {
	store_table_cb	 cb;
	void		*arg;
	uint64_t	 last;		/* the id of the page's last row */
	int		 rows;
};

/* A row of a page: its id kept, then the caller's callback. */
static int
pg_load_row(const struct store_table *t, void *arg, char **cause)
{
	struct pg_load_page	*p = arg;

	p->last = t->id;
	p->rows++;
	return p->cb(t, p->arg, cause);
}

static int
pg_load_tables(struct store *store, store_table_cb cb, void *arg, char **cause)
{
	struct store_pg		*s = (struct store_pg *)store;
	struct pg_load_page	 p = { cb, arg, 0, 0 };
	char			 ids[24], page[16];
	const char		*v[2] = { ids, page };
	int			 rc = 0;

	snprintf(page, sizeof page, "%d", PG_LOAD_PAGE);
	s->ahead_on = 1;
	/* Until a page comes back short: the last one. */
	p.rows = PG_LOAD_PAGE;
	while (rc == 0 && p.rows == PG_LOAD_PAGE) {
		p.rows = 0;
		snprintf(ids, sizeof ids, "%" PRIu64, p.last);
		rc = pg_each_table(s, PG_TABLE_COLUMNS "WHERE state IN ("
		    "'lobby', 'playing') AND id > $1::bigint ORDER BY id "
		    "LIMIT $2::int", 2, v, pg_load_row, &p, NULL, cause);
	}
	s->ahead_on = 0;
	pg_ahead_drop(s);
	return rc;
}

static int
pg_list_tables(struct store *store, store_table_cb cb, void *arg, char **cause)
{
	return pg_each_table((struct store_pg *)store, PG_TABLE_COLUMNS
	    "WHERE state != 'over' ORDER BY id", 0, NULL, cb, arg, NULL, cause);
}

static int
pg_load_table(struct store *store, uint64_t id, store_table_cb cb, void *arg,
    int *found, char **cause)
{
	char		 ids[24];
	const char	*v[1] = { ids };

	*found = 0;
	/* A running bot asks only for open tables: memory has them all. */
	if (pg_pictured(store, id, 1)) {
		*found = pgimage_has(((struct store_pg *)store)->mem, id);
		return *found ? pgimage_load_table(((struct store_pg *)
		    store)->mem, id, cb, arg, cause) : 0;
	}
	snprintf(ids, sizeof ids, "%" PRIu64, id);
	return pg_each_table((struct store_pg *)store, PG_TABLE_COLUMNS
	    "WHERE id = $1", 1, v, cb, arg, found, cause);
}

static int
pg_load_snapshot(struct store *store, uint64_t id, int *seq, char **game,
    char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;
	PGresult	*r;
	char		 ids[24];
	const char	*v[1] = { ids };
	int		 row;

	*seq = -1;
	*game = NULL;
	if (pg_pictured(store, id, 0)) {
		pgimage_load_snapshot(s->mem, id, seq, game);
		return 0;
	}
	switch (pg_ahead_has(s, id, cause)) {
	case -1:
		return -1;
	case 1:
		if ((row = pg_ahead_row(s->ahead_snaps, id)) >= 0) {
			*seq = atoi(PQgetvalue(s->ahead_snaps, row, 1));
			*game = xstrdup(PQgetvalue(s->ahead_snaps, row, 2));
		}
		return 0;
	}
	snprintf(ids, sizeof ids, "%" PRIu64, id);
	if ((r = pg_query(s, "reading a snapshot", cause, "SELECT seq, game "
	    "FROM snapshots WHERE table_id = $1 ORDER BY seq DESC LIMIT 1", 1,
	    v)) == NULL)
		return -1;
	if (PQntuples(r) > 0) {
		*seq = atoi(PQgetvalue(r, 0, 0));
		*game = xstrdup(PQgetvalue(r, 0, 1));
	}
	PQclear(r);
	return 0;
}

/*
 * Calls cb for the moves of table id in r from row on (its columns from
 * col: seq, seat, move, at; before col, the table's id, when the rows
 * are of several tables), those from seq from_seq.  A row of -1: none.
 */
static int
pg_moves_from(const PGresult *r, int col, int row, uint64_t id, int from_seq,
    store_move_cb cb, void *arg, char **cause)
{
	struct store_move	m;
	int			rc = 0;

	for (; row >= 0 && row < PQntuples(r) && rc == 0; row++) {
		if (col > 0 && strtoull(PQgetvalue(r, row, 0), NULL, 10) != id)
			break;
		m.seq = atoi(PQgetvalue(r, row, col));
		if (m.seq < from_seq)
			continue;
		m.seat = atoi(PQgetvalue(r, row, col + 1));
		m.move = PQgetvalue(r, row, col + 2);
		m.at = strtoll(PQgetvalue(r, row, col + 3), NULL, 10);
		rc = cb(&m, arg, cause);
	}
	return rc;
}

/* The WHERE clause of a scope, binding adapter, channel, game in order. */
#define PG_SCOPE \
	"($1::text IS NULL OR adapter = $1) AND ($2::text IS NULL OR " \
	"channel = $2) AND ($3::text IS NULL OR game = $3)"

/*
 * Each kind of read (struct store_read): what it is doing, for causes,
 * and its query.  Stats are a player's outcomes in a scope, newest
 * first (store_stats_count).
 */
static const struct {
	const char	*what, *sql;
} pg_reads[] = {
	[STORE_READ_STATS] = { "reading stats", "SELECT outcome FROM outcomes "
	    "WHERE " PG_SCOPE " AND user_id = $4 AND outcome != 'ended' ORDER "
	    "BY finished DESC, table_id DESC" },
	[STORE_READ_RANKS] = { "reading the leaderboard", "SELECT user_id, "
	    "max(name), count(*), count(*) FILTER (WHERE outcome = 'won') FROM "
	    "outcomes WHERE " PG_SCOPE " AND user_id IS NOT NULL AND outcome "
	    "!= 'ended' GROUP BY user_id ORDER BY 4 DESC, (count(*) FILTER "
	    "(WHERE outcome = 'won'))::float8 / count(*) DESC, 3 DESC, user_id "
	    "COLLATE \"C\" LIMIT $4::integer" },
	[STORE_READ_NUM] = { "reading tables", PG_TABLE_COLUMNS "WHERE "
	    "adapter = $1 AND num = $2 ORDER BY id" },
	[STORE_READ_MOVES] = { "reading moves", "SELECT seq, seat, move, at "
	    "FROM moves WHERE table_id = $1 AND seq >= $2 ORDER BY seq" },
};

/* Read r's query and its values (owned: pg_write_free) into w. */
static void
pg_read_query(const struct store_read *r, struct pg_write *w)
{
	const char	*v[4] = { NULL };
	char		 a[24], b[24];
	int		 i;

	memset(w, 0, sizeof *w);
	w->sql = pg_reads[r->kind].sql;
	switch (r->kind) {
	case STORE_READ_STATS:
	case STORE_READ_RANKS:
		snprintf(a, sizeof a, "%d", r->max);
		v[0] = r->scope.adapter;
		v[1] = r->scope.channel;
		v[2] = r->scope.game;
		v[3] = r->kind == STORE_READ_STATS ? r->user_id : a;
		w->n = 4;
		break;
	case STORE_READ_NUM:
	case STORE_READ_MOVES:
		snprintf(a, sizeof a, "%" PRIu64, r->num);
		snprintf(b, sizeof b, "%d", r->from_seq);
		v[0] = r->kind == STORE_READ_NUM ? r->adapter : a;
		v[1] = r->kind == STORE_READ_NUM ? a : b;
		w->n = 2;
		break;
	}
	for (i = 0; i < w->n; i++)
		w->v[i] = v[i] == NULL ? NULL : xstrdup(v[i]);
}

/* Reads res, the answer to r's query, into r; 0, or -1 with *cause. */
static int
pg_read_answer(struct store_read *r, const PGresult *res, char **cause)
{
	struct store_rank	*k;
	int			 row;

	switch (r->kind) {
	case STORE_READ_STATS:
		memset(&r->stats, 0, sizeof r->stats);
		for (row = 0; row < PQntuples(res); row++)
			store_stats_count(&r->stats, PQgetvalue(res, row, 0));
		return 0;
	case STORE_READ_RANKS:
		for (r->nranks = 0; r->nranks < PQntuples(res) &&
		    r->nranks < r->max; r->nranks++) {
			k = &r->ranks[r->nranks];
			row = r->nranks;
			snprintf(k->user_id, sizeof k->user_id, "%s",
			    PQgetvalue(res, row, 0));
			snprintf(k->name, sizeof k->name, "%s",
			    PQgetvalue(res, row, 1));
			k->games = atoi(PQgetvalue(res, row, 2));
			k->wins = atoi(PQgetvalue(res, row, 3));
		}
		return 0;
	case STORE_READ_NUM:
		return pg_table_rows(res, r->table_cb, r->cb_arg, NULL, cause);
	case STORE_READ_MOVES:
		return pg_moves_from(res, 0, 0, r->num, r->from_seq,
		    r->move_cb, r->cb_arg, cause);
	}
	return set_cause(cause, "a read of an unknown kind");
}

/* Read r, waiting for its answer (pg_query); 0, or -1 with *cause. */
static int
pg_read_now(struct store_pg *s, struct store_read *r, char **cause)
{
	struct pg_write	 w;
	PGresult	*res;
	int		 rc;

	pg_read_query(r, &w);
	res = pg_query(s, pg_reads[r->kind].what, cause, w.sql, w.n,
	    (const char *const *)w.v);
	pg_write_free(&w);
	if (res == NULL)
		return -1;
	rc = pg_read_answer(r, res, cause);
	PQclear(res);
	return rc;
}

static int
pg_each_table_num(struct store *store, const char *adapter, uint64_t num,
    store_table_cb cb, void *arg, char **cause)
{
	struct store_read	r = { .kind = STORE_READ_NUM, .adapter = adapter,
	    .num = num, .table_cb = cb, .cb_arg = arg };

	return pg_read_now((struct store_pg *)store, &r, cause);
}

static int
pg_player_stats(struct store *store, const struct store_scope *sc,
    const char *user_id, struct store_stats *out, char **cause)
{
	struct store_read	r = { .kind = STORE_READ_STATS, .scope = *sc,
	    .user_id = user_id };
	int			rc;

	rc = pg_read_now((struct store_pg *)store, &r, cause);
	*out = r.stats;
	return rc;
}

static int
pg_leaderboard(struct store *store, const struct store_scope *sc,
    struct store_rank *out, int max, char **cause)
{
	struct store_read	r = { .kind = STORE_READ_RANKS, .scope = *sc,
	    .ranks = out, .max = max };

	if (pg_read_now((struct store_pg *)store, &r, cause) != 0)
		return -1;
	return r.nranks;
}

static int
pg_load_moves(struct store *store, uint64_t id, int from_seq, store_move_cb cb,
    void *arg, char **cause)
{
	struct store_pg		*s = (struct store_pg *)store;
	struct store_read	 r = { .kind = STORE_READ_MOVES, .num = id,
	    .from_seq = from_seq, .move_cb = cb, .cb_arg = arg };
	int			 row;

	if (pg_pictured(store, id, 0) && from_seq >= pgimage_first_seq(s->mem,
	    id))
		return pgimage_load_moves(s->mem, id, from_seq, cb, arg, cause);
	/* Read ahead: the moves from the newest snapshot on. */
	switch (pg_ahead_has(s, id, cause)) {
	case -1:
		return -1;
	case 1:
		row = pg_ahead_row(s->ahead_snaps, id);
		if (from_seq >= (row < 0 ? 0 :
		    atoi(PQgetvalue(s->ahead_snaps, row, 1))))
			return pg_moves_from(s->ahead_moves, 1,
			    pg_ahead_row(s->ahead_moves, id), id, from_seq, cb,
			    arg, cause);
	}
	return pg_read_now(s, &r, cause);
}

static uint64_t
pg_max_table_id(struct store *store)
{
	struct store_pg	*s = (struct store_pg *)store;
	uint64_t	 given = pg_meta(s, "table_id"), saved = pg_meta(s, "max_id");

	return given > saved ? given : saved;
}

static uint64_t
pg_cb1_max(struct store *store)
{
	return pg_meta((struct store_pg *)store, "cb1_max");
}

/* The next id, from memory; written in the batch. */
static int
pg_take_table_id(struct store *store, uint64_t *id, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;
	uint64_t	 next = pg_max_table_id(store) + 1;

	*id = 0;
	pg_meta_set(s, "table_id", next);
	if (pg_run(s, cause, "INSERT INTO meta (key, value) VALUES ('table_id', "
	    "$1) ON CONFLICT (key) DO UPDATE SET value = greatest(meta.value, "
	    "excluded.value)", "i", (long long)next) != 0)
		return -1;
	*id = next;
	return 0;
}

static int
pg_number_table(struct store *store, const char *adapter, const char *server,
    uint64_t *num, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;
	const char	*key = server == NULL ? "" : server, *was;
	uint64_t	 next;
	char		 buf[24];

	*num = 0;
	was = pgcache_get(s->mem, 'n', adapter, key);
	next = (was == NULL ? 0 : strtoull(was, NULL, 10)) + 1;
	snprintf(buf, sizeof buf, "%" PRIu64, next);
	pgcache_set(s->mem, 'n', adapter, key, buf);
	if (pg_run(s, cause, "INSERT INTO numbers (adapter, server, last) "
	    "VALUES ($1, $2, $3) ON CONFLICT (adapter, server) DO UPDATE SET "
	    "last = greatest(numbers.last, excluded.last)", "tti", adapter, key,
	    (long long)next) != 0)
		return -1;
	*num = next;
	return 0;
}

/* Memory's text under (ns, a, b) into *out (caller frees), or NULL. */
static int
pg_get_text(struct store_pg *s, char ns, const char *a, const char *b,
    char **out)
{
	const char	*v = pgcache_get(s->mem, ns, a, b);

	*out = v == NULL ? NULL : xstrdup(v);
	return 0;
}

/*
 * Sets (ns, a, b) to value in memory and writes it with upsert (values
 * a, b, value), or forgets it with drop (a, b) when value is NULL.
 */
static int
pg_put_text(struct store_pg *s, char ns, const char *a, const char *b,
    const char *value, const char *upsert, const char *drop, char **cause)
{
	pgcache_set(s->mem, ns, a, b, value);
	if (value == NULL)
		return pg_run(s, cause, drop, "tt", a, b);
	return pg_run(s, cause, upsert, "ttt", a, b, value);
}

static int
pg_get_channel(struct store *store, const char *adapter, const char *channel,
    char **doc, char **cause)
{
	(void)cause;
	return pg_get_text((struct store_pg *)store, 'c', adapter, channel, doc);
}

static int
pg_set_channel(struct store *store, const char *adapter, const char *channel,
    const char *doc, char **cause)
{
	return pg_put_text((struct store_pg *)store, 'c', adapter, channel, doc,
	    "INSERT INTO channels (adapter, channel, doc) VALUES ($1, $2, $3) "
	    "ON CONFLICT (adapter, channel) DO UPDATE SET doc = excluded.doc",
	    "DELETE FROM channels WHERE adapter = $1 AND channel = $2", cause);
}

static int
pg_get_ref(struct store *store, const char *adapter, const char *key,
    char **value, char **cause)
{
	(void)cause;
	return pg_get_text((struct store_pg *)store, 'r', adapter, key, value);
}

static int
pg_set_ref(struct store *store, const char *adapter, const char *key,
    const char *value, char **cause)
{
	return pg_put_text((struct store_pg *)store, 'r', adapter, key, value,
	    "INSERT INTO refs (adapter, key, value) VALUES ($1, $2, $3) ON "
	    "CONFLICT (adapter, key) DO UPDATE SET value = excluded.value",
	    "DELETE FROM refs WHERE adapter = $1 AND key = $2", cause);
}

/* The message ids of one table, gathered from memory (pg_drop_refs). */
struct pg_refs {
	const char	*prefix;	/* "<id>:" */
	char		**rows;		/* adapter, key, value, ... */
	size_t		 n, cap;
};

/* Whether key is "<kind>:<prefix>...", as the SQLite backend matches it. */
static void
pg_refs_match(const char *adapter, const char *key, const char *value,
    void *arg)
{
	struct pg_refs	*g = arg;
	const char	*colon = strchr(key, ':');

	if (colon == NULL || strncmp(colon + 1, g->prefix,
	    strlen(g->prefix)) != 0)
		return;
	if (g->n + 3 > g->cap) {
		g->cap = g->cap == 0 ? 24 : g->cap * 2;
		g->rows = xreallocarray(g->rows, g->cap, sizeof *g->rows);
	}
	g->rows[g->n++] = xstrdup(adapter);
	g->rows[g->n++] = xstrdup(key);
	g->rows[g->n++] = xstrdup(value);
}

static int
pg_drop_refs(struct store *store, uint64_t id, store_ref_cb cb, void *arg,
    char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;
	struct pg_refs	 g;
	char		 prefix[32];
	size_t		 i;

	snprintf(prefix, sizeof prefix, "%" PRIu64 ":", id);
	memset(&g, 0, sizeof g);
	g.prefix = prefix;
	pgcache_each(s->mem, 'r', pg_refs_match, &g);
	for (i = 0; i < g.n; i += 3) {
		if (cb != NULL)
			cb(g.rows[i], g.rows[i + 1], g.rows[i + 2], arg);
		pgcache_set(s->mem, 'r', g.rows[i], g.rows[i + 1], NULL);
	}
	for (i = 0; i < g.n; i++)
		free(g.rows[i]);
	free(g.rows);
	return pg_run(s, cause, "DELETE FROM refs WHERE position(':' in key) > 0 "
	    "AND substr(key, position(':' in key) + 1, $2::integer) = $1::text",
	    "ti", prefix, (long long)strlen(prefix));
}

/* What moves with a channel, gathered from memory (pg_move_channel). */
struct pg_moving {
	const char	*adapter;
	const char	*from;
	int		 refs;		/* gathering refs (else channels) */
	char		**rows;		/* old key, value, ... */
	size_t		 n, cap;
};

/* A ref key's channel: what follows "<kind>:<table id>:", or NULL. */
static const char *
pg_ref_channel(const char *key)
{
	const char	*colon = strchr(key, ':');

	if (colon == NULL || (colon = strchr(colon + 1, ':')) == NULL)
		return NULL;
	return colon + 1;
}

/* Gathers an entry of g's adapter whose channel is under g's from. */
static void
pg_moving_match(const char *adapter, const char *key, const char *value,
    void *arg)
{
	struct pg_moving	*g = arg;
	const char		*channel;

	if (strcmp(adapter, g->adapter) != 0)
		return;
	channel = g->refs ? pg_ref_channel(key) : key;
	if (channel == NULL || !store_channel_under(channel, g->from))
		return;
	if (g->n + 2 > g->cap) {
		g->cap = g->cap == 0 ? 16 : g->cap * 2;
		g->rows = xreallocarray(g->rows, g->cap, sizeof *g->rows);
	}
	g->rows[g->n++] = xstrdup(key);
	g->rows[g->n++] = xstrdup(value);
}

/*
 * The channel settings (refs 0) or message ids (refs 1) of adapter under
 * from, each set again under to (a ref only when keep) and forgotten
 * under from, in memory and in the batch, as the SQLite backend's
 * "UPDATE OR REPLACE" does.
 */
static int
pg_move_kept(struct store_pg *s, const char *adapter, const char *from,
    const char *to, int refs, int keep, char **cause)
{
	struct pg_moving	 g;
	const char		*channel;
	char			*key;
	size_t			 i;
	int			 rc = 0;

	memset(&g, 0, sizeof g);
	g.adapter = adapter;
	g.from = from;
	g.refs = refs;
	pgcache_each(s->mem, refs ? 'r' : 'c', pg_moving_match, &g);
	for (i = 0; i < g.n && rc == 0; i += 2) {
		channel = refs ? pg_ref_channel(g.rows[i]) : g.rows[i];
		key = xasprintf("%.*s%s%s", (int)(channel - g.rows[i]),
		    g.rows[i], to, channel + strlen(from));
		rc = refs ? pg_set_ref(&s->store, adapter, g.rows[i], NULL,
		    cause) : pg_set_channel(&s->store, adapter, g.rows[i],
		    NULL, cause);
		if (rc == 0 && (keep || !refs))
			rc = refs ? pg_set_ref(&s->store, adapter, key,
			    g.rows[i + 1], cause) : pg_set_channel(&s->store,
			    adapter, key, g.rows[i + 1], cause);
		free(key);
	}
	for (i = 0; i < g.n; i++)
		free(g.rows[i]);
	free(g.rows);
	return rc;
}

static int
pg_move_channel(struct store *store, const char *adapter, const char *from,
    const char *to, int keep_refs, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;

	if (s->imaged)
		pgimage_channel(s->mem, adapter, from, to);
	if (pg_run(s, cause, "UPDATE tables SET channel = $3 || "
	    "substr(channel, length($2) + 1) WHERE adapter = $1 AND "
	    "(channel = $2 OR left(channel, length($2) + 1) = $2 || ':')",
	    "ttt", adapter, from, to) != 0 ||
	    pg_run(s, cause, "UPDATE outcomes SET channel = $3 || "
	    "substr(channel, length($2) + 1) WHERE adapter = $1 AND "
	    "(channel = $2 OR left(channel, length($2) + 1) = $2 || ':')",
	    "ttt", adapter, from, to) != 0)
		return -1;
	if (pg_move_kept(s, adapter, from, to, 0, 1, cause) != 0)
		return -1;
	return pg_move_kept(s, adapter, from, to, 1, keep_refs, cause);
}

/*
 * A table row of pg_load's: pictured, and settled at once (what the
 * server holds is what was committed), so that loading 10,000 tables
 * neither grows the journal nor keeps the texts each change replaced.
 */
static int
pg_image_row(const struct store_table *t, void *arg, char **cause)
{
	struct pgcache	*mem = ((struct store_pg *)arg)->mem;

	(void)cause;
	pgimage_table(mem, t);
	pgcache_settle(mem);
	return 0;
}

/*
 * What memory serves (store-pg-cache.h) is read from the server by these
 * queries, in this order: waiting (pg_load), or on a loop as one query
 * string (pg_load_send).  The last PG_LOAD_IMAGES picture every open
 * table (store-pg-image.h): its record, its newest snapshot and the moves
 * after it, for a writer only.
 */
static const struct pg_load_part {
	char		 ns;	/* the cache's namespace; 'T', 'S', 'M': images */
	const char	*what;
	const char	*sql;
} pg_load_parts[] = {
	{ 'r', "reading the store", "SELECT adapter, key, value FROM refs" },
	{ 'c', "reading the store", "SELECT adapter, channel, doc FROM "
	    "channels" },
	{ 'n', "reading the store", "SELECT adapter, server, last::text FROM "
	    "numbers" },
	{ 'm', "reading the store", "SELECT '', key, value::text FROM meta "
	    "UNION ALL SELECT '', 'max_id', coalesce(max(id), 0)::text FROM "
	    "tables" },
	{ 'T', "reading tables", PG_TABLE_COLUMNS "WHERE state IN ('lobby', "
	    "'playing')" },
	{ 'S', "reading snapshots", "SELECT DISTINCT ON (s.table_id) "
	    "s.table_id, s.seq, s.game FROM snapshots s JOIN tables t ON t.id "
	    "= s.table_id WHERE t.state IN ('lobby', 'playing') ORDER BY "
	    "s.table_id, s.seq DESC" },
	{ 'M', "reading moves", "SELECT m.table_id, m.seq, m.seat, m.at, "
	    "m.move FROM moves m JOIN tables t ON t.id = m.table_id WHERE "
	    "t.state IN ('lobby', 'playing') AND m.seq >= coalesce((SELECT "
	    "max(seq) FROM snapshots s WHERE s.table_id = m.table_id), 0) "
	    "ORDER BY m.table_id, m.seq" },
};
#define PG_LOAD_PARTS	(sizeof pg_load_parts / sizeof pg_load_parts[0])
#define PG_LOAD_IMAGES	3
_Static_assert(PG_LOAD_PARTS <= PG_LOAD_MAX, "pg_load_parts outgrew loaded");

/* How many of pg_load_parts s reads. */
static size_t
pg_load_count(const struct store_pg *s)
{
	return (s->flags & STORE_OPEN_READONLY) ? PG_LOAD_PARTS -
	    PG_LOAD_IMAGES : PG_LOAD_PARTS;
}

/* Puts part p's rows r (borrowed) into memory, each settled at once. */
static int
pg_load_take(struct store_pg *s, const struct pg_load_part *p,
    const PGresult *r, char **cause)
{
	struct store_move	 m;
	int			 row;

	if (p->ns == 'T')
		return pg_table_rows(r, pg_image_row, s, NULL, cause);
	for (row = 0; row < PQntuples(r); row++) {
		if (p->ns == 'S')
			pgimage_snapshot(s->mem, strtoull(PQgetvalue(r, row,
			    0), NULL, 10), atoi(PQgetvalue(r, row, 1)),
			    PQgetvalue(r, row, 2));
		else if (p->ns == 'M') {
			m.seq = atoi(PQgetvalue(r, row, 1));
			m.seat = atoi(PQgetvalue(r, row, 2));
			m.at = strtoll(PQgetvalue(r, row, 3), NULL, 10);
			m.move = PQgetvalue(r, row, 4);
			pgimage_move(s->mem, strtoull(PQgetvalue(r, row, 0),
			    NULL, 10), &m);
		} else
			pgcache_load(s->mem, p->ns, PQgetvalue(r, row, 0),
			    PQgetvalue(r, row, 1), PQgetvalue(r, row, 2));
		pgcache_settle(s->mem);
	}
	return 0;
}

/* Memory is about to be loaded afresh (pg_load_end after). */
static void
pg_load_begin(struct store_pg *s)
{
	pgcache_clear(s->mem);
	s->imaged = 0;
}

/* Memory is loaded: the journal starts here, and images are served. */
static void
pg_load_end(struct store_pg *s)
{
	s->jnext = pgcache_mark(s->mem);
	s->imaged = !(s->flags & STORE_OPEN_READONLY);
}

/*
 * Loads what memory serves from the server, waiting for each part, each
 * let go once in memory; 0, or -1 with *cause, memory then half loaded
 * (the caller drops the link or the store).
 */
static int
pg_load(struct store_pg *s, char **cause)
{
	const struct pg_load_part	*p;
	PGresult			*r;
	size_t				 i;
	int				 rc;

	pg_load_begin(s);
	for (i = 0; i < pg_load_count(s); i++) {
		p = &pg_load_parts[i];
		if ((r = pg_select(s, p->what, cause, p->sql, 0, NULL)) == NULL)
			return -1;
		rc = pg_load_take(s, p, r, cause);
		PQclear(r);
		if (rc != 0)
			return -1;
	}
	pg_load_end(s);
	return 0;
}

/*
 * Without waiting.  A bot's store runs on the loop (pg_start): a batch
 * ends by joining the jobs (pg_enqueue), and the jobs not sent yet go
 * to the server together as one transaction in pipeline mode once the
 * one before has been answered (pg_kick), with the socket on a uv_poll
 * until then (pg_io).  Jobs settle in order, and the first one refused
 * fails every one after it (pg_jobs_fail), taking memory back to where
 * it began.  Their callers hear of it from the loop (pg_deliver), never
 * inside a call of the store.
 *
 * A lost connection fails every job not answered, and the store
 * connects again on the loop (PQconnectStartParams, PQconnectPoll),
 * waiting between tries as backoff_delay says; a job made meanwhile
 * fails at once, or waits while a connect is under way.  Once
 * connected, the session is set up again (the writer lock taken); when
 * a commit was lost unanswered, memory is loaded again from the server,
 * which knows whether it was made.  A read while the link is up waits
 * for the jobs first (pg_wait); while it is down it fails at once.
 */

static void	pg_kick(struct store_pg *);
static void	pg_connect_start(struct store_pg *);
static void	pg_later_cb(uv_timer_t *);
static void	pg_poll_cb(uv_poll_t *, int, int);
static void	pg_timer_cb(uv_timer_t *);

/* A handle of the store's, closed: it was its own allocation. */
static void
pg_handle_free(uv_handle_t *h)
{
	free(h);
}

/* Hands the settled jobs back on the loop's next turn. */
static void
pg_later(struct store_pg *s)
{
	if (s->later != NULL && !uv_is_active((uv_handle_t *)s->later))
		uv_timer_start(s->later, pg_later_cb, 0, 0);
}

static void
pg_job_free(struct pg_job *j)
{
	size_t	i;

	for (i = 0; i < j->nlog; i++)
		pg_write_free(&j->log[i]);
	for (i = 0; i < (size_t)j->got; i++)
		PQclear(j->res[i]);
	free(j->res);
	free(j->log);
	free(j->cause);
	free(j);
}

/*
 * Tells the caller of job j, taken off the jobs, how it settled; reads
 * are answered first, from the results they kept.
 */
static void
pg_tell(struct pg_job *j)
{
	char	*cause = NULL;
	int	 rc = j->settled > 0 ? 0 : -1, i;

	if (rc != 0)
		cause = xstrdup(j->cause);
	for (i = 0; rc == 0 && j->out != NULL && i < (int)j->nlog; i++) {
		if (i >= j->got)
			rc = set_cause(&cause, "PostgreSQL gave no answer");
		else
			rc = pg_read_answer(&j->out[i], j->res[i], &cause);
	}
	j->done(j->arg, rc, cause);
}

/* Tells the callers of the settled jobs at the head, in order. */
static void
pg_deliver(struct store_pg *s)
{
	struct pg_job	*j;

	while ((j = s->jobs) != NULL && j->settled != 0) {
		if ((s->jobs = j->next) == NULL)
			s->jobs_tail = &s->jobs;
		if (j->done != NULL)
			pg_tell(j);
		else if (j->settled < 0)
			log_error("store: a write could not be saved: %s",
			    j->cause);
		pg_job_free(j);
	}
	/* After the jobs that failed: their tables were put back first. */
	while (s->nchanged > 0) {
		s->nchanged--;
		store_changed(&s->store, s->changed[s->nchanged].adapter,
		    s->changed[s->nchanged].id);
		free(s->changed[s->nchanged].adapter);
	}
}

static void
pg_later_cb(uv_timer_t *timer)
{
	pg_deliver(timer->data);
}

/*
 * Every job not settled fails with cause, and memory goes back to where
 * the first of them began; a batch open meanwhile, built on what is
 * gone, fails at its end.
 */
static void
pg_jobs_fail(struct store_pg *s, const char *cause)
{
	struct pg_job	*j, *first = NULL;
	int		 any = 0;

	for (j = s->jobs; j != NULL; j = j->next) {
		if (j->settled != 0)
			continue;
		/* A read changed nothing in memory. */
		if (first == NULL && j->out == NULL)
			first = j;
		any = 1;
		j->settled = -1;
		j->cause = xstrdup(cause);
	}
	if (any)
		pg_later(s);
	if (first == NULL)
		return;
	pgcache_undo(s->mem, first->jmark);
	s->jnext = pgcache_mark(s->mem);
	if (s->batch && s->lost == NULL)
		s->lost = xstrdup(cause);
}

/* The sent jobs were committed. */
static void
pg_jobs_ok(struct store_pg *s)
{
	struct pg_job	*j;

	for (j = s->jobs; j != NULL; j = j->next) {
		if (j->settled == 0 && j->sent) {
			pgcache_settle_to(s->mem, j->jend);
			j->settled = 1;
		}
	}
	pg_later(s);
}

/* Polls the connection's socket for events (0: stops). */
static void
pg_watch(struct store_pg *s, int events)
{
	int	fd = s->conn == NULL ? -1 : PQsocket(s->conn);

	/*
	 * Stopped before each start: while connecting, libpq may close its
	 * socket and open another under the same number, which the poll
	 * must then add afresh.
	 */
	if (s->poll != NULL)
		uv_poll_stop(s->poll);
	if (s->poll != NULL && fd != s->poll_fd) {
		uv_close((uv_handle_t *)s->poll, pg_handle_free);
		s->poll = NULL;
	}
	if (events == 0 || fd < 0)
		return;
	if (s->poll == NULL) {
		s->poll = xcalloc(1, sizeof *s->poll);
		if (uv_poll_init_socket(s->loop, s->poll, fd) != 0)
			fatalx("postgres: cannot poll the connection");
		s->poll->data = s;
		s->poll_fd = fd;
		uv_unref((uv_handle_t *)s->poll);
	}
	uv_poll_start(s->poll, events, pg_poll_cb);
}

/* Drops the connection, its poll first. */
static void
pg_hang_up(struct store_pg *s)
{
	pg_watch(s, 0);
	if (s->poll != NULL) {
		uv_close((uv_handle_t *)s->poll, pg_handle_free);
		s->poll = NULL;
	}
	PQfinish(s->conn);
	s->conn = NULL;
	if (s->resolving != NULL)
		resolve_cancel(s->resolving);
	s->resolving = NULL;
	free(s->dns_hosts);
	free(s->dns_addrs);
	s->dns_hosts = s->dns_addrs = NULL;
	s->syncs = s->cleanups = 0;
	pg_load_drop(s);
	s->reading = NULL;
	s->in_tx = 0;
	s->group_saved = 0;
	s->broken = 0;
	free(s->error);
	s->error = NULL;
}

/* The link is lost (why: libpq's message): see "Without waiting". */
static void
pg_lost(struct store_pg *s, const char *why)
{
	struct pg_job	*j;
	char		 buf[PG_MESSAGE_MAX], *cause;

	for (j = s->jobs; j != NULL; j = j->next) {
		if (j->sent && j->settled == 0 && j->out == NULL) {
			s->doubt = 1;
			s->doubt_serial = s->serial;
		}
	}
	cause = xasprintf("%s: the PostgreSQL connection was lost: %s",
	    s->name, pg_message(why, buf, sizeof buf));
	log_warn("store: %s; connecting again", cause);
	pg_hang_up(s);
	s->link = PG_DOWN;
	pg_jobs_fail(s, cause);
	free(cause);
	s->failures = 0;
	pg_connect_start(s);
}

/* A connect failed (why), or timed out: the jobs waiting on it fail. */
static void
pg_connect_lost(struct store_pg *s, const char *why)
{
	char		 buf[PG_MESSAGE_MAX], *cause;
	uint64_t	 delay;

	cause = xasprintf("%s: cannot connect to PostgreSQL: %s", s->name,
	    pg_message(why, buf, sizeof buf));
	pg_hang_up(s);
	s->link = PG_DOWN;
	pg_jobs_fail(s, cause);
	delay = backoff_delay(PG_RETRY_FIRST_MS, PG_RETRY_MAX_MS,
	    ++s->failures);
	if (s->failures == 1)
		log_warn("store: %s; trying again every few seconds", cause);
	else
		log_info("store: %s; trying again in %llu ms", cause,
		    (unsigned long long)delay);
	free(cause);
	uv_timer_start(s->timer, pg_timer_cb, delay, 0);
}

/*
 * The host name's lookup is over: the connect goes on with the
 * addresses found, each as a hostaddr beside the name (which TLS and
 * .pgpass go by), tried in turn.
 */
static void
pg_resolved(const struct resolve_list *list, const char *error, void *arg)
{
	struct store_pg	*s = arg;
	size_t		 len, hlen = strlen(s->dns_host) + 1;
	int		 i;

	s->resolving = NULL;
	if (list == NULL) {
		pg_connect_lost(s, error);
		pg_deliver(s);
		return;
	}
	s->dns_hosts = xcalloc(list->n, hlen);
	s->dns_addrs = xcalloc(list->n, RESOLVE_ADDR_MAX + 1);
	for (i = 0; i < list->n; i++) {
		len = strlen(s->dns_hosts);
		snprintf(s->dns_hosts + len, list->n * hlen - len, "%s%s",
		    i > 0 ? "," : "", s->dns_host);
		len = strlen(s->dns_addrs);
		snprintf(s->dns_addrs + len, list->n * (RESOLVE_ADDR_MAX + 1) -
		    len, "%s%s", i > 0 ? "," : "", list->addr[i]);
	}
	log_debug("store: PostgreSQL %s: %s is at %s", s->name, s->dns_host,
	    s->dns_addrs);
	pg_connect_start(s);
	pg_deliver(s);
}

/*
 * The conninfo's host, when a connect on the loop must look it up
 * first: one name (not an address, not a socket directory) and no
 * hostaddr.  Several hosts are left to libpq.
 */
static void
pg_dns_host(struct store_pg *s)
{
	PQconninfoOption	*opts, *o;
	const char		*host = NULL, *addr = NULL;
	struct resolve_list	 numeric;

	if ((opts = PQconninfoParse(s->conninfo, NULL)) == NULL)
		return;
	for (o = opts; o->keyword != NULL; o++) {
		if (strcmp(o->keyword, "host") == 0)
			host = o->val;
		else if (strcmp(o->keyword, "hostaddr") == 0)
			addr = o->val;
	}
	if (host != NULL && host[0] != '\0' && host[0] != '/' &&
	    host[0] != '@' && strchr(host, ',') == NULL &&
	    (addr == NULL || addr[0] == '\0') &&
	    !resolve_numeric(host, &numeric))
		s->dns_host = xstrdup(host);
	PQconninfoFree(opts);
}

static void
pg_connect_start(struct store_pg *s)
{
	char	*why = NULL;

	if (s->dns_host != NULL && s->dns_addrs == NULL) {
		/* libpq would look the name up itself, blocking the loop. */
		s->link = PG_RESOLVING;
		uv_timer_start(s->timer, pg_timer_cb,
		    s->timeout_ms > 0 ? s->timeout_ms : 10000, 0);
		if ((s->resolving = resolve_start(s->loop, s->dns_host,
		    pg_resolved, s, &why)) == NULL) {
			pg_connect_lost(s, why);
			free(why);
		}
		return;
	}
	s->conn = pg_connect(s, 1);
	free(s->dns_hosts);
	free(s->dns_addrs);
	s->dns_hosts = s->dns_addrs = NULL;
	if (s->conn == NULL)
		fatalx("postgres: out of memory");
	if (PQstatus(s->conn) == CONNECTION_BAD) {
		pg_connect_lost(s, PQerrorMessage(s->conn));
		return;
	}
	PQsetNoticeProcessor(s->conn, pg_notice, NULL);
	s->link = PG_CONNECTING;
	/* As if PQconnectPoll had said PGRES_POLLING_WRITING. */
	pg_watch(s, UV_WRITABLE);
	uv_timer_start(s->timer, pg_timer_cb,
	    s->timeout_ms > 0 ? s->timeout_ms : 10000, 0);
}

/* Connected: the session's set-up (pg_session's, without waiting). */
static void
pg_setup_send(struct store_pg *s)
{
	const char	*sql = (s->flags & STORE_OPEN_WRITER) ?
			    "SET synchronous_commit = on; SELECT "
			    "pg_try_advisory_lock(" PG_WRITER_KEY "); SELECT "
			    "coalesce((SELECT value FROM meta WHERE key = "
			    "'commit_serial'), 0)" :
			    "SET synchronous_commit = on";

	s->locked = !(s->flags & STORE_OPEN_WRITER);
	s->answers = 0;
	s->seen_serial = 0;
	s->link = PG_SETUP;
	if (PQsetnonblocking(s->conn, 1) != 0 ||
	    PQsendQuery(s->conn, sql) != 1) {
		pg_connect_lost(s, PQerrorMessage(s->conn));
		return;
	}
	pg_watch(s, PQflush(s->conn) == 1 ? UV_READABLE | UV_WRITABLE :
	    UV_READABLE);
}

/* The session is set up: the link is up, and the jobs waiting go. */
static void
pg_up(struct store_pg *s)
{
	uv_timer_stop(s->timer);
	/* Idle, read too: a session the server ends is seen at once. */
	pg_watch(s, UV_READABLE);
	PQsetnonblocking(s->conn, 0);
	s->link = PG_UP;
	s->failures = 0;
	s->doubt = 0;
	log_warn("store: PostgreSQL %s: connected again", s->name);
	pg_kick(s);
}

/*
 * Set up, after a commit lost unanswered that was made after all: memory
 * is read again, every part in one query string, without waiting
 * (PG_LOADING, pg_load_read).
 */
static void
pg_load_send(struct store_pg *s)
{
	struct buf	b;
	size_t		i;

	log_warn("store: PostgreSQL %s: the commit that seemed lost was "
	    "made; reading the store again", s->name);
	buf_init(&b, 16384);
	for (i = 0; i < pg_load_count(s); i++)
		buf_printf(&b, "%s%s", i > 0 ? "; " : "", pg_load_parts[i].sql);
	pg_load_drop(s);
	s->link = PG_LOADING;
	/* As long as a commit's answer may take: it reads every table. */
	uv_timer_start(s->timer, pg_timer_cb, s->commit_ms, 0);
	if (b.truncated) {
		buf_release(&b);
		pg_connect_lost(s, "the store's reads outgrew their buffer");
		return;
	}
	if (PQsendQuery(s->conn, buf_str(&b)) != 1) {
		buf_release(&b);
		pg_connect_lost(s, PQerrorMessage(s->conn));
		return;
	}
	buf_release(&b);
	pg_watch(s, PQflush(s->conn) == 1 ? UV_READABLE | UV_WRITABLE :
	    UV_READABLE);
}

/*
 * Keeps table e (copied) for store_changed (pg_deliver); pg_load_apply
 * adds each id once.
 */
static void
pg_changed_add(struct store_pg *s, const struct pgimage_sum *e)
{
	if (s->nchanged == s->capchanged) {
		s->capchanged = s->capchanged == 0 ? 8 : 2 * s->capchanged;
		s->changed = xreallocarray(s->changed, s->capchanged,
		    sizeof *s->changed);
	}
	s->changed[s->nchanged] = *e;
	s->changed[s->nchanged++].adapter = xstrdup(e->adapter);
}

/* Lets go of a load's results (PG_LOADING). */
static void
pg_load_drop(struct store_pg *s)
{
	while (s->nloaded > 0) {
		PQclear(s->loaded[--s->nloaded]);
		s->loaded[s->nloaded] = NULL;
	}
}

/*
 * PG_LOADING, every part answered: what was built on memory meanwhile
 * fails (its jobs' journal taken back), memory is loaded afresh from the
 * results (kept as it was when they cannot be read, for the next try to
 * compare with), and the tables whose pictures came out otherwise are
 * kept for store_changed (pg_deliver).
 */
static void
pg_load_apply(struct store_pg *s)
{
	struct pgimage_sum	*was, *now;
	struct pgcache		*old = s->mem;
	size_t			 nwas, nnow, i = 0, j = 0, k;
	char			*cause = NULL;
	int			 rc = 0, imaged = s->imaged;

	pg_jobs_fail(s, "the PostgreSQL connection was lost");
	nwas = pgimage_sums(old, &was);
	s->mem = pgcache_new();
	pg_load_begin(s);
	for (k = 0; k < pg_load_count(s) && rc == 0; k++)
		rc = pg_load_take(s, &pg_load_parts[k], s->loaded[k], &cause);
	pg_load_drop(s);
	if (rc != 0) {
		pgcache_free(s->mem);
		s->mem = old;
		s->imaged = imaged;
		pgimage_sums_free(was, nwas);
		pg_connect_lost(s, cause);
		free(cause);
		return;
	}
	pgcache_free(old);
	pg_load_end(s);
	nnow = pgimage_sums(s->mem, &now);
	/* Both sorted by id: a table in one only, or summed otherwise. */
	while (i < nwas || j < nnow) {
		if (j == nnow || (i < nwas && was[i].id < now[j].id))
			pg_changed_add(s, &was[i++]);
		else if (i == nwas || now[j].id < was[i].id)
			pg_changed_add(s, &now[j++]);
		else {
			if (was[i].sum != now[j].sum)
				pg_changed_add(s, &now[j]);
			i++;
			j++;
		}
	}
	pgimage_sums_free(was, nwas);
	pgimage_sums_free(now, nnow);
	if (s->nchanged > 0)
		log_warn("store: PostgreSQL %s: %zu table%s changed on the "
		    "server", s->name, s->nchanged, s->nchanged == 1 ? "" : "s");
	pg_up(s);
}

/* PG_LOADING, every result come: applied when all parts answered. */
static void
pg_load_done(struct store_pg *s)
{
	if (s->nloaded == pg_load_count(s))
		pg_load_apply(s);
	else
		pg_connect_lost(s, "reading the store again gave too few "
		    "answers");
}

/* PG_SETUP, every answer come: up, or reading memory again, or not. */
static void
pg_setup_done(struct store_pg *s)
{
	if (!s->locked)
		pg_connect_lost(s, "another cheersbot holds the database's "
		    "writer lock");
	else if (s->doubt && s->seen_serial == s->doubt_serial)
		pg_load_send(s);
	else
		pg_up(s);
}

/*
 * PG_SETUP, PG_LOADING: one result r of what the state sent, kept (then
 * NULL: a load's part) or read; returns what the caller clears.
 */
static PGresult *
pg_setup_take(struct store_pg *s, PGresult *r)
{
	if (s->link == PG_LOADING) {
		if (s->nloaded >= pg_load_count(s))
			return r;
		s->loaded[s->nloaded++] = r;
		return NULL;
	}
	if (s->answers++ == 0)
		s->locked = PQntuples(r) > 0 && strcmp(PQgetvalue(r, 0, 0),
		    "t") == 0;
	else if (PQntuples(r) > 0)
		s->seen_serial = strtoull(PQgetvalue(r, 0, 0), NULL, 10);
	return r;
}

/* PG_SETUP, PG_LOADING: reads the answers; their end says what next. */
static void
pg_setup_read(struct store_pg *s)
{
	PGresult	*r;
	char		 buf[PG_MESSAGE_MAX];

	while (!PQisBusy(s->conn)) {
		if ((r = PQgetResult(s->conn)) == NULL) {
			if (s->link == PG_LOADING)
				pg_load_done(s);
			else
				pg_setup_done(s);
			return;
		}
		switch (PQresultStatus(r)) {
		case PGRES_TUPLES_OK:
			r = pg_setup_take(s, r);
			break;
		case PGRES_COMMAND_OK:
			break;
		default:
			snprintf(buf, sizeof buf, "%s",
			    PQresultErrorMessage(r));
			PQclear(r);
			pg_connect_lost(s, buf);
			return;
		}
		PQclear(r);
	}
}

/* PG_UP: the sent jobs' group answered; error set when it failed. */
static void
pg_group_done(struct store_pg *s)
{
	char	*cause;

	if (s->error == NULL) {
		pg_jobs_ok(s);
		return;
	}
	cause = xasprintf("%s: saving: %s", s->name, s->error);
	free(s->error);
	s->error = NULL;
	log_warn("store: %s", cause);
	pg_jobs_fail(s, cause);
	free(cause);
	/* The transaction is open and failed: it goes. */
	if (PQsendQueryParams(s->conn, "ROLLBACK", 0, NULL, NULL, NULL, NULL,
	    0) == 1 && PQpipelineSync(s->conn) == 1) {
		s->syncs++;
		s->cleanups++;
	}
}

/*
 * PG_UP: one answer of the reads sent, kept for its read (then NULL),
 * read when the job is delivered (pg_tell).
 */
static PGresult *
pg_read_rows(struct pg_job *j, PGresult *r)
{
	if (j->got >= (int)j->nlog)
		return r;
	j->res[j->got++] = r;
	return NULL;
}

/* PG_UP: the read sent was answered whole; error set when it failed. */
static void
pg_read_done(struct store_pg *s)
{
	struct pg_job	*j = s->reading;

	s->reading = NULL;
	if (s->error != NULL) {
		j->cause = xasprintf("%s: %s: %s", s->name,
		    pg_reads[j->out[0].kind].what, s->error);
		free(s->error);
		s->error = NULL;
		j->settled = -1;
	} else
		j->settled = 1;
	pg_later(s);
}

/* PG_UP: reads what the server answered of the jobs sent. */
static void
pg_results(struct store_pg *s)
{
	PGresult	*r;
	char		 buf[PG_MESSAGE_MAX];
	int		 nulls = 0;

	while (s->syncs > 0 && !PQisBusy(s->conn)) {
		if ((r = PQgetResult(s->conn)) == NULL) {
			if (++nulls > 1)
				break;
			continue;
		}
		nulls = 0;
		switch (PQresultStatus(r)) {
		case PGRES_PIPELINE_SYNC:
			s->syncs--;
			if (s->cleanups > 0)
				s->cleanups--;
			else if (s->reading != NULL)
				pg_read_done(s);
			else
				pg_group_done(s);
			break;
		case PGRES_TUPLES_OK:
			if (s->reading != NULL && s->error == NULL)
				r = pg_read_rows(s->reading, r);
			break;
		case PGRES_COMMAND_OK:
		case PGRES_PIPELINE_ABORTED:
			break;
		default:
			if (s->error == NULL && s->cleanups == 0)
				s->error = xstrdup(pg_message(
				    PQresultErrorMessage(r), buf, sizeof buf));
			break;
		}
		PQclear(r);
	}
}

/* The connection is ready for events: whatever its state does next. */
static void
pg_io(struct store_pg *s, int events)
{
	int	rc;

	switch (s->link) {
	case PG_DOWN:
	case PG_RESOLVING:
		return;
	case PG_CONNECTING:
		switch (PQconnectPoll(s->conn)) {
		case PGRES_POLLING_READING:
			pg_watch(s, UV_READABLE);
			return;
		case PGRES_POLLING_WRITING:
			pg_watch(s, UV_WRITABLE);
			return;
		case PGRES_POLLING_OK:
			pg_setup_send(s);
			return;
		default:
			pg_connect_lost(s, PQerrorMessage(s->conn));
			return;
		}
	case PG_SETUP:
	case PG_LOADING:
	case PG_UP:
		break;
	}
	if ((events & UV_WRITABLE) && (rc = PQflush(s->conn)) != 1)
		pg_watch(s, rc == 0 ? UV_READABLE : 0);
	if (PQconsumeInput(s->conn) != 1 ||
	    PQstatus(s->conn) == CONNECTION_BAD) {
		if (s->link != PG_UP)
			pg_connect_lost(s, PQerrorMessage(s->conn));
		else
			pg_lost(s, PQerrorMessage(s->conn));
		return;
	}
	if (s->link == PG_SETUP || s->link == PG_LOADING) {
		pg_setup_read(s);
		return;
	}
	pg_results(s);
	if (s->link != PG_UP || s->syncs > 0)
		return;
	/* Answered: the connection is idle again, for reads and the next. */
	uv_timer_stop(s->timer);
	PQexitPipelineMode(s->conn);
	PQsetnonblocking(s->conn, 0);
	pg_watch(s, UV_READABLE);
	pg_kick(s);
}

static void
pg_poll_cb(uv_poll_t *poll, int status, int events)
{
	struct store_pg	*s = poll->data;

	pg_io(s, status < 0 ? UV_READABLE : events);
	pg_deliver(s);
}

/*
 * A connect took too long, or the wait before the next is over, or the
 * jobs sent were not answered in s->commit_ms: the link counts as lost.
 */
static void
pg_timer_cb(uv_timer_t *timer)
{
	struct store_pg	*s = timer->data;
	char		 why[80];

	if (s->link == PG_DOWN)
		pg_connect_start(s);
	else if (s->link != PG_UP)
		pg_connect_lost(s, "it did not answer in time");
	else if (s->syncs > 0) {
		snprintf(why, sizeof why, "a commit was not answered in %llu s",
		    (unsigned long long)(s->commit_ms + 999) / 1000);
		pg_lost(s, why);
	}
	pg_deliver(s);
}

/*
 * Whether job j waits to be sent now: a read waits while a transaction
 * is open (pg_push), behind the writes that end it.
 */
static int
pg_unsent(const struct store_pg *s, const struct pg_job *j)
{
	return !j->sent && j->settled == 0 && (j->out == NULL || !s->in_tx);
}

/* Queues job j's statements in the pipeline; 0, or -1 when one failed. */
static int
pg_job_queue(struct store_pg *s, struct pg_job *j)
{
	size_t	i;

	j->sent = 1;
	for (i = 0; i < j->nlog; i++)
		if (PQsendQueryParams(s->conn, j->log[i].sql, j->log[i].n, NULL,
		    (const char *const *)j->log[i].v, NULL, NULL, 0) != 1)
			return -1;
	return 0;
}

/*
 * Sends the jobs not sent yet, when the link is up and the last sent
 * have been answered: a read at the head alone, else every batch up to
 * the next read as one transaction (with a transaction open, every
 * batch: the reads wait behind them).
 */
static void
pg_kick(struct store_pg *s)
{
	struct pg_job	*j;
	uint64_t	 serial;
	char		 sbuf[24];
	const char	*sv[1] = { sbuf };
	int		 rc, tx = s->in_tx;

	if (s->link != PG_UP || s->syncs > 0)
		return;
	for (j = s->jobs; j != NULL && !pg_unsent(s, j); j = j->next)
		;
	if (j == NULL)
		return;
	if (PQenterPipelineMode(s->conn) != 1 ||
	    PQsetnonblocking(s->conn, 1) != 0)
		goto lost;
	if (j->out != NULL) {
		if (pg_job_queue(s, j) != 0)
			goto lost;
		s->reading = j;
		goto sync;
	}
	/* After a read, the first writes may be there already (pg_push). */
	if (!s->in_tx && pg_send_plain(s, "BEGIN") != 1)
		goto lost;
	s->in_tx = 0;
	/* Never the same twice, in this run or another. */
	if ((serial = (uint64_t)store_now() * 1000) <= s->serial)
		serial = s->serial + 1;
	s->serial = serial;
	snprintf(sbuf, sizeof sbuf, "%" PRIu64, serial);
	if (PQsendQueryParams(s->conn, "INSERT INTO meta (key, value) VALUES "
	    "('commit_serial', $1) ON CONFLICT (key) DO UPDATE SET value = "
	    "excluded.value", 1, NULL, sv, NULL, NULL, 0) != 1)
		goto lost;
	for (j = s->jobs; j != NULL; j = j->next) {
		if (j->sent || j->settled != 0)
			continue;
		if (j->out != NULL && !tx)
			break;
		if (j->out == NULL && pg_job_queue(s, j) != 0)
			goto lost;
	}
	if (pg_send_plain(s, "COMMIT") != 1)
		goto lost;
sync:
	if (PQpipelineSync(s->conn) != 1)
		goto lost;
	s->syncs++;
	uv_timer_start(s->timer, pg_timer_cb, s->commit_ms, 0);
	if ((rc = PQflush(s->conn)) < 0)
		goto lost;
	pg_watch(s, rc == 1 ? UV_READABLE | UV_WRITABLE : UV_READABLE);
	return;
lost:
	pg_lost(s, PQerrorMessage(s->conn));
}

/*
 * The reads made in the open batch after it wrote (s->after) join the
 * jobs, behind it: when failed is not NULL (the batch failed), each
 * fails with that cause, told on the loop's next turn.  1 when any is
 * left to send.
 */
static int
pg_after_queue(struct store_pg *s, const char *failed)
{
	struct pg_job	*j;

	if (s->after == NULL)
		return 0;
	for (j = s->after; failed != NULL && j != NULL; j = j->next) {
		j->settled = -1;
		j->cause = xstrdup(failed);
	}
	*s->jobs_tail = s->after;
	s->jobs_tail = s->after_tail;
	s->after = NULL;
	s->after_tail = &s->after;
	if (failed != NULL)
		pg_later(s);
	return failed == NULL;
}

/*
 * Hands the batch's writes (or a write outside one) over as a job:
 * 1 when it was, with done to be told; 0 when nothing was to commit;
 * -1 with *cause when it failed at once (the store is down, or a read
 * in the batch lost it).  Either way the log is emptied.
 */
static int
pg_enqueue(struct store_pg *s, void (*done)(void *, int, char *), void *arg,
    char **cause)
{
	struct pg_job	*j;
	size_t		 i;
	int		 rc = 1, queued;

	if (s->lost != NULL)
		rc = set_cause(cause, "%s", s->lost);
	else if (s->link == PG_DOWN || (s->in_tx && s->link != PG_UP))
		rc = set_cause(cause, "%s: the PostgreSQL connection is down; "
		    "connecting again", s->name);
	else if (s->nlog == s->sent && !s->in_tx)
		rc = 0;
	if (rc != 1) {
		pg_log_cut(s, 0);
		if (rc < 0) {
			pgcache_undo(s->mem, s->jnext);
			s->jnext = pgcache_mark(s->mem);
		}
	} else {
		j = xcalloc(1, sizeof *j);
		j->nlog = s->nlog - s->sent;
		j->log = xreallocarray(NULL, j->nlog > 0 ? j->nlog : 1,
		    sizeof *j->log);
		memcpy(j->log, s->log + s->sent, j->nlog * sizeof *j->log);
		for (i = 0; i < s->sent; i++)
			pg_write_free(&s->log[i]);
		s->nlog = 0;
		j->jmark = s->jnext;
		j->jend = s->jnext = pgcache_mark(s->mem);
		j->done = done;
		j->arg = arg;
		*s->jobs_tail = j;
		s->jobs_tail = &j->next;
	}
	s->sent = 0;
	s->group_saved = 0;
	free(s->lost);
	s->lost = NULL;
	queued = pg_after_queue(s, rc >= 0 ? NULL : cause != NULL &&
	    *cause != NULL ? *cause : "the batch before it failed");
	if (rc == 1 || queued)
		pg_kick(s);
	return rc;
}

/*
 * Before a read on a loop: the link must be up, and every job answered,
 * waiting for them here (the loop waits too), each answer at most ms
 * (0: 10 s).  0, or -1 with *cause.
 */
static int
pg_wait(struct store_pg *s, uint64_t ms, char **cause)
{
	struct pg_job	*j;
	struct pollfd	 pfd;
	int		 n, busy;

	if (s->broken && s->link == PG_UP)
		pg_lost(s, PQerrorMessage(s->conn));
	for (;;) {
		if (s->link != PG_UP)
			return set_cause(cause, "%s: the PostgreSQL connection "
			    "is down; connecting again", s->name);
		busy = s->syncs > 0;
		for (j = s->jobs; j != NULL && !busy; j = j->next)
			busy = pg_unsent(s, j);
		if (!busy)
			break;
		if (s->syncs == 0) {
			pg_kick(s);
			continue;
		}
		pfd.fd = PQsocket(s->conn);
		pfd.events = POLLIN | (PQflush(s->conn) == 1 ? POLLOUT : 0);
		pfd.revents = 0;
		if ((n = poll(&pfd, 1, (int)(ms > 0 ? ms : 10000))) == 0)
			return set_cause(cause, "%s: PostgreSQL does not "
			    "answer", s->name);
		if (n < 0)
			continue;
		pg_io(s, ((pfd.revents & POLLOUT) ? UV_WRITABLE : 0) |
		    UV_READABLE);
	}
	pg_later(s);
	return 0;
}

/* The store runs on loop from now on (see "Without waiting"). */
static void
pg_start(struct store *store, uv_loop_t *loop)
{
	struct store_pg	*s = (struct store_pg *)store;

	s->loop = loop;
	s->link = PG_UP;
	pg_dns_host(s);
	s->jnext = pgcache_mark(s->mem);
	s->timer = xcalloc(1, sizeof *s->timer);
	uv_timer_init(loop, s->timer);
	s->timer->data = s;
	uv_unref((uv_handle_t *)s->timer);
	s->later = xcalloc(1, sizeof *s->later);
	uv_timer_init(loop, s->later);
	s->later->data = s;
	uv_unref((uv_handle_t *)s->later);
	/* Idle, read: a session the server ends is seen at once (pg_io). */
	pg_watch(s, UV_READABLE);
}

/*
 * Before closing: the jobs sent or waiting are committed if the link is
 * up (no one is told: the bot is going away, and what it kept for them
 * is gone), the reads' callers are told they failed (so that what
 * they keep for the answer is freed), and the handles close.
 */
static void
pg_stop(struct store_pg *s)
{
	struct pg_job	*j;
	char		*cause = NULL;

	if (s->loop == NULL)
		return;
	if (s->link == PG_UP && pg_wait(s, s->timeout_ms, &cause) != 0) {
		log_warn("store: closing: %s", cause);
		free(cause);
	}
	/* Reads made now fail at once; those under way fail, unread. */
	s->link = PG_DOWN;
	s->reading = NULL;
	pg_after_queue(s, NULL);
	while ((j = s->jobs) != NULL) {
		if ((s->jobs = j->next) == NULL)
			s->jobs_tail = &s->jobs;
		if (j->out != NULL && j->done != NULL) {
			free(j->cause);
			j->cause = xasprintf("%s: the store is closing", s->name);
			j->settled = -1;
			pg_tell(j);
		}
		pg_job_free(j);
	}
	s->jobs_tail = &s->jobs;
	if (s->resolving != NULL)
		resolve_cancel(s->resolving);
	s->resolving = NULL;
	pg_watch(s, 0);
	if (s->poll != NULL)
		uv_close((uv_handle_t *)s->poll, pg_handle_free);
	uv_timer_stop(s->timer);
	uv_close((uv_handle_t *)s->timer, pg_handle_free);
	uv_timer_stop(s->later);
	uv_close((uv_handle_t *)s->later, pg_handle_free);
	s->poll = NULL;
	s->loop = NULL;
}

/*
 * The jobs are waited for, and their callers told; those left fail when
 * give_up (the bot is stopping), else stay under way.
 */
static void
pg_drain_jobs(struct store *store, int give_up)
{
	struct store_pg	*s = (struct store_pg *)store;
	char		*cause = NULL;

	if ((s->link != PG_UP || pg_wait(s, give_up ? s->timeout_ms :
	    PG_READ_WAIT_MS, &cause) != 0) && give_up)
		pg_jobs_fail(s, cause != NULL ? cause : "the PostgreSQL "
		    "connection is down");
	free(cause);
	pg_deliver(s);
}

static int
pg_batch_send(struct store *store, void (*done)(void *, int, char *),
    void *arg, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;

	s->batch = 0;
	return pg_enqueue(s, done, arg, cause);
}

/*
 * Reads without waiting: a read job, behind every batch sent before it
 * (pg_kick), so it sees each one committed, and before the open
 * batch's, which has written nothing yet.  One made in a batch that has
 * (a console chunk, a poll's several updates) waits in s->after and is
 * sent right behind that batch, so it sees its writes, as SQLite's read
 * would; outside a batch, a write not yet handed over is read as before
 * (0: the front reads through the ops that wait, pg_push).  r is the
 * caller's until done runs.
 */
static int
pg_read_send(struct store *store, struct store_read *r, int n,
    void (*done)(void *, int, char *), void *arg, char **cause)
{
	struct store_pg	*s = (struct store_pg *)store;
	struct pg_job	*j;
	int		 i, after = s->batch && s->nlog > 0;

	if (s->nlog > 0 && !after)
		return 0;
	if (s->link != PG_UP)
		return set_cause(cause, "%s: the PostgreSQL connection is "
		    "down; connecting again", s->name);
	j = xcalloc(1, sizeof *j);
	j->log = xcalloc((size_t)n, sizeof *j->log);
	j->res = xcalloc((size_t)n, sizeof *j->res);
	for (i = 0; i < n; i++)
		pg_read_query(&r[i], &j->log[i]);
	j->nlog = (size_t)n;
	j->jmark = j->jend = s->jnext;
	j->done = done;
	j->arg = arg;
	j->out = r;
	if (after) {
		log_debug("store: a read waits for the writes of its batch");
		*s->after_tail = j;
		s->after_tail = &j->next;
		return 1;
	}
	*s->jobs_tail = j;
	s->jobs_tail = &j->next;
	pg_kick(s);
	return 1;
}

/* The schema's own version is this backend's, not a row to copy. */
static int
pg_row_copied(int kind, const char *const *v)
{
	return kind != STORE_ROWS_META || v[0] == NULL ||
	    strcmp(v[0], "schema_version") != 0;
}

static int
pg_each_row(struct store *store, int kind, store_row_cb cb, void *arg,
    char **cause)
{
	const char	*v[STORE_ROWS_COLUMNS_MAX] = { NULL };
	PGresult	*r;
	int		 row, i, rc = 0;

	if ((r = pg_query((struct store_pg *)store, "reading what to copy",
	    cause, store_rows_select(kind), 0, NULL)) == NULL)
		return -1;
	for (row = 0; row < PQntuples(r) && rc == 0; row++) {
		for (i = 0; i < store_rows[kind].ncolumns; i++)
			v[i] = pg_value(r, row, i);
		if (pg_row_copied(kind, v))
			rc = cb(v, arg, cause);
	}
	PQclear(r);
	return rc;
}

/* What memory serves of a row changes with it (store-pg-cache.h). */
static int
pg_put_row(struct store *store, int kind, const char *const *values,
    char **cause)
{
	static const char	 types[] = "ttttttttttttt";
	static const char	 ns[STORE_ROWS_N] = { [STORE_ROWS_NUMBERS] = 'n',
	    [STORE_ROWS_CHANNELS] = 'c', [STORE_ROWS_REFS] = 'r' };
	struct store_pg		*s = (struct store_pg *)store;
	const char		*v[STORE_ROWS_COLUMNS_MAX];
	int			 i, n = store_rows[kind].ncolumns;

	for (i = 0; i < STORE_ROWS_COLUMNS_MAX; i++)
		v[i] = i < n ? values[i] : NULL;
	if (!pg_row_copied(kind, v))
		return 0;
	if (kind == STORE_ROWS_META)
		pgcache_set(s->mem, 'm', "", v[0], v[1]);
	else if (kind == STORE_ROWS_TABLES &&
	    strtoull(v[0], NULL, 10) > pg_meta(s, "max_id"))
		pg_meta_set(s, "max_id", strtoull(v[0], NULL, 10));
	else if (ns[kind] != 0)
		pgcache_set(s->mem, ns[kind], v[0], v[1], v[2]);
	return pg_run(s, cause, store_rows_upsert(kind, '$'),
	    types + (sizeof types - 1 - n), v[0], v[1], v[2], v[3], v[4], v[5],
	    v[6], v[7], v[8], v[9], v[10], v[11], v[12]);
}

const struct store_ops store_pg_ops = {
	.name = "postgres",
	.open = pg_open,
	.close = pg_close,
	.begin = pg_begin,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.batch_begin = pg_batch_begin,
	.batch_end = pg_batch_end,
	.batch_pending = pg_batch_pending,
	.batch_send = pg_batch_send,
	.start = pg_start,
	.drain = pg_drain_jobs,
	.idle = pg_idle,
	.watch = NULL,
	.save_table = pg_save_table,
	.delete_table = pg_delete_table,
	.append_move = pg_append_move,
	.save_snapshot = pg_save_snapshot,
	.record_result = pg_record_result,
	.load_tables = pg_load_tables,
	.list_tables = pg_list_tables,
	.load_table = pg_load_table,
	.number_table = pg_number_table,
	.each_table_num = pg_each_table_num,
	.load_snapshot = pg_load_snapshot,
	.load_moves = pg_load_moves,
	.max_table_id = pg_max_table_id,
	.take_table_id = pg_take_table_id,
	.cb1_max = pg_cb1_max,
	.player_stats = pg_player_stats,
	.leaderboard = pg_leaderboard,
	.get_channel = pg_get_channel,
	.set_channel = pg_set_channel,
	.get_ref = pg_get_ref,
	.set_ref = pg_set_ref,
	.drop_refs = pg_drop_refs,
	.move_channel = pg_move_channel,
	.each_row = pg_each_row,
	.put_row = pg_put_row,
	.read_send = pg_read_send,
};
