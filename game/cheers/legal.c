/*
 * legal.c: the legal-move lists of CHEERS.  A random or searching player
 * asks for one before every move, so the rows that depend only on the
 * seats and the place (an ordinary turn's plays and moves, an overflow's
 * discards) are written once per process, and a list copies the prefixes
 * a position needs.  The order of a list is part of the interface:
 * callers pick moves by their index in it.
 */
#include <string.h>
#include <threads.h>

#include "game/cheers/cheers-int.h"

#define BIT(s)	(1u << (s))

/* The rows of one turn block: every play of a full hand, every move. */
#define LEGAL_PLAYS	(CHEERS_HAND_MAX * CHEERS_MAX_SHAKERS)
#define LEGAL_MOVES	(CHEERS_SHAKER_ROOM * (CHEERS_MAX_SHAKERS - 1))
/* The hand sizes a turn starts with, which have a block of their own. */
#define LEGAL_HAND_LOW	(CHEERS_HAND_MAX - 1)

/*
 * The rows of one table layout: nplayers seats, and a place after them or
 * not.  Per seat and hand of h cards (3 or 4, the hand sizes a turn starts
 * with, as turn[seat][h - 3]): "play i t" for each hand card i up to h and
 * each shaker t, then "move i t" for each card i of the seat's shaker and
 * each other shaker t, so that a turn copies one prefix of its block.  Each
 * list is in the order legal_moves gives.
 */
struct legal_rows {
	struct game_move	turn[CHEERS_MAX_PLAYERS][2]
				    [LEGAL_PLAYS + LEGAL_MOVES];
	/* "give t1 t2" for every two shakers, the short form without a card. */
	struct game_move	give[CHEERS_MAX_SHAKERS][CHEERS_MAX_SHAKERS];
};

/*
 * The rows of every layout by player count and place (0 or 1), "throw",
 * and "discard i" for each card i of a shaker: the same for every game, so
 * written once per process (like the card data of cards.c) and only read
 * after.
 */
static struct {
	struct legal_rows	layout[CHEERS_MAX_PLAYERS + 1][2];
	struct game_move	throw;
	struct game_move	discard[CHEERS_SHAKER_ROOM];
} legal_cache;
static once_flag legal_once = ONCE_FLAG_INIT;

/* Writes a row of action with the first three args; the rest are -1. */
static void
legal_row(struct game_move *m, int action, int a0, int a1, int a2)
{
	int	i;

	m->action = action;
	m->args[0] = a0;
	m->args[1] = a1;
	m->args[2] = a2;
	for (i = 3; i < GAME_MAX_ARGS; i++)
		m->args[i] = -1;
}

/* The target number of shaker t at a table of nplayers seats. */
static int
legal_target(int nplayers, int t)
{
	return t < nplayers ? t : GAME_PLACE_BASE;
}

/*
 * Writes the block of seat with a hand of h cards at a table of nplayers
 * seats and nshakers shakers into b.
 */
static void
legal_turn_fill(struct game_move *b, int nplayers, int nshakers, int seat,
    int h)
{
	int	i, t, n = 0;

	for (i = 1; i <= h; i++)
		for (t = 0; t < nshakers; t++)
			legal_row(&b[n++], CHEERS_A_PLAY, i,
			    legal_target(nplayers, t), -1);
	for (i = 1; i <= CHEERS_SHAKER_ROOM; i++)
		for (t = 0; t < nshakers; t++)
			if (t != seat)
				legal_row(&b[n++], CHEERS_A_MOVE, i,
				    legal_target(nplayers, t), -1);
}

/* Writes the rows of the layout of nplayers seats and nshakers shakers. */
static void
legal_rows_fill(struct legal_rows *r, int nplayers, int nshakers)
{
	int	seat, h, i, t;

	for (i = 0; i < nshakers; i++)
		for (t = 0; t < nshakers; t++)
			legal_row(&r->give[i][t], CHEERS_A_GIVE,
			    legal_target(nplayers, i),
			    legal_target(nplayers, t), -1);
	for (seat = 0; seat < nplayers; seat++)
		for (h = LEGAL_HAND_LOW; h <= CHEERS_HAND_MAX; h++)
			legal_turn_fill(r->turn[seat][h - LEGAL_HAND_LOW],
			    nplayers, nshakers, seat, h);
}

/* Fills legal_cache; run once by call_once. */
static void
legal_cache_fill(void)
{
	int	n, place, i;

	for (n = 2; n <= CHEERS_MAX_PLAYERS; n++)
		for (place = 0; place <= 1; place++)
			legal_rows_fill(&legal_cache.layout[n][place], n,
			    n + place);
	legal_row(&legal_cache.throw, CHEERS_A_THROW, -1, -1, -1);
	for (i = 1; i <= CHEERS_SHAKER_ROOM; i++)
		legal_row(&legal_cache.discard[i - 1], CHEERS_A_DISCARD, i,
		    -1, -1);
}

/*
 * Makes the rows legal_moves copies, once per process.  Every game is laid
 * out by cheers_setup_teams, new or loaded, which calls this first.
 */
void
cheers_legal_init(void)
{
	call_once(&legal_once, legal_cache_fill);
}

/* The rows of g's layout. */
static const struct legal_rows *
legal_rows_of(const struct game *g)
{
	return &legal_cache.layout[g->nplayers][g->nshakers - g->nplayers];
}

/*
 * Copies k rows to out from position *n on, as many as fit below max, and
 * counts them in *n (which stays at most max).
 */
static void
legal_copy(struct game_move *out, size_t max, int *n,
    const struct game_move *rows, int k)
{
	size_t	room = max - (size_t)*n;

	if ((size_t)k > room)
		k = (int)room;
	if (k == 0)
		return;
	memcpy(out + *n, rows, (size_t)k * sizeof *rows);
	*n += k;
}

