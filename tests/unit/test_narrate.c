/*
 * Unit tests for the narration (bot/saying/narrate.c): a move's events make one
 * line, a prompt the move opened is said once with its command, a turn
 * that passes says who is next, and the channel's example of a command
 * never tells what a player holds; a long move takes a few lines a
 * person reads, never too many or too long.  On a real game of Friends with
 * Beverages, with trading, whose offers make such prompts.
 */
#include "tests/unit/fwb-test.h"
#include "tests/unit/table-test.h"

#include "bot/saying/narrate.h"
#include "bot/saying/render-chat.h"
#include "lib/buf.h"
#include "lib/utf8.h"

static const struct adapter_ops quiet_ops = { .name = "fake" };

static int
setup(void **state)
{
	static const char *const trading[] = { "trading=on", NULL };

	*state = table_fixture_new(&quiet_ops, &fwb_ops, trading);
	return 0;
}

static int
teardown(void **state)
{
	table_fixture_free(*state);
	return 0;
}

/* Applies seat's move to the table's game; its line, which the caller frees. */
static char *
move_line(struct table *t, int seat, struct game_move m)
{
	struct narrate_asked	 before;
	struct game_events	 ev;
	char			*cause = NULL;
	int			 i;

	for (i = 4; i < GAME_MAX_ARGS; i++)
		m.args[i] = -1;
	narrate_asked(t, &before);
	game_events_init(&ev);
	if (t->ops->apply(t->game, seat, &m, &ev, &cause) != 0)
		fail_msg("%s", cause);
	return narrate_move(t, &ev, &before, NULL);
}

/* The seat holding the Round Token, whose turn begins the game. */
static int
first(const struct table *t)
{
	return t->game->active;
}

/* A turn that passes names who is next; one that goes on does not. */
static void
test_next(void **state)
{
	struct table_fixture	*f = *state;
	struct table	*t = f->t;
	char		*s, want[64];
	int		 a = first(t), b = 1 - a;

	s = move_line(t, a, f_move(FWB_A_DRAW, NONE, NONE, NONE, NONE));
	snprintf(want, sizeof want, "@{%d} draws a card from the deck.", a);
	assert_string_equal(s, want);
	free(s);
	s = move_line(t, a, f_move(FWB_A_DONE, NONE, NONE, NONE, NONE));
	snprintf(want, sizeof want, "@{%d} ends the turn.", a);
	assert_non_null(strstr(s, want));
	snprintf(want, sizeof want, " (@{%d} is next)", b);
	assert_non_null(strstr(s, want));
	/* One line: whatever the move caused, no line breaks. */
	assert_null(strchr(s, '\n'));
	free(s);
}

/*
 * An offer opens a prompt: said once, with the command that answers it;
 * the channel's example is the prompt's first action, even when bob
 * cannot take it, for which moves are legal tells what he holds.
 */
static void
test_prompt_example(void **state)
{
	struct table_fixture		*f = *state;
	struct table		*t = f->t;
	struct game		*g = t->game;
	struct game_prompt	 p;
	struct buf		 b;
	char			*s, want[64];
	int			 a = first(t), o = 1 - a, i;

	/* bob holds no still, so he can only reject. */
	for (i = g->nhand[o] - 1; i >= 0; i--)
		if (g->card[g->hand[o][i]].cls == FWB_EQUIPMENT &&
		    g->card[g->hand[o][i]].kind == STILL)
			fwb_hand_take(g, o, i);
	s = move_line(t, a, f_move(FWB_A_OFFER, o, 1, FWB_NINGR + STILL,
	    NONE));
	assert_non_null(strstr(s, "accept or reject (e.g. /cheers accept)."));
	free(s);
	assert_int_equal(t->ops->pending(g, &p, 1), 1);
	buf_init(&b, 1024);
	assert_int_equal(narrate_example(t, o, p.actions, 1, &b), 0);
	assert_string_equal(buf_str(&b), "/cheers accept");
	buf_reset(&b);
	/* In private, bob's own example is the move he should make. */
	assert_int_equal(narrate_example(t, o, p.actions, 0, &b), 0);
	assert_string_equal(buf_str(&b), "/cheers reject");
	buf_reset(&b);
	/* A seat not asked has no example. */
	assert_int_equal(narrate_example(t, 7, p.actions, 0, &b), -1);
	buf_release(&b);
	/*
	 * The answer: the prompt is gone, and alice's turn goes on, so she
	 * is not said to be next (issue 33).
	 */
	s = move_line(t, o, f_move(FWB_A_REJECT, NONE, NONE, NONE, NONE));
	assert_null(strstr(s, "offers"));
	snprintf(want, sizeof want, "@{%d} turns the trade down.", o);
	assert_string_equal(s, want);
	free(s);
	/* When it ends, bob is next. */
	s = move_line(t, a, f_move(FWB_A_DRAW, NONE, NONE, NONE, NONE));
	free(s);
	s = move_line(t, a, f_move(FWB_A_DONE, NONE, NONE, NONE, NONE));
	snprintf(want, sizeof want, "(@{%d} is next)", o);
	assert_non_null(strstr(s, want));
	free(s);
}

