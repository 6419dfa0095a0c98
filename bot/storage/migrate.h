/*
 * migrate.h: cheersbot --migrate-state FROM.db, which copies everything
 * an SQLite state file holds into the PostgreSQL database the config
 * names: every table in any state with its moves, snapshots and
 * outcomes, the channel settings, the message ids and the adapters' own
 * state (Telegram's update offset, the inline choices it has seen), the
 * servers' table numbers and the table-id counter.  Row for row
 * (bot/storage/store-rows.h), so table ids, the numbers players see and
 * the times stats order by stay the same.
 */
#ifndef BOT_STORAGE_MIGRATE_H
#define BOT_STORAGE_MIGRATE_H

#include <stdio.h>

#include "bot/storage/store-rows.h"

struct config;
struct store;

/* How many rows of each kind a copy wrote, and of the tables how many
   were open (lobby or playing) and over. */
struct migrate_counts {
	unsigned long long	 rows[STORE_ROWS_N];
	unsigned long long	 open, over;
};

/*
 * Copies every row of from into to (both borrowed, to opened as its
 * writer) in one transaction of to's: all of it or, on any failure,
 * nothing.  Refused, with nothing written, when to holds a table
 * already.  0 with *counts, or -1 with *cause (caller frees).
 */
int	migrate_copy(struct store *from, struct store *to,
	    struct migrate_counts *counts, char **cause);

/*
 * The operator's command: copies the state file at path (borrowed) into
 * the config's PostgreSQL database and prints on out what it copied.
 * Both are held as their one writer meanwhile, so it is refused while a
 * bot runs on either.  0, or -1 with *cause (caller frees).
 */
int	migrate_state(const struct config *, const char *path, FILE *out,
	    char **cause);

#endif
