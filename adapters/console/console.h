/*
 * console.h: the chat simulator on stdin/stdout, the bot's embedded
 * default adapter, for people at a terminal and for transcript tests.
 */
#ifndef ADAPTERS_CONSOLE_CONSOLE_H
#define ADAPTERS_CONSOLE_CONSOLE_H

struct bot;
struct adapter;

/*
 * A new console adapter from the bot's [console] settings; the bot takes
 * ownership with bot_add_adapter.  Never NULL: cause is not set.
 */
struct adapter	*console_new(struct bot *, char **cause);

#endif
