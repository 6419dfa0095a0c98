/*
 * test_magic_final.c: Magic Cocktail's final table: ranked by square, not
 * in seat order; a shared lead is a tie that shares the first place, and
 * so does any shared square below it.  Over seeded AI games the table
 * agrees with the result: test_final_played.c.
 */
#include "tests/unit/magic-test.h"
#include "tests/unit/final-test.h"

static void
test_ranking(void **state)
{
	struct game		*g = m_new(5, NULL, 41);
	struct game_ranking	 rk;
	static const int	 pos[] = { 20, 25, 25, 10, 10 };
	static const int	 moved[] = { 3, 6, -2, 0, 1 };
	int			 s;

	(void)state;
	assert_int_equal(magic_ops.final_table(g, &rk), -1);
	for (s = 0; s < 5; s++) {
		g->pos[s] = pos[s];
		g->moved[s] = moved[s];
	}
	magic_end(g, NULL, "The Magic Lightning!");
	assert_int_equal(g->state, GAME_TIED);
	final_test_agrees(&magic_ops, g, 5, &rk);
	assert_int_equal(rk.n, 5);
	final_test_place(&rk, 0, 1, 1);
	assert_string_equal(rk.row[0].figures, "square 25 of 30 (last round +6)");
	final_test_place(&rk, 1, 2, 1);
	assert_string_equal(rk.row[1].figures, "square 25 of 30 (last round -2)");
	final_test_place(&rk, 2, 0, 3);
	final_test_place(&rk, 3, 3, 4);
	final_test_place(&rk, 4, 4, 4);
	/* One leader: a win. */
	g->pos[2] = 24;
	magic_end(g, NULL, "The Magic Lightning!");
	final_test_agrees(&magic_ops, g, 5, &rk);
	assert_int_equal(rk.row[0].place, 1);
	final_test_place(&rk, 1, 2, 2);
	magic_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ranking),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
