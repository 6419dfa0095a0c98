/*
 * Unit tests for the board's view (bot/saying/board-view.c): the table in parts
 * for a platform that shows cards.  None for a platform without
 * ADAPTER_VIEW or a game without render_board; the title names the game
 * and the table; the state follows the game, the pause and a final
 * update; seats are mentions where they render and plain names in the
 * title, field names and footer; the last moves come oldest first; parts
 * longer than their buffers are cut on whole characters; and a finished
 * game's board leads with its final table (bot/saying/final-table.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/saying/board-view.h"
#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/tables/table.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"
#include "tests/unit/bot-fixture.h"

/* A game that is only its board's parts and its state. */
struct game {
	int	state;		/* enum game_state */
	int	mentions;	/* "@{0}" in field 0's value this many times */
	int	extra;		/* more fields after the two */
};

static void
fake_free(struct game *g)
{
	free(g);
}

static int
fake_result(const struct game *g, struct game_result *r)
{
	memset(r, 0, sizeof *r);
	r->state = g->state;
	return 0;
}

static void
fake_board(const struct game *g, struct game_board *b)
{
	struct game_board_field	*f;
	int			 i;

	game_board_init(b);
	snprintf(b->status, sizeof b->status, "@{1}'s turn: play.");
	snprintf(b->summary, sizeof b->summary, "Deck 4, @{0} counts.");
	f = game_board_add(b, 0);
	snprintf(f->name, sizeof f->name, "@{0}'s shaker");
	/* "x" first, so that a cut at 2047 bytes falls inside an "Ä". */
	if (g->mentions > 0)
		strcat(f->value, "x");
	for (i = 0; i < g->mentions; i++)
		strcat(f->value, "@{0}");
	if (g->mentions == 0)
		snprintf(f->value, sizeof f->value, "1 🍺 beer, from @{1}");
	f = game_board_add(b, 1);
	snprintf(f->name, sizeof f->name, "Market");
	snprintf(f->value, sizeof f->value, "@{7} is no seat");
	for (i = 0; i < g->extra; i++)
		if ((f = game_board_add(b, 1)) != NULL)
			snprintf(f->name, sizeof f->name, "Extra %d", i);
}

/* Once over: bob first with 2 points, then Ägnes. */
static int
fake_final(const struct game *g, struct game_ranking *r)
{
	struct game_rank	*row;

	game_ranking_init(r);
	if (g->state == GAME_RUNNING)
		return -1;
	row = game_ranking_add(r, 1u << 0);
	row->score = 1;
	snprintf(row->figures, sizeof row->figures, "1 point");
	row = game_ranking_add(r, 1u << 1);
	row->score = 2;
	row->won = 1;
	snprintf(row->figures, sizeof row->figures, "2 points");
	game_ranking_sort(r);
	return 0;
}

static const struct game_ops fake_ops = {
	.name = "fake", .title = "FAKE", .min_players = 2, .max_players = 4,
	.free_game = fake_free, .result = fake_result,
	.render_board = fake_board, .final_table = fake_final,
};
static const struct game_ops plain_ops = {
	.name = "plain", .title = "PLAIN", .min_players = 2, .max_players = 4,
	.free_game = fake_free, .result = fake_result,
};

static void
fake_mention(struct adapter *a, const char *id, const char *name, char *buf,
    size_t len)
{
	(void)a;
	snprintf(buf, len, "<@%s|%s>", id, name);
}

static const struct adapter_ops card_ops = {
	.name = "fake", .flags = ADAPTER_EDIT | ADAPTER_VIEW,
	.mention = fake_mention,
};
static const struct adapter_ops text_ops = {
	.name = "fake", .flags = ADAPTER_EDIT, .mention = fake_mention,
};

struct fixture {
	struct bot	 bot;
	struct adapter	 adapter;
	struct table	*t;
};

static struct table *
new_table(struct fixture *f, const struct game_ops *ops)
{
	struct table	*t = table_new(&f->bot, &f->adapter, "#bar", ops);

	table_add_seat(t, "u1", "Ägnes");
	table_add_seat(t, "u2", "bob");
	t->game = xcalloc(1, sizeof *t->game);
	t->game->state = GAME_RUNNING;
	return t;
}

static int
setup(void **state)
{
	struct fixture	*f = xcalloc(1, sizeof *f);

	bot_fixture_start(&f->bot, &f->adapter, &card_ops);
	f->t = new_table(f, &fake_ops);
	*state = f;
	return 0;
}

static void
test_view_none(void **state)
{
	struct fixture	*f = *state;
	struct table	*t;

	/* A platform that shows text gets no view. */
	f->adapter.ops = &text_ops;
	assert_null(board_view_new(f->t, ADAPTER_BOARD_UPDATE));
	f->adapter.ops = &card_ops;
	/* Nor does a game that cannot tell its parts. */
	t = new_table(f, &plain_ops);
	assert_null(board_view_new(t, ADAPTER_BOARD_UPDATE));
	table_close(t);
}

