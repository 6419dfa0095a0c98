/*
 * settings.c: the [discord] section's schema, one row per key, and the
 * checks of its values; bot/daemon/config.c reads and dumps it like the
 * bot's own sections.  Adding a key is one row here, one field in struct
 * discord_config (settings.h), and its documentation in
 * config/cheersbot.conf.example and docs/configuration.md.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/settings.h"
#include "bot/daemon/config.h"
#include "lib/xmalloc.h"

static int	discord_check_snowflake(const char *, char **);
static int	discord_check_ws_url(const char *, char **);
static int	discord_check_shards(const char *, char **);

#define O(f)	offsetof(struct discord_config, f)

/* The rows, in dump order. */
static const struct config_key discord_keys[] = {
	{ "discord", "enabled", CONFIG_BOOL, O(discord_enabled), "no",
	  0, 0, NULL, NULL,
	  "Whether to connect to Discord (needs token and application_id)." },
	{ "discord", "token", CONFIG_SECRET, O(discord_token), "",
	  0, 0, NULL, NULL,
	  "The bot token: literal, file:/path, env:NAME or credential:NAME." },
	{ "discord", "application_id", CONFIG_STRING,
	  O(discord_application_id), "", 0, 20, NULL, discord_check_snowflake,
	  "The application's id (a number), from the developer portal." },
	{ "discord", "api_base", CONFIG_STRING, O(discord_api_base),
	  "https://discord.com/api/v10", 1, 512, NULL, config_check_http_url,
	  "Base URL of the REST API (http:// or https://)." },
	{ "discord", "gateway_url", CONFIG_STRING, O(discord_gateway_url), "",
	  0, 512, NULL, discord_check_ws_url,
	  "Gateway URL (ws:// or wss://); empty: ask GET /gateway/bot." },
	{ "discord", "ca_file", CONFIG_STRING, O(discord_ca_file), "",
	  0, 4095, NULL, NULL,
	  "CA certificates (PEM) for TLS; empty: the system's." },
	{ "discord", "shard_id", CONFIG_INT, O(discord_shard_id), "0",
	  0, 65535, NULL, NULL,
	  "This process's shard, from 0 to shard_count - 1." },
	{ "discord", "shard_count", CONFIG_INT, O(discord_shard_count), "1",
	  1, 65536, NULL, NULL,
	  "How many shards share the bot's guilds." },
	{ "discord", "shards", CONFIG_STRING, O(discord_shards), "",
	  0, 32, NULL, discord_check_shards,
	  "The shards this process runs: auto, a range N-M of shard_count, "
	  "or empty for shard_id alone." },
	{ "discord", "compress", CONFIG_BOOL, O(discord_compress), "no",
	  0, 0, NULL, NULL,
	  "Compress the gateway connection (zlib-stream)." },
	{ "discord", "guild_id", CONFIG_STRING, O(discord_guild_id), "",
	  0, 20, NULL, discord_check_snowflake,
	  "Register commands in this guild only (fast); empty: globally." },
	{ "discord", "user_agent_url", CONFIG_STRING,
	  O(discord_user_agent_url), "https://github.com/cheersbot/cheersbot",
	  1, 256, NULL, NULL,
	  "The URL named in the User-Agent header, DiscordBot (url, version)." },
	{ "discord", "lost_channel_grace", CONFIG_DURATION,
	  O(discord_lost_channel_grace_ms), "10m", CONFIG_MS_SECOND,
	  24 * CONFIG_MS_HOUR, NULL, NULL,
	  "How long a table waits for its channel to come back (deleted, or "
	  "closed to the bot) before it ends as \"channel lost\"." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

#undef O

const struct config_section discord_settings = {
	"discord", sizeof(struct discord_config), discord_keys
};

const struct discord_config *
discord_config(const struct config *cfg)
{
	return config_section(cfg, &discord_settings);
}

/* A Discord id: empty, or up to 20 decimal digits. */
static int
discord_check_snowflake(const char *s, char **cause)
{
	const char	*p;

	for (p = s; *p != '\0'; p++) {
		if (!isdigit((unsigned char)*p))
			return set_cause(cause, "\"%.80s\" is not an id (digits "
			    "only)", s);
	}
	return 0;
}

/* A websocket URL: empty, ws:// or wss://. */
static int
discord_check_ws_url(const char *s, char **cause)
{
	static const char *const schemes[] = { "ws", "wss", NULL };

	return config_check_url_of(s, schemes, "a ws:// or wss:// URL", cause);
}

int
discord_shards_parse(const char *s, int *first, int *last, char **cause)
{
	char	*end;
	long	 a, b;

	*first = *last = -1;
	if (*s == '\0')
		return DISCORD_SHARDS_ONE;
	if (strcmp(s, "auto") == 0)
		return DISCORD_SHARDS_AUTO;
	if (!isdigit((unsigned char)*s))
		goto bad;
	a = strtol(s, &end, 10);
	b = a;
	if (*end == '-') {
		if (!isdigit((unsigned char)end[1]))
			goto bad;
		b = strtol(end + 1, &end, 10);
	}
	if (*end != '\0' || a > 65535 || b > 65535 || a > b)
		goto bad;
	if (b - a + 1 > DISCORD_SHARDS_MAX)
		return set_cause(cause, "\"%s\" holds %ld shards; one "
		    "process runs at most %d", s, b - a + 1, DISCORD_SHARDS_MAX);
	*first = (int)a;
	*last = (int)b;
	return DISCORD_SHARDS_RANGE;
bad:
	return set_cause(cause, "\"%.40s\" is not auto or a range of shards "
	    "such as 0-3", s);
}

/* The check of the discord.shards row. */
static int
discord_check_shards(const char *s, char **cause)
{
	int	first, last;

	return discord_shards_parse(s, &first, &last, cause) < 0 ? -1 : 0;
}

void
discord_shards_check(const struct discord_config *cfg, char **all)
{
	int	mode, first, last;

	if (cfg->discord_shard_id >= cfg->discord_shard_count)
		add_cause(all, "discord.shard_id (%d) must be below "
		    "discord.shard_count (%d)", cfg->discord_shard_id,
		    cfg->discord_shard_count);
	mode = discord_shards_parse(cfg->discord_shards, &first, &last, NULL);
	if (mode != DISCORD_SHARDS_ONE && cfg->discord_shard_id != 0)
		add_cause(all, "discord.shard_id and discord.shards are both "
		    "set; keep one (discord.shards = %d-%d runs that one "
		    "shard)", cfg->discord_shard_id, cfg->discord_shard_id);
	if (mode == DISCORD_SHARDS_RANGE && last >= cfg->discord_shard_count)
		add_cause(all, "discord.shards (%s) must end below "
		    "discord.shard_count (%d)", cfg->discord_shards,
		    cfg->discord_shard_count);
}
