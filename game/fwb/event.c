/*
 * event.c: event cards.  Events go to the hand like resources and are
 * played when their holder chooses (see README.md for the rulebook's
 * contradiction): Abundance is a wild ingredient used by "complete",
 * Lucky Find takes one piece of equipment from the discard pile into the
 * hand, and Equipment Exhibition lets every player, from the one who
 * played it and clockwise, trade two pieces of equipment for one from the
 * discard pile, or pass.
 */
#include <stdio.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

/* Whether seat could trade at an Equipment Exhibition now. */
int
fwb_can_exhibit(const struct game *g, int seat)
{
	int	i, n = g->nshed[seat], any = 0;

	for (i = 0; i < g->nhand[seat]; i++)
		if (g->card[g->hand[seat][i]].cls == FWB_EQUIPMENT)
			n++;
	for (i = 0; i < FWB_NEQUIP && !any; i++)
		any = fwb_discard_find(g, i) >= 0;
	return n >= 2 && any;
}

/*
 * Moves the Exhibition on to the next player who can trade, or ends it;
 * the table hears who is passed over (with fewer than two pieces of
 * equipment, or nothing left in the pile) and when it ends.
 */
void
fwb_exhibit_next(struct game *g, struct game_events *ev)
{
	char	who[128], one[24];
	int	s, n = 0, any, i;

	who[0] = '\0';
	for (i = 0, any = 0; i < FWB_NEQUIP && !any; i++)
		any = fwb_discard_find(g, i) >= 0;
	for (; g->ask.step < g->nplayers; g->ask.step++) {
		s = (g->ask.first + g->ask.step) % g->nplayers;
		if (fwb_can_exhibit(g, s)) {
			g->ask.seat = s;
			break;
		}
		if (!any)
			continue;
		snprintf(one, sizeof one, "%s@{%d}", n++ > 0 ? ", " : "", s);
		game_cat(who, one, sizeof who);
	}
	if (n > 0)
		game_say(ev, g->active, "%s %s too little equipment to trade "
		    "at the Exhibition.", who, n > 1 ? "have" : "has");
	if (g->ask.step < g->nplayers)
		return;
	game_say(ev, g->active, "The Equipment Exhibition is over%s.", any ?
	    "" : ": no equipment is left in the discard pile");
	fwb_ask_close(g);
}

/* Removes one of seat's own cards (hand or shed) by index. */
static int
event_own_take(struct game *g, int seat, int in_shed, int index)
{
	return in_shed ? fwb_shed_take(g, seat, index) :
	    fwb_hand_take(g, seat, index);
}

/* "exhibit <type> <card> <card>" or "pass" during an Exhibition. */
int
fwb_exhibit_answer(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	char	in[128];
	int	type = m->args[0], c[2], shed[2], idx[2], d, i, card;

	if (m->action == FWB_A_PASS) {
		game_say(ev, seat, "@{%d} passes at the Equipment Exhibition.",
		    seat);
		g->ask.step++;
		fwb_exhibit_next(g, ev);
		return 0;
	}
	if (type < 0 || type >= FWB_NEQUIP || (d = fwb_discard_find(g,
	    type)) < 0) {
		fwb_discard_equip_text(g, in, sizeof in);
		return set_cause(cause, "The discard pile holds no %s; it "
		    "holds %s.", type >= 0 && type < FWB_NEQUIP ?
		    g->equip_name[type] : "such equipment", in);
	}
	for (i = 0; i < 2; i++) {
		c[i] = fwb_own_card(g, seat, m->args[1 + i], &shed[i], &idx[i]);
		if (c[i] < 0 || g->card[c[i]].cls != FWB_EQUIPMENT)
			return set_cause(cause, "Card %d is not a piece of "
			    "equipment in your hand or shed.", m->args[1 + i]);
	}
	if (m->args[1] == m->args[2])
		return set_cause(cause, "Give two different pieces of "
		    "equipment.");
	card = fwb_discard_take(g, d);
	/* Take the later index of a zone first, so the other stays valid. */
	if (shed[0] == shed[1] && idx[0] < idx[1]) {
		event_own_take(g, seat, shed[1], idx[1]);
		event_own_take(g, seat, shed[0], idx[0]);
	} else {
		event_own_take(g, seat, shed[0], idx[0]);
		event_own_take(g, seat, shed[1], idx[1]);
	}
	g->discard[g->ndiscard++] = c[0];
	g->discard[g->ndiscard++] = c[1];
	fwb_hand_add(g, seat, card, ev);
	game_say(ev, seat, "@{%d} trades %s and %s for the %s in the discard "
	    "pile.", seat, g->equip_name[g->card[c[0]].kind],
	    g->equip_name[g->card[c[1]].kind], g->equip_name[type]);
	g->ask.step++;
	fwb_exhibit_next(g, ev);
	return 0;
}

/* "play <card> [equipment]": the active player plays an event. */
int
fwb_event_play(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	char	in[128];
	int	i = m->args[0] - 1, card, type = m->args[1], d;

	if (i < 0 || i >= g->nhand[seat] ||
	    g->card[g->hand[seat][i]].cls != FWB_EVENT)
		return set_cause(cause, "Card %d is not an event card in your "
		    "hand.", m->args[0]);
	card = g->hand[seat][i];
	switch (g->card[card].kind) {
	case FWB_E_ABUNDANCE:
		return set_cause(cause, "Abundance is not played on its own: "
		    "it stands in for any ingredient when you complete a "
		    "recipe.");
	case FWB_E_LUCKY:
		if (type < 0 || type >= FWB_NEQUIP)
			return set_cause(cause, "Lucky Find needs the "
			    "equipment to take from the discard pile: play "
			    "<card> <equipment>.");
		if ((d = fwb_discard_find(g, type)) < 0) {
			fwb_discard_equip_text(g, in, sizeof in);
			return set_cause(cause, "The discard pile holds no %s; "
			    "it holds %s.", g->equip_name[type], in);
		}
		fwb_hand_take(g, seat, i);
		fwb_hand_add(g, seat, fwb_discard_take(g, d), ev);
		g->discard[g->ndiscard++] = card;
		game_say(ev, seat, "@{%d} plays Lucky Find and takes a %s from "
		    "the discard pile.", seat, g->equip_name[type]);
		return 0;
	default:
		if (type >= 0)
			return set_cause(cause, "Equipment Exhibition takes no "
			    "equipment name: play <card>.");
		fwb_hand_take(g, seat, i);
		ev->private_changed |= 1u << seat;
		memset(&g->ask, 0, sizeof g->ask);
		g->ask.kind = FWB_ASK_EXHIBIT;
		g->ask.card = card;
		g->ask.first = seat;
		game_say(ev, seat, "@{%d} opens an Equipment Exhibition: each "
		    "player in turn may trade two pieces of equipment for one "
		    "from the discard pile.", seat);
		fwb_exhibit_next(g, ev);
		return 0;
	}
}
