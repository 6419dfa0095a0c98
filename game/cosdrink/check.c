/*
 * check.c: the invariant checker the tests run after every move and load
 * runs on every saved game: each monster and each item in exactly one
 * place, Kings only in the middle, the Monster Deck or the box, hands
 * within three, items only against monsters that are there, and the
 * round's state in range and consistent.
 */
#include <string.h>

#include "game/cosdrink/cosdrink-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))
/* Card conservation, as every game counts it (game/conserve.c). */
#define check_ids	game_check_ids

/* Counts the Kings among n monster cards. */
static int
check_kings(const struct game *g, const int *v, int n)
{
	int	i, k = 0;

	for (i = 0; i < n; i++)
		k += g->mon[v[i]].king;
	return k;
}

static int
check_monsters(const struct game *g, char **cause)
{
	int	seen[COS_MONSTERS_MAX] = { 0 }, s, i, k, inplay;

	if (check_ids(g->mdeck, g->nmdeck, g->nmonsters, seen, "the Monster "
	    "Deck", cause) != 0 || check_ids(g->mbox, g->nmbox, g->nmonsters,
	    seen, "the box", cause) != 0 || check_ids(g->mgone, g->nmgone,
	    g->nmonsters, seen, "the destroyed monsters", cause) != 0 ||
	    check_ids(g->kings, g->nkings, g->nmonsters, seen, "the middle",
	    cause) != 0)
		return -1;
	for (s = 0; s < g->nplayers; s++) {
		if (g->monster[s] < 0)
			continue;
		if (check_ids(&g->monster[s], 1, g->nmonsters, seen, "a "
		    "player's place", cause) != 0)
			return -1;
		if (g->mon[g->monster[s]].king)
			return set_cause(cause, "A King sits in front of a "
			    "player instead of in the middle.");
	}
	for (i = 0; i < g->nmonsters; i++)
		if (seen[i] != 1)
			return set_cause(cause, "Monster %d is missing.", i);
	if (check_kings(g, g->kings, g->nkings) != g->nkings)
		return set_cause(cause, "A monster that is not a King is in the "
		    "middle.");
	/* Every monster is somewhere once, so the rest of the Kings are boxed. */
	k = check_kings(g, g->mdeck, g->nmdeck) + g->nkings +
	    check_kings(g, g->mgone, g->nmgone);
	if (k != g->kings_total)
		return set_cause(cause, "The game holds %d %s, not %d.", k,
		    game_plural(k, "King", "Kings"), g->kings_total);
	if (g->kings_total != g->kings_for[g->nplayers])
		return set_cause(cause, "A game of %d players has %d %s, "
		    "not %d.", g->nplayers, g->kings_total,
		    game_plural(g->kings_total, "King", "Kings"),
		    g->kings_for[g->nplayers]);
	inplay = g->nmonsters - g->nmbox - g->kings_total;
	if (inplay != g->per_player * g->nplayers)
		return set_cause(cause, "A game of %d players has %d %s "
		    "besides the Kings, not %d.", g->nplayers, inplay,
		    game_plural(inplay, "monster", "monsters"),
		    g->per_player * g->nplayers);
	return 0;
}

