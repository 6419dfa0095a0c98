/*
 * Fuzz target: everything a player can send, to every game.  Each input
 * is played once against a running game of each registered game
 * (game_all(), so a game added later is covered without an edit): alice,
 * bob and AIs up to the game's minimum, in channel #bar.  Each input line
 * is one event: its first byte picks the user (alice, bob or carol, the
 * last not seated), whether it is a DM (0x40), and whether it is a button
 * click (0x80); the rest is the command text, or the click's button id.
 * A button id is taken as it is when it starts "cb1:" or "cb2:" (a cb1
 * id reaches no table: the state file is new); otherwise it is what
 * follows "cb2:<table>.<tag>:<moves>:" for the live table ("hand",
 * "m 0 1"), or "cb2:<table>.<tag>:*:" when it starts with '*'
 * ("*status"), so clicks reach the picker and the moves instead of being
 * stale.  Nothing may crash or
 * leak, and the bot must answer within its caps; the adapter is one that
 * shows boards as cards, so every board's view is built and checked too.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/tables/play.h"
#include "game/game.h"
#include "lib/xmalloc.h"
#include "tests/fuzz/fuzz-bot.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
quiet_send(struct adapter *a, const char *to, const char *text, char **cause)
{
	(void)a; (void)to; (void)text; (void)cause;
	return 0;
}

static int
quiet_dm(struct adapter *a, const char *to, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	(void)bs;
	return quiet_send(a, to, text, cause);
}

static int
quiet_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	(void)a; (void)ev; (void)private; (void)text; (void)bs; (void)cause;
	return 0;
}

/* A board's view keeps within its buffers. */
static int
quiet_board(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_view *v,
    const struct adapter_buttons *bs, enum adapter_board how, char **cause)
{
	int	i;

	(void)a; (void)channel; (void)table; (void)news; (void)text;
	(void)bs; (void)how; (void)cause;
	if (v == NULL)
		return 0;
	if (v->nfields < 0 || v->nfields > ADAPTER_VIEW_FIELDS ||
	    strnlen(v->title, sizeof v->title) == sizeof v->title ||
	    strnlen(v->status, sizeof v->status) == sizeof v->status ||
	    strnlen(v->footer, sizeof v->footer) == sizeof v->footer ||
	    strnlen(v->summary, sizeof v->summary) == sizeof v->summary ||
	    strnlen(v->recent, sizeof v->recent) == sizeof v->recent)
		abort();
	for (i = 0; i < v->nfields; i++)
		if (strnlen(v->field[i].name, sizeof v->field[i].name) ==
		    sizeof v->field[i].name ||
		    strnlen(v->field[i].value, sizeof v->field[i].value) ==
		    sizeof v->field[i].value)
			abort();
	return 0;
}

static const struct adapter_ops quiet_ops = {
	.name = "console",
	.flags = ADAPTER_OPERATOR | ADAPTER_EPHEMERAL | ADAPTER_BUTTONS |
	    ADAPTER_EDIT |
	    ADAPTER_VIEW,
	.send_channel = quiet_send, .send_dm = quiet_dm,
	.reply = quiet_reply, .board = quiet_board,
};

static struct bot	 bot;
static struct adapter	 adapter;
static struct config	*config;

static void
fuzz_setup(void)
{
	config = config_new();
	fuzz_bot_init(&bot, config, "command");
	adapter.ops = &quiet_ops;
	bot_add_adapter(&bot, &adapter);
}

/* A running game of ops in #bar: alice, bob and AIs; the table. */
static struct table *
fuzz_table(const struct game_ops *ops)
{
	static const char *const ai[] = { "Negroni", "Spritz", "Mojito",
	    "Gimlet", "Sazerac", "Paloma" };
	struct table	*t;
	char		*cause = NULL;
	int		 i, n;

	while ((t = TAILQ_FIRST(&bot.tables)) != NULL)
		table_close(t);
	t = table_new(&bot, &adapter, "#bar", ops);
	t->seed = 7;
	t->host = xstrdup("alice");
	table_add_seat(t, "alice", "alice");
	table_add_seat(t, "bob", "bob");
	n = ops->min_players > 3 ? ops->min_players : 3;
	for (i = 2; i < n && i - 2 < (int)(sizeof ai / sizeof ai[0]); i++) {
		table_add_seat(t, NULL, ai[i - 2]);
		t->seats[i].ai = 1;
	}
	if (play_start(t, &cause) != 0) {
		fprintf(stderr, "fuzz: %s: %s\n", ops->name, cause);
		abort();
	}
	return t;
}

/* Plays the lines of text (changed in place) against a game of ops. */
static void
fuzz_play(const struct game_ops *ops, char *text)
{
	static const char *const users[] = { "alice", "bob", "carol" };
	struct bot_event	 ev;
	struct table		*t;
	char			*line, *next, id[ADAPTER_BUTTON_ID_MAX + 64];

	t = fuzz_table(ops);
	for (line = text; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		memset(&ev, 0, sizeof ev);
		ev.adapter = &adapter;
		ev.user_id = users[(unsigned char)line[0] % 3];
		ev.user_name = ev.user_id;
		ev.is_dm = (line[0] & 0x40) != 0;
		ev.channel = ev.is_dm ? "dm" : "#bar";
		ev.is_button = (line[0] & 0x80) != 0;
		ev.text = line + 1;
		if (ev.is_button && strncmp(line + 1, "cb1:", 4) != 0 &&
		    strncmp(line + 1, "cb2:", 4) != 0) {
			/* The live table, if it is still there. */
			if ((t = TAILQ_FIRST(&bot.tables)) == NULL)
				snprintf(id, sizeof id, "cb2:1.000000:*:%s",
				    line + 1);
			else if (line[1] == '*')
				snprintf(id, sizeof id, "cb2:%" PRIu64 ".%s:*:%s",
				    t->id, t->tag, line + 2);
			else
				snprintf(id, sizeof id, "cb2:%" PRIu64 ".%s:%d:%s",
				    t->id, t->tag, t->nmoves, line + 1);
			ev.text = id;
		}
		bot_handle_event(&bot, &ev);
		bot_advance(&bot, 60 * 1000);	/* timers, the AI */
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct game_ops *const	*games = game_all();
	char				*copy;
	int				 i;

	if (config == NULL)
		fuzz_setup();
	copy = xmalloc(size + 1);
	for (i = 0; games[i] != NULL; i++) {
		memcpy(copy, data, size);
		copy[size] = '\0';
		fuzz_play(games[i], copy);
	}
	free(copy);
	return 0;
}
