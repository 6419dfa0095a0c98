/*
 * setup.c: a new game of Cosdrink Encounters.  The Monster Deck of the
 * game is a number of monsters a player plus the Kings for the number of
 * players (cards.json says how many), shuffled together; the Item Deck is
 * a number of items a player and a King, and every player draws three.
 * The cards left out stay in the box.  Seat 0 deals first (the bot draws
 * seats at random), and the first Encounter begins.
 */
#include <stdlib.h>
#include <string.h>

#include "game/cosdrink/cosdrink-int.h"
#include "lib/xmalloc.h"

/* Returns the index of option opt's value in o (0 for NULL), or -1. */
static int
setup_option(const struct game_opts *o, int opt, char **cause)
{
	const struct game_option	*op = &cos_options[opt];
	const char			*v = o->values[opt];
	int				 i;

	if ((i = game_option_find(op, v)) >= 0)
		return i;
	return set_cause(cause, "Option %s cannot be \"%.40s\": use sips, "
	    "water or points.", op->name, v);
}

/*
 * Starts a game for o's players and options, with a copy of rng (the
 * caller's rng is not advanced).  Returns a game the caller frees with
 * game_free, or NULL and *cause.
 */
struct game *
cos_new(const struct game_opts *o, struct rng *rng, char **cause)
{
	struct game	*g;
	int		 reg[COS_MONSTERS_MAX], kings[COS_KINGS_MAX];
	int		 items[COS_ITEMS_MAX];
	int		 nreg = 0, nk = 0, i, s, want, use;

	if (o->nplayers < 2 || o->nplayers > COS_MAX_PLAYERS) {
		set_cause(cause, "Cosdrink Encounters is for 2 to %d players, "
		    "not %d.", COS_MAX_PLAYERS, o->nplayers);
		return NULL;
	}
	g = xcalloc(1, sizeof *g);
	g->nplayers = o->nplayers;
	for (i = 0; i < COS_NOPTIONS; i++)
		if ((g->opt[i] = setup_option(o, i, cause)) < 0)
			goto fail;
	if (cos_cards_load(g, cause) != 0)
		goto fail;
	g->rng = *rng;
	g->state = GAME_RUNNING;
	g->turn = -1;
	for (s = 0; s < COS_MAX_PLAYERS; s++)
		g->monster[s] = -1;

	for (i = 0; i < g->nmonsters; i++) {
		if (g->mon[i].king)
			kings[nk++] = i;
		else
			reg[nreg++] = i;
	}
	rng_shuffle(&g->rng, reg, nreg);
	rng_shuffle(&g->rng, kings, nk);
	use = g->per_player * g->nplayers;
	g->kings_total = g->kings_for[g->nplayers];
	for (i = 0; i < nreg; i++) {
		if (i < use)
			g->mdeck[g->nmdeck++] = reg[i];
		else
			g->mbox[g->nmbox++] = reg[i];
	}
	for (i = 0; i < nk; i++) {
		if (i < g->kings_total)
			g->mdeck[g->nmdeck++] = kings[i];
		else
			g->mbox[g->nmbox++] = kings[i];
	}
	rng_shuffle(&g->rng, g->mdeck, g->nmdeck);

	for (i = 0; i < g->nitems; i++)
		items[i] = i;
	rng_shuffle(&g->rng, items, g->nitems);
	want = cos_items_for(g, g->nplayers);
	for (i = 0; i < g->nitems; i++) {
		if (i < want)
			g->ideck[g->nideck++] = items[i];
		else
			g->ibox[g->nibox++] = items[i];
	}
	for (s = 0; s < g->nplayers; s++)
		while (g->nhand[s] < COS_HAND)
			g->hand[s][g->nhand[s]++] = g->ideck[--g->nideck];

	g->dealer = 0;
	cos_encounter_begin(g, NULL);
	cos_next_turn(g, NULL);
	return g;
fail:
	free(g);
	return NULL;
}

/* Copies a game; the caller frees the copy with game_free. */
struct game *
cos_copy(const struct game *g)
{
	return xmemdup(g, sizeof *g);
}
