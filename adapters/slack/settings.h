/*
 * settings.h: the Slack adapter's [slack] settings, one field a key,
 * named <section>_<key> as in struct config (bot/daemon/config.h).  The schema
 * rows and their checks are in settings.c; bot/daemon/platforms.c lists
 * the section with the adapter.
 */
#ifndef ADAPTERS_SLACK_SETTINGS_H
#define ADAPTERS_SLACK_SETTINGS_H

#include <stdint.h>

struct config;
struct config_section;

struct slack_config {
	int		  slack_enabled;
	char		 *slack_app_token;	/* secret, xapp- */
	char		 *slack_bot_token;	/* secret, xoxb- */
	char		 *slack_api_base;
	char		 *slack_ca_file;	/* "": the system's CAs */
	char		 *slack_command;	/* "": bot.command */
	uint64_t	  slack_ping_interval_ms;
	uint64_t	  slack_message_interval_ms;	/* per channel */
	uint64_t	  slack_lost_channel_grace_ms;
};

/* The [slack] section: its keys, their defaults, bounds and checks. */
extern const struct config_section slack_settings;

/* The [slack] settings in a configuration (borrowed from it). */
const struct slack_config *slack_config(const struct config *);

#endif
