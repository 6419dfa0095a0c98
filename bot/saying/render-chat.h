/*
 * render-chat.h: turning game text into chat text.  Games write seats as
 * "@{N}"; these functions put each platform's mention of the seat there,
 * and write commands, channels and users the way each platform shows them.
 */
#ifndef BOT_SAYING_RENDER_CHAT_H
#define BOT_SAYING_RENDER_CHAT_H

#include <stddef.h>
#include <stdint.h>

struct adapter;
struct bot;
struct game_ops;
struct table;

#define RENDER_MAX	65536	/* cap on one rendered message; adapters split it */
/*
 * Characters a line may have with the names put beside its emoji; a
 * longer one keeps them bare (bot/saying/card-words.h).
 */
#define RENDER_WORDS_ROOM	120

/*
 * Expands every @{N} in text, and writes cards as words where the table's
 * emoji are off (the channel's setting, else bot.emoji), or puts each
 * bare emoji's name beside it where the line has room; caller frees.
 */
char	*render_expand(const struct table *, const char *text);
/*
 * Expands every @{N} in text to the seat's plain name ("alice"), for the
 * places where a platform shows no mentions; caller frees.
 */
char	*render_expand_names(const struct table *, const char *text);
/*
 * text (taken) as bot's config wants it: with the emoji of ops (NULL: of
 * every game) written as names (bot.emoji off), or with each bare one's
 * name beside it where a line has room (bot/saying/card-words.h).  Caller frees the
 * result.  bot NULL: text as it is.
 */
char	*render_words(const struct bot *, const struct game_ops *, char *text);
/* The same for emoji on (1) or off (0). */
char	*render_words_as(int emoji, const struct game_ops *, char *text);
/*
 * How adapter a mentions a user ("@alice", "<@123>", "alice" on IRC), or
 * an AI seat (user_id NULL); into buf, capped.
 */
void	 render_user(struct adapter *, const char *user_id, const char *name,
	     char *buf, size_t len);
/*
 * How adapter a names a channel ("#bar", "<#123>"); into buf, capped.
 * Without the adapter's channel_name, the id cleaned (lib/utf8.h).
 */
void	 render_channel(struct adapter *, const char *channel, char *buf,
	     size_t len);
/*
 * How a player starts a command on adapter a: "/cheers", or "!cheers" on
 * IRC and XMPP; into buf (RENDER_COMMAND_MAX bytes do), capped.  Every
 * hint, usage line and help text writes its commands with this.
 */
#define RENDER_COMMAND_MAX	48
void	 render_command(struct adapter *, char *buf, size_t len);
/* The seat's mention ("@alice", "Negroni" on IRC); into buf, capped. */
void	 render_seat(const struct table *, int seat, char *buf, size_t len);
/* The lobby: game, options, seats, host; caller frees. */
char	*render_lobby(const struct table *);
/* "alice, bob, Negroni (AI)"; caller frees. */
char	*render_seat_list(const struct table *);
/* "mode=master recipe=draw" or "defaults"; caller frees. */
char	*render_options(const struct table *);


/* "off", "750ms", "90s", "5m", "2h"; into buf, capped. */
void	 render_duration(uint64_t ms, char *buf, size_t len);
#endif
