/*
 * determinize.c: Friends with Beverages dealt again as one seat may
 * imagine it, for the hard level's search (game_ops.determinize): the
 * cards in the other hands and the resource deck, and the order of the
 * guest deck.  Markets, sheds, guests at the table and discards are
 * public and stay.
 */
#include <string.h>

#include "game/fwb/fwb-int.h"

/* See game.h (determinize): g is the caller's copy. */
void
fwb_determinize(struct game *g, int seat, struct rng *r)
{
	game_deal_others(r, 1u << seat, g->nplayers, g->hand[0], FWB_HAND_CAP,
	    g->nhand, g->deck, g->ndeck);
	game_deal_pile(r, g->gdeck, g->ngdeck);
	rng_init(&g->rng, rng_next(r), 11);
}

/* See game.h (copy_into): only FWB_STATE_SIZE bytes change in a move. */
void
fwb_copy_into(struct game *dst, const struct game *src)
{
	memcpy(dst, src, FWB_STATE_SIZE);
}
