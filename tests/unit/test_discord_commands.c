/*
 * Unit tests for the Discord adapter's pure parts: the slash-command schema
 * built from the lobby verbs and game actions (valid names, unique option
 * names, capped descriptions, required options first, types), splitting
 * long texts into messages, and rate-limit routes and buckets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/discord/discord-int.h"
#include "bot/commands/cmd.h"
#include "game/game.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/* ^[-_a-z0-9]{1,32}$ */
static int
valid_name(const char *s)
{
	size_t	n = strlen(s), i;

	if (n < 1 || n > 32)
		return 0;
	for (i = 0; i < n; i++) {
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '-' || s[i] == '_'))
			return 0;
	}
	return 1;
}

static const cJSON *
sub_named(const cJSON *subs, const char *name)
{
	const cJSON	*s;

	cJSON_ArrayForEach(s, subs) {
		if (strcmp(cJSON_GetObjectItem(s, "name")->valuestring, name) == 0)
			return s;
	}
	return NULL;
}

static void
test_schema_rules(void **state)
{
	struct commands	*c = commands_build("cheers");
	const cJSON	*top, *subs, *sub, *opt, *desc;
	cJSON		*all;
	int		 optional_seen, nsubs, nopts;

	(void)state;
	all = commands_json(c);
	/* One command per game; the first is bot.command's. */
	assert_true(cJSON_GetArraySize(all) >= 2);
	assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(all, 0),
	    "name")->valuestring, "cheers");
	cJSON_ArrayForEach(top, all) {
		assert_true(valid_name(cJSON_GetObjectItem(top,
		    "name")->valuestring));
		desc = cJSON_GetObjectItem(top, "description");
		assert_true(utf8_count(desc->valuestring) >= 1 &&
		    utf8_count(desc->valuestring) <= 100);
		subs = cJSON_GetObjectItem(top, "options");
		nsubs = 0;
		cJSON_ArrayForEach(sub, subs) {
			nsubs++;
			assert_int_equal(cJSON_GetObjectItem(sub,
			    "type")->valueint, 1);
			assert_true(valid_name(cJSON_GetObjectItem(sub,
			    "name")->valuestring));
			desc = cJSON_GetObjectItem(sub, "description");
			assert_true(utf8_count(desc->valuestring) >= 1 &&
			    utf8_count(desc->valuestring) <= 100);
			optional_seen = 0;
			nopts = 0;
			cJSON_ArrayForEach(opt, cJSON_GetObjectItem(sub,
			    "options")) {
				const cJSON	*o2;
				int		 same = 0;

				nopts++;
				assert_true(valid_name(cJSON_GetObjectItem(opt,
				    "name")->valuestring));
				desc = cJSON_GetObjectItem(opt, "description");
				assert_true(utf8_count(desc->valuestring) >= 1 &&
				    utf8_count(desc->valuestring) <= 100);
				/* Required options come before optional ones. */
				if (cJSON_IsTrue(cJSON_GetObjectItem(opt,
				    "required")))
					assert_false(optional_seen);
				else
					optional_seen = 1;
				/* Option names are unique within a subcommand. */
				cJSON_ArrayForEach(o2, cJSON_GetObjectItem(sub,
				    "options"))
					same += strcmp(cJSON_GetObjectItem(o2,
					    "name")->valuestring,
					    cJSON_GetObjectItem(opt,
					    "name")->valuestring) == 0;
				assert_int_equal(same, 1);
			}
			assert_true(nopts <= 25);
		}
		assert_true(nsubs >= 1 && nsubs <= 25);
	}
	cJSON_Delete(all);
	free(c);
}

static void
test_schema_covers_everything(void **state)
{
	const struct cmd_entry *const	*verbs = cmd_all();
	const struct game_ops *const	*games = game_all();
	struct commands			*c = commands_build("cb");
	const struct commands_top	*top, *bot;
	int				 i, g;

	(void)state;
	/* bot.command names no game: every verb, no action. */
	bot = commands_top_find(c, "cb");
	assert_non_null(bot);
	assert_null(bot->game);
	for (i = 0; verbs[i] != NULL; i++)
		assert_non_null(commands_find(bot, verbs[i]->name));
	/* Each game: every action, and the verbs a table needs most. */
	for (g = 0; games[g] != NULL; g++) {
		top = commands_top_find(c, games[g]->name);
		assert_non_null(top);
		assert_ptr_equal(top->game, games[g]);
		assert_true(top->game_new);
		for (i = 0; i < games[g]->nactions; i++)
			assert_non_null(commands_find(top,
			    games[g]->actions[i].name));
		assert_non_null(commands_find(top, "new"));
		assert_non_null(commands_find(top, "join"));
		assert_non_null(commands_find(top, "start"));
		assert_non_null(commands_find(top, "hand"));
		/* Its "new" has no game option: the command is the game. */
		assert_string_equal(commands_find(top, "new")->options[0].name,
		    "options");
	}
	free(c);
	/* bot.command naming a game is that game's command too. */
	c = commands_build("cheers");
	bot = commands_top_find(c, "cheers");
	assert_non_null(commands_find(bot, "play"));
	assert_non_null(commands_find(bot, "leaderboard"));
	assert_false(bot->game_new);
	free(c);
}

