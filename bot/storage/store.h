/*
 * store.h: durable tables.
 *
 * Every table (lobby or game) and every accepted move is written before
 * the players hear of it; on start-up the bot rebuilds each open table
 * from its latest snapshot and the moves after it (or from seed + options
 * + all moves).  Finished games keep their log and a result row per seat,
 * from which stats and leaderboards are read.
 *
 * Two layers: the front (bot/storage/store.c) speaks in tables and games; a
 * backend (struct store_ops; today bot/storage/store-sqlite.c) stores plain
 * records.  A second backend, for several bot processes sharing one
 * database, only has to fill in the ops, its settings and its writer
 * lock.  A NULL store accepts every call and keeps nothing.  Putting
 * tables back into the bot is bot/tables/restore.h's.
 */
#ifndef BOT_STORAGE_STORE_H
#define BOT_STORAGE_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "game/game.h"

struct adapter;
struct bot;
struct store;
struct table;
struct config;
struct uv_loop_s;
struct uv_timer_s;

#define STORE_SNAPSHOT_EVERY	32	/* moves between game snapshots */
/*
 * How often a running bot looks at its state file's paths between writes
 * (store_start), in ms.  A move committed into a log that someone deleted
 * since is in no file a restart reads until that look copies it across,
 * so a SIGKILL within this long of the deletion can still lose it.  Each
 * look costs three stat(2) calls and writes nothing, so once a second is
 * nothing to a bot, and a second is shorter than any operator's
 * "delete, then kill".
 */
#define STORE_WATCH_EVERY_MS	1000
#define STORE_NAME_MAX		64
#define STORE_RANKS_MAX		10

/* A table as the backend keeps it.  Strings are borrowed. */
struct store_table {
	uint64_t	 id;
	uint64_t	 num;		/* the players' number, per server */
	const char	*tag;		/* the table's tag (bot/tables/table.h) */
	const char	*adapter;
	const char	*server;	/* NULL where the platform has none */
	const char	*channel;
	const char	*game;
	uint64_t	 seed;
	const char	*state;		/* "lobby", "playing", "over" */
	const char	*doc;		/* seats, host, options, timers as JSON */
	const char	*result;	/* JSON, or NULL while running */
	int64_t		 updated;	/* unix ms of the last change */
	int64_t		 created;	/* unix ms it was opened (read only) */
};

/* One logged move.  Strings are borrowed. */
struct store_move {
	int		 seq;
	int		 seat;
	const char	*move;		/* JSON, see game_move_save */
	int64_t		 at;		/* unix ms */
};

/* One seat's outcome of a finished game. */
struct store_outcome {
	const char	*user_id;	/* platform user id; NULL for AI seats */
	const char	*name;
	int		 seat;
	const char	*outcome;	/* "won", "lost", "tied" */
};

/* Which games stats count: any of them may be NULL for "all". */
struct store_scope {
	const char	*adapter;
	const char	*channel;	/* NULL: every channel (global) */
	const char	*game;
};

struct store_stats {
	int	games, wins, ties, losses;
	int	streak;		/* wins in a row (> 0) or losses (< 0), newest first */
};

/*
 * For a backend's player_stats: counts one outcome ("won", "lost",
 * "tied") into out, which starts zeroed; outcomes come newest first, so
 * the streak is the run the first one begins.
 */
void	 store_stats_count(struct store_stats *, const char *outcome);

struct store_rank {
	char	user_id[STORE_NAME_MAX];
	char	name[STORE_NAME_MAX];
	int	games, wins;
};

typedef int (*store_table_cb)(const struct store_table *, void *arg, char **cause);
typedef int (*store_move_cb)(const struct store_move *, void *arg, char **cause);

/* What a read asks for (struct store_read). */
enum store_read_kind {
	STORE_READ_STATS,	/* a player's stats in a scope */
	STORE_READ_RANKS,	/* a scope's leaderboard */
	STORE_READ_NUM,		/* every table of an adapter with a number */
	STORE_READ_MOVES,	/* a table's moves from a seq on */
};

