/*
 * ai-next.h: what plays games by the AI step by step needs: the seats a
 * game asks next, and the AI's next move.  For the unit tests
 * (game-test.h's game_test_ai_step, hint-test.h, test_move_said.c) and
 * the hint figures the benches print too (hint-figures.h).  No cmocka.
 * Header-only (static inline).
 */
#ifndef TESTS_UNIT_AI_NEXT_H
#define TESTS_UNIT_AI_NEXT_H

#include <stddef.h>

#include "game/game.h"
#include "game/rng.h"

/* A seat a game asks, with the actions (bit per action index) it may use. */
struct ai_ask {
	int		seat;
	unsigned	actions;
};

#define AI_ASKS_MAX	(GAME_MAX_PROMPTS * GAME_MAX_SEATS)

/*
 * Fills asks (AI_ASKS_MAX of them) with every seat each prompt of g (a
 * game of ops) asks, prompt by prompt, seats in order (a seat two prompts
 * ask comes twice): how many, or -1 when g is over.
 */
static inline int
ai_asked(const struct game_ops *ops, const struct game *g,
    struct ai_ask *asks)
{
	struct game_prompt	 p[GAME_MAX_PROMPTS];
	struct game_result	 r;
	int			 n, k, s, na = 0;

	ops->result(g, &r);
	if (r.state != GAME_RUNNING)
		return -1;
	n = ops->pending(g, p, GAME_MAX_PROMPTS);
	for (k = 0; k < n; k++)
		for (s = 0; s < GAME_MAX_SEATS; s++)
			if (p[k].seats & (1u << s)) {
				asks[na].seat = s;
				asks[na].actions = p[k].actions;
				na++;
			}
	return na;
}

/*
 * Plays the next AI move in g (a game of ops): the first seat asked, in
 * prompt order, that the AI r has a move for makes it.  0 when it was
 * accepted; 1 when no seat asked had a move; -1 when the game refused
 * it, with *seat the seat and *cause why (the game's, for the caller).
 */
static inline int
ai_next(const struct game_ops *ops, struct game *g, struct rng *r,
    int *seat, char **cause)
{
	struct game_prompt	 p[GAME_MAX_PROMPTS];
	struct game_events	 ev;
	struct game_move	 m;
	int			 n, k, s;

	n = ops->pending(g, p, GAME_MAX_PROMPTS);
	for (k = 0; k < n; k++)
		for (s = 0; s < GAME_MAX_SEATS; s++) {
			if (!(p[k].seats & (1u << s)) ||
			    ops->ai_move(g, s, r, &m) != 0)
				continue;
			game_events_init(&ev);
			*seat = s;
			return ops->apply(g, s, &m, &ev, cause) != 0 ? -1 : 0;
		}
	return 1;
}

#endif
