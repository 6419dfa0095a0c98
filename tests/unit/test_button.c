/*
 * Unit tests for buttons: ids, their limits, and the move picker on a
 * real CHEERS game (a Duel, so every position is small enough to reason
 * about).
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/unit/table-test.h"

#include "bot/bot.h"
#include "bot/saying/buttons.h"
#include "bot/daemon/config.h"
#include "bot/tables/play.h"
#include "bot/tables/table.h"
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
	assert_int_equal(button_parse("cb2:7.0a1b2c:12:m 0 1", &c), 0);
	assert_int_equal(c.table, 7);
	assert_string_equal(c.tag, "0a1b2c");
	assert_int_equal(c.old, 0);
	assert_int_equal(c.version, 12);
	assert_string_equal(c.what, "m 0 1");
	assert_int_equal(button_parse("cb2:7.ff0000:*:hand", &c), 0);
	assert_int_equal(c.version, BUTTON_ANY);
	assert_string_equal(c.what, "hand");
	assert_int_equal(button_parse("cb2:9223372036854775807.abc:1:end",
	    &c), 0);
	assert_int_equal(c.table, INT64_MAX);

	/* Ids from before tags: parsed, and marked old. */
	assert_int_equal(button_parse("cb1:7:12:m 0 1", &c), 0);
	assert_int_equal(c.table, 7);
	assert_int_equal(c.old, 1);
	assert_string_equal(c.tag, "");
	assert_int_equal(c.version, 12);
	assert_string_equal(c.what, "m 0 1");
	assert_int_equal(button_parse("cb1:7:*:hand", &c), 0);
	assert_int_equal(c.version, BUTTON_ANY);
	assert_string_equal(c.what, "hand");

	assert_int_equal(button_parse("cb3:7.abc:1:hand", &c), -1); /* format */
	assert_int_equal(button_parse("cb2:7:1:hand", &c), -1);	/* no tag */
	assert_int_equal(button_parse("cb2:7.:1:hand", &c), -1);
	assert_int_equal(button_parse("cb2:7.ABC:1:hand", &c), -1);
	assert_int_equal(button_parse("cb2:7.abcdefghi:1:hand", &c), -1);
	assert_int_equal(button_parse("cb1:7.abc:1:hand", &c), -1);
	assert_int_equal(button_parse("cb2:0.abc:1:hand", &c), -1); /* table 0 */
	assert_int_equal(button_parse("cb2:9223372036854775808.abc:1:hand",
	    &c), -1);
	assert_int_equal(button_parse("cb1:0:1:hand", &c), -1);
	assert_int_equal(button_parse("cb1:x:1:hand", &c), -1);
	assert_int_equal(button_parse("cb1:7:-1:hand", &c), -1);
	assert_int_equal(button_parse("cb2:7.abc:-1:hand", &c), -1);
	assert_int_equal(button_parse("cb1:7:1:", &c), -1);	/* nothing */
	assert_int_equal(button_parse("cb2:7.abc:1:", &c), -1);
	assert_int_equal(button_parse("cb1:7", &c), -1);
	assert_int_equal(button_parse("cb2:7.abc", &c), -1);
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
	snprintf(f->t->tag, sizeof f->t->tag, "0c0ffe");
	f->t->nmoves = 3;
	button_add(&bs, 0, ADAPTER_STYLE_PRIMARY, "My hand", f->t, 0, "hand");
	button_add(&bs, 0, ADAPTER_STYLE_PRIMARY, "Again", f->t, 0, "hand");
	button_add(&bs, 1, ADAPTER_STYLE_PRIMARY, "throw", f->t, 1, "m %d", 2);
	assert_int_equal(bs.n, 2);	/* one id once only */
	assert_string_equal(bs.b[0].id, "cb2:9.0c0ffe:*:hand");
	assert_string_equal(bs.b[1].id, "cb2:9.0c0ffe:3:m 2");

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
	/* Telegram's 64 bytes are the most an id may take. */
	what[BUTTON_ID_MAX - strlen("cb2:9.0c0ffe:3:")] = '\0';
	button_add(&bs, 1, ADAPTER_STYLE_PRIMARY, "64", f->t, 1, "%s", what);
	assert_int_equal(bs.n, 2);
	assert_int_equal(strlen(bs.b[1].id), BUTTON_ID_MAX);
	what[strlen(what) - 1] = 'b';
	strcat(what, "c");
	button_add(&bs, 1, ADAPTER_STYLE_PRIMARY, "65", f->t, 1, "%s", what);
	assert_int_equal(bs.n, 2);
}

/*
 * The buttons seat may get now: its moves, and the picker's question for
 * every prefix of up to max of its legal moves.  Each set goes to check.
 */
static void
each_button_set(struct table *t, int seat, int max,
    void (*check)(const struct table *, const struct adapter_buttons *, void *),
    void *arg)
{
	struct adapter_buttons	 bs;
	struct game_move	*legal, m;
	char			 text[2048];
	int			 n, i, k, j;

	button_moves(t, seat, &bs);
	check(t, &bs, arg);
	legal = xreallocarray(NULL, 2048, sizeof *legal);
	n = t->ops->legal_moves(t->game, seat, legal, 2048);
	for (i = 0; i < n && i < max; i++) {
		for (k = 0; k < t->ops->actions[legal[i].action].nargs; k++) {
			m = legal[i];
			for (j = k; j < GAME_MAX_ARGS; j++)
				m.args[j] = -1;
			if (button_pick(t, seat, &m, k, &bs, text,
			    sizeof text) == 0)
				check(t, &bs, arg);
		}
	}
	free(legal);
}

