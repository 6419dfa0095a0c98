/*
 * label.c: short button labels for FwB's card arguments, so a button reads
 * "complete 1. Hanami Highball" or "discard 3. 🍋 citrus" instead of a
 * bare number.  A card argument is a number as a view lists it: a hand
 * card, a hand-or-shed card (hand first, then the shed), a guest in one's
 * own row, or a market card.  Labels show only what the seat may see:
 * its own hand, shed and guests, and the public markets.
 */
#include <stdio.h>

#include "game/fwb/fwb-int.h"

/* What a card argument numbers. */
enum label_kind {
	LABEL_NONE,
	LABEL_HAND,		/* a hand card */
	LABEL_OWN,		/* a hand card, then the shed */
	LABEL_GUEST,		/* one of the seat's guests */
	LABEL_MARKET		/* market slot 1 or 2, 3: the discard pile */
};

/* The kind of card argument argi of action is. */
static enum label_kind
label_kind_of(int action, int argi)
{
	switch (action) {
	case FWB_A_DRAW:
		return argi == 0 ? LABEL_MARKET : LABEL_NONE;
	case FWB_A_SWAP:
		return argi == 0 ? LABEL_GUEST : argi >= 2 ? LABEL_HAND :
		    LABEL_NONE;
	case FWB_A_COMPLETE:
		return argi == 0 ? LABEL_GUEST : LABEL_NONE;
	case FWB_A_INSTALL:
		return argi == 0 ? LABEL_HAND : argi == 1 ? LABEL_OWN :
		    LABEL_NONE;
	case FWB_A_SECONDHAND:
		return argi == 0 ? LABEL_OWN : LABEL_NONE;
	case FWB_A_EXHIBIT:
		return argi == 1 || argi == 2 ? LABEL_OWN : LABEL_NONE;
	case FWB_A_PLAY:
	case FWB_A_DISCARD:
		return argi == 0 ? LABEL_HAND : LABEL_NONE;
	case FWB_A_OFFER:
		return argi == 1 ? LABEL_HAND : LABEL_NONE;
	}
	return LABEL_NONE;
}

/* A card's short face: "🍋 citrus", "shaker", "Festival Rush". */
static void
label_face(const struct game *g, int card, char *buf, size_t len)
{
	const struct fwb_card	*c = &g->card[card];

	switch (c->cls) {
	case FWB_INGREDIENT:
		snprintf(buf, len, "%s %s", g->ingr_emoji[c->kind],
		    g->ingr_name[c->kind]);
		break;
	case FWB_EQUIPMENT:
		snprintf(buf, len, "%s", g->equip_name[c->kind]);
		break;
	case FWB_INTERRUPT:
		snprintf(buf, len, "%s", fwb_interrupt_titles[c->kind]);
		break;
	default:
		snprintf(buf, len, "%s", fwb_event_titles[c->kind]);
		break;
	}
}

/*
 * The label of argument argi of m as seat sees it, into buf (len bytes):
 * the number, then the face.  g and m are borrowed.  Returns 0, or -1
 * when the argument is not a card argument or names no card (the bot then
 * shows the number).
 */
