/*
 * Unit tests for lib/utf8.c, text from users made safe to show: C0
 * controls and DEL become "\xNN", C1 controls "\u00NN", each byte that is
 * not well-formed UTF-8 U+FFFD; printable text, emoji and backslashes
 * pass as they are; a short buffer takes whole escapes and characters
 * only; cleaning twice is cleaning once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/utf8.h"
#include "lib/xmalloc.h"

#define FFFD	"\xef\xbf\xbd"

/* Checks that in cleans to want, and that want is clean. */
static void
cleans_to(const char *in, const char *want)
{
	char	*s = utf8_clean_dup(in);

	assert_string_equal(s, want);
	assert_true(utf8_is_clean(s));
	assert_int_equal(utf8_is_clean(in), strcmp(in, want) == 0);
	free(s);
}

/* 1 when s holds a byte below 0x20, DEL, or U+0080 to U+009F. */
static int
has_control(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;

	for (; *p != '\0'; p++) {
		if (*p < 0x20 || *p == 0x7f || (p[0] == 0xc2 && p[1] >= 0x80 &&
		    p[1] <= 0x9f))
			return 1;
	}
	return 0;
}

static void
test_controls(void **state)
{
	(void)state;
	cleans_to("alice", "alice");
	cleans_to("", "");
	cleans_to("a\\x1b b", "a\\x1b b");
	cleans_to("\x1b[2Jhi", "\\x1b[2Jhi");
	cleans_to("\x1b]0;pwned\x07", "\\x1b]0;pwned\\x07");
	cleans_to("a\tb\nc\rd", "a\\x09b\\x0ac\\x0dd");
	cleans_to("\x01\x7f", "\\x01\\x7f");
	/* C1: CSI (U+009B), NEL (U+0085), and U+0080 and U+009F at the ends. */
	cleans_to("\xc2\x9b" "2J", "\\u009b2J");
	cleans_to("\xc2\x80\xc2\x85\xc2\x9f", "\\u0080\\u0085\\u009f");
	/* U+00A0 and beyond are not controls. */
	cleans_to("\xc2\xa0" "caf\xc3\xa9 \xf0\x9f\x8d\xb8", "\xc2\xa0" "caf\xc3\xa9 "
	    "\xf0\x9f\x8d\xb8");
}

static void
test_invalid(void **state)
{
	(void)state;
	/* Stray continuation bytes, a lone lead byte, a sequence cut short. */
	cleans_to("a\x80" "b", "a" FFFD "b");
	cleans_to("\xbf\xbf", FFFD FFFD);
	cleans_to("\xc3", FFFD);
	cleans_to("\xe2\x82" "x", FFFD FFFD "x");
	/* Overlong forms, a surrogate, past U+10FFFF, bytes never used. */
	cleans_to("\xc0\xaf", FFFD FFFD);
	cleans_to("\xe0\x80\xaf", FFFD FFFD FFFD);
	cleans_to("\xed\xa0\x80", FFFD FFFD FFFD);
	cleans_to("\xf4\x90\x80\x80", FFFD FFFD FFFD FFFD);
	cleans_to("\xfe\xff", FFFD FFFD);
	/* An overlong ESC must not come back as a control. */
	cleans_to("\xc0\x9b", FFFD FFFD);
	assert_int_equal(utf8_char_len("\xf0\x9f\x8d\xb8"), 4);
	assert_int_equal(utf8_char_len("\xe2\x82\xac"), 3);
	assert_int_equal(utf8_char_len("a"), 0);
}

static void
test_short_buffer(void **state)
{
	char	out[8];

	(void)state;
	/* "ab\x1b" needs 6 bytes and the NUL: all of it fits. */
	assert_int_equal(utf8_clean(out, sizeof out, "ab\x1b"), 6);
	assert_string_equal(out, "ab\\x1b");
	/* The escape does not fit after "abcd": it is left off whole. */
	assert_int_equal(utf8_clean(out, sizeof out, "abcd\x1b"), 4);
	assert_string_equal(out, "abcd");
	/* Nor is a character cut: 🍸 needs four bytes after "abcd". */
	assert_int_equal(utf8_clean(out, sizeof out, "abcd\xf0\x9f\x8d\xb8"), 4);
	assert_string_equal(out, "abcd");
	assert_int_equal(utf8_clean(out, 1, "abc"), 0);
	assert_string_equal(out, "");
}

/* Every byte value, alone and after a lead byte: nothing raw survives. */
/* Characters as platforms count them: code points, never half of one. */
static void
test_prefix_count(void **state)
{
	const char	*s = "a🍸é\nb";

	(void)state;
	assert_int_equal(utf8_count(""), 0);
	assert_int_equal(utf8_count(s), 5);
	assert_int_equal(utf8_prefix(s, 0), 0);
	assert_int_equal(utf8_prefix(s, 1), 1);
	assert_int_equal(utf8_prefix(s, 2), 5);	/* the whole 🍸 */
	assert_int_equal(utf8_prefix(s, 3), 7);
	assert_int_equal(utf8_prefix(s, 5), strlen(s));
	assert_int_equal(utf8_prefix(s, 99), strlen(s));
}

static void
test_every_byte(void **state)
{
	char	 in[4], *s;
	int	 a, b;

	(void)state;
	for (a = 1; a < 256; a++) {
		for (b = 0; b < 256; b++) {
			in[0] = (char)a;
			in[1] = (char)b;
			in[2] = '\0';
			s = utf8_clean_dup(in);
			assert_false(has_control(s));
			assert_true(utf8_is_clean(s));
			free(s);
		}
	}
}

/* Space look-alikes become spaces, invisible ones go, ends are trimmed. */
static void
test_plain_spaces(void **state)
{
	static const char *const cases[][2] = {
		{ "alice", "alice" },
		{ "\xc2\xa0" "alice\xe2\x80\x8b", "alice" },
		{ "al\xe2\x80\x8b" "ice", "alice" },
		{ "mary\xc2\xa0" "ann", "mary ann" },
		{ "\xe3\x80\x80" "bob\xe2\x80\xaf", "bob" },
		{ "\xef\xbb\xbf\xe2\x81\xa0", "" },
		{ " zo\xc3\xab ", "zo\xc3\xab" },
		{ "\xff\xc2", "\xff\xc2" },	/* not UTF-8: left to utf8_clean */
	};
	size_t	i;
	char	*s;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = utf8_plain_spaces(cases[i][0]);
		assert_string_equal(s, cases[i][1]);
		free(s);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_controls),
		cmocka_unit_test(test_prefix_count),
		cmocka_unit_test(test_invalid),
		cmocka_unit_test(test_short_buffer),
		cmocka_unit_test(test_every_byte),
		cmocka_unit_test(test_plain_spaces),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
