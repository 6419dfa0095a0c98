/*
 * ai.c: a baseline Magic Cocktail player.  It sees only its own hand and
 * the public table.  It values a hand by its best lay now plus a quarter
 * of what its other kinds could score later; it accepts any open offer
 * that raises that value, and offers cards of kinds it does not lay for
 * one card of a kind it does.  A strong hand places its stone at once
 * while nobody has, to earn the first stone's bonus; otherwise it trades
 * for at most MAGIC_AI_ACTS moves a round and then places its stone, so
 * every AI reaches its stone in a bounded number of its own moves.  The
 * bot may hold its stone back and space its offers (magic_ai_pace), so
 * humans can trade; it then waits, or accepts what helps it.  While
 * laying out it lays its best.
 */
#include <string.h>

#include "game/magic/magic-int.h"

/*
 * A first stone is worth the gamble when the best lay reaches this many
 * points, by player count: about what the last lay inside the bonus
 * zone (3rd of 4 or 5, 4th of 6 or 7) scores (see README).
 */
static const int ai_strong[MAGIC_MAX_PLAYERS + 1] = {
	0, 0, 0, 0, 30, 45, 40, 50
};
#define AI_OFFERS	2	/* own offers open at once */

/* A hand's worth to the AI: 4 x the best lay + the rest's set values. */
static int
ai_value(const struct game *g, const int *hand)
{
	struct magic_lay	l;
	int			k, v = 0;

	if (magic_lay_best(g, hand, &l) == 0)
		v = 4 * l.value;
	for (k = 0; k < MAGIC_NKINDS; k++) {
		if (k == l.kind[0] || k == l.kind[1])
			continue;
		v += magic_points(g, k, hand[k]);
	}
	return v;
}

/* Seat's hand after it accepts o. */
static void
ai_after_accept(const struct game *g, int seat, const struct magic_offer *o,
    int *hand)
{
	memcpy(hand, g->hand[seat], sizeof g->hand[seat]);
	hand[o->give] += o->ngive;
	hand[o->want] -= o->nwant;
}

/* The best acceptable offer that raises seat's value; its id or 0. */
static int
ai_pick_accept(const struct game *g, int seat, int now)
{
	int	hand[MAGIC_NALL], i, v, best = now, id = 0;

	for (i = 0; i < g->noffers; i++) {
		if (!magic_can_accept(g, seat, &g->offer[i]))
			continue;
		ai_after_accept(g, seat, &g->offer[i], hand);
		if ((v = ai_value(g, hand)) > best) {
			best = v;
			id = g->offer[i].id;
		}
	}
	return id;
}

/* Whether seat already has an open offer of give for want. */
static int
ai_has_offer(const struct game *g, int seat, int give, int want)
{
	int	i, n = 0;

	for (i = 0; i < g->noffers; i++) {
		if (g->offer[i].from != seat)
			continue;
		if (g->offer[i].give == give && g->offer[i].want == want)
			return 1;
		n++;
	}
	return n >= AI_OFFERS;
}

/*
 * An offer to everyone that would raise seat's value if taken: one or
 * two cards of a kind it does not lay, for one card of a kind it lays
 * (or the rarest kind it holds).  Fills m; 0, or -1 when there is none.
 */
