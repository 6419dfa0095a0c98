/*
 * Fuzz target: what the Discord gateway delivers.  An input with an "op"
 * is one whole gateway message, read by the gateway itself
 * (gateway_message): HELLO, heartbeat requests and ACKs, RECONNECT,
 * INVALID_SESSION, and dispatches (READY, RESUMED, INTERACTION_CREATE
 * with slash commands and component clicks, anything else).  An input
 * without one is a dispatch's {"t": type, "d": data} handed straight to
 * the adapter (or, without "t", an interaction).  The adapter is real,
 * with its gateway never connected (what it would send is dropped) and
 * its REST client queueing what it would send (nothing is sent: the loop
 * never runs), and the bot behind it playing; a malformed payload must
 * be logged and dropped, never trusted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "adapters/discord/discord.h"
#include "lib/recent.h"
#include "lib/xmalloc.h"
#include "tests/fuzz/fuzz-bot.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct bot	 bot;
static struct config	*config;
static struct discord	*discord;

static void
fuzz_setup(void)
{
	char	*cause = NULL;

	config = fuzz_config("discord.token=fuzz", "discord.application_id=1",
	    "discord.api_base=http://127.0.0.1:9/api", (const char *)NULL);
	fuzz_bot_init(&bot, config, "discord");
	discord = fuzz_bot_adapter(&bot, discord_new);
	/* No gateway_url: the gateway asks REST for one, which never answers. */
	if (rest_init(discord, &cause) != 0 ||
	    shards_start(discord, &cause) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cJSON		*msg;
	const cJSON	*t, *d;
	char		*text;

	if (discord == NULL)
		fuzz_setup();
	/* Each input is a session of its own: its ids are new to the bot. */
	recent_free(discord->seen_ix);
	discord->seen_ix = recent_new(DISCORD_SEEN_MAX, DISCORD_SEEN_AGE);
	if ((msg = cJSON_ParseWithLength((const char *)data, size)) == NULL)
		return 0;
	if (cJSON_GetObjectItemCaseSensitive(msg, "op") != NULL) {
		cJSON_Delete(msg);
		text = xmalloc(size + 1);
		memcpy(text, data, size);
		text[size] = '\0';
		gateway_message(shards_gateway(discord, 0), text);
		free(text);
		bot_advance(&bot, 60 * 1000);
		return 0;
	}
	t = cJSON_GetObjectItemCaseSensitive(msg, "t");
	d = cJSON_GetObjectItemCaseSensitive(msg, "d");
	if (cJSON_IsString(t) && t->valuestring != NULL)
		discord_dispatch(discord, t->valuestring, d);
	else
		interaction_handle(discord, msg);
	cJSON_Delete(msg);
	bot_advance(&bot, 60 * 1000);
	return 0;
}
