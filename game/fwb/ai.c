/*
 * ai.c: a baseline player.  It looks only at what its seat may see (its
 * hand and shed, and the public table) and plays for recipes: it picks a
 * focus, the open guest closest to served, and values cards by what the
 * focus lacks first and the other guests second; it draws the market card
 * worth its price (else the deck), swaps its farthest guest for a market
 * guest much closer while the guest deck is not running out, paying with
 * what it needs least, installs what its guests need, serves every guest
 * it can, and discards what it needs least.  It never claims an immunity
 * (it does not drink) and never offers trades, but accepts a trade that
 * helps it.
 */
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))
/*
 * Guests left in the guest deck, a player, below which it stops swapping:
 * every swap brings the end (an empty guest deck) closer for the table.
 */
#define AI_LATE	3

/*
 * What seat is playing for: its focus (the open guest closest to served,
 * more points breaking ties) and what its open guests need, the focus
 * apart.  Distances count a missing piece of equipment as two things: it
 * costs both draw points, and a shed holds only so many types.
 */
struct ai_need {
	int		focus;			/* guest slot, or -1 */
	int		fingr[FWB_NINGR];	/* the focus's ingredients */
	unsigned	fequip;			/* the focus's equipment types */
	int		ingr[FWB_NINGR];	/* every open guest's */
	unsigned	equip;
	int		held[FWB_NINGR];	/* ingredient cards in hand */
	unsigned	shed;			/* types installed */
};

/* How far seat is from serving guest: missing ingredients, 2 a type. */
static int
ai_distance(const struct game *g, int s, int guest)
{
	unsigned	equip;
	int		ingr;

	fwb_missing(g, s, guest, &ingr, &equip);
	return ingr + 2 * __builtin_popcount(equip);
}

