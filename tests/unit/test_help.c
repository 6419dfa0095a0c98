/*
 * Unit tests for help as each kind of platform gets it: where every line
 * costs (ADAPTER_TERSE, as IRC and XMPP) it fits in CMD_HELP_SHORT_LINES
 * lines, still names every command and game, says how to open a table
 * and where to read more; elsewhere it lists every command and move.
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
#include "bot/commands/cmd.h"
#include "bot/daemon/config.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "game/game.h"
#include "lib/xmalloc.h"
#include "tests/unit/bot-fixture.h"

/* The longest line IRC relays whole, with room for the server's prefix. */
#define HELP_LINE_MAX	300

static char	said[65536];	/* the last answer, private or not */
static struct fake_said	sink = { said, sizeof said, 0 };

static void
bang_command(struct adapter *a, char *buf, size_t len)
{
	(void)a;
	snprintf(buf, len, "!cheers");
}

/* IRC's shape: no ephemerals, a "!cheers" prefix, short answers. */
static const struct adapter_ops terse_ops = {
	.name = "irc", .flags = ADAPTER_TERSE, .command = bang_command,
	FAKE_SAID_OPS,
};

/* The console's shape: ephemerals, "/cheers", the whole list. */
static const struct adapter_ops plain_ops = {
	.name = "console", .flags = ADAPTER_OPERATOR | ADAPTER_EPHEMERAL,
	FAKE_SAID_OPS,
};

/* A bot on ops, its state in memory: help needs no file. */
static int
setup(void **state, const struct adapter_ops *ops)
{
	struct bot_world	*w = xcalloc(1, sizeof *w);

	bot_fixture_start(&w->bot, &w->adapter, ops);
	w->adapter.priv = &sink;
	/* One user opens a table of each game here: no caps, no budget. */
	w->bot.config->tables_max_lobbies_per_user = 0;
	w->bot.config->tables_command_burst = 0;
	bot_fixture_memory(&w->bot, &w->adapter);
	*state = w;
	return 0;
}

static int
setup_terse(void **state)
{
	return setup(state, &terse_ops);
}

static int
setup_plain(void **state)
{
	return setup(state, &plain_ops);
}

/*
 * alice says text (after the command word) in channel, a direct message
 * when channel is "dm"; the answer.
 */
static const char *
say(struct bot_world *w, const char *channel, const char *text)
{
	said[0] = '\0';
	bot_fixture_event(&w->bot, &w->adapter, "alice", channel, text);
	return said;
}

/* Lines of text; fails on a line longer than HELP_LINE_MAX bytes. */
static int
lines_of(const char *text)
{
	const char	*p = text, *nl;
	int		 n = 0;

	for (;;) {
		nl = strchr(p, '\n');
		if ((nl == NULL ? strlen(p) : (size_t)(nl - p)) > HELP_LINE_MAX)
			fail_msg("a help line of more than %d bytes: %.80s...",
			    HELP_LINE_MAX, p);
		n++;
		if (nl == NULL)
			return n;
		p = nl + 1;
	}
}

/* What short help must say wherever it is asked. */
static void
check_short(const char *help)
{
	static const char *const	 musts[] = {
		"!cheers help <command>", "!cheers rules <game>",
		"\n  !cheers new [game]", "\n  !cheers join: ",
		"\n  !cheers start: ",
	};
	const struct cmd_entry *const	*all = cmd_all();
	const struct game_ops *const	*games = game_all();
	char				 want[128];
	size_t				 m;
	int				 i;

	assert_true(lines_of(help) <= CMD_HELP_SHORT_LINES);
	for (m = 0; m < sizeof musts / sizeof musts[0]; m++)
		if (strstr(help, musts[m]) == NULL)
			fail_msg("short help lacks \"%s\":\n%s", musts[m], help);
	assert_null(strstr(help, "/cheers"));
	for (i = 0; all[i] != NULL; i++) {
		snprintf(want, sizeof want, " %s%s", all[i]->name,
		    all[i + 1] == NULL ? "." : ",");
		assert_non_null(strstr(help, want));
	}
	for (i = 0; games[i] != NULL; i++) {
		snprintf(want, sizeof want, "%s (%s, %d-%d players)",
		    games[i]->name, games[i]->title, games[i]->min_players,
		    games[i]->max_players);
		assert_non_null(strstr(help, want));
	}
}

