/*
 * irc.h: the IRC adapter: prefix commands in channels and private
 * messages in, PRIVMSGs out, over IRC on a websocket.
 */
#ifndef ADAPTERS_IRC_IRC_H
#define ADAPTERS_IRC_IRC_H

struct bot;
struct adapter;

/*
 * A new IRC adapter from the bot's [irc] settings; the bot takes
 * ownership with bot_add_adapter.  NULL, with *cause (caller frees), when
 * the settings cannot work (no url, a bad nick or channel).
 */
struct adapter	*irc_new(struct bot *, char **cause);

#endif
