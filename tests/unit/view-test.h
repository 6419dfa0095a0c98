/*
 * view-test.h: what the tests of the boards as cards share (Discord's
 * embed, Slack's blocks): a small board's view, a view with every part
 * filled to its longest, and whether a cut left whole characters.  Header-only (static
 * inline) so that tests/unit holds only test_*.c files.
 */
#ifndef TESTS_UNIT_VIEW_TEST_H
#define TESTS_UNIT_VIEW_TEST_H

#include <stdio.h>
#include <string.h>

#include "bot/adapter.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/*
 * A running board of CHEERS table 7: alice's turn (alice and bob are the
 * platform's mentions, borrowed), bob's last two moves, alice's and bob's
 * shakers side by side (bob's name with markup characters) and a wide
 * field.  Caller frees.
 */
static inline struct adapter_view *
view_test_small(const char *alice, const char *bob)
{
	struct adapter_view	*v = xcalloc(1, sizeof *v);

	v->state = ADAPTER_VIEW_RUNNING;
	snprintf(v->title, sizeof v->title, "CHEERS · table 7");
	snprintf(v->status, sizeof v->status,
	    "%s's turn: play, move or throw.", alice);
	snprintf(v->footer, sizeof v->footer,
	    "alice's turn: play, move or throw.");
	snprintf(v->summary, sizeof v->summary, "Deck 43, discard 0.");
	snprintf(v->recent, sizeof v->recent,
	    "%s offers 🥃 to %s's shaker.\n%s draws a card.", bob, bob, bob);
	snprintf(v->field[0].name, sizeof v->field[0].name, "alice's shaker");
	snprintf(v->field[0].value, sizeof v->field[0].value,
	    "(empty)\n3 cards in hand");
	snprintf(v->field[1].name, sizeof v->field[1].name,
	    "b<o>b & co's shaker");
	snprintf(v->field[1].value, sizeof v->field[1].value,
	    "1 🥃 whisky\n3 cards in hand");
	snprintf(v->field[2].name, sizeof v->field[2].name, "Guest market");
	snprintf(v->field[2].value, sizeof v->field[2].value, "1. Latvia");
	v->field[2].wide = 1;
	v->nfields = 3;
	return v;
}

/* Fills buf (len bytes) with a repeated piece, cut on a whole piece. */
static inline void
view_test_fill(char *buf, size_t len, const char *piece)
{
	size_t	n = strlen(piece), at = 0;

	while (at + n < len) {
		memcpy(buf + at, piece, n);
		at += n;
	}
	buf[at] = '\0';
}

/* The piece each part of a view at its longest repeats (view_test_longest). */
struct view_test_pieces {
	const char	*title, *status, *footer, *summary, *recent;
	const char	*name, *value;	/* every field's */
};

/*
 * Fills every part of v to its longest with p's pieces (view_test_fill),
 * with all ADAPTER_VIEW_FIELDS fields; v's state and the fields' width
 * are the caller's.
 */
static inline void
view_test_longest(struct adapter_view *v, const struct view_test_pieces *p)
{
	int	i;

	view_test_fill(v->title, sizeof v->title, p->title);
	view_test_fill(v->status, sizeof v->status, p->status);
	view_test_fill(v->footer, sizeof v->footer, p->footer);
	view_test_fill(v->summary, sizeof v->summary, p->summary);
	view_test_fill(v->recent, sizeof v->recent, p->recent);
	for (i = 0; i < ADAPTER_VIEW_FIELDS; i++) {
		view_test_fill(v->field[i].name, sizeof v->field[i].name,
		    p->name);
		view_test_fill(v->field[i].value, sizeof v->field[i].value,
		    p->value);
	}
	v->nfields = ADAPTER_VIEW_FIELDS;
}

/* Whether s is whole UTF-8: no character cut in two. */
static inline int
view_test_whole(const char *s)
{
	size_t	n;

	while (*s != '\0') {
		if ((unsigned char)*s < 0x80)
			n = 1;
		else if ((n = utf8_char_len(s)) == 0)
			return 0;
		s += n;
	}
	return 1;
}

#endif
