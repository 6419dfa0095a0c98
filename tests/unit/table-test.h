/*
 * table-test.h: a bot, an adapter and a table of a real game, for unit
 * tests of what the bot does at a table (buttons, narration).  Header-
 * only (static inline) so that tests/unit holds only test_*.c files.
 */
#ifndef TESTS_UNIT_TABLE_TEST_H
#define TESTS_UNIT_TABLE_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/tables/play.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

struct table_fixture {
	struct bot	 bot;
	struct adapter	 adapter;
	struct config	*config;
	struct table	*t;
};

/*
 * A running game of ops in #bar with alice and bob seated, dealt from
 * seed 42 with the options (each "name=value"; NULL-terminated list, may
 * be NULL), on an adapter of adapter_ops.  Free with table_fixture_free.
 */
static inline struct table_fixture *
table_fixture_new(const struct adapter_ops *adapter_ops,
    const struct game_ops *ops, const char *const *options)
{
	struct table_fixture	*f = xcalloc(1, sizeof *f);
	char			*cause = NULL;
	int			 i;

	f->config = config_new();
	bot_init(&f->bot, uv_default_loop(), f->config);
	f->adapter.ops = adapter_ops;
	f->adapter.bot = &f->bot;
	f->t = table_new(&f->bot, &f->adapter, "#bar", ops);
	table_add_seat(f->t, "u1", "alice");
	table_add_seat(f->t, "u2", "bob");
	f->t->seed = 42;
	for (i = 0; options != NULL && options[i] != NULL; i++)
		if (table_set_option(f->t, options[i], &cause) != 0)
			fail_msg("%s", cause);
	if (play_new_game(f->t, &cause) != 0)
		fail_msg("%s", cause);
	f->t->state = TABLE_PLAYING;
	return f;
}

static inline void
table_fixture_free(struct table_fixture *f)
{
	bot_release(&f->bot);
	config_free(f->config);
	free(f);
}

#endif