static void
test_schema_types(void **state)
{
	struct commands			*c = commands_build("cheers");
	const struct commands_top	*top = commands_top_find(c, "cheers");
	const struct commands_sub	*s;
	cJSON				*all;
	const cJSON			*give, *opts;

	(void)state;
	/* play <card> <target>: a card's number or name, completed; a string. */
	s = commands_find(top, "play");
	assert_non_null(s);
	assert_int_equal(s->noptions, 2);
	assert_string_equal(s->options[0].name, "card");
	assert_int_equal(s->options[0].type, OPT_STRING);
	assert_true(s->options[0].autocomplete);
	assert_null(s->options[0].choices);
	assert_true(s->options[0].required);
	assert_string_equal(s->options[1].name, "target");
	assert_int_equal(s->options[1].type, OPT_STRING);

	/* give <target> <target> [card]: the second target is renamed. */
	s = commands_find(top, "give");
	assert_non_null(s);
	assert_string_equal(s->options[0].name, "target");
	assert_string_equal(s->options[1].name, "target2");
	assert_string_equal(s->options[2].name, "card");
	assert_false(s->options[2].required);

	/* kick <player>: a user; addbot [count]: an integer with bounds. */
	s = commands_find(top, "kick");
	assert_int_equal(s->options[0].type, OPT_USER);
	s = commands_find(top, "addbot");
	assert_int_equal(s->options[0].type, OPT_INTEGER);
	assert_true(s->options[0].has_max);
	assert_int_equal(s->options[0].min, 1);
	assert_false(s->options[0].required);

	/* new [game] [option=value ...]: "options". */
	s = commands_find(top, "new");
	assert_string_equal(s->options[1].name, "options");
	s = commands_find(top, "settings");
	assert_string_equal(s->options[0].name, "options");

	/* The JSON keeps the order; a card is completed, with no choices. */
	all = commands_json(c);
	give = sub_named(cJSON_GetObjectItem(cJSON_GetArrayItem(all, 0),
	    "options"), "give");
	opts = cJSON_GetObjectItem(give, "options");
	assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(opts, 2),
	    "name")->valuestring, "card");
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(opts,
	    2), "autocomplete")));
	assert_null(cJSON_GetObjectItem(cJSON_GetArrayItem(opts, 2),
	    "choices"));
	cJSON_Delete(all);
	free(c);
}

static void
test_split(void **state)
{
	char	*text;
	size_t	 n, i;

	(void)state;
	assert_int_equal(discord_split("short"), 5);
	assert_int_equal(discord_split(""), 0);

	/* Lines of 100 bytes: a cut after the last whole line under 2000. */
	text = xmalloc(8001);
	for (i = 0; i < 5000; i++)
		text[i] = i % 100 == 99 ? '\n' : 'x';
	text[5000] = '\0';
	n = discord_split(text);
	assert_int_equal(n, 2000);
	assert_int_equal(text[n - 1], '\n');

	/* One long line is cut at 2000 characters. */
	memset(text, 'y', 5000);
	assert_int_equal(discord_split(text), 2000);

	/* Multibyte characters count once and are never cut in half. */
	for (i = 0; i + 3 <= 7500; i += 3)
		memcpy(text + i, "\xe2\x82\xac", 3);	/* the euro sign */
	text[i] = '\0';
	assert_int_equal(discord_split(text), 6000);
	/* A newline after 1500 of them: the cut is there. */
	text[4500] = '\n';
	text[4501] = 'z';
	text[4502] = 'z';
	n = discord_split(text);
	assert_int_equal(n, 4501);
	free(text);
}

static void
test_routes(void **state)
{
	/* A method and path; the route they count under, its major part. */
	static const char *const	 cases[][4] = {
		{ "POST", "/channels/123/messages",
		    "POST /channels/{major}/messages", "123" },
		{ "POST", "/interactions/55/tok-en/callback",
		    "POST /interactions/{major}/{major}/callback",
		    "55/tok-en" },
		{ "POST", "/webhooks/1/abc", "POST /webhooks/{major}/{major}",
		    "1/abc" },
		{ "PUT", "/applications/9/guilds/42/commands",
		    "PUT /applications/:id/guilds/{major}/commands", "42" },
	};
	char				 route[160], major[160];
	size_t				 i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ratelimit_route(cases[i][0], cases[i][1], route, sizeof route,
		    major, sizeof major);
		assert_string_equal(route, cases[i][2]);
		assert_string_equal(major, cases[i][3]);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schema_rules),
		cmocka_unit_test(test_schema_covers_everything),
		cmocka_unit_test(test_schema_types),
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_routes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
