/*
 * Unit tests for bot/daemon/config.c: defaults, every value type, every error
 * kind with its "file:line: " prefix, secrets, -o overrides, the dump, and
 * that config/cheersbot.conf.example documents exactly the schema's keys.
 * Run from the repository root (make unit does).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adapters/console/settings.h"
#include "bot/daemon/config.h"
#include "bot/daemon/platforms.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define EXAMPLE	"config/cheersbot.conf.example"

/* Writes len bytes of text to a new temporary file; caller unlinks, frees. */
static char *
write_temp(const char *text, size_t len)
{
	char	*path = xstrdup("/tmp/test_config.XXXXXX");
	int	 fd;

	fd = mkstemp(path);
	assert_true(fd != -1);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
	return path;
}

static void
remove_temp(char *path)
{
	unlink(path);
	free(path);
}

/* Replaces every "@" in template with path; caller frees. */
static char *
with_path(const char *template, const char *path)
{
	struct buf	 b;
	const char	*p;

	buf_init(&b, 1024 * 1024);
	for (p = template; *p != '\0'; p++) {
		if (*p == '@')
			buf_puts(&b, path);
		else
			buf_add(&b, p, 1);
	}
	return buf_detach(&b);
}

/* Loads len bytes of text as a file into cfg; returns config_load's value. */
static int
load_bytes(struct config *cfg, const char *text, size_t len, char **cause,
    char **pathp)
{
	char	*path = write_temp(text, len);
	int	 rc;

	*cause = NULL;
	rc = config_load(cfg, path, cause);
	if (pathp != NULL)
		*pathp = path;
	else
		remove_temp(path);
	return rc;
}

static int
load_text(struct config *cfg, const char *text, char **cause, char **pathp)
{
	return load_bytes(cfg, text, strlen(text), cause, pathp);
}

/* Loading len bytes must fail with exactly expected ("@" is the path). */
static void
expect_load_error_n(const char *text, size_t len, const char *expected)
{
	struct config	*cfg = config_new();
	char		*cause, *path, *want, *before, *after;

	before = config_dump(cfg);
	assert_int_equal(load_bytes(cfg, text, len, &cause, &path), -1);
	want = with_path(expected, path);
	assert_non_null(cause);
	assert_string_equal(cause, want);
	after = config_dump(cfg);
	assert_string_equal(before, after);
	free(before);
	free(after);
	free(want);
	free(cause);
	remove_temp(path);
	config_free(cfg);
}

static void
expect_load_error(const char *text, const char *expected)
{
	expect_load_error_n(text, strlen(text), expected);
}

/* config_set must succeed. */
static void
set_ok(struct config *cfg, const char *assignment)
{
	char	*cause = NULL;
	int	 rc;

	rc = config_set(cfg, assignment, &cause);
	if (rc != 0)
		fail_msg("%s: %s", assignment, cause);
	assert_null(cause);
}

/* config_set must fail with exactly expected, leaving cfg unchanged. */
static void
set_bad(struct config *cfg, const char *assignment, const char *expected)
{
	char	*cause = NULL, *before, *after;

	before = config_dump(cfg);
	assert_int_equal(config_set(cfg, assignment, &cause), -1);
	assert_non_null(cause);
	if (expected != NULL)
		assert_string_equal(cause, expected);
	after = config_dump(cfg);
	assert_string_equal(before, after);
	free(before);
	free(after);
	free(cause);
}

static size_t
list_len(char **list)
{
	size_t	n = 0;

	while (list[n] != NULL)
		n++;
	return n;
}

static void
test_defaults(void **state)
{
	struct config	*cfg = config_new();

	(void)state;
	assert_string_equal(cfg->bot_name, "cheersbot");
	assert_string_equal(cfg->bot_command, "cheers");
	assert_string_equal(cfg->bot_state_file, "cheersbot.db");
	assert_non_null(cfg->bot_admins);
	assert_null(cfg->bot_admins[0]);
	assert_int_equal(cfg->bot_log_level, CONFIG_LOG_INFO);
	assert_true(cfg->bot_seed == 0);
	assert_true(cfg->tables_turn_timer_ms == 5 * 60 * 1000);
	assert_true(cfg->tables_prompt_timer_ms == 2 * 60 * 1000);
	assert_int_equal(cfg->tables_timeouts_to_ai, 3);
	assert_true(cfg->tables_ai_delay_ms == 1500);
	assert_true(cfg->tables_lobby_expiry_ms == 30 * 60 * 1000);
	assert_int_equal(cfg->tables_max_tables, 1000);
	assert_int_equal(console_config(cfg)->console_enabled, 1);
	assert_string_equal(console_config(cfg)->console_user, "you");
	assert_string_equal(console_config(cfg)->console_channel, "#bar");
	assert_int_equal(console_config(cfg)->console_echo, 1);
	config_free(cfg);
	config_free(NULL);
}

