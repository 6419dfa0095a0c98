/*
 * test_fwb_final.c: Friends with Beverages' final table: points first,
 * then recipes served, the winner first even where the biggest nose
 * broke a tie, equal seats sharing a place.  Over seeded AI games the
 * table agrees with the result: test_final_played.c.
 */
#include "tests/unit/fwb-test.h"
#include "tests/unit/final-test.h"

static void
test_ranking(void **state)
{
	struct game		*g = f_new(5, NULL, 31);
	struct game_ranking	 rk;

	(void)state;
	f_serve(g, 0, 3, 3);	/* 9 points, 3 recipes */
	f_serve(g, 2, 3, 3);	/* the same: the nose picks seat 2 */
	f_serve(g, 1, 1, 4);	/* 4 points, 1 recipe */
	f_serve(g, 3, 1, 4);	/* the same: a shared place */
	f_serve(g, 4, 2, 2);	/* 4 points, 2 recipes: above them */
	assert_int_equal(fwb_ops.final_table(g, &rk), -1);
	g->state = GAME_WON;
	g->winners = 1u << 2;
	final_test_agrees(&fwb_ops, g, 5, &rk);
	assert_int_equal(rk.n, 5);
	final_test_place(&rk, 0, 2, 1);
	assert_string_equal(rk.row[0].figures, "9 points, 3 recipes served");
	final_test_place(&rk, 1, 0, 2);
	final_test_place(&rk, 2, 4, 3);
	assert_string_equal(rk.row[2].figures, "4 points, 2 recipes served");
	final_test_place(&rk, 3, 1, 4);
	final_test_place(&rk, 4, 3, 4);
	assert_string_equal(rk.row[4].figures, "4 points, 1 recipe served");
	assert_string_equal(rk.title, "");
	fwb_ops.free_game(g);
}

/* The sort every game shares: stable, and equal rows share a place. */
static void
test_sort(void **state)
{
	struct game_ranking	 rk;
	struct game_rank	*r;
	static const int	 score[] = { 3, 5, 5, 1, 3, 3 };
	static const int	 place[] = { 1, 1, 3, 3, 3, 6 };
	static const int	 seat[] = { 1, 2, 0, 4, 5, 3 };
	int			 i;

	(void)state;
	game_ranking_init(&rk);
	for (i = 0; i < 6; i++) {
		r = game_ranking_add(&rk, 1u << i);
		assert_non_null(r);
		r->score = score[i];
	}
	game_ranking_sort(&rk);
	for (i = 0; i < 6; i++) {
		assert_int_equal(rk.row[i].seats, 1u << seat[i]);
		assert_int_equal(rk.row[i].place, place[i]);
	}
	/* The won come first whatever their score. */
	rk.row[5].won = 1;
	game_ranking_sort(&rk);
	final_test_place(&rk, 0, 3, 1);
	assert_int_equal(rk.row[1].place, 2);
	assert_int_equal(rk.row[2].place, 2);
	for (i = 0; i < 2; i++)
		assert_non_null(game_ranking_add(&rk, 0));
	assert_null(game_ranking_add(&rk, 0));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ranking),
		cmocka_unit_test(test_sort),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
