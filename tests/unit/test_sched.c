/*
 * Unit tests for the scheduler's queue (bot/tables/sched-heap.c): tables come
 * off it by deadline, ties in the order they were made, whatever order
 * their tasks were set, moved or cleared in; a closed table leaves it.
 * Then, through bot_advance, the order in which due tasks really run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/tables/play.h"
#include "bot/tables/sched-heap.h"
#include "bot/tables/table.h"
#include "game/rng.h"
#include "lib/xmalloc.h"
#include "tests/unit/bot-fixture.h"
#include "tests/unit/said.h"

#define NTABLES	2000

static const struct game_ops fake_ops = {
	.name = "fake", .title = "FAKE", .min_players = 2, .max_players = 4,
};

/* What the fake adapter was asked to say, one channel per line. */
static char	said[4096];

static int
fake_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	(void)a;
	(void)cause;
	if (strstr(text, "lobby closed") != NULL)
		said_add(said, sizeof said, channel);
	return 0;
}

/* Whether the fake platform is behind, for every channel. */
static int	behind;

static int
fake_behind(struct adapter *a, const char *channel)
{
	(void)a;
	(void)channel;
	return behind;
}

static const struct adapter_ops fake_adapter_ops = {
	.name = "fake", .send_channel = fake_send_channel,
	.behind = fake_behind,
};

/* The AI moves asked of the fake game: none is ever found. */
static int	ai_asked;

static int
fake_ai_move(const struct game *g, int seat, struct rng *rng,
    struct game_move *m)
{
	(void)g;
	(void)seat;
	(void)rng;
	(void)m;
	ai_asked++;
	return -1;
}

static int
fake_legal_moves(const struct game *g, int seat, struct game_move *out,
    size_t max)
{
	(void)g;
	(void)seat;
	(void)out;
	(void)max;
	return 0;
}

static const struct game_ops fake_ai_ops = {
	.name = "fake", .title = "FAKE", .min_players = 2, .max_players = 4,
	.ai_move = fake_ai_move, .legal_moves = fake_legal_moves,
};

struct fixture {
	struct bot	 bot;
	struct adapter	 adapter;
	struct table	*t[NTABLES];
	struct rng	 rng;
};

static int
setup(void **state)
{
	struct fixture	*f = xcalloc(1, sizeof *f);
	char		 channel[32];
	int		 i;

	bot_fixture_start(&f->bot, &f->adapter, &fake_adapter_ops);
	f->bot.config->tables_lobby_expiry_ms = 60000;
	f->bot.fake_clock = 1;
	for (i = 0; i < NTABLES; i++) {
		snprintf(channel, sizeof channel, "#t%d", i);
		f->t[i] = table_new(&f->bot, &f->adapter, channel, &fake_ops);
	}
	rng_init(&f->rng, 20240601, 1);
	said[0] = '\0';
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fixture	*f = *state;
	struct table	*t;

	while ((t = TAILQ_FIRST(&f->bot.tables)) != NULL)
		table_close(t);
	/* The last table took the queue with it. */
	assert_null(f->bot.sched);
	assert_int_equal(f->bot.nsched, 0);
	return bot_fixture_teardown(state);
}

/* The index of table t in the fixture (creation order). */
static int
index_of(const struct fixture *f, const struct table *t)
{
	int	i;

	for (i = 0; i < NTABLES; i++)
		if (f->t[i] == t)
			return i;
	fail_msg("a table not of this fixture came off the queue");
	return -1;
}

/*
 * Takes every table off the queue, top first, checking that each comes
 * no earlier than the one before (deadline, then creation order) and
 * that it is the earliest of the tables still queued by a plain walk.
 * Returns how many came off; order (may be NULL) gets their indexes.
 */
static int
drain(struct fixture *f, int *order)
{
	struct table	*t, *prev = NULL, *walk;
	int		 n = 0, i;

	while ((t = sched_first(&f->bot)) != NULL) {
		assert_int_not_equal(t->task, TASK_NONE);
		assert_int_equal(t->sched_pos, 0);
		if (prev != NULL) {
			assert_true(prev->deadline < t->deadline ||
			    (prev->deadline == t->deadline &&
			    index_of(f, prev) < index_of(f, t)));
		}
		/* Every 97th time, compare with the walk the queue replaced. */
		if (n % 97 == 0) {
			walk = NULL;
			for (i = 0; i < NTABLES; i++) {
				if (f->t[i] == NULL || f->t[i]->task == TASK_NONE)
					continue;
				if (walk == NULL || f->t[i]->deadline < walk->deadline)
					walk = f->t[i];
			}
			assert_ptr_equal(walk, t);
		}
		if (order != NULL)
			order[n] = index_of(f, t);
		sched_clear(t);
		assert_int_equal(t->task, TASK_NONE);
		assert_int_equal(t->sched_pos, -1);
		prev = t;
		n++;
	}
	assert_int_equal(f->bot.nsched, 0);
	return n;
}

