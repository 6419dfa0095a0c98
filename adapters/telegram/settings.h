/*
 * settings.h: the Telegram adapter's [telegram] settings, one field a
 * key, named <section>_<key> as in struct config (bot/daemon/config.h).
 * The schema rows and their checks are in settings.c;
 * bot/daemon/platforms.c lists the section with the adapter.
 */
#ifndef ADAPTERS_TELEGRAM_SETTINGS_H
#define ADAPTERS_TELEGRAM_SETTINGS_H

#include <stdint.h>

struct config;
struct config_section;

struct telegram_config {
	int		  telegram_enabled;
	char		 *telegram_token;	/* secret, "<digits>:<chars>" */
	char		 *telegram_api_base;	/* no /bot<token> */
	char		 *telegram_ca_file;	/* "": the system's CAs */
	char		 *telegram_command;	/* "": bot.command */
	uint64_t	  telegram_message_interval_ms;	/* per chat */
	int		  telegram_group_per_minute;	/* per group */
	int		  telegram_per_second;		/* overall */
	uint64_t	  telegram_poll_timeout_ms;	/* a getUpdates */
	uint64_t	  telegram_lost_chat_grace_ms;
};

/* The [telegram] section: its keys, their defaults, bounds and checks. */
extern const struct config_section telegram_settings;

/* The [telegram] settings in a configuration (borrowed from it). */
const struct telegram_config *telegram_config(const struct config *);

#endif
