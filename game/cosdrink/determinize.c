/*
 * determinize.c: Cosdrink dealt again as one seat may imagine it, for the
 * hard level's search (game_ops.determinize): the items in the other
 * hands and the item deck, and the order of the monster deck.  Monsters
 * in play, piles, discards and counts are public and stay.
 */
#include <string.h>

#include "game/cosdrink/cosdrink-int.h"

/* See game.h (determinize): g is the caller's copy. */
void
cos_determinize(struct game *g, int seat, struct rng *r)
{
	game_deal_others(r, 1u << seat, g->nplayers, g->hand[0], COS_HAND,
	    g->nhand, g->ideck, g->nideck);
	game_deal_pile(r, g->mdeck, g->nmdeck);
	rng_init(&g->rng, rng_next(r), 11);
}

/* See game.h (copy_into): only the state before the components changes. */
void
cos_copy_into(struct game *dst, const struct game *src)
{
	memcpy(dst, src, COS_STATE_SIZE);
}
