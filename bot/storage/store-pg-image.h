/*
 * store-pg-image.h: the PostgreSQL backend's picture of each open table
 * (its record, its newest snapshot and the moves after it), kept in the
 * backend's memory (store-pg-cache.h) beside what the server holds and
 * changed by each write as it is logged.  A batch the server refused is
 * taken back with the cache's journal, so the picture is what was
 * committed, and a table put back after a failed commit is read from
 * here without asking the server, which may be the thing that failed.
 * No libpq here.
 */
#ifndef BOT_STORAGE_STORE_PG_IMAGE_H
#define BOT_STORAGE_STORE_PG_IMAGE_H

#include <stdint.h>

#include "bot/storage/store.h"

struct pgcache;

/* Whether table id is pictured (it is open, and was written or loaded). */
int	pgimage_has(struct pgcache *, uint64_t id);
/*
 * Table record t was saved: pictured as it is (a new one) or with its
 * state, doc and update time (one pictured already), as the server's
 * upsert keeps it; forgotten when it is no longer open.
 */
void	pgimage_table(struct pgcache *, const struct store_table *t);
/* Table id is over or gone: its picture is forgotten. */
void	pgimage_drop(struct pgcache *, uint64_t id);
/* A move of a pictured table, after its others. */
void	pgimage_move(struct pgcache *, uint64_t id, const struct store_move *);
/* A snapshot of a pictured table: the moves before it are forgotten. */
void	pgimage_snapshot(struct pgcache *, uint64_t id, int seq,
	    const char *game);
/* The tables of adapter in channel from or one under it move to to. */
void	pgimage_channel(struct pgcache *, const char *adapter,
	    const char *from, const char *to);
/* The first move a pictured table's picture holds: its snapshot's. */
int	pgimage_first_seq(struct pgcache *, uint64_t id);
/*
 * The picture's reads, as the store ops of the same names; table id
 * must be pictured.  Each 0, or -1 with the callback's *cause.
 */
int	pgimage_load_table(struct pgcache *, uint64_t id, store_table_cb,
	    void *, char **cause);
void	pgimage_load_snapshot(struct pgcache *, uint64_t id, int *seq,
	    char **game);
int	pgimage_load_moves(struct pgcache *, uint64_t id, int from_seq,
	    store_move_cb, void *, char **cause);

/* A pictured table's digest (pgimage_sums). */
struct pgimage_sum {
	uint64_t	 id;
	uint64_t	 sum;		/* of its record, snapshot and moves */
	char		*adapter;	/* owned by the array */
};
/*
 * Every pictured table's digest, sorted by id, into *out (the caller
 * frees it with pgimage_sums_free); returns how many.  Two pictures of a
 * table differ where their digests do (save a 64-bit collision).
 */
size_t	pgimage_sums(struct pgcache *, struct pgimage_sum **out);
void	pgimage_sums_free(struct pgimage_sum *, size_t n);

#endif
