/*
 * settings.h: the XMPP adapter's [xmpp] settings, one field a key,
 * named <section>_<key> as in struct config (bot/daemon/config.h).  The schema
 * rows and their checks are in settings.c; bot/daemon/platforms.c lists
 * the section with the adapter.
 */
#ifndef ADAPTERS_XMPP_SETTINGS_H
#define ADAPTERS_XMPP_SETTINGS_H

#include <stdint.h>

struct config;
struct config_section;

struct xmpp_config {
	int		  xmpp_enabled;
	char		 *xmpp_url;		/* xmpp(s)://, ws(s)://, or "" */
	char		 *xmpp_jid;		/* bare */
	char		 *xmpp_password;	/* secret */
	char		 *xmpp_resource;
	char		**xmpp_rooms;		/* bare room JIDs */
	char		 *xmpp_nick;
	char		 *xmpp_prefix;
	char		 *xmpp_ca_file;		/* "": the system's CAs */
	int		  xmpp_allow_plain;
	int		  xmpp_allow_plaintext;	/* c2s without STARTTLS */
	char		 *xmpp_dns_server;	/* "": the system's */
	uint64_t	  xmpp_ping_interval_ms;
	int		  xmpp_correct;		/* boards corrected in place */
	uint64_t	  xmpp_correct_interval_ms;
};

/* The [xmpp] section: its keys, their defaults, bounds and checks. */
extern const struct config_section xmpp_settings;

/* The [xmpp] settings in a configuration (borrowed from it). */
const struct xmpp_config *xmpp_config(const struct config *);

#endif
