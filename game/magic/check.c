/*
 * check.c: the invariant checker the tests run after every move and load
 * runs on every saved game: every card in exactly one place (each kind's
 * cards in the deck, the hands and this round's lays add up to its
 * count), every recipe card in the pile or revealed once, offers their
 * authors can pay, stones and lays that fit the phase.
 */
#include <string.h>

#include "game/magic/magic-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))

static int
check_cards(const struct game *g, char **cause)
{
	int	count[MAGIC_NALL] = { 0 }, i, s, k;

	if (g->ndeck < 0 || g->ndeck > g->ncards)
		return set_cause(cause, "The deck's size is bad.");
	for (i = 0; i < g->ndeck; i++) {
		if (g->deck[i] < 0 || g->deck[i] >= MAGIC_NALL)
			return set_cause(cause, "The deck holds a bad card.");
		count[g->deck[i]]++;
	}
	for (s = 0; s < g->nplayers; s++) {
		for (k = 0; k < MAGIC_NALL; k++) {
			if (g->hand[s][k] < 0 || g->hand[s][k] > g->ncards)
				return set_cause(cause, "@{%d}'s hand is bad.",
				    s);
			count[k] += g->hand[s][k];
		}
		for (k = 0; k < 2; k++) {
			const struct magic_lay	*l = &g->lay[s];

			if (l->kind[k] < 0)
				continue;
			count[l->kind[k]] += l->natural[k];
			count[MAGIC_JOKER] += l->jokers[k];
		}
	}
	for (k = 0; k < MAGIC_NALL; k++)
		if (count[k] != g->kind[k].count)
			return set_cause(cause, "There are %d %s cards, not %d.",
			    count[k], g->kind[k].name, g->kind[k].count);
	return 0;
}

static int
check_recipes(const struct game *g, char **cause)
{
	int	seen[MAGIC_NRECIPES + 1] = { 0 }, i;

	if (g->npile < 0 || g->nused < 1 ||
	    g->npile + g->nused != MAGIC_NRECIPES + 1)
		return set_cause(cause, "The recipe cards do not add up.");
	for (i = 0; i < g->npile + g->nused; i++) {
		int c = i < g->npile ? g->pile[i] : g->used[i - g->npile];

		if (c < 0 || c > MAGIC_LIGHTNING || seen[c]++)
			return set_cause(cause, "A recipe card is bad or in two "
			    "places.");
	}
	if (g->state == GAME_RUNNING && g->used[g->nused - 1] == MAGIC_LIGHTNING)
		return set_cause(cause, "The Magic Lightning is out but the game "
		    "runs on.");
	return 0;
}

/* A lay as score.c would have made it from its natural cards and jokers. */
static int
check_lay(const struct game *g, const struct magic_lay *l)
{
	int	k, v = 0, c = 0;

	if (!l->done)
		return l->kind[0] == -1 && l->kind[1] == -1 && l->value == 0 &&
		    l->cards == 0 ? 0 : -1;
	if (l->kind[0] == -1)
		return l->kind[1] == -1 && l->value == 0 && l->cards == 0 &&
		    l->natural[0] == 0 && l->jokers[0] == 0 ? 0 : -1;
	for (k = 0; k < 2; k++) {
		if (l->kind[k] == -1) {
			if (l->natural[k] != 0 || l->jokers[k] != 0)
				return -1;
			continue;
		}
		if (l->kind[k] < 0 || l->kind[k] >= MAGIC_NKINDS ||
		    l->natural[k] < 1 || l->jokers[k] < 0 ||
		    l->natural[k] + l->jokers[k] < MAGIC_SET_MIN ||
		    l->natural[k] + l->jokers[k] > MAGIC_SET_MAX)
			return -1;
		v += magic_points(g, l->kind[k], l->natural[k] + l->jokers[k]);
		c += l->natural[k] + l->jokers[k];
	}
	return l->kind[0] != l->kind[1] && l->value == v && l->cards == c ?
	    0 : -1;
}

