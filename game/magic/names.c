/*
 * names.c: Magic Cocktail's offers by name (game_ops.arg_names), so a
 * player may type "accept lime for mint" instead of the offer's number.
 * An offer is named by what its author gives and wants, "lime for
 * mint (2 for 1)", so offers of other counts differ; a kind argument is one of the action's choices, matched by the
 * bot.  Offers are public: nothing secret is read.
 */
#include <stdio.h>

#include "game/magic/magic-int.h"

/*
 * The offers argument argi of action may name, as seat sees them:
 * withdraw names seat's own open offers, accept and counter those seat
 * may answer (open to everyone or to seat, and not its own).
 */
int
magic_arg_names(const struct game *g, int seat, int action, int argi,
    struct game_name *out, size_t max)
{
	const struct magic_offer	*o;
	size_t				 n = 0;
	int				 i, own;

	if (argi != 0 || (action != MAGIC_A_ACCEPT &&
	    action != MAGIC_A_WITHDRAW && action != MAGIC_A_COUNTER))
		return 0;
	for (i = 0; i < g->noffers && n < max; i++) {
		o = &g->offer[i];
		own = o->from == seat;
		if (own != (action == MAGIC_A_WITHDRAW) ||
		    (!own && o->to != -1 && o->to != seat))
			continue;
		out[n].value = o->id;
		snprintf(out[n].name, sizeof out[n].name, "%s for %s (%d "
		    "for %d)", g->kind[o->give].name, g->kind[o->want].name,
		    o->ngive, o->nwant);
		n++;
	}
	return (int)n;
}
