/*
 * Unit tests for Friends with Beverages' board in parts (render_board):
 * the two markets as fields, one wide field per seat with its hand's
 * size, shed and guests; the decks in the summary; and no secret: the
 * board of a game whose hands, guest deck and drawn guest were changed
 * behind the table's back is the same board.
 */
#include "tests/unit/board-test.h"
#include "tests/unit/fwb-test.h"

/* Swaps a hand card with the deck's top, and reorders the guest deck. */
static int
hide(struct game *g, int n)
{
	int	s = n % g->nplayers, c, changed;

	changed = board_test_swap(g->hand[s], g->nhand[s], g->deck, g->ndeck);
	/* The guest deck's order, and the guest drawn to decide on. */
	changed |= board_test_swap(g->gdeck, g->ngdeck, g->gdeck, g->ngdeck);
	if (g->revealed >= 0 && g->ngdeck >= 1) {
		c = g->revealed;
		g->revealed = g->gdeck[g->ngdeck - 1];
		g->gdeck[g->ngdeck - 1] = c;
		changed = 1;
	}
	return changed;
}

static void
test_board_start(void **state)
{
	struct game_board	 b;
	struct game_prompt	 pr;
	struct game		*g;
	char			 want[64];
	int			 s;

	(void)state;
	g = game_test_new(&fwb_ops, 3, NULL, 4);
	fwb_ops.render_board(g, &b);
	board_test_caps(&b);
	assert_int_equal(b.nfields, 2 + 3);
	assert_string_equal(b.field[0].name, "Market");
	assert_memory_equal(b.field[0].value, "1. ", 3);
	assert_non_null(strstr(b.field[0].value, "\n2. "));
	assert_int_equal(b.field[0].wide, 0);
	assert_string_equal(b.field[1].name, "Guest market");
	assert_non_null(strstr(b.field[1].value, "\n4. "));
	assert_int_equal(b.field[1].wide, 1);
	for (s = 0; s < 3; s++) {
		snprintf(want, sizeof want, "@{%d}%s", s, s == g->holder ?
		    " (Round Token)" : "");
		assert_string_equal(b.field[2 + s].name, want);
		snprintf(want, sizeof want, "%d cards in hand; shed: empty\n1. ",
		    g->nhand[s]);
		assert_memory_equal(b.field[2 + s].value, want, strlen(want));
	}
	assert_int_equal(fwb_ops.pending(g, &pr, 1), 1);
	assert_string_equal(b.status, pr.text);
	assert_non_null(strstr(b.summary, "Resource deck "));
	assert_non_null(strstr(b.summary, "discard pile 0."));
	fwb_ops.free_game(g);
}

static void
test_board_no_secret(void **state)
{
	(void)state;
	board_test_counts(&fwb_ops, 2, 5, 1, hide);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_start),
		cmocka_unit_test(test_board_no_secret),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