int
fwb_arg_label(const struct game *g, int seat, const struct game_move *m,
    int argi, char *buf, size_t len)
{
	const struct fwb_seat_guest	*sg;
	char				 face[64];
	int				 v, card, in_shed, index;

	if (seat < 0 || seat >= g->nplayers || argi < 0 ||
	    argi >= GAME_MAX_ARGS || m->action < 0 || m->action >= FWB_A_COUNT)
		return -1;
	v = m->args[argi];
	switch (label_kind_of(m->action, argi)) {
	case LABEL_HAND:
		if (v < 1 || v > g->nhand[seat])
			return -1;
		label_face(g, g->hand[seat][v - 1], face, sizeof face);
		snprintf(buf, len, "%d. %s", v, face);
		return 0;
	case LABEL_OWN:
		if ((card = fwb_own_card(g, seat, v, &in_shed, &index)) < 0)
			return -1;
		label_face(g, card, face, sizeof face);
		snprintf(buf, len, "%d. %s%s", v, face, in_shed ? " (shed)" :
		    "");
		return 0;
	case LABEL_GUEST:
		if (v < 1 || v > g->nguests)
			return -1;
		sg = &g->guests[seat][v - 1];
		if (sg->guest < 0)
			snprintf(buf, len, "%d. (no guest)", v);
		else
			snprintf(buf, len, "%d. %s", v,
			    g->guest[sg->guest].liqueur);
		return 0;
	case LABEL_MARKET:
		if (v == 1 || v == 2)
			card = g->market[v - 1];
		else if (v == 3 && g->ndiscard > 0)
			card = g->discard[g->ndiscard - 1];
		else
			return -1;
		if (card < 0)
			return -1;
		label_face(g, card, face, sizeof face);
		snprintf(buf, len, "%d. %s%s", v, face, v == 3 ?
		    " (discard pile)" : "");
		return 0;
	case LABEL_NONE:
		break;
	}
	return -1;
}

/* A card's name as a player types it: "citrus", "shaker", "Festival Rush". */
static const char *
label_name(const struct game *g, int card)
{
	const struct fwb_card	*c = &g->card[card];

	switch (c->cls) {
	case FWB_INGREDIENT:
		return g->ingr_name[c->kind];
	case FWB_EQUIPMENT:
		return g->equip_name[c->kind];
	case FWB_INTERRUPT:
		return fwb_interrupt_titles[c->kind];
	default:
		return fwb_event_titles[c->kind];
	}
}

/* Appends value named name, more after it, to out (n of max); new n. */
static size_t
label_add(struct game_name *out, size_t n, size_t max, int value,
    const char *name, const char *more)
{
	if (n >= max)
		return n;
	out[n].value = value;
	snprintf(out[n].name, sizeof out[n].name, "%s%s", name, more);
	return n + 1;
}

/*
 * The names card argument argi of action may take as seat sees them
 * (see game_ops.arg_names): its hand, then its shed ("shaker (shed)"),
 * its guests by liqueur and by country, the market cards and the discard market's top
 * ("citrus (discard pile)").  Only what seat may see.
 */
int
fwb_arg_names(const struct game *g, int seat, int action, int argi,
    struct game_name *out, size_t max)
{
	const struct fwb_seat_guest	*sg;
	enum label_kind			 kind;
	size_t				 n = 0;
	int				 i;

	if (seat < 0 || seat >= g->nplayers || action < 0 ||
	    action >= FWB_A_COUNT)
		return 0;
	kind = label_kind_of(action, argi);
	switch (kind) {
	case LABEL_HAND:
	case LABEL_OWN:
		for (i = 0; i < g->nhand[seat]; i++)
			n = label_add(out, n, max, i + 1,
			    label_name(g, g->hand[seat][i]), "");
		for (i = 0; kind == LABEL_OWN && i < g->nshed[seat]; i++)
			n = label_add(out, n, max, g->nhand[seat] + i + 1,
			    label_name(g, g->shed[seat][i].card), " (shed)");
		break;
	case LABEL_GUEST:
		for (i = 0; i < g->nguests; i++) {
			sg = &g->guests[seat][i];
			if (sg->guest < 0)
				continue;
			/* By its liqueur or its country: both are shown. */
			n = label_add(out, n, max, i + 1,
			    g->guest[sg->guest].liqueur, "");
			n = label_add(out, n, max, i + 1,
			    g->guest[sg->guest].country, "");
		}
		break;
	case LABEL_MARKET:
		for (i = 0; i < 2; i++)
			if (g->market[i] >= 0)
				n = label_add(out, n, max, i + 1,
				    label_name(g, g->market[i]), "");
		if (g->opt[FWB_O_DISCARD_MARKET] && g->ndiscard > 0)
			n = label_add(out, n, max, 3, label_name(g,
			    g->discard[g->ndiscard - 1]), " (discard pile)");
		break;
	case LABEL_NONE:
		break;
	}
	return (int)n;
}
