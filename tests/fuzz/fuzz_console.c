/*
 * Fuzz target: the console adapter's input.  The input is what a player
 * types at the terminal, any number of lines: "<user> [#channel|dm]:
 * <text>" lines, bare text, comments, directives (":wait 5m", ":dmclosed
 * bob") and button clicks ("alice: [My hand]", console.buttons is on).
 * It goes through the adapter's real line splitter and parser
 * (console_input) into the real bot, on a fake clock; a last line without
 * its newline is run as at the end of input.  Each input starts with no
 * table open.  Nothing may crash or leak; the output goes to /dev/null.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/console/console-int.h"
#include "adapters/console/console.h"
#include "tests/fuzz/fuzz-bot.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct bot	 bot;
static struct config	*config;
static struct console	*console;

static void
fuzz_setup(void)
{
	struct adapter	*a;

	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	config = config_new();
	if (config_set(config, "console.buttons=yes", NULL) != 0)
		abort();
	fuzz_bot_init(&bot, config, "console");
	a = console_new(&bot, NULL);
	bot_add_adapter(&bot, a);
	console = a->priv;
	console->echo = 1;	/* as from a pipe: the echo is fuzzed too */
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (console == NULL)
		fuzz_setup();
	fuzz_bot_reset(&bot);
	console->len = 0;
	console->overlong = 0;
	console->nclosed = 0;
	console_ui_free(console);
	memset(console->ui, 0, sizeof console->ui);

	console_input(console, (const char *)data, size);
	/* The end of input runs a last line that has no newline. */
	if (console->len > 0)
		console_input(console, "\n", 1);
	bot_advance(&bot, 60 * 1000);	/* timers, the AI */
	return 0;
}