static void
test_bool(void **state)
{
	struct config	*cfg = config_new();
	const char	*yes[] = { "yes", "true", "on", "1", "YES", "On" };
	const char	*no[] = { "no", "false", "off", "0", "No", "FALSE" };
	char		 s[64];
	size_t		 i;

	(void)state;
	for (i = 0; i < sizeof yes / sizeof yes[0]; i++) {
		snprintf(s, sizeof s, "console.echo=%s", yes[i]);
		set_ok(cfg, s);
		assert_int_equal(console_config(cfg)->console_echo, 1);
		snprintf(s, sizeof s, "console.echo=%s", no[i]);
		set_ok(cfg, s);
		assert_int_equal(console_config(cfg)->console_echo, 0);
	}
	set_bad(cfg, "console.echo=maybe", "console.echo=maybe: \"maybe\" is "
	    "not yes or no (use yes/no, true/false, on/off or 1/0)");
	set_bad(cfg, "console.echo=", NULL);
	set_bad(cfg, "console.echo=2", NULL);
	config_free(cfg);
}

static void
test_int(void **state)
{
	struct config	*cfg = config_new();

	(void)state;
	set_ok(cfg, "tables.timeouts_to_ai=0");
	assert_int_equal(cfg->tables_timeouts_to_ai, 0);
	set_ok(cfg, "tables.timeouts_to_ai = 100");
	assert_int_equal(cfg->tables_timeouts_to_ai, 100);
	set_ok(cfg, "tables.max_tables=100000");
	assert_int_equal(cfg->tables_max_tables, 100000);
	set_ok(cfg, "tables.max_tables=1");
	assert_int_equal(cfg->tables_max_tables, 1);
	set_bad(cfg, "tables.timeouts_to_ai=101",
	    "tables.timeouts_to_ai=101: 101 is out of range (0 to 100)");
	set_bad(cfg, "tables.timeouts_to_ai=-1",
	    "tables.timeouts_to_ai=-1: -1 is out of range (0 to 100)");
	set_bad(cfg, "tables.max_tables=0",
	    "tables.max_tables=0: 0 is out of range (1 to 100000)");
	set_bad(cfg, "tables.max_tables=3x",
	    "tables.max_tables=3x: \"3x\" is not a number");
	set_bad(cfg, "tables.max_tables=", NULL);
	set_bad(cfg, "tables.max_tables=+5", NULL);
	set_bad(cfg, "tables.max_tables=1 000", NULL);
	set_bad(cfg, "tables.max_tables=99999999999999999999999", NULL);

	set_ok(cfg, "bot.seed=9223372036854775807");
	assert_true(cfg->bot_seed == UINT64_C(9223372036854775807));
	set_ok(cfg, "bot.seed=42");
	assert_true(cfg->bot_seed == 42);
	set_bad(cfg, "bot.seed=9223372036854775808", "bot.seed="
	    "9223372036854775808: 9223372036854775808 is out of range "
	    "(0 to 9223372036854775807)");
	set_bad(cfg, "bot.seed=-1", NULL);
	set_bad(cfg, "bot.seed=99999999999999999999999", NULL);
	assert_true(cfg->bot_seed == 42);
	config_free(cfg);
}

static void
test_duration(void **state)
{
	struct config	*cfg = config_new();
	static const struct {
		const char	*text;
		uint64_t	 ms;
	} good[] = {
		{ "0", 0 }, { "off", 0 }, { "OFF", 0 }, { "0ms", 0 },
		{ "90", 90000 }, { "90s", 90000 }, { "1500ms", 1500 },
		{ "5m", 300000 }, { "24h", 86400000 }, { "1h", 3600000 },
	};
	char	s[64];
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		snprintf(s, sizeof s, "tables.turn_timer=%s", good[i].text);
		set_ok(cfg, s);
		assert_true(cfg->tables_turn_timer_ms == good[i].ms);
	}
	set_bad(cfg, "tables.turn_timer=25h",
	    "tables.turn_timer=25h: 25h is out of range (0 to 24h)");
	set_bad(cfg, "tables.turn_timer=86400001ms", NULL);
	set_bad(cfg, "tables.turn_timer=5x", "tables.turn_timer=5x: \"5x\" is "
	    "not a duration (use off, or a number with ms, s, m or h)");
	set_bad(cfg, "tables.turn_timer=m", NULL);
	set_bad(cfg, "tables.turn_timer=-1", NULL);
	set_bad(cfg, "tables.turn_timer=1.5s", NULL);
	set_bad(cfg, "tables.turn_timer=5 m", NULL);
	set_bad(cfg, "tables.turn_timer=", NULL);
	set_bad(cfg, "tables.turn_timer=99999999999999999999999h", NULL);
	set_bad(cfg, "tables.turn_timer=9999999999999999h", NULL);

	set_ok(cfg, "tables.ai_delay=60s");
	assert_true(cfg->tables_ai_delay_ms == 60000);
	set_ok(cfg, "tables.ai_delay=0");
	assert_true(cfg->tables_ai_delay_ms == 0);
	set_bad(cfg, "tables.ai_delay=60001ms",
	    "tables.ai_delay=60001ms: 60001ms is out of range (0 to 1m)");
	set_ok(cfg, "tables.lobby_expiry=off");
	assert_true(cfg->tables_lobby_expiry_ms == 0);
	set_ok(cfg, "tables.prompt_timer=45");
	assert_true(cfg->tables_prompt_timer_ms == 45000);
	config_free(cfg);
}

