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

/* The most answers of one card to a CHEERS: two of the other shakers. */
#define LEGAL_GIVES	((CHEERS_MAX_SHAKERS - 1) * (CHEERS_MAX_SHAKERS - 2))
/* Rows for every team layout's answers; each layout needs at most 480. */
#define LEGAL_GIVE_POOL	2560

/*
 * The answers to a CHEERS with one matching card (the short form) at a
 * table of one team layout, for the seats of one team (or any seat in
 * Masquerade, where every shaker is open): one list per CHEERSed shaker,
 * at[s] rows into the pool, n[s] of them (-1: not written, the pool was
 * full).  They hold while the table's shakers are the layout's and open
 * is the mask of shakers legal_open gives the answering seat.
 */
struct legal_gives {
	int		nplayers, nshakers;
	unsigned	open;
	int		at[CHEERS_MAX_SHAKERS], n[CHEERS_MAX_SHAKERS];
};

/*
 * The rows of every layout by player count and place (0 or 1), "throw",
 * "discard i" for each card i of a shaker, and the short answers of each
 * team layout (by its index and the team, or CHEERS_MAX_TEAMS for
 * Masquerade): the same for every game, so written once per process (like
 * the card data of cards.c) and only read after.
 */
static struct {
	struct legal_rows	layout[CHEERS_MAX_PLAYERS + 1][2];
	struct game_move	throw;
	struct game_move	discard[CHEERS_SHAKER_ROOM];
	struct legal_gives	gives[CHEERS_NLAYOUTS][CHEERS_MAX_TEAMS + 1];
	struct game_move	give_pool[LEGAL_GIVE_POOL];
	int			give_used;
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

/* The rows of g's layout. */
static const struct legal_rows *
legal_rows_of(const struct game *g)
{
	return &legal_cache.layout[g->nplayers][g->nshakers - g->nplayers];
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
 * Writes the answers to a CHEERS of shaker into to, which has room for all
 * of them, from r, the rows of a table of nshakers shakers where open (see
 * legal_open) is the answering seat's: the played and the matching card go
 * to two different other shakers, at least one of them open, for each pair
 * in shaker order; with several matching cards (card[0..nm-1], their
 * numbers), one answer per card, else the short form without a card.
 * Each row is copied whole from the layout's rows, never from a row just
 * written: a wide read of a narrow store still on its way stalls.
 */
static int
legal_give_write(const struct legal_rows *r, int nshakers, int shaker,
    unsigned open, const int *card, int nm, struct game_move *to)
{
	const struct game_move	*row;
	unsigned		 others, t2;
	int			 t1, j, n = 0;

	others = (BIT(nshakers) - 1) & ~BIT(shaker);
	for (t1 = 0; t1 < nshakers; t1++) {
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
 * Writes the short answers of laid-out table c for the seats whose shakers
 * open are into v, each CHEERSed shaker's list into the pool while it has
 * room.
 */
static void
legal_gives_fill(struct legal_gives *v, const struct game *c, unsigned open)
{
	const struct legal_rows	*r = legal_rows_of(c);
	int			 s;

	v->nplayers = c->nplayers;
	v->nshakers = c->nshakers;
	v->open = open;
	for (s = 0; s < CHEERS_MAX_SHAKERS; s++) {
		v->n[s] = -1;
		if (s >= c->nshakers ||
		    legal_cache.give_used + LEGAL_GIVES > LEGAL_GIVE_POOL)
			continue;
		v->at[s] = legal_cache.give_used;
		v->n[s] = legal_give_write(r, c->nshakers, s, open, NULL, 1,
		    &legal_cache.give_pool[v->at[s]]);
		legal_cache.give_used += v->n[s];
	}
}

/* Fills legal_cache; run once by call_once. */
static void
legal_cache_fill(void)
{
	const struct game	*c;
	struct legal_gives	*v;
	int			 n, place, i, team;

	for (n = 2; n <= CHEERS_MAX_PLAYERS; n++)
		for (place = 0; place <= 1; place++)
			legal_rows_fill(&legal_cache.layout[n][place], n,
			    n + place);
	legal_row(&legal_cache.throw, CHEERS_A_THROW, -1, -1, -1);
	for (i = 1; i <= CHEERS_SHAKER_ROOM; i++)
		legal_row(&legal_cache.discard[i - 1], CHEERS_A_DISCARD, i,
		    -1, -1);
	for (i = 0; i < CHEERS_NLAYOUTS; i++) {
		v = legal_cache.gives[i];
		for (team = 0; team <= CHEERS_MAX_TEAMS; team++)
			v[team].nplayers = -1;
		if ((c = cheers_layout_laid(i)) == NULL)
			continue;
		for (team = 0; team < c->nteams; team++)
			legal_gives_fill(&v[team], c, legal_open(c, team));
		legal_gives_fill(&v[CHEERS_MAX_TEAMS], c,
		    BIT(c->nshakers) - 1);
	}
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
 * The answers to a CHEERS when out (max rows) may be too short for all of
 * them: written whole apart and cut.  Apart from legal_give, so that its
 * room for every row is not set up on each call.
 */
static __attribute__((noinline)) int
legal_give_cut(const struct legal_rows *r, int nshakers, int shaker,
    unsigned open, const int *card, int nm, struct game_move *out,
    size_t max)
{
	struct game_move	all[CHEERS_MAX_LEGAL];
	int			n, cut = 0;

	n = legal_give_write(r, nshakers, shaker, open, card, nm, all);
	legal_copy(out, max, &cut, all, n);
	return cut;
}

/*
 * The short answers of g's team layout for a seat whose shakers open are,
 * to a CHEERS of shaker, written once per process: NULL where g's table
 * is not its layout's (as a test may set one up) or they were not written.
 * *n is how many.
 */
static const struct game_move *
legal_gives_of(const struct game *g, int team, unsigned open, int shaker,
    int *n)
{
	const struct legal_gives	*v;

	if (g->layout < 0 || g->layout >= CHEERS_NLAYOUTS)
		return NULL;
	v = &legal_cache.gives[g->layout][g->mode == CHEERS_MASQUERADE ?
	    CHEERS_MAX_TEAMS : team];
	if (v->nplayers != g->nplayers || v->nshakers != g->nshakers ||
	    v->open != open || v->n[shaker] < 0)
		return NULL;
	*n = v->n[shaker];
	return &legal_cache.give_pool[v->at[shaker]];
}

/*
 * The answers to a CHEERS in p (see legal_give_write), into out (up to
 * max rows).  With one matching card, as usual, the short answers are
 * one copy of the list written once per process.
 */
static int
legal_give(const struct game *g, int seat, const struct cheers_pending *p,
    struct game_move *out, size_t max)
{
	const struct game_move	*rows;
	unsigned		 open;
	int			 idx[CHEERS_SHAKER_ROOM], card[CHEERS_SHAKER_ROOM];
	int			 team = g->team_of[seat], nm, i, j, k, n = 0;

	/* Counted first: where the matching cards are only with several. */
	if ((nm = cheers_matches_count(g, p->shaker, p->card)) == 0)
		return 0;
	open = legal_open(g, team);
	rows = legal_gives_of(g, team, open, p->shaker, &k);
	if (nm == 1 && rows != NULL) {
		legal_copy(out, max, &n, rows, k);
		return n;
	}
	if (nm > 1)
		nm = cheers_matches(g, p->shaker, p->card, idx,
		    CHEERS_SHAKER_ROOM);
	for (j = 0; nm > 1 && j < nm; j++)
		card[j] = idx[j] + 1;
	/* Several cards: each short answer once per card, from the list. */
	if (nm > 1 && rows != NULL && (size_t)(k * nm) <= max) {
		for (i = 0; i < k; i++)
			for (j = 0; j < nm; j++) {
				out[n] = rows[i];
				out[n++].args[2] = card[j];
			}
		return n;
	}
	if ((size_t)(nm * (g->nshakers - 1) * (g->nshakers - 2)) <= max)
		return legal_give_write(legal_rows_of(g), g->nshakers,
		    p->shaker, open, card, nm, out);
	return legal_give_cut(legal_rows_of(g), g->nshakers, p->shaker, open,
	    card, nm, out, max);
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
