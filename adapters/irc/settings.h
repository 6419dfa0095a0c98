/*
 * settings.h: the IRC adapter's [irc] settings, one field a key,
 * named <section>_<key> as in struct config (bot/daemon/config.h).  The schema
 * rows and their checks are in settings.c; bot/daemon/platforms.c lists
 * the section with the adapter.
 */
#ifndef ADAPTERS_IRC_SETTINGS_H
#define ADAPTERS_IRC_SETTINGS_H

#include <stdint.h>

struct config;
struct config_section;

struct irc_config {
	int		  irc_enabled;
	char		 *irc_url;		/* ircs://, irc://, wss://, ws:// */
	char		 *irc_origin;		/* "": made from url */
	char		 *irc_nick;
	char		 *irc_user;
	char		 *irc_realname;
	char		 *irc_password;		/* secret; "": none */
	int		  irc_sasl;
	char		**irc_channels;
	char		 *irc_prefix;
	char		 *irc_ca_file;		/* "": the system's CAs */
	char		 *irc_client_cert;	/* "": none */
	char		 *irc_client_key;	/* "": in irc_client_cert */
	uint64_t	  irc_send_rate_ms;
	int		  irc_send_burst;
	uint64_t	  irc_ping_interval_ms;	/* 0: never ping */
};

/* The [irc] section: its keys, their defaults, bounds and checks. */
extern const struct config_section irc_settings;

/* The [irc] settings in a configuration (borrowed from it). */
const struct irc_config *irc_config(const struct config *);

#endif