static void
test_enum(void **state)
{
	struct config	*cfg = config_new();

	(void)state;
	set_ok(cfg, "bot.log_level=debug");
	assert_int_equal(cfg->bot_log_level, CONFIG_LOG_DEBUG);
	set_ok(cfg, "bot.log_level=error");
	assert_int_equal(cfg->bot_log_level, CONFIG_LOG_ERROR);
	set_ok(cfg, "bot.log_level=WARN");
	assert_int_equal(cfg->bot_log_level, CONFIG_LOG_WARN);
	set_bad(cfg, "bot.log_level=verbose", "bot.log_level=verbose: "
	    "\"verbose\" is not one of error, warn, info, debug");
	set_bad(cfg, "bot.log_level=", NULL);
	config_free(cfg);
}

static void
test_string_and_path(void **state)
{
	struct config	*cfg = config_new();
	char		 s[200];

	(void)state;
	set_ok(cfg, "bot.name=Barkeep Bot");
	assert_string_equal(cfg->bot_name, "Barkeep Bot");
	set_ok(cfg, "bot.name=  spaced  ");
	assert_string_equal(cfg->bot_name, "spaced");
	set_ok(cfg, "bot.name=\"  spaced  \"");
	assert_string_equal(cfg->bot_name, "  spaced  ");
	set_ok(cfg, "bot.name=\"\"quoted\"\"");
	assert_string_equal(cfg->bot_name, "\"quoted\"");
	set_bad(cfg, "bot.name=", "bot.name=: value is empty");
	set_bad(cfg, "bot.name=\"\"", NULL);
	set_bad(cfg, "bot.name=\"open", "bot.name=\"open: unterminated quote");
	set_bad(cfg, "bot.name=a\tb\x01", NULL);
	memset(s, 0, sizeof s);
	memcpy(s, "bot.name=", 9);
	memset(s + 9, 'x', 81);
	set_bad(cfg, s, NULL);
	s[9 + 80] = '\0';
	set_ok(cfg, s);

	set_ok(cfg, "bot.command=cheers-2_x");
	assert_string_equal(cfg->bot_command, "cheers-2_x");
	set_bad(cfg, "bot.command=Cheers", "bot.command=Cheers: \"Cheers\" is "
	    "not a command word (use a-z, 0-9, - and _)");
	set_bad(cfg, "bot.command=two words", NULL);
	set_bad(cfg, "bot.command=abcdefghijabcdefghijabcdefghijabc", NULL);

	set_ok(cfg, "bot.state_file=/var/lib/cheersbot/state.db");
	assert_string_equal(cfg->bot_state_file, "/var/lib/cheersbot/state.db");
	set_bad(cfg, "bot.state_file=", "bot.state_file=: path is empty");
	config_free(cfg);
}

static void
test_list(void **state)
{
	struct config	*cfg = config_new();

	(void)state;
	set_ok(cfg, "bot.admins=console:alice, discord:80351110224678912");
	assert_int_equal(list_len(cfg->bot_admins), 2);
	assert_string_equal(cfg->bot_admins[0], "console:alice");
	assert_string_equal(cfg->bot_admins[1], "discord:80351110224678912");
	set_ok(cfg, "bot.admins=irc:bob");
	assert_int_equal(list_len(cfg->bot_admins), 1);
	set_ok(cfg, "bot.admins=");
	assert_int_equal(list_len(cfg->bot_admins), 0);
	set_ok(cfg, "bot.admins=  a:b  ,c:d");
	assert_int_equal(list_len(cfg->bot_admins), 2);
	assert_string_equal(cfg->bot_admins[0], "a:b");
	set_bad(cfg, "bot.admins=a:b,,c:d",
	    "bot.admins=a:b,,c:d: item 2 of the list is empty");
	set_bad(cfg, "bot.admins=a:b,", NULL);
	set_bad(cfg, "bot.admins=alice",
	    "bot.admins=alice: \"alice\" is not platform:userid");
	set_bad(cfg, "bot.admins=:alice", NULL);
	set_bad(cfg, "bot.admins=console:", NULL);
	set_bad(cfg, "bot.admins=console:al ice", NULL);
	assert_int_equal(list_len(cfg->bot_admins), 2);
	config_free(cfg);
}

