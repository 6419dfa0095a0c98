/*
 * narrate.h: how a running game reads in a chat, the same for every game.
 *
 * A move is a line in the channel: what happened (the game's public
 * events, each naming the place it changed with its new content), then
 * what the move opened: a prompt someone must answer, with the exact
 * command and an example, or who is next.  "@alice offers 🍹 tropical to
 * @bob's shaker (now 🍺 🍹). CHEERS! (🍹 cheers with 🍺) @bob must give
 * the played 🍹 and the matching 🍺 to two other shakers (e.g. /cheers
 * give @carol @dave)."  A move whose line would be longer than 200
 * characters takes two lines, or a few short ones (about 120), cut
 * between sentences: at most NARRATE_LINES_MAX, each at most
 * NARRATE_LINE_MAX characters.  What happened that does not fit even
 * then is left to the table ("(more: /cheers status shows the table)"),
 * never what the move opened.  The whole table is shown at the start, on status,
 * and after a move that changed all of it (game_events.show_table).
 *
 * Players hear the same way in private: their whole view when the game
 * starts and on "hand", then only what changed (the game's notes) and,
 * when it becomes their move, one line with the prompt, the command and
 * their hand in short.
 *
 * Lines are game text: seats are @{N}, expanded by render_expand.
 */
#ifndef BOT_SAYING_NARRATE_H
#define BOT_SAYING_NARRATE_H

#include "game/game.h"

struct buf;
struct table;

/* Characters in a channel line a person reads (@{N} as "@name"). */
#define NARRATE_LINE_MAX	300
/* Lines a move may take in the channel. */
#define NARRATE_LINES_MAX	4

/* The prompts open before a move, to tell what the move opened. */
struct narrate_asked {
	int			n;
	struct game_prompt	p[GAME_MAX_PROMPTS];
};

/* Fills *out with what t's game waits for now. */
void	 narrate_asked(const struct table *, struct narrate_asked *out);

/*
 * The channel's line for the move that made ev (borrowed), in game text
 * (lines, when long: see above);
 * lead (may be NULL) comes first ("@{1} ran out of time.").  before is
 * what was asked before the move.  Notes in t the turn it sees open
 * (table.narrated_turn).  Caller frees.
 */
char	*narrate_move(struct table *, const struct game_events *,
	     const struct narrate_asked *before, const char *lead);

/*
 * text (game text, borrowed) with each of its lines made at most
 * NARRATE_LINES_MAX lines of at most NARRATE_LINE_MAX characters, cut
 * between sentences, as a move's are (the end of a game, a CHEERS!).
 * Caller frees.
 */
char	*narrate_wrap(const struct table *, const char *text);

/*
 * Appends prompt p as seat reads it to b: its text, then the command that
 * answers it with an example, "(e.g. /cheers give @{2} @{3})".  seat -1
 * is the channel: the example is of the first human seat asked (none
 * when only AI seats are), and shows no card number of anyone's hand.
 */
void	 narrate_prompt(const struct table *, const struct game_prompt *,
	     int seat, struct buf *b);

/*
 * Appends a move of seat that answers actions (a bit per action) to b as
 * a command, "/cheers give @{2} @{3}".  With public set, the prompt's
 * first action, card numbers written as their argument's name
 * ("<card>"): which cards a seat may play can tell what it holds.  In
 * private, the hint (bot/saying/hint.h): the move the AI would make in seat's
 * place; with no good move known, the shape of one seat may make, its
 * cards unnamed.  0, or -1 (nothing appended) when seat has no such move.
 */
int	 narrate_example(const struct table *, int seat, unsigned actions,
	     int public, struct buf *b);

/*
 * bot/saying/narrate-private.c: tells each player of t privately what the move
 * that made ev changed for them: their notes, and "your move" when it
 * became their move (before: what was asked before it; mover: the seat
 * that moved).
 */
void	 narrate_private(struct table *, const struct game_events *,
	     const struct narrate_asked *before, int mover);
/*
 * Sends seat its whole private view by DM, headed by why ("the game
 * begins."), with an example of the command when it is seat's move.
 * Nobody hears it at an AI seat, a seat with closed DMs, or one the AI
 * stands in for.
 */
void	 narrate_deliver(struct table *, int seat, const char *why);
/*
 * Does t's adapter keep each player's messages of a table (dm_table):
 * their view edited in place and a prompt message a turn?
 */
int	 narrate_dm_edits(const struct table *);
/*
 * There: seat's whole view (why, game text, says what brought it: "the
 * game begins."), and a new prompt message when they are asked now.
 */
void	 narrate_dm_whole(struct table *, int seat, const char *why);
/* There: the game is over; every player's prompt says so (t->ended). */
void	 narrate_dm_end(struct table *);
/* Appends "CHEERS at #bar:", where a private line comes from, to b. */
void	 narrate_heading(const struct table *, struct buf *b);
/*
 * Appends "\nTry: /cheers play 1 @{2}" to b (a whole private
 * view) when seat is asked something now.
 */
void	 narrate_view_example(const struct table *, int seat, struct buf *b);

#endif
