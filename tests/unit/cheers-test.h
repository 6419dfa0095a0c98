/*
 * cheers-test.h: small helpers the CHEERS unit tests share: starting games
 * with options, building exact positions card by card, and applying moves
 * while asserting on the outcome.  Header-only (static inline) so that
 * tests/unit holds only test_*.c files.
 * Its t_redeal deals again what a seat cannot see, for the hint and
 * silly-move tests.
 */
#ifndef TESTS_UNIT_CHEERS_TEST_H
#define TESTS_UNIT_CHEERS_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/game-test.h"

#include "game/cheers/cheers-int.h"

enum { BEER, WINE, COCKTAIL, TROPICAL, WHISKY };
#define SHARE	GAME_PLACE_BASE
#define EXTRA	GAME_PLACE_BASE

/*
 * Starts a game with these options (NULL: the default) and returns it, or
 * NULL and *cause.
 */
static inline struct game *
t_start(int n, const char *mode, const char *recipe, const char *victory,
    const char *teams, uint64_t seed, char **cause)
{
	struct game_opts	 o;
	struct rng		 r;

	memset(&o, 0, sizeof o);
	o.nplayers = n;
	o.values[CHEERS_O_MODE] = mode;
	o.values[CHEERS_O_RECIPE] = recipe;
	o.values[CHEERS_O_VICTORY] = victory;
	o.values[CHEERS_O_TEAMS] = teams;
	rng_init(&r, seed, 7);
	return cheers_ops.new_game(&o, &r, cause);
}

/* Starts a game; options may be NULL for the default.  Caller frees. */
static inline struct game *
t_new(int n, const char *mode, const char *recipe, const char *victory,
    const char *teams, uint64_t seed)
{
	struct game	*g;
	char		*cause = NULL;

	g = t_start(n, mode, recipe, victory, teams, seed, &cause);
	if (g == NULL)
		fail_msg("new_game: %s", cause);
	return g;
}

/* Returns new_game's cause for these options (the game must fail). */
static inline char *
t_new_fails(int n, const char *mode, const char *teams)
{
	char	*cause = NULL;

	assert_null(t_start(n, mode, NULL, NULL, teams, 1, &cause));
	assert_non_null(cause);
	return cause;
}

/* Empties every shaker into the deck, so a test can lay out its own. */
static inline void
t_clear(struct game *g)
{
	int	s;

	for (s = 0; s < g->nshakers; s++)
		while (g->nshaker[s] > 0)
			cheers_debug_place(g, g->shaker[s][0], CHEERS_Z_DECK, 0);
}

/*
 * A card with these icons (small -1 for any) that is in no shaker, moved
 * to the deck if it sat in a hand (the hand gets a deck card of another
 * make instead).  Set shakers before hands, so a hand a test has set up is
 * not robbed.
 */
static inline int
t_card(struct game *g, int big, int small)
{
	int	c = cheers_debug_card(g, big, small), s, i, j, d;

	if (c >= 0)
		return c;
	for (s = 0; s < g->nplayers; s++) {
		for (i = 0; i < g->nhand[s]; i++) {
			c = g->hand[s][i];
			if (g->card[c].big != big ||
			    (small >= 0 && g->card[c].small != small))
				continue;
			for (j = 0; j < g->ndeck; j++) {
				d = g->deck[j];
				if (g->card[d].big == big)
					continue;
				g->hand[s][i] = d;
				g->deck[j] = c;
				return c;
			}
		}
	}
	fail_msg("no free card %d/%d", big, small);
	return -1;
}

/* Puts a free card of kind big (and small, or -1) into shaker s. */
static inline int
t_shake(struct game *g, int s, int big, int small)
{
	int	c = t_card(g, big, small);

	assert_int_equal(cheers_debug_place(g, c, CHEERS_Z_SHAKER, s), 0);
	return c;
}

/* Puts a free card of each big kind in kinds (ended by -1) into shaker s. */
static inline void
t_fill(struct game *g, int s, const int *kinds)
{
	for (; *kinds >= 0; kinds++)
		t_shake(g, s, *kinds, -1);
}