/*
 * One read that the store may answer later (store_read_send): what it
 * asks (its strings are copied when it is sent) and where its answer
 * goes (the caller's until the answer came).
 */
struct store_read {
	enum store_read_kind	 kind;
	struct store_scope	 scope;		/* STATS, RANKS */
	const char		*user_id;	/* STATS */
	const char		*adapter;	/* NUM */
	uint64_t		 num;		/* NUM; MOVES: the table's id */
	int			 from_seq;	/* MOVES */
	/* The answer: STATS fills stats, RANKS ranks[0..nranks) of max. */
	struct store_stats	 stats;
	struct store_rank	*ranks;
	int			 max, nranks;
	/* NUM calls table_cb, MOVES move_cb, with each row in order. */
	store_table_cb		 table_cb;
	store_move_cb		 move_cb;
	void			*cb_arg;
};

/*
 * One row of a store's kind (bot/storage/store-rows.h), its values as
 * text in the kind's column order, NULL for SQL NULL; all borrowed.
 */
typedef int (*store_row_cb)(const char *const *values, void *arg,
    char **cause);
/* One kept message id (a row of refs); strings borrowed. */
typedef void (*store_ref_cb)(const char *adapter, const char *key,
    const char *value, void *arg);

/*
 * What opens a store: the backend, by name, and that backend's own
 * settings, which only it reads.  store_settings_config fills them in
 * from the config.  Strings are borrowed.
 */
struct store_settings {
	const char	*backend;	/* a struct store_ops name: "sqlite" */
	/* A backend that keeps one file ("sqlite"). */
	struct {
		const char	*path;
		uint64_t	 max_size;	/* bytes; 0: no limit */
	} file;
	/* A database server ("postgres"). */
	struct {
		const char	*conninfo;	/* libpq's keywords or URI */
		const char	*password;	/* "" or NULL: none, or in conninfo */
		uint64_t	 connect_timeout_ms;
		uint64_t	 commit_timeout_ms;	/* 0: 15 s */
	} server;
};

/* How a backend's open opens (bits). */
#define STORE_OPEN_READONLY	0x1	/* an existing store, to read beside
					   a running bot; never written */
#define STORE_OPEN_WRITER	0x2	/* as its one writer (store_open_writer) */

/*
 * A backend.  Every call returns 0, or -1 with *cause a sentence naming
 * the store (its file, say) and what failed.  A failed call changes
 * nothing.
 */
