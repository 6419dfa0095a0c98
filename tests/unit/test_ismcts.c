/*
 * test_ismcts.c: the hard level's search (game/ismcts.c) on CHEERS
 * positions built by hand.  It takes a win on offer by searching alone
 * (the game's silly op, which would rule every other move out, taken
 * away), and with the silly op too; it answers with a legal move or
 * none; it replays exactly from its rng; and within its budget.
 * test_determinize.c tries Friends with Beverages' paired search.
 */
#include "tests/unit/cheers-test.h"

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

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_finds_the_win),
		cmocka_unit_test(test_replays_and_nothing_to_do),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
