/*
 * buttons.h: the bot's buttons, on platforms that have them.
 *
 * A button's id says what a click means:
 *   "cb2:<table>.<tag>:<version>:<what>"
 * where cb2 is the id format, <table> the table id (never given twice,
 * bot/storage/store.h), <tag> the table's tag (six hex digits made with it, kept
 * in the store, bot/tables/table.h), <version> the number of moves the table had
 * when the button was drawn ("*" for buttons that never go stale, like
 * the board's "My hand") and <what> one of:
 *   hand            the clicker's private view, with their move buttons
 *   status          the table, posted again
 *   m A [V ...]     a move of action A whose first arguments are V ...:
 *                   complete, it is played; partial, the next argument is
 *                   offered as buttons (the picker)
 *   end             the host's confirmation that ends a running game
 * A click on a button drawn before the table moved on gets a fresh view
 * instead of acting on an old position.  A click on a button of a game
 * that is over (no table of that id, or one with another tag) is
 * answered "That game is over." and changes nothing (bot/commands/click.c).
 *
 * Buttons made before tags have the format "cb1:<table>:<version>:<what>".
 * They are taken only for the tables that existed when the state file was
 * upgraded to schema 5 (bot->cb1_max), so that a board posted then keeps
 * working but no later table can be reached by an old button.
 *
 * An id is at most BUTTON_ID_MAX bytes: Telegram's callback data, the
 * smallest of the platforms', holds 64.  With the largest table id SQLite
 * gives (19 digits) and a version of 10 digits, 22 bytes are left for
 * <what>; tests/unit/test_button.c checks that every game's buttons fit.
 *
 * Every button set is built from the game's own action description and
 * legal moves, so a new game gets buttons without code of its own.
 */
#ifndef BOT_SAYING_BUTTONS_H
#define BOT_SAYING_BUTTONS_H

#include <stdint.h>

#include "bot/adapter.h"
#include "game/game.h"

struct table;
struct cmd_ctx;

#define BUTTON_FORMAT	"cb2"
#define BUTTON_FORMAT_OLD "cb1"	/* before tags: see above */
#define BUTTON_ANY	(-1L)	/* version of a button that never goes stale */
#define BUTTON_ID_MAX	64	/* bytes of an id, at most */
#define BUTTON_TAG_MAX	8	/* bytes of a tag button_parse takes */

/* A parsed button id; what points into the id it was parsed from. */
struct button_click {
	uint64_t	 table;
	char		 tag[BUTTON_TAG_MAX + 1];	/* "" for an old id */
	int		 old;		/* "cb1:": no tag */
	long		 version;	/* BUTTON_ANY or a move count */
	const char	*what;
};

/*
 * Parses id (borrowed), of either format; 0, or -1 when it is not one of
 * ours.
 */
int	 button_parse(const char *id, struct button_click *);

/*
 * Appends a button to bs (ignored when bs is full or row is past the last
 * row): label (cut to ADAPTER_LABEL_MAX characters) and an id for table t
 * with versioned or not, and what as a printf format.  A button whose id
 * would be longer than BUTTON_ID_MAX is left out, never sent cut.
 */
void	 button_add(struct adapter_buttons *, int row, int style,
	     const char *label, const struct table *, int versioned,
	     const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* The board's buttons: "My hand" and "Table". */
void	 button_board(const struct table *, struct adapter_buttons *);

/*
 * The first step of every move seat may make now: a row per action, with
 * a button per first argument when they fit, else one "action…" button.
 * Leaves bs empty when the seat has nothing to do.
 */
void	 button_moves(const struct table *, int seat, struct adapter_buttons *);

/*
 * Every legal move of seat now, whole, for a platform that lists them
 * (Telegram's inline mode): fn(label, id, summary, arg) for each, its
 * label naming each argument as seat sees it ("play 2. 🍺 beer bob"),
 * id the versioned button that plays it, summary its action's; all
 * borrowed for the call.  A move whose id would not fit is left out.
 * Returns how many fn was given.
 */
int	 button_each_move(const struct table *, int seat,
	     void (*fn)(const char *label, const char *id,
	     const char *summary, void *), void *arg);

/*
 * The picker: seat clicked "m A V...", held in m with nargs arguments
 * given.  When the given prefix leads to one move, fills *m with it and
 * returns 1.  When a choice remains, fills bs with it (and a way back),
 * writes the question into text (capped at len) and returns 0.  When no
 * legal move starts so, returns -1.
 */
int	 button_pick(const struct table *, int seat, struct game_move *m,
	     int nargs, struct adapter_buttons *bs, char *text, size_t len);

/* A label for argument argi of m as seat sees it: a name, a card face. */
void	 button_arg_label(const struct table *, int seat,
	     const struct game_move *, int argi, char *buf, size_t len);

#endif
