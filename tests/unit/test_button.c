/*
 * Unit tests for buttons: ids, their limits, and the move picker on a
 * real CHEERS game (a Duel, so every position is small enough to reason
 * about).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/unit/table-test.h"

#include "bot/bot.h"
#include "bot/button.h"
#include "bot/config.h"
#include "bot/play.h"
#include "bot/table.h"
#include "game/cheers/cheers.h"
#include "lib/xmalloc.h"

static const struct adapter_ops quiet_ops = { .name = "fake" };

static int
setup(void **state)
{
	*state = table_fixture_new(&quiet_ops, &cheers_ops, NULL);
	return 0;
}

static int
teardown(void **state)
{
	table_fixture_free(*state);
	return 0;
}

/* The seat whose turn it is. */
static int
acting_seat(const struct table *t)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];
	int			i;

	assert_true(t->ops->pending(t->game, p, GAME_MAX_PROMPTS) > 0);
	for (i = 0; i < t->nseats; i++)
		if (p[0].seats & (1u << i))
			return i;
	fail();
	return -1;
}

static void
test_parse(void **state)
{
	struct button_click	c;

	(void)state;
	assert_int_equal(button_parse("cb1:7:12:m 0 1", &c), 0);
	assert_int_equal(c.table, 7);
	assert_int_equal(c.version, 12);
	assert_string_equal(c.what, "m 0 1");
	assert_int_equal(button_parse("cb1:7:*:hand", &c), 0);
	assert_int_equal(c.version, BUTTON_ANY);
	assert_string_equal(c.what, "hand");

	assert_int_equal(button_parse("cb2:7:1:hand", &c), -1);	/* format */
	assert_int_equal(button_parse("cb1:0:1:hand", &c), -1);	/* table 0 */
	assert_int_equal(button_parse("cb1:x:1:hand", &c), -1);
	assert_int_equal(button_parse("cb1:7:-1:hand", &c), -1);
	assert_int_equal(button_parse("cb1:7:1:", &c), -1);	/* nothing */
	assert_int_equal(button_parse("cb1:7", &c), -1);
	assert_int_equal(button_parse("", &c), -1);
}

static void
test_add_limits(void **state)
{
	struct table_fixture		*f = *state;
	struct adapter_buttons	 bs;
	char			 label[400], what[200];
	int			 i;

	memset(&bs, 0, sizeof bs);
	table_set_id(f->t, 9);
	f->t->nmoves = 3;
	button_add(&bs, 0, ADAPTER_STYLE_PRIMARY, "My hand", f->t, 0, "hand");
	button_add(&bs, 0, ADAPTER_STYLE_PRIMARY, "Again", f->t, 0, "hand");
	button_add(&bs, 1, ADAPTER_STYLE_PRIMARY, "throw", f->t, 1, "m %d", 2);
	assert_int_equal(bs.n, 2);	/* one id once only */
	assert_string_equal(bs.b[0].id, "cb1:9:*:hand");
	assert_string_equal(bs.b[1].id, "cb1:9:3:m 2");

	/* Five a row, rows 0 to 4, 25 in all. */
	memset(&bs, 0, sizeof bs);
	for (i = 0; i < 40; i++)
		button_add(&bs, i % 7, ADAPTER_STYLE_SECONDARY, "x", f->t, 1,
		    "m %d", i);
	assert_int_equal(bs.n, ADAPTER_BUTTONS_MAX);
	for (i = 0; i < bs.n; i++)
		assert_true(bs.b[i].row < ADAPTER_BUTTON_ROWS);

	/* Labels are cut at 80 characters, never inside one. */
	memset(&bs, 0, sizeof bs);
	label[0] = '\0';
	for (i = 0; i < 100; i++)
		strcat(label, "\xe2\x82\xac");	/* the euro sign */
	button_add(&bs, 0, ADAPTER_STYLE_PRIMARY, label, f->t, 1, "m 0");
	assert_int_equal(strlen(bs.b[0].label), 80 * 3);

	/* An id that would not fit is left out rather than cut. */
	memset(what, 'a', sizeof what - 1);
	what[sizeof what - 1] = '\0';
	button_add(&bs, 1, ADAPTER_STYLE_PRIMARY, "long", f->t, 1, "%s", what);
	assert_int_equal(bs.n, 1);
}

static void
test_moves_for_the_acting_seat(void **state)
{
	struct table_fixture		*f = *state;
	struct adapter_buttons	 bs;
	struct button_click	 c;
	int			 seat = acting_seat(f->t), i;

	button_moves(f->t, seat, &bs);
	/* A Duel's first turn: play a hand card (3 buttons) and throw. */
	assert_int_equal(bs.n, 4);
	for (i = 0; i < bs.n; i++) {
		assert_int_equal(button_parse(bs.b[i].id, &c), 0);
		assert_int_equal(c.table, f->t->id);
		assert_int_equal(c.version, f->t->nmoves);
	}
	assert_memory_equal(bs.b[0].label, "play 1. ", 8);
	assert_string_equal(bs.b[3].label, "throw");
	assert_int_equal(bs.b[3].row, 1);

	/* The other seat has nothing to do, so no buttons. */
	button_moves(f->t, 1 - seat, &bs);
	assert_int_equal(bs.n, 0);
}

static void
test_pick(void **state)
{
	struct table_fixture		*f = *state;
	struct adapter_buttons	 bs;
	struct game_move	 m;
	char			 text[400];
	int			 seat = acting_seat(f->t);

	/* play 1: whose shaker?  Yours, the other's, share; and back. */
	memset(&m, 0, sizeof m);
	m.action = 0;
	m.args[0] = 1;
	m.args[1] = m.args[2] = m.args[3] = -1;
	assert_int_equal(button_pick(f->t, seat, &m, 1, &bs, text,
	    sizeof text), 0);
	assert_int_equal(bs.n, 4);
	assert_string_equal(bs.b[0].label, seat == 0 ? "you" : "alice");
	assert_string_equal(bs.b[2].label, "share");
	assert_string_equal(bs.b[3].label, "« back");
	assert_non_null(strstr(text, "choose target"));

	/* play 1 share: one move, ready to play. */
	m.args[1] = GAME_PLACE_BASE;
	assert_int_equal(button_pick(f->t, seat, &m, 2, &bs, text,
	    sizeof text), 1);
	assert_int_equal(m.args[0], 1);
	assert_int_equal(m.args[1], GAME_PLACE_BASE);

	/* throw takes no argument: played at once. */
	memset(&m, 0, sizeof m);
	m.action = 2;
	assert_int_equal(button_pick(f->t, seat, &m, 0, &bs, text,
	    sizeof text), 1);

	/* Card 9 is not in the hand, and the other seat cannot move. */
	memset(&m, 0, sizeof m);
	m.args[0] = 9;
	assert_int_equal(button_pick(f->t, seat, &m, 1, &bs, text,
	    sizeof text), -1);
	m.args[0] = 1;
	assert_int_equal(button_pick(f->t, 1 - seat, &m, 1, &bs, text,
	    sizeof text), -1);
	/* An action that does not exist. */
	m.action = 99;
	assert_int_equal(button_pick(f->t, seat, &m, 0, &bs, text,
	    sizeof text), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test_setup_teardown(test_add_limits, setup, teardown),
		cmocka_unit_test_setup_teardown(test_moves_for_the_acting_seat,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_pick, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
