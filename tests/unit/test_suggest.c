/*
 * Unit tests for lib/suggest.c, "did you mean": the edit distance counts
 * a swap of neighbours as one and ignores case; the ranking names only
 * the closest, in the list's order, names a word once,
 * stops at three and at a third of the word's length; the sentence joins
 * its words with commas and "or".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/buf.h"
#include "lib/suggest.h"

static const char *const commands[] = {
	"new", "join", "leave", "addbot", "start", "status", "hand", "kick",
	"end", "settings", "stats", "leaderboard", "replay", "rules", "help",
	"play", "move", "throw", "give", "discard",
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

/* The ranked names for word, joined by spaces. */
static void
ranked(const char *word, const char *want)
{
	char	got[256] = "";
	int	idx[SUGGEST_MAX], n, i;

	n = suggest_rank(word, commands, NCOMMANDS, idx, SUGGEST_MAX);
	for (i = 0; i < n; i++) {
		if (i > 0)
			strcat(got, " ");
		strcat(got, commands[idx[i]]);
	}
	assert_string_equal(got, want);
}

static void
test_distance(void **state)
{
	(void)state;
	assert_int_equal(suggest_distance("give", "give"), 0);
	assert_int_equal(suggest_distance("gvie", "give"), 1);	/* a swap */
	assert_int_equal(suggest_distance("GIVE", "give"), 0);	/* case */
	assert_int_equal(suggest_distance("gve", "give"), 1);
	assert_int_equal(suggest_distance("giive", "give"), 1);
	assert_int_equal(suggest_distance("kitten", "sitting"), 3);
	assert_int_equal(suggest_distance("", "end"), 3);
	assert_int_equal(suggest_distance("stauts", "status"), 1);
}

static void
test_rank(void **state)
{
	(void)state;
	/* The closest first. */
	ranked("gvie", "give");
	/* Equals keep the list's order; a farther one is not named. */
	ranked("stat", "start stats");
	ranked("stauts", "status stats");
	ranked("statsu", "status stats");
	/* A third of the word's length at most: nothing is near "bogus". */
	ranked("bogus", "");
	ranked("xyzzy", "");
	/* Short words take one edit; never more than three names. */
	ranked("nw", "new");
	ranked("lay", "play");
	ranked("hend", "hand end");
}

static void
test_rank_limits(void **state)
{
	static const char *const many[] = {
		"aaaa", "aaab", "aaac", "aaad", "aaaa", NULL, "aaae",
	};
	char		 longw[SUGGEST_WORD_MAX + 10];
	int		 idx[SUGGEST_MAX], n;

	(void)state;
	/* Four at distance 1: the first three in the list's order. */
	n = suggest_rank("aaaz", many, 7, idx, SUGGEST_MAX);
	assert_int_equal(n, 3);
	assert_int_equal(idx[0], 0);
	assert_int_equal(idx[1], 1);
	assert_int_equal(idx[2], 2);
	/* The exact one, even late in the list, is named alone. */
	n = suggest_rank("aaae", many, 7, idx, SUGGEST_MAX);
	assert_int_equal(n, 1);
	assert_int_equal(idx[0], 6);
	/* A word listed twice is named once. */
	n = suggest_rank("aaaa", many, 7, idx, SUGGEST_MAX);
	assert_int_equal(n, 1);
	assert_int_equal(idx[0], 0);
	/* Room for none: nothing is named, nothing written. */
	idx[0] = -7;
	assert_int_equal(suggest_rank("aaaz", many, 7, idx, 0), 0);
	assert_int_equal(suggest_rank("aaaz", many, 7, idx, -1), 0);
	assert_int_equal(idx[0], -7);
	/* max below SUGGEST_MAX is kept. */
	assert_int_equal(suggest_rank("aaaz", many, 7, idx, 1), 1);
	assert_int_equal(idx[0], 0);
	/* Overlong words are near nothing, and cost no overflow. */
	memset(longw, 'a', sizeof longw - 1);
	longw[sizeof longw - 1] = '\0';
	assert_int_equal(suggest_distance(longw, "aaaa"), SUGGEST_WORD_MAX + 1);
	assert_int_equal(suggest_rank(longw, many, 7, idx, SUGGEST_MAX), 0);
}

static void
test_sentence(void **state)
{
	struct buf	b;

	(void)state;
	buf_init(&b, 256);
	assert_int_equal(suggest_append(&b, "gvie", commands, NCOMMANDS), 1);
	assert_string_equal(buf_str(&b), " Did you mean give?");
	buf_reset(&b);
	assert_int_equal(suggest_append(&b, "hend", commands, NCOMMANDS), 2);
	assert_string_equal(buf_str(&b), " Did you mean hand or end?");
	buf_reset(&b);
	assert_int_equal(suggest_append(&b, "bogus", commands, NCOMMANDS), 0);
	assert_string_equal(buf_str(&b), "");
	buf_release(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_rank),
		cmocka_unit_test(test_rank_limits),
		cmocka_unit_test(test_sentence),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
