/*
 * deal.c: dealing hidden cards again, the step every game's determinize
 * op shares (a search samples what a seat cannot know with it).
 */
#include <stdlib.h>

#include "game/game.h"

/* qsort's order of card ids. */
static int
deal_cmp(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/*
 * The zones' cards pooled (up to GAME_DEAL_MAX), sorted, shuffled with r
 * and put back in the same places.  The zones are the caller's.
 */
void
game_deal(struct rng *r, int *const *a, const int *len, int n)
{
	int	pool[GAME_DEAL_MAX], np = 0, i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < len[i] && np < GAME_DEAL_MAX; j++)
			pool[np++] = a[i][j];
	/* Nothing to deal again: no card, or one alone. */
	if (np < 2)
		return;
	qsort(pool, (size_t)np, sizeof pool[0], deal_cmp);
	rng_shuffle(r, pool, np);
	for (i = 0, np = 0; i < n; i++)
		for (j = 0; j < len[i] && np < GAME_DEAL_MAX; j++)
			a[i][j] = pool[np++];
}

void
game_deal_pile(struct rng *r, int *v, int n)
{
	game_deal(r, &v, &n, 1);
}

void
game_deal_others(struct rng *r, unsigned keep, int nplayers, int *hand,
    size_t stride, const int *nhand, int *deck, int ndeck)
{
	int	*a[GAME_MAX_SEATS + 1], len[GAME_MAX_SEATS + 1], n = 0, s;

	for (s = 0; s < nplayers && s < GAME_MAX_SEATS; s++)
		if (!(keep & (1u << s))) {
			a[n] = hand + (size_t)s * stride;
			len[n++] = nhand[s];
		}
	a[n] = deck;
	len[n++] = ndeck;
	game_deal(r, a, len, n);
}
