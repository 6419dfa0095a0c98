/*
 * store.h: durable tables.  Every table (lobby or game) and every accepted
 * move is written to SQLite before the players hear of it; on start-up the
 * bot rebuilds each open table from its seed, options and move log.
 * A NULL store (no state file) accepts every call and keeps nothing.
 */
#ifndef BOT_STORE_H
#define BOT_STORE_H

#include "game/game.h"

struct bot;
struct store;
struct table;

/* Opens (creating if need be) the state file; caller frees with store_close. */
struct store	*store_open(const char *path, char **cause);
void		 store_close(struct store *);

/* Writes the table's seats, options, host and state. */
int	 store_table_save(struct store *, const struct table *, char **cause);
/* Appends move number seq of the table; fails if seq is already there. */
int	 store_move_append(struct store *, const struct table *, int seq, int seat,
	     const struct game_move *, char **cause);
/* Marks the game over with its result. */
int	 store_table_finish(struct store *, const struct table *,
	     const struct game_result *, char **cause);
/* Forgets a table that never started or was ended by its host. */
int	 store_table_delete(struct store *, const struct table *, char **cause);
/*
 * Rebuilds every open table into the bot: lobbies as they were, games by
 * replaying their moves.  Tables of adapters not running are kept for
 * later.  Returns the number restored, or -1 with *cause.
 */
int	 store_restore(struct store *, struct bot *, char **cause);

#endif
