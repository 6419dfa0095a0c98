/*
 * ai-hard.h: the hard level's moves for a table's AI seats (the search of
 * game/ismcts.h), made off the loop.
 */
#ifndef BOT_TABLES_AI_HARD_H
#define BOT_TABLES_AI_HARD_H

#include "game/game.h"

struct table;

/*
 * Seat's move at the hard level in t, for play.c's AI path.  1: *m is the
 * move, found now (under a fake clock the search runs at once, so test
 * runs replay exactly) or by a search of this very position that has
 * finished; *lead then gets the lead text the search was started with
 * (owned by the caller; NULL: use your own).  0: a search was started on
 * a worker thread (or is still running) and the move comes later: when
 * it ends, the table's AI task is due at once, and comes back here.  -1:
 * the game has no hard level (no determinize op); use the default AI.
 * lead (borrowed, may be NULL) is kept for a move made later.
 */
int	 ai_hard_move(struct table *t, int seat, const char *lead,
	     struct game_move *m, char **lead_out);
/* t is being freed: a search still running for it finds no table. */
void	 ai_hard_detach(struct table *t);

#endif
