/*
 * fwb-test.h: small helpers the Friends with Beverages unit tests share:
 * starting games with options, building exact positions card by card, and
 * applying moves while asserting on the outcome.  Header-only (static
 * inline) so that tests/unit holds only test_*.c files.
 * Its f_redeal deals again what a seat cannot see, for the hint and
 * silly-move tests.
 */
#ifndef TESTS_UNIT_FWB_TEST_H
#define TESTS_UNIT_FWB_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/game-test.h"

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

enum { SUGAR, CITRUS, HERBS, BERRIES, SPICE, HONEY, COFFEE, CREAM };
enum { SHAKER, MUDDLER, STRAINER, JIGGER, STILL, BARREL };
#define DECK	4	/* "swap ... deck" */
#define NONE	(-1)

/*
 * Starts a game of n players; opts is "name=value name=value" or NULL.
 * Caller frees.
 */
static inline struct game *
f_new(int n, const char *opts, uint64_t seed)
{
	return game_test_new(&fwb_ops, n, opts, seed);
}

static inline void
f_check(const struct game *g)
{
	game_test_check(fwb_check, "fwb_check", g);
}

static inline struct game_move
f_move(int action, int a0, int a1, int a2, int a3)
{
	return game_test_move(action, a0, a1, a2, a3, -1);
}

/* Applies a move that must succeed; events go to ev (may be NULL). */
static inline void
f_ok(struct game *g, int seat, int action, int a0, int a1, int a2, int a3,
    struct game_events *ev)
{
	struct game_move	m = f_move(action, a0, a1, a2, a3);

	game_test_ok(&fwb_ops, fwb_check, "fwb_check", g, seat, &m, ev);
}

/* Applies a move that must fail with a cause containing want, changing nothing. */
static inline void
f_bad(struct game *g, int seat, int action, int a0, int a1, int a2, int a3,
    const char *want)
{
	struct game_move	m = f_move(action, a0, a1, a2, a3);

	game_test_bad(&fwb_ops, g, sizeof *g, seat, &m, want);
}

/* Whether any event text contains s. */
static inline int
f_said(const struct game_events *ev, const char *s)
{
	return game_test_said(ev, s);
}

/* A card id of class cls and kind kind that is in the deck; fails if none. */
static inline int
f_deck_card(struct game *g, int cls, int kind)
{
	int	i;

	for (i = 0; i < g->ndeck; i++)
		if (fwb_is(g, g->deck[i], cls, kind))
			return i;
	fail_msg("no card %d/%d in the deck", cls, kind);
	return -1;
}

/* Empties seat's hand into the deck. */
static inline void
f_clear_hand(struct game *g, int seat)
{
	while (g->nhand[seat] > 0)
		g->deck[g->ndeck++] = fwb_hand_take(g, seat, 0);
}

/* Takes a card of cls/kind out of the deck; returns its id. */
static inline int
f_deck_take(struct game *g, int cls, int kind)
{
	int	i = f_deck_card(g, cls, kind), card = g->deck[i];

	memmove(&g->deck[i], &g->deck[i + 1],
	    (size_t)(g->ndeck - i - 1) * sizeof (int));
	g->ndeck--;
	return card;
}

/* Moves a deck card of cls/kind into seat's hand; returns its id. */
static inline int
f_give(struct game *g, int seat, int cls, int kind)
{
	int	card = f_deck_take(g, cls, kind);

	g->hand[seat][g->nhand[seat]++] = card;
	return card;
}

/* Moves a deck card of cls/kind to the top of the deck; returns its id. */
static inline int
f_top(struct game *g, int cls, int kind)
{
	int	card = f_deck_take(g, cls, kind);

	g->deck[g->ndeck++] = card;
	return card;
}

/* Moves a deck equipment card of type into seat's shed. */
static inline int
f_install(struct game *g, int seat, int type)
{
	int	card = f_deck_take(g, FWB_EQUIPMENT, type);

	g->shed[seat][g->nshed[seat]].card = card;
	g->shed[seat][g->nshed[seat]].installing = 0;
	g->nshed[seat]++;
	return card;
}

/* Returns the market slot's card to the deck and puts cls/kind there. */
static inline int
f_market(struct game *g, int slot, int cls, int kind)
{
	if (g->market[slot] >= 0)
		g->deck[g->ndeck++] = g->market[slot];
	g->market[slot] = f_deck_take(g, cls, kind);
	return g->market[slot];
}

/* Serves seat's guests 0..n-1 directly, each worth points. */
static inline void
f_serve(struct game *g, int seat, int n, int points)
{
	int	i;

	for (i = 0; i < n; i++) {
		g->guests[seat][i].done = 1;
		g->guest[g->guests[seat][i].guest].points = points;
	}
}

/* Gives seat everything its guest in slot needs (ingredients and equipment). */
static inline void
f_ready(struct game *g, int seat, int slot)
{
	const struct fwb_guest	*gu = &g->guest[g->guests[seat][slot].guest];
	int			 k, i;

	for (k = 0; k < FWB_NINGR; k++)
		for (i = 0; i < gu->ingr[k]; i++)
			f_give(g, seat, FWB_INGREDIENT, k);
	for (k = 0; k < FWB_NEQUIP; k++)
		if ((gu->equip & (1u << k)) && fwb_shed_find(g, seat, k) < 0)
			f_install(g, seat, k);
}

/* Re-deals the hands of others and the deck; shuffles the guest deck. */
static inline void
f_redeal(struct game *g, int seat, struct rng *r)
{
	game_test_others(r, g, seat, g->nplayers, g->hand[0], FWB_HAND_CAP,
	    g->nhand, g->deck, g->ndeck);
	rng_shuffle(r, g->gdeck, g->ngdeck);
}

#endif
