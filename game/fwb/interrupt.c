/*
 * interrupt.c: the nine interrupts.  An interrupt never enters a hand: the
 * moment it is drawn (from the deck, or revealed by a market refill, which
 * makes the player who emptied the slot its drawer) it is queued, and
 * fwb_settle() resolves the queue in order.  Most resolve at once; Terrible
 * Friend, We Only Get One Shot, Festival Rush, the advanced Guest
 * Cancellation and the advanced Cultural Exchange open a decision (struct
 * fwb_ask) that players answer with moves, one at a time.  The card is
 * held in the ask until the decision is over, then discarded.
 */
#include <stdio.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))

/* Ends the open decision; the card it held goes to the discard pile. */
void
fwb_ask_close(struct game *g)
{
	if (g->ask.card >= 0)
		g->discard[g->ndiscard++] = g->ask.card;
	memset(&g->ask, 0, sizeof g->ask);
	g->ask.kind = FWB_ASK_NONE;
	g->ask.card = -1;
}

/* Opens a decision of kind for seat about card. */
static void
interrupt_ask(struct game *g, int kind, int seat, int card)
{
	memset(&g->ask, 0, sizeof g->ask);
	g->ask.kind = kind;
	g->ask.seat = seat;
	g->ask.first = seat;
	g->ask.card = card;
}

/*
 * Cancels one of seat's guests, chosen by the 3-icon system of the next
 * guest card (4-icon in the 4-guest variant); that card becomes the new
 * guest in its place.
 */
void
fwb_cancel_guest(struct game *g, int seat, struct game_events *ev)
{
	struct fwb_seat_guest	*sg;
	int			 next, pos;

	if ((next = fwb_guest_pop(g)) < 0) {
		game_say(ev, seat, "The guest deck is empty: @{%d}'s guests all "
		    "stay.", seat);
		return;
	}
	pos = (g->nguests == 4 ? g->guest[next].icon4 :
	    g->guest[next].icon3) - 1;
	sg = &g->guests[seat][pos];
	if (sg->guest >= 0) {
		game_say(ev, seat, "@{%d}'s guest from %s (position %d) "
		    "cancels%s; the guest from %s takes the seat.", seat,
		    g->guest[sg->guest].country, pos + 1, sg->done ?
		    ", and the drink served is wasted" : "",
		    g->guest[next].country);
		g->gdiscard[g->ngdiscard++] = sg->guest;
	} else
		game_say(ev, seat, "The guest from %s takes @{%d}'s empty "
		    "position %d.", g->guest[next].country, seat, pos + 1);
	sg->guest = next;
	sg->done = 0;
	if (ev != NULL)
		ev->private_changed |= BIT(seat);
}

/* Discards a random hand card of seat (standard routing); 0 if none. */
static int
interrupt_random_discard(struct game *g, int seat, struct game_events *ev)
{
	char	name[64];
	int	card;

	if (g->nhand[seat] == 0)
		return 0;
	card = fwb_hand_take(g, seat, (int)rng_below(&g->rng,
	    (uint32_t)g->nhand[seat]));
	fwb_card_name(g, card, name, sizeof name);
	game_say(ev, seat, "@{%d} loses a random card: %s.", seat, name);
	fwb_discard_card(g, seat, card, 0, ev);
	ev->private_changed |= BIT(seat);
	return 1;
}

/* Equipment Recall; the card ends on top of the discard pile. */
static void
interrupt_recall(struct game *g, int card, int seat, struct game_events *ev)
{
	int	aside[FWB_NCARDS_MAX], naside = 0, type = -1, i, s, k, c;

	while (g->ndeck > 0) {
		c = g->deck[--g->ndeck];
		aside[naside++] = c;
		if (g->card[c].cls == FWB_EQUIPMENT) {
			type = g->card[c].kind;
			break;
		}
	}
	if (type < 0)
		game_say(ev, g->active, "No equipment is left in the "
		    "resource deck: nothing is recalled.");
	else
		game_say(ev, g->active, "%d %s flipped to find equipment: %s is "
		    "recalled.", naside, game_plural(naside, "card is",
		    "cards are"), g->equip_name[type]);
	for (i = 0; i < g->nplayers && type >= 0; i++) {
		s = (seat + i) % g->nplayers;
		if ((k = fwb_hand_find(g, s, FWB_EQUIPMENT, type)) >= 0) {
			g->discard[g->ndiscard++] = fwb_hand_take(g, s, k);
			ev->private_changed |= BIT(s);
			game_say(ev, s, "@{%d} returns a %s from hand.", s,
			    g->equip_name[type]);
		} else if ((k = fwb_shed_find(g, s, type)) >= 0) {
			g->discard[g->ndiscard++] = fwb_shed_take(g, s, k);
			ev->private_changed |= BIT(s);
			game_say(ev, s, "@{%d} returns the %s from the shed.", s,
			    g->equip_name[type]);
		} else
			interrupt_random_discard(g, s, ev);
		if (g->opt[FWB_O_INTERRUPTS] && fwb_done_count(g, s) >= 2)
			interrupt_random_discard(g, s, ev);
	}
	g->discard[g->ndiscard++] = card;
	for (i = 0; i < naside; i++)
		g->deck[g->ndeck++] = aside[i];
	rng_shuffle(&g->rng, g->deck, g->ndeck);
}

