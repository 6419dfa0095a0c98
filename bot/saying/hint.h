/*
 * hint.h: the example a player's private prompt shows is a good move,
 * the one the game's AI would make in their place.
 *
 * The AI of every game reads only what its seat may see (its own hand,
 * its team's recipe when the seat knows it, the public table), and the
 * hint gives it a fixed rng, so a hint never depends on another seat's
 * hand, another team's recipe or the order of a deck
 * (tests/unit/test_hint.c re-deals those and checks).  While a
 * simultaneous phase is open (game_prompt.each), the hint holds back
 * the move that ends the seat's part of it (game_ai_pace.final: Magic
 * Cocktail's stone), as the bot holds back an AI seat's while humans
 * trade: the hint is a trade, or none.
 */
#ifndef BOT_SAYING_HINT_H
#define BOT_SAYING_HINT_H

#include "game/game.h"

/*
 * The move the AI of ops would make for seat in g (borrowed) among the
 * actions (a bit per action), into *out.  0, or -1 when no good move
 * is known: the AI has none among actions, or only one that is held
 * back; the caller then shows the command's shape.
 */
int	 hint_move(const struct game_ops *ops, const struct game *g, int seat,
	     unsigned actions, struct game_move *out);

/*
 * The actions of actions that a hint may suggest for seat now: all but
 * the final ones (game_ai_pace.final) while a simultaneous prompt asks
 * seat.
 */
unsigned hint_actions(const struct game_ops *ops, const struct game *g,
	     int seat, unsigned actions);

#endif