/* struct config has no secret yet; a test struct and row stand in. */
struct secret_holder {
	char	*token;
};

static const struct config_key secret_key = {
	"test", "token", CONFIG_SECRET, offsetof(struct secret_holder, token),
	"", 0, 0, NULL, NULL, "A secret."
};

static int
secret_parse(struct secret_holder *h, const char *text, char **cause)
{
	*cause = NULL;
	return config_value_parse(&secret_key, h, text, cause);
}

static void
secret_bad(const char *text, const char *expected)
{
	struct secret_holder	 h = { NULL };
	char			*cause;

	assert_int_equal(config_value_parse(&secret_key, &h, "old", &cause), 0);
	assert_int_equal(secret_parse(&h, text, &cause), -1);
	assert_string_equal(cause, expected);
	assert_string_equal(h.token, "old");
	free(cause);
	config_value_release(&secret_key, &h);
	assert_null(h.token);
}

/* Parses "file:" a fresh file of len bytes of text into h, which works. */
static void
secret_file_ok(struct secret_holder *h, const char *text, size_t len)
{
	char	*path = write_temp(text, len), *cause;
	char	*v = xasprintf("file:%s", path);

	assert_int_equal(secret_parse(h, v, &cause), 0);
	free(v);
	remove_temp(path);
}

/* "file:" a fresh file of len bytes of text is refused: "... PATH why". */
static void
secret_file_bad(const char *text, size_t len, const char *why)
{
	char	*path = write_temp(text, len);
	char	*v = xasprintf("file:%s", path);
	char	*msg = xasprintf("secret file %s %s", path, why);

	secret_bad(v, msg);
	free(msg);
	free(v);
	remove_temp(path);
}

static void
test_secret(void **state)
{
	struct secret_holder	 h = { NULL };
	char			*cause, *path, *v, *msg, big[CONFIG_SECRET_MAX + 3];

	(void)state;
	/* Literal, and masked when formatted. */
	v = config_value_format(&secret_key, &h);
	assert_string_equal(v, "");
	free(v);
	assert_int_equal(secret_parse(&h, "hunter2", &cause), 0);
	assert_string_equal(h.token, "hunter2");
	v = config_value_format(&secret_key, &h);
	assert_string_equal(v, "(secret)");
	free(v);

	/* file: trims the trailing newline. */
	secret_file_ok(&h, "s3cr3t\n", 7);
	assert_string_equal(h.token, "s3cr3t");
	secret_file_ok(&h, "crlf\r\n", 6);
	assert_string_equal(h.token, "crlf");

	/* Exactly the cap, with a newline, is fine; one byte more is not. */
	memset(big, 'k', sizeof big);
	big[CONFIG_SECRET_MAX] = '\n';
	secret_file_ok(&h, big, CONFIG_SECRET_MAX + 1);
	assert_int_equal(strlen(h.token), CONFIG_SECRET_MAX);
	memset(big, 'k', sizeof big);
	secret_file_bad(big, CONFIG_SECRET_MAX + 1, "is larger than 4096 bytes");
	secret_file_bad(big, sizeof big, "is larger than 4096 bytes");

	/* Empty, unreadable, missing. */
	secret_file_bad("\n", 1, "is empty");
	secret_bad("file:/nonexistent/token", "cannot open secret file "
	    "/nonexistent/token: No such file or directory");
	secret_bad("file:/", "cannot read secret file /: Is a directory");
	secret_bad("file:", "\"file:\" needs a path");

	/* env: */
	setenv("CHEERSBOT_TEST_TOKEN", "from-env", 1);
	assert_int_equal(secret_parse(&h, "env:CHEERSBOT_TEST_TOKEN", &cause),
	    0);
	assert_string_equal(h.token, "from-env");
	setenv("CHEERSBOT_TEST_TOKEN", "", 1);
	secret_bad("env:CHEERSBOT_TEST_TOKEN",
	    "environment variable CHEERSBOT_TEST_TOKEN is empty");
	unsetenv("CHEERSBOT_TEST_TOKEN");
	secret_bad("env:CHEERSBOT_TEST_TOKEN",
	    "environment variable CHEERSBOT_TEST_TOKEN is not set");
	secret_bad("env:", "\"env:\" needs a variable name");

	/* credential: a file in $CREDENTIALS_DIRECTORY (LoadCredential=). */
	path = write_temp("from-systemd\n", 13);
	v = xstrdup(path);
	*strrchr(v, '/') = '\0';
	setenv("CREDENTIALS_DIRECTORY", v, 1);
	free(v);
	v = xasprintf("credential:%s", strrchr(path, '/') + 1);
	assert_int_equal(secret_parse(&h, v, &cause), 0);
	assert_string_equal(h.token, "from-systemd");
	free(v);
	remove_temp(path);
	/*
	 * An empty credential, the default the unit's SetCredential= gives
	 * one whose file is not in place, is an empty secret: a platform
	 * that is not enabled needs none.
	 */
	path = write_temp("\n", 1);
	v = xasprintf("credential:%s", strrchr(path, '/') + 1);
	assert_int_equal(secret_parse(&h, v, &cause), 0);
	assert_string_equal(h.token, "");
	free(v);
	remove_temp(path);
	v = xasprintf("cannot open secret file %s/absent.token: No such file "
	    "or directory", getenv("CREDENTIALS_DIRECTORY"));
	secret_bad("credential:absent.token", v);
	free(v);
	secret_bad("credential:../etc/passwd", "credential name ../etc/passwd "
	    "is not a plain file name of at most 255 bytes");
	secret_bad("credential:..", "credential name .. is not a plain file "
	    "name of at most 255 bytes");
	secret_bad("credential:", "\"credential:\" needs a name");
	/*
	 * A file: secret that cannot be opened, beside a credential of its
	 * name (the service's dynamic user and root's 0600 file): the error
	 * names the fix.  Without such a credential it does not.
	 */
	path = write_temp("from-systemd\n", 13);
	v = xasprintf("file:/nonexistent/%s", strrchr(path, '/') + 1);
	msg = xasprintf("cannot open secret file /nonexistent/%s: No such file "
	    "or directory; under systemd write token = credential:%s",
	    strrchr(path, '/') + 1, strrchr(path, '/') + 1);
	secret_bad(v, msg);
	free(msg);
	free(v);
	remove_temp(path);
	secret_bad("file:/nonexistent/token", "cannot open secret file "
	    "/nonexistent/token: No such file or directory");
	unsetenv("CREDENTIALS_DIRECTORY");
	secret_bad("credential:discord.token", "credential discord.token: "
	    "CREDENTIALS_DIRECTORY is not set (systemd sets it for a unit with "
	    "LoadCredential=)");

	config_value_release(&secret_key, &h);
	assert_null(h.token);
}

