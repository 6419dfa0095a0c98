/*
 * setup.c: a new game of Friends with Beverages, as the rulebook sets it
 * up: shuffle both decks, put 10 guests back in the box, deal 3 (or 4)
 * guests to each player and 4 to the guest market, deal 6 resources to
 * each player and 2 to the resource market, holding back interrupts until
 * every hand and market card is an ingredient, equipment or event, then
 * shuffle the held-back interrupts into the deck.  Seat 0 starts with the
 * Round and Turn tokens (the bot draws seats at random: see README.md).
 */
#include <stdlib.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

/* Returns the index of value among option opt's values (0 for NULL), or -1. */
static int
setup_option(const struct game_opts *o, int opt, char **cause)
{
	return game_option_value(&fwb_options[opt], o->values[opt], cause);
}

/*
 * Derives the settings that follow from g->opt (shed capacity, guests per
 * player, recipes to finish).  Returns 0, or -1 when an index is out of
 * range.
 */
int
fwb_options_apply(struct game *g, char **cause)
{
	if (game_options_check(fwb_options, FWB_NOPTIONS, g->opt, "FwB",
	    cause) != 0)
		return -1;
	g->shed_cap = atoi(fwb_options[FWB_O_SHED].values[g->opt[FWB_O_SHED]]);
	g->nguests = atoi(fwb_options[FWB_O_GUESTS].values[g->opt[FWB_O_GUESTS]]);
	g->target = g->nguests;
	return 0;
}

/* Deals one resource to seat's hand, or to market slot when seat is -1. */
static void
setup_deal(struct game *g, int seat, int slot, int *aside, int *naside)
{
	int	card;

	for (;;) {
		if ((card = fwb_deck_pop(g)) < 0)
			return;
		if (g->card[card].cls == FWB_INTERRUPT) {
			aside[(*naside)++] = card;
			continue;
		}
		if (seat >= 0) {
			fwb_hand_add(g, seat, card, NULL);
			return;
		}
		if (g->opt[FWB_O_SECONDHAND] &&
		    g->card[card].cls == FWB_EQUIPMENT) {
			fwb_secondhand_put(g, card, NULL);
			continue;
		}
		g->market[slot] = card;
		return;
	}
}

/*
 * Starts a game for o's players and options, with a copy of rng (the
 * caller's rng is not advanced).  Returns a game the caller frees with
 * game_free, or NULL and *cause.
 */
struct game *
fwb_new(const struct game_opts *o, struct rng *rng, char **cause)
{
	struct game	*g;
	int		 aside[FWB_NCARDS_MAX], naside = 0, i, s;

	if (o->nplayers < 2 || o->nplayers > FWB_MAX_PLAYERS) {
		set_cause(cause, "Friends with Beverages is for 2 to 5 players, "
		    "not %d.", o->nplayers);
		return NULL;
	}
	g = xcalloc(1, sizeof *g);
	g->nplayers = o->nplayers;
	for (i = 0; i < FWB_NOPTIONS; i++) {
		if ((g->opt[i] = setup_option(o, i, cause)) < 0)
			goto fail;
	}
	if (fwb_options_apply(g, cause) != 0 || fwb_cards_load(g, cause) != 0)
		goto fail;
	g->rng = *rng;
	g->state = GAME_RUNNING;
	g->secondhand = g->cultural = g->revealed = -1;
	g->ask.card = -1;

	for (i = 0; i < FWB_NGUESTS; i++)
		g->gdeck[i] = i;
	g->ngdeck = FWB_NGUESTS;
	rng_shuffle(&g->rng, g->gdeck, g->ngdeck);
	for (i = 0; i < FWB_BOXED; i++)
		g->gbox[i] = fwb_guest_pop(g);
	for (s = 0; s < g->nplayers; s++)
		for (i = 0; i < FWB_MAX_GUESTS; i++)
			g->guests[s][i].guest = i < g->nguests ?
			    fwb_guest_pop(g) : -1;
	for (i = 0; i < FWB_GMARKET; i++)
		g->gmarket[i] = fwb_guest_pop(g);

	for (i = 0; i < g->ncards; i++)
		g->deck[i] = i;
	g->ndeck = g->ncards;
	rng_shuffle(&g->rng, g->deck, g->ndeck);
	for (s = 0; s < g->nplayers; s++)
		for (i = 0; i < FWB_START_HAND; i++)
			setup_deal(g, s, 0, aside, &naside);
	for (i = 0; i < FWB_MARKET; i++) {
		g->market[i] = -1;
		g->market_owner[i] = -1;
		setup_deal(g, -1, i, aside, &naside);
	}
	for (i = 0; i < naside; i++)
		g->deck[g->ndeck++] = aside[i];
	rng_shuffle(&g->rng, g->deck, g->ndeck);

	g->active = g->holder = 0;
	fwb_turn_begin(g, NULL);
	return g;
fail:
	free(g);
	return NULL;
}

/* Copies a game; the caller frees the copy with game_free. */
struct game *
fwb_copy(const struct game *g)
{
	return xmemdup(g, sizeof *g);
}
