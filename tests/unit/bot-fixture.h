/*
 * bot-fixture.h: a bot to test what sits on it (tables, the scheduler,
 * help, the flood limit), with no store unless asked for one in memory,
 * and the fake adapter ops that write what it says into a buffer of the
 * test's own.  A fixture allocated whole whose first member is its
 * struct bot may take bot_fixture_teardown as its cmocka teardown.
 * Linked into every unit test (the Makefile's TEST_SUPPORT).
 */
#ifndef TESTS_BOT_FIXTURE_H
#define TESTS_BOT_FIXTURE_H

#include <stddef.h>

#include "bot/bot.h"

/* A bot and its one adapter, for a fixture that needs no more. */
struct bot_world {
	struct bot	 bot;
	struct adapter	 adapter;
};

/* The adapter ops that keep what the bot says (fake_said_*). */
#define FAKE_SAID_OPS	.send_channel = fake_said_send, \
			.send_dm = fake_said_dm, .reply = fake_said_reply

/* Where the fake_said_* ops put each text: the adapter's priv. */
struct fake_said {
	char	*buf;
	size_t	 size;
	int	 append;	/* a line after the others; 0: in place of the last */
};

/*
 * The adapter ops that write what the bot says as lines (fake_lines_*):
 * "[to] text" in fake_lines_said for what goes to a channel or a user,
 * "user: text" in fake_lines_replied for replies.  The test empties them.
 */
#define FAKE_LINES_OPS	.send_channel = fake_lines_send, \
			.send_dm = fake_lines_dm, .reply = fake_lines_reply

extern char	fake_lines_said[16384];
extern char	fake_lines_replied[4096];

void	bot_fixture_start(struct bot *, struct adapter *,
	    const struct adapter_ops *);
void	bot_fixture_memory(struct bot *, struct adapter *);
void	bot_fixture_end(struct bot *);
int	bot_fixture_teardown(void **);
enum bot_outcome bot_fixture_event(struct bot *, struct adapter *,
	    const char *, const char *, const char *);

int	fake_said_send(struct adapter *, const char *, const char *, char **);
int	fake_said_dm(struct adapter *, const char *, const char *,
	    const struct adapter_buttons *, char **);
int	fake_said_reply(struct adapter *, const struct bot_event *, int,
	    const char *, const struct adapter_buttons *, char **);
void	bot_fixture_unlink_state(const char *);

int	fake_lines_send(struct adapter *, const char *, const char *, char **);
int	fake_lines_dm(struct adapter *, const char *, const char *,
	    const struct adapter_buttons *, char **);
int	fake_lines_reply(struct adapter *, const struct bot_event *, int,
	    const char *, const struct adapter_buttons *, char **);

#endif
