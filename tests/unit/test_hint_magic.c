/*
 * Unit tests of Magic Cocktail hints (bot/saying/hint.c): the example of a
 * private prompt never depends on another seat's hand, the deck or the
 * recipe pile; while trading is open it is never "stone", which would
 * end the player's trading; and the channel's example shows nothing of
 * a hand.
 */
#include "tests/unit/hint-test.h"
#include "tests/unit/hint-magic.h"
#include "tests/unit/table-test.h"

#include "bot/saying/narrate.h"
#include "lib/buf.h"

/*
 * Re-deals the hands of others (but what their open offers give, which
 * the table knows they hold) and the deck, and shuffles the recipe pile;
 * seat -1 re-deals every hand.  Hands are only re-dealt while trading:
 * laying out shows them.
 */
static void
redeal(struct game *g, int seat, struct rng *r)
{
	int	pool[MAGIC_NCARDS_MAX], np = 0, s, k, i, j;
	int	keep[MAGIC_MAX_PLAYERS][MAGIC_NALL], size[MAGIC_MAX_PLAYERS];

	memset(keep, 0, sizeof keep);
	memset(size, 0, sizeof size);
	for (i = 0; i < g->noffers; i++)
		if (g->offer[i].ngive > keep[g->offer[i].from][g->offer[i].give])
			keep[g->offer[i].from][g->offer[i].give] =
			    g->offer[i].ngive;
	for (s = 0; g->phase == MAGIC_PH_TRADE && s < g->nplayers; s++) {
		if (s == seat)
			continue;
		for (k = 0; k < MAGIC_NALL; k++) {
			for (j = keep[s][k]; j < g->hand[s][k]; j++)
				pool[np++] = k;
			if (g->hand[s][k] > keep[s][k]) {
				size[s] += g->hand[s][k] - keep[s][k];
				g->hand[s][k] = keep[s][k];
			}
		}
	}
	for (i = 0; i < g->ndeck; i++)
		pool[np++] = g->deck[i];
	rng_shuffle(r, pool, np);
	np = 0;
	for (s = 0; s < g->nplayers; s++)
		for (j = 0; j < size[s]; j++)
			g->hand[s][pool[np++]]++;
	for (i = 0; i < g->ndeck; i++)
		g->deck[i] = pool[np++];
	rng_shuffle(r, g->pile, g->npile);
}

static void
test_hidden(void **state)
{
	(void)state;
	hint_test_hidden(&magic_ops, 4, NULL, 3, redeal);
	hint_test_hidden(&magic_ops, 6, NULL, 2, redeal);
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
	redeal(f->t->game, -1, &r);
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
