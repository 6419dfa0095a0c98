/*
 * test_ismcts.c: the hard level's search (game/ismcts.c) on CHEERS
 * positions built by hand.  It takes a win on offer by searching alone
 * (the game's silly op, which would rule every other move out, taken
 * away), and with the silly op too; it answers with a legal move or
 * none; it replays exactly from its rng; and within its budget.  Friends
 * with Beverages' paired, cut-off search keeps to the game's short list.
 */
#include "tests/unit/cheers-test.h"

#include "game/fwb/fwb.h"
#include "game/ismcts.h"

/* A small budget: the positions are easy. */
static const struct ismcts_budget	budget = {
	.iterations = 400, .steps = 40000, .explore = 0.7, .anchor = -1
};

/*
 * Team A's (seats 0, 2) shaker 0 holds 🍺🍷🍷🍸 of its recipe 🍺🍺🍷🍷🍸;
 * only seat 0's third card, a 🍺, played into it wins.
 */
static struct game *
one_beer_short(void)
{
	struct game	*g = t_four();

	t_fill(g, 0, (const int []){ BEER, WINE, WINE, COCKTAIL, -1 });
	t_hand(g, 0, 1, TROPICAL, WHISKY);
	t_hand(g, 0, 2, WHISKY, TROPICAL);
	t_hand(g, 0, 3, BEER, TROPICAL);
	t_check(g);
	return g;
}

/* Whether m is the one winning move of one_beer_short(). */
static int
is_the_win(const struct game_move *m)
{
	return m->action == CHEERS_A_PLAY && m->args[0] == 3 &&
	    m->args[1] == 0;
}

static void
test_finds_the_win(void **state)
{
	struct game_ops		 plain = cheers_ops;
	struct ismcts_stats	 st;
	struct game_move	 m;
	struct game		*g = one_beer_short();
	struct rng		 r;
	uint64_t		 seed;

	(void)state;
	plain.silly = NULL;
	for (seed = 1; seed <= 5; seed++) {
		rng_init(&r, seed, 1);
		assert_int_equal(ismcts_move(&plain, g, 0, &r, &budget, &m,
		    &st), 0);
		assert_true(is_the_win(&m));
		assert_true(st.iterations > 0 && st.iterations <= 400);
		assert_true(st.steps <= 40000 + ISMCTS_PLAYOUT_MAX);
		assert_true(st.nodes <= 401);
		rng_init(&r, seed, 1);
		assert_int_equal(ismcts_hard(&cheers_ops, g, 0, &r, &m), 0);
		assert_true(is_the_win(&m));
	}
	cheers_ops.free_game(g);
}

static void
test_replays_and_nothing_to_do(void **state)
{
	struct game		*g = t_new(4, NULL, NULL, NULL, NULL, 9);
	struct game_move	 m, m2;
	struct rng		 r;
	char			*cause = NULL;

	(void)state;
	rng_init(&r, 3, 1);
	assert_int_equal(ismcts_move(&cheers_ops, g, 1, &r, &budget, &m,
	    NULL), -1);
	assert_int_equal(ismcts_move(&cheers_ops, g, 0, &r, &budget, &m,
	    NULL), 0);
	rng_init(&r, 3, 1);
	assert_int_equal(ismcts_move(&cheers_ops, g, 1, &r, &budget, &m2,
	    NULL), -1);
	assert_int_equal(ismcts_move(&cheers_ops, g, 0, &r, &budget, &m2,
	    NULL), 0);
	assert_memory_equal(&m, &m2, sizeof m);
	if (cheers_ops.apply(g, 0, &m, NULL, &cause) != 0)
		fail_msg("the search's move is refused: %s", cause);
	g->state = GAME_TIED;
	assert_int_equal(ismcts_move(&cheers_ops, g, 1, &r, &budget, &m,
	    NULL), -1);
	cheers_ops.free_game(g);
}

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
 * Friends with Beverages' hard level: paired playouts over the game's
 * short list, cut at the budget's horizon and measured by the game's
 * value.  At positions of a seeded game the short list starts with the
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
		cmocka_unit_test(test_finds_the_win),
		cmocka_unit_test(test_replays_and_nothing_to_do),
		cmocka_unit_test(test_fwb_paired),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
