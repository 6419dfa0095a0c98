/*
 * Unit tests for Magic Cocktail's board in parts (render_board): one field
 * per seat with its square, its cards and its stone; the open offers, as
 * many as fit and then how many did not; the recipe and the stones in the
 * summary; and no secret: the board of a game whose hands and deck were
 * changed behind the table's back (hand sizes kept) is the same board.
 */
#include "tests/unit/board-test.h"
#include "tests/unit/magic-test.h"

/* Turns one of a seat's cards into another kind, reorders the deck. */
static int
hide(struct game *g, int n)
{
	int	s = n % g->nplayers, k, changed = 0;

	for (k = 0; k < MAGIC_NALL && !changed; k++) {
		if (g->hand[s][k] == 0)
			continue;
		g->hand[s][k]--;
		g->hand[s][(k + 1 + n % 3) % MAGIC_NALL]++;
		changed = 1;
	}
	changed |= board_test_swap(g->deck, g->ndeck, g->deck, g->ndeck);
	return changed;
}

static void
test_board_start(void **state)
{
	struct game_board	 b;
	struct game_prompt	 pr;
	struct game		*g;
	char			 want[32];
	int			 s;

	(void)state;
	g = m_new(4, NULL, 1);
	magic_ops.render_board(g, &b);
	board_test_caps(&b);
	assert_int_equal(b.nfields, 4);		/* no offers yet */
	for (s = 0; s < 4; s++) {
		snprintf(want, sizeof want, "@{%d}", s);
		assert_string_equal(b.field[s].name, want);
		assert_string_equal(b.field[s].value, "Square 0, 10 cards");
	}
	assert_int_equal(magic_ops.pending(g, &pr, 1), 1);
	assert_string_equal(b.status, pr.text);
	assert_memory_equal(b.summary, "Round 1: the recipe moves 1st +", 31);
	assert_non_null(strstr(b.summary, "Stones: 0 of "));
	game_free(g);
}

/* Every open offer there is room for, then "and N more offers". */
static void
test_board_offers(void **state)
{
	struct game_board	 b;
	struct game		*g;
	const char		*v;
	int			 i, lines = 1;

	(void)state;
	g = m_new(4, NULL, 1);
	for (i = 0; i < MAGIC_MAX_OFFERS; i++) {
		g->offer[i].id = i + 1;
		g->offer[i].from = i % 4;
		g->offer[i].to = i % 2 == 0 ? -1 : (i + 1) % 4;
		g->offer[i].give = i % 10;
		g->offer[i].ngive = 1 + i % 3;
		g->offer[i].want = (i + 3) % 10;
		g->offer[i].nwant = 1;
		g->offer[i].reply = 0;
	}
	g->noffers = MAGIC_MAX_OFFERS;
	magic_ops.render_board(g, &b);
	board_test_caps(&b);
	assert_int_equal(b.nfields, 5);
	assert_string_equal(b.field[4].name, "Open offers");
	assert_int_equal(b.field[4].wide, 1);
	v = b.field[4].value;
	assert_memory_equal(v, "Offer 1: @{0} gives ", 20);
	for (i = 0; v[i] != '\0'; i++)
		lines += v[i] == '\n';
	assert_true(lines > 3 && lines < MAGIC_MAX_OFFERS);
	/* The last line counts the offers left off, whole. */
	assert_non_null(strstr(strrchr(v, '\n'), "\nand "));
	assert_non_null(strstr(v, " more offers"));
	game_free(g);

	/* A few offers: every one, and no "more". */
	g = m_new(4, NULL, 1);
	g->offer[0] = (struct magic_offer){ 1, 0, -1, 1, 2, 2, 1, 0 };
	g->noffers = 1;
	magic_ops.render_board(g, &b);
	assert_string_equal(b.field[4].name, "Open offers");
	assert_null(strchr(b.field[4].value, '\n'));
	game_free(g);
}

static void
test_board_no_secret(void **state)
{
	(void)state;
	board_test_counts(&magic_ops, 4, 7, 1, hide);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_start),
		cmocka_unit_test(test_board_offers),
		cmocka_unit_test(test_board_no_secret),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
