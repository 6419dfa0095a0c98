/*
 * names.c: CHEERS cards by name, so a player may type "play cocktail
 * @bob" instead of a number (game_ops.arg_names).  A hand card is named
 * by its drink and what it CHEERS with, "cocktail (cheers with
 * tropical)", so a typed "cocktail" finds every cocktail and the bot
 * asks which when they differ; a shaker card by its drink, "beer".
 * Only seat's own hand and the public shakers are read.
 */
#include <stdio.h>

#include "game/cheers/cheers-int.h"

/* Shaker sh's cards by drink into out (n of max); the new n. */
static size_t
names_shaker(const struct game *g, int sh, struct game_name *out, size_t n,
    size_t max)
{
	int	i;

	for (i = 0; i < g->nshaker[sh] && n < max; i++, n++) {
		out[n].value = i + 1;
		snprintf(out[n].name, sizeof out[n].name, "%s",
		    cheers_words[g->card[g->shaker[sh][i]].big].word);
	}
	return n;
}

int
cheers_arg_names(const struct game *g, int seat, int action, int argi,
    struct game_name *out, size_t max)
{
	const struct cheers_card	*c;
	size_t				 n = 0;
	int				 i;

	if (seat < 0 || seat >= g->nplayers)
		return 0;
	switch (action) {
	case CHEERS_A_PLAY:
		if (argi != 0)
			return 0;
		for (i = 0; i < g->nhand[seat] && n < max; i++, n++) {
			c = &g->card[g->hand[seat][i]];
			out[n].value = i + 1;
			snprintf(out[n].name, sizeof out[n].name,
			    "%s (cheers with %s)", cheers_words[c->big].word,
			    cheers_words[c->small].word);
		}
		return (int)n;
	case CHEERS_A_MOVE:
		return argi == 0 ? (int)names_shaker(g, seat, out, 0, max) : 0;
	case CHEERS_A_GIVE:
	case CHEERS_A_DISCARD:
		if ((action == CHEERS_A_GIVE) != (argi == 2) || g->nqueue == 0)
			return 0;
		return (int)names_shaker(g, g->queue[0].shaker, out, 0, max);
	}
	return 0;
}
