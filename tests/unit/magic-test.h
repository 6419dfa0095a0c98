/*
 * magic-test.h: small helpers the Magic Cocktail unit tests share:
 * starting games, building exact hands card by card (moving cards between
 * the deck and a hand, so every card stays in one place), and applying
 * moves while asserting on the outcome.  Header-only (static inline) so
 * that tests/unit holds only test_*.c files.
 * Its m_redeal deals again what a seat cannot see, for the hint and
 * silly-move tests.
 */
#ifndef TESTS_UNIT_MAGIC_TEST_H
#define TESTS_UNIT_MAGIC_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/game-test.h"

#include "game/magic/magic-int.h"
#include "lib/xmalloc.h"

enum { CURACAO, LIME, MINT, CHERRY, PEACH, AGAVE, HONEY, CACAO, SAFFRON,
    ROSE, JOKER };
#define NONE	(-1)

/* Starts a game of n players; opts is "name=value ..." or NULL.  Caller frees. */
static inline struct game *
m_new(int n, const char *opts, uint64_t seed)
{
	return game_test_new(&magic_ops, n, opts, seed);
}

static inline void
m_check(const struct game *g)
{
	game_test_check(magic_check, "magic_check", g);
}

static inline struct game_move
m_move(int action, int a0, int a1, int a2, int a3, int a4)
{
	return game_test_move(action, a0, a1, a2, a3, a4);
}

/* Applies a move that must succeed; events go to ev (may be NULL). */
static inline void
m_ok(struct game *g, int seat, int action, int a0, int a1, int a2, int a3,
    int a4, struct game_events *ev)
{
	struct game_move	m = m_move(action, a0, a1, a2, a3, a4);

	game_test_ok(&magic_ops, magic_check, "magic_check", g, seat, &m, ev);
}

/* Applies a move that must fail with a cause containing want, changing nothing. */
static inline void
m_bad(struct game *g, int seat, int action, int a0, int a1, int a2, int a3,
    int a4, const char *want)
{
	struct game_move	m = m_move(action, a0, a1, a2, a3, a4);

	game_test_bad(&magic_ops, g, sizeof *g, seat, &m, want);
}

/* Whether any event text contains s. */
static inline int
m_said(const struct game_events *ev, const char *s)
{
	return game_test_said(ev, s);
}

/* Empties seat's hand onto the top of the deck. */
static inline void
m_clear_hand(struct game *g, int seat)
{
	int	k;

	for (k = 0; k < MAGIC_NALL; k++)
		while (g->hand[seat][k] > 0) {
			g->hand[seat][k]--;
			g->deck[g->ndeck++] = k;
		}
}

/* Moves n deck cards of kind into seat's hand; fails if the deck lacks them. */
static inline void
m_give(struct game *g, int seat, int kind, int n)
{
	int	i;

	while (n-- > 0) {
		for (i = g->ndeck - 1; i >= 0 && g->deck[i] != kind; i--)
			;
		if (i < 0)
			fail_msg("no card of kind %d in the deck", kind);
		memmove(&g->deck[i], &g->deck[i + 1],
		    (size_t)(g->ndeck - i - 1) * sizeof g->deck[0]);
		g->ndeck--;
		g->hand[seat][kind]++;
	}
}

/* Empties seat's hand, then gives it the counts listed: kind, n, ..., -1. */
static inline void
m_hand(struct game *g, int seat, ...)
{
	va_list	ap;
	int	k, n;

	m_clear_hand(g, seat);
	va_start(ap, seat);
	while ((k = va_arg(ap, int)) >= 0) {
		n = va_arg(ap, int);
		m_give(g, seat, k, n);
	}
	va_end(ap);
	m_check(g);
}

/* Puts a card of kind on top of the deck (for tie draws and deals). */
static inline void
m_top(struct game *g, int kind)
{
	int	i;

	for (i = g->ndeck - 1; i >= 0 && g->deck[i] != kind; i--)
		;
	if (i < 0)
		fail_msg("no card of kind %d in the deck", kind);
	memmove(&g->deck[i], &g->deck[i + 1],
	    (size_t)(g->ndeck - i - 1) * sizeof g->deck[0]);
	g->deck[g->ndeck - 1] = kind;
}

/* Places stones until trading is over: seats in order, skipping none. */
static inline void
m_end_trading(struct game *g, const int *seats, int n)
{
	int	i;

	for (i = 0; i < n; i++)
		m_ok(g, seats[i], MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE,
		    NULL);
	assert_int_equal(g->phase, MAGIC_PH_LAY);
}

/* Makes recipe r (0-8) the one in play, swapping it with the pile's copy. */
static inline void
m_recipe(struct game *g, int r)
{
	int	i, *cur = &g->used[g->nused - 1];

	for (i = 0; i < g->npile; i++) {
		if (g->pile[i] == r) {
			g->pile[i] = *cur;
			*cur = r;
			return;
		}
	}
	assert_int_equal(*cur, r);
}

/* Makes the next recipe revealed the card c (MAGIC_LIGHTNING or 0-8). */
static inline void
m_next_recipe(struct game *g, int c)
{
	int	i, t;

	for (i = 0; i < g->npile && g->pile[i] != c; i++)
		;
	assert_true(i < g->npile);
	t = g->pile[g->npile - 1];
	g->pile[g->npile - 1] = c;
	g->pile[i] = t;
}

/* Lays out for seat: kinds k1, k2 (NONE for fewer). */
static inline void
m_lay(struct game *g, int seat, int k1, int k2, struct game_events *ev)
{
	m_ok(g, seat, MAGIC_A_LAY, k1, k2, NONE, NONE, NONE, ev);
}

/*
 * Re-deals the hands of others (but what their open offers give, which
 * the table knows they hold) and the deck, and shuffles the recipe pile;
 * seat -1 re-deals every hand.  Hands are only re-dealt while trading:
 * laying out shows them.
 */
static inline void
m_redeal(struct game *g, int seat, struct rng *r)
{
	int	pool[MAGIC_NCARDS_MAX], np = 0, s, k, i, j;
	int	keep[MAGIC_MAX_PLAYERS][MAGIC_NALL], size[MAGIC_MAX_PLAYERS];

	memset(keep, 0, sizeof keep);
	memset(size, 0, sizeof size);
	for (i = 0; i < g->noffers; i++)
		if (g->offer[i].ngive > keep[g->offer[i].from][g->offer[i].give])
			keep[g->offer[i].from][g->offer[i].give] =
			    g->offer[i].ngive;
	for (s = 0; g->phase == MAGIC_PH_TRADE && s < g->nplayers; s++) {
		if (s == seat)
			continue;
		for (k = 0; k < MAGIC_NALL; k++) {
			for (j = keep[s][k]; j < g->hand[s][k]; j++)
				pool[np++] = k;
			if (g->hand[s][k] > keep[s][k]) {
				size[s] += g->hand[s][k] - keep[s][k];
				g->hand[s][k] = keep[s][k];
			}
		}
	}
	for (i = 0; i < g->ndeck; i++)
		pool[np++] = g->deck[i];
	rng_shuffle(r, pool, np);
	np = 0;
	for (s = 0; s < g->nplayers; s++)
		for (j = 0; j < size[s]; j++)
			g->hand[s][pool[np++]]++;
	for (i = 0; i < g->ndeck; i++)
		g->deck[i] = pool[np++];
	rng_shuffle(r, g->pile, g->npile);
}

#endif
