/*
 * test_cosdrink_silly.c: no silly Cosdrink moves by the default AI, by
 * the rules of game/cosdrink/README.md ("Silly moves"), over seeded games
 * of 2 to 8 players, the AI in every seat (500 games unless SILLY_GAMES
 * says; see silly.h).  A move is silly when, from the seat's own items and
 * the public table:
 *   1. on its turn, an item in hand destroys its monster alone, and the
 *      move plays none that does;
 *   2. it aids a monster that needs nothing more;
 *   3. it aids with an item its own monster needs, while it still fights
 *      that monster this round: an item that would destroy it and does
 *      not destroy the asker's, or one worth more against it than
 *      another item that would destroy the asker's too.
 * Also checks that the AI's choice does not change when the other seats'
 * items and the order of both decks are dealt again.
 */
#include "tests/unit/cosdrink-test.h"
#include "tests/unit/silly.h"

/* Game i: 2-8 players. */
static struct game *
start(unsigned i)
{
	return c_new(2 + (int)(i % 7), NULL, i);
}

/* What target's monster still needs, in halves. */
static int
need(const struct game *g, int target)
{
	int	m = cos_target_monster(g, target);

	return 2 * g->mon[m].value - cos_pile_sum(g, target == COS_KING ?
	    &g->kpile : &g->pile[target], m);
}

/* Whether seat's hand item it (from 1) destroys target's monster alone. */
static int
destroys(const struct game *g, int seat, int it, int target)
{
	return cos_worth(g, g->hand[seat][it - 1],
	    cos_target_monster(g, target)) >= need(g, target);
}

/* The checker: rules 1-3 of the README. */
static int
silly(const struct game *g, int seat, const struct game_move *m, char *why,
    size_t len)
{
	int	t, i, own, mine, any = 0;

	if (m->action == COS_A_AID) {
		t = g->turn;
		if (need(g, t) <= 0) {
			snprintf(why, len, "aids @{%d}, whose monster needs "
			    "nothing more", t);
			return 1;
		}
		own = cos_target(g, seat);
		if (!cos_has_turn(g, seat) || need(g, own) <= 0)
			return 0;
		mine = cos_worth(g, g->hand[seat][m->args[0] - 1],
		    cos_target_monster(g, own));
		for (i = 1; i <= g->nhand[seat]; i++)
			if (i != m->args[0] && destroys(g, seat, i, t) &&
			    cos_worth(g, g->hand[seat][i - 1],
			    cos_target_monster(g, own)) < mine)
				any = 1;
		if (any || (destroys(g, seat, m->args[0], own) &&
		    !destroys(g, seat, m->args[0], t))) {
			snprintf(why, len, "aids @{%d} with item %d, which "
			    "its own monster needs", t, m->args[0]);
			return 1;
		}
		return 0;
	}
	if (seat != g->turn || g->asked != 0)
		return 0;
	t = cos_target(g, seat);
	for (i = 1; i <= g->nhand[seat]; i++)
		if (destroys(g, seat, i, t))
			any = 1;
	if (!any)
		return 0;
	if ((m->action == COS_A_PLAY || m->action == COS_A_ASK) &&
	    destroys(g, seat, m->args[0], t))
		return 0;
	snprintf(why, len, "action %d while an item destroys its monster",
	    m->action);
	return 1;
}

/*
 * A copy of g with the other seats' items and the item deck dealt again,
 * and the monster deck shuffled.
 */
static struct game *
redeal(const struct game *g, int seat, struct rng *r)
{
	struct game	*h = cosdrink_ops.copy_game(g);
	int		 pool[COS_ITEMS_MAX], count[COS_MAX_PLAYERS + 1];
	int		*zone[COS_MAX_PLAYERS + 1];
	int		 s, i, n = 0, nz = 0;

	for (s = 0; s < g->nplayers; s++) {
		if (s == seat)
			continue;
		for (i = 0; i < g->nhand[s]; i++)
			pool[n++] = g->hand[s][i];
		zone[nz] = h->hand[s];
		count[nz++] = g->nhand[s];
	}
	for (i = 0; i < g->nideck; i++)
		pool[n++] = g->ideck[i];
	zone[nz] = h->ideck;
	count[nz++] = g->nideck;
	silly_deal(r, pool, n, zone, count, nz);
	rng_shuffle(r, h->mdeck, h->nmdeck);
	rng_init(&h->rng, rng_next(r), 5);
	return h;
}

int
main(void)
{
	static const struct silly	spec = {
		.name = "cosdrink", .ops = &cosdrink_ops, .games = 500,
		.max_moves = 5000, .sample_hidden = 7,
		.start = start, .silly = silly, .redeal = redeal,
	};

	return silly_main(&spec);
}
