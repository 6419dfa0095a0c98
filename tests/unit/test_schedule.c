/*
 * Unit tests for play_schedule(): who the table's one task is for, and
 * when.  A tiny fake game answers pending() from a struct the tests set;
 * no move is ever applied, so the clock and the prompts are all there is.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/tables/play.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"
#include "tests/unit/bot-fixture.h"

/* The fake game: the one prompt it reports, and whose turn it is. */
struct game {
	struct game_prompt	p;
	int			owner;
	long			number;
};

static int
fake_pending(const struct game *g, struct game_prompt *out, size_t max)
{
	if (max < 1 || g->p.seats == 0)
		return 0;
	out[0] = g->p;
	return 1;
}

static const struct game_ops fake_ops = {
	.name = "fake", .title = "FAKE", .min_players = 2, .max_players = 4,
	.pending = fake_pending,
};

static int
fake_turn(const struct game *g, long *number)
{
	*number = g->number;
	return g->owner;
}

/* The same game with turns (game_ops.turn). */
static const struct game_ops fake_turn_ops = {
	.name = "fake", .title = "FAKE", .min_players = 2, .max_players = 4,
	.pending = fake_pending, .turn = fake_turn,
};

static const struct adapter_ops fake_adapter_ops = { .name = "fake" };

struct fixture {
	struct bot	 bot;
	struct adapter	 adapter;
	struct table	*t;
	struct game	 game;
};

/* alice and bob are human, Negroni and Martini are AI seats. */
static int
setup(void **state)
{
	struct fixture	*f = xcalloc(1, sizeof *f);

	bot_fixture_start(&f->bot, &f->adapter, &fake_adapter_ops);
	f->bot.config->tables_ai_delay_ms = 1000;
	f->bot.fake_clock = 1;
	f->t = table_new(&f->bot, &f->adapter, "#bar", &fake_ops);
	table_add_seat(f->t, "u1", "alice");
	table_add_seat(f->t, "u2", "bob");
	table_add_seat(f->t, NULL, "Negroni");
	table_add_seat(f->t, NULL, "Martini");
	f->t->seats[2].ai = f->t->seats[3].ai = 1;
	f->t->state = TABLE_PLAYING;
	f->t->game = &f->game;
	f->t->turn_timer = 120000;
	f->t->prompt_timer = 60000;
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fixture	*f = *state;

	f->t->game = NULL;	/* not the fake game's to free */
	f->t->state = TABLE_OVER;
	return bot_fixture_teardown(state);
}

static void
ask(struct fixture *f, unsigned seats, int each, const char *text)
{
	f->game.p.seats = seats;
	f->game.p.each = each;
	f->game.p.turn = 0;
	snprintf(f->game.p.text, sizeof f->game.p.text, "%s", text);
}

/* At now, the game asks seats (each: every seat for itself) text. */
static void
schedule_at(struct fixture *f, uint64_t now, unsigned seats, int each,
    const char *text)
{
	f->bot.fake_now = now;
	ask(f, seats, each, text);
	play_schedule(f->t);
}

/* As schedule_at, with text a turn's prompt to seats. */
static void
turn_at(struct fixture *f, uint64_t now, unsigned seats, const char *text)
{
	f->bot.fake_now = now;
	ask(f, seats, 0, text);
	f->game.p.turn = 1;
	play_schedule(f->t);
}

/* One answer settles it: AI seats wait while a human may answer. */
static void
test_any_waits_for_humans(void **state)
{
	struct fixture	*f = *state;

	schedule_at(f, 5000, 0xf, 0, "anyone may say nose");
	assert_int_equal(f->t->task, TASK_TIMEOUT);
	assert_int_equal(f->t->task_seats, 0x3);
	assert_int_equal(f->t->deadline, 5000 + 60000);

	/* With no human asked, the AI seats move after the AI delay. */
	ask(f, 0xc, 0, "anyone may say nose");
	play_schedule(f->t);
	assert_int_equal(f->t->task, TASK_AI);
	assert_int_equal(f->t->deadline, 5000 + 1000);
}

/* Every seat answers for itself: AI seats do not wait for humans. */
static void
test_each_ai_answers_beside_humans(void **state)
{
	struct fixture	*f = *state;

	schedule_at(f, 0, 0xf, 1, "Trading: offer, accept, or place your stone.");
	assert_int_equal(f->t->task, TASK_AI);
	assert_int_equal(table_task_seat(f->t), 2);
	assert_int_equal(f->t->deadline, 1000);

	/* The AI seats take turns while both are asked. */
	f->t->ai_last = 2;
	play_schedule(f->t);
	assert_int_equal(table_task_seat(f->t), 3);
	f->t->ai_last = 3;
	play_schedule(f->t);
	assert_int_equal(table_task_seat(f->t), 2);

	/* Once the AI seats are done, the humans' round timer is the task. */
	schedule_at(f, 2000, 0x3, 1, "Trading: offer, accept, or place your stone.");
	assert_int_equal(f->t->task, TASK_TIMEOUT);
	assert_int_equal(table_task_seat(f->t), 0);
	assert_int_equal(f->t->deadline, 60000);
}

