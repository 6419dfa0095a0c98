/*
 * ismcts.h: the hard level's search, one for every game: single-observer
 * information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
 * "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).
 *
 * One tree over what the searching seat knows.  Each iteration deals a
 * fresh determinization of the hidden cards (the game's determinize op),
 * walks the tree choosing by UCB among the moves available in that deal
 * only (each child counts how often it was available), adds one node,
 * plays the game out with events off, and backs the result up: each node
 * is scored from the view of the seat that made its move (its team's win
 * is its win).  The move is the root's most visited child.  At the root
 * only the seat's moves that the game's silly op passes are tried (all,
 * when every one is silly): the hard level never makes a move a beginner
 * would call silly while another would do.
 *
 * Pure, like the rest of game/: no clock (the budget is counted in moves
 * applied, so a search replays exactly from its rng), no globals.
 */
#ifndef GAME_ISMCTS_H
#define GAME_ISMCTS_H

#include "game/game.h"

#define ISMCTS_LEGAL_MAX	1024	/* moves a position may offer */
#define ISMCTS_PLAYOUT_MAX	2000	/* moves of one playout, then a tie */

struct ismcts_budget {
	int	iterations;	/* at most this many; 0: no search, ai_move's */
	long	steps;		/* and at most this many moves applied in all */
	double	explore;	/* UCB's exploration constant */
	/*
	 * Playout policy: the share (0..1000) of playout moves the game's
	 * own AI (ai_move) chooses; the rest are uniform among legal moves.
	 */
	int	ai_permille;
	/*
	 * At least 0: the game's own AI's move (ai_move) is the search's
	 * first choice at the root, and another is played only when its
	 * mean score beats that move's by more than this margin and twice
	 * the standard error of the difference; less than 0: the most
	 * visited move is played.  For games whose playouts say
	 * little in the budget: then the hard level plays at least as the
	 * default one does.
	 */
	double	anchor;
	/*
	 * At least 1: the tree grows no deeper than this many moves from
	 * the root, the playout policy playing on from there (1: flat Monte
	 * Carlo over the root's moves, for games of long turns of many small
	 * steps, where a shallow tree's own half-random steps would be
	 * scored for the root's move); 0: no limit.
	 */
	int	depth;
	/*
	 * When not NULL, the game's short list of seat's moves in g (at
	 * most max into out, how many returned): the root's choices are
	 * these, the silly ones still left out, in place of every legal
	 * move, and so are the moves of the tree's deeper nodes, for the
	 * seat that moves there.  For games whose positions offer many
	 * moves of which few differ (Friends with Beverages' swaps, paid in
	 * every way).
	 */
	int	(*choices)(const struct game *g, int seat,
		    struct game_move *out, int max);
	/*
	 * Greater than 0: a playout scores a seat half by its win and half
	 * by the margin of its final score (the game's final_table) over
	 * the best other row's, 0.5 + 0.5 tanh(margin / this); 0 or a game
	 * without final_table: the win alone.  A finer measure than the
	 * win where few playouts fit the budget.
	 */
	double	margin;
	/*
	 * 1: each iteration's determinization tries every root choice on
	 * the same deal with the same randomness (common random numbers),
	 * walking the tree below each as an iteration does (with depth 1,
	 * playing it out at once), so that the anchor test compares
	 * choices on the same deals, the difference's own spread (far
	 * smaller than each one's) deciding.
	 */
	int	paired;
	/*
	 * With value (not NULL) and horizon above 0: a playout stops after
	 * horizon moves, and a game still running scores each seat by
	 * value, its lead in the game's own measure (points), as the margin
	 * above scores a finished game's: 0.5 + 0.5 tanh(value / margin).
	 */
	double	(*value)(const struct game *g, int seat);
	int	horizon;
};

/* What a search did, for the bench and the tests. */
struct ismcts_stats {
	int	iterations;
	long	steps;
	int	nodes;
};

/* The budget the bot's hard level uses for a game of ops. */
void	ismcts_budget_hard(const struct game_ops *ops,
	    struct ismcts_budget *out);

/*
 * The hard level's move for seat in g: ismcts_move with the game's hard
 * budget, or the game's own AI (ai_move) where the game cannot be
 * determinized.  0 with *out, or -1 when seat has nothing to do.
 */
int	ismcts_hard(const struct game_ops *ops, const struct game *g, int seat,
	    struct rng *r, struct game_move *out);

/*
 * Chooses seat's move in g (borrowed, unchanged) by the search, with r
 * and within budget; stats may be NULL.  ops must have determinize and
 * copy_into.  Returns 0 with *out, or -1 when seat has no legal move.
 */
int	ismcts_move(const struct game_ops *ops, const struct game *g, int seat,
	    struct rng *r, const struct ismcts_budget *budget,
	    struct game_move *out, struct ismcts_stats *stats);

#endif
