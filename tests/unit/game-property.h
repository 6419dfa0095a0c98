/*
 * game-property.h: the property harness every game's
 * test_<name>_property.c runs: it plays many seeded games of one game
 * through its game_ops, with AI players, random-legal players and players
 * who always make their timeout move, and checks after every move that:
 *   - the game's own check (card conservation and the like) passes;
 *   - exactly one prompt is pending while the game runs, only the seats
 *     it names have legal moves (every move, or one in sample_legal), and
 *     each seat it names has some;
 *   - every move legal_moves lists is accepted on a copy, and so is the
 *     timeout move (one move in sample_legal);
 *   - the AI's move and the timeout move the harness makes are accepted;
 *   - every view renders, and the hook "seen" may read each (one move in
 *     sample_views, and at every game's end);
 *   - save -> load -> save is byte-identical and the loaded game asks the
 *     same (one move in sample_save, and at the end of one game in
 *     save_end);
 *   - a game that has ended asks nothing and has no legal moves, and
 *     (unless may_cap) every game ends within max_moves;
 *   - where the game has the switch (ops set_events), a copy with its
 *     events off takes every move alike and writes nothing into an event
 *     list, asks the same without texts, and (one move in sample_save,
 *     and at the end) picks the same AI move, saves the same and ends
 *     with the same result.
 * A game adds its own checks and tallies through the hooks.  The count of
 * games comes from the environment variable env, which the Makefile's
 * check target lowers.
 */
#ifndef TESTS_UNIT_GAME_PROPERTY_H
#define TESTS_UNIT_GAME_PROPERTY_H

#include "tests/unit/game-test.h"

/* One game being played, as the hooks see it. */
struct gprop_play {
	unsigned		 i;		/* the game's number, its seed */
	int			 n;		/* players */
	struct game		*g;
	struct rng		 r;		/* the players' randomness */
	unsigned		 random_seats;	/* bit per seat: random legal moves */
	unsigned		 passive_seats;	/* bit per seat: its timeout move */
	char			 opts[256];	/* the options, for messages */
	int			 moves;		/* moves made so far */
	int			 seat;		/* who moves now */
	struct game_move	 m;		/* the move */
	struct game_prompt	 pr;		/* what was asked before the move */
	int			 sampled;	/* 1: views checked after this move */
	struct game		*prev;		/* when sampled: the game before the move */
	struct game_events	 ev;		/* what the move said */
};

struct gprop {
	const char		*name;		/* "cheers", in what it prints */
	const struct game_ops	*ops;
	const char		*env;		/* "CHEERS_PROPERTY_GAMES" */
	long			 games;		/* how many unless env says */
	int			 max_moves;	/* a game still running then is capped */
	int			 may_cap;	/* 0: a capped game fails the test */
	int			 max_legal;	/* more than any position lists */
	size_t			 state_size;	/* bytes of struct game a move changes */
	int			 sample_legal;	/* legal moves tried on one move in N */
	int			 sample_views;	/* views checked on one move in N */
	int			 sample_save;	/* round trip on one move in N */
	int			 save_end;	/* and at the end of one game in N */
	int			 pick_any;	/* 1: the mover is drawn among all seats */
	int			 timeout_always; /* 1: timeout_move always has a move */

	/* Starts game p->i: sets p->n, p->g, the seat masks and p->opts. */
	void	(*start)(struct gprop_play *p);
	/* The game's own consistency check: 0, or -1 and *cause. */
	int	(*check)(const struct game *, char **cause);
	/* Optional: reads a text shown to seat (-1: to everyone). */
	void	(*seen)(const struct game *, int seat, const char *text);
	/* Optional: before each move, once p->seat and p->m are chosen. */
	void	(*before)(struct gprop_play *p);
	/* Optional: after an AI seat chose p->m, before it is applied. */
	void	(*ai_moved)(struct gprop_play *p);
	/* Optional: after each move, once the game's check passed. */
	void	(*after)(struct gprop_play *p);
	/* Optional: compares a game with what loading its save gave. */
	void	(*loaded)(const struct game *g, const struct game *h);
	/* Optional: at each game's end, before it is freed: tallies. */
	void	(*ended)(struct gprop_play *p);
	/*
	 * Optional: after every game, ends the line the harness printed for
	 * n players ("...: 4 players: 100 games, 52.1 moves a game") with
	 * what the game tallied over those games.
	 */
	void	(*report)(int n, long games);
};

/* Runs the one cmocka test of spec's game; main() returns this. */
int	gprop_main(const struct gprop *spec);

#endif
