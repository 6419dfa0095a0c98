/*
 * Unit test for the hints on a player's private text (the adapter op
 * send_dm_hinted's view and prompt): when the bot sends a player their
 * whole view of a table, and only then, the adapter sees view set to the
 * table's id, so an adapter that queues its output (IRC) may let it
 * replace an older view; a note of changes never carries it, since a
 * later note does not repeat an earlier one.  prompt is set on whatever
 * asks them to move, so it may go before table talk.  Text with neither
 * comes through send_dm, never send_dm_hinted.  A real CHEERS game
 * between two players on a fake adapter; channel lines and replies have
 * no hints to carry.
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
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"
#include "tests/unit/store-test.h"

static int	moves_hinted;	/* "your move" views sent with the hint */
static int	others;		/* other views, sent without it */
static int	wholes;		/* whole views (with the view hint) */
static int	wrong;		/* a hint where it does not belong, or none */
static uint64_t	table_id;	/* the view hint the views must carry */
static int	ndm;

static int
fake_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	(void)a; (void)channel; (void)text; (void)cause;
	return 0;
}

/* Counts a private text that came with the hints view and prompt. */
static void
fake_hints(const char *text, uint64_t view, int prompt)
{
	/*
	 * A table's private text that asks for a move holds "Your move: ";
	 * the whole view has lines, a note of changes is one line.
	 */
	int	asks = strstr(text, "Your move: ") != NULL;
	int	whole = strchr(text, '\n') != NULL;

	/* Without ephemerals a private reply comes this way too: no hints. */
	if (strncmp(text, "CHEERS at #g: ", 14) != 0) {
		if (prompt || view != 0)
			wrong++;
		return;
	}
	ndm++;
	/* Only a whole view may replace an older one: a note never. */
	if (view != (whole ? table_id : 0))
		wrong++;
	if (whole)
		wholes++;
	if (asks && prompt)
		moves_hinted++;
	else if (!asks && !prompt)
		others++;
	else
		wrong++;
}

static int
fake_send_dm(struct adapter *a, const char *user, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	(void)a; (void)user; (void)bs; (void)cause;
	fake_hints(text, 0, 0);
	return 0;
}

static int
fake_send_dm_hinted(struct adapter *a, const char *user, const char *text,
    const struct adapter_buttons *bs, uint64_t view, int prompt,
    char **cause)
{
	(void)a; (void)user; (void)bs; (void)cause;
	/* Text without a hint goes by send_dm. */
	if (view == 0 && !prompt)
		wrong++;
	fake_hints(text, view, prompt);
	return 0;
}

static int
fake_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	(void)a; (void)ev; (void)private; (void)text; (void)bs; (void)cause;
	return 0;
}

static const struct adapter_ops fake_ops = {
	.name = "console", .flags = ADAPTER_OPERATOR,
	.send_channel = fake_send_channel,
	.send_dm = fake_send_dm, .send_dm_hinted = fake_send_dm_hinted,
	.reply = fake_reply,
};

static void
say(struct bot *bot, struct adapter *a, const char *user, const char *text)
{
	struct bot_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.adapter = a;
	ev.user_id = user;
	ev.user_name = user;
	ev.channel = "#g";
	ev.text = text;
	bot_handle_event(bot, &ev);
}

/* The seat that must act at t. */
static int
turn(const struct table *t)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];
	int			seat;

	assert_true(t->ops->pending(t->game, p, GAME_MAX_PROMPTS) >= 1);
	for (seat = 0; seat < t->nseats; seat++)
		if (p[0].seats & (1u << seat))
			return seat;
	fail_msg("nobody's turn");
	return -1;
}

static void
test_prompt_hint(void **state)
{
	struct bot	 bot;
	struct adapter	 a;
	struct config	*config = config_new();
	struct table	*t;
	char		 path[64], cmd[80], *cause = NULL;
	const char	*who;
	int		 fd, i, seat, moves;

	(void)state;
	snprintf(path, sizeof path, "/tmp/cheersbot-prompt-XXXXXX");
	assert_true((fd = mkstemp(path)) >= 0);
	close(fd);
	config->tables_lobby_expiry_ms = 0;
	config->bot_seed = 11;	/* the same game every run */
	bot_init(&bot, uv_default_loop(), config);
	bot.fake_clock = 1;
	memset(&a, 0, sizeof a);
	a.ops = &fake_ops;
	bot_add_adapter(&bot, &a);
	assert_non_null(bot.store = store_test_open(path, 0, &cause));

	say(&bot, &a, "alice", "new cheers");
	say(&bot, &a, "bob", "join");
	t = table_find(&bot, &a, "#g");
	assert_non_null(t);
	table_id = t->id;
	assert_true(table_id != 0);
	say(&bot, &a, "alice", "start");
	/* Both get their whole view; the first mover's asks to move. */
	assert_int_equal(ndm, 2);
	assert_int_equal(wholes, 2);
	assert_int_equal(moves_hinted, 1);
	assert_int_equal(others, 1);
	assert_int_equal(wrong, 0);
	/*
	 * Moves: the mover's view changes, the next one is asked to move.
	 * A player plays card 1 by command; where the game asks something
	 * else (a CHEERS to answer), the command is refused and the AI
	 * moves for them, as the turn timer would.
	 */
	for (i = 0; i < 8 && t->state == TABLE_PLAYING; i++) {
		seat = turn(t);
		who = t->seats[seat].user_id;
		moves = t->nmoves;
		snprintf(cmd, sizeof cmd, "play 1 @%s", who);
		say(&bot, &a, who, cmd);
		t = table_find(&bot, &a, "#g");
		if (t->nmoves == moves) {
			outbox_begin(&bot);
			assert_int_equal(play_timeout(t, seat, NULL, &cause), 0);
			outbox_end(&bot);
		}
	}
	assert_true(moves_hinted >= 3);
	assert_true(others >= 4);
	assert_int_equal(wholes, 2);	/* the start's, one each */
	assert_int_equal(wrong, 0);

	bot.nadapters = 0;	/* the adapter is on the stack */
	bot_release(&bot);
	uv_close((uv_handle_t *)&bot.timer, NULL);
	uv_run(uv_default_loop(), UV_RUN_NOWAIT);
	config_free(config);
	unlink(path);
	snprintf(cmd, sizeof cmd, "%s-wal", path);
	unlink(cmd);
	snprintf(cmd, sizeof cmd, "%s-shm", path);
	unlink(cmd);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prompt_hint),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