/* Replaces seat's hand card number i (from 1) by a free card. */
static inline int
t_hand(struct game *g, int seat, int i, int big, int small)
{
	int	c = t_card(g, big, small), old = g->hand[seat][i - 1], j;

	for (j = 0; j < g->ndeck; j++)
		if (g->deck[j] == c)
			g->deck[j] = old;
	for (j = 0; j < g->ndiscard; j++)
		if (g->discard[j] == c)
			g->discard[j] = old;
	g->hand[seat][i - 1] = c;
	return c;
}

static inline void
t_recipe(struct game *g, int team, int beer, int wine, int cocktail,
    int tropical, int whisky)
{
	g->recipe[team][BEER] = beer;
	g->recipe[team][WINE] = wine;
	g->recipe[team][COCKTAIL] = cocktail;
	g->recipe[team][TROPICAL] = tropical;
	g->recipe[team][WHISKY] = whisky;
}

static inline struct game_move
t_move(int action, int a0, int a1, int a2)
{
	return game_test_move(action, a0, a1, a2, -1, -1);
}

static inline void
t_check(const struct game *g)
{
	game_test_check(cheers_check, "cheers_check", g);
}

/* Applies a move that must succeed; events go to ev (may be NULL). */
static inline void
t_ok(struct game *g, int seat, int action, int a0, int a1, int a2,
    struct game_events *ev)
{
	struct game_move	m = t_move(action, a0, a1, a2);

	game_test_ok(&cheers_ops, cheers_check, "cheers_check", g, seat, &m,
	    ev);
}

/* Applies a move that must fail with a cause containing want, changing nothing. */
static inline void
t_bad(struct game *g, int seat, int action, int a0, int a1, int a2,
    const char *want)
{
	struct game_move	m = t_move(action, a0, a1, a2);

	game_test_bad(&cheers_ops, g, sizeof *g, seat, &m, want);
}

/*
 * Seat 0 plays a free card (big, small), put in as its hand card 1, onto
 * shaker s; the move must succeed (as t_ok, telling ev).  Returns the card.
 */
static inline int
t_play(struct game *g, int big, int small, int s, struct game_events *ev)
{
	int	c = t_hand(g, 0, 1, big, small);

	t_ok(g, 0, CHEERS_A_PLAY, 1, s, -1, ev);
	return c;
}

/* Whether any event text contains s. */
static inline int
t_said(const struct game_events *ev, const char *s)
{
	return game_test_said(ev, s);
}

/* Whether a private note of ev for seat contains s. */
static inline int
t_noted(const struct game_events *ev, int seat, const char *s)
{
	return game_test_noted(ev, seat, s);
}

/*
 * Empties g's shakers (as t_clear) and gives team A the recipe (2,2,1,0,0)
 * and team B (0,1,2,2,0), the recipes most tests play with.
 */
static inline void
t_known(struct game *g)
{
	t_clear(g);
	t_recipe(g, 0, 2, 2, 1, 0, 0);
	t_recipe(g, 1, 0, 1, 2, 2, 0);
}

/*
 * A 4-player game (team A = seats 0, 2, recipe (2,2,1,0,0); team B =
 * seats 1, 3, recipe (0,1,2,2,0)) with empty shakers.  Caller frees.
 */
static inline struct game *
t_four(void)
{
	struct game	*g = t_new(4, NULL, NULL, NULL, NULL, 42);

	t_known(g);
	t_check(g);
	return g;
}

/* Re-deals the hands of others and the deck; shuffles recipes seat does not know. */
static inline void
t_redeal(struct game *g, int seat, struct rng *r)
{
	int	t, k, perm[CHEERS_NKINDS], was[CHEERS_NKINDS];

	game_test_others(r, g, seat, g->nplayers, g->hand[0],
	    CHEERS_HAND_MAX, g->nhand, g->deck, g->ndeck);
	for (t = 0; t < g->nteams; t++) {
		/* Seat's own recipe, unless it is an apprentice. */
		if (t == g->team_of[seat] && (g->mode != CHEERS_MASTER ||
		    g->team_seat[t][0] == seat))
			continue;
		for (k = 0; k < CHEERS_NKINDS; k++)
			perm[k] = k;
		rng_shuffle(r, perm, CHEERS_NKINDS);
		memcpy(was, g->recipe[t], sizeof was);
		for (k = 0; k < CHEERS_NKINDS; k++)
			g->recipe[t][perm[k]] = was[k];
	}
}

#endif
