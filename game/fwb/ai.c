/*
 * ai.c: a baseline player.  It looks only at what its seat may see (its
 * hand and shed, and the public table) and plays for recipes: it draws
 * what its open guests need (equipment from the market when it has both
 * points, needed ingredients, else the deck), swaps away a guest that is
 * far from done when a market guest is much closer, installs what its
 * guests need, serves every guest it can, and discards what it needs
 * least.  It never claims an immunity (it does not drink) and never
 * offers trades, but accepts a trade that helps it.
 */
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))

/* What seat's open guests need: ingredient cards per kind, equipment types. */
struct ai_need {
	int		ingr[FWB_NINGR];
	unsigned	equip;
};

static void
ai_needs(const struct game *g, int s, struct ai_need *n)
{
	const struct fwb_guest	*gu;
	int			 i, k;

	memset(n, 0, sizeof *n);
	for (i = 0; i < g->nguests; i++) {
		if (g->guests[s][i].guest < 0 || g->guests[s][i].done)
			continue;
		gu = &g->guest[g->guests[s][i].guest];
		for (k = 0; k < FWB_NINGR; k++)
			n->ingr[k] += gu->ingr[k];
		n->equip |= gu->equip;
	}
}

/* How many cards of class cls, kind kind seat holds. */
static int
ai_held(const struct game *g, int s, int cls, int kind)
{
	int	i, n = 0;

	for (i = 0; i < g->nhand[s]; i++)
		n += fwb_is(g, g->hand[s][i], cls, kind);
	return n;
}

/* How much seat wants card (higher is better), as if it were not held. */
static int
ai_value(const struct game *g, int s, const struct ai_need *n, int card)
{
	const struct fwb_card	*c = &g->card[card];

	switch (c->cls) {
	case FWB_INGREDIENT:
		return n->ingr[c->kind] > ai_held(g, s, FWB_INGREDIENT,
		    c->kind) - 1 ? 3 : 0;
	case FWB_EQUIPMENT:
		if (fwb_shed_find(g, s, c->kind) >= 0)
			return 0;
		return (n->equip & BIT(c->kind)) ? 4 : 1;
	case FWB_EVENT:
		return c->kind == FWB_E_ABUNDANCE ? 5 : 1;
	}
	return 0;
}

/* The hand card seat needs least. */
static int
ai_worst(const struct game *g, int s)
{
	struct ai_need	n;
	int		i, best = 0, v, bv = 1000;

	ai_needs(g, s, &n);
	for (i = 0; i < g->nhand[s]; i++) {
		v = ai_value(g, s, &n, g->hand[s][i]);
		if (v < bv) {
			bv = v;
			best = i;
		}
	}
	return best;
}

static void
ai_set(struct game_move *m, int action, int a0, int a1, int a2, int a3)
{
	m->action = action;
	m->args[0] = a0;
	m->args[1] = a1;
	m->args[2] = a2;
	m->args[3] = a3;
}

/* The equipment type in victim's shed that seat wants most. */
static int
ai_borrow(const struct game *g, int s, int victim)
{
	struct ai_need	n;
	int		i, type, best = -1;

	ai_needs(g, s, &n);
	for (i = 0; i < g->nshed[victim]; i++) {
		type = g->card[g->shed[victim][i].card].kind;
		if (best < 0)
			best = type;
		if ((n.equip & BIT(type)) && fwb_shed_find(g, s, type) < 0)
			return type;
	}
	return best;
}

