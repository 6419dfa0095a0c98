/*
 * console.h: the chat simulator on stdin/stdout, the bot's embedded
 * default adapter, for people at a terminal and for transcript tests.
 */
#ifndef ADAPTERS_CONSOLE_CONSOLE_H
#define ADAPTERS_CONSOLE_CONSOLE_H

struct bot;
struct adapter;

/* A new console adapter; the bot takes ownership with bot_add_adapter. */
struct adapter	*console_new(struct bot *);

#endif