static int
ai_pick_offer(const struct game *g, int seat, int now, struct game_move *m)
{
	struct magic_lay	l;
	const int		*h = g->hand[seat];
	int			hand[MAGIC_NALL], wants[2], nw = 0;
	int			give, want, ng, i, v, best = now, found = 0;

	if (magic_lay_best(g, h, &l) == 0) {
		wants[nw++] = l.kind[0];
		if (l.kind[1] >= 0)
			wants[nw++] = l.kind[1];
	} else {
		for (want = MAGIC_NKINDS - 1; want >= 0 && h[want] == 0; want--)
			;
		if (want >= 0)
			wants[nw++] = want;
	}
	for (i = 0; i < nw; i++) {
		want = wants[i];
		for (give = 0; give < MAGIC_NKINDS; give++) {
			if (give == want || give == l.kind[0] ||
			    give == l.kind[1] || ai_has_offer(g, seat, give,
			    want))
				continue;
			for (ng = 1; ng <= 2 && ng <= h[give]; ng++) {
				if (magic_offer_check(g, seat, -1, give, ng,
				    want, 1, NULL) != 0)
					continue;
				memcpy(hand, h, sizeof hand);
				hand[give] -= ng;
				hand[want]++;
				if ((v = ai_value(g, hand)) <= now)
					continue;
				/* Prefer giving more: it is likelier taken. */
				v += ng;
				if (v > best) {
					best = v;
					found = 1;
					m->action = MAGIC_A_OFFER;
					m->args[0] = ng;
					m->args[1] = give;
					m->args[2] = 1;
					m->args[3] = want;
					m->args[4] = -1;
				}
			}
		}
	}
	return found ? 0 : -1;
}

#define ABIT(a)	(1u << (a))

/*
 * Chooses seat's move among the actions allowed (a bit per action); see
 * struct game_ai_pace.  The rng is not needed.  A seat that would place
 * its stone but may not yet trades on: it accepts an offer that raises
 * its value, and before MAGIC_AI_ACTS moves also offers; with nothing
 * worth doing it waits (-1).
 */
int
magic_ai_paced(const struct game *g, int seat, struct rng *r,
    unsigned allowed, struct game_move *m)
{
	struct magic_lay	l;
	int			i, now, id, done, strong;

	(void)r;
	if (!(magic_asked(g) & (1u << seat)))
		return -1;
	memset(m, 0, sizeof *m);
	for (i = 0; i < GAME_MAX_ARGS; i++)
		m->args[i] = -1;
	if (g->phase == MAGIC_PH_LAY) {
		m->action = MAGIC_A_LAY;
		return (allowed & ABIT(MAGIC_A_LAY)) ? 0 : -1;
	}
	m->action = MAGIC_A_STONE;
	done = g->acts[seat] >= MAGIC_AI_ACTS;
	/* A strong hand claims the first stone's bonus. */
	strong = !done && g->nstones == 0 &&
	    magic_lay_best(g, g->hand[seat], &l) == 0 &&
	    l.value >= ai_strong[g->nplayers];
	if ((done || strong) && (allowed & ABIT(MAGIC_A_STONE)))
		return 0;
	now = ai_value(g, g->hand[seat]);
	if ((allowed & ABIT(MAGIC_A_ACCEPT)) &&
	    (id = ai_pick_accept(g, seat, now)) > 0) {
		m->action = MAGIC_A_ACCEPT;
		m->args[0] = id;
		return 0;
	}
	if (!done && (allowed & ABIT(MAGIC_A_OFFER)) &&
	    ai_pick_offer(g, seat, now, m) == 0)
		return 0;
	m->action = MAGIC_A_STONE;
	for (i = 0; i < GAME_MAX_ARGS; i++)
		m->args[i] = -1;
	return (allowed & ABIT(MAGIC_A_STONE)) ? 0 : -1;
}

/* Chooses seat's move with every action allowed; see struct game_ops. */
int
magic_ai(const struct game *g, int seat, struct rng *r, struct game_move *m)
{
	return magic_ai_paced(g, seat, r, ~0u, m);
}

/*
 * The stone ends a seat's trading; offers and counters are what others
 * answer.  The bot holds the stone back while humans trade, and spaces
 * the AI seats' offers (see struct game_ai_pace).
 */
const struct game_ai_pace magic_ai_pace = {
	.final = ABIT(MAGIC_A_STONE),
	.proposals = ABIT(MAGIC_A_OFFER) | ABIT(MAGIC_A_COUNTER),
	.ai_move = magic_ai_paced,
};