/* Answers the open decision. */
static int
ai_answer(const struct game *g, int s, struct rng *r, struct game_move *m)
{
	const struct fwb_ask	*a = &g->ask;
	struct ai_need		 n;
	int			 i, cur;

	switch (a->kind) {
	case FWB_ASK_GUEST:
		cur = g->guests[s][a->target].guest;
		ai_set(m, cur < 0 || fwb_missing(g, s, g->revealed, NULL, NULL) <
		    fwb_missing(g, s, cur, NULL, NULL) ? FWB_A_ACCEPT :
		    FWB_A_REJECT, -1, -1, -1, -1);
		return 0;
	case FWB_ASK_LIMIT:
	case FWB_ASK_CANCEL:
		ai_set(m, FWB_A_DISCARD, ai_worst(g, s) + 1, -1, -1, -1);
		return 0;
	case FWB_ASK_FRIEND:
	case FWB_ASK_SHOT:
		ai_set(m, FWB_A_BORROW, ai_borrow(g, s, a->target), -1, -1, -1);
		return 0;
	case FWB_ASK_RUSH:
		for (i = 0; i < g->nguests; i++) {
			if (fwb_can_complete(g, s, i, 1)) {
				ai_set(m, FWB_A_COMPLETE, i + 1, -1, -1, -1);
				return 0;
			}
		}
		break;
	case FWB_ASK_OFFER:
		ai_needs(g, s, &n);
		for (i = 0; i < g->nhand[s]; i++)
			if (fwb_kind_of(g, g->hand[s][i]) == a->want)
				break;
		if (i < g->nhand[s] && ai_value(g, s, &n, a->give) >
		    ai_value(g, s, &n, g->hand[s][i])) {
			ai_set(m, FWB_A_ACCEPT, -1, -1, -1, -1);
			return 0;
		}
		ai_set(m, FWB_A_REJECT, -1, -1, -1, -1);
		return 0;
	case FWB_ASK_NOSE:
		cur = (int)rng_below(r, (uint32_t)__builtin_popcount(a->mask));
		for (i = 0; i < g->nplayers; i++)
			if ((a->mask & BIT(i)) && cur-- == 0)
				break;
		ai_set(m, FWB_A_NOSE, i, -1, -1, -1);
		return 0;
	}
	ai_set(m, FWB_A_PASS, -1, -1, -1, -1);
	return 0;
}

/* A draw: wanted market equipment, wanted ingredients, else the deck. */
static int
ai_draw(const struct game *g, int s, const struct ai_need *n,
    struct game_move *m)
{
	int	i, c;

	for (i = 0; i < FWB_MARKET && g->points == 2; i++) {
		c = g->market[i];
		if (c >= 0 && g->card[c].cls == FWB_EQUIPMENT &&
		    ai_value(g, s, n, c) >= 4 &&
		    ai_held(g, s, FWB_EQUIPMENT, g->card[c].kind) == 0) {
			ai_set(m, FWB_A_DRAW, i + 1, -1, -1, -1);
			return 0;
		}
	}
	for (i = 0; i < FWB_MARKET; i++) {
		c = g->market[i];
		if (c >= 0 && g->card[c].cls == FWB_INGREDIENT &&
		    ai_value(g, s, n, c) > 0) {
			ai_set(m, FWB_A_DRAW, i + 1, -1, -1, -1);
			return 0;
		}
	}
	if (g->ndeck + g->ndiscard > 0) {
		ai_set(m, FWB_A_DRAW, -1, -1, -1, -1);
		return 0;
	}
	return -1;
}

/* A swap of the farthest guest for a much closer market guest. */
static int
ai_swap(const struct game *g, int s, const struct ai_need *n,
    struct game_move *m)
{
	int	i, j, worst = -1, wmiss = 0, best = -1, bmiss = 100, miss;
	int	pa = -1, pb = -1;