struct store_ops {
	const char	*name;
	/*
	 * Opens (creating if need be, unless STORE_OPEN_READONLY) the store
	 * the settings name.  With STORE_OPEN_WRITER it first takes the
	 * store's writer lock, held until close, before anything is
	 * written; when another process holds it, NULL with *held 1 (held
	 * may be NULL otherwise).
	 */
	struct store	*(*open)(const struct store_settings *, int flags,
			     int *held, char **cause);
	void		 (*close)(struct store *);
	int	 (*begin)(struct store *, char **cause);
	int	 (*commit)(struct store *, char **cause);
	void	 (*rollback)(struct store *);
	/*
	 * Group commit: between batch_begin and batch_end every write
	 * (begin/commit included) joins one transaction, committed once by
	 * batch_end; -1 when that commit failed or an error undid the
	 * batch.  batch_pending: how many uncommitted writes the batch holds.
	 */
	void	 (*batch_begin)(struct store *);
	int	 (*batch_end)(struct store *, char **cause);
	int	 (*batch_pending)(struct store *);
	/*
	 * Optional (NULL: batch_end, which waits): ends the batch like
	 * batch_end without waiting for its commit.  0 or -1 when the batch
	 * settled at once (nothing to send, or the store is down: *cause),
	 * and done is never called; 1 when it was sent, and then done(arg,
	 * 0 or -1, cause the callee takes) runs later on the loop, never
	 * inside a call of the store.  Batches settle in the order they
	 * ended; once one fails, every one sent after it fails too.  Only
	 * after the store was started on a loop (start).
	 */
	int	 (*batch_send)(struct store *, void (*done)(void *, int, char *),
		     void *arg, char **cause);
	/*
	 * Optional: the store runs on loop from now on (store_start); its
	 * handles close in close.
	 */
	void	 (*start)(struct store *, struct uv_loop_s *loop);
	/*
	 * Optional, with batch_send: waits until every batch sent has
	 * settled and its done has run; a server that does not answer is
	 * waited for as long as a connect may take, and then, when
	 * give_up, every batch left fails (else they stay under way).
	 */
	void	 (*drain)(struct store *, int give_up);
	/*
	 * Upkeep that may wait until a batch's output has gone (folding a
	 * backend's log into its store, say).  Never fails a write.
	 */
	void	 (*idle)(struct store *);
	/*
	 * Between batches, on the store's timer (store_start): whether what
	 * the store opened is still there, put right as before a commit when
	 * it is not, and logged once.  NULL: the backend has nothing to
	 * watch.
	 */
	void	 (*watch)(struct store *);
	int	 (*save_table)(struct store *, const struct store_table *, char **cause);
	int	 (*delete_table)(struct store *, uint64_t id, char **cause);
	int	 (*append_move)(struct store *, uint64_t id, const struct store_move *,
		     char **cause);
	int	 (*save_snapshot)(struct store *, uint64_t id, int seq,
		     const char *game, char **cause);
	/* Marks the table over and writes one outcome per seat. */
	int	 (*record_result)(struct store *, uint64_t id, const char *result,
		     const struct store_outcome *, int n, char **cause);
	/* Every table in the lobby or playing, in id order. */
	int	 (*load_tables)(struct store *, store_table_cb, void *, char **cause);
	/* Every table not over (lobby, playing, broken), in id order. */
	int	 (*list_tables)(struct store *, store_table_cb, void *, char **cause);
	/* One table by id, any state; 0 with *found 0 when there is none. */
	int	 (*load_table)(struct store *, uint64_t id, store_table_cb, void *,
		     int *found, char **cause);
	/* The newest snapshot (caller frees *game, NULL and seq -1 if none). */
	int	 (*load_snapshot)(struct store *, uint64_t id, int *seq,
		     char **game, char **cause);
	int	 (*load_moves)(struct store *, uint64_t id, int from_seq,
		     store_move_cb, void *, char **cause);
	/* The highest table id ever given: saved, or taken by take_table_id. */
	uint64_t (*max_table_id)(struct store *);
	/*
	 * Takes the next table id: one more than any given before, never
	 * the same twice, even after its table is forgotten.
	 */
	int	 (*take_table_id)(struct store *, uint64_t *id, char **cause);
	/*
	 * The highest table id when the store was upgraded to keep tags
	 * (version 5), the last that old "cb1:" buttons may name; 0 for a
	 * store made since.
	 */
	uint64_t (*cb1_max)(struct store *);
	/*
	 * Takes the next players' number of an adapter's server (NULL: the
	 * platform has none): 1 for its first table, then one more each
	 * time, never the same twice, even after a table is forgotten.
	 */
	int	 (*number_table)(struct store *, const char *adapter,
		     const char *server, uint64_t *num, char **cause);
	/* Every table of an adapter with players' number num, any server. */
	int	 (*each_table_num)(struct store *, const char *adapter,
		     uint64_t num, store_table_cb, void *, char **cause);
	int	 (*player_stats)(struct store *, const struct store_scope *,
		     const char *user_id, struct store_stats *, char **cause);
	/* Ranks by wins, then win rate; returns how many, or -1. */
	int	 (*leaderboard)(struct store *, const struct store_scope *,
		     struct store_rank *, int max, char **cause);
	/* A channel's saved settings as JSON (caller frees), or NULL. */
	int	 (*get_channel)(struct store *, const char *adapter,
		     const char *channel, char **doc, char **cause);
	int	 (*set_channel)(struct store *, const char *adapter,
		     const char *channel, const char *doc, char **cause);
	/*
	 * A message id an adapter keeps by key (caller frees *value, NULL
	 * when none); set_ref with a NULL value forgets it.
	 */
	int	 (*get_ref)(struct store *, const char *adapter, const char *key,
		     char **value, char **cause);
	int	 (*set_ref)(struct store *, const char *adapter, const char *key,
		     const char *value, char **cause);
	/*
	 * Forgets every message id of table id (keys "<kind>:<id>:...", see
	 * store_ref_get), calling cb (may be NULL) with each first.
	 */
	int	 (*drop_refs)(struct store *, uint64_t id, store_ref_cb, void *,
		     char **cause);
	/*
	 * Channel from of adapter is now to (store_channel_move): its
	 * tables (any state), their outcomes, its settings and the message
	 * ids of its tables ("<kind>:<id>:<channel>..." keys; moved when
	 * keep_refs, else forgotten), and the same of each channel under it
	 * ("<from>:<rest>" becomes "<to>:<rest>").
	 */
	int	 (*move_channel)(struct store *, const char *adapter,
		     const char *from, const char *to, int keep_refs,
		     char **cause);
	/*
	 * Copying a store whole (--migrate-state, bot/storage/migrate.c):
	 * each_row calls cb with every row of kind (enum store_rows_kind,
	 * bot/storage/store-rows.h) in key order; put_row writes one such
	 * row (values borrowed), replacing the row with its key, as any
	 * write: in the open batch or group, or committed by itself.
	 */
	int	 (*each_row)(struct store *, int kind, store_row_cb, void *,
		     char **cause);
	int	 (*put_row)(struct store *, int kind, const char *const *values,
		     char **cause);
	/*
	 * Optional (NULL: each read through the ops above, which wait): the
	 * n reads (store_read_send) without waiting, behind every batch sent
	 * before (batch_send), so they see each of its writes.  1 when sent:
	 * done(arg, 0 or -1, cause the callee takes) runs later on the loop,
	 * never inside a call of the store but close (which fails the reads
	 * under way), each read answered first; -1 with *cause when it
	 * failed at once (the store is down), and done is never called; 0
	 * when they cannot go without waiting now (the caller reads them
	 * through the ops above).  Only after start.
	 */
	int	 (*read_send)(struct store *, struct store_read *, int n,
		     void (*done)(void *, int, char *), void *arg, char **cause);
};