/* Other players' moves do not restart a waiting player's timer. */
static void
test_each_timer_runs_from_first_ask(void **state)
{
	struct fixture	*f = *state;

	schedule_at(f, 1000, 0x3, 1, "Trading: offer, accept, or place your stone.");
	assert_int_equal(f->t->deadline, 61000);

	/* alice offers: the same prompt goes on, so the clock does too. */
	f->bot.fake_now = 30000;
	play_schedule(f->t);
	assert_int_equal(f->t->task, TASK_TIMEOUT);
	assert_int_equal(f->t->deadline, 61000);

	/* alice is done; bob's clock is the one he had. */
	schedule_at(f, 40000, 0x2, 1, "Trading: offer, accept, or place your stone.");
	assert_int_equal(table_task_seat(f->t), 1);
	assert_int_equal(f->t->deadline, 61000);

	/* A new question (another text) starts a new clock. */
	schedule_at(f, 50000, 0x3, 1, "Lay out your sets: lay.");
	assert_int_equal(f->t->deadline, 110000);

	/* A seat that leaves and comes back starts afresh. */
	schedule_at(f, 55000, 0x1, 1, "Lay out your sets: lay.");
	schedule_at(f, 56000, 0x3, 1, "Lay out your sets: lay.");
	assert_int_equal(table_task_seat(f->t), 0);
	assert_int_equal(f->t->deadline, 110000);
	ask(f, 0x2, 1, "Lay out your sets: lay.");
	play_schedule(f->t);
	assert_int_equal(f->t->deadline, 56000 + 60000);

	/* The turn timer counts for turn prompts. */
	f->game.p.turn = 1;
	play_schedule(f->t);
	assert_int_equal(f->t->deadline, 56000 + 120000);
}

/* No timer: the humans are waited for without end, the AI still moves. */
static void
test_each_without_timer(void **state)
{
	struct fixture	*f = *state;

	f->t->prompt_timer = 0;
	ask(f, 0x3, 1, "Trading: offer, accept, or place your stone.");
	play_schedule(f->t);
	assert_int_equal(f->t->task, TASK_NONE);
	ask(f, 0x7, 1, "Trading: offer, accept, or place your stone.");
	play_schedule(f->t);
	assert_int_equal(f->t->task, TASK_AI);
	assert_int_equal(table_task_seat(f->t), 2);
}

/*
 * With turns, the turn timer runs from the turn's start: the player's own
 * moves (a new prompt text, a step such as a discard) do not restart it;
 * an answer out of turn keeps at least the prompt timer; another seat's
 * answer has its own; a new turn starts the clock again.
 */
static void
test_turn_timer_covers_the_turn(void **state)
{
	struct fixture	*f = *state;

	f->t->ops = &fake_turn_ops;
	f->game.owner = 0;
	f->game.number = 7;
	turn_at(f, 1000, 0x1, "alice's turn: draw, swap or done");
	assert_int_equal(f->t->task, TASK_TIMEOUT);
	assert_int_equal(f->t->deadline, 1000 + 120000);

	/* alice draws: another step of her turn; the clock goes on. */
	turn_at(f, 50000, 0x1, "alice's turn: swap or done");
	assert_int_equal(f->t->deadline, 1000 + 120000);

	/* Late in the turn a question out of turn: its own minute at least. */
	schedule_at(f, 100000, 0x1, 0, "alice must discard down to 8");
	assert_int_equal(f->t->deadline, 100000 + 60000);

	/* bob answers an interrupt in her turn: his prompt timer. */
	schedule_at(f, 110000, 0x2, 0, "bob may claim immunity");
	assert_int_equal(table_task_seat(f->t), 1);
	assert_int_equal(f->t->deadline, 110000 + 60000);

	/* bob's turn (a new number): a fresh clock from its start. */
	f->game.owner = 1;
	f->game.number = 8;
	turn_at(f, 115000, 0x2, "bob's turn: draw, swap or done");
	assert_int_equal(f->t->deadline, 115000 + 120000);
	f->bot.fake_now = 200000;
	play_schedule(f->t);
	assert_int_equal(f->t->deadline, 115000 + 120000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_any_waits_for_humans, setup, teardown),
		cmocka_unit_test_setup_teardown(test_each_ai_answers_beside_humans, setup, teardown),
		cmocka_unit_test_setup_teardown(test_each_timer_runs_from_first_ask, setup, teardown),
		cmocka_unit_test_setup_teardown(test_each_without_timer, setup, teardown),
		cmocka_unit_test_setup_teardown(test_turn_timer_covers_the_turn, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
