/*
 * ai.c: the baseline CHEERS player (placeholder until the real one lands).
 */
#include "game/cheers/cheers-int.h"

int
cheers_ai(const struct game *g, int seat, struct rng *r, struct game_move *m)
{
	struct game_move	moves[CHEERS_MAX_LEGAL];
	int			n;

	n = cheers_legal(g, seat, moves, CHEERS_MAX_LEGAL);
	if (n == 0)
		return -1;
	*m = moves[rng_below(r, (uint32_t)n)];
	return 0;
}
