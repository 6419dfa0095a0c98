/*
 * Unit tests for tables: seat words, game options, @{N} expansion, and
 * the command form and channel names rendered per adapter.
 * A tiny fake game supplies the options; no game is ever created.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"
#include "tests/unit/bot-fixture.h"

static const char *const fake_modes[] = { "standard", "master", "masquerade", NULL };
static const char *const fake_sizes[] = { "small", "large", NULL };
static const struct game_option fake_options[] = {
	{ "mode", fake_modes, "how to play" },
	{ "size", fake_sizes, "table size" },
};
static const struct game_ops fake_ops = {
	.name = "fake", .title = "FAKE", .min_players = 2, .max_players = 4,
	.noptions = 2, .options = fake_options,
};

static void
fake_mention(struct adapter *a, const char *id, const char *name, char *buf,
    size_t len)
{
	(void)a;
	if (id == NULL)
		snprintf(buf, len, "@%s", name);	/* an AI seat */
	else
		snprintf(buf, len, "<@%s|%s>", id, name);
}

static const struct adapter_ops fake_adapter_ops = {
	.name = "fake", .mention = fake_mention,
};

struct fixture {
	struct bot	 bot;
	struct adapter	 adapter;
	struct table	*t;
};

static int
setup(void **state)
{
	struct fixture	*f = xcalloc(1, sizeof *f);

	bot_fixture_start(&f->bot, &f->adapter, &fake_adapter_ops);
	f->t = table_new(&f->bot, &f->adapter, "#bar", &fake_ops);
	table_add_seat(f->t, "u1", "alice");
	table_add_seat(f->t, "u2", "Bob");
	table_add_seat(f->t, "u3", "bobby");
	table_add_seat(f->t, NULL, "Negroni");
	*state = f;
	return 0;
}

static void
test_parse_seat(void **state)
{
	struct fixture	*f = *state;
	char		*cause = NULL;

	assert_int_equal(table_parse_seat(f->t, "@alice", -1, 0, NULL), 0);
	assert_int_equal(table_parse_seat(f->t, "ALICE", -1, 0, NULL), 0);
	assert_int_equal(table_parse_seat(f->t, "al", -1, 0, NULL), 0);
	assert_int_equal(table_parse_seat(f->t, "<@u2>", -1, 0, NULL), 1);
	assert_int_equal(table_parse_seat(f->t, "<@!u3>", -1, 0, NULL), 2);
	/* An exact name wins over being a prefix of another. */
	assert_int_equal(table_parse_seat(f->t, "bob", -1, 0, NULL), 1);
	assert_int_equal(table_parse_seat(f->t, "me", 2, 0, NULL), 2);
	assert_int_equal(table_parse_seat(f->t, "neg", -1, 0, NULL), 3);

	assert_int_equal(table_parse_seat(f->t, "zed", -1, 0, &cause), -1);
	assert_string_equal(cause, "Nobody called \"zed\" sits at this table.");
	free(cause);
	cause = NULL;
	assert_int_equal(table_parse_seat(f->t, "b", -1, 0, &cause), -1);
	assert_non_null(strstr(cause, "could be several players"));
	free(cause);
	cause = NULL;
	assert_int_equal(table_parse_seat(f->t, "@", -1, 0, &cause), -1);
	assert_non_null(strstr(cause, "Name a player"));
	free(cause);
	cause = NULL;
	/* A near miss names the closest seat. */
	assert_int_equal(table_parse_seat(f->t, "alcie", -1, 0, &cause), -1);
	assert_string_equal(cause, "Nobody called \"alcie\" sits at this "
	    "table. Did you mean alice?");
	free(cause);
	cause = NULL;
	/* Exact (kick): any case, with or without @, but never a prefix. */
	assert_int_equal(table_parse_seat(f->t, "@ALICE", -1, 1, NULL), 0);
	assert_int_equal(table_parse_seat(f->t, "<@u2>", -1, 1, NULL), 1);
	assert_int_equal(table_parse_seat(f->t, "al", -1, 1, &cause), -1);
	assert_string_equal(cause, "Nobody called \"al\" sits at this table.");
	free(cause);
}

