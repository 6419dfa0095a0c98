/*
 * determinize.c: CHEERS dealt again as one seat may imagine it, for the
 * hard level's search (game_ops.determinize): the other hands and the
 * deck, every recipe the seat has not seen, and in Masquerade the teams of
 * the other seats.  The discard pile, the shakers, the counts and whose
 * turn it is are public and stay.
 */
#include <string.h>

#include "game/cheers/cheers-int.h"

/* Whether seat has seen team's recipe: its own, unless an apprentice. */
static int
det_knows(const struct game *g, int seat, int team)
{
	return team == g->team_of[seat] && (g->mode != CHEERS_MASTER ||
	    g->team_seat[team][0] == seat);
}

/*
 * A recipe of the same shape (its counts, largest first) over kinds
 * drawn at random: the shape alone is kept, so the deal does not depend
 * on which kinds the real one has.
 */
static void
det_recipe(int *recipe, struct rng *r)
{
	int	shape[CHEERS_NKINDS], kind[CHEERS_NKINDS], k, j, v;

	memcpy(shape, recipe, sizeof shape);
	for (k = 1; k < CHEERS_NKINDS; k++)
		for (j = k; j > 0 && shape[j] > shape[j - 1]; j--) {
			v = shape[j];
			shape[j] = shape[j - 1];
			shape[j - 1] = v;
		}
	for (k = 0; k < CHEERS_NKINDS; k++)
		kind[k] = k;
	rng_shuffle(r, kind, CHEERS_NKINDS);
	for (k = 0; k < CHEERS_NKINDS; k++)
		recipe[kind[k]] = shape[k];
}

/*
 * Masquerade: the team tokens of every seat but seat dealt again (seat
 * knows only its own), each team's members listed in seat order.
 */
static void
det_teams(struct game *g, int seat, struct rng *r)
{
	int	token[CHEERS_MAX_PLAYERS], *v = token, n = 0, s, t;

	for (s = 0; s < g->nplayers; s++)
		if (s != seat)
			token[n++] = g->team_of[s];
	game_deal_pile(r, v, n);
	memset(g->team_size, 0, sizeof g->team_size);
	for (s = 0, n = 0; s < g->nplayers; s++) {
		t = s == seat ? g->team_of[s] : token[n++];
		g->team_of[s] = t;
		g->team_seat[t][g->team_size[t]++] = s;
	}
}

/* See game.h (determinize): g is the caller's copy. */
void
cheers_determinize(struct game *g, int seat, struct rng *r)
{
	int	t;

	game_deal_others(r, 1u << seat, g->nplayers, g->hand[0],
	    CHEERS_HAND_MAX, g->nhand, g->deck, g->ndeck);
	if (g->mode == CHEERS_MASQUERADE)
		det_teams(g, seat, r);
	for (t = 0; t < g->nteams; t++)
		if (!det_knows(g, seat, t))
			det_recipe(g->recipe[t], r);
	rng_init(&g->rng, rng_next(r), 11);
	g->prompt_len = 0;
}

/* See game.h (copy_into): CHEERS is one flat block. */
void
cheers_copy_into(struct game *dst, const struct game *src)
{
	memcpy(dst, src, sizeof *dst);
}