/* No table: short help is the commands, the games, how to start. */
static void
test_short_no_table(void **state)
{
	struct bot_world	*w = *state;
	const char	*help = say(w, "#bar", "help");

	check_short(help);
	assert_null(strstr(help, " moves"));
	/* The same in a direct message. */
	check_short(say(w, "dm", "help"));
}

/* At a table, this game's moves by name, on one more line. */
static void
test_short_at_a_table(void **state)
{
	struct bot_world		*w = *state;
	const struct game_ops *const	*games = game_all();
	const char			*help;
	char				 chan[32], cmd[64], want[96];
	int				 g, i;

	for (g = 0; games[g] != NULL; g++) {
		snprintf(chan, sizeof chan, "#t%d", g);
		snprintf(cmd, sizeof cmd, "new %s", games[g]->name);
		say(w, chan, cmd);
		help = say(w, chan, "help");
		check_short(help);
		snprintf(want, sizeof want, "\n%s moves (!cheers <move>): %s",
		    games[g]->title, games[g]->actions[0].name);
		assert_non_null(strstr(help, want));
		for (i = 1; i < games[g]->nactions; i++) {
			snprintf(want, sizeof want, ", %s", games[g]->actions[i].name);
			assert_non_null(strstr(help, want));
		}
	}
}

/* help <command> is as detailed as ever. */
static void
test_short_one(void **state)
{
	struct bot_world	*w = *state;
	const char	*help = say(w, "#bar", "help new");

	assert_non_null(strstr(help, "!cheers new [game]"));
	assert_non_null(strstr(help, "\n  games: cheers (CHEERS, "));
	help = say(w, "#bar", "help throw");
	assert_non_null(strstr(help, "example: !cheers throw"));
	/* Any case; a move of several games, in each of them. */
	help = say(w, "#bar", "help THROW");
	assert_non_null(strstr(help, "example: !cheers throw"));
	help = say(w, "#bar", "help pass");
	assert_non_null(strstr(help, "!cheers pass (Friends with Beverages): "));
	assert_non_null(strstr(help, "!cheers pass (Cosdrink Encounters): "));
	/* At a table, its game's move alone (issue 33). */
	say(w, "#cos", "new cosdrink");
	help = say(w, "#cos", "help pass");
	assert_true(strncmp(help, "!cheers pass (Cosdrink Encounters): ",
	    36) == 0);
	assert_null(strstr(help, "Friends with Beverages"));
	/* A move its game does not have: every game that has it. */
	help = say(w, "#cos", "help throw");
	assert_non_null(strstr(help, "!cheers throw (CHEERS): "));
	help = say(w, "#bar", "help gvie");
	assert_non_null(strstr(help, "Unknown command \"gvie\". Did you mean "
	    "give?"));
}

/* Elsewhere every command and every move, a line each. */
static void
test_long(void **state)
{
	struct bot_world		*w = *state;
	const struct game_ops *const	*games = game_all();
	const char			*help = say(w, "#bar", "help");
	char				 want[96];
	int				 g;

	assert_true(lines_of(help) > 40);
	assert_non_null(strstr(help, "Table commands:\n  /cheers new [game]"));
	assert_non_null(strstr(help, "\n  /cheers join: "));
	for (g = 0; games[g] != NULL; g++) {
		snprintf(want, sizeof want, "\n%s moves:\n  /cheers %s",
		    games[g]->title, games[g]->actions[0].name);
		assert_non_null(strstr(help, want));
	}
	/* It opens with the games, one line each, and how to open one. */
	assert_true(strncmp(help, "Games:\n  cheers: CHEERS, ", 22) == 0);
	for (g = 0; games[g] != NULL; g++) {
		snprintf(want, sizeof want, "\n  %s: %s, ", games[g]->name,
		    games[g]->title);
		assert_non_null(strstr(help, want));
		assert_true(strstr(help, want) < strstr(help, "Table commands:"));
	}
	assert_non_null(strstr(help, "\nOpen one with /cheers new <game>"));
	assert_non_null(strstr(help, "/cheers help <command>"));
	assert_non_null(strstr(help, "/cheers rules <game>"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_short_no_table,
		    setup_terse, bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_short_at_a_table,
		    setup_terse, bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_short_one, setup_terse,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_long, setup_plain,
		    bot_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