	for (i = 0; i < g->nhand[s] && pa < 0; i++) {
		const struct fwb_card *c = &g->card[g->hand[s][i]];

		if (c->cls != FWB_INGREDIENT || ai_value(g, s, n,
		    g->hand[s][i]) > 0)
			continue;
		for (j = i + 1; j < g->nhand[s]; j++) {
			if (fwb_is(g, g->hand[s][j], FWB_INGREDIENT, c->kind)) {
				pa = i;
				pb = j;
				break;
			}
		}
	}
	if (pa < 0)
		return -1;
	for (i = 0; i < g->nguests; i++) {
		if (g->guests[s][i].guest < 0) {
			worst = i;
			wmiss = 100;
			break;
		}
		if (g->guests[s][i].done)
			continue;
		miss = fwb_missing(g, s, g->guests[s][i].guest, NULL, NULL);
		if (miss > wmiss) {
			wmiss = miss;
			worst = i;
		}
	}
	for (i = 0; i < FWB_GMARKET; i++) {
		if (g->gmarket[i] < 0)
			continue;
		miss = fwb_missing(g, s, g->gmarket[i], NULL, NULL);
		if (miss < bmiss) {
			bmiss = miss;
			best = i;
		}
	}
	if (worst < 0 || best < 0 || bmiss + 3 > wmiss)
		return -1;
	ai_set(m, FWB_A_SWAP, worst + 1, best, pa + 1,
	    g->cultural >= 0 ? -1 : pb + 1);
	return 0;
}

/* An install of equipment the guests need (or any, while there is room). */
static int
ai_install(const struct game *g, int s, const struct ai_need *n,
    struct game_move *m)
{
	int	i, j, c, type;

	for (i = 0; i < g->nhand[s]; i++) {
		c = g->hand[s][i];
		if (g->card[c].cls != FWB_EQUIPMENT)
			continue;
		type = g->card[c].kind;
		if (fwb_shed_find(g, s, type) >= 0)
			continue;
		if (g->nshed[s] < g->shed_cap) {
			ai_set(m, FWB_A_INSTALL, i + 1, -1, -1, -1);
			return 0;
		}
		if (!(n->equip & BIT(type)))
			continue;
		for (j = 0; j < g->nshed[s]; j++) {
			if (n->equip & BIT(g->card[g->shed[s][j].card].kind))
				continue;
			ai_set(m, FWB_A_INSTALL, i + 1, g->nhand[s] + j + 1, -1,
			    -1);
			return 0;
		}
	}
	return -1;
}

/* Chooses a move for seat; see struct game_ops. */
int
fwb_ai(const struct game *g, int s, struct rng *r, struct game_move *m)
{
	struct ai_need	n;
	int		i, t;

	if (g->state != GAME_RUNNING || s < 0 || s >= g->nplayers)
		return -1;
	if (g->ask.kind != FWB_ASK_NONE)
		return (fwb_ask_seats(g) & BIT(s)) ? ai_answer(g, s, r, m) : -1;
	if (s != g->active)
		return -1;
	ai_needs(g, s, &n);
	if (g->phase <= FWB_PH_DRAW && g->points > 0 && ai_draw(g, s, &n,
	    m) == 0)
		return 0;
	if (g->phase <= FWB_PH_SWAP && ai_swap(g, s, &n, m) == 0)
		return 0;
	if (g->phase <= FWB_PH_INSTALL && ai_install(g, s, &n, m) == 0)
		return 0;
	for (i = 0; i < g->nhand[s]; i++) {
		if (!fwb_is(g, g->hand[s][i], FWB_EVENT, FWB_E_LUCKY))
			continue;
		for (t = 0; t < FWB_NEQUIP; t++) {
			if ((n.equip & BIT(t)) && fwb_shed_find(g, s, t) < 0 &&
			    fwb_discard_find(g, t) >= 0) {
				ai_set(m, FWB_A_PLAY, i + 1, t, -1, -1);
				return 0;
			}
		}
	}
	for (i = 0; g->phase <= FWB_PH_COMPLETE && i < g->nguests; i++) {
		if (fwb_can_complete(g, s, i, 0)) {
			ai_set(m, FWB_A_COMPLETE, i + 1, -1, -1, -1);
			return 0;
		}
	}
	ai_set(m, FWB_A_DONE, -1, -1, -1, -1);
	return 0;
}
