/*
 * hint-magic.h: the Magic Cocktail figure of hints (issue 33), for
 * test_hint_magic.c and tests/bench/bench_hint_magic.c: hints of
 * "stone" while trading is open, which would end the player's trading.
 * Header-only (static inline).
 */
#ifndef TESTS_UNIT_HINT_MAGIC_H
#define TESTS_UNIT_HINT_MAGIC_H

#include "tests/unit/hint-figures.h"

#include "game/magic/magic-int.h"

/* hint_figures_judge: 1 for a stone while seat may trade. */
static inline int
hint_magic_judge(const struct game *g, int seat, const struct game_move *m)
{
	(void)seat;
	return g->phase == MAGIC_PH_TRADE && m->action == MAGIC_A_STONE;
}

/* Plays ngames for 4 to 7 players from seed first; 0 or -1. */
static inline int
hint_magic_figure(int first, int ngames, struct hint_figures *f)
{
	int	n;

	memset(f, 0, sizeof *f);
	for (n = MAGIC_MIN_PLAYERS; n <= MAGIC_MAX_PLAYERS; n++)
		if (hint_figures_play(&magic_ops, n, NULL, first, ngames,
		    hint_magic_judge, f) != 0)
			return -1;
	return 0;
}

#endif