static void
test_view_parts(void **state)
{
	struct fixture		*f = *state;
	struct adapter_view	*v;
	char			 title[64];

	free(f->t->recent[TABLE_RECENT - 2]);
	f->t->recent[TABLE_RECENT - 2] = xstrdup("@{0} plays.");
	free(f->t->recent[TABLE_RECENT - 1]);
	f->t->recent[TABLE_RECENT - 1] = xstrdup("@{1} draws.");
	/* The title names the number players see, not the id. */
	f->t->num = f->t->id + 6;
	v = board_view_new(f->t, ADAPTER_BOARD_UPDATE);
	assert_non_null(v);
	snprintf(title, sizeof title, "FAKE · table %llu",
	    (unsigned long long)f->t->num);
	assert_string_equal(v->title, title);
	assert_int_equal(v->state, ADAPTER_VIEW_RUNNING);
	/* Mentions where they render, plain names where they do not. */
	assert_string_equal(v->status, "<@u2|bob>'s turn: play.");
	assert_string_equal(v->footer, "bob's turn: play.");
	assert_string_equal(v->summary, "Deck 4, <@u1|Ägnes> counts.");
	assert_int_equal(v->nfields, 2);
	assert_string_equal(v->field[0].name, "Ägnes's shaker");
	assert_string_equal(v->field[0].value, "1 🍺 beer, from <@u2|bob>");
	assert_int_equal(v->field[0].wide, 0);
	assert_string_equal(v->field[1].value, "seat 8 is no seat");
	assert_int_equal(v->field[1].wide, 1);
	assert_string_equal(v->recent, "<@u1|Ägnes> plays.\n<@u2|bob> draws.");
	free(v);
}

static void
test_view_state(void **state)
{
	struct fixture		*f = *state;
	struct adapter_view	*v;

	f->t->paused = 1;
	v = board_view_new(f->t, ADAPTER_BOARD_UPDATE);
	assert_int_equal(v->state, ADAPTER_VIEW_PAUSED);
	assert_non_null(strstr(v->status, "Paused"));
	assert_non_null(strstr(v->footer, "bob's turn"));
	free(v);
	f->t->paused = 0;
	v = board_view_new(f->t, ADAPTER_BOARD_FINAL);
	assert_int_equal(v->state, ADAPTER_VIEW_OVER);
	free(v);
	f->t->game->state = GAME_WON;
	v = board_view_new(f->t, ADAPTER_BOARD_UPDATE);
	assert_int_equal(v->state, ADAPTER_VIEW_OVER);
	free(v);
}

/* A part that outgrows its buffer once seats are named is cut whole. */
static void
test_view_cut(void **state)
{
	struct fixture		*f = *state;
	struct adapter_view	*v;
	const char		*s, *end;
	size_t			 n;

	/* 190 mentions of "<@u1|Ägnes>" (12 bytes) outgrow 2048 bytes. */
	assert_int_equal(strlen("<@u1|Ägnes>"), 12);
	f->t->game->mentions = 190;
	v = board_view_new(f->t, ADAPTER_BOARD_UPDATE);
	s = v->field[0].value;
	n = strlen(s);
	assert_int_equal(n, sizeof v->field[0].value - 2);	/* no half Ä */
	for (end = s + n; s < end; s += n) {
		if ((unsigned char)*s < 0x80)
			n = 1;
		else
			assert_true((n = utf8_char_len(s)) > 0);
	}
	free(v);
}

/* A finished game's board leads with its final table. */
static void
test_view_final(void **state)
{
	struct fixture		*f = *state;
	struct adapter_view	*v;

	/* None while the game runs, even on the final update. */
	v = board_view_new(f->t, ADAPTER_BOARD_FINAL);
	assert_int_equal(v->nfields, 2);
	assert_string_equal(v->field[0].name, "Ägnes's shaker");
	free(v);
	f->t->game->state = GAME_WON;
	v = board_view_new(f->t, ADAPTER_BOARD_FINAL);
	assert_int_equal(v->nfields, 3);
	assert_string_equal(v->field[0].name, "Final scores");
	assert_string_equal(v->field[0].value,
	    "1. <@u2|bob>: 2 points\n2. <@u1|Ägnes>: 1 point");
	assert_int_equal(v->field[0].wide, 1);
	assert_string_equal(v->field[1].name, "Ägnes's shaker");
	assert_string_equal(v->field[2].name, "Market");
	free(v);
	/* A full board gives up its last field for it. */
	f->t->game->extra = ADAPTER_VIEW_FIELDS;
	v = board_view_new(f->t, ADAPTER_BOARD_FINAL);
	assert_int_equal(v->nfields, ADAPTER_VIEW_FIELDS);
	assert_string_equal(v->field[0].name, "Final scores");
	assert_string_equal(v->field[1].name, "Ägnes's shaker");
	assert_string_equal(v->field[ADAPTER_VIEW_FIELDS - 1].name,
	    "Extra 8");
	free(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_view_none, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_view_parts, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_view_state, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_view_cut, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_view_final, setup,
		    bot_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
