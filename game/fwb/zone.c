/*
 * zone.c: moving cards between the places of the table: the resource deck
 * (reshuffled from the discard pile when it runs out), hands, the discard
 * pile and the second-hand market, sheds, the resource market and its
 * refills, and the guest deck and guest market with the 4-icon system.
 * Every function here keeps each card in exactly one place.
 */
#include <stdio.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

/*
 * Takes the top card of the resource deck, first shuffling the discard
 * pile into a new deck when the deck is empty.  Returns the card, or -1
 * when both are empty.
 */
int
fwb_deck_pop(struct game *g)
{
	if (g->ndeck == 0 && g->ndiscard > 0) {
		memcpy(g->deck, g->discard, (size_t)g->ndiscard * sizeof (int));
		g->ndeck = g->ndiscard;
		g->ndiscard = 0;
		rng_shuffle(&g->rng, g->deck, g->ndeck);
	}
	if (g->ndeck == 0)
		return -1;
	return g->deck[--g->ndeck];
}

/*
 * A draw an effect causes (Festival Rush, Supply Chain Hiccup, ...): an
 * interrupt met on the way is set aside and shuffled back afterwards, as at
 * set-up, so effects never chain.  Adds the card to seat's hand and returns
 * it, or -1 when no card is left.
 */
int
fwb_draw_clean(struct game *g, int seat, struct game_events *ev)
{
	int	aside[FWB_NINTERRUPTS + 1], naside = 0, card, i;

	while ((card = fwb_deck_pop(g)) >= 0 &&
	    g->card[card].cls == FWB_INTERRUPT && naside < FWB_NINTERRUPTS)
		aside[naside++] = card;
	if (card >= 0 && g->card[card].cls == FWB_INTERRUPT) {
		aside[naside++] = card;
		card = -1;
	}
	if (card >= 0) {
		fwb_hand_add(g, seat, card, ev);
		fwb_note_drawn(g, seat, card, ev);
	}
	if (naside > 0) {
		for (i = 0; i < naside; i++)
			g->deck[g->ndeck++] = aside[i];
		rng_shuffle(&g->rng, g->deck, g->ndeck);
	}
	return card;
}

/* Adds card to seat's hand; past the safety cap it is discarded instead. */
void
fwb_hand_add(struct game *g, int seat, int card, struct game_events *ev)
{
	if (g->nhand[seat] >= FWB_HAND_CAP) {
		g->discard[g->ndiscard++] = card;
		return;
	}
	g->hand[seat][g->nhand[seat]++] = card;
	if (ev != NULL)
		ev->private_changed |= 1u << seat;
}

/* Removes and returns seat's hand card at index, keeping the order. */
int
fwb_hand_take(struct game *g, int seat, int index)
{
	int	card = g->hand[seat][index];

	memmove(&g->hand[seat][index], &g->hand[seat][index + 1],
	    (size_t)(g->nhand[seat] - index - 1) * sizeof (int));
	g->nhand[seat]--;
	return card;
}

/* Index of seat's first hand card of class cls and kind kind, or -1. */
int
fwb_hand_find(const struct game *g, int seat, int cls, int kind)
{
	int	i;

	for (i = 0; i < g->nhand[seat]; i++)
		if (fwb_is(g, g->hand[seat][i], cls, kind))
			return i;
	return -1;
}

/*
 * Puts equipment card into the second-hand market; the card there before
 * goes to the discard pile.
 */
void
fwb_secondhand_put(struct game *g, int card, struct game_events *ev)
{
	if (g->secondhand >= 0) {
		g->discard[g->ndiscard++] = g->secondhand;
		game_say(ev, g->active, "The %s in the second-hand "
		    "market goes to the discard pile.",
		    g->equip_name[g->card[g->secondhand].kind]);
	}
	g->secondhand = card;
}

/*
 * Discards a card seat held.  Equipment goes to the second-hand market
 * when that module is on, unless to_pile (an effect that says "to the
 * discard pile"); everything else goes on top of the discard pile.
 */
