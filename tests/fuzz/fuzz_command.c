/*
 * Fuzz target: everything a player can send.  Each input line is one
 * event in channel #bar (or a DM): its first byte picks the user (alice,
 * bob or carol, the last not seated), whether it is a DM, and whether it
 * is a button click (the rest of the line is then the button's id); the
 * rest is the command text.  A CHEERS game of alice, bob and an AI is
 * running when each input starts.  Nothing may crash or leak, and the bot
 * must answer within its caps; the store is a file in /dev/shm.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/bot.h"
#include "bot/config.h"
#include "bot/play.h"
#include "bot/store.h"
#include "bot/table.h"
#include "game/game.h"
#include "lib/xmalloc.h"

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

static int
quiet_board(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_buttons *bs,
    enum adapter_board how, char **cause)
{
	(void)a; (void)channel; (void)table; (void)news; (void)text;
	(void)bs; (void)how; (void)cause;
	return 0;
}

static const struct adapter_ops quiet_ops = {
	.name = "console",
	.flags = ADAPTER_EPHEMERAL | ADAPTER_BUTTONS | ADAPTER_EDIT,
	.send_channel = quiet_send, .send_dm = quiet_dm,
	.reply = quiet_reply, .board = quiet_board,
};

static struct bot	 bot;
static struct adapter	 adapter;
static struct config	*config;

static void
fuzz_setup(void)
{
	char	path[64], *cause = NULL;

	config = config_new();
	config->tables_lobby_expiry_ms = 0;
	config->tables_ai_delay_ms = 0;
	bot_init(&bot, uv_default_loop(), config);
	bot.fake_clock = 1;
	adapter.ops = &quiet_ops;
	bot_add_adapter(&bot, &adapter);
	snprintf(path, sizeof path, "/dev/shm/cheersbot-fuzz-%d.db", (int)getpid());
	unlink(path);
	if ((bot.store = store_open(path, 0, &cause)) == NULL) {
		fprintf(stderr, "fuzz: %s\n", cause);
		abort();
	}
}

/* A running game in #bar: alice, bob and an AI. */
static void
fuzz_table(void)
{
	struct table	*t;
	char		*cause = NULL;

	while ((t = TAILQ_FIRST(&bot.tables)) != NULL)
		table_close(t);
	t = table_new(&bot, &adapter, "#bar", game_find("cheers"));
	t->seed = 7;
	t->host = xstrdup("alice");
	table_add_seat(t, "alice", "alice");
	table_add_seat(t, "bob", "bob");
	table_add_seat(t, NULL, "Negroni");
	t->seats[2].ai = 1;
	if (play_start(t, &cause) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const users[] = { "alice", "bob", "carol" };
	struct bot_event	 ev;
	char			*copy, *line, *next;

	if (config == NULL)
		fuzz_setup();
	fuzz_table();
	copy = xmalloc(size + 1);
	memcpy(copy, data, size);
	copy[size] = '\0';
	for (line = copy; line != NULL && *line != '\0'; line = next) {
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
		bot_handle_event(&bot, &ev);
		bot_advance(&bot, 60 * 1000);	/* timers, the AI */
	}
	free(copy);
	return 0;
}
