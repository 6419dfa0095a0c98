/*
 * argnames.h: a move's arguments by name as well as by number.  A card,
 * ingredient, item, equipment or offer may be typed by its name ("play
 * Mint Sprig", "install shaker", "accept lime for mint"), and a choice
 * by a unique start of it.  The names come from the game
 * (game_ops.arg_names, as the acting seat sees them) and from the action
 * table's choices; the matching is here, once for every game:
 *
 * - case does not count, and a name may be several words;
 * - a name typed whole wins; else each word typed must start the name's
 *   word at the same place ("mint spr" is Mint Sprig), and a name's
 *   words are its letters and digits (punctuation does not count);
 * - matches that all bear one name are one card: the first is taken;
 * - matches of different names are refused with each one's number;
 * - no match gets "did you mean" (lib/suggest.h) or the list of names.
 */
#ifndef BOT_COMMANDS_ARGNAMES_H
#define BOT_COMMANDS_ARGNAMES_H

#include <stddef.h>

#include "game/game.h"

struct table;

/* Words a name may have; a longer run of typed words is never a name. */
#define ARGNAMES_WORDS_MAX	6

/*
 * How the k words typed (borrowed) fit names[0..n-1]: the indexes of the
 * names they name into hits (at most max), the names typed whole when
 * there are any.  Returns how many.
 */
int	 argnames_match(const struct game_name *names, int n,
	     const char *const *words, int k, int *hits, int max);

/*
 * Reads argument argi of action (of t's game) for seat from the first
 * of the nwords words (borrowed), which may use up to nwords of them:
 * a card by number or name, a choice by a unique start.  Writes the
 * value into *value and the words used into *used.  0, or -1 with
 * *cause, a sentence for the player (it may name seat's own cards: it is
 * said to seat alone).  Other argument types are not read here: -1.
 */
int	 argnames_read(const struct table *t, int seat, int action, int argi,
	     const char *const *words, int nwords, int *value, int *used,
	     char **cause);

/*
 * Appends " Did you mean Mint Sprig?" to b when the first words (up to
 * nwords, the most first) are near a name argument argi of action may
 * take for seat: for a name typed with one word too wrong to be read
 * ("play mint sprg").  Returns 1 when it named any.
 */
struct buf;
int	 argnames_near(const struct table *t, int seat, int action, int argi,
	     const char *const *words, int nwords, struct buf *b);

/*
 * The names argument argi of action may take for seat: at most max into
 * out, returning how many (0 where the game names none).
 */
int	 argnames_list(const struct table *t, int seat, int action, int argi,
	     struct game_name *out, size_t max);

/*
 * How seat may type value of argument argi of action by name, for an
 * example: the name's short form ("Mint Sprig", "cocktail" for
 * "cocktail (cheers with tropical)"), into buf (len bytes); 0, or -1
 * when that does not pick it alone (the example then shows the number).
 */
int	 argnames_word(const struct table *t, int seat, int action, int argi,
	     int value, char *buf, size_t len);

#endif
