/*
 * Unit tests: CHEERS' public view (status) shows every zone the rulebook
 * makes public, read from the state itself: each shaker's cards, the
 * teams (but in Masquerade), each hand's size, the deck and the discard
 * pile, and what is asked; and never a hand card or a secret recipe.
 */
#include "tests/unit/cheers-test.h"
#include "lib/xmalloc.h"

static void
has(const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		fail_msg("\"%s\" is not in:\n%s", want, text);
}

/* How many times needle occurs in the line of text that starts with from. */
static int
count_in_line(const char *text, const char *from, const char *needle)
{
	const char	*p = strstr(text, from), *e, *q;
	int		 n = 0;

	if (p == NULL)
		fail_msg("\"%s\" is not in:\n%s", from, text);
	if ((e = strchr(p, '\n')) == NULL)
		e = p + strlen(p);
	for (q = strstr(p, needle); q != NULL && q < e;
	    q = strstr(q + 1, needle))
		n++;
	return n;
}

static void
check_view(const struct game *g, int teams_public)
{
	struct game_prompt	 pr;
	struct game_text	 t;
	char			 want[256], name[64];
	char			*text = cheers_ops.render_public(g);
	int			 s, k, i, n, team;

	/* What is asked. */
	assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
	has(text, pr.text);
	/* Every shaker, with as many cards of each kind as it holds. */
	for (s = 0; s < g->nshakers; s++) {
		cheers_place_name(g, s, name, sizeof name);
		name[0] = name[0] == 't' ? 'T' : name[0];
		snprintf(want, sizeof want, "%s:", name);
		for (k = 0; k < CHEERS_NKINDS; k++) {
			for (i = 0, n = 0; i < g->nshaker[s]; i++)
				n += g->card[g->shaker[s][i]].big == k;
			assert_int_equal(count_in_line(text, want,
			    cheers_kind_emoji[k]), n);
		}
	}
	/* Each hand's size, the deck, the discard pile. */
	snprintf(want, sizeof want, "Deck %d, discard %d.", g->ndeck,
	    g->ndiscard);
	has(text, want);
	for (s = 0; s < g->nplayers; s++) {
		snprintf(want, sizeof want, "@{%d} %d", s, g->nhand[s]);
		has(text, want);
	}
	/* The teams, unless they are secret. */
	for (team = 0; teams_public && team < g->nteams; team++)
		for (i = 0; i < g->team_size[team]; i++) {
			snprintf(want, sizeof want, "@{%d}",
			    g->team_seat[team][i]);
			assert_true(count_in_line(text, "Teams:", want) == 1);
		}
	if (!teams_public)
		assert_null(strstr(text, "Teams:"));
	/* No hand card, no recipe. */
	assert_null(strstr(text, "cheers with"));
	for (team = 0; team < g->nteams; team++) {
		game_text_init(&t, want, sizeof want);
		cheers_recipe_put(g, team, &t);
		assert_null(strstr(text, want));
	}
	free(text);
}

static void
test_public_zones(void **state)
{
	struct game	*g = t_new(4, NULL, NULL, NULL, NULL, 3);

	(void)state;
	t_clear(g);
	t_shake(g, 0, BEER, -1);
	t_shake(g, 0, BEER, -1);
	t_shake(g, 0, WINE, -1);
	t_shake(g, 1, WHISKY, -1);
	t_shake(g, 3, TROPICAL, -1);
	t_shake(g, 3, COCKTAIL, -1);
	t_check(g);
	check_view(g, 1);
	cheers_ops.free_game(g);
}

static void
test_public_masquerade(void **state)
{
	struct game	*g = t_new(4, "masquerade", NULL, NULL, "2+2", 4);

	(void)state;
	t_shake(g, 2, WINE, -1);
	t_check(g);
	check_view(g, 0);
	cheers_ops.free_game(g);
}

/* An odd table's extra shaker is shown with its team. */
static void
test_public_extra(void **state)
{
	struct game	*g = t_new(3, NULL, NULL, NULL, NULL, 5);
	char		*text;

	(void)state;
	t_shake(g, g->nplayers, BEER, -1);
	t_check(g);
	check_view(g, 1);
	text = cheers_ops.render_public(g);
	has(text, "(team ");
	free(text);
	cheers_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_public_zones),
		cmocka_unit_test(test_public_masquerade),
		cmocka_unit_test(test_public_extra),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
