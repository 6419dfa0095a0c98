/*
 * Unit tests for the pacing of Magic Cocktail's AI seats (issue 20):
 * first the AI's choice among allowed actions (game/magic/ai.c), then the
 * bot's rule on the fake clock (bot/tables/play.c): an AI seat places no stone
 * while a human trades until magic.ai_trade_time has passed since the
 * round began, the AI seats of a table offer at most once per
 * magic.ai_offer_gap, and tables of humans alone or of AI seats alone
 * still finish.
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
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/tables/sched-heap.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "tests/unit/magic-test.h"
#include "lib/xmalloc.h"
#include "tests/unit/store-test.h"

#define ABIT(a)		(1u << (a))
#define NO_STONE	(~ABIT(MAGIC_A_STONE))
#define NO_OFFER	(~(ABIT(MAGIC_A_OFFER) | ABIT(MAGIC_A_COUNTER)))
#define AI_DELAY	1000	/* ms */
#define STEP		100	/* ms of fake time per look at the game */

/*
 * With every action allowed the paced AI is the AI.  With the stone held
 * back it makes the same move unless that was the stone; then it accepts
 * or offers what helps it, or waits (-1).  With offers held back it makes
 * the same move unless that was an offer; then it places its stone.
 * Checked at every position of 300 seeded AI games of 4 to 7 players.
 */
static void
test_ai_allowed(void **state)
{
	struct game_move	 all, m;
	struct rng		 r;
	struct game		*g;
	char			*cause = NULL;
	int			 i, s, moves, waits = 0, trades = 0;

	(void)state;
	for (i = 0; i < 300; i++) {
		g = m_new(4 + i % 4, NULL, 5000 + i);
		rng_init(&r, 5000 + i, 2);
		for (moves = 0; g->state == GAME_RUNNING; moves++) {
			assert_true(moves < 5000);
			for (s = 0; !(magic_asked(g) & (1u << s)); s++)
				;
			assert_int_equal(magic_ai(g, s, &r, &all), 0);
			assert_int_equal(magic_ai_paced(g, s, &r, ~0u, &m), 0);
			assert_memory_equal(&all, &m, sizeof all);
			if (g->phase != MAGIC_PH_TRADE)
				goto apply;
			if (magic_ai_paced(g, s, &r, NO_STONE, &m) != 0) {
				assert_int_equal(all.action, MAGIC_A_STONE);
				waits++;
			} else if (all.action == MAGIC_A_STONE) {
				assert_true(m.action == MAGIC_A_ACCEPT ||
				    m.action == MAGIC_A_OFFER);
				trades++;
			} else
				assert_memory_equal(&all, &m, sizeof all);
			assert_int_equal(magic_ai_paced(g, s, &r, NO_OFFER, &m),
			    0);
			if (all.action == MAGIC_A_OFFER)
				assert_int_equal(m.action, MAGIC_A_STONE);
			else
				assert_memory_equal(&all, &m, sizeof all);
apply:
			assert_int_equal(magic_ops.apply(g, s, &all, NULL,
			    &cause), 0);
		}
		game_free(g);
	}
	/* Both waiting and trading on while held back happen. */
	assert_true(waits > 0);
	assert_true(trades > 0);
}

/*
 * The bot: a fake adapter that says nothing in the channel (the humans
 * take no DMs), a store in a temporary file.
 */
static int
quiet_send(struct adapter *a, const char *to, const char *text, char **cause)
{
	(void)a; (void)to; (void)text; (void)cause;
	return 0;
}

static const struct adapter_ops quiet_ops = {
	.name = "console", .flags = ADAPTER_OPERATOR,
	.send_channel = quiet_send,
};

struct world {
	struct bot	 bot;
	struct adapter	 adapter;
	struct config	*config;
	char		 path[64];
	struct table	*t;
	/* What the steps saw: the AI offers' times, the first stone's. */
	int		 last_id;
	int		 ai_offers;
	uint64_t	 offer_at[MAGIC_OFFER_ID_MAX + 1];
	uint64_t	 stone_at;
	uint64_t	 trading_over_at;
};

static int
setup(void **state)
{
	struct world	*w = xcalloc(1, sizeof *w);
	char		*cause = NULL;
	int		 fd;

	snprintf(w->path, sizeof w->path, "/tmp/cheersbot-pace-XXXXXX");
	fd = mkstemp(w->path);
	assert_true(fd >= 0);
	close(fd);
	w->config = config_new();
	w->config->tables_lobby_expiry_ms = 0;
	w->config->tables_ai_delay_ms = AI_DELAY;
	bot_init(&w->bot, uv_default_loop(), w->config);
	w->bot.fake_clock = 1;
	w->adapter.ops = &quiet_ops;
	bot_add_adapter(&w->bot, &w->adapter);
	w->bot.store = store_test_open(w->path, 0, &cause);
	assert_non_null(w->bot.store);
	*state = w;
	return 0;
}

