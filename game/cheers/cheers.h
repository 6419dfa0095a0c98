/*
 * CHEERS: the flagship game's public face, its ops table.
 */
#ifndef GAME_CHEERS_CHEERS_H
#define GAME_CHEERS_CHEERS_H

#include "game/game.h"

extern const struct game_ops cheers_ops;

#endif
