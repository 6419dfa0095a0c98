/*
 * cosdrink-test.h: small helpers the Cosdrink Encounters unit tests share:
 * starting games with options, building exact positions card by card, and
 * applying moves while asserting on the outcome.  Header-only (static
 * inline) so that tests/unit holds only test_*.c files.
 * Its c_redeal deals again what a seat cannot see, for the hint and
 * silly-move tests.
 */
#ifndef TESTS_UNIT_COSDRINK_TEST_H
#define TESTS_UNIT_COSDRINK_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/game-test.h"

#include "game/cosdrink/cosdrink-int.h"
#include "lib/xmalloc.h"

enum { FIRE, ICE };
#define NONE	(-1)

/* Starts a game of n players; drinks is the option's value or NULL. */
static inline struct game *
c_new(int n, const char *drinks, uint64_t seed)
{
	char	opts[64];

	snprintf(opts, sizeof opts, "drinks=%s", drinks != NULL ? drinks : "");
	return game_test_new(&cosdrink_ops, n, drinks != NULL ? opts : NULL,
	    seed);
}

static inline void
c_check(const struct game *g)
{
	game_test_check(cos_check, "cos_check", g);
}

static inline struct game_move
c_move(int action, int a0)
{
	return game_test_move(action, a0, -1, -1, -1, -1);
}

/* Applies a move that must succeed; events go to ev (may be NULL). */
static inline void
c_ok(struct game *g, int seat, int action, int a0, struct game_events *ev)
{
	struct game_move	m = c_move(action, a0);

	game_test_ok(&cosdrink_ops, cos_check, "cos_check", g, seat, &m, ev);
}

/* Applies a move that must fail with a cause containing want, changing nothing. */
static inline void
c_bad(struct game *g, int seat, int action, int a0, const char *want)
{
	struct game_move	m = c_move(action, a0);

	game_test_bad(&cosdrink_ops, g, sizeof *g, seat, &m, want);
}

/* Whether any event text contains s. */
static inline int
c_said(const struct game_events *ev, const char *s)
{
	return game_test_said(ev, s);
}

/* The first item card of colour and value in the game's data. */
static inline int
c_item_id(const struct game *g, int colour, int value, int nth)
{
	int	i;

	for (i = 0; i < g->nitems; i++)
		if (g->item[i].colour == colour && g->item[i].value == value &&
		    nth-- == 0)
			return i;
	fail_msg("no item %d/%d", colour, value);
	return -1;
}

/* The first monster card of colour and value (king or not). */
static inline int
c_monster_id(const struct game *g, int colour, int value, int king)
{
	int	i;

	for (i = 0; i < g->nmonsters; i++)
		if (g->mon[i].colour == colour && g->mon[i].value == value &&
		    g->mon[i].king == king)
			return i;
	fail_msg("no monster %d/%d", colour, value);
	return -1;
}

/* Removes item card id from wherever it is in g (deck, box, discard, hands, piles). */
static inline void
c_item_take(struct game *g, int id)
{
	struct { int *v; int *n; } z[4 + 2 * COS_MAX_PLAYERS];
	int	nz = 0, i, k, s;

	z[nz].v = g->ideck; z[nz++].n = &g->nideck;
	z[nz].v = g->ibox; z[nz++].n = &g->nibox;
	z[nz].v = g->idiscard; z[nz++].n = &g->nidiscard;
	z[nz].v = g->kpile.item; z[nz++].n = &g->kpile.n;
	for (s = 0; s < COS_MAX_PLAYERS; s++) {
		z[nz].v = g->hand[s]; z[nz++].n = &g->nhand[s];
		z[nz].v = g->pile[s].item; z[nz++].n = &g->pile[s].n;
	}
	for (k = 0; k < nz; k++)
		for (i = 0; i < *z[k].n; i++)
			if (z[k].v[i] == id) {
				memmove(&z[k].v[i], &z[k].v[i + 1],
				    (size_t)(*z[k].n - i - 1) * sizeof (int));
				(*z[k].n)--;
				return;
			}
	fail_msg("item %d is nowhere", id);
}

/* Returns every hand item of every seat to the deck top. */
static inline void
c_empty_hands(struct game *g)
{
	int	s;

	for (s = 0; s < g->nplayers; s++)
		while (g->nhand[s] > 0)
			g->ideck[g->nideck++] = g->hand[s][--g->nhand[s]];
}

/*
 * Gives seat an item of colour/value from the Item Deck (one from the box
 * first changes places with the deck's top, so the game keeps its count).
 */
static inline int
c_give(struct game *g, int seat, int colour, int value, int nth)
{
	int	i, id, top;

	(void)nth;
	for (i = 0; i < g->nideck; i++) {
		id = g->ideck[i];
		if (g->item[id].colour == colour && g->item[id].value == value) {
			memmove(&g->ideck[i], &g->ideck[i + 1],
			    (size_t)(g->nideck - i - 1) * sizeof (int));
			g->nideck--;
			g->hand[seat][g->nhand[seat]++] = id;
			return id;
		}
	}
	for (i = 0; i < g->nibox; i++) {
		id = g->ibox[i];
		if (g->item[id].colour == colour && g->item[id].value == value) {
			top = g->ideck[--g->nideck];
			g->ibox[i] = top;
			g->hand[seat][g->nhand[seat]++] = id;
			return id;
		}
	}
	fail_msg("no item %d/%d left", colour, value);
	return -1;
}

