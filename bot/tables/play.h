/*
 * play.h: a running game at a table: starting it, the single path every
 * move takes (apply, record, announce, deliver, schedule), and the end.
 */
#ifndef BOT_TABLES_PLAY_H
#define BOT_TABLES_PLAY_H

#include "game/game.h"

struct table;

/*
 * Applies seat's move.  The move is recorded before anything is announced;
 * if it cannot be recorded the game is rolled back and -1 returned.  On a
 * rejected move returns -1 with *cause, a sentence with @{N} seats.
 */
int	 play_move(struct table *, int seat, const struct game_move *, char **cause);
/* Lets the AI move for seat. */
int	 play_ai(struct table *, int seat, char **cause);
/*
 * Moves for a seat whose time ran out: the game's timeout move, or the
 * AI's.  lead (borrowed, may be NULL) opens the move's line in the
 * channel: why the bot moved.
 */
int	 play_timeout(struct table *, int seat, const char *lead, char **cause);
/* Deals and starts the game; -1 with *cause when the options do not fit. */
int	 play_start(struct table *, char **cause);
/* Builds the game from seed + options (new or restored); -1 with *cause. */
int	 play_new_game(struct table *, char **cause);

/*
 * Says why in the channel, forgets the table in the store (a failure is
 * logged there; the table comes back at restart) and frees it.
 */
void	 play_close(struct table *, const char *why);
/*
 * Sets the table's timer from what the game waits for now.  The turn
 * timer covers a whole turn (game_ops.turn): it runs from the turn's
 * start, and the player's own moves in it do not restart it; answers
 * asked of others keep the prompt timer.
 */
void	 play_schedule(struct table *);
/*
 * seat's player is back (a move of theirs, join): the AI no longer
 * finishes their turn, and when it is their turn its timer starts again.
 * Returns 1 when the AI was finishing it.  The caller saves the seats.
 */
int	 play_back(struct table *, int seat);

/*
 * t's moves cannot be saved: it pauses, and the channel hears so once
 * (play_move resumes it when a move is saved again).
 */
void	 play_pause(struct table *);

/*
 * bot/tables/channel-lost.c: t's channel stayed lost for its grace: the table ends
 * as "channel lost" (a game's result recorded as ended) and is closed.
 */
void	 chanlost_expire(struct table *);

#endif
