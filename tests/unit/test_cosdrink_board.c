/*
 * Unit tests for Cosdrink Encounters' board in parts (render_board): one
 * field per seat with its monster, what lies against it, its items and
 * drinks; the Kings in the middle as a field when there are any; the
 * encounter and the decks in the summary; and no secret: the board of a
 * game whose hands and monster deck were changed behind the table's back
 * is the same board.
 */
#include "tests/unit/board-test.h"
#include "tests/unit/cosdrink-test.h"

/* Swaps a hand item with the item deck's top, reorders the monster deck. */
static int
hide(struct game *g, int n)
{
	int	s = n % g->nplayers, changed;

	changed = board_test_swap(g->hand[s], g->nhand[s], g->ideck,
	    g->nideck);
	changed |= board_test_swap(g->mdeck, g->nmdeck, g->mdeck, g->nmdeck);
	return changed;
}

static void
test_board_start(void **state)
{
	struct game_board	 b;
	struct game		*g;
	char			 want[64], text[GAME_TEXT_MAX];
	int			 s, first;

	(void)state;
	g = game_test_new(&cosdrink_ops, 3, NULL, 2);
	cosdrink_ops.render_board(g, &b);
	board_test_caps(&b);
	first = g->nkings > 0;
	assert_int_equal(b.nfields, first + 3);
	if (first)
		assert_string_equal(b.field[0].name, "Kings in the middle");
	for (s = 0; s < 3; s++) {
		snprintf(want, sizeof want, "@{%d}%s", s, s == g->dealer ?
		    " (dealer)" : "");
		assert_string_equal(b.field[first + s].name, want);
		assert_non_null(strstr(b.field[first + s].value,
		    "nothing against it yet\n3 items, 0 sips"));
	}
	cos_prompt_text(g, text, sizeof text);
	assert_string_equal(b.status, text);
	assert_memory_equal(b.summary, "Encounter 1, round 1. ", 22);
	assert_non_null(strstr(b.summary, "Monster Deck "));
	cosdrink_ops.free_game(g);
}

static void
test_board_no_secret(void **state)
{
	(void)state;
	board_test_counts(&cosdrink_ops, 2, 8, 2, hide);
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
