/*
 * Unit tests for the per-user flood limit as an adapter sees it
 * (bot_handle_event's outcome): commands within the budget are handled;
 * the first past it is refused with one private "Slow down: try again in
 * N s", N the real time until the bucket holds a command again; the
 * later ones are refused with nothing said, so that an adapter which
 * must answer every command never answers one of them "Done.".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/console/console.h"
#include "bot/bot.h"
#include "bot/commands/flood.h"
#include "bot/daemon/config.h"
#include "bot/storage/store.h"
#include "lib/xmalloc.h"
#include "tests/unit/bot-fixture.h"

static char	said[4096];	/* everything said since the last command */
static struct fake_said	sink = { said, sizeof said, 1 };

/* A platform where the limits apply (not the console). */
static const struct adapter_ops ops = {
	.name = "discord", .flags = ADAPTER_EPHEMERAL,
	FAKE_SAID_OPS,
};

/* A bot with the default budget (5 commands per 10 s), state in memory. */
static int
setup(void **state)
{
	struct bot_world	*w = xcalloc(1, sizeof *w);

	bot_fixture_start(&w->bot, &w->adapter, &ops);
	w->adapter.priv = &sink;
	w->bot.config->tables_command_burst = 5;
	w->bot.config->tables_command_refill_ms = 10000;
	bot_fixture_memory(&w->bot, &w->adapter);
	*state = w;
	return 0;
}

/* mallory sends "bogus" in #bar; what became of it (said holds the rest). */
static enum bot_outcome
bogus(struct bot_world *w)
{
	said[0] = '\0';
	return bot_fixture_event(&w->bot, &w->adapter, "mallory", "bar",
	    "bogus");
}

/* The budget, then one slow-down line with the real wait, then silence. */
static void
test_refused_once_told(void **state)
{
	struct bot_world	*w = *state;
	int		 i;

	for (i = 0; i < 5; i++) {
		assert_int_equal(bogus(w), BOT_HANDLED);
		assert_non_null(strstr(said, "Unknown command"));
	}
	assert_int_equal(bogus(w), BOT_SLOWED);
	/* One of 5 per 10 s comes back in 2 s. */
	assert_string_equal(said, "Slow down: try again in 2 s (moves on your "
	    "turn still count).\n");
	for (i = 0; i < 50; i++) {
		assert_int_equal(bogus(w), BOT_REFUSED);
		assert_string_equal(said, "");
	}
	/* A command back: it passes, and the next window warns once again. */
	bot_advance(&w->bot, 2000);
	assert_int_equal(bogus(w), BOT_HANDLED);
	assert_int_equal(bogus(w), BOT_SLOWED);
	assert_non_null(strstr(said, "try again in 2 s"));
	assert_int_equal(bogus(w), BOT_REFUSED);
	assert_string_equal(said, "");
}

/* N is what is left of the refill, rounded up, not the whole of it. */
static void
test_wait_is_real(void **state)
{
	struct bot_world	*w = *state;
	int		 i;

	for (i = 0; i < 5; i++)
		assert_int_equal(bogus(w), BOT_HANDLED);
	/* 1.5 s refills three quarters of a command: 0.5 s is left. */
	bot_advance(&w->bot, 1500);
	assert_int_equal(bogus(w), BOT_SLOWED);
	assert_non_null(strstr(said, "Slow down: try again in 1 s"));
	/* 0.4 s later, still within the window: nothing more is said. */
	bot_advance(&w->bot, 400);
	assert_int_equal(bogus(w), BOT_REFUSED);
	assert_string_equal(said, "");
	bot_advance(&w->bot, 100);
	assert_int_equal(bogus(w), BOT_HANDLED);
}

/*
 * The console is the operator's own terminal (ADAPTER_OPERATOR): no
 * limits there, unless console.limits, which the adapter reads again on
 * reload (SIGHUP); elsewhere they always apply.
 */
static void
test_console_operator(void **state)
{
	struct bot_world	*w = *state;
	struct adapter		*c = console_new(&w->bot, NULL);

	assert_true(flood_applies(&w->bot, &w->adapter));
	assert_false(flood_applies(&w->bot, c));
	assert_int_equal(config_set(w->bot.config, "console.limits=yes",
	    NULL), 0);
	c->ops->reload(c);
	assert_true(flood_applies(&w->bot, c));
	assert_true(flood_applies(&w->bot, &w->adapter));
	assert_int_equal(config_set(w->bot.config, "console.limits=no",
	    NULL), 0);
	c->ops->reload(c);
	assert_false(flood_applies(&w->bot, c));
	c->ops->free_adapter(c);
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test_setup_teardown(test_refused_once_told, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_wait_is_real, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_console_operator, setup,
		    bot_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