static int
teardown(void **state)
{
	struct world	*w = *state;

	w->bot.nadapters = 0;	/* the adapter is in the fixture */
	bot_release(&w->bot);
	uv_close((uv_handle_t *)&w->bot.timer, NULL);
	uv_run(uv_default_loop(), UV_RUN_NOWAIT);
	config_free(w->config);
	unlink(w->path);
	free(w);
	return 0;
}

/* Starts a Magic Cocktail table of nhumans humans and nai AI seats. */
static struct table *
world_start(struct world *w, int nhumans, int nai, uint64_t seed)
{
	static const char *const humans[] = { "alice", "bob", "carol", "dave" };
	static const char *const ais[] = { "Negroni", "Martini", "Mojito",
	    "Sazerac" };
	struct table	*t = table_new(&w->bot, &w->adapter, "#bar",
			    game_find("magic"));
	char		*cause = NULL;
	int		 i, seat;

	t->seed = seed;
	t->turn_timer = w->config->tables_turn_timer_ms;
	t->prompt_timer = w->config->tables_prompt_timer_ms;
	t->host = xstrdup(nhumans > 0 ? humans[0] : "alice");
	for (i = 0; i < nhumans; i++) {
		seat = table_add_seat(t, humans[i], humans[i]);
		t->seats[seat].dm_closed = 1;
	}
	for (i = 0; i < nai; i++) {
		seat = table_add_seat(t, NULL, ais[i]);
		t->seats[seat].ai = 1;
	}
	outbox_begin(&w->bot);
	assert_int_equal(play_start(t, &cause), 0);
	outbox_end(&w->bot);
	w->t = t;
	return t;
}

/* The seat of the first human, or -1. */
static int
world_human(const struct world *w)
{
	int	i;

	for (i = 0; i < w->t->nseats; i++)
		if (!w->t->seats[i].ai)
			return i;
	return -1;
}

/*
 * Moves the fake clock on by ms in steps, noting when each new AI offer
 * of the first round appeared, when the first stone did, and when the
 * round's trading ended.  A step is shorter than the AI delay, so no
 * offer comes and goes between two looks.
 */
static void
world_run(struct world *w, uint64_t ms)
{
	struct game	*g;
	uint64_t	 end = w->bot.fake_now + ms;
	int		 i;

	while (w->bot.fake_now < end && w->t != NULL &&
	    w->t->state == TABLE_PLAYING) {
		bot_advance(&w->bot, STEP);
		g = w->t->game;
		if (g->round != 1)
			break;
		for (i = 0; i < g->noffers; i++) {
			if (g->offer[i].id <= w->last_id)
				continue;
			w->last_id = g->offer[i].id;
			if (w->t->seats[g->offer[i].from].ai)
				w->offer_at[w->ai_offers++] = w->bot.fake_now;
		}
		if (g->nstones > 0 && w->stone_at == 0)
			w->stone_at = w->bot.fake_now;
		if (g->phase != MAGIC_PH_TRADE && w->trading_over_at == 0)
			w->trading_over_at = w->bot.fake_now;
	}
}

/* A human's move; it must be accepted. */
static void
world_move(struct world *w, int seat, int action, int a0, int a1, int a2,
    int a3)
{
	struct game_move	 m;
	char			*cause = NULL;
	int			 rc;

	memset(&m, 0xff, sizeof m);
	m.action = action;
	m.args[0] = a0;
	m.args[1] = a1;
	m.args[2] = a2;
	m.args[3] = a3;
	outbox_begin(&w->bot);
	rc = play_move(w->t, seat, &m, &cause);
	outbox_end(&w->bot);
	if (rc != 0)
		fail_msg("move refused: %s", cause);
}

/* A kind seat holds, for an offer. */
static int
world_held(const struct world *w, int seat)
{
	int	k;

	for (k = 0; k < MAGIC_NKINDS; k++)
		if (w->t->game->hand[seat][k] > 0)
			return k;
	fail_msg("seat %d holds no ingredient", seat);
	return -1;
}

/*
 * One human who never places a stone among three AI seats: no stone
 * before magic.ai_trade_time (45 s), then the AI seats end the round
 * soon after; their offers come at least magic.ai_offer_gap (5 s) apart.
 * On several seeds, for with the old rule a strong hand's AI seat placed
 * its stone at its first move.
 */
