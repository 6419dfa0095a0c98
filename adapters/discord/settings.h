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
	char		 *discord_shards;	/* "", "auto" or "N-M" */
	int		  discord_compress;
	char		 *discord_guild_id;	/* "": global commands */
	char		 *discord_user_agent_url;
	uint64_t	  discord_lost_channel_grace_ms;
};

/* The [discord] section: its keys, their defaults, bounds and checks. */
extern const struct config_section discord_settings;

/* The [discord] settings in a configuration (borrowed from it). */
const struct discord_config *discord_config(const struct config *);

/* What discord.shards asks for. */
#define DISCORD_SHARDS_ONE	0	/* unset: shard_id of shard_count */
#define DISCORD_SHARDS_AUTO	1	/* as many as GET /gateway/bot says */
#define DISCORD_SHARDS_RANGE	2	/* first to last of shard_count */
#define DISCORD_SHARDS_MAX	1024	/* shards one process runs */

/*
 * Reads discord.shards (s, borrowed): DISCORD_SHARDS_*, with a range's
 * ends in *first and *last (else both -1); -1 with *cause when it is
 * not "", "auto", "N" or "N-M" with N <= M.
 */
int	discord_shards_parse(const char *s, int *first, int *last,
	    char **cause);
/*
 * Adds to *all (add_cause) each problem of the shard keys together:
 * shard_id below shard_count, a range below shard_count, shard_id and
 * shards not both set.
 */
void	discord_shards_check(const struct discord_config *, char **all);

#endif
