/*
 * complete.c: recipes.  A guest's recipe needs its ingredient cards in hand
 * (an Abundance card stands in for any one ingredient) and every one of its
 * equipment types installed and usable in the player's shed.  Completing
 * pays the ingredients to the discard pile and turns the guest sideways;
 * equipment stays.  Festival Rush lets a recipe be completed with one
 * ingredient or one piece of equipment less.
 */
#include <stdio.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

/*
 * Counts seat's ingredient cards per kind into held (FWB_NINGR long) and
 * returns how many Abundance cards it holds.
 */
int
fwb_hand_count(const struct game *g, int seat, int *held)
{
	const struct fwb_card	*c;
	int			 i, wild = 0;

	memset(held, 0, FWB_NINGR * sizeof *held);
	for (i = 0; i < g->nhand[seat]; i++) {
		c = &g->card[g->hand[seat][i]];
		if (c->cls == FWB_INGREDIENT)
			held[c->kind]++;
		else if (c->cls == FWB_EVENT && c->kind == FWB_E_ABUNDANCE)
			wild++;
	}
	return wild;
}

/*
 * What seat lacks for guest: ingredient cards short after Abundance
 * (into *ingr) and the equipment types not installed and usable (into
 * *equip).  Returns the number of things missing.  Both outputs may be
 * NULL.  The legal moves and the AI ask this for every guest on every
 * move, so the hand is counted in one pass.
 */
int
fwb_missing(const struct game *g, int seat, int guest, int *ingr,
    unsigned *equip)
{
	const struct fwb_guest	*gu = &g->guest[guest];
	unsigned		 m;
	int			 held[FWB_NINGR], k, short_ = 0, wild;

	wild = fwb_hand_count(g, seat, held);
	for (k = 0; k < FWB_NINGR; k++)
		if (gu->ingr[k] > held[k])
			short_ += gu->ingr[k] - held[k];
	short_ = short_ > wild ? short_ - wild : 0;
	m = gu->equip & ~fwb_shed_types(g, seat, 1);
	if (ingr != NULL)
		*ingr = short_;
	if (equip != NULL)
		*equip = m;
	return short_ + __builtin_popcount(m);
}

/* Whether seat may complete its guest in slot now (rush: one thing less). */
int
fwb_can_complete(const struct game *g, int seat, int slot, int rush)
{
	const struct fwb_seat_guest	*sg;

	if (slot < 0 || slot >= g->nguests)
		return 0;
	sg = &g->guests[seat][slot];
	if (sg->guest < 0 || sg->done)
		return 0;
	return fwb_missing(g, seat, sg->guest, NULL, NULL) <= (rush ? 1 : 0);
}

/* How many completed recipes seat has in front of it. */
int
fwb_done_count(const struct game *g, int seat)
{
	int	i, n = 0;

	for (i = 0; i < g->nguests; i++)
		if (g->guests[seat][i].guest >= 0 && g->guests[seat][i].done)
			n++;
	return n;
}

/* seat's points: the completed guests'. */
int
fwb_score(const struct game *g, int seat)
{
	int	i, n = 0;

	for (i = 0; i < g->nguests; i++)
		if (g->guests[seat][i].guest >= 0 && g->guests[seat][i].done)
			n += g->guest[g->guests[seat][i].guest].points;
	return n;
}

/* Removes up to n cards of kind k (Abundance for -1) from seat's hand to the pile. */
static int
complete_pay(struct game *g, int seat, int k, int n)
{
	int	i;

	for (i = 0; i < g->nhand[seat] && n > 0; ) {
		if ((k >= 0 && fwb_is(g, g->hand[seat][i], FWB_INGREDIENT, k)) ||
		    (k < 0 && fwb_is(g, g->hand[seat][i], FWB_EVENT,
		    FWB_E_ABUNDANCE))) {
			g->discard[g->ndiscard++] = fwb_hand_take(g, seat, i);
			n--;
		} else
			i++;
	}
	return n;
}

/*
 * Completes seat's guest in slot, which fwb_can_complete allowed.  With
 * rush, one missing thing is waived (or, when nothing is missing, the last
 * ingredient of the recipe), and with advanced interrupts one piece of the
 * equipment used is destroyed.
 */
void
fwb_complete(struct game *g, int seat, int slot, int rush,
    struct game_events *ev)
{
	struct fwb_seat_guest	*sg = &g->guests[seat][slot];
	const struct fwb_guest	*gu = &g->guest[sg->guest];
	int			 need[FWB_NINGR], k, left = 0, i, ishort;
	unsigned		 emiss;

	memcpy(need, gu->ingr, sizeof need);
	fwb_missing(g, seat, sg->guest, &ishort, &emiss);
	if (rush && ishort == 0 && emiss == 0) {
		for (k = FWB_NINGR - 1; k >= 0; k--) {
			if (need[k] > 0) {
				need[k]--;
				break;
			}
		}
	}
	for (k = 0; k < FWB_NINGR; k++)
		left += complete_pay(g, seat, k, need[k]);
	if (left > 0 && !(rush && ishort > 0))
		complete_pay(g, seat, -1, left);
	else if (left > 1)
		complete_pay(g, seat, -1, left - 1);
	sg->done = 1;
	ev->private_changed |= 1u << seat;
	game_say(ev, seat, "@{%d} serves %s to the guest from %s (%d %s)%s. "
	    "%s", seat, gu->liqueur, gu->country, gu->points,
	    game_plural(gu->points, "point", "points"),
	    rush ? " in the Festival Rush" : "", gu->trivia);
	if (rush && g->opt[FWB_O_INTERRUPTS]) {
		for (k = 0; k < FWB_NEQUIP; k++) {
			if (!(gu->equip & (1u << k)) ||
			    (i = fwb_shed_find(g, seat, k)) < 0)
				continue;
			g->discard[g->ndiscard++] = fwb_shed_take(g, seat, i);
			game_say(ev, seat, "The rush breaks @{%d}'s %s: it goes "
			    "to the discard pile.", seat, g->equip_name[k]);
			break;
		}
	}
	if (!g->ending && fwb_done_count(g, seat) >= g->target) {
		g->ending = 1;
		game_say(ev, seat, "@{%d} has completed %d %s: the game ends "
		    "when this round of turns is over.", seat, g->target,
		    game_plural(g->target, "recipe", "recipes"));
	}
}
