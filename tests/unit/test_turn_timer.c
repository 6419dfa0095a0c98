/*
 * Unit tests of the turn timer (bot/tables/play.c, bot/tables/sched.c): it covers a
 * player's whole turn, from the turn's start, however many moves the turn
 * takes; when it runs out the AI finishes that turn, and the count of
 * timeouts in a row counts turns missed, not moves.  Friends with
 * Beverages has turns of several moves; CHEERS of one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/tables/play.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"
#include "tests/unit/said.h"
#include "tests/unit/store-test.h"

#define TURN_MS		60000
#define AI_MS		1000

/* What the channel heard, one post a line, cut at its end. */
static char	said[65536];

static int
quiet_send(struct adapter *a, const char *to, const char *text, char **cause)
{
	(void)a; (void)to; (void)cause;
	said_add(said, sizeof said, text);
	return 0;
}

static int
quiet_dm(struct adapter *a, const char *to, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	(void)a; (void)to; (void)text; (void)bs; (void)cause;
	return 0;
}

static const struct adapter_ops quiet_ops = {
	.name = "console", .flags = ADAPTER_OPERATOR,
	.send_channel = quiet_send, .send_dm = quiet_dm,
};

#include "tests/unit/world-test.h"

/*
 * A started game of name in a world of its own (a fresh state file at
 * path): alice human, three AI seats, the turn timer TURN_MS.
 */
static struct table *
turn_game(struct world *w, char *path, const char *name, uint64_t seed)
{
	struct table	*t;
	char		*cause = NULL;
	int		 fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	world_start(w, &quiet_ops, path, 0);
	w->config->tables_ai_delay_ms = AI_MS;
	w->config->tables_timeouts_to_ai = 3;
	t = table_new(&w->bot, &w->adapter, "#bar", game_find(name));
	t->seed = seed;
	assert_int_equal(store_table_number(w->bot.store, &w->bot, &w->adapter,
	    NULL, &t->num, &cause), 0);
	t->turn_timer = TURN_MS;
	t->prompt_timer = TURN_MS / 2;
	t->host = xstrdup("u1");
	table_add_seat(t, "u1", "alice");
	table_add_seat(t, NULL, "Negroni");
	table_add_seat(t, NULL, "Martini");
	table_add_seat(t, NULL, "Mojito");
	assert_int_equal(play_start(t, &cause), 0);
	said[0] = '\0';
	return t;
}

/*
 * Lets the AI seats move until alice's turn starts (the game's count of
 * turns is more than after); returns her seat.
 */
static int
fwb_to_alice(struct world *w, struct table *t, int after)
{
	int	seat = table_seat_of(t, "u1"), i;

	for (i = 0; i < 400 && (t->game->active != seat ||
	    t->game->turns <= after); i++)
		bot_advance(&w->bot, AI_MS / 2);
	assert_int_equal(t->game->active, seat);
	return seat;
}

/*
 * A player away for Friends with Beverages turns: each time the timer
 * runs out once, TURN_MS after the turn's start; the AI finishes that
 * whole turn (every move of it); the count goes up by exactly one a turn
 * (answers asked of her in other turns may add theirs), and the seat is
 * hers until the count reaches tables.timeouts_to_ai (3).
 */
static void
test_fwb_absence_counts_turns(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-turn-XXXXXX";
	int		 seat, turns, moves, before, k, i;

	(void)state;
	t = turn_game(&w, path, "fwb", 33);
	seat = fwb_to_alice(&w, t, -1);
	for (k = 0; k < 10 && !t->seats[seat].ai; k++) {
		turns = t->game->turns;
		moves = t->nmoves;
		before = t->seats[seat].timeouts;
		said[0] = '\0';
		/* Nothing happens before the turn's time is up... */
		assert_int_equal(t->task, TASK_TIMEOUT);
		assert_int_equal(t->task_seats, 1u << seat);
		assert_true(t->deadline <= w.bot.fake_now + TURN_MS);
		assert_true(t->deadline > w.bot.fake_now + TURN_MS - AI_MS);
		bot_advance(&w.bot, t->deadline - w.bot.fake_now - 1);
		assert_int_equal(t->nmoves, moves);
		/* ...then the AI plays the turn through to its end. */
		for (i = 0; i < 200 && t->game->turns == turns; i++)
			bot_advance(&w.bot, AI_MS / 2);
		assert_int_equal(t->game->turns, turns + 1);
		assert_true(t->nmoves >= moves + 2);	/* a turn of moves */
		assert_int_equal(said_count(said, "ran out of time"), 1);
		assert_int_equal(t->seats[seat].timeouts, before + 1);
		assert_int_equal(t->seats[seat].ai, before + 1 >= 3);
		if (k == 0) {
			/* One absence: counted once, and the seat is hers. */
			assert_int_equal(before, 0);
			assert_int_equal(said_count(said,
			    "@alice ran out of time; "
			    "the AI finishes their turn."), 1);
			assert_int_equal(said_count(said,
			    "plays their seat now"), 0);
		}
		if (!t->seats[seat].ai)
			fwb_to_alice(&w, t, turns);
	}
	assert_true(k >= 2);
	assert_int_equal(t->seats[seat].ai, 1);
	assert_int_equal(t->seats[seat].timeouts, 3);
	world_close(&w);
	unlink(path);
}

