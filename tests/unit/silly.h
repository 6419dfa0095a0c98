/*
 * silly.h: the silly-move harness every game's test_<name>_silly.c runs
 * (issue 36, section 1).  It plays seeded games of one game through its
 * game_ops with the default AI in every seat and, before each AI move is
 * applied:
 *   - asks the game's checker whether the move is silly by one of the
 *     rules of the game's README ("Silly moves"), from what the moving
 *     seat may know; the test fails when any move of any game is;
 *   - on one move in sample_hidden, lets the game change what the seat
 *     cannot know (other seats' hands and recipes, the deck order) on a
 *     copy, asks the AI again with the same randomness, and fails when
 *     its choice differs.
 * The count of games is `games` unless the environment variable
 * SILLY_GAMES says otherwise (`make bench-ai` runs 10,000 of each game).
 */
#ifndef TESTS_UNIT_SILLY_H
#define TESTS_UNIT_SILLY_H

#include "tests/unit/game-test.h"

#define SILLY_WHY_MAX	256

struct silly {
	const char		*name;		/* "cheers", in what it prints */
	const struct game_ops	*ops;
	long			 games;		/* how many unless SILLY_GAMES says */
	int			 max_moves;	/* a game still running then stops */
	int			 sample_hidden;	/* hidden-information check: 1 in N */

	/* Starts game i (its seed) into a new game the harness frees. */
	struct game	*(*start)(unsigned i);
	/*
	 * Whether seat's move m in g is silly: 1 with a sentence in why,
	 * else 0.  Reads only what seat may know.
	 */
	int	(*silly)(const struct game *g, int seat, const struct game_move *m,
		    char *why, size_t len);
	/*
	 * A copy of g (the harness frees it) in which what seat cannot know
	 * is dealt again with r; all that seat may see stays as it was.
	 */
	struct game	*(*redeal)(const struct game *g, int seat, struct rng *r);
};

/* Runs the one cmocka test of spec's game; main() returns this. */
int	silly_main(const struct silly *spec);

/*
 * Test-side re-dealers' helper: shuffles the n cards of pool with r and
 * deals them back in order into the zones given (zone[k] of count[k]
 * cards each, nzones of them, the counts adding up to n).
 */
void	silly_deal(struct rng *r, int *pool, int n, int *const *zone,
	    const int *count, int nzones);

#endif
