/*
 * Cosdrink Encounters: the game's public face, its ops table, and the few
 * functions tests and tools use besides it.
 */
#ifndef GAME_COSDRINK_COSDRINK_H
#define GAME_COSDRINK_COSDRINK_H

#include "game/game.h"

extern const struct game_ops cosdrink_ops;

/*
 * Checks every invariant of a game: every monster and every item in
 * exactly one place, hands within their size, the round's state in range.
 * Returns 0, or -1 and *cause.  The game is borrowed.
 */
int	 cos_check(const struct game *, char **cause);

#endif
