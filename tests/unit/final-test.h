/*
 * final-test.h: what the final-table tests of every game share
 * (test_*_final.c): playing a seeded game to its end with AI seats, and
 * checking that its final table agrees with its result, the way the
 * store's outcomes (stats) and the replay read it.  Header-only (static
 * inline) so that tests/unit holds only test_*.c files.
 */
#ifndef TESTS_UNIT_FINAL_TEST_H
#define TESTS_UNIT_FINAL_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/game-test.h"

#include "game/game.h"
#include "game/rng.h"

#define FINAL_TEST_MOVES	20000

/*
 * Plays g (of ops) with AI seats until it is over; fails the test when it
 * does not end.  While it runs it has no final table.
 */
static inline void
final_test_play(const struct game_ops *ops, struct game *g, uint64_t seed)
{
	struct game_prompt	 p[GAME_MAX_PROMPTS];
	struct game_ranking	 rk;
	struct game_result	 r;
	struct rng		 rng;
	int			 k;

	rng_init(&rng, seed, 11);
	for (k = 0; k < FINAL_TEST_MOVES; k++) {
		ops->result(g, &r);
		if (r.state != GAME_RUNNING)
			return;
		assert_int_equal(ops->final_table(g, &rk), -1);
		assert_true(ops->pending(g, p, GAME_MAX_PROMPTS) > 0);
		/* A seat asked moves, and its move is accepted. */
		assert_int_equal(game_test_ai_step(ops, g, &rng), 0);
	}
	fail_msg("the game did not end in %d moves", FINAL_TEST_MOVES);
}

/*
 * Checks g's final table against its result: every seat in exactly one
 * row, the rows marked won are exactly the winners and come first, the
 * first row is 1st, and a row shares the place of the one above only
 * when nothing ranks them apart.  Fills *out.
 */
static inline void
final_test_agrees(const struct game_ops *ops, const struct game *g,
    int nseats, struct game_ranking *out)
{
	struct game_result	r;
	unsigned		seen = 0, won = 0;
	int			i;

	ops->result(g, &r);
	assert_int_not_equal(r.state, GAME_RUNNING);
	assert_int_equal(ops->final_table(g, out), 0);
	assert_true(out->n >= 1 && out->n <= nseats);
	for (i = 0; i < out->n; i++) {
		assert_int_equal(seen & out->row[i].seats, 0);
		assert_int_not_equal(out->row[i].seats, 0);
		seen |= out->row[i].seats;
		if (out->row[i].won)
			won |= out->row[i].seats;
		if (i == 0) {
			assert_int_equal(out->row[i].place, 1);
			continue;
		}
		assert_false(out->row[i].won && !out->row[i - 1].won);
		if (out->row[i].won == out->row[i - 1].won &&
		    out->row[i].score == out->row[i - 1].score &&
		    out->row[i].tiebreak == out->row[i - 1].tiebreak)
			assert_int_equal(out->row[i].place,
			    out->row[i - 1].place);
		else
			assert_int_equal(out->row[i].place, i + 1);
	}
	assert_int_equal(seen, (1u << nseats) - 1);
	assert_int_equal(won, r.winners);
	/* A tie shares the first place: no row is ranked above another. */
	if (r.state == GAME_TIED && r.winners == 0)
		for (i = 0; i < out->n; i++)
			assert_int_equal(out->row[i].place, 1);
}

/* Row i of r is seat's own, at place (from 1). */
static inline void
final_test_place(const struct game_ranking *r, int i, int seat, int place)
{
	assert_int_equal(r->row[i].seats, 1u << seat);
	assert_int_equal(r->row[i].place, place);
}

/* The row of seat in r, or NULL. */
static inline const struct game_rank *
final_test_row(const struct game_ranking *r, int seat)
{
	int	i;

	for (i = 0; i < r->n; i++)
		if (r->row[i].seats & (1u << seat))
			return &r->row[i];
	return NULL;
}

/*
 * Plays games of ops for every count from min to max players, seeds
 * from 1 to games, and checks each final table (final_test_agrees).
 */
static inline void
final_test_many(const struct game_ops *ops, int min, int max, int games)
{
	struct game_ranking	 rk;
	struct game		*g;
	int			 n, i;

	for (n = min; n <= max; n++)
		for (i = 1; i <= games; i++) {
			g = game_test_new(ops, n, NULL, (uint64_t)(n * 1000 + i));
			final_test_play(ops, g, (uint64_t)i);
			final_test_agrees(ops, g, n, &rk);
			ops->free_game(g);
		}
}

#endif
