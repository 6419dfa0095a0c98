/*
 * settings.h: the Discord adapter's [discord] settings, one field a key,
 * named <section>_<key> as in struct config (bot/daemon/config.h).  The schema
 * rows and their checks are in settings.c; bot/daemon/platforms.c lists
 * the section with the adapter.
 */
#ifndef ADAPTERS_DISCORD_SETTINGS_H
#define ADAPTERS_DISCORD_SETTINGS_H

#include <stdint.h>

struct config;
struct config_section;

struct discord_config {
	int		  discord_enabled;
	char		 *discord_token;		/* secret */
	char		 *discord_application_id;
	char		 *discord_api_base;
	char		 *discord_gateway_url;	/* "": ask GET /gateway/bot */
	char		 *discord_ca_file;	/* "": the system's CAs */
	int		  discord_shard_id;
	int		  discord_shard_count;
	int		  discord_compress;
	char		 *discord_guild_id;	/* "": global commands */
	char		 *discord_user_agent_url;
	uint64_t	  discord_lost_channel_grace_ms;
};

/* The [discord] section: its keys, their defaults, bounds and checks. */
extern const struct config_section discord_settings;

/* The [discord] settings in a configuration (borrowed from it). */
const struct discord_config *discord_config(const struct config *);

#endif