static void
test_load(void **state)
{
	struct config	*cfg = config_new();
	char		*cause;

	(void)state;
	assert_int_equal(load_text(cfg,
	    "# comment\n"
	    "; comment too\n"
	    "\n"
	    "   [ bot ]   \n"
	    "  name   =   Barkeep  \n"
	    "admins = console:alice, discord:80351110224678912\r\n"
	    "[tables]\n"
	    "ai_delay=0\n"
	    "[console]\n"
	    "user = \" pad \"\n"
	    "channel = #lounge # not a comment\n"
	    "[bot]\n"
	    "seed = 7", &cause, NULL), 0);
	assert_null(cause);
	assert_string_equal(cfg->bot_name, "Barkeep");
	assert_int_equal(list_len(cfg->bot_admins), 2);
	assert_string_equal(cfg->bot_admins[1], "discord:80351110224678912");
	assert_true(cfg->tables_ai_delay_ms == 0);
	assert_string_equal(console_config(cfg)->console_user, " pad ");
	assert_string_equal(console_config(cfg)->console_channel,
	    "#lounge # not a comment");
	assert_true(cfg->bot_seed == 7);
	/* Keys the file leaves out keep what they had. */
	assert_string_equal(cfg->bot_command, "cheers");
	assert_int_equal(cfg->tables_max_tables, 1000);

	/* A second file changes only what it sets. */
	assert_int_equal(load_text(cfg, "[tables]\nmax_tables = 5\n", &cause,
	    NULL), 0);
	assert_int_equal(cfg->tables_max_tables, 5);
	assert_string_equal(cfg->bot_name, "Barkeep");

	/* An empty file is fine. */
	assert_int_equal(load_text(cfg, "", &cause, NULL), 0);
	config_free(cfg);
}

