/*
 * Unit tests for bot/commands/argnames.c, cards by name: a name typed whole wins
 * over names it starts; each typed word starts the name's word at its
 * place, in any case, punctuation aside; and for every game, the names a
 * card argument may take (game_ops.arg_names) are what the seat's own
 * view shows: its hand in Cosdrink, FwB and CHEERS, numbered as listed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/commands/argnames.h"
#include "bot/saying/card-words.h"
#include "game/game.h"
#include "tests/unit/game-test.h"

static const struct game_name hand[] = {
	{ 1, "Mint Sprig" }, { 2, "Snow Cone" }, { 3, "Mint Sprig" },
	{ 4, "shaker" }, { 5, "shaker (shed)" },
	{ 6, "beer (cheers with wine)" }, { 7, "beer (cheers with tropical)" },
};
#define NHAND	((int)(sizeof hand / sizeof hand[0]))

/* The values the words (spaces between them) name in hand, joined. */
static void
matches(const char *typed, const char *want)
{
	char		 copy[256], got[256] = "", *save, *w;
	const char	*words[16];
	int		 hits[GAME_MAX_NAMES], n, k = 0, i;

	snprintf(copy, sizeof copy, "%s", typed);
	for (w = strtok_r(copy, " ", &save); w != NULL && k < 16;
	    w = strtok_r(NULL, " ", &save))
		words[k++] = w;
	n = argnames_match(hand, NHAND, words, k, hits, GAME_MAX_NAMES);
	for (i = 0; i < n; i++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%d",
		    i ? " " : "", hand[hits[i]].value);
	assert_string_equal(got, want);
}

static void
test_match(void **state)
{
	(void)state;
	matches("Mint Sprig", "1 3");
	matches("mint", "1 3");
	matches("MINT SPR", "1 3");
	matches("m s", "1 3");
	matches("sprig", "");
	matches("mint cone", "");
	matches("snow", "2");
	/* Typed whole, "shaker" is the hand's; its start fits both. */
	matches("shaker", "4");
	matches("sh", "4 5");
	matches("shaker (shed)", "5");
	matches("shaker shed", "5");
	matches("beer", "6 7");
	matches("beer cheers with t", "7");
	matches("beer to", "");
	matches("Mint Sprig extra", "");
	matches("(", "");
}

/*
 * For every game and every card argument of every action: each name the
 * game gives for seat 0 appears, in its short form, in the public view or
 * seat 0's private one (with emoji as words), numbered from 1.
 */
static void
test_games(void **state)
{
	const struct game_ops *const	*all = game_all();
	struct game_name		 names[GAME_MAX_NAMES];
	struct game			*g;
	char				*view, *words, shortname[GAME_NAME_MAX];
	char				*pub, *priv;
	const char			*paren;
	int				 gi, a, k, n, i, named = 0;

	(void)state;
	for (gi = 0; all[gi] != NULL; gi++) {
		assert_non_null(all[gi]->arg_names);
		g = game_test_new(all[gi], all[gi]->min_players < 4 ? 4 :
		    all[gi]->min_players, NULL, 42);
		pub = all[gi]->render_public(g);
		priv = all[gi]->render_private(g, 0);
		view = malloc(strlen(pub) + strlen(priv) + 2);
		assert_non_null(view);
		sprintf(view, "%s\n%s", pub, priv);
		free(pub);
		free(priv);
		words = words_only(all[gi], view);
		for (a = 0; a < all[gi]->nactions; a++) {
			for (k = 0; k < all[gi]->actions[a].nargs; k++) {
				n = all[gi]->arg_names(g, 0, a, k, names,
				    GAME_MAX_NAMES);
				assert_true(n >= 0 && n <= GAME_MAX_NAMES);
				if (n > 0)
					assert_int_equal(all[gi]->actions[a].
					    args[k].type, GAME_ARG_CARD);
				for (i = 0; i < n; i++) {
					assert_true(names[i].value >= 1 &&
					    names[i].value <= 99);
					assert_true(names[i].name[0] != '\0');
					paren = strstr(names[i].name, " (");
					snprintf(shortname, sizeof shortname,
					    "%.*s", paren == NULL ? 64 :
					    (int)(paren - names[i].name),
					    names[i].name);
					if (strstr(words, shortname) == NULL)
						fail_msg("%s: %s not in %s",
						    all[gi]->name, shortname,
						    words);
					named++;
				}
			}
		}
		free(words);
		free(view);
		all[gi]->free_game(g);
	}
	/* Cosdrink, FwB and CHEERS name hand cards from the start. */
	assert_true(named > 10);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
