/*
 * Magic Cocktail: the game's public face, its ops table, and the few
 * functions tests and tools use besides it.
 */
#ifndef GAME_MAGIC_MAGIC_H
#define GAME_MAGIC_MAGIC_H

#include "game/game.h"

extern const struct game_ops magic_ops;

/*
 * Checks every invariant of a game: every card in exactly one place (the
 * deck, a hand, or laid out this round), every recipe card in the pile or
 * revealed, offers that their authors can still pay, stones and lays that
 * fit the phase.  Returns 0, or -1 and *cause.  The game is borrowed.
 */
int	 magic_check(const struct game *, char **cause);

#endif
