/*
 * irc.h: the IRC adapter: prefix commands in channels and private
 * messages in, PRIVMSGs out, over IRC on TLS, TCP or a websocket.
 */
#ifndef ADAPTERS_IRC_IRC_H
#define ADAPTERS_IRC_IRC_H

struct bot;
struct adapter;
struct config;

/*
 * Whether the [irc] settings (borrowed) are enough to start: 0, or -1
 * with *cause (caller frees), every problem found, one sentence a
 * line, which --check-config prints and start-up refuses with.
 * irc_new checks the same.
 */
int		 irc_check(const struct config *, char **cause);

/*
 * What --check-config and start-up warn of in settings irc_check accepts
 * (a URL that is not encrypted), as a sentence (static), or NULL.
 */
const char	*irc_warning(const struct config *);

/*
 * A new IRC adapter from the bot's [irc] settings; the bot takes
 * ownership with bot_add_adapter.  NULL, with *cause (caller frees), when
 * irc_check refuses the settings.
 */
struct adapter	*irc_new(struct bot *, char **cause);

#endif
