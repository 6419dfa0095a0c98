/*
 * xmpp.h: the XMPP adapter: prefix commands in MUC rooms and 1:1 chats
 * in, room messages and 1:1 (or private room) messages out, over XMPP on
 * a WebSocket (RFC 7395).
 */
#ifndef ADAPTERS_XMPP_XMPP_H
#define ADAPTERS_XMPP_XMPP_H

struct bot;
struct adapter;
struct config;

/*
 * Whether the [xmpp] settings (borrowed) are enough to start: 0, or -1
 * with *cause (caller frees), every problem found, one sentence a
 * line, which --check-config prints and start-up refuses with.
 * xmpp_new checks the same.
 */
int		 xmpp_check(const struct config *, char **cause);
/*
 * What --check-config and start-up warn of in [xmpp] settings they
 * accept: a way to the server without encryption.  NULL when there is
 * none; a constant sentence otherwise.
 */
const char	*xmpp_warning(const struct config *);

/*
 * A new XMPP adapter from the bot's [xmpp] settings; the bot takes
 * ownership with bot_add_adapter.  NULL, with *cause (caller frees), when
 * xmpp_check refuses the settings.
 */
struct adapter	*xmpp_new(struct bot *, char **cause);

#endif
