/*
 * game-test.h: what the unit tests of every game share (the per-game
 * headers, cheers-test.h, fwb-test.h, cosdrink-test.h and magic-test.h,
 * build on it): starting a game with options given as words, and looking
 * for a line in a move's narration or a seat's private notes.  Header-only (static inline) so that
 * tests/unit holds only test_*.c files.
 */
#ifndef TESTS_UNIT_GAME_TEST_H
#define TESTS_UNIT_GAME_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "game/game.h"
#include "game/rng.h"

/*
 * Starts a game of ops for n players; opts is "name=value name=value" or
 * NULL; the deal comes from seed.  Fails the test when the game refuses.
 * Caller frees.
 */
static inline struct game *
game_test_new(const struct game_ops *ops, int n, const char *opts,
    uint64_t seed)
{
	struct game_opts	 o;
	struct rng		 r;
	struct game		*g;
	char			*cause = NULL, buf[256], *w, *eq, *save;
	int			 i;

	memset(&o, 0, sizeof o);
	o.nplayers = n;
	snprintf(buf, sizeof buf, "%s", opts != NULL ? opts : "");
	for (w = strtok_r(buf, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		eq = strchr(w, '=');
		assert_non_null(eq);
		*eq = '\0';
		i = game_option_index(ops, w);
		assert_true(i >= 0);
		o.values[i] = eq + 1;
	}
	rng_init(&r, seed, 7);
	g = ops->new_game(&o, &r, &cause);
	if (g == NULL)
		fail_msg("new_game: %s", cause);
	return g;
}

/* Whether any event text contains s. */
static inline int
game_test_said(const struct game_events *ev, const char *s)
{
	int	i;

	for (i = 0; i < ev->n; i++)
		if (strstr(ev->ev[i].text, s) != NULL)
			return 1;
	return 0;
}

/* Whether a private note of ev for seat contains s. */
static inline int
game_test_noted(const struct game_events *ev, int seat, const char *s)
{
	int	i;

	for (i = 0; i < ev->nnotes; i++)
		if (ev->note[i].seat == seat &&
		    strstr(ev->note[i].text, s) != NULL)
			return 1;
	return 0;
}

#endif