/* A table that the open batch wrote; see store_batch_tables. */
struct store_touch {
	struct adapter	*adapter;
	uint64_t	 id;
};

/*
 * Every backend's store starts with this.  The front keeps, while a batch
 * is open, which tables it wrote, so that a failed commit can put them
 * back as they were saved.
 */
struct store {
	const struct store_ops	*ops;
	int			 batching;
	struct store_touch	*touched;
	size_t			 ntouched, captouched;
	/* The message ids of tables that ended (see store_ref_get). */
	struct store_kept	*kept;
	size_t			 nkept;
	uint64_t		 batches;	/* counts store_batch_begin */
	struct uv_loop_s	*loop;		/* store_start's, or NULL */
	/* The timer of store_start (NULL: none), freed once uv has closed it. */
	struct uv_timer_s	*watch;
	/* Whom store_changed tells (store_on_changed), or NULL. */
	void			(*changed)(void *, const char *, uint64_t);
	void			*changed_arg;
};

/* What a player is told when what they did could not be saved. */
#define STORE_FAILED_TEXT "I could not save that, so nothing changed: my " \
	"storage is failing and the operator can see why in the log."
/* What a read that failed says, after what it was: "Stats are ". */
#define STORE_UNREAD_TEXT "unavailable for now: I cannot reach my " \
	"database. Try again in a minute."


