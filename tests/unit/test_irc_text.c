/*
 * Unit tests for the IRC text shaping (adapters/irc/text.c): the splitter
 * cuts at spaces or UTF-8 boundaries, never inside a character or before
 * a variation selector, and loses nothing but the spaces at a cut; the
 * room left for text counts the prefix the server adds; plain text drops
 * "**" and control characters and rewrites nothing else.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/irc/irc-int.h"
#include "lib/xmalloc.h"

/* 1 when s (n bytes) is whole UTF-8: no cut sequence at either end. */
static int
whole_utf8(const char *s, size_t n)
{
	size_t	i = 0, k, len;

	while (i < n) {
		unsigned char	c = (unsigned char)s[i];

		if (c < 0x80)
			len = 1;
		else if ((c & 0xe0) == 0xc0)
			len = 2;
		else if ((c & 0xf0) == 0xe0)
			len = 3;
		else if ((c & 0xf8) == 0xf0)
			len = 4;
		else
			return 0;
		if (i + len > n)
			return 0;
		for (k = 1; k < len; k++)
			if (((unsigned char)s[i + k] & 0xc0) != 0x80)
				return 0;
		i += len;
	}
	return 1;
}

/* Splits text by max; checks every part and that nothing else is lost. */
static int
split_all(const char *text, size_t max)
{
	size_t	len = strlen(text), n, next, kept = 0, spaces = 0, i;
	int	parts = 0;
	const char *p = text;

	for (i = 0; i < len; i++)
		spaces += text[i] == ' ';
	while (len > 0) {
		n = irc_text_split(p, len, max, &next);
		assert_true(n > 0 && n <= max);
		assert_true(next >= n && next <= len);
		assert_true(whole_utf8(p, n));
		/* What is skipped at a cut is spaces only. */
		for (i = n; i < next; i++)
			assert_int_equal(p[i], ' ');
		for (i = 0; i < n; i++)
			kept += p[i] != ' ';
		p += next;
		len -= next;
		parts++;
	}
	assert_int_equal(kept, strlen(text) - spaces);
	return parts;
}

static void
test_split_fits(void **state)
{
	size_t	next;

	(void)state;
	assert_int_equal(irc_text_split("hello", 5, 5, &next), 5);
	assert_int_equal(next, 5);
	assert_int_equal(split_all("hello world", 100), 1);
}

static void
test_split_words(void **state)
{
	size_t	next;

	(void)state;
	/* "aaaa bbbb cccc" at 10: "aaaa bbbb" then "cccc". */
	assert_int_equal(irc_text_split("aaaa bbbb cccc", 14, 10, &next), 9);
	assert_int_equal(next, 10);
	/* Several spaces at the cut all go. */
	assert_int_equal(irc_text_split("aaaa bbbb    cccc", 17, 10, &next), 9);
	assert_int_equal(next, 13);
	/* A space too early (under half) is not used: a hard cut. */
	assert_int_equal(irc_text_split("a bbbbbbbbbbbbbbbbbb", 20, 10, &next), 10);
	assert_int_equal(next, 10);
	assert_true(split_all("the quick brown fox jumps over the lazy dog "
	    "and then some more words to fill the line", 16) >= 6);
}

static void
test_split_utf8(void **state)
{
	/* 🍸 is 4 bytes, é 2, € 3; no cut may land inside one. */
	const char	*drinks = "🍸🍹🍺🍷🥃🍸🍹🍺🍷🥃🍸🍹🍺🍷🥃";
	const char	*mixed = "é€🍸aé€🍸bé€🍸cé€🍸dé€🍸eé€🍸f";
	size_t		 max, next, n;

	(void)state;
	for (max = 8; max < 64; max++) {
		split_all(drinks, max);
		split_all(mixed, max);
	}
	n = irc_text_split(drinks, strlen(drinks), 10, &next);
	assert_int_equal(n, 8);
	assert_int_equal(next, 8);
}

