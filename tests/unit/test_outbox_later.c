/*
 * Unit tests of answers that outlive their event.  On a store that
 * commits without waiting (batch_send, as PostgreSQL's), a command's
 * answer is held until its commit settles, and so is every answer in
 * the same channel behind it; by then the adapter's reply handle died
 * with the event.  Such an answer must still reach the player (a
 * private one as a private message, a public one in the channel), and
 * never through the dead handle, which could be another event's now.
 * On such a store a read is answered later too (read_send): the reply
 * waits in its place and comes when the read does.
 */
#include <setjmp.h>
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
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "tests/unit/bot-fixture.h"
#include "tests/unit/store-test.h"

/* ---- An adapter whose reply handles live as long as their event ----- */

struct handle {
	int	alive;
};

static struct handle	handles[16];	/* one an event, never freed */
static int		nhandles;
static int		dead_used;	/* replies through a dead handle */

static int
later_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	const struct handle	*h = ev->reply_ctx;

	if (h == NULL || !h->alive)
		dead_used++;
	return fake_lines_reply(a, ev, private, text, bs, cause);
}

static const struct adapter_ops later_ops = {
	.name = "console",
	.flags = ADAPTER_EPHEMERAL,	/* private answers are replies */
	.send_channel = fake_lines_send,
	.send_dm = fake_lines_dm,
	.reply = later_reply,
};

#include "tests/unit/world-test.h"

/* ---- A store whose commits settle when the test says ---------------- */

struct later_commit {
	void	(*done)(void *, int, char *);
	void	*arg;
	int	 rc;
	char	*cause;
};

static struct store_ops		later_store_ops;
static const struct store_ops	*base_ops;
static struct later_commit	commits[16];
static int			ncommits;

/* Commits at once underneath, and tells the bot only when asked. */
static int
later_send(struct store *s, void (*done)(void *, int, char *), void *arg,
    char **cause)
{
	struct later_commit	*c;

	(void)cause;
	assert_true(ncommits < (int)(sizeof commits / sizeof commits[0]));
	c = &commits[ncommits++];
	c->done = done;
	c->arg = arg;
	c->cause = NULL;
	c->rc = base_ops->batch_end(s, &c->cause);
	return 1;
}

/* The commits sent so far settle, in order. */
static void
later_settle(void)
{
	int	i, n = ncommits;

	ncommits = 0;
	for (i = 0; i < n; i++)
		commits[i].done(commits[i].arg, commits[i].rc,
		    commits[i].cause);
}

/* ---- A store whose reads answer when the test says ------------------ */

struct later_read {
	struct store_read	*r;
	int			 n;
	void			(*done)(void *, int, char *);
	void			*arg;
};

static struct later_read	reads[8];
static int			nreads;

/* Keeps the reads for later_answer. */
static int
later_read_send(struct store *s, struct store_read *r, int n,
    void (*done)(void *, int, char *), void *arg, char **cause)
{
	(void)s;
	(void)cause;
	assert_true(nreads < (int)(sizeof reads / sizeof reads[0]));
	reads[nreads++] = (struct later_read){ r, n, done, arg };
	return 1;
}

/* The reads sent so far are read underneath and answered, in order. */
static void
later_answer(struct world *w)
{
	struct later_read	 sent[8];
	char			*cause = NULL;
	int			 i, n = nreads, rc;

	memcpy(sent, reads, sizeof sent);
	nreads = 0;
	for (i = 0; i < n; i++) {
		later_store_ops.read_send = NULL;
		rc = store_read_send(w->bot.store, sent[i].r, sent[i].n, NULL,
		    NULL, &cause);
		later_store_ops.read_send = later_read_send;
		sent[i].done(sent[i].arg, rc, cause);
		cause = NULL;
	}
}

/* A world on a new store whose commits wait for later_settle. */
static void
later_open(struct world *w)
{
	world_start_new(w, &later_ops, "cheersbot-later");
	base_ops = w->bot.store->ops;
	later_store_ops = *base_ops;
	later_store_ops.batch_send = later_send;
	later_store_ops.read_send = later_read_send;
	nreads = 0;
	later_store_ops.start = NULL;
	later_store_ops.drain = NULL;
	w->bot.store->ops = &later_store_ops;
	w->bot.store->loop = uv_default_loop();
	fake_lines_said[0] = '\0';
	fake_lines_replied[0] = '\0';
	dead_used = 0;
	nhandles = 0;
}

static void
later_close(struct world *w)
{
	later_settle();
	w->bot.store->ops = base_ops;
	w->bot.store->loop = NULL;
	world_close(w);
	unlink(w->path);
}

/* user says text in channel through a handle that dies after it. */
static void
later_say(struct world *w, const char *user, const char *channel,
    const char *text)
{
	struct bot_event	 ev;
	struct handle		*h;

	assert_true(nhandles < (int)(sizeof handles / sizeof handles[0]));
	h = &handles[nhandles++];
	h->alive = 1;
	world_event(w, &ev, user, channel, text);
	ev.reply_ctx = h;
	bot_handle_event(&w->bot, &ev);
	h->alive = 0;
}

