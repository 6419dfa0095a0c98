/*
 * settings.h: the console's [console] settings, one field a key,
 * named <section>_<key> as in struct config (bot/daemon/config.h).  The schema
 * rows and their checks are in settings.c; bot/daemon/platforms.c lists
 * the section with the adapter.
 */
#ifndef ADAPTERS_CONSOLE_SETTINGS_H
#define ADAPTERS_CONSOLE_SETTINGS_H

#include <stdint.h>

struct config;
struct config_section;

struct console_config {
	int		  console_enabled;
	char		 *console_user;
	char		 *console_channel;
	int		  console_echo;
	int		  console_buttons;
	int		  console_limits;	/* [tables] limits apply here too */
};

/* The [console] section: its keys, their defaults, bounds and checks. */
extern const struct config_section console_settings;

/* The [console] settings in a configuration (borrowed from it). */
const struct console_config *console_config(const struct config *);

#endif
