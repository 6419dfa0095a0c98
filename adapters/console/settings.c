/*
 * settings.c: the [console] section's schema, one row per key;
 * bot/daemon/config.c reads and dumps it like the bot's own sections.  Adding a key is one row here, one field in struct
 * console_config (settings.h), and its documentation in
 * config/cheersbot.conf.example and docs/configuration.md.
 */
#include <stddef.h>
#include <stdint.h>

#include "adapters/console/settings.h"
#include "bot/daemon/config.h"

#define O(f)	offsetof(struct console_config, f)

/* The rows, in dump order. */
static const struct config_key console_keys[] = {
	{ "console", "enabled", CONFIG_BOOL, O(console_enabled), "yes",
	  0, 0, NULL, NULL,
	  "Whether to run the console adapter on standard input and output." },
	{ "console", "user", CONFIG_STRING, O(console_user), "you",
	  1, 64, NULL, NULL,
	  "Who speaks a bare console line." },
	{ "console", "channel", CONFIG_STRING, O(console_channel), "#bar",
	  1, 64, NULL, NULL,
	  "Where a bare console line is spoken." },
	{ "console", "echo", CONFIG_BOOL, O(console_echo), "yes",
	  0, 0, NULL, NULL,
	  "Echo each input line read from a pipe or a file, prefixed \"> \", "
	  "before its replies, so the output reads as a conversation.  A "
	  "terminal shows typed lines itself: they are never echoed." },
	{ "console", "buttons", CONFIG_BOOL, O(console_buttons), "no",
	  0, 0, NULL, NULL,
	  "Act like a platform with buttons and edited messages: show the "
	  "table as a board, buttons as \"[label]\" lines, and take a line "
	  "\"[label]\" as a click." },
	{ "console", "limits", CONFIG_BOOL, O(console_limits), "no",
	  0, 0, NULL, NULL,
	  "Hold console users to the command budget, the repost gap and the "
	  "table caps of [tables], as chat users are.  The console is the "
	  "operator's own terminal, so by default they do not apply; tests "
	  "turn them on." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

#undef O

const struct config_section console_settings = {
	"console", sizeof(struct console_config), console_keys
};

const struct console_config *
console_config(const struct config *cfg)
{
	return config_section(cfg, &console_settings);
}
