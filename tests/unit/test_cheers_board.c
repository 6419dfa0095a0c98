/*
 * Unit tests for CHEERS's board in parts (render_board): one field per
 * shaker with its drinks, the team (never in Masquerade) and the hand's
 * size; the deck in the summary; whose turn or the result as the status;
 * and no secret: the board of a game whose hands and recipes were changed
 * behind the table's back is the same board.
 */
#include "tests/unit/board-test.h"
#include "tests/unit/cheers-test.h"

/* Swaps a hand card with the deck's top and changes team 0's recipe. */
static int
hide(struct game *g, int n)
{
	int	s = n % g->nplayers, k, v, changed;

	changed = board_test_swap(g->hand[s], g->nhand[s], g->deck, g->ndeck);
	for (k = 0; k + 1 < CHEERS_NKINDS; k++) {
		if (g->recipe[0][k] == g->recipe[0][k + 1])
			continue;
		v = g->recipe[0][k];
		g->recipe[0][k] = g->recipe[0][k + 1];
		g->recipe[0][k + 1] = v;
		changed = 1;
		break;
	}
	return changed;
}

static void
test_board_duel(void **state)
{
	struct game_board	 b;
	struct game_prompt	 pr;
	struct game		*g;

	(void)state;
	g = t_new(2, NULL, NULL, NULL, NULL, 5);
	t_clear(g);
	t_shake(g, 1, WHISKY, -1);
	t_shake(g, 1, BEER, -1);
	cheers_ops.render_board(g, &b);
	board_test_caps(&b);
	assert_int_equal(b.nfields, 3);
	assert_string_equal(b.field[0].name, "@{0}'s shaker");
	assert_string_equal(b.field[1].name, "@{1}'s shaker");
	assert_string_equal(b.field[2].name, "The share shaker");
	assert_string_equal(b.field[0].value, "(empty)\n3 cards in hand");
	assert_string_equal(b.field[1].value,
	    "1 🥃 whisky\n2 🍺 beer\n3 cards in hand");
	assert_string_equal(b.field[2].value, "(empty)");
	assert_int_equal(b.field[0].wide, 0);
	/* Two players: no teams to tell. */
	assert_false(board_test_says(&b, "Team"));
	assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
	assert_string_equal(b.status, pr.text);
	assert_non_null(strstr(b.summary, "Deck "));
	assert_non_null(strstr(b.summary, ", discard 0."));
	game_free(g);
}

static void
test_board_teams(void **state)
{
	struct game_board	 b;
	struct game		*g;
	int			 i, masters = 0;

	(void)state;
	g = t_new(4, "master", NULL, NULL, NULL, 9);
	cheers_ops.render_board(g, &b);
	board_test_caps(&b);
	for (i = 0; i < g->nplayers; i++) {
		assert_non_null(strstr(b.field[i].value, "Team "));
		masters += strstr(b.field[i].value, "(master)") != NULL;
	}
	assert_int_equal(masters, g->nteams);
	game_free(g);

	/* Masquerade: teams are secret, and the summary says so. */
	g = t_new(4, "masquerade", NULL, NULL, "2+2", 9);
	cheers_ops.render_board(g, &b);
	assert_false(board_test_says(&b, "Team"));
	assert_non_null(strstr(b.summary, "Masquerade"));
	game_free(g);
}

static void
test_board_no_secret(void **state)
{
	static const char *const modes[] = { "standard", "master",
	    "masquerade" };
	int	n, m, hidden = 0;

	(void)state;
	for (n = 2; n <= 6; n++)
		for (m = 0; m < 3; m++) {
			char	opts[64];

			if (m == 2 && n != 4 && n != 6)
				continue;
			snprintf(opts, sizeof opts, "mode=%s", modes[m]);
			hidden += board_test_play(&cheers_ops, n, opts,
			    (uint64_t)(n * 10 + m), hide, 400);
		}
	assert_true(hidden > 100);
}

static void
test_board_over(void **state)
{
	struct game_board	 b;
	struct game		*g;

	(void)state;
	g = t_new(2, NULL, NULL, NULL, NULL, 5);
	g->state = GAME_WON;
	g->winners = 1;
	cheers_ops.render_board(g, &b);
	assert_memory_equal(b.status, "Game over. ", 11);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_duel),
		cmocka_unit_test(test_board_teams),
		cmocka_unit_test(test_board_no_secret),
		cmocka_unit_test(test_board_over),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
