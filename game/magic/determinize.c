/*
 * determinize.c: Magic Cocktail dealt again as one seat may imagine it,
 * for the hard level's search (game_ops.determinize).  While trading, a
 * hand's size is public and so is what its open offers give; its other
 * cards go back into one pool with the deck and are dealt again.  The
 * face-down recipe pile is shuffled.
 */
#include <string.h>

#include "game/magic/magic-int.h"

/*
 * What seat s shows while trading: per kind, the most that one of its
 * open offers gives, into shown.
 */
static void
det_shown(const struct game *g, int s, int *shown)
{
	const struct magic_offer	*o;
	int				 i;

	memset(shown, 0, MAGIC_NALL * sizeof *shown);
	for (i = 0; i < g->noffers; i++) {
		o = &g->offer[i];
		if (o->from == s && o->ngive > shown[o->give])
			shown[o->give] = o->ngive;
	}
}

/* See game.h (determinize): g is the caller's copy. */
void
magic_determinize(struct game *g, int seat, struct rng *r)
{
	int	pool[MAGIC_NCARDS_MAX];
	int	hidden[MAGIC_MAX_PLAYERS], shown[MAGIC_NALL];
	int	n = 0, s, k, c;

	memset(hidden, 0, sizeof hidden);
	for (s = 0; g->phase == MAGIC_PH_TRADE && s < g->nplayers; s++) {
		if (s == seat)
			continue;
		det_shown(g, s, shown);
		for (k = 0; k < MAGIC_NALL; k++)
			for (; g->hand[s][k] > shown[k]; g->hand[s][k]--) {
				pool[n++] = k;
				hidden[s]++;
			}
	}
	memcpy(pool + n, g->deck, (size_t)g->ndeck * sizeof pool[0]);
	game_deal_pile(r, pool, n + g->ndeck);
	for (s = 0, c = 0; s < g->nplayers; s++)
		for (k = 0; k < hidden[s]; k++)
			g->hand[s][pool[c++]]++;
	memcpy(g->deck, pool + c, (size_t)g->ndeck * sizeof pool[0]);
	game_deal_pile(r, g->pile, g->npile);
	rng_init(&g->rng, rng_next(r), 11);
}

/* See game.h (copy_into): only MAGIC_STATE_SIZE bytes change in a move. */
void
magic_copy_into(struct game *dst, const struct game *src)
{
	memcpy(dst, src, MAGIC_STATE_SIZE);
}
