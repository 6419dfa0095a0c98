/*
 * Unit tests of Magic Cocktail hints (bot/saying/hint.c): the example of a
 * private prompt never depends on another seat's hand, the deck or the
 * recipe pile; while trading is open it is never "stone", which would
 * end the player's trading; and the channel's example shows nothing of
 * a hand.
 */
#include "tests/unit/hint-test.h"
#include "tests/unit/magic-test.h"
#include "tests/unit/hint-magic.h"
#include "tests/unit/table-test.h"

#include "bot/saying/narrate.h"
#include "lib/buf.h"

static void
test_hidden(void **state)
{
	(void)state;
	hint_test_hidden(&magic_ops, 4, NULL, 3, m_redeal);
	hint_test_hidden(&magic_ops, 6, NULL, 2, m_redeal);
}

/* The figure of issue 33: no hint of stone while trading is open. */
static void
test_no_stone(void **state)
{
	struct hint_figures	f;

	(void)state;
	assert_int_equal(hint_magic_figure(1, 4, &f), 0);
	assert_true(f.hints > 500);
	if (f.counted != 0)
		fail_msg("%d of %d hints were a stone while trading",
		    f.counted, f.hints);
}

static const struct adapter_ops quiet_ops = { .name = "fake" };

/*
 * At a table of four: each player's first private example is a move
 * that trades, and the channel's example of the same prompt is the same
 * whatever the hands hold.
 */
static void
test_table(void **state)
{
	struct table_fixture	*f = xcalloc(1, sizeof *f);
	struct game_prompt	 p;
	struct rng		 r;
	struct buf		 b, pub;
	char			*cause = NULL;
	size_t			 len;
	int			 s;

	(void)state;
	f->config = config_new();
	bot_init(&f->bot, uv_default_loop(), f->config);
	f->adapter.ops = &quiet_ops;
	f->adapter.bot = &f->bot;
	f->t = table_new(&f->bot, &f->adapter, "#bar", &magic_ops);
	table_add_seat(f->t, "u1", "alice");
	table_add_seat(f->t, "u2", "bob");
	table_add_seat(f->t, "u3", "carol");
	table_add_seat(f->t, "u4", "dave");
	f->t->seed = 42;
	if (play_new_game(f->t, &cause) != 0)
		fail_msg("%s", cause);
	f->t->state = TABLE_PLAYING;
	assert_int_equal(magic_ops.pending(f->t->game, &p, 1), 1);
	buf_init(&b, 1024);
	buf_init(&pub, 1024);
	for (s = 0; s < 4; s++) {
		buf_reset(&b);
		assert_int_equal(narrate_example(f->t, s, p.actions, 0, &b), 0);
		assert_non_null(strstr(buf_str(&b), "/cheers "));
		assert_null(strstr(buf_str(&b), "stone"));
	}
	narrate_prompt(f->t, &p, -1, &pub);
	len = pub.len;
	assert_non_null(strstr(buf_str(&pub), "(/cheers offer <give> <kind>"));
	rng_init(&r, 99, 1);
	m_redeal(f->t->game, -1, &r);
	buf_reset(&b);
	narrate_prompt(f->t, &p, -1, &b);
	assert_int_equal(b.len, len);
	assert_string_equal(buf_str(&b), buf_str(&pub));
	buf_release(&b);
	buf_release(&pub);
	table_fixture_free(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hidden),
		cmocka_unit_test(test_no_stone),
		cmocka_unit_test(test_table),
	};

	return cmocka_run_group_tests_name("hint_magic", tests, NULL, NULL);
}