/*
 * The settings of the store the config names (store.backend; the file's
 * bot.state_file and bot.state_max_size, the server's [postgres]); they
 * borrow cfg's strings.
 */
void		 store_settings_config(const struct config *cfg,
		     struct store_settings *);
/*
 * What start-up refuses in the store's settings alone (a server backend
 * without its connection string); 0, or -1 with *cause (caller frees).
 */
int		 store_settings_check(const struct config *cfg, char **cause);
/*
 * What the settings open, fit to show: the file's path, or the server's
 * connection string with its password masked (lib/conninfo.h).  Caller
 * frees.
 */
char		*store_settings_name(const struct store_settings *);
/*
 * Opens (creating if need be) the store the settings name; caller frees
 * with store_close.  NULL with *cause (caller frees).
 */
struct store	*store_open(const struct store_settings *, char **cause);
/*
 * The same, as the store's one writer (a bot, or an operator's
 * --end-table): two bots on one store would each hold the same tables in
 * memory and overwrite each other's moves, and an --end-table beside a
 * running bot would be undone by its next save.  The backend's writer
 * lock is held until store_close, and the process's death drops it.
 * When another process holds it: NULL with *held 1 and *cause (caller
 * frees).
 */
struct store	*store_open_writer(const struct store_settings *, int *held,
		     char **cause);
/*
 * Opens an existing store read-only, safe beside a running bot; caller
 * frees with store_close.  NULL with *cause (caller frees).
 */
struct store	*store_open_readonly(const struct store_settings *,
		     char **cause);
/*
 * Starts the store's watch on loop (borrowed, outlives the store): every
 * STORE_WATCH_EVERY_MS the backend's watch op looks at the files, so what
 * was committed reaches a file a restart reads even when no write comes
 * after.  The timer never keeps the loop running; store_close stops it.
 * Nothing for a NULL store or a backend with nothing to watch.  A
 * backend that commits without waiting (batch_send) runs on loop from
 * now on.
 */
void		 store_start(struct store *, struct uv_loop_s *loop);
void		 store_close(struct store *);
/*
 * cb(arg, adapter, id) is told, on the loop and never inside a call of
 * the store, of each open table whose record, snapshot or moves the
 * backend found to be otherwise on its server than in what it served (a
 * commit it had counted as failed was made after all), or that was
 * opened or closed there: the caller puts it back as the store now has
 * it.  arg is borrowed; cb NULL: no one is told.
 */
void		 store_on_changed(struct store *,
		     void (*cb)(void *arg, const char *adapter, uint64_t id),
		     void *arg);
/* For a backend: tells store_on_changed's cb of table id of adapter. */
void		 store_changed(struct store *, const char *adapter,
		     uint64_t id);

/*
 * Group commit.  Writes after store_batch_begin are durable only after
 * store_batch_end returns 0; until then nothing that depends on them may
 * be announced (bot/saying/outbox.c holds the output back).  store_batch_end
 * returns -1 with *cause (caller frees) when the commit failed, and then
 * every write of the batch is gone.  A NULL store keeps nothing: no batch
 * is ever pending.
 */
void	 store_batch_begin(struct store *);
int	 store_batch_end(struct store *, char **cause);
/*
 * The same without waiting where the backend can (batch_send): 0, or -1
 * with *cause (caller frees), when the batch settled at once; 1 when
 * done(arg, 0 or -1, cause done frees) will run later on the loop, in
 * the order the batches ended.  A backend that cannot, and a NULL
 * store, settle every batch at once, as store_batch_end.
 */
int	 store_batch_send(struct store *, void (*done)(void *, int, char *),
	     void *arg, char **cause);
/*
 * Waits until every batch store_batch_send sent has settled and its
 * done has run: for output whose order must not wait (the operator's
 * console), or, give_up, when the bot is stopping and what they hold is
 * said first (those the server does not answer then fail).
 */