void
fwb_discard_card(struct game *g, int seat, int card, int to_pile,
    struct game_events *ev)
{
	(void)seat;
	if (!to_pile && g->opt[FWB_O_SECONDHAND] &&
	    g->card[card].cls == FWB_EQUIPMENT) {
		fwb_secondhand_put(g, card, ev);
		return;
	}
	g->discard[g->ndiscard++] = card;
}

/* Index in seat's shed of equipment type, or -1. */
int
fwb_shed_find(const struct game *g, int seat, int type)
{
	int	i;

	for (i = 0; i < g->nshed[seat]; i++)
		if (g->card[g->shed[seat][i].card].kind == type)
			return i;
	return -1;
}

/* Removes and returns the card at index of seat's shed. */
int
fwb_shed_take(struct game *g, int seat, int index)
{
	int	card = g->shed[seat][index].card;

	memmove(&g->shed[seat][index], &g->shed[seat][index + 1],
	    (size_t)(g->nshed[seat] - index - 1) * sizeof g->shed[seat][0]);
	g->nshed[seat]--;
	return card;
}

/* The equipment types in seat's shed (only usable ones with ready_only). */
unsigned
fwb_shed_types(const struct game *g, int seat, int ready_only)
{
	unsigned	m = 0;
	int		i;

	for (i = 0; i < g->nshed[seat]; i++)
		if (!ready_only || !g->shed[seat][i].installing)
			m |= 1u << g->card[g->shed[seat][i].card].kind;
	return m;
}

/* Takes the top guest card, or -1 when the guest deck is empty. */
int
fwb_guest_pop(struct game *g)
{
	if (g->ngdeck == 0)
		return -1;
	return g->gdeck[--g->ngdeck];
}

/*
 * Places guest in the guest market at the position its 4-icon system
 * crosses out; the guest there goes to the guest discard pile.
 */
void
fwb_gmarket_replace(struct game *g, int guest, struct game_events *ev)
{
	int	pos = g->guest[guest].icon4 - 1;

	if (g->gmarket[pos] >= 0) {
		g->gdiscard[g->ngdiscard++] = g->gmarket[pos];
		game_say(ev, g->active, "%s takes the place of %s "
		    "in guest market position %d.", g->guest[guest].country,
		    g->guest[g->gmarket[pos]].country, pos + 1);
	} else
		game_say(ev, g->active, "%s joins the guest "
		    "market in position %d.", g->guest[guest].country, pos + 1);
	g->gmarket[pos] = guest;
}

/* Fills an empty guest market slot from the guest deck, if it can. */
void
fwb_gmarket_refill(struct game *g, int slot, struct game_events *ev)
{
	(void)ev;
	if (g->gmarket[slot] < 0)
		g->gmarket[slot] = fwb_guest_pop(g);
}

/* Replaces all four market guests (to the guest discard pile). */
void
fwb_gmarket_refresh(struct game *g, struct game_events *ev)
{
	int	i;

	for (i = 0; i < FWB_GMARKET; i++) {
		if (g->gmarket[i] >= 0)
			g->gdiscard[g->ngdiscard++] = g->gmarket[i];
		g->gmarket[i] = -1;
		fwb_gmarket_refill(g, i, ev);
	}
	game_say(ev, g->active, "The whole guest market is "
	    "replaced.");
}

/* Queues an interrupt seat drew; it resolves when the game settles. */
void
fwb_queue_push(struct game *g, int card, int seat)
{
	if (g->nqueue >= FWB_QUEUE_MAX) {
		/* Cannot happen with nine interrupts; keep the card safe. */
		g->discard[g->ndiscard++] = card;
		return;
	}
	g->queue[g->nqueue] = card;
	g->queue_seat[g->nqueue] = seat;
	g->nqueue++;
}

/*
 * Fills resource market slot with the top card of the deck.  An interrupt
 * revealed is drawn by seat (the player who emptied the slot): it is
 * queued and the slot stays empty until it has resolved; fwb_settle() then
 * fills it again.
 */
