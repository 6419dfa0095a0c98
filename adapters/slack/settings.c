/*
 * settings.c: the [slack] section's schema, one row per key, and the
 * checks of its values; bot/daemon/config.c reads and dumps it like the
 * bot's own sections.  Adding a key is one row here, one field in struct
 * slack_config (settings.h), and its documentation in
 * config/cheersbot.conf.example and docs/configuration.md.
 */
#include <stddef.h>
#include <stdint.h>

#include "adapters/slack/settings.h"
#include "bot/daemon/config.h"

#define O(f)	offsetof(struct slack_config, f)

/* The rows, in dump order. */
static const struct config_key slack_keys[] = {
	{ "slack", "enabled", CONFIG_BOOL, O(slack_enabled), "no",
	  0, 0, NULL, NULL,
	  "Whether to connect to Slack (needs app_token and bot_token)." },
	{ "slack", "app_token", CONFIG_SECRET, O(slack_app_token), "",
	  0, 0, NULL, NULL,
	  "The app-level token (xapp-...), for Socket Mode only: literal, "
	  "file:/path, env:NAME or credential:NAME." },
	{ "slack", "bot_token", CONFIG_SECRET, O(slack_bot_token), "",
	  0, 0, NULL, NULL,
	  "The bot token (xoxb-...), for the Web API: literal, file:/path, "
	  "env:NAME or credential:NAME." },
	{ "slack", "api_base", CONFIG_STRING, O(slack_api_base),
	  "https://slack.com/api", 1, 512, NULL, config_check_http_url,
	  "Base URL of the Web API (http:// or https://)." },
	{ "slack", "ca_file", CONFIG_STRING, O(slack_ca_file), "",
	  0, 4095, NULL, NULL,
	  "CA certificates (PEM) for TLS; empty: the system's." },
	{ "slack", "command", CONFIG_STRING, O(slack_command), "",
	  0, 32, NULL, config_check_command,
	  "The slash command with every table command; empty: bot.command." },
	{ "slack", "ping_interval", CONFIG_DURATION, O(slack_ping_interval_ms),
	  "10s", 100, 10 * CONFIG_MS_MINUTE, NULL, NULL,
	  "How often to ping the Socket Mode connection; silence for three "
	  "intervals means it is dead." },
	{ "slack", "message_interval", CONFIG_DURATION,
	  O(slack_message_interval_ms), "1s", 0, CONFIG_MS_MINUTE, NULL, NULL,
	  "Least time between two messages (posts, edits, ephemeral "
	  "messages) to one channel; Slack allows about one a second." },
	{ "slack", "lost_channel_grace", CONFIG_DURATION,
	  O(slack_lost_channel_grace_ms), "10m", 0, 24 * 60 * CONFIG_MS_MINUTE,
	  NULL, NULL,
	  "How long a game whose channel the bot cannot post in (archived, "
	  "deleted, the bot removed) waits, paused, before it ends." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

#undef O

const struct config_section slack_settings = {
	"slack", sizeof(struct slack_config), slack_keys
};

const struct slack_config *
slack_config(const struct config *cfg)
{
	return config_section(cfg, &slack_settings);
}
