/*
 * Friends with Beverages: the game's public face, its ops table, and the
 * few functions tests and tools use besides it.
 */
#ifndef GAME_FWB_FWB_H
#define GAME_FWB_FWB_H

#include "game/game.h"

extern const struct game_ops fwb_ops;

/*
 * Checks every invariant of a game: every resource card and every guest
 * card in exactly one place, sheds within capacity and without duplicate
 * types, hands within their cap, prompts that make sense.  Returns 0, or
 * -1 and *cause.  The game is borrowed.
 */
int	 fwb_check(const struct game *, char **cause);

#endif
