/*
 * Unit tests of CHEERS hints (bot/saying/hint.c): the example of a private
 * prompt is the AI's move in the player's place, it never depends on
 * another seat's hand, another team's recipe (an apprentice's own
 * included) or the deck, and it never puts a card into a shaker of the
 * player's team that is not in the team's recipe when another move
 * would not.
 */
#include "tests/unit/hint-test.h"
#include "tests/unit/hint-cheers.h"
#include "tests/unit/cheers-test.h"

static void
test_hidden_standard(void **state)
{
	(void)state;
	hint_test_hidden(&cheers_ops, 4, NULL, 4, t_redeal);
	hint_test_hidden(&cheers_ops, 5, NULL, 3, t_redeal);
	hint_test_hidden(&cheers_ops, 2, NULL, 3, t_redeal);
}

static void
test_hidden_master(void **state)
{
	(void)state;
	hint_test_hidden(&cheers_ops, 5, "mode=master", 4, t_redeal);
}

static void
test_hidden_masquerade(void **state)
{
	(void)state;
	hint_test_hidden(&cheers_ops, 6, "mode=masquerade", 4, t_redeal);
}

/* The figure of issue 33: no hint spoils the player's own team's drink. */
static void
test_no_spoils(void **state)
{
	struct hint_figures	f;

	(void)state;
	assert_int_equal(hint_cheers_figure(1, 6, &f), 0);
	assert_true(f.hints > 1000);
	if (f.counted != 0)
		fail_msg("%d of %d hints put a foreign card into the team's "
		    "shaker", f.counted, f.hints);
}

/*
 * The hint of a position built by hand: alice (team A, Brewer's Blush:
 * beer, wine, cocktail) holds a whisky and a beer; her teammate's shaker
 * is the place for the beer, never the whisky.
 */
static void
test_hint_builds(void **state)
{
	struct game		*g;
	struct game_move	 m;
	int			 mate;

	(void)state;
	g = t_new(4, NULL, NULL, NULL, NULL, 5);
	t_clear(g);
	t_recipe(g, g->team_of[0], 2, 2, 1, 0, 0);
	mate = g->team_seat[g->team_of[0]][1];
	t_shake(g, mate, BEER, WINE);
	t_hand(g, 0, 1, WHISKY, COCKTAIL);
	t_hand(g, 0, 2, BEER, TROPICAL);
	t_hand(g, 0, 3, WHISKY, TROPICAL);
	assert_int_equal(g->active, 0);
	assert_int_equal(hint_move(&cheers_ops, g, 0, ~0u, &m), 0);
	assert_false(hint_cheers_spoils(g, 0, &m));
	cheers_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hidden_standard),
		cmocka_unit_test(test_hidden_master),
		cmocka_unit_test(test_hidden_masquerade),
		cmocka_unit_test(test_no_spoils),
		cmocka_unit_test(test_hint_builds),
	};

	cheers_legal_init();
	return cmocka_run_group_tests_name("hint_cheers", tests, NULL, NULL);
}