/* Fills n with what seat plays for; g is borrowed. */
static void
ai_needs(const struct game *g, int s, struct ai_need *n)
{
	const struct fwb_guest	*gu;
	int			 i, k, d, best = 1000;

	memset(n, 0, sizeof *n);
	n->focus = -1;
	for (i = 0; i < g->nguests; i++) {
		if (g->guests[s][i].guest < 0 || g->guests[s][i].done)
			continue;
		gu = &g->guest[g->guests[s][i].guest];
		for (k = 0; k < FWB_NINGR; k++)
			n->ingr[k] += gu->ingr[k];
		n->equip |= gu->equip;
		d = ai_distance(g, s, g->guests[s][i].guest) * 8 - gu->points;
		if (d < best) {
			best = d;
			n->focus = i;
		}
	}
	if (n->focus >= 0) {
		gu = &g->guest[g->guests[s][n->focus].guest];
		memcpy(n->fingr, gu->ingr, sizeof n->fingr);
		n->fequip = gu->equip;
	}
	fwb_hand_count(g, s, n->held);
	n->shed = fwb_shed_types(g, s, 0);
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

/*
 * How much seat wants card (higher is better): held says whether the card
 * is one of the hand's (else it is one seat might take).  An ingredient
 * the focus still lacks 6, one another guest lacks 3; equipment the focus
 * lacks 7, another guest 4, any other type while the shed has room 2;
 * Abundance 5; a duplicate of something held or installed 0.
 */
static int
ai_value(const struct game *g, int s, const struct ai_need *n, int card,
    int held)
{
	const struct fwb_card	*c = &g->card[card];
	int			 have;

	switch (c->cls) {
	case FWB_INGREDIENT:
		have = n->held[c->kind] + (held ? 0 : 1);
		if (n->fingr[c->kind] >= have)
			return 6;
		return n->ingr[c->kind] >= have ? 3 : 0;
	case FWB_EQUIPMENT:
		if ((n->shed & BIT(c->kind)) || ai_held(g, s, FWB_EQUIPMENT,
		    c->kind) > (held ? 1 : 0))
			return 0;
		if (n->fequip & BIT(c->kind))
			return 7;
		if (n->equip & BIT(c->kind))
			return 4;
		return g->nshed[s] < g->shed_cap ? 2 : 1;
	case FWB_EVENT:
		return c->kind == FWB_E_ABUNDANCE ? 5 : 1;
	}
	return 0;
}

/* The hand card seat needs least (the last of equals). */
static int
ai_worst(const struct game *g, int s)
{
	struct ai_need	n;
	int		i, best = 0, v, bv = 1000;

	ai_needs(g, s, &n);
	for (i = 0; i < g->nhand[s]; i++) {
		v = ai_value(g, s, &n, g->hand[s][i], 1);
		if (v <= bv) {
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
	int		i, v, bv = -1, best = -1;

	ai_needs(g, s, &n);
	for (i = 0; i < g->nshed[victim]; i++) {
		v = ai_value(g, s, &n, g->shed[victim][i].card, 0);
		if (v > bv) {
			bv = v;
			best = g->card[g->shed[victim][i].card].kind;
		}
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
		ai_set(m, cur < 0 || ai_distance(g, s, g->revealed) <
		    ai_distance(g, s, cur) ? FWB_A_ACCEPT : FWB_A_REJECT, -1,
		    -1, -1, -1);
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
		if (i < g->nhand[s] && ai_value(g, s, &n, a->give, 0) >
		    ai_value(g, s, &n, g->hand[s][i], 1)) {
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

/*
 * A draw: a market card worth its price (what the focus lacks first: an
 * ingredient for one point, equipment or Abundance for both), else the
 * deck.
 */
static int
ai_draw(const struct game *g, int s, const struct ai_need *n,
    struct game_move *m)
{
	int	i, c, v, cost, score, best = -1, bscore = 0;

	for (i = 0; i < FWB_MARKET; i++) {
		if ((c = g->market[i]) < 0 || g->card[c].cls == FWB_INTERRUPT)
			continue;
		cost = g->card[c].cls == FWB_INGREDIENT ? 1 : 2;
		if (cost > g->points)
			continue;
		v = ai_value(g, s, n, c, 0);
		/* A deck card is worth about 2 a point. */
		score = cost == 1 ? (v >= 3 ? v : 0) : (v >= 4 ? v - 1 : 0);
		if (score > bscore) {
			bscore = score;
			best = i;
		}
	}
	if (best >= 0) {
		ai_set(m, FWB_A_DRAW, best + 1, -1, -1, -1);
		return 0;
	}
	if (g->ndeck + g->ndiscard > 0) {
		ai_set(m, FWB_A_DRAW, -1, -1, -1, -1);
		return 0;
	}
	return -1;
}

/*
 * The cheapest payment for a swap into pay[0..1] (pay[1] -1 under
 * Cultural Exchange): two identical ingredients, or one card of any kind
 * under Cultural Exchange, worth at most 3 together.  Equipment pairs are
 * not used (they replace the whole guest market).  Returns 0 or -1.
 */
static int
ai_payment(const struct game *g, int s, const struct ai_need *n, int *pay)
{
	int	i, j, v, best = 4;

	pay[0] = pay[1] = -1;
	for (i = 0; i < g->nhand[s]; i++) {
		v = ai_value(g, s, n, g->hand[s][i], 1);
		if (g->cultural >= 0) {
			if (v < best && !fwb_is(g, g->hand[s][i], FWB_INTERRUPT,
			    -1)) {
				best = v;
				pay[0] = i;
			}
			continue;
		}
		if (g->card[g->hand[s][i]].cls != FWB_INGREDIENT)
			continue;
		for (j = i + 1; j < g->nhand[s]; j++) {
			if (!fwb_is(g, g->hand[s][j], FWB_INGREDIENT,
			    g->card[g->hand[s][i]].kind))
				continue;
			/* The second of a kind is wanted no more than the first. */
			if (2 * v < best) {
				best = 2 * v;
				pay[0] = i;
				pay[1] = j;
			}
			break;
		}
	}
	return pay[0] >= 0 ? 0 : -1;
}

/*
 * A swap of the guest farthest from served (never the focus) for a market
 * guest at least 4 closer, paid with what it needs least; none once the
 * guest deck is running out.
 */
static int
ai_swap(const struct game *g, int s, const struct ai_need *n,
    struct game_move *m)
{
	int	i, worst = -1, wdist = -1, best = -1, bdist = 1000, d;
	int	pay[2];

	if (g->ngdeck < AI_LATE * g->nplayers || ai_payment(g, s, n, pay) != 0)
		return -1;
	for (i = 0; i < g->nguests; i++) {
		if (g->guests[s][i].guest < 0) {
			worst = i;
			wdist = 1000;
			break;
		}
		if (g->guests[s][i].done || i == n->focus)
			continue;
		d = ai_distance(g, s, g->guests[s][i].guest);
		if (d > wdist) {
			wdist = d;
			worst = i;
		}
	}
	for (i = 0; i < FWB_GMARKET; i++) {
		if (g->gmarket[i] < 0)
			continue;
		d = ai_distance(g, s, g->gmarket[i]) * 8 -
		    g->guest[g->gmarket[i]].points;
		if (d < bdist) {
			bdist = d;
			best = i;
		}
	}
	if (worst < 0 || best < 0 || ai_distance(g, s, g->gmarket[best]) +
	    4 > wdist)
		return -1;
	ai_set(m, FWB_A_SWAP, worst + 1, best, pay[0] + 1,
	    pay[1] >= 0 ? pay[1] + 1 : -1);
	return 0;
}

/*
 * An install: equipment the guests need first (into a full shed, in place
 * of a type no open guest needs), then any new type while there is room.
 */
static int
ai_install(const struct game *g, int s, const struct ai_need *n,
    struct game_move *m)
{
	int	i, j, c, type, pass;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < g->nhand[s]; i++) {
			c = g->hand[s][i];
			if (g->card[c].cls != FWB_EQUIPMENT)
				continue;
			type = g->card[c].kind;
			if ((n->shed & BIT(type)) || (pass == 0 &&
			    !(n->equip & BIT(type))))
				continue;
			if (g->nshed[s] < g->shed_cap) {
				ai_set(m, FWB_A_INSTALL, i + 1, -1, -1, -1);
				return 0;
			}
			if (pass == 1)
				continue;
			for (j = 0; j < g->nshed[s]; j++) {
				if (n->equip & BIT(g->card[g->shed[s][j].card].kind))
					continue;
				ai_set(m, FWB_A_INSTALL, i + 1, g->nhand[s] + j + 1,
				    -1, -1);
				return 0;
			}
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
			if ((n.equip & BIT(t)) && !(n.shed & BIT(t)) &&
			    ai_held(g, s, FWB_EQUIPMENT, t) == 0 &&
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

/* Appends m to out[*n] unless it is there already or out is full. */
static void
ai_choice_add(struct game_move *out, int *n, int max,
    const struct game_move *m)
{
	int	i;

	for (i = 0; i < *n; i++)
		if (game_move_starts(&out[i], m, fwb_actions[m->action].nargs))
			return;
	if (*n < max)
		out[(*n)++] = *m;
}

/*
 * Whether legal move m is worth a search's look, beside the AI's own:
 * every draw, serve, Lucky Find, answer and the end of the turn; an
 * install into room; a discard of the first card of its kind; a swap
 * paid as the AI pays (pay) of a guest no nearer than 2 from served for
 * a market guest nearer, or from the deck.
 */
static int
ai_worth(const struct game *g, int s, const struct game_move *m,
    const int *pay, int havepay)
{
	int	i, cur, c;

	switch (m->action) {
	case FWB_A_DISCARD:
		c = g->hand[s][m->args[0] - 1];
		for (i = 0; i < m->args[0] - 1; i++)
			if (fwb_kind_of(g, g->hand[s][i]) == fwb_kind_of(g, c) &&
			    g->card[g->hand[s][i]].cls == g->card[c].cls)
				return 0;
		return 1;
	case FWB_A_INSTALL:
		return m->args[1] < 0;
	case FWB_A_SWAP:
		if (!havepay || m->args[2] != pay[0] + 1 ||
		    m->args[3] != (pay[1] >= 0 ? pay[1] + 1 : -1))
			return 0;
		cur = g->guests[s][m->args[0] - 1].guest;
		if (cur >= 0 && ai_distance(g, s, cur) < 2)
			return 0;
		return m->args[1] == FWB_GMARKET || cur < 0 ||
		    ai_distance(g, s, g->gmarket[m->args[1]]) <
		    ai_distance(g, s, cur);
	case FWB_A_SECONDHAND:
	case FWB_A_OFFER:
	case FWB_A_EXHIBIT:
		return 0;
	}
	return 1;
}

/*
 * The moves a search of seat's turn weighs (see fwb.h): the AI's own
 * first, then the legal moves ai_worth keeps; at most max into out.
 */
int
fwb_ai_choices(const struct game *g, int s, struct game_move *out, int max)
{
	struct game_move	legal[FWB_MAX_LEGAL], m;
	struct ai_need		n;
	struct rng		r;
	int			nl, i, k = 0, pay[2], havepay = 0;

	rng_init(&r, 1, 1);
	nl = fwb_legal(g, s, legal, FWB_MAX_LEGAL);
	/* The AI's move as the legal list writes it, every arg set. */
	if (fwb_ai(g, s, &r, &m) == 0)
		for (i = 0; i < nl; i++)
			if (game_move_starts(&legal[i], &m,
			    fwb_actions[m.action].nargs))
				ai_choice_add(out, &k, max, &legal[i]);
	if (g->ask.kind == FWB_ASK_NONE && s == g->active) {
		ai_needs(g, s, &n);
		havepay = ai_payment(g, s, &n, pay) == 0;
	}
	for (i = 0; i < nl; i++)
		if (ai_worth(g, s, &legal[i], pay, havepay))
			ai_choice_add(out, &k, max, &legal[i]);
	return k;
}

/*
 * What seat's position is worth, in points: its served guests' and, for
 * each open guest, its points times 0.8 to the power of its distance
 * (ai_distance), what a guest still far off is worth today.
 */
static double
ai_worth_points(const struct game *g, int s)
{
	double	v = fwb_score(g, s), f;
	int	i, d, k;

	for (i = 0; i < g->nguests; i++) {
		if (g->guests[s][i].guest < 0 || g->guests[s][i].done)
			continue;
		d = ai_distance(g, s, g->guests[s][i].guest);
		for (f = 1, k = 0; k < d; k++)
			f *= 0.8;
		v += g->guest[g->guests[s][i].guest].points * f;
	}
	return v;
}

/*
 * See fwb.h: seat's worth less the best other seat's, in points; 0 for a
 * seat not at the table (the search asks every seat it could have).
 */
double
fwb_ai_value(const struct game *g, int s)
{
	double	best = -1e9, v;
	int	p;

	if (s < 0 || s >= g->nplayers)
		return 0;
	for (p = 0; p < g->nplayers; p++)
		if (p != s && (v = ai_worth_points(g, p)) > best)
			best = v;
	return ai_worth_points(g, s) - best;
}