/* Many tables with random deadlines (many of them equal) pop in order. */
static void
test_random_deadlines_pop_in_order(void **state)
{
	struct fixture	*f = *state;
	int		 i;

	for (i = 0; i < NTABLES; i++)
		sched_set(f->t[i], TASK_AI, 1u << (i % 4),
		    rng_below(&f->rng, 500) * 10);
	assert_int_equal(f->bot.nsched, NTABLES);
	assert_int_equal(drain(f, NULL), NTABLES);
}

/* Equal deadlines come off in creation order, whatever order they were set. */
static void
test_ties_in_creation_order(void **state)
{
	struct fixture	*f = *state;
	int		 order[NTABLES], i;

	for (i = NTABLES - 1; i >= 0; i--)
		sched_set(f->t[i], TASK_TIMEOUT, 1, 5000);
	assert_int_equal(drain(f, order), NTABLES);
	for (i = 0; i < NTABLES; i++)
		assert_int_equal(order[i], i);
}

/* A task moved earlier or later (or set again the same) takes its new place. */
static void
test_deadline_moves(void **state)
{
	struct fixture	*f = *state;
	int		 order[NTABLES], i, k, n;

	for (i = 0; i < NTABLES; i++)
		sched_set(f->t[i], TASK_AI, 1, 1000 + 10 * (uint64_t)i);
	/* The last made moves to the front, the first to the back. */
	sched_set(f->t[NTABLES - 1], TASK_AI, 1, 5);
	assert_ptr_equal(sched_first(&f->bot), f->t[NTABLES - 1]);
	sched_set(f->t[0], TASK_TIMEOUT, 2, 1000000);
	assert_ptr_equal(sched_first(&f->bot), f->t[NTABLES - 1]);
	assert_int_equal(f->t[0]->task, TASK_TIMEOUT);
	assert_int_equal(f->t[0]->task_seats, 2);
	/* Random moves both ways, then a few set again as they are. */
	for (k = 0; k < 5 * NTABLES; k++) {
		i = (int)rng_below(&f->rng, NTABLES);
		sched_set(f->t[i], TASK_AI, 1, 1 + rng_below(&f->rng, 100000));
	}
	for (k = 0; k < 50; k++) {
		i = (int)rng_below(&f->rng, NTABLES);
		sched_set(f->t[i], f->t[i]->task, 1, f->t[i]->deadline);
	}
	/* One more, to a deadline no other table has: it comes off first. */
	sched_set(f->t[7], TASK_AI, 1, 0);
	assert_ptr_equal(sched_first(&f->bot), f->t[7]);
	n = drain(f, order);
	assert_int_equal(n, NTABLES);
	assert_int_equal(order[0], 7);
}

/* Tasks cleared in the middle of the queue leave it; the rest keep order. */
static void
test_clear_from_middle(void **state)
{
	struct fixture	*f = *state;
	int		 i, n = 0;

	for (i = 0; i < NTABLES; i++)
		sched_set(f->t[i], TASK_AI, 1, 1 + rng_below(&f->rng, 100000));
	for (i = 0; i < NTABLES; i += 3) {
		/* Not always the top: the middle and the bottom of the heap. */
		sched_clear(f->t[i]);
		assert_int_equal(f->t[i]->sched_pos, -1);
		assert_int_equal(f->t[i]->task, TASK_NONE);
		assert_int_equal(f->t[i]->task_seats, 0);
		/* Cleared twice is no harm. */
		sched_clear(f->t[i]);
		n++;
	}
	/* TASK_NONE through sched_set clears too. */
	sched_set(f->t[1], TASK_NONE, 1, 5);
	assert_int_equal(f->t[1]->sched_pos, -1);
	n++;
	assert_int_equal(f->bot.nsched, NTABLES - n);
	assert_int_equal(drain(f, NULL), NTABLES - n);
}

/* A table closed while queued leaves the queue; the others stay in order. */
static void
test_close_queued_table(void **state)
{
	struct fixture	*f = *state;
	struct table	*t;
	int		 i, n = 0;

	for (i = 0; i < NTABLES; i++)
		sched_set(f->t[i], TASK_AI, 1, 1 + rng_below(&f->rng, 100000));
	/* The top, then every fifth. */
	t = sched_first(&f->bot);
	i = index_of(f, t);
	table_close(t);
	f->t[i] = NULL;
	n++;
	for (i = 0; i < NTABLES; i += 5) {
		if (f->t[i] == NULL)
			continue;
		table_close(f->t[i]);
		f->t[i] = NULL;
		n++;
	}
	assert_int_equal(f->bot.nsched, NTABLES - n);
	assert_int_equal(f->bot.ntables, NTABLES - n);
	assert_int_equal(drain(f, NULL), NTABLES - n);
}

