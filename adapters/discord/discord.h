/*
 * discord.h: the Discord adapter: slash commands in, channel messages,
 * DMs and interaction replies out, over Discord's gateway and REST API.
 */
#ifndef ADAPTERS_DISCORD_DISCORD_H
#define ADAPTERS_DISCORD_DISCORD_H

struct bot;
struct adapter;

/*
 * A new Discord adapter from the bot's [discord] settings; the bot takes
 * ownership with bot_add_adapter.  NULL, with *cause (caller frees), when
 * the settings are incomplete (no token or no application_id).
 */
struct adapter	*discord_new(struct bot *, char **cause);

#endif