static void
test_load_errors(void **state)
{
	static const char	nul[] = "[bot]\nname = a\0b\nseed = x\n";

	(void)state;
	/* Every error of the file is collected, each with its line. */
	expect_load_error(
	    "# header\n"				/* 1 */
	    "[bot]\n"					/* 2 */
	    "name = ok\n"				/* 3 */
	    "nmae = typo\n"				/* 4 */
	    "name = again\n"				/* 5 */
	    "just some words\n"				/* 6 */
	    "[nosuch]\n"				/* 7 */
	    "whatever = 1\n"				/* 8: skipped */
	    "[tables]\n"				/* 9 */
	    "ai_delay = 2 minutes\n"			/* 10 */
	    "max_tables = 0\n"				/* 11 */
	    "= 5\n"					/* 12 */
	    "[console\n"				/* 13 */
	    "[console]\n"				/* 14 */
	    "user = \"open\n"				/* 15 */
	    "echo = maybe\n",				/* 16 */
	    "@:4: unknown key \"nmae\" in [bot]\n"
	    "@:5: duplicate key bot.name (first set on line 3)\n"
	    "@:6: expected \"key = value\"\n"
	    "@:7: unknown section [nosuch]\n"
	    "@:10: tables.ai_delay: \"2 minutes\" is not a duration (use off, "
	    "or a number with ms, s, m or h)\n"
	    "@:11: tables.max_tables: 0 is out of range (1 to 100000)\n"
	    "@:12: missing key before \"=\"\n"
	    "@:13: bad section header (expected [name])\n"
	    "@:15: console.user: unterminated quote\n"
	    "@:16: console.echo: \"maybe\" is not yes or no (use yes/no, "
	    "true/false, on/off or 1/0)");

	expect_load_error("name = x\n[bot]\n[]\n",
	    "@:1: key \"name\" is outside any [section]\n"
	    "@:3: bad section header (expected [name])");
	expect_load_error("[bot]\nname = a\n[tables]\n[bot]\nname = b\n",
	    "@:5: duplicate key bot.name (first set on line 2)");
	expect_load_error_n(nul, sizeof nul - 1,
	    "@:2: line contains a NUL byte\n"
	    "@:3: bot.seed: \"x\" is not a number");
}

static void
test_load_overlong(void **state)
{
	struct config	*cfg = config_new();
	struct buf	 b;
	char		*cause;
	int		 i;

	(void)state;
	/* A line of exactly CONFIG_LINE_MAX bytes is allowed. */
	buf_init(&b, 64 * 1024);
	buf_puts(&b, "[bot]\n#");
	for (i = 1; i < CONFIG_LINE_MAX; i++)
		buf_puts(&b, "x");
	buf_puts(&b, "\nname = fine\n");
	assert_int_equal(load_text(cfg, buf_str(&b), &cause, NULL), 0);
	assert_string_equal(cfg->bot_name, "fine");
	buf_release(&b);

	/* One byte more is an error; reading goes on after it. */
	buf_init(&b, 64 * 1024);
	buf_puts(&b, "[bot]\nname = ");
	for (i = 0; i < CONFIG_LINE_MAX; i++)
		buf_puts(&b, "x");
	buf_puts(&b, "\nseed = bad\nname = ok\n");
	expect_load_error(buf_str(&b), "@:2: line is longer than 4096 bytes\n"
	    "@:3: bot.seed: \"bad\" is not a number");
	buf_release(&b);
	config_free(cfg);
}

static void
test_load_too_many_errors(void **state)
{
	struct config	*cfg = config_new();
	struct buf	 b;
	char		*cause, *last;
	int		 i, lines;

	(void)state;
	buf_init(&b, 64 * 1024);
	for (i = 0; i < 200; i++)
		buf_puts(&b, "nonsense\n");
	assert_int_equal(load_text(cfg, buf_str(&b), &cause, NULL), -1);
	for (lines = 1, last = cause; *last != '\0'; last++) {
		if (*last == '\n')
			lines++;
	}
	assert_int_equal(lines, 51);
	last = strrchr(cause, '\n') + 1;
	assert_non_null(strstr(last, ":51: too many errors; giving up"));
	free(cause);
	buf_release(&b);
	config_free(cfg);
}

static void
test_load_missing(void **state)
{
	struct config	*cfg = config_new();
	char		*cause = NULL;

	(void)state;
	assert_int_equal(config_load(cfg, "/nonexistent/cheersbot.conf",
	    &cause), -1);
	assert_string_equal(cause,
	    "/nonexistent/cheersbot.conf: No such file or directory");
	free(cause);
	assert_int_equal(config_load(cfg, "/", &cause), -1);
	assert_string_equal(cause, "/:1: read error: Is a directory");
	free(cause);
	config_free(cfg);
}

static void
test_load_failure_keeps_config(void **state)
{
	struct config	*cfg = config_new();
	char		*cause, *before, *after;

	(void)state;
	set_ok(cfg, "bot.name=kept");
	set_ok(cfg, "bot.admins=a:b, c:d");
	before = config_dump(cfg);
	/* Good keys before and after a bad one change nothing. */
	assert_int_equal(load_text(cfg,
	    "[bot]\nname = changed\nadmins = x:y\n"
	    "[tables]\nmax_tables = -3\nai_delay = 0\n", &cause, NULL), -1);
	free(cause);
	after = config_dump(cfg);
	assert_string_equal(before, after);
	assert_string_equal(cfg->bot_name, "kept");
	assert_int_equal(list_len(cfg->bot_admins), 2);
	assert_true(cfg->tables_ai_delay_ms == 1500);
	free(before);
	free(after);
	config_free(cfg);
}