/*
 * Moves the ask round on: from ask.step, the first seat (counted from
 * ask.first) for which can holds is asked.  Closes the ask when none is
 * left; 1 when a seat is asked, else 0.
 */
static int
interrupt_ask_next(struct game *g, int (*can)(const struct game *, int))
{
	int	s;

	for (; g->ask.step < g->nplayers; g->ask.step++) {
		s = (g->ask.first + g->ask.step) % g->nplayers;
		if (can(g, s)) {
			g->ask.seat = s;
			return 1;
		}
	}
	fwb_ask_close(g);
	return 0;
}

/* Whether seat s can use a Festival Rush: it can serve a guest now. */
static int
interrupt_can_rush(const struct game *g, int s)
{
	int	slot;

	for (slot = 0; slot < g->nguests; slot++)
		if (fwb_can_complete(g, s, slot, 1))
			return 1;
	return 0;
}

/* The right neighbour of seat s, whom One Shot lets s rob. */
static int
interrupt_shot_victim(const struct game *g, int s)
{
	return (s + g->nplayers - 1) % g->nplayers;
}

/* Whether seat s can take a shot: its right neighbour has equipment. */
static int
interrupt_can_shoot(const struct game *g, int s)
{
	int	v = interrupt_shot_victim(g, s);

	return g->nshed[v] > 0 && !(g->ask.immune & BIT(v));
}

/* Festival Rush: the next player (from ask.step) who can use it, or close. */
static void
interrupt_rush_next(struct game *g, struct game_events *ev)
{
	(void)ev;
	interrupt_ask_next(g, interrupt_can_rush);
}

/* One Shot: the next taker whose right neighbour can be robbed, or close. */
static void
interrupt_shot_next(struct game *g, struct game_events *ev)
{
	(void)ev;
	if (interrupt_ask_next(g, interrupt_can_shoot))
		g->ask.target = interrupt_shot_victim(g, g->ask.seat);
}

/* Terrible Traffic: every player cancels a guest, perhaps one is immune. */
static void
interrupt_traffic(struct game *g, int seat, struct game_events *ev)
{
	int	i, s, best = -1, top = -1, ntop = 0, sc;

	if (g->opt[FWB_O_INTERRUPTS]) {
		for (s = 0; s < g->nplayers; s++) {
			sc = fwb_score(g, s);
			if (sc > top) {
				top = sc;
				best = s;
				ntop = 1;
			} else if (sc == top)
				ntop++;
		}
		if (ntop > 1 || top == 0)
			best = -1;
		else
			game_say(ev, best, "@{%d} has the most recipe points "
			    "and is immune.", best);
	}
	for (i = 0; i < g->nplayers; i++) {
		s = (seat + i) % g->nplayers;
		if (s != best)
			fwb_cancel_guest(g, s, ev);
	}
}

static const char *const interrupt_help[FWB_NINTERRUPTS] = {
	"guest swaps cost one card of any type until the next interrupt",
	"every player returns one piece of the recalled equipment",
	"everyone draws a card and may complete a recipe with one thing less",
	"a guest cancels, chosen by the next guest card",
	"the resource market is refreshed",
	"everyone loses a random card and draws one",
	"the drawer borrows a piece of equipment and forgets to return it",
	"every player loses a guest, chosen by the next guest cards",
	"everyone takes a piece of equipment from the shed on their right",
};

/*
 * Resolves interrupt card drawn by seat: its effect, or the decision it
 * opens.  The card ends on the discard pile (Cultural Exchange stays out
 * until the next interrupt).
 */
void
fwb_interrupt_resolve(struct game *g, int card, int seat,
    struct game_events *ev)
{
	int	kind = g->card[card].kind, i, s, n, v, adv;
	unsigned mask = 0;