/* What the bound test gathers: ids and the longest what. */
struct bound {
	int	 sets, buttons;
	size_t	 longest_id, longest_what;
	char	 example[BUTTON_ID_MAX + 1];
};

static void
bound_check(const struct table *t, const struct adapter_buttons *bs, void *arg)
{
	struct bound		*b = arg;
	struct button_click	 c;
	int			 i;

	(void)t;
	b->sets++;
	for (i = 0; i < bs->n; i++) {
		assert_true(strlen(bs->b[i].id) <= BUTTON_ID_MAX);
		assert_int_equal(button_parse(bs->b[i].id, &c), 0);
		assert_int_equal(c.old, 0);
		b->buttons++;
		if (strlen(bs->b[i].id) > b->longest_id) {
			b->longest_id = strlen(bs->b[i].id);
			snprintf(b->example, sizeof b->example, "%s",
			    bs->b[i].id);
		}
		if (strlen(c.what) > b->longest_what)
			b->longest_what = strlen(c.what);
	}
}

/* The same buttons with another id and move count: counted alike. */
static void
count_check(const struct table *t, const struct adapter_buttons *bs, void *arg)
{
	int	*n = arg;

	(void)t;
	*n += bs->n;
}

/*
 * The worst case fits Telegram's 64 bytes: on every game, at many
 * positions of random play, every button of every seat (its moves, and
 * the picker at every step of its legal moves) is drawn for the largest
 * table id SQLite gives and the largest move count, and none is longer
 * than BUTTON_ID_MAX or left out for its length.
 */
static void
test_worst_case_fits(void **state)
{
	static const struct adapter_ops	 ops = { .name = "fake" };
	const struct game_ops *const	*games = game_all();
	struct bound			 b;
	struct game_move		*legal;
	struct game_events		 ev;
	struct table			*t;
	struct bot			 bot;
	struct adapter			 a;
	struct config			*config = config_new();
	char				*cause = NULL;
	uint64_t			 rnd;
	int				 g, seed, step, seat, n = 0, i, nplayers;
	int				 small, big, moves;

	(void)state;
	memset(&b, 0, sizeof b);
	bot_init(&bot, uv_default_loop(), config);
	memset(&a, 0, sizeof a);
	a.ops = &ops;
	a.bot = &bot;
	legal = xreallocarray(NULL, 2048, sizeof *legal);
	for (g = 0; games[g] != NULL; g++) {
		for (seed = 1; seed <= 4; seed++) {
			nplayers = seed % 2 ? games[g]->min_players :
			    games[g]->max_players;
			if (nplayers < 1)
				nplayers = 2;
			t = table_new(&bot, &a, "#bar", games[g]);
			for (i = 0; i < nplayers; i++) {
				char name[16];

				snprintf(name, sizeof name, "p%d", i);
				table_add_seat(t, name, name);
			}
			t->seed = (uint64_t)seed * 7919;
			if (play_new_game(t, &cause) != 0)
				fail_msg("%s: %s", games[g]->name, cause);
			t->state = TABLE_PLAYING;
			rnd = t->seed;
			for (step = 0; step < 150; step++) {
				struct game_result	r;

				t->ops->result(t->game, &r);
				if (r.state != GAME_RUNNING)
					break;
				/* The largest id and move count, then small ones. */
				moves = t->nmoves;
				table_set_id(t, INT64_MAX);
				t->nmoves = INT_MAX;
				big = small = 0;
				for (seat = 0; seat < t->nseats; seat++) {
					each_button_set(t, seat, 12, bound_check,
					    &b);
					each_button_set(t, seat, 12, count_check,
					    &big);
				}
				table_set_id(t, 1);
				t->nmoves = 0;
				for (seat = 0; seat < t->nseats; seat++)
					each_button_set(t, seat, 12, count_check,
					    &small);
				assert_int_equal(big, small);
				t->nmoves = moves;
				/* A random legal move of a random seat. */
				rnd = rnd * 6364136223846793005ULL + 1442695040888963407ULL;
				for (i = 0; i < t->nseats; i++) {
					seat = (int)((rnd >> 33) + (uint64_t)i) %
					    t->nseats;
					n = t->ops->legal_moves(t->game, seat,
					    legal, 2048);
					if (n > 0)
						break;
				}
				if (n <= 0)
					break;
				game_events_init(&ev);
				if (t->ops->apply(t->game, seat,
				    &legal[(rnd >> 40) % (uint64_t)n], &ev,
				    &cause) != 0)
					fail_msg("%s: %s", games[g]->name, cause);
				t->nmoves++;
			}
			table_close(t);
		}
	}
	free(legal);
	print_message("%d button sets, %d buttons; longest what %zu bytes, "
	    "longest id %zu: %s\n", b.sets, b.buttons, b.longest_what,
	    b.longest_id, b.example);
	assert_true(b.buttons > 1000);
	assert_true(b.longest_id <= BUTTON_ID_MAX);
	bot_release(&bot);
	uv_close((uv_handle_t *)&bot.timer, NULL);
	uv_run(uv_default_loop(), UV_RUN_NOWAIT);
	config_free(config);
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
		cmocka_unit_test(test_worst_case_fits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
