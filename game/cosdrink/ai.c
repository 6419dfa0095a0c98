/*
 * ai.c: a baseline player for empty seats.  It sees only its own items and
 * the public table.  On its turn it plays the smallest item that destroys
 * its monster on its own; failing that it plays its strongest item
 * against it (asking for aid when someone could answer), retreats with an
 * empty hand, and passes only when nothing else is possible.  Asked for
 * aid, it helps freely when it has no fight of its own left this round,
 * and otherwise only when one of its items finishes the monster and none
 * would finish its own, giving the finisher its own monster needs least
 * (no silly moves: README).  Items count double against a monster of their
 * colour, so colour decides most choices.  It always returns a legal
 * move, so AI seats that are asked always make progress.
 */
#include <string.h>

#include "game/cosdrink/cosdrink-int.h"

#define BIT(s)	(1u << (s))

static void
ai_set(struct game_move *m, int action, int a0)
{
	m->action = action;
	m->args[0] = a0;
	m->args[1] = m->args[2] = m->args[3] = -1;
}

/*
 * What is still needed against target's monster, in halves: public, so
 * the AI and the tests of its moves read it alike.
 */
int
cos_need(const struct game *g, int target)
{
	int	m = cos_target_monster(g, target);

	return 2 * g->mon[m].value - cos_pile_sum(g, target == COS_KING ?
	    &g->kpile : &g->pile[target], m);
}

/*
 * The hand item (from 1) of seat that finishes need against monster m
 * with the least to spare, or 0 when none does.  With keep a monster of
 * seat's own (else -1), the finisher worth least against keep comes
 * first: the one seat's own fight needs least.
 */
static int
ai_finisher(const struct game *g, int seat, int m, int need, int keep)
{
	int	i, w, k, best = 0, bw = 0, bk = 0;

	for (i = 0; i < g->nhand[seat]; i++) {
		w = cos_worth(g, g->hand[seat][i], m);
		k = keep >= 0 ? cos_worth(g, g->hand[seat][i], keep) : 0;
		if (w >= need && (best == 0 || k < bk || (k == bk &&
		    w < bw))) {
			best = i + 1;
			bw = w;
			bk = k;
		}
	}
	return best;
}

/* The hand item (from 1) of seat worth most against monster m, or 0. */
static int
ai_strongest(const struct game *g, int seat, int m)
{
	int	i, w, best = 0, bw = 0;

	for (i = 0; i < g->nhand[seat]; i++) {
		w = cos_worth(g, g->hand[seat][i], m);
		if (best == 0 || w > bw) {
			best = i + 1;
			bw = w;
		}
	}
	return best;
}

/* seat's turn: play, ask, retreat or pass. */
static void
ai_turn(const struct game *g, int s, struct game_move *mv)
{
	int	t = cos_target(g, s), m = cos_target_monster(g, t), i;

	if (g->nhand[s] == 0) {
		ai_set(mv, g->nideck > 0 ? COS_A_RETREAT : COS_A_PASS, -1);
		return;
	}
	if ((i = ai_finisher(g, s, m, cos_need(g, t), -1)) > 0) {
		ai_set(mv, COS_A_PLAY, i);
		return;
	}
	i = ai_strongest(g, s, m);
	ai_set(mv, t == s && cos_aiders(g, s) != 0 ? COS_A_ASK : COS_A_PLAY, i);
}

/* seat's answer to the open request for aid. */
static void
ai_answer(const struct game *g, int s, struct game_move *mv)
{
	int	k = g->turn, m = g->monster[k], need = cos_need(g, k), i, own;

	if (need <= 0 || g->nhand[s] == 0) {
		ai_set(mv, COS_A_DECLINE, -1);
		return;
	}
	if (!cos_has_turn(g, s)) {
		/* Nothing of its own to fight: any help counts. */
		i = ai_finisher(g, s, m, need, -1);
		ai_set(mv, COS_A_AID, i > 0 ? i : ai_strongest(g, s, m));
		return;
	}
	/* It keeps what its own monster needs most (README: silly moves). */
	own = cos_target(g, s);
	i = ai_finisher(g, s, m, need, cos_target_monster(g, own));
	if (i > 0 && ai_finisher(g, s, cos_target_monster(g, own),
	    cos_need(g, own), -1) == 0) {
		ai_set(mv, COS_A_AID, i);
		return;
	}
	ai_set(mv, COS_A_DECLINE, -1);
}

/*
 * Chooses a move for seat from what it may see.  r is unused: the
 * baseline is deterministic.  Returns 0, or -1 when seat is not asked.
 */
int
cos_ai(const struct game *g, int seat, struct rng *r, struct game_move *mv)
{
	(void)r;
	if (g->state != GAME_RUNNING || seat < 0 || seat >= g->nplayers ||
	    g->turn < 0)
		return -1;
	if (g->asked != 0) {
		if (!(g->asked & BIT(seat)))
			return -1;
		ai_answer(g, seat, mv);
		return 0;
	}
	if (seat != g->turn)
		return -1;
	ai_turn(g, seat, mv);
	return 0;
}
