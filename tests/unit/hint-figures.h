/*
 * hint-figures.h: seeded games played by the AI, with every hint the
 * asked seats would get, for the figures of hints (issue 33): the unit
 * tests (test_hint_cheers.c, test_hint_magic.c) hold them at their
 * targets and make bench-lines prints them (tests/bench/bench_hint_*.c).
 * No cmocka: it only counts.  Header-only (static inline).
 */
#ifndef TESTS_UNIT_HINT_FIGURES_H
#define TESTS_UNIT_HINT_FIGURES_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tests/unit/ai-next.h"

#include "bot/saying/hint.h"
#include "game/game.h"
#include "game/rng.h"

#define HINT_FIGURES_STEPS	400	/* moves a game, at most */

/*
 * Judges seat's hint m in g (called before the move is made): 1 when it
 * is counted, 0 when not.
 */
typedef int hint_figures_judge(const struct game *g, int seat,
    const struct game_move *m);

/* What the games gave: hints looked at, hints counted, games played. */
struct hint_figures {
	int	hints;
	int	counted;
	int	games;
};

/*
 * Plays games seeded first..first+ngames-1 of ops for nplayers with the
 * options opts ("name=value ...", may be NULL), the AI moving every
 * seat, and at every prompt judges the hint of each seat it asks; adds
 * to *f.  0, or -1 when a game could not start or a move was refused.
 */
static inline int
hint_figures_play(const struct game_ops *ops, int nplayers, const char *opts,
    int first, int ngames, hint_figures_judge *judge, struct hint_figures *f)
{
	struct ai_ask		 asks[AI_ASKS_MAX];
	struct game_opts	 o;
	struct game_move	 m;
	struct game		*g;
	struct rng		 r, ai;
	char			 buf[256], *w, *eq, *save, *cause = NULL;
	int			 seed, step, n, k, s, rc, i;

	for (seed = first; seed < first + ngames; seed++) {
		memset(&o, 0, sizeof o);
		o.nplayers = nplayers;
		snprintf(buf, sizeof buf, "%s", opts != NULL ? opts : "");
		for (w = strtok_r(buf, " ", &save); w != NULL;
		    w = strtok_r(NULL, " ", &save)) {
			if ((eq = strchr(w, '=')) == NULL)
				return -1;
			*eq = '\0';
			if ((i = game_option_index(ops, w)) < 0)
				return -1;
			o.values[i] = eq + 1;
		}
		rng_init(&r, (uint64_t)seed, 7);
		if ((g = ops->new_game(&o, &r, &cause)) == NULL)
			return -1;
		rng_init(&ai, (uint64_t)seed, 3);
		f->games++;
		for (step = 0; step < HINT_FIGURES_STEPS; step++) {
			if ((n = ai_asked(ops, g, asks)) < 0)
				break;
			for (k = 0; k < n; k++) {
				s = asks[k].seat;
				if (hint_move(ops, g, s, asks[k].actions,
				    &m) != 0)
					continue;
				f->hints++;
				f->counted += judge(g, s, &m);
			}
			rc = ai_next(ops, g, &ai, &s, &cause);
			if (rc < 0) {
				ops->free_game(g);
				return -1;
			}
			if (rc > 0)
				break;
		}
		ops->free_game(g);
	}
	return 0;
}

#endif
