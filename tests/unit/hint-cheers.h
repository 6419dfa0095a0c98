/*
 * hint-cheers.h: the CHEERS figure of hints (issue 33), for
 * test_hint_cheers.c and tests/bench/bench_hint_cheers.c: hints that
 * would put a card into a shaker of the player's own team that is not in
 * the team's recipe, when the player had a move that does not.  Only
 * seats that know their recipe are judged (an apprentice guesses it),
 * and only shakers the seat knows its team may win with (in Masquerade,
 * its own).  A play that CHEERS does not count: the card does not stay;
 * nor a card into a full shaker, where the team discards what it likes.
 * Header-only (static inline).
 */
#ifndef TESTS_UNIT_HINT_CHEERS_H
#define TESTS_UNIT_HINT_CHEERS_H

#include "tests/unit/hint-figures.h"

#include "game/cheers/cheers-int.h"

/*
 * Whether seat knows shaker (a shaker index) to be one its team may win
 * with: a member's, or the team's extra shaker under victory=team (the
 * share shaker is nobody's).
 */
static inline int
hint_cheers_ours(const struct game *g, int seat, int shaker)
{
	if (shaker == seat)
		return 1;
	if (g->mode == CHEERS_MASQUERADE)
		return 0;
	if (shaker >= g->nplayers && g->victory != CHEERS_WIN_TEAM)
		return 0;
	return cheers_shaker_team(g, shaker) == g->team_of[seat];
}

/* The shaker a target argument names. */
static inline int
hint_cheers_shaker(const struct game *g, int target)
{
	return target < g->nplayers ? target : g->nplayers;
}

/*
 * Whether card into shaker spoils seat's team's drink.  Into a full
 * shaker it does not: the team discards a card of its choice there.
 */
static inline int
hint_cheers_foreign(const struct game *g, int seat, int shaker, int card)
{
	return hint_cheers_ours(g, seat, shaker) &&
	    g->nshaker[shaker] < CHEERS_VOLUME &&
	    g->recipe[g->team_of[seat]][g->card[card].big] == 0;
}

/* Whether move m of seat puts a foreign card into its team's shaker. */
static inline int
hint_cheers_spoils(const struct game *g, int seat, const struct game_move *m)
{
	const struct cheers_pending	*p = &g->queue[0];
	int				 c, x, pos, idx[1];

	switch (m->action) {
	case CHEERS_A_PLAY:
		c = g->hand[seat][m->args[0] - 1];
		x = hint_cheers_shaker(g, m->args[1]);
		return cheers_matches(g, x, c, idx, 1) == 0 &&
		    hint_cheers_foreign(g, seat, x, c);
	case CHEERS_A_MOVE:
		c = g->shaker[seat][m->args[0] - 1];
		return hint_cheers_foreign(g, seat,
		    hint_cheers_shaker(g, m->args[1]), c);
	case CHEERS_A_GIVE:
		if (m->args[2] >= 1)
			pos = m->args[2] - 1;
		else
			cheers_matches(g, p->shaker, p->card, &pos, 1);
		return hint_cheers_foreign(g, seat,
		    hint_cheers_shaker(g, m->args[0]), p->card) ||
		    hint_cheers_foreign(g, seat,
		    hint_cheers_shaker(g, m->args[1]), g->shaker[p->shaker][pos]);
	}
	return 0;
}

/*
 * hint_figures_judge: 1 when seat knows its recipe and hint m spoils its
 * team's shaker, though another legal move would not.
 */
static inline int
hint_cheers_judge(const struct game *g, int seat, const struct game_move *m)
{
	struct game_move	legal[CHEERS_MAX_LEGAL];
	int			n, i;

	if (g->mode == CHEERS_MASTER &&
	    g->team_seat[g->team_of[seat]][0] != seat)
		return 0;
	if (!hint_cheers_spoils(g, seat, m))
		return 0;
	n = cheers_legal(g, seat, legal, CHEERS_MAX_LEGAL);
	for (i = 0; i < n; i++)
		if (!hint_cheers_spoils(g, seat, &legal[i]))
			return 1;
	return 0;
}

/* The games the figure is measured on: every mode and count. */
static const struct {
	int		 nplayers;
	const char	*opts;
} hint_cheers_tables[] = {
	{ 2, NULL }, { 3, NULL }, { 4, NULL }, { 5, NULL }, { 6, NULL },
	{ 4, "mode=master" }, { 5, "mode=master" }, { 4, "mode=masquerade" },
	{ 6, "mode=masquerade" }, { 5, "victory=own" }, { 4, "recipe=draw" },
};

/* Plays ngames a table of hint_cheers_tables from seed first; 0 or -1. */
static inline int
hint_cheers_figure(int first, int ngames, struct hint_figures *f)
{
	size_t	i;

	memset(f, 0, sizeof *f);
	for (i = 0; i < sizeof hint_cheers_tables /
	    sizeof hint_cheers_tables[0]; i++)
		if (hint_figures_play(&cheers_ops, hint_cheers_tables[i].nplayers,
		    hint_cheers_tables[i].opts, first, ngames,
		    hint_cheers_judge, f) != 0)
			return -1;
	return 0;
}

#endif
