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

/*
 * The hard level's short list of seat's moves in g (game/ismcts.c's
 * choices): the default AI's move first, then every draw, serve, answer
 * and end of turn, installs into room, one discard a kind of card, and
 * swaps paid as the AI pays for a nearer guest; swaps paid otherwise,
 * offers, the second-hand market and exhibitions are left to the AI.
 * At most max into out; returns how many.  g is borrowed.
 */
int	 fwb_ai_choices(const struct game *, int seat, struct game_move *out,
	     int max);
/*
 * The hard level's measure of a position a playout stopped in, for seat
 * (game/ismcts.c's value): what seat's served and open guests are worth,
 * an open one by its points and how near it is to served, less the best
 * other seat's, in points.  g is borrowed.
 */
double	 fwb_ai_value(const struct game *, int seat);

#endif
