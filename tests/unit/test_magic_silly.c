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
 * checks that the AI's choice does not change when the other seats' hands
 * (while trading; but the cards their open offers give), the deck and the
 * face-down recipes are dealt again (m_redeal).
 */
#include "tests/unit/magic-test.h"
#include "tests/unit/silly.h"

/* The value of the best lay of hand, 0 when it lays nothing. */
static int
best(const struct game *g, const int *hand)
{
	struct magic_lay	l;

	return magic_lay_best(g, hand, &l) == 0 ? l.value : 0;
}

/* The checker: rules 1-2 of the README. */
static const char *
silly(const struct game *g, int seat, const struct game_move *m)
{
	const struct magic_offer	*o;
	int				 hand[MAGIC_NALL];
	int				 give, ng, want, nw;

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
		return NULL;
	}
	memcpy(hand, g->hand[seat], sizeof hand);
	hand[give] -= ng;
	hand[want] += nw;
	return best(g, hand) < best(g, g->hand[seat]) ? "trades its best lay "
	    "lower" : NULL;
}

int
main(void)
{
	static const struct silly	spec = { .ops = &magic_ops,
	    .silly = silly, .redeal = m_redeal };

	return silly_main(&spec);
}
