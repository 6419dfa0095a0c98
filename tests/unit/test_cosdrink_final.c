/*
 * test_cosdrink_final.c: Cosdrink Encounters' final table: the table wins
 * or loses together, as its title says, and each player is ranked by the
 * monsters of theirs beaten, then by fewer drinks, equal players sharing
 * a place; the count of monsters beaten follows the battles and survives
 * a save.  Over seeded AI games at every player count the table agrees
 * with the result: test_final_played.c.
 */
#include "tests/unit/cosdrink-test.h"
#include "tests/unit/final-test.h"

static void
test_ranking(void **state)
{
	struct game		*g = c_new(4, NULL, 51);
	struct game_ranking	 rk;
	static const int	 beaten[] = { 2, 3, 2, 0 };
	static const int	 drinks[] = { 5, 7, 5, 1 };
	int			 s;

	(void)state;
	assert_int_equal(cosdrink_ops.final_table(g, &rk), -1);
	for (s = 0; s < 4; s++) {
		g->beaten[s] = beaten[s];
		g->drinks[s] = drinks[s];
	}
	g->state = GAME_WON;
	g->winners = 0xf;
	g->encounter = 3;
	final_test_agrees(&cosdrink_ops, g, 4, &rk);
	assert_non_null(strstr(rk.title, "the table wins after 3 encounters"));
	final_test_place(&rk, 0, 1, 1);
	assert_string_equal(rk.row[0].figures, "3 monsters beaten, 7 sips");
	final_test_place(&rk, 1, 0, 2);
	final_test_place(&rk, 2, 2, 2);
	final_test_place(&rk, 3, 3, 4);
	assert_string_equal(rk.row[3].figures, "0 monsters beaten, 1 sip");
	/* Lost: nobody is marked a winner, the title says so. */
	g->winners = 0;
	final_test_agrees(&cosdrink_ops, g, 4, &rk);
	assert_non_null(strstr(rk.title, "the monsters win"));
	cosdrink_ops.free_game(g);
}

/* A game played to its end counts what each player beat, and keeps it. */
static void
test_played(void **state)
{
	struct game_ranking	 rk, again;
	struct game		*g, *h;
	cJSON			*doc;
	char			*cause = NULL;
	int			 n, i, s, sum, all = 0;

	(void)state;
	for (n = 2; n <= 4; n++)
		for (i = 1; i <= 6; i++) {
			g = c_new(n, NULL, (uint64_t)(700 + i));
			final_test_play(&cosdrink_ops, g, (uint64_t)i);
			final_test_agrees(&cosdrink_ops, g, n, &rk);
			for (s = 0, sum = 0; s < n; s++)
				sum += g->beaten[s];
			assert_true(sum <= g->nmgone);
			all += sum;
			doc = cosdrink_ops.save(g);
			h = cosdrink_ops.load(doc, &cause);
			if (h == NULL)
				fail_msg("load: %s", cause);
			assert_int_equal(cosdrink_ops.final_table(h, &again),
			    0);
			assert_memory_equal(&rk, &again, sizeof rk);
			/* A save from before the count loads with none. */
			cJSON_DeleteItemFromObjectCaseSensitive(doc, "beaten");
			cosdrink_ops.free_game(h);
			h = cosdrink_ops.load(doc, &cause);
			if (h == NULL)
				fail_msg("old load: %s", cause);
			for (s = 0; s < n; s++)
				assert_int_equal(h->beaten[s], 0);
			cosdrink_ops.free_game(h);
			cJSON_Delete(doc);
			cosdrink_ops.free_game(g);
		}
	assert_true(all > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ranking),
		cmocka_unit_test(test_played),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