static int
check_round(const struct game *g, char **cause)
{
	unsigned	orders = 0;
	int		s, i, j, n = 0;

	for (s = 0; s < g->nplayers; s++) {
		if (g->stone[s] < 0 || g->stone[s] > g->nplayers ||
		    (g->stone[s] && (orders & BIT(g->stone[s]))))
			return set_cause(cause, "The stones are bad.");
		if (g->stone[s]) {
			orders |= BIT(g->stone[s]);
			n++;
		}
		if (g->acts[s] < 0)
			return set_cause(cause, "A trading count is bad.");
		if (check_lay(g, &g->lay[s]) != 0 ||
		    (g->lay[s].done && g->phase != MAGIC_PH_LAY))
			return set_cause(cause, "@{%d}'s lay is bad.", s);
	}
	if (n != g->nstones || orders != (BIT(n + 1) - 2))
		return set_cause(cause, "The stones are not numbered 1 to %d.",
		    g->nstones);
	if ((g->phase == MAGIC_PH_TRADE && n >= magic_stones_needed(g)) ||
	    (g->phase == MAGIC_PH_LAY && n != magic_stones_needed(g)))
		return set_cause(cause, "The stones do not fit the phase.");
	if (g->noffers < 0 || g->noffers > MAGIC_MAX_OFFERS ||
	    (g->noffers > 0 && g->phase != MAGIC_PH_TRADE) ||
	    g->next_id < 1 || g->next_id > MAGIC_OFFER_ID_MAX + 1)
		return set_cause(cause, "The offers do not fit the phase.");
	for (i = 0; i < g->noffers; i++) {
		const struct magic_offer *o = &g->offer[i];

		if (o->id < 1 || o->id >= g->next_id || o->from < 0 ||
		    o->from >= g->nplayers || o->to < -1 ||
		    o->to >= g->nplayers || o->to == o->from ||
		    o->give < 0 || o->give >= MAGIC_NALL || o->want < 0 ||
		    o->want >= MAGIC_NALL || o->give == o->want ||
		    o->ngive < 1 || o->ngive > MAGIC_TRADE_MAX ||
		    o->nwant < 1 || o->nwant > MAGIC_TRADE_MAX ||
		    o->reply < 0 || o->reply >= o->id)
			return set_cause(cause, "Offer %d is malformed.", o->id);
		if (g->stone[o->from] || (o->to >= 0 && g->stone[o->to]))
			return set_cause(cause, "Offer %d involves a player who "
			    "placed a stone.", o->id);
		if (g->hand[o->from][o->give] < o->ngive)
			return set_cause(cause, "Offer %d is stale: @{%d} cannot "
			    "pay it.", o->id, o->from);
		for (j = 0; j < i; j++)
			if (g->offer[j].id >= o->id)
				return set_cause(cause, "The offers are out of "
				    "order.");
		if (g->gone[o->id].why != MAGIC_GONE_NONE)
			return set_cause(cause, "Offer %d is open and closed.",
			    o->id);
	}
	for (i = 0; i <= MAGIC_OFFER_ID_MAX; i++) {
		if (g->gone[i].why == MAGIC_GONE_NONE)
			continue;
		if (g->gone[i].why < 0 || g->gone[i].why >= MAGIC_GONE_COUNT ||
		    i < 1 || i >= g->next_id || g->gone[i].who < 0 ||
		    g->gone[i].who >= g->nplayers)
			return set_cause(cause, "Closed offer %d is malformed.", i);
	}
	return 0;
}

/* See magic.h. */
int
magic_check(const struct game *g, char **cause)
{
	int	s;

	if (g->nplayers < MAGIC_MIN_PLAYERS || g->nplayers > MAGIC_MAX_PLAYERS)
		return set_cause(cause, "Bad player count %d.", g->nplayers);
	if (g->path_len < 10 || g->path_len > 100 || g->round < 1)
		return set_cause(cause, "The settings are out of range.");
	for (s = 0; s < g->nplayers; s++)
		if (g->pos[s] < 0 || g->pos[s] > g->path_len)
			return set_cause(cause, "@{%d} is off the path.", s);
	if (g->state != GAME_RUNNING && g->state != GAME_WON &&
	    g->state != GAME_TIED)
		return set_cause(cause, "The game state is bad.");
	if ((g->state == GAME_RUNNING) != (g->phase != MAGIC_PH_OVER) ||
	    g->phase < MAGIC_PH_TRADE || g->phase > MAGIC_PH_OVER)
		return set_cause(cause, "The phase does not fit the state.");
	if ((g->state == GAME_RUNNING) != (g->winners == 0) ||
	    (g->winners & ~(BIT(g->nplayers) - 1)) ||
	    (g->state == GAME_WON && (g->winners & (g->winners - 1))) ||
	    (g->state == GAME_TIED && !(g->winners & (g->winners - 1))))
		return set_cause(cause, "The winners do not fit the state.");
	if (check_cards(g, cause) != 0 || check_recipes(g, cause) != 0)
		return -1;
	if (g->phase == MAGIC_PH_OVER)
		return g->noffers == 0 ? 0 : set_cause(cause, "A finished game "
		    "has offers.");
	return check_round(g, cause);
}