	adv = g->opt[FWB_O_INTERRUPTS];
	if (g->cultural >= 0) {
		g->discard[g->ndiscard++] = g->cultural;
		g->cultural = -1;
		game_say(ev, g->active, "Cultural Exchange ends.");
	}
	game_say(ev, seat, "Interrupt! @{%d} draws %s: %s.", seat,
	    fwb_interrupt_titles[kind], interrupt_help[kind]);
	switch (kind) {
	case FWB_I_CULTURAL:
		g->cultural = card;
		if (adv && g->ngdeck >= 2) {
			interrupt_ask(g, FWB_ASK_ORDER, seat, -1);
			ev->private_changed |= BIT(seat);
		}
		return;
	case FWB_I_RECALL:
		interrupt_recall(g, card, seat, ev);
		return;
	case FWB_I_RUSH:
		for (i = 0; i < g->nplayers; i++)
			fwb_draw_clean(g, (seat + i) % g->nplayers, ev);
		interrupt_ask(g, FWB_ASK_RUSH, seat, card);
		interrupt_rush_next(g, ev);
		return;
	case FWB_I_CANCEL:
		fwb_cancel_guest(g, seat, ev);
		if (adv && g->nhand[seat] > 0) {
			interrupt_ask(g, FWB_ASK_CANCEL, seat, card);
			g->ask.n = g->nhand[seat] < 2 ? g->nhand[seat] : 2;
			return;
		}
		break;
	case FWB_I_VOLATILITY:
		g->discard[g->ndiscard++] = card;
		/* Its interrupt line says the market is refreshed. */
		fwb_market_refresh(g, seat, 0, ev);
		for (i = 0; adv && i < g->nplayers; i++) {
			s = (seat + i) % g->nplayers;
			n = fwb_done_count(g, s);
			while (n-- > 0)
				fwb_draw_clean(g, s, ev);
		}
		return;
	case FWB_I_HICCUP:
		for (i = 0; i < g->nplayers; i++) {
			s = (seat + i) % g->nplayers;
			interrupt_random_discard(g, s, ev);
			fwb_draw_clean(g, s, ev);
		}
		break;
	case FWB_I_FRIEND:
		v = seat == g->holder ? (seat + 1) % g->nplayers : g->holder;
		if (g->nshed[v] == 0) {
			game_say(ev, v, "@{%d} has no equipment to lend.", v);
			break;
		}
		interrupt_ask(g, FWB_ASK_FRIEND, seat, card);
		g->ask.target = v;
		return;
	case FWB_I_TRAFFIC:
		interrupt_traffic(g, seat, ev);
		break;
	case FWB_I_SHOT:
		for (s = 0; s < g->nplayers; s++)
			if (g->nshed[s] > 0)
				mask |= BIT(s);
		if (mask == 0) {
			game_say(ev, g->active, "No shed holds equipment: "
			    "nothing is taken.");
			break;
		}
		interrupt_ask(g, FWB_ASK_IMMUNE, -1, card);
		g->ask.first = seat;
		g->ask.mask = mask;
		return;
	}
	g->discard[g->ndiscard++] = card;
}

/*
 * A borrow move: takes the equipment of type from victim's shed into
 * seat's hand.  0, or -1 with *cause when the shed has none (nothing
 * moves then).
 */
static int
interrupt_borrow(struct game *g, int seat, int victim, int type,
    struct game_events *ev, char **cause)
{
	int	i, card;

	if (type < 0 || type >= FWB_NEQUIP ||
	    (i = fwb_shed_find(g, victim, type)) < 0)
		return set_cause(cause, "@{%d}'s shed has no %s.", victim,
		    type >= 0 && type < FWB_NEQUIP ? g->equip_name[type] :
		    "such equipment");
	card = fwb_shed_take(g, victim, i);
	fwb_hand_add(g, seat, card, ev);
	ev->private_changed |= BIT(victim);
	game_say(ev, seat, "@{%d} takes @{%d}'s %s.", seat, victim,
	    g->equip_name[g->card[card].kind]);
	return 0;
}

/* The Cultural Exchange reordering: "order 2 1 3". */
static int
interrupt_order(struct game *g, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	int	k = g->ngdeck < 3 ? g->ngdeck : 3, top[3], seen = 0, i, a;

	for (i = 0; i < 3; i++) {
		a = m->args[i];
		if (i >= k) {
			if (a != -1)
				return set_cause(cause, "Only %d guest %s "
				    "left to order.", k, game_plural(k,
				    "card is", "cards are"));
			continue;
		}
		if (a < 1 || a > k || (seen & BIT(a)))
			return set_cause(cause, "Give each of the numbers 1 to "
			    "%d once: the new order of the top guest cards, "
			    "top first.", k);
		seen |= BIT(a);
		top[i] = g->gdeck[g->ngdeck - a];
	}
	for (i = 0; i < k; i++)
		g->gdeck[g->ngdeck - 1 - i] = top[i];
	game_say(ev, g->ask.seat, "@{%d} rearranges the top of the guest "
	    "deck.", g->ask.seat);
	fwb_ask_close(g);
	return 0;
}

