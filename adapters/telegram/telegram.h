/*
 * telegram.h: the Telegram adapter: commands and button clicks in by
 * long polling the Bot API (getUpdates), messages, edits and private
 * chats out through the same API.
 */
#ifndef ADAPTERS_TELEGRAM_TELEGRAM_H
#define ADAPTERS_TELEGRAM_TELEGRAM_H

struct bot;
struct adapter;
struct config;

/*
 * Whether the [telegram] settings (borrowed) are enough to start: 0, or
 * -1 with *cause (caller frees), one sentence a problem, which
 * --check-config prints and start-up refuses with.  telegram_new checks
 * the same.
 */
int		 telegram_check(const struct config *, char **cause);

/*
 * A new Telegram adapter from the bot's [telegram] settings; the bot
 * takes ownership with bot_add_adapter.  NULL, with *cause (caller
 * frees), when telegram_check refuses the settings.
 */
struct adapter	*telegram_new(struct bot *, char **cause);

#endif