/* In the channel, card numbers are never shown: "<card>", not "3". */
static void
test_public_cards(void **state)
{
	struct table_fixture		*f = *state;
	struct table		*t = f->t;
	struct buf		 b;
	char			 want[128];
	int			 a = first(t);

	buf_init(&b, 1024);
	assert_int_equal(narrate_example(t, a, 1u << FWB_A_OFFER, 1, &b), 0);
	snprintf(want, sizeof want, "/cheers offer @{%d} <card> <kind>", 1 - a);
	assert_string_equal(buf_str(&b), want);
	buf_reset(&b);
	/*
	 * In private the example is the AI's move (bot/saying/hint.h); it never
	 * offers a trade, so an offer's example is the command's shape.
	 */
	assert_int_equal(narrate_example(t, a, 1u << FWB_A_OFFER, 0, &b), 0);
	snprintf(want, sizeof want, "/cheers offer @{%d} <card> <kind>", 1 - a);
	assert_string_equal(buf_str(&b), want);
	buf_release(&b);
}

/*
 * Checks the lines of s (game text): at most NARRATE_LINES_MAX, none
 * empty, none over NARRATE_LINE_MAX characters once each @{N} is a name.
 * Returns the lines.
 */
static int
check_lines(struct table *t, const char *s)
{
	char		*text = render_expand(t, s), *line, *save = NULL;
	int		 n = 0;

	assert_int_not_equal(text[0], '\0');
	assert_null(strstr(text, "\n\n"));
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (utf8_count(line) > NARRATE_LINE_MAX)
			fail_msg("a line of %zu characters: %s",
			    utf8_count(line), line);
		n++;
	}
	free(text);
	assert_in_range(n, 1, NARRATE_LINES_MAX);
	return n;
}

/* A sentence of about 100 characters, the i-th, about seat. */
static void
add_sentences(struct game_events *ev, int seat, int from, int n)
{
	int	i;

	for (i = from; i < from + n; i++)
		game_events_add(ev, GAME_EV_INFO, seat, "Event %d: @{%d}'s "
		    "monster (7) holds (3 against it), and @{%d} takes 3 sips "
		    "of the round's drink.", i, seat, seat);
}

/*
 * A move with long consequences takes a few lines of whole sentences,
 * each at most NARRATE_LINE_MAX characters, and says who is next.
 */
static void
test_long_move(void **state)
{
	struct table_fixture	*f = *state;
	struct table		*t = f->t;
	struct game_events	 ev;
	char			*s, want[32];
	int			 i;

	game_events_init(&ev);
	add_sentences(&ev, 0, 1, 7);
	s = narrate_move(t, &ev, NULL, "@{1} ran out of time.");
	assert_in_range(check_lines(t, s), 3, NARRATE_LINES_MAX);
	/* Every sentence whole, in order, and nothing left out. */
	assert_true(strncmp(s, "@{1} ran out of time. Event 1: ", 31) == 0);
	for (i = 1; i <= 7; i++) {
		snprintf(want, sizeof want, "Event %d: @{0}'s", i);
		assert_non_null(strstr(s, want));
	}
	assert_null(strstr(s, "status shows"));
	snprintf(want, sizeof want, "(@{%d} is next)", first(t));
	assert_non_null(strstr(s, want));
	free(s);
}

/*
 * Past NARRATE_LINES_MAX lines, what happened is cut with a word of
 * where the rest is, and what the move opened is still said, last.
 */
static void
test_too_long_move(void **state)
{
	struct table_fixture	*f = *state;
	struct table		*t = f->t;
	struct game_events	 ev;
	char			*s, *last, want[32];

	game_events_init(&ev);
	add_sentences(&ev, 1, 1, 20);
	s = narrate_move(t, &ev, NULL, NULL);
	assert_int_equal(check_lines(t, s), NARRATE_LINES_MAX);
	assert_non_null(strstr(s, "Event 1: "));
	assert_null(strstr(s, "Event 20: "));
	assert_non_null(strstr(s, " (more: /cheers status shows the "
	    "table)\n"));
	last = strrchr(s, '\n');
	snprintf(want, sizeof want, "\n(@{%d} is next)", first(t));
	assert_string_equal(last, want);
	free(s);
}

/*
 * A sentence too long for a line is cut at a space; a short text stays
 * as it was; narrate_wrap does each line of a text alone.
 */
static void
test_long_sentence(void **state)
{
	struct table_fixture	*f = *state;
	struct table		*t = f->t;
	struct buf		 b;
	char			*s;
	int			 i;

	buf_init(&b, 4096);
	buf_puts(&b, "The scores:");
	for (i = 1; i <= 30; i++)
		buf_printf(&b, " %d @{%d} has %d points,", i, i % 2, i * 3);
	buf_puts(&b, " and that is all.");
	s = narrate_wrap(t, buf_str(&b));
	assert_in_range(check_lines(t, s), 3, NARRATE_LINES_MAX);
	assert_true(strncmp(s, "The scores: 1 @{1} has 3 points,", 32) == 0);
	assert_non_null(strstr(s, " 30 @{0} has 90 points, and that is all."));
	free(s);
	s = narrate_wrap(t, "Short.\nAlso short.");
	assert_string_equal(s, "Short.\nAlso short.");
	free(s);
	buf_printf(&b, "\nAnother line.");
	s = narrate_wrap(t, buf_str(&b));
	assert_int_equal(check_lines(t, s), NARRATE_LINES_MAX);
	assert_non_null(strstr(s, "all.\nAnother line."));
	free(s);
	buf_release(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_next, setup, teardown),
		cmocka_unit_test_setup_teardown(test_prompt_example, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_public_cards, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_long_move, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_too_long_move, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_long_sentence, setup,
		    teardown),
	};

	return cmocka_run_group_tests_name("narrate", tests, NULL, NULL);
}