/*
 * Answers the open decision with seat's move m (the caller has checked
 * that seat may answer and that the game works on a copy).  Returns 0, or
 * -1 and *cause.
 */
int
fwb_ask_answer(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	struct fwb_ask	*a = &g->ask;
	char		 name[64];
	int		 n, c;

	switch (a->kind) {
	case FWB_ASK_ORDER:
		if (m->action == FWB_A_PASS) {
			game_say(ev, seat, "@{%d} leaves the guest deck as it "
			    "is.", seat);
			fwb_ask_close(g);
			return 0;
		}
		if (m->action == FWB_A_ORDER)
			return interrupt_order(g, m, ev, cause);
		break;
	case FWB_ASK_RUSH:
		if (m->action == FWB_A_PASS) {
			game_say(ev, seat, "@{%d} passes the Festival Rush.",
			    seat);
			a->step++;
			interrupt_rush_next(g, ev);
			return 0;
		}
		if (m->action == FWB_A_COMPLETE) {
			if (!fwb_can_complete(g, seat, m->args[0] - 1, 1))
				return set_cause(cause, "Guest %d cannot be "
				    "served even with one thing less.",
				    m->args[0]);
			fwb_complete(g, seat, m->args[0] - 1, 1, ev);
			a->step++;
			interrupt_rush_next(g, ev);
			return 0;
		}
		break;
	case FWB_ASK_CANCEL:
		if (m->action == FWB_A_DISCARD) {
			if (m->args[0] < 1 || m->args[0] > g->nhand[seat])
				return set_cause(cause, "Give the number of a "
				    "card in your hand (1 to %d).",
				    g->nhand[seat]);
			c = fwb_hand_take(g, seat, m->args[0] - 1);
			fwb_discard_card(g, seat, c, 0, ev);
			ev->private_changed |= BIT(seat);
			a->got++;
			if (--a->n > 0 && g->nhand[seat] > 0) {
				fwb_card_name(g, c, name, sizeof name);
				game_say(ev, seat, "@{%d} discards %s (%d more "
				    "to discard).", seat, name, a->n);
				return 0;
			}
			for (n = 0; n < a->got; n++)
				fwb_draw_clean(g, seat, ev);
			game_say(ev, seat, "@{%d} discards %d and draws %d "
			    "%s in compensation.", seat, a->got, a->got,
			    game_plural(a->got, "card", "cards"));
			fwb_ask_close(g);
			return 0;
		}
		break;
	case FWB_ASK_FRIEND:
	case FWB_ASK_SHOT:
		/* Both take from a->target; One Shot then asks the next. */
		if (m->action == FWB_A_BORROW) {
			if (interrupt_borrow(g, seat, a->target, m->args[0],
			    ev, cause) != 0)
				return -1;
			if (a->kind == FWB_ASK_FRIEND)
				fwb_ask_close(g);
			else {
				a->step++;
				interrupt_shot_next(g, ev);
			}
			return 0;
		}
		break;
	case FWB_ASK_IMMUNE:
		if (m->action == FWB_A_IMMUNE || m->action == FWB_A_PASS) {
			a->mask &= ~BIT(seat);
			if (m->action == FWB_A_IMMUNE) {
				a->immune |= BIT(seat);
				game_say(ev, seat, "@{%d} claims immunity: %s.",
				    seat, m->args[0] == 0 ? "they take a shot "
				    "of liqueur" : "designated driver, with a "
				    "bottle of a guest's liqueur in the house");
			} else
				game_say(ev, seat, "@{%d} claims no immunity.",
				    seat);
			if (a->mask == 0) {
				a->kind = FWB_ASK_SHOT;
				a->step = 0;
				interrupt_shot_next(g, ev);
			}
			return 0;
		}
		break;
	case FWB_ASK_EXHIBIT:
		if (m->action == FWB_A_EXHIBIT || m->action == FWB_A_PASS)
			return fwb_exhibit_answer(g, seat, m, ev, cause);
		break;
	default:
		return fwb_turn_answer(g, seat, m, ev, cause);
	}
	return set_cause(cause, "That does not answer the question now: "
	    "%s.", "see the table for what is asked");
}