/* Alice's first move of a drawing turn: a draw from the deck. */
static void
fwb_draw(const struct table *t, int seat, struct game_move *m)
{
	struct game_move	legal[FWB_MAX_LEGAL];
	int			n, i;

	n = t->ops->legal_moves(t->game, seat, legal, FWB_MAX_LEGAL);
	for (i = 0; i < n; i++)
		if (legal[i].action == FWB_A_DRAW && legal[i].args[0] == -1)
			break;
	assert_true(i < n);
	*m = legal[i];
}

/*
 * The turn timer runs from the turn's start: the player's own moves in
 * the turn do not restart it.
 */
static void
test_fwb_own_moves_keep_the_clock(void **state)
{
	struct world		 w;
	struct table		*t;
	struct game_move	 m;
	char			 path[] = "/tmp/cheersbot-turn-XXXXXX";
	char			*cause = NULL;
	uint64_t		 start;
	int			 seat, turns;

	(void)state;
	t = turn_game(&w, path, "fwb", 34);
	seat = fwb_to_alice(&w, t, -1);
	turns = t->game->turns;
	start = w.bot.fake_now;
	assert_int_equal(t->task, TASK_TIMEOUT);
	assert_true(t->deadline <= start + TURN_MS);
	start = t->deadline;

	/* Half-way through, she draws; the clock goes on. */
	bot_advance(&w.bot, TURN_MS / 2);
	fwb_draw(t, seat, &m);
	assert_int_equal(play_move(t, seat, &m, &cause), 0);
	assert_int_equal(t->game->turns, turns);
	assert_int_equal(t->game->active, seat);
	assert_int_equal(t->task, TASK_TIMEOUT);
	assert_int_equal(t->deadline, start);

	/* Her time runs out once; the AI finishes the turn. */
	said[0] = '\0';
	bot_advance(&w.bot, TURN_MS / 2);
	while (t->game->turns == turns)
		bot_advance(&w.bot, AI_MS);
	assert_int_equal(said_count(said, "ran out of time"), 1);
	assert_int_equal(t->seats[seat].timeouts, 1);
	world_close(&w);
	unlink(path);
}

/*
 * Across a restart the turn's clock runs from the turn's start as the
 * move log has it, not from the player's last move in it: alice's turn
 * began 40 s before the restart and she drew 10 s before it, so 20 s of
 * her minute are left.
 */
static void
test_fwb_restart_keeps_the_turn(void **state)
{
	struct world		 w;
	struct table		*t;
	struct game_move	 m;
	char			 path[] = "/tmp/cheersbot-turn-XXXXXX";
	char			 sql[256], *cause = NULL;
	long long		 now;
	int			 seat, first;

	(void)state;
	t = turn_game(&w, path, "fwb", 34);
	seat = fwb_to_alice(&w, t, -1);
	first = t->nmoves;	/* her turn's first move */
	fwb_draw(t, seat, &m);
	assert_int_equal(play_move(t, seat, &m, &cause), 0);
	/* No snapshot in her turn: the log shows when it began. */
	assert_true(first / STORE_SNAPSHOT_EVERY ==
	    t->nmoves / STORE_SNAPSHOT_EVERY);
	world_close(&w);

	now = (long long)store_now();
	snprintf(sql, sizeof sql, "UPDATE moves SET at = %lld WHERE seq < %d; "
	    "UPDATE moves SET at = %lld WHERE seq >= %d; UPDATE tables SET "
	    "updated = %lld", now - 40000, first, now - 10000, first,
	    now - 10000);
	store_test_exec(path, sql);

	world_start(&w, &quiet_ops, path, 0);
	t = TAILQ_FIRST(&w.bot.tables);
	assert_non_null(t);
	assert_int_equal(t->task, TASK_TIMEOUT);
	assert_int_equal(t->task_seats, 1u << seat);
	assert_true(t->deadline <= w.bot.fake_now + 20000 + 50);
	assert_true(t->deadline >= w.bot.fake_now + 20000 - 5000);
	world_close(&w);
	unlink(path);
}

/*
 * CHEERS turns are one move each: every missed turn counts one, and the
 * seat goes to the AI at the third in a row, as before.
 */
static void
test_cheers_each_turn_counts(void **state)
{
	struct world	 w;
	struct table	*t;
	char		 path[] = "/tmp/cheersbot-turn-XXXXXX";
	int		 i, seat;

	(void)state;
	t = turn_game(&w, path, "cheers", 35);
	seat = table_seat_of(t, "u1");
	/* Small steps: once the AI has every seat, the game runs to its end. */
	for (i = 0; i < 10000 && !t->seats[seat].ai; i++)
		bot_advance(&w.bot, AI_MS / 2);
	assert_int_equal(t->seats[seat].ai, 1);
	assert_int_equal(t->seats[seat].timeouts, 3);
	assert_int_equal(said_count(said, "@alice ran out of time"), 3);
	assert_non_null(strstr(said, "@alice ran out of time 3 times in a "
	    "row"));
	world_close(&w);
	unlink(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fwb_absence_counts_turns),
		cmocka_unit_test(test_fwb_own_moves_keep_the_clock),
		cmocka_unit_test(test_fwb_restart_keeps_the_turn),
		cmocka_unit_test(test_cheers_each_turn_counts),
	};

	return store_test_run("turn_timer", tests,
	    sizeof tests / sizeof *tests, NULL);
}