/*
 * The moves of an ordinary turn: play a hand card to any shaker, move a
 * card of one's shaker to another, or throw.  With a hand of 3 or 4 cards
 * (as every turn starts) the plays and moves are one prefix of the seat's
 * block, one copy; with fewer, the plays of the first nhand cards and the
 * moves of the first nshaker cards are copied apart from the block of 4.
 */
static int
legal_turn(const struct game *g, int seat, struct game_move *out,
    size_t max)
{
	const struct game_move	*b;
	int			 h = g->nhand[seat], n = 0;
	int			 moves = g->nshaker[seat] * (g->nshakers - 1);

	if (h >= LEGAL_HAND_LOW) {
		b = legal_rows_of(g)->turn[seat][h - LEGAL_HAND_LOW];
		legal_copy(out, max, &n, b, h * g->nshakers + moves);
	} else {
		b = legal_rows_of(g)->turn[seat][CHEERS_HAND_MAX -
		    LEGAL_HAND_LOW];
		legal_copy(out, max, &n, b, h * g->nshakers);
		legal_copy(out, max, &n, b + CHEERS_HAND_MAX * g->nshakers,
		    moves);
	}
	if ((size_t)n < max)
		out[n++] = legal_cache.throw;
	return n;
}

/*
 * The shakers that may take a CHEERSed card for team without another one
 * going to an opponent: every shaker in Masquerade, else the opponents'.
 */
static unsigned
legal_open(const struct game *g, int team)
{
	unsigned	open = 0;
	int		t;

	if (g->mode == CHEERS_MASQUERADE)
		return BIT(g->nshakers) - 1;
	for (t = 0; t < g->nshakers; t++)
		if (cheers_is_opponent_shaker(g, team, t))
			open |= BIT(t);
	return open;
}

/*
 * Writes the answers to a CHEERS in p into to, which has room for all of
 * them: the played and the matching card go to two different other
 * shakers, at least one an opponent's (any in Masquerade), for each pair
 * in shaker order; with several matching cards (card[0..nm-1], their
 * numbers), one answer per card, else the short form without a card.
 * Each row is copied whole from the layout's rows, never from a row just
 * written: a wide read of a narrow store still on its way stalls.
 */
static int
legal_give_write(const struct game *g, int seat,
    const struct cheers_pending *p, const int *card, int nm,
    struct game_move *to)
{
	const struct legal_rows	*r = legal_rows_of(g);
	const struct game_move	*row;
	unsigned		 others, open, t2;
	int			 t1, j, n = 0;

	others = (BIT(g->nshakers) - 1) & ~BIT(p->shaker);
	open = legal_open(g, g->team_of[seat]);
	for (t1 = 0; t1 < g->nshakers; t1++) {
		if (!(others & BIT(t1)))
			continue;
		/* Unless the first shaker is open, the second must be. */
		t2 = others & ~BIT(t1) & (open & BIT(t1) ? ~0u : open);
		for (; t2 != 0; t2 &= t2 - 1) {
			row = &r->give[t1][__builtin_ctz(t2)];
			/* Usually one card matches: one row, the short form. */
			j = 0;
			do {
				to[n] = *row;
				if (nm > 1)
					to[n].args[2] = card[j];
				n++;
			} while (++j < nm);
		}
	}
	return n;
}

/*
 * The answers to a CHEERS when out (max rows) may be too short for all of
 * them: written whole apart and cut.  Apart from legal_give, so that its
 * room for every row is not set up on each call.
 */
static __attribute__((noinline)) int
legal_give_cut(const struct game *g, int seat, const struct cheers_pending *p,
    const int *card, int nm, struct game_move *out, size_t max)
{
	struct game_move	all[CHEERS_MAX_LEGAL];
	int			n, cut = 0;

	n = legal_give_write(g, seat, p, card, nm, all);
	legal_copy(out, max, &cut, all, n);
	return cut;
}

/*
 * The answers to a CHEERS in p (see legal_give_write), into out (up to
 * max rows).
 */
static int
legal_give(const struct game *g, int seat, const struct cheers_pending *p,
    struct game_move *out, size_t max)
{
	int	idx[CHEERS_SHAKER_ROOM], card[CHEERS_SHAKER_ROOM], nm, j;

	/* Counted first: where the matching cards are only with several. */
	if ((nm = cheers_matches_count(g, p->shaker, p->card)) == 0)
		return 0;
	if (nm > 1)
		nm = cheers_matches(g, p->shaker, p->card, idx,
		    CHEERS_SHAKER_ROOM);
	for (j = 0; nm > 1 && j < nm; j++)
		card[j] = idx[j] + 1;
	if ((size_t)(nm * (g->nshakers - 1) * (g->nshakers - 2)) <= max)
		return legal_give_write(g, seat, p, card, nm, out);
	return legal_give_cut(g, seat, p, card, nm, out, max);
}

/*
 * Fills out (up to max) with every legal move of seat; returns how many
 * were written.  A CHEERS with one matching card lists the short form.
 */
int
cheers_legal(const struct game *g, int seat, struct game_move *out, size_t max)
{
	const struct cheers_pending	*p;
	int				 n = 0;

	if (g->state != GAME_RUNNING || seat < 0 || seat >= g->nplayers)
		return 0;
	if (g->nqueue == 0)
		return seat == g->active ? legal_turn(g, seat, out, max) : 0;
	p = &g->queue[0];
	if (!(cheers_prompt_seats(g, p) & BIT(seat)))
		return 0;
	if (p->kind == CHEERS_P_OVERFLOW) {
		legal_copy(out, max, &n, legal_cache.discard,
		    g->nshaker[p->shaker]);
		return n;
	}
	return legal_give(g, seat, p, out, max);
}
