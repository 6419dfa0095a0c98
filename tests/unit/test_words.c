/*
 * test_words.c: cards as words (bot/saying/card-words.c).  With bot.emoji off every
 * emoji a game lists becomes its name, without doubling a name already
 * written beside it and without running two names together; the legend
 * lists every emoji with its name.  With it on, a bare emoji gets its
 * name beside it where a line has room.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bot/saying/card-words.h"
#include "game/game.h"

extern const struct game_ops cheers_ops, fwb_ops, magic_ops;

#define BEER		"\xf0\x9f\x8d\xba"
#define TROPICAL	"\xf0\x9f\x8d\xb9"
#define WHISKY		"\xf0\x9f\xa5\x83"

static void
want(const struct game_ops *ops, const char *in, const char *out)
{
	char	*s = words_only(ops, in);

	assert_string_equal(s, out);
	free(s);
}

static void
want_beside(const struct game_ops *ops, const char *in, size_t room,
    const char *out)
{
	char	*s = words_beside(ops, in, room);

	assert_string_equal(s, out);
	free(s);
}

/*
 * With emoji on, a bare emoji gets its name beside it where the line has
 * room: shakers, status and recipes read as hands do.
 */
static void
test_beside(void **state)
{
	(void)state;
	/* A shaker, and a name already there not doubled. */
	want_beside(&cheers_ops, "@{0} offers " TROPICAL " tropical to "
	    "@{1}'s shaker (now " BEER " " TROPICAL ").", 200, "@{0} offers "
	    TROPICAL " tropical to @{1}'s shaker (now " BEER " beer " TROPICAL
	    " tropical).");
	/* status's "1🍺 2🥃", and emoji run together, as a recipe. */
	want_beside(&cheers_ops, "shaker: 1" BEER " 2" WHISKY, 200,
	    "shaker: 1" BEER " beer 2" WHISKY " whisky");
	want_beside(&cheers_ops, "recipe " BEER BEER TROPICAL ".", 200,
	    "recipe " BEER " beer " BEER " beer " TROPICAL " tropical.");
	want_beside(&fwb_ops, "\xf0\x9f\x8d\x8b\xf0\x9f\x8c\xb6\xef\xb8\x8f"
	    "\xf0\x9f\x8d\xaf", 200, "\xf0\x9f\x8d\x8b citrus "
	    "\xf0\x9f\x8c\xb6\xef\xb8\x8f spice \xf0\x9f\x8d\xaf honey");
	/* A hand's "🍺 beer (cheers with 🥃)". */
	want_beside(&cheers_ops, "1. " BEER " beer (cheers with " WHISKY ")",
	    200, "1. " BEER " beer (cheers with " WHISKY " whisky)");
	/* A line without room keeps its bare emoji; each line alone. */
	want_beside(&cheers_ops, "now " BEER " " TROPICAL "\nnow " BEER, 10,
	    "now " BEER " " TROPICAL "\nnow " BEER " beer");
	/* A line that names every emoji it shows already stays. */
	want_beside(&cheers_ops, "recipe: " BEER BEER TROPICAL " (2 beer, 1 "
	    "tropical)", 200, "recipe: " BEER BEER TROPICAL " (2 beer, 1 "
	    "tropical)");
	want_beside(&cheers_ops, TROPICAL " tropical (now " BEER " " TROPICAL
	    ")", 200, TROPICAL " tropical (now " BEER " beer " TROPICAL
	    " tropical)");
	/* No emoji, no change. */
	want_beside(&cheers_ops, "nothing to see\n", 200, "nothing to see\n");
	want_beside(&cheers_ops, "", 200, "");
}

static void
test_only(void **state)
{
	(void)state;
	/* A name beside its emoji stays once. */
	want(&cheers_ops, "@{0} offers " TROPICAL " tropical to @{1}'s shaker "
	    "(now " BEER " " TROPICAL ").", "@{0} offers tropical to @{1}'s "
	    "shaker (now beer tropical).");
	/* Emoji run together, or after a number, get spaces. */
	want(&cheers_ops, "recipe " BEER BEER TROPICAL ".",
	    "recipe beer beer tropical.");
	want(&cheers_ops, "shaker: 1" BEER " 2" WHISKY, "shaker: 1 beer 2 whisky");
	want(&cheers_ops, "1. " BEER " beer (cheers with " WHISKY ")",
	    "1. beer (cheers with whisky)");
	/* A name that only starts like the word is not the word. */
	want(&cheers_ops, BEER " beers", "beer beers");
	/* Text without emoji, and emoji of no game, pass unchanged. */
	want(&cheers_ops, "nothing to see", "nothing to see");
	want(&cheers_ops, "a \xe2\x80\x94 dash \xf0\x9f\x8e\xb2", "a \xe2\x80\x94 dash "
	    "\xf0\x9f\x8e\xb2");
	want(&cheers_ops, "", "");
	/* Without a game, every game's list is used. */
	want(NULL, TROPICAL, "tropical");
	/* Each game's names come from its card data; U+FE0F goes too. */
	want(&fwb_ops, "\xf0\x9f\x8d\x8b\xf0\x9f\x8c\xb6\xef\xb8\x8f"
	    "\xf0\x9f\x8d\xaf", "citrus spice honey");
	want(&fwb_ops, "\xf0\x9f\x8c\xb6\xef\xb8\x8f spice", "spice");
	want(&magic_ops, "1 \xf0\x9f\x8d\x8b lime (Lime)", "1 lime (Lime)");
	want(&magic_ops, "2 \xe2\x9a\xab", "2 joker");
}

static void
test_legend(void **state)
{
	char	*s;

	(void)state;
	s = words_legend(&cheers_ops);
	assert_string_equal(s, "Emoji: " BEER " beer, \xf0\x9f\x8d\xb7 wine, "
	    "\xf0\x9f\x8d\xb8 cocktail, " TROPICAL " tropical, " WHISKY
	    " whisky.");
	free(s);
}

/* Every game lists its emoji, each with a name of letters. */
static void
test_every_game(void **state)
{
	const struct game_ops *const	*all = game_all();
	const struct game_word		*list;
	const char			*w;
	int				 g, i;

	(void)state;
	for (g = 0; all[g] != NULL; g++) {
		assert_non_null(all[g]->words);
		list = all[g]->words();
		assert_non_null(list[0].emoji);
		for (i = 0; list[i].emoji != NULL; i++) {
			assert_true((unsigned char)list[i].emoji[0] >= 0x80);
			for (w = list[i].word; *w != '\0'; w++)
				assert_true((*w >= 'a' && *w <= 'z') || *w == ' ');
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_only),
		cmocka_unit_test(test_beside),
		cmocka_unit_test(test_legend),
		cmocka_unit_test(test_every_game),
	};

	return cmocka_run_group_tests_name("words", tests, NULL, NULL);
}
