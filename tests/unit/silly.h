/*
 * silly.h: the silly-move harness every game's test_<name>_silly.c runs
 * (issue 36, section 1).  It plays seeded games of one game through its
 * game_ops with the default AI in every seat and, before each AI move is
 * applied:
 *   - asks the game's checker whether the move is silly by one of the
 *     rules of the game's README ("Silly moves"), from what the moving
 *     seat may know; the test fails when any move of any game is;
 *   - on one move in SILLY_HIDDEN, lets the game's re-dealer change what
 *     the seat cannot know (other seats' hands and recipes, the deck
 *     order) on a copy, asks the AI again with the same randomness, and
 *     fails when its choice differs.
 * The count of games is SILLY_GAMES (500) unless the environment variable
 * SILLY_GAMES says otherwise (`make bench-ai` runs 10,000 of each game).
 * A second test plays SILLY_HARD_GAMES (2, or the environment variable)
 * games the same way with the hard level (game/ismcts.h) in the seats of
 * one parity (seat mod 2 = the game's number mod 2), the default AI in
 * the others: the same checks hold for the hard level's moves, and its
 * choice too must not change with what its seat cannot know.  With
 * SILLY_HARD_SCALE set above 1, the hard seats search with the game's hard
 * budget divided by it (iterations and moves applied): the same search
 * and the same root, where the silly moves are left out, in less time,
 * for a count of many games (`make bench-ai`).
 */
#ifndef TESTS_UNIT_SILLY_H
#define TESTS_UNIT_SILLY_H

#include "tests/unit/game-test.h"

#define SILLY_GAMES	500	/* games of each, unless SILLY_GAMES says */
#define SILLY_HARD_GAMES 2	/* with hard seats, unless SILLY_HARD_GAMES says */
#define SILLY_MOVES	20000	/* a game running then stops: "capped" */
#define SILLY_HIDDEN	7	/* the hidden-information check: 1 move in 7 */

struct silly {
	const struct game_ops	*ops;

	/*
	 * Optional: starts game i (its seed) into a new game the harness
	 * frees; else a game of every player count in turn, with the
	 * default options.
	 */
	struct game	*(*start)(unsigned i);
	/*
	 * Which rule seat's move m in g breaks, as a short sentence, or NULL
	 * when the move is not silly.  Reads only what seat may know.
	 */
	const char	*(*silly)(const struct game *g, int seat,
			    const struct game_move *m);
	/*
	 * Deals again in g (a copy) what seat cannot know, with r: the
	 * re-dealer the game's hint test uses (<game>-test.h).
	 */
	void	(*redeal)(struct game *g, int seat, struct rng *r);
};

/* Runs the one cmocka test of spec's game; main() returns this. */
int	silly_main(const struct silly *spec);

#endif