/* ---- Tests ------------------------------------------------------------ */

/*
 * A table opened: nothing is said before its commit settles; then the
 * answer comes, and not through the dead handle.  A mistake in the same
 * channel meanwhile waits behind it and then goes to its player alone.
 */
static void
test_answers_after_the_event(void **state)
{
	struct world	w;

	(void)state;
	later_open(&w);
	later_say(&w, "alice", "#a", "new cheers");
	assert_int_equal(ncommits, 1);
	later_say(&w, "bob", "#a", "kick nobody-here");
	assert_string_equal(fake_lines_said, "");
	assert_string_equal(fake_lines_replied, "");

	later_settle();
	assert_int_equal(dead_used, 0);
	/* alice's table is open, and the channel was told. */
	assert_non_null(strstr(fake_lines_said, "[#a] "));
	assert_non_null(table_find(&w.bot, &w.adapter, "#a"));
	/* bob's mistake went to bob alone, after alice's news. */
	assert_non_null(strstr(fake_lines_said, "[bob] "));
	assert_true(strstr(fake_lines_said, "[#a] ") <
	    strstr(fake_lines_said, "[bob] "));
	later_close(&w);
}

/* What an event answers while its own handle lives still goes through it. */
static void
test_answers_in_the_event(void **state)
{
	struct world	w;

	(void)state;
	later_open(&w);
	later_say(&w, "bob", "#b", "kick nobody-here");
	assert_int_equal(dead_used, 0);
	assert_non_null(strstr(fake_lines_replied, "bob: "));
	later_close(&w);
}

/*
 * A leaderboard waits for its read, and holds up no answer elsewhere;
 * a stats by name reads twice (the players, then theirs); each answer
 * comes in its place once read, not through the dead handle.
 */
static void
test_reads_answer_later(void **state)
{
	struct world	w;

	(void)state;
	later_open(&w);
	later_say(&w, "alice", "#a", "leaderboard");
	later_say(&w, "carol", "#c", "stats nobody");
	later_say(&w, "bob", "#b", "kick nobody-here");
	assert_int_equal(nreads, 2);
	assert_null(strstr(fake_lines_said, "leaderboard"));
	assert_null(strstr(fake_lines_said, "Nobody"));
	/* bob's answer waited for no read. */
	assert_non_null(strstr(fake_lines_replied, "bob: "));

	later_settle();
	assert_null(strstr(fake_lines_said, "leaderboard"));
	later_answer(&w);
	assert_non_null(strstr(fake_lines_said,
	    "[#a] The leaderboard in #a: nobody has finished a game yet."));
	assert_non_null(strstr(fake_lines_said, "[carol] Nobody called "
	    "\"nobody\" has finished a game here."));
	/* dora won a game in #z: "stats dora" finds her, then reads hers. */
	store_test_exec(w.path, "INSERT INTO tables (id, adapter, channel, "
	    "game, seed, state, doc, created, updated, num) VALUES (900, "
	    "'console', '#z', 'cheers', '1', 'over', '{}', 0, 0, 900); INSERT "
	    "INTO outcomes (table_id, seat, adapter, channel, game, user_id, "
	    "name, outcome, finished) VALUES (900, 0, 'console', '#z', "
	    "'cheers', 'dora', 'dora', 'won', 1)");
	later_say(&w, "carol", "#c", "stats DORA");
	later_settle();
	assert_int_equal(nreads, 1);
	later_answer(&w);
	assert_int_equal(nreads, 1);
	assert_null(strstr(fake_lines_said, "Everywhere"));
	later_answer(&w);
	assert_non_null(strstr(fake_lines_said, "dora in #c: no finished "
	    "games. Everywhere: 1 game, 1 win (100%), won the last one."));
	assert_int_equal(dead_used, 0);
	later_close(&w);
}

/*
 * The bot stops while a replay's read is under way: its held reply is
 * dropped, and the read answered after that says nothing and frees
 * what it kept.
 */
static void
test_read_after_stop(void **state)
{
	struct world	w;

	(void)state;
	later_open(&w);
	later_say(&w, "alice", "#a", "replay 3");
	later_settle();
	assert_int_equal(nreads, 1);
	outbox_clear(&w.bot);
	later_answer(&w);
	assert_string_equal(fake_lines_said, "");
	assert_string_equal(fake_lines_replied, "");
	later_close(&w);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_answers_after_the_event),
		cmocka_unit_test(test_answers_in_the_event),
		cmocka_unit_test(test_reads_answer_later),
		cmocka_unit_test(test_read_after_stop),
	};

	return store_test_run("outbox_later", tests,
	    sizeof tests / sizeof tests[0], NULL);
}