void	 store_drain(struct store *, int give_up);
/* How many uncommitted writes the batch holds; 0 for none. */
int	 store_batch_pending(struct store *);
/*
 * The tables the last batch wrote (a lobby saved, a move, a result, a
 * table deleted), each once, in the order first written; *n gets how
 * many.  Borrowed: valid until the next store_batch_begin.  A NULL store
 * wrote none.
 */
const struct store_touch *store_batch_tables(struct store *, size_t *n);
/*
 * Upkeep kept off the path from a move to its announcement (the
 * backend's idle): called once a batch's output has been sent.
 */
void	 store_idle(struct store *);

/*
 * For operators: calls cb for every table that is not over (lobby,
 * playing, broken), in id order.  0, or -1 with *cause.
 */
int	 store_list(struct store *, store_table_cb, void *, char **cause);
/*
 * Writes a table record's players ("alice, Negroni (AI)") into buf,
 * capped at len bytes; "?" when the record cannot be read.  doc is
 * borrowed.
 */
void	 store_doc_players(const char *doc, char *buf, size_t len);
/*
 * For operators: ends open table id as its host's "end" would, forgetting
 * it and its moves, so no bot restores it; no result counts.  A finished
 * table is refused (its result feeds stats).  *channel (may be NULL) gets
 * "platform channel" of the table (caller frees).  0, or -1 with *cause.
 */
int	 store_table_end(struct store *, uint64_t id, char **channel,
	     char **cause);

/* Writes the table's seats, options, host and state. */
int	 store_table_save(struct store *, const struct table *, char **cause);
/*
 * Appends move number seq of the table (refused if seq is there already),
 * with a snapshot of the game every STORE_SNAPSHOT_EVERY moves, in one
 * transaction.
 */
int	 store_move_append(struct store *, const struct table *, int seq, int seat,
	     const struct game_move *, char **cause);
/*
 * Marks the game over with its result and each seat's outcome; a result
 * still GAME_RUNNING is a game stopped without one (its channel lost),
 * recorded as "ended" and left out of stats.
 */
int	 store_table_finish(struct store *, const struct table *,
	     const struct game_result *, char **cause);
/* Forgets a table that never started or was ended by its host. */
int	 store_table_delete(struct store *, const struct table *, char **cause);
/*
 * What restore (bot/tables/restore.c) reads to put tables back.  A NULL
 * store holds none.  Each 0, or -1 with *cause.
 *
 * store_each_open: every table in the lobby or playing, in id order.
 * store_each_num: every table of adapter with players' number num, any
 * server.  store_table_load: table id in any state; *found 0 when there
 * is none.  store_snapshot: the newest snapshot of a game (caller frees
 * *game; NULL and *seq -1 when none).  store_moves: the moves from
 * from_seq on, in order.  store_ids: the highest table id ever given,
 * and the last that old "cb1:" buttons may name (0: none).
 */
int	 store_each_open(struct store *, store_table_cb, void *, char **cause);
int	 store_each_num(struct store *, const char *adapter, uint64_t num,
	     store_table_cb, void *, char **cause);
int	 store_table_load(struct store *, uint64_t id, store_table_cb, void *,
	     int *found, char **cause);
int	 store_snapshot(struct store *, uint64_t id, int *seq, char **game,
	     char **cause);
int	 store_moves(struct store *, uint64_t id, int from_seq, store_move_cb,
	     void *, char **cause);
void	 store_ids(struct store *, uint64_t *max_id, uint64_t *cb1_max);
/*
 * Keeps record r, which cannot be rebuilt, for the operator to look at
 * but out of the open tables ("broken"), so its channel is free and it
 * is not retried; a failure is logged.
 */
void	 store_mark_broken(struct store *, const struct store_table *r);
/* Did a seat of a table record's doc (borrowed) belong to user_id? */
int	 store_doc_has(const char *doc, const char *user_id);

/* Reads a table record's doc (seats, host, options, timers) onto t. */
int	 store_parse_doc(struct table *, const char *doc, char **cause);

