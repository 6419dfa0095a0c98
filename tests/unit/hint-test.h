/*
 * hint-test.h: what the hint tests of every game share (test_hint_*.c):
 * seeded games played by the AI, and at every prompt the hint of each
 * seat asked, checked against copies of the game whose hidden things
 * (other hands, other teams' recipes, the decks) the game's test
 * re-dealt.  The seat's private view, the public view and the prompts
 * must be the same in the copy (else the re-deal changed what the seat
 * sees), and the hint must be too.  Header-only (static inline) so that
 * tests/unit holds only test_*.c files.
 */
#ifndef TESTS_UNIT_HINT_TEST_H
#define TESTS_UNIT_HINT_TEST_H

#include <stdlib.h>

#include "tests/unit/game-test.h"

#include "bot/saying/hint.h"

#define HINT_TEST_STEPS		400	/* moves a game, at most */
#define HINT_TEST_REDEALS	2	/* copies re-dealt a hint */

/* Re-deals what seat cannot see in g, drawing from r. */
typedef void hint_test_redeal(struct game *g, int seat, struct rng *r);

/* Whether two strings the game rendered (freed here) are equal. */
static inline int
hint_test_same_text(char *a, char *b)
{
	int	same = strcmp(a, b) == 0;

	free(a);
	free(b);
	return same;
}

/* Whether x and y (games of ops) save the same. */
static inline int
hint_test_same_save(const struct game_ops *ops, const struct game *x,
    const struct game *y)
{
	cJSON	*a = ops->save(x), *b = ops->save(y);
	char	*sa = cJSON_PrintUnformatted(a), *sb = cJSON_PrintUnformatted(b);
	int	 same = strcmp(sa, sb) == 0;

	free(sa);
	free(sb);
	cJSON_Delete(a);
	cJSON_Delete(b);
	return same;
}

/*
 * Seat's hint in g for the actions of a prompt, checked against
 * HINT_TEST_REDEALS re-dealt copies; returns how many copies differed
 * from g in hidden things (0 when redeal found nothing to change).
 */
static inline int
hint_test_one(const struct game_ops *ops, const struct game *g, int seat,
    unsigned actions, hint_test_redeal *redeal, uint64_t seed)
{
	struct game_prompt	 p1[GAME_MAX_PROMPTS], p2[GAME_MAX_PROMPTS];
	struct game_move	 m1, m2;
	struct game		*c;
	struct rng		 r;
	int			 rc1, rc2, n1, n2, j, k, changed = 0;

	rc1 = hint_move(ops, g, seat, actions, &m1);
	for (j = 0; j < HINT_TEST_REDEALS; j++) {
		c = ops->copy_game(g);
		rng_init(&r, seed, (uint64_t)j + 11);
		redeal(c, seat, &r);
		/* The re-deal changed nothing seat sees. */
		if (!hint_test_same_text(ops->render_private(g, seat),
		    ops->render_private(c, seat)))
			fail_msg("seat %d's view changed in the re-deal", seat);
		if (!hint_test_same_text(ops->render_public(g),
		    ops->render_public(c)))
			fail_msg("the public view changed in the re-deal");
		n1 = ops->pending(g, p1, GAME_MAX_PROMPTS);
		n2 = ops->pending(c, p2, GAME_MAX_PROMPTS);
		assert_int_equal(n1, n2);
		for (k = 0; k < n1; k++) {
			assert_int_equal(p1[k].seats, p2[k].seats);
			assert_int_equal(p1[k].actions, p2[k].actions);
			assert_int_equal(p1[k].each, p2[k].each);
			assert_string_equal(p1[k].text, p2[k].text);
		}
		changed += !hint_test_same_save(ops, g, c);
		rc2 = hint_move(ops, c, seat, actions, &m2);
		assert_int_equal(rc1, rc2);
		if (rc1 == 0) {
			assert_int_equal(m1.action, m2.action);
			assert_memory_equal(m1.args, m2.args, sizeof m1.args);
		}
		ops->free_game(c);
	}
	return changed;
}

/*
 * Plays games seeded 1..ngames of ops for nplayers (opts as
 * game_test_new's) with the AI in every seat, and at every prompt checks
 * the hint of every seat it asks against re-dealt copies.  Fails unless
 * some copies did differ in hidden things.
 */
static inline void
hint_test_hidden(const struct game_ops *ops, int nplayers, const char *opts,
    int ngames, hint_test_redeal *redeal)
{
	struct ai_ask		 asks[AI_ASKS_MAX];
	struct game		*g;
	struct rng		 ai;
	int			 seed, step, n, i, changed = 0, hints = 0;

	for (seed = 1; seed <= ngames; seed++) {
		g = game_test_new(ops, nplayers, opts, (uint64_t)seed);
		rng_init(&ai, (uint64_t)seed, 3);
		for (step = 0; step < HINT_TEST_STEPS; step++) {
			if ((n = ai_asked(ops, g, asks)) < 0)
				break;
			for (i = 0; i < n; i++) {
				changed += hint_test_one(ops, g, asks[i].seat,
				    asks[i].actions, redeal,
				    (uint64_t)(seed * 1000 + step));
				hints++;
			}
			if (game_test_ai_step(ops, g, &ai) != 0)
				break;
		}
		ops->free_game(g);
	}
	assert_true(hints > 0);
	/* Most copies differ: the test changed hidden things. */
	if (changed * 2 < hints * HINT_TEST_REDEALS)
		fail_msg("%s: only %d of %d copies re-dealt anything", ops->name,
		    changed, hints * HINT_TEST_REDEALS);
}

#endif
