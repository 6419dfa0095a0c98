/*
 * discord.h: the Discord adapter: slash commands in, channel messages,
 * DMs and interaction replies out, over Discord's gateway and REST API.
 */
#ifndef ADAPTERS_DISCORD_DISCORD_H
#define ADAPTERS_DISCORD_DISCORD_H

#include <stdint.h>

struct bot;
struct adapter;
struct config;

/*
 * Whether the [discord] settings (borrowed) are enough to start: 0, or
 * -1 with *cause (caller frees), every problem found, one sentence a
 * line, which --check-config prints and start-up refuses with.
 * discord_new checks the same.
 */
int		 discord_check(const struct config *, char **cause);

/*
 * A new Discord adapter from the bot's [discord] settings; the bot takes
 * ownership with bot_add_adapter.  NULL, with *cause (caller frees), when
 * discord_check refuses the settings.
 */
struct adapter	*discord_new(struct bot *, char **cause);

/*
 * The permissions the bot uses in a channel, as Discord's bit set: View
 * Channel, Send Messages, Send Messages in Threads, Embed Links.
 */
uint64_t	 discord_permissions(void);
/* The invite link for application_id (borrowed) with them; caller frees. */
char		*discord_invite_url(const char *application_id);

#endif
