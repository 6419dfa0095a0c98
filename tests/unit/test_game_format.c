/*
 * test_game_format.c: game_format() writes exactly what snprintf writes,
 * for the conversions it does itself (%s %d %u %c %%), for those it hands
 * to vsnprintf (widths, precisions, flags), and at every buffer size, so
 * truncation matches too.
 */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "game/game.h"
#include "game/text.h"

#define MAXLEN	96

/* Formats with both at every size from 1 to MAXLEN and compares. */
static void
same(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
same(const char *fmt, ...)
{
	char	want[MAXLEN], got[MAXLEN];
	va_list	ap, aq;
	size_t	len;

	for (len = 1; len <= MAXLEN; len++) {
		memset(want, 'x', sizeof want);
		memset(got, 'x', sizeof got);
		va_start(ap, fmt);
		vsnprintf(want, len, fmt, ap);
		va_end(ap);
		va_start(aq, fmt);
		game_vformat(got, len, fmt, aq);
		va_end(aq);
		if (memcmp(want, got, sizeof want) != 0)
			fail_msg("\"%s\" at %zu bytes: snprintf \"%s\", "
			    "game_format \"%s\"", fmt, len, want, got);
	}
}

static void
test_own(void **state)
{
	(void)state;
	same("plain text, no conversion");
	same("%s", "");
	same("@{%d} offers %s to %s.", 3, "\xf0\x9f\x8d\xba", "@{1}'s shaker");
	same("%d %d %d %d", 0, -1, INT_MAX, INT_MIN);
	same("%u %u", 0u, UINT_MAX);
	same("Team %c (%s) wins with %s%s%s.", 'A', "x", "a", "", "b");
	same("100%% %s%%", "sure");
	same("%s", (const char *)"a long argument that will not fit in the "
	    "smaller buffers at all, far longer than the format");
}

static void
test_handed_on(void **state)
{
	(void)state;
	same("Option %s cannot be \"%.40s\": use %s.", "mode",
	    "a value longer than forty characters, to be cut", "a, b");
	same("%3d|%-4s|%05d", 7, "ab", 42);
	same("%s then %x", "hex", 255u);
	same("%c in the middle", '\0');
}

/* A count's noun agrees with it, in formats and in built texts alike. */
static void
test_plural(void **state)
{
	struct game_text	t;
	char			buf[64];

	(void)state;
	assert_string_equal(game_plural(1, "card", "cards"), "card");
	assert_string_equal(game_plural(-1, "point", "points"), "point");
	assert_string_equal(game_plural(0, "card", "cards"), "cards");
	assert_string_equal(game_plural(2, "goes", "go"), "go");
	assert_string_equal(game_plural(-3, "point", "points"), "points");
	game_format(buf, sizeof buf, "%d %s %s round.", 1,
	    game_plural(1, "sip", "sips"), game_plural(1, "goes", "go"));
	assert_string_equal(buf, "1 sip goes round.");
	game_text_init(&t, buf, sizeof buf);
	game_text_count(&t, 1, "card", "cards");
	game_text_put(&t, ", ");
	game_text_count(&t, 12, "card", "cards");
	assert_string_equal(buf, "1 card, 12 cards");
	/* Cut at the buffer's end like every other piece. */
	game_text_init(&t, buf, 6);
	game_text_count(&t, 3, "card", "cards");
	assert_string_equal(buf, "3 car");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_own),
		cmocka_unit_test(test_handed_on),
		cmocka_unit_test(test_plural),
	};

	return cmocka_run_group_tests_name("game_format", tests, NULL, NULL);
}
