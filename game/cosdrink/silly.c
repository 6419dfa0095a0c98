/*
 * silly.c: the silly moves of Cosdrink (README.md, "Silly moves"),
 * judged only from the seat's own items and the public table: the silly
 * op, which the hard level's search keeps out of its choices and the
 * silly-move test (tests/unit/test_cosdrink_silly.c) holds the default AI
 * to.  A move is silly when:
 *   1. on its turn, an item in hand destroys its monster alone, and the
 *      move plays none that does;
 *   2. it aids a monster that needs nothing more;
 *   3. it aids with an item its own monster needs, while it still fights
 *      that monster this round: an item that would destroy it and does
 *      not destroy the asker's, or one worth more against it than
 *      another item that would destroy the asker's too;
 *   4. on its turn, with an empty hand, it passes while a Tactical
 *      Retreat could refill it: without items it can neither fight nor
 *      aid, and a seat that always passed so would stall the game.
 */
#include "game/cosdrink/cosdrink-int.h"

/* Whether seat's hand item it (from 1) destroys target's monster alone. */
static int
destroys(const struct game *g, int seat, int it, int target)
{
	return cos_worth(g, g->hand[seat][it - 1],
	    cos_target_monster(g, target)) >= cos_need(g, target);
}

/* See game.h (silly): rules 1-4 of the README. */
const char *
cos_silly(const struct game *g, int seat, const struct game_move *m)
{
	int	t, i, own, mine, any = 0;

	if (m->action == COS_A_AID) {
		t = g->turn;
		if (cos_need(g, t) <= 0)
			return "aids a monster that needs nothing more";
		own = cos_target(g, seat);
		if (!cos_has_turn(g, seat) || cos_need(g, own) <= 0)
			return NULL;
		mine = cos_worth(g, g->hand[seat][m->args[0] - 1],
		    cos_target_monster(g, own));
		for (i = 1; i <= g->nhand[seat]; i++)
			if (i != m->args[0] && destroys(g, seat, i, t) &&
			    cos_worth(g, g->hand[seat][i - 1],
			    cos_target_monster(g, own)) < mine)
				any = 1;
		return any || (destroys(g, seat, m->args[0], own) &&
		    !destroys(g, seat, m->args[0], t)) ? "aids with an item "
		    "its own monster needs" : NULL;
	}
	if (seat != g->turn || g->asked != 0)
		return NULL;
	if (m->action == COS_A_PASS && g->nhand[seat] == 0 && g->nideck > 0)
		return "passes with an empty hand while it could retreat";
	t = cos_target(g, seat);
	for (i = 1; i <= g->nhand[seat]; i++)
		if (destroys(g, seat, i, t))
			any = 1;
	if (!any || ((m->action == COS_A_PLAY || m->action == COS_A_ASK) &&
	    destroys(g, seat, m->args[0], t)))
		return NULL;
	return "does not play the item that destroys its monster";
}
