/*
 * cosdrink-test.h: small helpers the Cosdrink Encounters unit tests share:
 * starting games with options, building exact positions card by card, and
 * applying moves while asserting on the outcome.  Header-only (static
 * inline) so that tests/unit holds only test_*.c files.
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

#include "game/cosdrink/cosdrink-int.h"
#include "lib/xmalloc.h"

enum { FIRE, ICE };
#define NONE	(-1)

/* Starts a game of n players; drinks is the option's value or NULL. */
static inline struct game *
c_new(int n, const char *drinks, uint64_t seed)
{
	struct game_opts	 o;
	struct rng		 r;
	struct game		*g;
	char			*cause = NULL;

	memset(&o, 0, sizeof o);
	o.nplayers = n;
	o.values[COS_O_DRINKS] = drinks;
	rng_init(&r, seed, 7);
	g = cosdrink_ops.new_game(&o, &r, &cause);
	if (g == NULL)
		fail_msg("new_game: %s", cause);
	return g;
}

static inline void
c_check(const struct game *g)
{
	char	*cause = NULL;

	if (cos_check(g, &cause) != 0)
		fail_msg("cos_check: %s", cause);
}

static inline struct game_move
c_move(int action, int a0)
{
	struct game_move	m;

	m.action = action;
	m.args[0] = a0;
	m.args[1] = m.args[2] = m.args[3] = -1;
	return m;
}

/* Applies a move that must succeed; events go to ev (may be NULL). */
static inline void
c_ok(struct game *g, int seat, int action, int a0, struct game_events *ev)
{
	struct game_move	m = c_move(action, a0);
	struct game_events	local;
	char			*cause = NULL;

	if (ev == NULL)
		ev = &local;
	game_events_init(ev);
	if (cosdrink_ops.apply(g, seat, &m, ev, &cause) != 0)
		fail_msg("apply: %s", cause);
	c_check(g);
}

/* Applies a move that must fail with a cause containing want, changing nothing. */
static inline void
c_bad(struct game *g, int seat, int action, int a0, const char *want)
{
	struct game_move	 m = c_move(action, a0);
	struct game_events	 ev;
	struct game		*before = cos_copy(g);
	char			*cause = NULL;

	game_events_init(&ev);
	assert_int_equal(cosdrink_ops.apply(g, seat, &m, &ev, &cause), -1);
	assert_non_null(cause);
	if (strstr(cause, want) == NULL)
		fail_msg("cause \"%s\" lacks \"%s\"", cause, want);
	assert_memory_equal(before, g, sizeof *g);
	assert_int_equal(ev.n, 0);
	free(before);
	free(cause);
}

/* Whether any event text contains s. */
static inline int
c_said(const struct game_events *ev, const char *s)
{
	int	i;

	for (i = 0; i < ev->n; i++)
		if (strstr(ev->ev[i].text, s) != NULL)
			return 1;
	return 0;
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

/* Gives seat the nth item of colour/value (taken from wherever it is). */
static inline int
c_give(struct game *g, int seat, int colour, int value, int nth)
{
	int	id = c_item_id(g, colour, value, nth);

	c_item_take(g, id);
	g->hand[seat][g->nhand[seat]++] = id;
	return id;
}

/* Removes monster card id from wherever it is. */
static inline void
c_monster_take(struct game *g, int id)
{
	struct { int *v; int *n; } z[4];
	int	i, k, s;

	z[0].v = g->mdeck; z[0].n = &g->nmdeck;
	z[1].v = g->mbox; z[1].n = &g->nmbox;
	z[2].v = g->mgone; z[2].n = &g->nmgone;
	z[3].v = g->kings; z[3].n = &g->nkings;
	for (s = 0; s < COS_MAX_PLAYERS; s++)
		if (g->monster[s] == id) {
			g->monster[s] = -1;
			return;
		}
	for (k = 0; k < 4; k++)
		for (i = 0; i < *z[k].n; i++)
			if (z[k].v[i] == id) {
				memmove(&z[k].v[i], &z[k].v[i + 1],
				    (size_t)(*z[k].n - i - 1) * sizeof (int));
				(*z[k].n)--;
				return;
			}
	fail_msg("monster %d is nowhere", id);
}

#endif