static void
test_split_joiners(void **state)
{
	/* "🍸" then "❤️" (U+2764 U+FE0F): FE0F is not cut off its heart. */
	const char	*s = "abcd\xe2\x9d\xa4\xef\xb8\x8fxyz";
	size_t		 next, n;

	(void)state;
	/* max 9 would end after the heart, before its FE0F: cut before. */
	n = irc_text_split(s, strlen(s), 9, &next);
	assert_int_equal(n, 4);
	assert_int_equal(next, 4);
	/* A ZWJ sequence likewise stays whole where it can. */
	s = "ab\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x8d\xb3zzzzzzzz";
	n = irc_text_split(s, strlen(s), 8, &next);
	assert_int_equal(n, 2);
	split_all(s, 8);
}

static void
test_split_random(void **state)
{
	static const char *const pieces[] = {
		"a", "bb", " ", "  ", "é", "€", "🍸", "\xef\xb8\x8f",
		"\xe2\x80\x8d", "word", "longerword",
	};
	char	s[2048];
	size_t	len, max;
	int	round;

	(void)state;
	srandom(11);
	for (round = 0; round < 20000; round++) {
		len = 0;
		s[0] = '\0';
		while (len < 1000) {
			const char *p = pieces[random() % 11];

			memcpy(s + len, p, strlen(p) + 1);
			len += strlen(p);
		}
		max = 8 + (size_t)random() % 500;
		split_all(s, max);
	}
}

static void
test_room(void **state)
{
	size_t	room;

	(void)state;
	/* ":bot!u@h PRIVMSG #a :" is 21 bytes, CR LF 2: 489 left. */
	assert_int_equal(irc_text_room("bot", "u", "h", "#a"), 489);
	/* Unknown user and host: the largest are assumed. */
	room = irc_text_room("bot", "", "", "#a");
	assert_int_equal(room, 489 - 10 - 63);
	/* ":cheersbot!cheersbot1@<64> PRIVMSG #cheers :<text>" and CR LF. */
	assert_int_equal(1 + 9 + 1 + 10 + 1 + 64 + 1 + 8 + 7 + 2 +
	    irc_text_room("cheersbot", "cheersbot1", "", "#cheers") + 2, 512);
	/* A silly long target still leaves some room. */
	assert_true(irc_text_room("bot", "u", "h",
	    "#aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")
	    >= 32);
}

static void
test_plain(void **state)
{
	char	*s;

	(void)state;
	/*
	 * The bot writes commands in IRC's form itself (the adapter's command
	 * op): text is not rewritten, so a "/cheers" a player typed stays.
	 */
	s = irc_text_plain("**Game over.** Type !cheers new, or "
	    "!cheers help.\nbob/cheers said /cheers");
	assert_string_equal(s, "Game over. Type !cheers new, or !cheers help.\n"
	    "bob/cheers said /cheers");
	free(s);
	s = irc_text_plain("a\tb\001c\rd\x7f" "e 🍸");
	assert_string_equal(s, "a bcde 🍸");
	free(s);
	s = irc_text_plain("");
	assert_string_equal(s, "");
	free(s);
	/*
	 * Bytes that are not UTF-8 (a stray continuation byte, a cut
	 * sequence, an overlong "/", a surrogate) become "?": the splitter
	 * needs character boundaries.  Found by tests/fuzz/fuzz_irc_line.
	 */
	s = irc_text_plain("a\xa1\xa1" "b \xe2\x82" " c \xc0\xaf"
	    " \xed\xa0\x80" " \xe2\x82\xac");
	assert_string_equal(s, "a??b ?? c ?? ??? \xe2\x82\xac");
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split_fits),
		cmocka_unit_test(test_split_words),
		cmocka_unit_test(test_split_utf8),
		cmocka_unit_test(test_split_joiners),
		cmocka_unit_test(test_split_random),
		cmocka_unit_test(test_room),
		cmocka_unit_test(test_plain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