static int
check_items(const struct game *g, char **cause)
{
	int	seen[COS_ITEMS_MAX] = { 0 }, s, i;

	if (check_ids(g->ideck, g->nideck, g->nitems, seen, "the Item Deck",
	    cause) != 0 || check_ids(g->ibox, g->nibox, g->nitems, seen,
	    "the box", cause) != 0 || check_ids(g->idiscard, g->nidiscard,
	    g->nitems, seen, "the discarded items", cause) != 0 ||
	    check_ids(g->kpile.item, g->kpile.n, g->nitems, seen, "the King's "
	    "pile", cause) != 0)
		return -1;
	for (s = 0; s < g->nplayers; s++) {
		if (g->nhand[s] < 0 || g->nhand[s] > COS_HAND)
			return set_cause(cause, "A hand holds %d items.",
			    g->nhand[s]);
		if (check_ids(g->hand[s], g->nhand[s], g->nitems, seen, "a hand",
		    cause) != 0 || check_ids(g->pile[s].item, g->pile[s].n,
		    g->nitems, seen, "a monster's pile", cause) != 0)
			return -1;
		if (g->pile[s].n > 0 && g->monster[s] < 0)
			return set_cause(cause, "Items lie against a monster "
			    "that is not there.");
	}
	for (s = g->nplayers; s < COS_MAX_PLAYERS; s++)
		if (g->nhand[s] != 0 || g->pile[s].n != 0 || g->monster[s] != -1 ||
		    g->drinks[s] != 0 || g->beaten[s] != 0)
			return set_cause(cause, "An empty seat holds cards.");
	if (g->kpile.n > 0 && (g->nkings == 0 || !g->king_open))
		return set_cause(cause, "Items lie against a King nobody may "
		    "fight.");
	for (i = 0; i < g->nitems; i++)
		if (seen[i] != 1)
			return set_cause(cause, "Item %d is missing.", i);
	if (g->nitems - g->nibox != cos_items_for(g, g->nplayers))
		return set_cause(cause, "A game of %d players has %d %s, "
		    "not %d.", g->nplayers, g->nitems - g->nibox,
		    game_plural(g->nitems - g->nibox, "item", "items"),
		    cos_items_for(g, g->nplayers));
	return 0;
}

static int
check_round(const struct game *g, char **cause)
{
	unsigned	all = BIT(g->nplayers) - 1;
	int		s, i;

	if (g->dealer < 0 || g->dealer >= g->nplayers || g->encounter < 1 ||
	    g->round < 1)
		return set_cause(cause, "The dealer, encounter or round is out "
		    "of range.");
	if ((g->done | g->acted | g->aided | g->retreated | g->asked) & ~all)
		return set_cause(cause, "A round mask names an empty seat.");
	if ((g->acted & g->aided) || (g->retreated & ~g->acted) ||
	    ((g->acted | g->aided) & ~g->done))
		return set_cause(cause, "A player both acted and aided, or "
		    "retreated without acting.");
	if (g->king_open) {
		for (s = 0; s < g->nplayers; s++)
			if (g->monster[s] >= 0)
				return set_cause(cause, "The King is open while "
				    "other monsters remain.");
	}
	for (s = 0, i = 0; s < g->nplayers; s++) {
		if (g->drinks[s] < 0)
			return set_cause(cause, "A drinks tally is negative.");
		if (g->beaten[s] < 0)
			return set_cause(cause, "A monsters-beaten tally is "
			    "negative.");
		i += g->beaten[s];
	}
	if (i > g->nmgone)
		return set_cause(cause, "More monsters beaten than destroyed.");
	if (g->state == GAME_RUNNING) {
		if (g->winners != 0)
			return set_cause(cause, "A running game has winners.");
		if (g->turn < 0 || g->turn >= g->nplayers)
			return set_cause(cause, "A running game has nobody's "
			    "turn.");
		if (cos_target(g, g->turn) == -1)
			return set_cause(cause, "The player whose turn it is "
			    "has nothing to fight.");
		if (g->asked != 0 && (!(g->acted & BIT(g->turn)) ||
		    cos_target(g, g->turn) != g->turn ||
		    (g->asked & (g->acted | g->aided | BIT(g->turn)))))
			return set_cause(cause, "The request for aid is bad.");
		if (g->asked == 0 && (g->done & BIT(g->turn)))
			return set_cause(cause, "The player whose turn it is "
			    "has had it.");
		return 0;
	}
	if (g->state != GAME_WON || (g->winners != 0 && g->winners != all))
		return set_cause(cause, "A finished game must be won by every "
		    "player or by none.");
	if (g->turn != -1 || g->asked != 0)
		return set_cause(cause, "A finished game still asks for moves.");
	return 0;
}

/* Checks every invariant of g; 0, or -1 and *cause.  g is borrowed. */
int
cos_check(const struct game *g, char **cause)
{
	if (g->nplayers < 2 || g->nplayers > COS_MAX_PLAYERS)
		return set_cause(cause, "A game has 2 to %d players.",
		    COS_MAX_PLAYERS);
	if (g->opt[COS_O_DRINKS] < 0 || g->opt[COS_O_DRINKS] > COS_D_POINTS)
		return set_cause(cause, "The drinks option is out of range.");
	if (check_monsters(g, cause) != 0 || check_items(g, cause) != 0)
		return -1;
	return check_round(g, cause);
}
