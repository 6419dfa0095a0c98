/*
 * test_ismcts_fwb.c: the hard level's search (game/ismcts.c) as Friends
 * with Beverages uses it: paired playouts over the game's short list of
 * moves (fwb_ai_choices), cut at the budget's horizon and measured by the
 * game's value (fwb_ai_value).
 */
#include "tests/unit/game-test.h"

#include "game/fwb/fwb.h"
#include "game/ismcts.h"

/* The first seat g asks that has a legal move, or -1. */
static int
asked_seat(const struct game_ops *ops, const struct game *g)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];
	struct game_move	m[ISMCTS_LEGAL_MAX];
	int			n, k, seat;

	n = ops->pending(g, p, GAME_MAX_PROMPTS);
	for (k = 0; k < n; k++)
		for (seat = 0; seat < GAME_MAX_SEATS; seat++)
			if ((p[k].seats & (1u << seat)) && ops->legal_moves(g,
			    seat, m, ISMCTS_LEGAL_MAX) > 0)
				return seat;
	return -1;
}

/* Whether m is among the n moves of list (every arg alike). */
static int
listed(const struct game_move *list, int n, const struct game_move *m)
{
	int	i;

	for (i = 0; i < n; i++)
		if (memcmp(&list[i], m, sizeof *m) == 0)
			return 1;
	return 0;
}

/*
 * At positions of a seeded game the short list starts with the
 * default AI's move and holds legal moves only, and the search's move is
 * on it and the same from the same rng.
 */
static void
test_fwb_paired(void **state)
{
	struct game_move	 list[ISMCTS_LEGAL_MAX], legal[ISMCTS_LEGAL_MAX];
	struct game_move	 m, m2, ai;
	struct ismcts_budget	 b;
	struct ismcts_stats	 st;
	struct game		*g = game_test_new(&fwb_ops, 4, NULL, 5);
	struct rng		 r, step, air;
	int			 n, nl, i, moves, seat, searched = 0;

	(void)state;
	ismcts_budget_hard(&fwb_ops, &b);
	assert_true(b.paired && b.choices != NULL && b.value != NULL &&
	    b.horizon > 0);
	rng_init(&step, 5, 3);
	for (moves = 0; moves < 200; moves++) {
		if (moves % 11 == 0 && (seat = asked_seat(&fwb_ops, g)) >= 0) {
			n = b.choices(g, seat, list, ISMCTS_LEGAL_MAX);
			nl = fwb_ops.legal_moves(g, seat, legal,
			    ISMCTS_LEGAL_MAX);
			rng_init(&air, 1, 1);
			assert_int_equal(fwb_ops.ai_move(g, seat, &air, &ai), 0);
			assert_true(n >= 1);
			assert_int_equal(list[0].action, ai.action);
			for (i = 0; i < n; i++)
				assert_true(listed(legal, nl, &list[i]));
			rng_init(&r, (uint64_t)moves, 1);
			assert_int_equal(ismcts_move(&fwb_ops, g, seat, &r, &b,
			    &m, &st), 0);
			assert_true(st.steps <= b.steps + n * (2 * b.horizon + 1));
			rng_init(&r, (uint64_t)moves, 1);
			assert_int_equal(ismcts_hard(&fwb_ops, g, seat, &r,
			    &m2), 0);
			assert_memory_equal(&m, &m2, sizeof m);
			assert_true(n == 1 || listed(list, n, &m));
			searched++;
		}
		if (game_test_ai_step(&fwb_ops, g, &step) != 0)
			break;
	}
	assert_true(searched >= 5);
	fwb_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_fwb_paired),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
