/*
 * board-test.h: what the tests of every game's render_board share.  A game
 * is played by its AI from a seed, and after every move its board must
 * keep to its caps, name every seat, and while the game runs be a
 * function of what the table may see: the same board comes out of a copy
 * of the game whose secrets (hands, recipes) the game's own test changed.  Header-only (static
 * inline) so that tests/unit holds only test_*.c files.
 */
#ifndef TESTS_UNIT_BOARD_TEST_H
#define TESTS_UNIT_BOARD_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/game-test.h"

/*
 * Changes what only seats may see in g (a copy), leaving every public
 * thing as it was; returns 1 when it changed something, 0 when there was
 * nothing to change.  n numbers the calls, to vary what is changed.
 */
typedef int board_test_hide(struct game *g, int n);

/*
 * For a hide function: swaps the first of the n cards at a (a hand) with
 * the last of the m at deck (its top); 1 when both had one, else 0.
 */
static inline int
board_test_swap(int *a, int n, int *deck, int m)
{
	int	c;

	if (n == 0 || m == 0)
		return 0;
	c = a[0];
	a[0] = deck[m - 1];
	deck[m - 1] = c;
	return 1;
}

/* Every part of b is a string within its buffer; b holds its cap. */
static inline void
board_test_caps(const struct game_board *b)
{
	int	i;

	assert_true(strnlen(b->status, sizeof b->status) < sizeof b->status);
	assert_true(strnlen(b->summary, sizeof b->summary) <
	    sizeof b->summary);
	assert_true(b->nfields >= 0 && b->nfields <= GAME_BOARD_FIELDS);
	assert_int_equal(b->dropped, 0);
	for (i = 0; i < b->nfields; i++) {
		assert_true(strnlen(b->field[i].name, GAME_BOARD_NAME_MAX) <
		    GAME_BOARD_NAME_MAX);
		assert_true(strnlen(b->field[i].value, GAME_BOARD_VALUE_MAX) <
		    GAME_BOARD_VALUE_MAX);
		assert_true(b->field[i].name[0] != '\0');
		assert_true(b->field[i].value[0] != '\0');
	}
}

/* Whether two boards say the same. */
static inline int
board_test_same(const struct game_board *a, const struct game_board *b)
{
	int	i;

	if (strcmp(a->status, b->status) != 0 ||
	    strcmp(a->summary, b->summary) != 0 || a->nfields != b->nfields)
		return 0;
	for (i = 0; i < a->nfields; i++)
		if (strcmp(a->field[i].name, b->field[i].name) != 0 ||
		    strcmp(a->field[i].value, b->field[i].value) != 0 ||
		    a->field[i].wide != b->field[i].wide)
			return 0;
	return 1;
}

/* Whether seat is named ("@{seat}") in some field's name. */
static inline int
board_test_names(const struct game_board *b, int seat)
{
	char	m[16];
	int	i;

	snprintf(m, sizeof m, "@{%d}", seat);
	for (i = 0; i < b->nfields; i++)
		if (strstr(b->field[i].name, m) != NULL)
			return 1;
	return 0;
}

/* Whether s is in any part of b. */
static inline int
board_test_says(const struct game_board *b, const char *s)
{
	int	i;

	if (strstr(b->status, s) != NULL || strstr(b->summary, s) != NULL)
		return 1;
	for (i = 0; i < b->nfields; i++)
		if (strstr(b->field[i].name, s) != NULL ||
		    strstr(b->field[i].value, s) != NULL)
			return 1;
	return 0;
}

/*
 * Plays a game of ops for n players (opts as game_test_new) by its AI for
 * at most moves moves, checking the board before every move and at the
 * end as this file says.  Returns how many boards hide changed secrets
 * under, so the caller can tell the check ran.
 */
static inline int
board_test_play(const struct game_ops *ops, int n, const char *opts,
    uint64_t seed, board_test_hide *hide, int moves)
{
	struct game_board	 a, b;
	struct game_result	 r;
	struct game		*g, *copy;
	struct rng		 rng;
	int			 i, s, hidden = 0;

	g = game_test_new(ops, n, opts, seed);
	rng_init(&rng, seed, 11);
	for (i = 0; i <= moves; i++) {
		ops->render_board(g, &a);
		board_test_caps(&a);
		assert_true(a.status[0] != '\0');
		for (s = 0; s < n; s++)
			assert_true(board_test_names(&a, s));
		/* Once the game is over its secrets may be told. */
		ops->result(g, &r);
		if (r.state != GAME_RUNNING)
			break;
		copy = ops->copy_game(g);
		if (hide(copy, i)) {
			ops->render_board(copy, &b);
			if (!board_test_same(&a, &b))
				fail_msg("%s, move %d: the board shows a secret "
				    "(%s)", ops->name, i, a.status);
			hidden++;
		}
		ops->free_game(copy);
		if (i == moves)
			break;
		/* The first seat asked that has a move makes it. */
		assert_int_equal(game_test_ai_step(ops, g, &rng), 0);
	}
	ops->free_game(g);
	return hidden;
}

/*
 * board_test_play for every player count from lo to hi (by step), seeded
 * by the count: at least 100 boards must have been checked under changed
 * secrets.
 */
static inline void
board_test_counts(const struct game_ops *ops, int lo, int hi, int step,
    board_test_hide *hide)
{
	int	n, hidden = 0;

	for (n = lo; n <= hi; n += step)
		hidden += board_test_play(ops, n, NULL, (uint64_t)n * 7, hide,
		    300);
	assert_true(hidden > 100);
}

#endif