void
fwb_market_fill(struct game *g, int slot, int seat, struct game_events *ev)
{
	char	name[64];
	int	card;

	if (g->market[slot] >= 0 || (card = fwb_deck_pop(g)) < 0)
		return;
	if (g->card[card].cls == FWB_INTERRUPT) {
		fwb_card_name(g, card, name, sizeof name);
		game_say(ev, seat, "The market refill "
		    "reveals %s: it hits @{%d}.", name, seat);
		g->market_owner[slot] = seat;
		fwb_queue_push(g, card, seat);
		return;
	}
	g->market[slot] = card;
	g->market_owner[slot] = -1;
}

/*
 * Refreshes the resource market: the cards go to the discard pile, the one
 * closest to the deck (slot 1) first, then new cards are dealt.
 * Interrupts revealed hit seat.  With say, a line tells the table first;
 * Market Volatility has said it already.
 */
void
fwb_market_refresh(struct game *g, int seat, int say, struct game_events *ev)
{
	int	i;

	for (i = 0; i < FWB_MARKET; i++) {
		if (g->market[i] >= 0)
			g->discard[g->ndiscard++] = g->market[i];
		g->market[i] = -1;
	}
	if (say)
		game_say(ev, g->active, "The resource market is refreshed.");
	for (i = 0; i < FWB_MARKET; i++)
		fwb_market_fill(g, i, seat, ev);
}

/*
 * Resolves a "your cards" number as the private view shows it: 1 to H are
 * hand cards, H+1 to H+S the shed's.  Sets *in_shed and *index and returns
 * the card, or -1 for a number that is neither.
 */
int
fwb_own_card(const struct game *g, int seat, int num, int *in_shed,
    int *index)
{
	if (num >= 1 && num <= g->nhand[seat]) {
		*in_shed = 0;
		*index = num - 1;
		return g->hand[seat][num - 1];
	}
	num -= g->nhand[seat];
	if (num >= 1 && num <= g->nshed[seat]) {
		*in_shed = 1;
		*index = num - 1;
		return g->shed[seat][num - 1].card;
	}
	return -1;
}

/* Index of the topmost card of equipment type in the discard pile, or -1. */
int
fwb_discard_find(const struct game *g, int type)
{
	int	i;

	for (i = g->ndiscard - 1; i >= 0; i--)
		if (fwb_is(g, g->discard[i], FWB_EQUIPMENT, type))
			return i;
	return -1;
}

/*
 * The equipment in the discard pile by type, "shaker ×2, still", or "no
 * equipment": what Lucky Find and Equipment Exhibition may take.  Public
 * (the rules let players go through the pile).  Written into buf (len
 * bytes), cut at its end.
 */
void
fwb_discard_equip_text(const struct game *g, char *buf, size_t len)
{
	int	n[FWB_NEQUIP] = { 0 }, i, k, any = 0;
	size_t	at = 0;

	buf[0] = '\0';
	for (i = 0; i < g->ndiscard; i++)
		if (g->card[g->discard[i]].cls == FWB_EQUIPMENT)
			n[g->card[g->discard[i]].kind]++;
	for (k = 0; k < FWB_NEQUIP; k++) {
		if (n[k] == 0)
			continue;
		fwb_put(buf, len, &at, any++ > 0 ? ", " : "");
		fwb_put(buf, len, &at, g->equip_name[k]);
		if (n[k] > 1) {
			fwb_put(buf, len, &at, " \xc3\x97");
			fwb_put_int(buf, len, &at, n[k]);
		}
	}
	if (any == 0)
		fwb_put(buf, len, &at, "no equipment");
}

/* Removes and returns the discard pile's card at index, keeping the order. */
int
fwb_discard_take(struct game *g, int index)
{
	int	card = g->discard[index];

	memmove(&g->discard[index], &g->discard[index + 1],
	    (size_t)(g->ndiscard - index - 1) * sizeof (int));
	g->ndiscard--;
	return card;
}
