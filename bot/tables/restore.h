/*
 * restore.h: the tables the store holds, put back into the bot.
 *
 * Above both the store (bot/storage/store.h, records) and play
 * (bot/tables/play.h, games and their timers): the store never calls
 * play, and play never reads records.
 */
#ifndef BOT_TABLES_RESTORE_H
#define BOT_TABLES_RESTORE_H

#include <stdint.h>

#include "game/game.h"

struct adapter;
struct bot;
struct store_asker;
struct table;

/*
 * Rebuilds every open table of bot->store into the bot: lobbies as they
 * were, games from snapshot + moves, timers re-armed with their remaining
 * time.  Tables of adapters not running are kept for later.  Returns the
 * number restored, or -1 with *cause (caller frees).  Nothing without a
 * store.
 */
int	 restore_tables(struct bot *, char **cause);

/*
 * Rebuilds t's game from bot->store: from the newest snapshot when
 * snapshots is set, else from the seed; then every later move, calling
 * hook (may be NULL) after each with its events.  *last_at (may be NULL)
 * gets the newest move's time.  0, or -1 with *cause.
 */
typedef void (*restore_move_hook)(struct table *, int seat,
    const struct game_move *, const struct game_events *, void *arg);
int	 restore_rebuild(struct table *, int snapshots, restore_move_hook,
	     void *arg, int64_t *last_at, char **cause);

/*
 * After a failed batch: rebuilds table id of adapter a as the store has
 * it, as start-up would (a lobby as it was, a game from its snapshot and
 * moves), with fresh timers and without a word to the channel.  The
 * caller has dropped the table from memory first.  Returns the table
 * (owned by the bot's list), or NULL when the store holds no open table
 * of that id (a lobby opened in the failed batch) or it cannot be rebuilt
 * (logged).
 */
struct table	*restore_reload(struct bot *, struct adapter *, uint64_t id);

/*
 * Loads the finished table with players' number num on adapter a into a
 * new detached table (not listed in the bot; free it with table_free),
 * rebuilt move by move with hook(..., hook_arg) called after each.
 * Only a table of the asker's server is found; from a DM, only one the
 * asker played in.  Reads without waiting where the store can
 * (store_read_send): 1 when done(arg, 0 or -1, cause done frees) runs
 * later on the loop, with the table in *out on 0 (out, hook_arg and arg
 * are the caller's until then); else 0 with the table in *out now, or
 * -1 with *cause now.  A cause is a sentence for players: no such table
 * here, still running, more than one of theirs, damaged log, the store
 * unavailable.  who is copied.
 */
int	 restore_finished_send(struct bot *, struct adapter *,
	     const struct store_asker *, uint64_t num, restore_move_hook,
	     void *hook_arg, struct table **out,
	     void (*done)(void *, int, char *), void *arg, char **cause);

#endif
