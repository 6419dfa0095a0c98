/*
 * card-words.h: cards as words.  Every game lists the emoji its texts show,
 * each with a short name (game_ops.words).  "rules" and "help" print that
 * list as a legend, and where bot.emoji is off every emoji of a game's
 * text is written as its name, for terminals and chat clients that draw
 * no emoji, or draw 🍸 and 🍹 alike.  Where it is on, an emoji alone
 * gets its name beside it where the line has room.
 */
#ifndef BOT_SAYING_CARD_WORDS_H
#define BOT_SAYING_CARD_WORDS_H

struct game_ops;

/*
 * "Emoji: 🍺 beer, 🍷 wine, ...": ops' list as one line; caller frees.
 * NULL when the game lists no emoji.
 */
char	*words_legend(const struct game_ops *);
/*
 * text (borrowed) with each emoji of ops' list written as its name:
 * "🍹 tropical" and "🍹" both become "tropical", "🍺🍹" becomes "beer
 * tropical".  With ops NULL, the lists of every game, in game_all()
 * order.  Caller frees.
 */
char	*words_only(const struct game_ops *, const char *text);
/*
 * text (borrowed) with each emoji of ops' list (NULL: every game's) that
 * stands alone followed by its name, as a hand shows cards: "now 🍺 🍹"
 * becomes "now 🍺 beer 🍹 tropical", "1🍺 2🍹" "1🍺 beer 2🍹 tropical".
 * Line by line: a line that would then be longer than room characters
 * keeps its bare emoji.  Caller frees.
 */
char	*words_beside(const struct game_ops *, const char *text, size_t room);

#endif