static void
test_set_option(void **state)
{
	struct fixture	*f = *state;
	char		*cause = NULL;

	assert_int_equal(table_set_option(f->t, "mode=master", NULL), 0);
	assert_string_equal(f->t->options[0], "master");
	/* Unique prefixes of names and values. */
	assert_int_equal(table_set_option(f->t, "si=l", NULL), 0);
	assert_string_equal(f->t->options[1], "large");
	/* The default value is stored as "unset". */
	assert_int_equal(table_set_option(f->t, "mode=standard", NULL), 0);
	assert_null(f->t->options[0]);

	assert_int_equal(table_set_option(f->t, "mode=m", &cause), -1);
	assert_string_equal(cause,
	    "mode must be one of: standard, master, masquerade.");
	free(cause);
	cause = NULL;
	assert_int_equal(table_set_option(f->t, "colour=red", &cause), -1);
	assert_string_equal(cause,
	    "FAKE has no option \"colour\". Options: mode, size.");
	free(cause);
	cause = NULL;
	assert_int_equal(table_set_option(f->t, "master", &cause), -1);
	assert_non_null(strstr(cause, "written name=value"));
	free(cause);
}

static void
test_expand(void **state)
{
	struct fixture	*f = *state;
	char		*s;

	s = render_expand(f->t, "@{0} gives @{1} a drink; @{3} watches.");
	assert_string_equal(s, "<@u1|alice> gives <@u2|Bob> a drink; "
	    "@Negroni watches.");
	free(s);
	/* Broken or out-of-range references do not crash or vanish. */
	s = render_expand(f->t, "@{9} @{x} @{ @{12");
	assert_string_equal(s, "seat 10 @{x} @{ @{12");
	free(s);
}

static void
test_seats(void **state)
{
	struct fixture	*f = *state;
	char		*s;

	assert_int_equal(table_seat_of(f->t, "u2"), 1);
	assert_int_equal(table_seat_of(f->t, "nobody"), -1);
	assert_int_equal(table_humans(f->t), 3);
	table_remove_seat(f->t, 1);
	assert_int_equal(table_seat_of(f->t, "u3"), 1);
	s = render_seat_list(f->t);
	assert_string_equal(s, "alice, bobby, Negroni (AI)");
	free(s);
	f->t->host = xstrdup("u1");
	assert_int_equal(table_pass_host(f->t, 0), 1);
	assert_string_equal(f->t->host, "u3");
}

static void
test_duration(void **state)
{
	char	buf[32];

	(void)state;
	render_duration(0, buf, sizeof buf);
	assert_string_equal(buf, "off");
	render_duration(90000, buf, sizeof buf);
	assert_string_equal(buf, "90s");
	render_duration(300000, buf, sizeof buf);
	assert_string_equal(buf, "5m");
	render_duration(1500, buf, sizeof buf);
	assert_string_equal(buf, "1500ms");
}

static void
bang_command(struct adapter *a, char *buf, size_t len)
{
	(void)a;
	snprintf(buf, len, "!bar");
}

static void
bare_mention(struct adapter *a, const char *id, const char *name, char *buf,
    size_t len)
{
	(void)a;
	(void)id;
	snprintf(buf, len, "%s", name);
}

/*
 * The adapter names every seat, an AI's too: where "@" means something
 * else (IRC's channel operators) no seat is "@Negroni".
 */
static void
test_expand_bare(void **state)
{
	struct fixture		*f = *state;
	struct adapter_ops	 bare = fake_adapter_ops;
	struct adapter		*was = f->t->adapter, other = f->adapter;
	char			*s;

	bare.mention = bare_mention;
	other.ops = &bare;
	f->t->adapter = &other;
	s = render_expand(f->t, "@{0} gives @{1} a drink; @{3} watches.");
	f->t->adapter = was;
	assert_string_equal(s, "alice gives Bob a drink; Negroni watches.");
	free(s);
}

/*
 * The command form comes from the adapter (IRC and XMPP write "!cheers"),
 * else it is "/" and bot.command; a channel id without the adapter's own
 * name for it is shown cleaned.
 */
static void
test_command_and_channel(void **state)
{
	struct fixture		*f = *state;
	struct adapter_ops	 bang = fake_adapter_ops;
	struct adapter		 other = f->adapter;
	char			 buf[RENDER_COMMAND_MAX];
	char			 chan[16];

	render_command(&f->adapter, buf, sizeof buf);
	assert_string_equal(buf, "/cheers");
	bang.command = bang_command;
	other.ops = &bang;
	render_command(&other, buf, sizeof buf);
	assert_string_equal(buf, "!bar");

	render_channel(&f->adapter, "#b\x1b[2J\xc2\x9b\xff", chan, sizeof chan);
	assert_string_equal(chan, "#b\\x1b[2J\\u009b");
	render_channel(&f->adapter, "#bar", chan, sizeof chan);
	assert_string_equal(chan, "#bar");
}