/* A table outside the bot's list (a replay) is never queued. */
static void
test_unlisted_table_not_queued(void **state)
{
	struct fixture	*f = *state;
	struct table	*t = table_alloc(&f->bot, &f->adapter, "#replay", &fake_ops);

	assert_int_equal(t->sched_pos, -1);
	sched_set(t, TASK_AI, 1, 0);
	assert_int_equal(t->task, TASK_AI);
	assert_int_equal(t->sched_pos, -1);
	assert_null(sched_first(&f->bot));
	table_free(t);
}

/* The earliest deadline after now, past the tasks already due. */
static void
test_after(void **state)
{
	struct fixture	*f = *state;
	int		 i;

	assert_true(sched_after(&f->bot, 0) == UINT64_MAX);
	for (i = 0; i < 100; i++)
		sched_set(f->t[i], TASK_AI, 1, 1000 + (uint64_t)(i % 10));
	sched_set(f->t[500], TASK_AI, 1, 5000);
	sched_set(f->t[501], TASK_AI, 1, 4000);
	assert_true(sched_after(&f->bot, 0) == 1000);
	assert_true(sched_after(&f->bot, 1000) == 1001);
	assert_true(sched_after(&f->bot, 1008) == 1009);
	assert_true(sched_after(&f->bot, 1009) == 4000);
	assert_true(sched_after(&f->bot, 4000) == 5000);
	assert_true(sched_after(&f->bot, 5000) == UINT64_MAX);
}

/*
 * Lobbies expire through bot_advance in deadline order, equal deadlines
 * in the order the tables were made, not the order they were scheduled;
 * a table closed before its time never expires.
 */
static void
test_advance_runs_in_order(void **state)
{
	struct fixture	*f = *state;
	int		 i;

	/* Keep four tables, made in the order t0, t1, t2, t3. */
	for (i = 4; i < NTABLES; i++) {
		table_close(f->t[i]);
		f->t[i] = NULL;
	}
	f->bot.fake_now = 1000;
	play_schedule(f->t[2]);
	play_schedule(f->t[1]);
	play_schedule(f->t[0]);
	f->bot.fake_now = 0;
	play_schedule(f->t[3]);
	assert_int_equal(f->t[3]->deadline, 60000);
	assert_int_equal(f->t[0]->deadline, 61000);

	bot_advance(&f->bot, 60999);
	assert_string_equal(said, "#t3\n");
	assert_int_equal(f->bot.ntables, 3);
	bot_advance(&f->bot, 1);
	assert_string_equal(said, "#t3\n#t0\n#t1\n#t2\n");
	assert_int_equal(f->bot.ntables, 0);
	assert_null(f->bot.sched);

	/* A closed table's lobby never expires. */
	said[0] = '\0';
	for (i = 0; i < 3; i++) {
		f->t[i] = table_new(&f->bot, &f->adapter, i == 0 ? "#x" :
		    i == 1 ? "#y" : "#z", &fake_ops);
		play_schedule(f->t[i]);
	}
	table_close(f->t[1]);
	bot_advance(&f->bot, 60000);
	assert_string_equal(said, "#x\n#z\n");
	assert_int_equal(f->bot.ntables, 0);
	for (i = 0; i < 3; i++)
		f->t[i] = NULL;
}

/*
 * An AI seat waits while the adapter says its table's channel is behind,
 * looking again every TABLE_HOLD_MS, and moves once it has caught up.
 */
static void
test_ai_waits_while_behind(void **state)
{
	struct fixture	*f = *state;
	struct table	*t = f->t[0];

	t->ops = &fake_ai_ops;
	table_add_seat(t, "u1", "alice");
	table_add_seat(t, NULL, "Negroni");
	t->seats[1].ai = 1;
	t->state = TABLE_PLAYING;
	ai_asked = 0;
	behind = 1;
	f->bot.fake_now = 0;
	sched_set(t, TASK_AI, 1u << 1, 1000);
	bot_advance(&f->bot, 1000);
	assert_int_equal(ai_asked, 0);
	assert_int_equal(t->task, TASK_AI);
	assert_int_equal(t->task_seats, 1u << 1);
	assert_int_equal(t->deadline, 1000 + TABLE_HOLD_MS);
	bot_advance(&f->bot, 10 * TABLE_HOLD_MS);
	assert_int_equal(ai_asked, 0);
	assert_int_equal(t->task, TASK_AI);

	/* Caught up: the seat is asked for its move at the next look. */
	behind = 0;
	bot_advance(&f->bot, TABLE_HOLD_MS);
	assert_int_equal(ai_asked, 1);
	t->state = TABLE_LOBBY;
	t->ops = &fake_ops;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_random_deadlines_pop_in_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ties_in_creation_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_deadline_moves, setup, teardown),
		cmocka_unit_test_setup_teardown(test_clear_from_middle, setup, teardown),
		cmocka_unit_test_setup_teardown(test_close_queued_table, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unlisted_table_not_queued, setup, teardown),
		cmocka_unit_test_setup_teardown(test_after, setup, teardown),
		cmocka_unit_test_setup_teardown(test_advance_runs_in_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ai_waits_while_behind, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