/* The slot that holds monster card id, wherever it is. */
static inline int *
c_monster_slot(struct game *g, int id)
{
	int	i, s;

	for (s = 0; s < g->nplayers; s++)
		if (g->monster[s] == id)
			return &g->monster[s];
	for (i = 0; i < g->nmdeck; i++)
		if (g->mdeck[i] == id)
			return &g->mdeck[i];
	for (i = 0; i < g->nmbox; i++)
		if (g->mbox[i] == id)
			return &g->mbox[i];
	for (i = 0; i < g->nmgone; i++)
		if (g->mgone[i] == id)
			return &g->mgone[i];
	for (i = 0; i < g->nkings; i++)
		if (g->kings[i] == id)
			return &g->kings[i];
	fail_msg("monster %d is nowhere", id);
	return NULL;
}

/* Puts the monster of colour/value in front of seat (swapping places). */
static inline int
c_place(struct game *g, int seat, int colour, int value)
{
	int	id = c_monster_id(g, colour, value, 0), *slot;

	slot = c_monster_slot(g, id);
	*slot = g->monster[seat];
	g->monster[seat] = id;
	return id;
}

/* Puts monster card id at place from (0: the top) of the Monster Deck. */
static inline void
c_deck_at(struct game *g, int id, int from)
{
	int	*slot = c_monster_slot(g, id), at = g->nmdeck - 1 - from;

	*slot = g->mdeck[at];
	g->mdeck[at] = id;
}

/*
 * The King of colour/value, brought into the game's Monster Deck if it was
 * in the box (changing places with a King of the deck).
 */
static inline int
c_king(struct game *g, int colour, int value)
{
	int	id = c_monster_id(g, colour, value, 1), i, j;

	for (i = 0; i < g->nmbox && g->mbox[i] != id; i++)
		;
	if (i == g->nmbox)
		return id;
	for (j = 0; j < g->nmdeck && !g->mon[g->mdeck[j]].king; j++)
		;
	if (j == g->nmdeck)
		fail_msg("no King in the Monster Deck");
	g->mbox[i] = g->mdeck[j];
	g->mdeck[j] = id;
	return id;
}

/* Takes King id out of the Monster Deck; it must be there. */
static inline void
c_king_pull(struct game *g, int id)
{
	int	i;

	for (i = 0; i < g->nmdeck && g->mdeck[i] != id; i++)
		;
	if (i == g->nmdeck)
		fail_msg("King %d is not in the Monster Deck", id);
	memmove(&g->mdeck[i], &g->mdeck[i + 1],
	    (size_t)(g->nmdeck - i - 1) * sizeof (int));
	g->nmdeck--;
}

/* Moves the King of colour/value to the middle. */
static inline int
c_king_middle(struct game *g, int colour, int value)
{
	int	id = c_king(g, colour, value);

	c_king_pull(g, id);
	g->kings[g->nkings++] = id;
	return id;
}

/* Moves the King of colour/value to the destroyed monsters. */
static inline int
c_king_gone(struct game *g, int colour, int value)
{
	int	id = c_king(g, colour, value);

	c_king_pull(g, id);
	g->mgone[g->nmgone++] = id;
	return id;
}

/*
 * A game of n players at the start of its first round, no King revealed,
 * every seat facing a monster, the dealer (seat 0) to act, every hand
 * empty (the items back on the Item Deck).  Caller frees.
 */
static inline struct game *
c_start(int n, const char *drinks)
{
	struct game	*g;
	uint64_t	 seed;
	int		 s, ok;

	for (seed = 1;; seed++) {
		g = c_new(n, drinks, seed);
		ok = g->nkings == 0 && g->turn == 0;
		for (s = 0; s < n; s++)
			ok = ok && g->monster[s] >= 0;
		if (ok)
			break;
		cosdrink_ops.free_game(g);
	}
	c_empty_hands(g);
	return g;
}

/* Ends the game's every monster but seat's: they go to the destroyed pile. */
static inline void
c_only(struct game *g, int seat)
{
	int	s;

	for (s = 0; s < g->nplayers; s++)
		if (s != seat && g->monster[s] >= 0) {
			g->mgone[g->nmgone++] = g->monster[s];
			g->monster[s] = -1;
		}
}

/* Re-deals the items of others and the item deck; shuffles the monsters'. */
static inline void
c_redeal(struct game *g, int seat, struct rng *r)
{
	game_test_others(r, g, seat, g->nplayers, g->hand[0], COS_HAND,
	    g->nhand, g->ideck, g->nideck);
	rng_shuffle(r, g->mdeck, g->nmdeck);
}

#endif
