/*
 * determinize.c: Friends with Beverages dealt again as one seat may
 * imagine it, for the hard level's search (game_ops.determinize): the
 * cards in the other hands and the resource deck, and the guests in the
 * guest deck and the box (which of them is where, and the deck's order).
 * Markets, sheds, guests at the table and discards are
 * public and stay.
 */
#include <string.h>

#include "game/fwb/fwb-int.h"

/* Puts card c of g into the pool of interrupts or of the other cards. */
static void
det_sort(const struct game *g, int c, int *pool, int *n, int *intr, int *ni)
{
	if (g->card[c].cls == FWB_INTERRUPT)
		intr[(*ni)++] = c;
	else
		pool[(*n)++] = c;
}

/*
 * The guest deck and the guests put back in the box at set-up, which
 * nobody has seen either, dealt again among themselves: the deck keeps
 * its length, the box the rest.
 */
static void
det_guests(struct game *g, struct rng *r)
{
	int	pool[FWB_NGUESTS + FWB_BOXED], n = 0, i;

	for (i = 0; i < g->ngdeck; i++)
		pool[n++] = g->gdeck[i];
	for (i = 0; i < FWB_BOXED; i++)
		pool[n++] = g->gbox[i];
	game_deal_pile(r, pool, n);
	for (i = 0, n = 0; i < g->ngdeck; i++)
		g->gdeck[i] = pool[n++];
	for (i = 0; i < FWB_BOXED; i++)
		g->gbox[i] = pool[n++];
}

/*
 * See game.h (determinize): g is the caller's copy.  An interrupt never
 * stays in a hand (it is resolved when drawn), so the other hands are
 * dealt from the hidden cards but interrupts, and the rest with the
 * interrupts make the deck again, shuffled.
 */
void
fwb_determinize(struct game *g, int seat, struct rng *r)
{
	int	pool[FWB_NCARDS_MAX], intr[FWB_NCARDS_MAX];
	int	n = 0, ni = 0, s, i;

	for (s = 0; s < g->nplayers; s++)
		for (i = 0; s != seat && i < g->nhand[s]; i++)
			det_sort(g, g->hand[s][i], pool, &n, intr, &ni);
	for (i = 0; i < g->ndeck; i++)
		det_sort(g, g->deck[i], pool, &n, intr, &ni);
	game_deal_pile(r, pool, n);
	for (s = 0, n = 0; s < g->nplayers; s++)
		for (i = 0; s != seat && i < g->nhand[s]; i++)
			g->hand[s][i] = pool[n++];
	for (i = 0; i < g->ndeck; i++)
		g->deck[i] = i < ni ? intr[i] : pool[n++];
	game_deal_pile(r, g->deck, g->ndeck);
	det_guests(g, r);
	rng_init(&g->rng, rng_next(r), 11);
}

/* See game.h (copy_into): only FWB_STATE_SIZE bytes change in a move. */
void
fwb_copy_into(struct game *dst, const struct game *src)
{
	memcpy(dst, src, FWB_STATE_SIZE);
}