/*
 * Tables are found by id (buttons name their table so) through the index,
 * as it grows past many tables, after a restore gives one another id, and
 * not once closed or on another adapter.
 */
static void
test_find_id(void **state)
{
	struct fixture	*f = *state;
	struct adapter	 other = f->adapter;
	struct table	*t[300];
	char		 channel[32];
	uint64_t	 id;
	int		 i;

	assert_ptr_equal(table_find_id(&f->bot, &f->adapter, f->t->id), f->t);
	for (i = 0; i < 300; i++) {
		snprintf(channel, sizeof channel, "#c%d", i);
		t[i] = table_new(&f->bot, &f->adapter, channel, &fake_ops);
	}
	for (i = 0; i < 300; i++)
		assert_ptr_equal(table_find_id(&f->bot, &f->adapter, t[i]->id),
		    t[i]);
	assert_null(table_find_id(&f->bot, &other, t[0]->id));
	assert_null(table_find_id(&f->bot, &f->adapter, 100000));

	/* A restored table takes its stored id; the one it was made with is free. */
	id = t[10]->id;
	table_set_id(t[10], 5000);
	assert_ptr_equal(table_find_id(&f->bot, &f->adapter, 5000), t[10]);
	assert_null(table_find_id(&f->bot, &f->adapter, id));
	assert_ptr_equal(table_find_id(&f->bot, &f->adapter, t[11]->id), t[11]);

	for (i = 0; i < 300; i += 2) {
		id = t[i]->id;
		table_close(t[i]);
		assert_null(table_find_id(&f->bot, &f->adapter, id));
	}
	for (i = 1; i < 300; i += 2) {
		assert_ptr_equal(table_find_id(&f->bot, &f->adapter, t[i]->id),
		    t[i]);
		table_close(t[i]);
	}
	assert_ptr_equal(table_find_id(&f->bot, &f->adapter, f->t->id), f->t);
}

/*
 * The index of tables by user: every listed table where a user sits, each
 * once, on that user's adapter only; kept in step with seats added,
 * removed and forgotten and with tables closed; a table outside the list
 * (a replay) is never in it.  200 more tables make the chains grow.
 */
static void
test_users(void **state)
{
	struct fixture	*f = *state;
	struct adapter	 other = f->adapter;
	struct table	*t[200], *found[4], *replay;
	char		 channel[32], user[32];
	int		 i;

	assert_int_equal(table_users_find(&f->bot, &f->adapter, "u2", found, 4), 1);
	assert_ptr_equal(found[0], f->t);
	assert_int_equal(table_users_find(&f->bot, &other, "u2", found, 4), 0);
	assert_int_equal(table_users_find(&f->bot, &f->adapter, "u9", found, 4), 0);

	for (i = 0; i < 200; i++) {
		snprintf(channel, sizeof channel, "#u%d", i);
		snprintf(user, sizeof user, "p%d", i);
		t[i] = table_new(&f->bot, &f->adapter, channel, &fake_ops);
		table_add_seat(t[i], user, user);
		if (i % 2 == 0)
			table_add_seat(t[i], "u2", "Bob");
	}
	replay = table_alloc(&f->bot, &f->adapter, "#replay", &fake_ops);
	table_add_seat(replay, "u2", "Bob");
	/* u2 sits at #bar and at the 100 even tables; 4 are written. */
	assert_int_equal(table_users_find(&f->bot, &f->adapter, "u2", found, 4),
	    101);
	for (i = 0; i < 4; i++)
		assert_ptr_not_equal(found[i], replay);
	assert_int_equal(table_users_find(&f->bot, &f->adapter, "p7", found, 4), 1);
	assert_ptr_equal(found[0], t[7]);

	/* Seats removed and forgotten (kicked), and tables closed. */
	table_remove_seat(t[7], 0);
	assert_int_equal(table_users_find(&f->bot, &f->adapter, "p7", found, 4), 0);
	table_forget_user(t[8], 1);
	assert_null(t[8]->seats[1].user_id);
	for (i = 0; i < 200; i++)
		table_close(t[i]);
	assert_int_equal(table_users_find(&f->bot, &f->adapter, "u2", found, 4), 1);
	assert_ptr_equal(found[0], f->t);
	assert_int_equal(table_users_find(&f->bot, &f->adapter, "p8", found, 4), 0);
	table_free(replay);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_parse_seat, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_set_option, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_expand, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_expand_bare, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_seats, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_find_id, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_users, setup,
		    bot_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_command_and_channel, setup,
		    bot_fixture_teardown),
		cmocka_unit_test(test_duration),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