/*
 * Reads r[0..n) in order: 0 when read at once (a store that waits, or
 * a NULL store, which knows no games), -1 with *cause (caller frees);
 * 1 when the store answers later, without waiting, with done(arg, 0 or
 * -1, cause done frees) on the loop (see the read_send op).  r is the
 * caller's until then; a row callback's -1 and cause fail the read.
 */
int	 store_read_send(struct store *, struct store_read *r, int n,
	     void (*done)(void *, int, char *), void *arg, char **cause);
/*
 * Gives t, a new table, an id that no table had before: the store's next
 * (take_table_id), written in the open batch like the number, and kept
 * above bot->next_table_id.  Without a store t keeps the id table_new
 * gave it, counted in memory.  0, or -1 with *cause (caller frees).
 */
int	 store_table_id(struct store *, struct table *, char **cause);

/*
 * Takes the players' number for a new table on adapter a's server (NULL:
 * none): that server's tables are numbered 1, 2, 3, ... and no number is
 * given twice (without a store, one more than the open tables').  The
 * number is written in the open batch, so a new that fails with it uses
 * none up.  0 with *num, or -1 with *cause (caller frees).
 */
int	 store_table_number(struct store *, struct bot *, struct adapter *,
	     const char *server, uint64_t *num, char **cause);

/* Who asks for a finished table, and where (restore_finished_send). */
struct store_asker {
	const char	*server;	/* the asker's server; NULL: none */
	const char	*user_id;	/* the asker */
	int		 is_dm;		/* asked in a DM: only their own games */
};

/* A channel's saved settings as JSON (caller frees), or NULL when none. */
int	 store_channel_get(struct store *, const char *adapter, const char *channel,
	     char **doc, char **cause);
int	 store_channel_set(struct store *, const char *adapter, const char *channel,
	     const char *doc, char **cause);

/*
 * A channel got another id (a Telegram group upgraded to a supergroup):
 * everything the store keeps of channel from of adapter, and of each
 * channel under it ("<from>:<rest>", a forum topic), moves to to, in
 * one transaction: its tables in any state, their outcomes (stats and
 * leaderboards of the new channel count them), its settings, and the
 * message ids of its tables, which move when keep_refs (the platform's
 * ids still work there) and are forgotten otherwise (the channel numbers
 * its messages anew: an old id there names another message, or none).
 * Settings already kept for to are replaced.  A NULL store keeps
 * nothing.  0, or -1 with *cause (STORE_FAILED_TEXT, the error logged).
 */
int	 store_channel_move(struct store *, const char *adapter,
	     const char *from, const char *to, int keep_refs, char **cause);
/*
 * Whether channel is from or a channel under it ("<from>:<rest>"), as
 * store_channel_move moves them.  Both borrowed.
 */
int	 store_channel_under(const char *channel, const char *from);

/*
 * What an adapter keeps across restarts by a key of its own: the id of a
 * message it edits ("board:7:500" -> "1234").  store_ref_get writes the
 * value into buf (capped at len) and returns 1, or 0 when there is none
 * (or the store cannot say: logged); store_ref_set with value NULL
 * forgets the key.  A NULL store keeps nothing.  Strings are borrowed.
 *
 * A key "<kind>:<table id>:<rest>" (kind without ':') belongs to that
 * table: its rows go in the same write that ends or forgets the table,
 * and a file's rows of tables that are over or gone go when it is
 * opened.  An ended table is never restored, so only this run edits its
 * last messages: until the adapter forgets them, the ids live on in
 * memory (at most STORE_KEPT_MAX), where get and set find them.
 */
#define STORE_KEPT_MAX	256
int	 store_ref_get(struct store *, const char *adapter, const char *key,
	     char *buf, size_t len);
int	 store_ref_set(struct store *, const char *adapter, const char *key,
	     const char *value, char **cause);

/* Milliseconds since the epoch, for records. */
int64_t	 store_now(void);

#endif
