/*
 * test_magic_silly.c: no silly Magic Cocktail moves by the default AI, by
 * the rules of game/magic/README.md ("Silly moves"), over seeded games of
 * 4 to 7 players, the AI in every seat (500 games unless SILLY_GAMES
 * says; see silly.h).  A seat's round score here is its best lay now
 * (magic_lay_best; 0 when it cannot lay).  A move is silly when:
 *   1. it accepts an offer after which its best lay is lower;
 *   2. it offers or counters a trade that, once taken, leaves its best
 *      lay lower.
 * (Not trading is always a neutral choice while trading lasts.)  Also
 * checks that the AI's choice does not change when the other seats' hands,
 * the deck and the face-down recipes are dealt again.
 */
#include "tests/unit/magic-test.h"
#include "tests/unit/silly.h"

/* Game i: 4-7 players. */
static struct game *
start(unsigned i)
{
	return m_new(4 + (int)(i % 4), NULL, i);
}

/* The value of the best lay of hand, 0 when it lays nothing. */
static int
best(const struct game *g, const int *hand)
{
	struct magic_lay	l;

	return magic_lay_best(g, hand, &l) == 0 ? l.value : 0;
}

/* The checker: rules 1-2 of the README. */
static int
silly(const struct game *g, int seat, const struct game_move *m, char *why,
    size_t len)
{
	const struct magic_offer	*o;
	int				 hand[MAGIC_NALL], give, ng, want, nw;

	switch (m->action) {
	case MAGIC_A_ACCEPT:
		for (o = g->offer; o < g->offer + g->noffers &&
		    o->id != m->args[0]; o++)
			;
		if (o == g->offer + g->noffers)
			fail_msg("magic: the AI accepts no open offer");
		give = o->want, ng = o->nwant, want = o->give, nw = o->ngive;
		break;
	case MAGIC_A_OFFER:
		give = m->args[1], ng = m->args[0];
		want = m->args[3], nw = m->args[2];
		break;
	case MAGIC_A_COUNTER:
		give = m->args[2], ng = m->args[1];
		want = m->args[4], nw = m->args[3];
		break;
	default:
		return 0;
	}
	memcpy(hand, g->hand[seat], sizeof hand);
	hand[give] -= ng;
	hand[want] += nw;
	if (best(g, hand) >= best(g, g->hand[seat]))
		return 0;
	snprintf(why, len, "action %d gives %d of kind %d for %d of kind %d: "
	    "best lay %d, not %d", m->action, ng, give, nw, want,
	    best(g, hand), best(g, g->hand[seat]));
	return 1;
}

/*
 * A copy of g with the other seats' cards and the deck dealt again (each
 * hand keeps its size) and the face-down recipes shuffled.
 */
static struct game *
redeal(const struct game *g, int seat, struct rng *r)
{
	struct game	*h = magic_ops.copy_game(g);
	int		 pool[MAGIC_NCARDS_MAX];
	int		 cards[MAGIC_MAX_PLAYERS][MAGIC_NCARDS_MAX];
	int		 count[MAGIC_MAX_PLAYERS + 1];
	int		*zone[MAGIC_MAX_PLAYERS + 1];
	int		 s, k, i, n = 0, nz = 0;

	for (s = 0; s < g->nplayers; s++) {
		if (s == seat)
			continue;
		count[nz] = 0;
		for (k = 0; k < MAGIC_NALL; k++)
			for (i = 0; i < g->hand[s][k]; i++, count[nz]++)
				pool[n++] = k;
		zone[nz++] = cards[s];
	}
	for (i = 0; i < g->ndeck; i++)
		pool[n++] = g->deck[i];
	zone[nz] = h->deck;
	count[nz++] = g->ndeck;
	silly_deal(r, pool, n, zone, count, nz);
	for (s = 0, nz = 0; s < g->nplayers; s++) {
		if (s == seat)
			continue;
		memset(h->hand[s], 0, sizeof h->hand[s]);
		for (i = 0; i < count[nz]; i++)
			h->hand[s][cards[s][i]]++;
		nz++;
	}
	rng_shuffle(r, h->pile, h->npile);
	rng_init(&h->rng, rng_next(r), 5);
	return h;
}

int
main(void)
{
	static const struct silly	spec = {
		.name = "magic", .ops = &magic_ops, .games = 500,
		.max_moves = 20000, .sample_hidden = 7,
		.start = start, .silly = silly, .redeal = redeal,
	};

	return silly_main(&spec);
}
