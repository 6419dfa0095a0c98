/*
 * Fuzz target: what the Discord gateway delivers.  The input is one
 * gateway dispatch, {"t": type, "d": data}, handed to the adapter as the
 * gateway would after parsing the frame: READY, INTERACTION_CREATE
 * (slash commands and clicks), anything else.  The adapter is real, with
 * its REST client queueing what it would send (nothing is sent: the loop
 * never runs) and the bot behind it playing; a malformed payload must be
 * logged and dropped, never trusted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adapters/discord/discord-int.h"
#include "adapters/discord/discord.h"
#include "bot/bot.h"
#include "bot/config.h"
#include "bot/log.h"
#include "bot/store.h"
#include "lib/xmalloc.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct bot	 bot;
static struct config	*config;
static struct discord	*discord;

static void
fuzz_setup(void)
{
	struct adapter	*a;
	char		 path[64], *cause = NULL;

	config = config_new();
	if (config_set(config, "discord.token=fuzz", &cause) != 0 ||
	    config_set(config, "discord.application_id=1", &cause) != 0 ||
	    config_set(config, "discord.api_base=http://127.0.0.1:9/api",
	    &cause) != 0)
		abort();
	config->tables_ai_delay_ms = 0;
	log_set_level(LOG_ERROR);
	bot_init(&bot, uv_default_loop(), config);
	bot.fake_clock = 1;
	snprintf(path, sizeof path, "/dev/shm/cheersbot-fuzzd-%d.db",
	    (int)getpid());
	unlink(path);
	if ((bot.store = store_open(path, 0, &cause)) == NULL)
		abort();
	if ((a = discord_new(&bot, &cause)) == NULL)
		abort();
	bot_add_adapter(&bot, a);
	discord = a->priv;
	if (rest_init(discord, &cause) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cJSON		*msg;
	const cJSON	*t, *d;

	if (discord == NULL)
		fuzz_setup();
	if ((msg = cJSON_ParseWithLength((const char *)data, size)) == NULL)
		return 0;
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