static void
test_set_errors(void **state)
{
	struct config	*cfg = config_new();
	char		 longer[CONFIG_LINE_MAX + 10];

	(void)state;
	set_bad(cfg, "tables.ai_delay", "tables.ai_delay: expected "
	    "section.key=value");
	set_bad(cfg, "ai_delay=0", "ai_delay=...: expected section.key=value");
	set_bad(cfg, "tables.nope=1", "tables.nope=...: unknown key \"nope\" "
	    "in [tables]");
	set_bad(cfg, "discrod.token=abc123", "discrod.token=...: unknown "
	    "section [discrod]");
	set_bad(cfg, "tables.ai_delay=forever", "tables.ai_delay=forever: "
	    "\"forever\" is not a duration (use off, or a number with ms, s, "
	    "m or h)");
	memset(longer, 'a', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	set_bad(cfg, longer, NULL);
	set_ok(cfg, " tables.ai_delay = 0 ");
	assert_true(cfg->tables_ai_delay_ms == 0);
	config_free(cfg);
}

/*
 * A connection string is kept whole but shown with its password masked,
 * in the dump and in a refusal; an unreadable one is not shown at all.
 */
static void
test_conninfo(void **state)
{
	struct config	*cfg = config_new();
	char		*dump;

	(void)state;
	set_ok(cfg, "postgres.url=postgresql://bot:hunter2@db:5432/cheers");
	assert_string_equal(cfg->postgres_url,
	    "postgresql://bot:hunter2@db:5432/cheers");
	dump = config_dump(cfg);
	assert_non_null(strstr(dump,
	    "\nurl = postgresql://bot:(secret)@db:5432/cheers\n"));
	assert_null(strstr(dump, "hunter2"));
	free(dump);
	set_ok(cfg, "postgres.url=host=db password='a b' user=bot");
	dump = config_dump(cfg);
	assert_non_null(strstr(dump,
	    "\nurl = host=db password=(secret) user=bot\n"));
	free(dump);
	set_bad(cfg, "postgres.url=\"postgresql://bot:hunter2@db",
	    "postgres.url=(not shown): unterminated quote");
	set_ok(cfg, "store.backend=postgres");
	assert_int_equal(cfg->store_backend, CONFIG_STORE_POSTGRES);
	set_bad(cfg, "store.backend=mysql", NULL);
	config_free(cfg);
}

static void
test_dump(void **state)
{
	/* What is set, then what the dump must hold. */
	static const char *const	 sets[] = {
		"bot.name=\" odd name \"", "bot.admins=console:alice, irc:bob",
		"bot.log_level=debug", "bot.seed=123", "tables.turn_timer=90",
		"tables.ai_delay=1500ms", "tables.lobby_expiry=off",
		"console.echo=yes",
	};
	static const char *const	 holds[] = {
		"[bot]\n# The bot's display name.\nname = \" odd name \"\n",
		"\nadmins = console:alice, irc:bob\n", "\nlog_level = debug\n",
		"\nseed = 123\n", "\n[tables]\n", "\nturn_timer = 90s\n",
		"\nai_delay = 1500ms\n", "\nlobby_expiry = 0\n",
		"\n[console]\n", "\necho = yes\n",
	};
	struct config			*cfg = config_new(), *back = config_new();
	char				*dump, *dump2, *path, *cause;
	size_t				 i;

	(void)state;
	for (i = 0; i < sizeof sets / sizeof sets[0]; i++)
		set_ok(cfg, sets[i]);
	dump = config_dump(cfg);
	for (i = 0; i < sizeof holds / sizeof holds[0]; i++)
		assert_non_null(strstr(dump, holds[i]));

	/* The dump reads back to the same configuration. */
	path = write_temp(dump, strlen(dump));
	if (config_load(back, path, &cause) != 0)
		fail_msg("%s", cause);
	dump2 = config_dump(back);
	assert_string_equal(dump, dump2);
	free(dump2);
	remove_temp(path);
	free(dump);
	config_free(back);
	config_free(cfg);
}

/* Reads the "section.key" names the example file sets; caller frees. */
static char **
example_keys(size_t *np)
{
	char	 line[CONFIG_LINE_MAX + 2], section[128] = "", *s, *e;
	char	**keys = NULL;
	size_t	 n = 0;
	FILE	*f;

	f = fopen(EXAMPLE, "r");
	if (f == NULL)
		fail_msg("cannot open %s (run from the repository root)",
		    EXAMPLE);
	while (fgets(line, sizeof line, f) != NULL) {
		s = line + strspn(line, " \t");
		s[strcspn(s, "\r\n")] = '\0';
		if (*s == '\0' || *s == '#' || *s == ';')
			continue;
		if (*s == '[') {
			e = strchr(s, ']');
			assert_non_null(e);
			snprintf(section, sizeof section, "%.*s",
			    (int)(e - s - 1), s + 1);
			continue;
		}
		e = strchr(s, '=');
		assert_non_null(e);
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		keys = xreallocarray(keys, n + 1, sizeof *keys);
		keys[n++] = xasprintf("%s.%.*s", section, (int)(e - s), s);
	}
	fclose(f);
	*np = n;
	return keys;
}

/*
 * Every row of every section (config_section_at), in dump order, ended by
 * NULL; each row's section is the one it is listed in.  Caller frees.
 */
static const struct config_key **
schema_rows(void)
{
	const struct config_section	 *sec;
	const struct config_key		 *k, **rows = NULL;
	size_t				  i, n = 0;

	for (i = 0; (sec = config_section_at(i)) != NULL; i++) {
		for (k = sec->keys; k->section != NULL; k++) {
			assert_string_equal(k->section, sec->name);
			rows = xreallocarray(rows, n + 2, sizeof *rows);
			rows[n++] = k;
		}
	}
	assert_true(i <= CONFIG_SECTIONS_MAX);
	rows[n] = NULL;
	return rows;
}

static void
test_example(void **state)
{
	struct config			*cfg = config_new(), *def = config_new();
	const struct config_key		*k, **rows = schema_rows();
	char				*cause = NULL, **keys, *name;
	char				*d1, *d2;
	size_t				 n, i, r;
	int				 found;

	(void)state;
	/* It parses cleanly, and shows the defaults. */
	if (config_load(cfg, EXAMPLE, &cause) != 0)
		fail_msg("%s", cause);
	d1 = config_dump(cfg);
	d2 = config_dump(def);
	assert_string_equal(d1, d2);
	free(d1);
	free(d2);

	/* Every schema key is in it, and nothing else. */
	keys = example_keys(&n);
	for (r = 0; (k = rows[r]) != NULL; r++) {
		name = xasprintf("%s.%s", k->section, k->key);
		for (found = 0, i = 0; i < n; i++)
			found |= strcmp(keys[i], name) == 0;
		if (!found)
			fail_msg("%s is not in %s", name, EXAMPLE);
		free(name);
	}
	for (i = 0; i < n; i++) {
		for (found = 0, r = 0; (k = rows[r]) != NULL; r++) {
			name = xasprintf("%s.%s", k->section, k->key);
			found |= strcmp(keys[i], name) == 0;
			free(name);
		}
		if (!found)
			fail_msg("%s is in %s but not in the schema", keys[i],
			    EXAMPLE);
		free(keys[i]);
	}
	free(keys);
	free(rows);
	config_free(def);
	config_free(cfg);
}

/*
 * Every row has a help line, every default parses (config_new), and
 * every platform's section opens with its enabled switch.
 */
static void
test_schema(void **state)
{
	const struct config_key	*k, *j, **rows = schema_rows();
	const struct platform	*p;
	size_t			 r, q;

	(void)state;
	for (r = 0; (k = rows[r]) != NULL; r++) {
		assert_non_null(k->key);
		assert_non_null(k->def);
		assert_non_null(k->help);
		assert_true(k->help[0] != '\0');
		for (q = 0; q < r; q++) {
			j = rows[q];
			if (strcmp(j->section, k->section) == 0 &&
			    strcmp(j->key, k->key) == 0)
				fail_msg("%s.%s twice", k->section, k->key);
		}
	}
	free(rows);
	/* A platform's section has a struct of its own, enabled first. */
	for (p = platforms; p->settings != NULL; p++) {
		assert_true(p->settings->size > 0);
		assert_string_equal(p->settings->keys[0].key, "enabled");
		assert_int_equal(p->settings->keys[0].type, CONFIG_BOOL);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_schema),
		cmocka_unit_test(test_bool),
		cmocka_unit_test(test_int),
		cmocka_unit_test(test_duration),
		cmocka_unit_test(test_enum),
		cmocka_unit_test(test_string_and_path),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_secret),
		cmocka_unit_test(test_load),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_load_overlong),
		cmocka_unit_test(test_load_too_many_errors),
		cmocka_unit_test(test_load_missing),
		cmocka_unit_test(test_load_failure_keeps_config),
		cmocka_unit_test(test_set_errors),
		cmocka_unit_test(test_conninfo),
		cmocka_unit_test(test_dump),
		cmocka_unit_test(test_example),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
