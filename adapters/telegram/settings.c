/*
 * settings.c: the [telegram] section's schema, one row per key, and the
 * checks of its values; bot/daemon/config.c reads and dumps it like the
 * bot's own sections.  Adding a key is one row here, one field in struct
 * telegram_config (settings.h), and its documentation in
 * config/cheersbot.conf.example and docs/configuration.md.
 */
#include <stddef.h>
#include <stdint.h>

#include "adapters/telegram/settings.h"
#include "bot/daemon/config.h"

#define O(f)	offsetof(struct telegram_config, f)

/* The rows, in dump order. */
static const struct config_key telegram_keys[] = {
	{ "telegram", "enabled", CONFIG_BOOL, O(telegram_enabled), "no",
	  0, 0, NULL, NULL,
	  "Whether to connect to Telegram's Bot API (needs token)." },
	{ "telegram", "token", CONFIG_SECRET, O(telegram_token), "",
	  0, 0, NULL, NULL,
	  "The bot's token from BotFather (123456:ABC-...): literal, "
	  "file:/path, env:NAME or credential:NAME." },
	{ "telegram", "api_base", CONFIG_STRING, O(telegram_api_base),
	  "https://api.telegram.org", 1, 512, NULL, config_check_http_url,
	  "Base URL of the Bot API, without /bot<token> (http:// or "
	  "https://)." },
	{ "telegram", "ca_file", CONFIG_STRING, O(telegram_ca_file), "",
	  0, 4095, NULL, NULL,
	  "CA certificates (PEM) for TLS; empty: the system's." },
	{ "telegram", "command", CONFIG_STRING, O(telegram_command), "",
	  0, 32, NULL, config_check_command,
	  "The command with every table command; empty: bot.command." },
	{ "telegram", "message_interval", CONFIG_DURATION,
	  O(telegram_message_interval_ms), "1s", 0, CONFIG_MS_MINUTE, NULL,
	  NULL,
	  "Least time between two messages (posts, edits) to one chat; "
	  "Telegram allows about one a second." },
	{ "telegram", "group_messages_per_minute", CONFIG_INT,
	  O(telegram_group_per_minute), "20", 1, 1000, NULL, NULL,
	  "Most messages (posts, edits) to one group in any minute; "
	  "Telegram allows about 20." },
	{ "telegram", "messages_per_second", CONFIG_INT,
	  O(telegram_per_second), "30", 1, 1000, NULL, NULL,
	  "Most messages (posts, edits) in any second, over all chats; "
	  "Telegram allows about 30." },
	{ "telegram", "poll_timeout", CONFIG_DURATION,
	  O(telegram_poll_timeout_ms), "50s", 1000, 50 * 1000, NULL, NULL,
	  "How long one getUpdates call waits for updates (long polling)." },
	{ "telegram", "lost_chat_grace", CONFIG_DURATION,
	  O(telegram_lost_chat_grace_ms), "10m", 0, 24 * 60 * CONFIG_MS_MINUTE,
	  NULL, NULL,
	  "How long a game in a group the bot was removed from waits, "
	  "paused, before it ends." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

#undef O

const struct config_section telegram_settings = {
	"telegram", sizeof(struct telegram_config), telegram_keys
};

const struct telegram_config *
telegram_config(const struct config *cfg)
{
	return config_section(cfg, &telegram_settings);
}