static void
test_ai_waits_for_human(void **state)
{
	struct world	*w = *state;
	uint64_t	 seed;
	int		 i;

	assert_int_equal(w->config->magic_ai_trade_time_ms, 45000);
	assert_int_equal(w->config->magic_ai_offer_gap_ms, 5000);
	for (seed = 1; seed <= 6; seed++) {
		w->last_id = w->ai_offers = 0;
		w->stone_at = w->trading_over_at = 0;
		w->bot.fake_now = 1000000 * seed;
		world_start(w, 1, 3, seed);
		world_run(w, 45000 - STEP);
		assert_int_equal(w->t->game->nstones, 0);
		world_run(w, 30000);
		/*
		 * Then they do not wait for the round timer (2 min): each
		 * AI seat makes at most MAGIC_AI_ACTS trading moves.
		 */
		assert_true(w->stone_at >= 1000000 * seed + 45000);
		assert_true(w->trading_over_at > 0);
		assert_true(w->trading_over_at <= 1000000 * seed + 45000 +
		    3 * (MAGIC_AI_ACTS + 1) * AI_DELAY);
		/* They traded meanwhile, one offer per gap at most. */
		assert_true(w->ai_offers >= 3);
		for (i = 1; i < w->ai_offers; i++)
			assert_true(w->offer_at[i] - w->offer_at[i - 1] >= 5000);
		outbox_begin(&w->bot);
		play_close(w->t, "test over");
		outbox_end(&w->bot);
		w->t = NULL;
	}
}

/*
 * The AI seats wait only for humans still trading: once the one human
 * has placed a stone, the next AI stone ends the round.  The human's
 * offers are answered meanwhile.
 */
static void
test_ai_goes_on_after_human_stone(void **state)
{
	struct world	*w = *state;
	int		 h;

	w->bot.fake_now = 0;
	world_start(w, 1, 3, 3);
	h = world_human(w);
	world_run(w, 5000);
	world_move(w, h, MAGIC_A_OFFER, 1, world_held(w, h), 1, MAGIC_JOKER);
	world_run(w, 5000);
	assert_int_equal(w->t->game->nstones, 0);
	world_move(w, h, MAGIC_A_STONE, -1, -1, -1, -1);
	assert_int_equal(w->t->game->nstones, 1);
	world_run(w, 10 * AI_DELAY);
	assert_int_not_equal(w->trading_over_at, 0);
	assert_true(w->trading_over_at <= 10000 +
	    3 * (MAGIC_AI_ACTS + 1) * AI_DELAY);
}

/*
 * A table of AI seats alone is not held back: its first round's trading
 * ends within their bounded moves, and the whole game ends.
 */
static void
test_ai_only_table_finishes(void **state)
{
	struct world	*w = *state;
	int		 i;

	w->bot.fake_now = 0;
	world_start(w, 0, 4, 11);
	world_run(w, 60000);
	assert_int_not_equal(w->trading_over_at, 0);
	assert_true(w->trading_over_at < 45000);
	/* Their offers are not spaced either: nobody is there to answer. */
	for (i = 1; i < w->ai_offers; i++)
		if (w->offer_at[i] - w->offer_at[i - 1] < 5000)
			break;
	assert_true(i < w->ai_offers);
	bot_advance(&w->bot, 3600000);
	assert_null(table_find(&w->bot, &w->adapter, "#bar"));
	w->t = NULL;
}

/* Humans alone are not affected: the round timer still ends the round. */
static void
test_humans_alone_finish(void **state)
{
	struct world	*w = *state;

	w->config->tables_prompt_timer_ms = 60000;
	w->bot.fake_now = 0;
	world_start(w, 4, 0, 5);
	world_run(w, 60000 - STEP);
	assert_int_equal(w->t->game->nstones, 0);
	world_run(w, 1000);
	assert_int_equal(w->t->game->phase, MAGIC_PH_LAY);
}

/*
 * With no AI delay the waiting seats must not spin: the fake clock's
 * steps finish, and the AI seats still wait for the trade time, here
 * set to 20 s, with the offer gap off.
 */
static void
test_no_delay_no_spin(void **state)
{
	struct world	*w = *state;

	w->config->tables_ai_delay_ms = 0;
	w->config->magic_ai_trade_time_ms = 20000;
	w->config->magic_ai_offer_gap_ms = 0;
	w->bot.fake_now = 0;
	world_start(w, 1, 3, 2);
	world_run(w, 20000 - STEP);
	assert_int_equal(w->t->game->nstones, 0);
	world_run(w, 2 * STEP);
	assert_int_not_equal(w->trading_over_at, 0);
}

/* magic.ai_trade_time=0 lets a strong hand place the first stone at once. */
static void
test_trade_time_off(void **state)
{
	struct world	*w = *state;
	uint64_t	 seed;

	w->config->magic_ai_trade_time_ms = 0;
	for (seed = 1; seed <= 20 && w->stone_at == 0; seed++) {
		w->bot.fake_now = 1000000 * seed;
		w->last_id = w->ai_offers = 0;
		world_start(w, 1, 3, seed);
		world_run(w, AI_DELAY);
		if (w->t->game->nstones > 0)
			w->stone_at = w->bot.fake_now;
		outbox_begin(&w->bot);
		play_close(w->t, "test over");
		outbox_end(&w->bot);
		w->t = NULL;
	}
	assert_int_not_equal(w->stone_at, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ai_allowed),
		cmocka_unit_test_setup_teardown(test_ai_waits_for_human,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_ai_goes_on_after_human_stone,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_ai_only_table_finishes,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_humans_alone_finish,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_delay_no_spin,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_trade_time_off,
		    setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
