/*
 * rules.c: the game as the bot drives it.  Everyone acts at once: while
 * trading, one prompt names every player without a stone; while laying
 * out, one prompt names everyone who has not laid.  The prompt's text
 * stays the same through a phase, so a player's timer runs from when the
 * phase began, whatever the others do.  apply() saves the state and puts
 * it back when a move is refused; legal_moves() lists a bounded,
 * representative set (every acceptance, withdrawal, stone and lay, and
 * small offers and counters), enough for buttons and for tests.
 */
#include <stdlib.h>
#include <string.h>

#include "game/magic/magic-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))
#define ABIT(a)	(1u << (a))

#define RULES_TRADE_ACTS	(ABIT(MAGIC_A_OFFER) | ABIT(MAGIC_A_COUNTER) | \
				 ABIT(MAGIC_A_ACCEPT) | ABIT(MAGIC_A_WITHDRAW) | \
				 ABIT(MAGIC_A_STONE))

static const char rules_trade_text[] = "Trading: offer, counter, accept or "
    "withdraw, and place your magic stone (stone) when you are done.";
static const char rules_lay_text[] = "Scoring: lay out one or two kinds, "
    "or lay for your best.";

/* The seats asked now. */
unsigned
magic_asked(const struct game *g)
{
	unsigned	m = 0;
	int		s;

	if (g->state != GAME_RUNNING)
		return 0;
	for (s = 0; s < g->nplayers; s++) {
		if (g->phase == MAGIC_PH_TRADE && !g->stone[s])
			m |= BIT(s);
		if (g->phase == MAGIC_PH_LAY && !g->lay[s].done)
			m |= BIT(s);
	}
	return m;
}

/* Fills at most max prompts (0 or 1 of them); returns how many. */
int
magic_pending_list(const struct game *g, struct game_prompt *p, size_t max)
{
	if (g->state != GAME_RUNNING || max == 0)
		return 0;
	memset(p, 0, sizeof *p);
	p->seats = magic_asked(g);
	p->turn = 0;
	p->each = 1;
	if (g->phase == MAGIC_PH_TRADE) {
		p->actions = RULES_TRADE_ACTS;
		memcpy(p->text, rules_trade_text, sizeof rules_trade_text);
	} else {
		p->actions = ABIT(MAGIC_A_LAY);
		memcpy(p->text, rules_lay_text, sizeof rules_lay_text);
	}
	return 1;
}

/*
 * Applies seat's move; see struct game_ops.  A refused move leaves the
 * game exactly as it was, ev's count too.  g and ev are borrowed; ev may
 * be NULL.
 */
int
magic_apply(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	unsigned char		 saved[MAGIC_STATE_SIZE];
	struct game_apply_mark	 mark;
	int			 rc;

	if (game_apply_check(g->state, g->nplayers, MAGIC_A_COUNT, seat, m,
	    cause) != 0)
		return -1;
	if (g->phase == MAGIC_PH_TRADE) {
		if (m->action == MAGIC_A_LAY)
			return set_cause(cause, "Not yet: lay out when the "
			    "round's trading is over. %s", rules_trade_text);
		if (g->stone[seat])
			return set_cause(cause, "You have placed your magic "
			    "stone: you are done trading this round.");
	} else {
		if (m->action != MAGIC_A_LAY)
			return set_cause(cause, "Trading is over for this round. "
			    "%s", rules_lay_text);
	}

	ev = game_apply_begin(g, saved, sizeof saved, ev, &mark);
	if (m->action == MAGIC_A_LAY)
		rc = magic_lay(g, seat, m, ev, cause);
	else
		rc = magic_trade(g, seat, m, ev, cause);
	if (rc != 0)
		game_apply_undo(ev, &mark);
	game_apply_end(&mark);
	return rc;
}

/* Adds a move to out if there is room; returns the new count. */
static int
rules_add(struct game_move *out, int n, size_t max, int action, int a0,
    int a1, int a2, int a3, int a4)
{
	return game_moves_add(out, n, max, action, a0, a1, a2, a3, a4);
}

/* Open offers of seat's. */
static int
rules_own_offers(const struct game *g, int seat)
{
	int	i, n = 0;

	for (i = 0; i < g->noffers; i++)
		if (g->offer[i].from == seat)
			n++;
	return n;
}

/*
 * Trading moves: every acceptance and withdrawal, the stone, offers to
 * everyone of 1 or 2 cards of a kind held for 1 or 2 of another, and
 * counters that give what an offer wants for some of what it gives.
 */
static int
rules_trade_legal(const struct game *g, int s, struct game_move *out,
    size_t max)
{
	const struct magic_offer	*o;
	int				 n = 0, i, give, want, ng, nw, room;

	for (i = 0; i < g->noffers; i++) {
		o = &g->offer[i];
		if (magic_can_accept(g, s, o))
			n = rules_add(out, n, max, MAGIC_A_ACCEPT, o->id, -1, -1,
			    -1, -1);
	}
	for (i = 0; i < g->noffers; i++)
		if (g->offer[i].from == s)
			n = rules_add(out, n, max, MAGIC_A_WITHDRAW,
			    g->offer[i].id, -1, -1, -1, -1);
	n = rules_add(out, n, max, MAGIC_A_STONE, -1, -1, -1, -1, -1);
	room = rules_own_offers(g, s) < MAGIC_OFFERS_EACH &&
	    g->noffers < MAGIC_MAX_OFFERS && g->next_id <= MAGIC_OFFER_ID_MAX;
	if (!room)
		return n;
	for (i = 0; i < g->noffers; i++) {
		o = &g->offer[i];
		if (o->from == s || (o->to != -1 && o->to != s) ||
		    g->hand[s][o->want] == 0)
			continue;
		for (nw = 1; nw <= o->ngive; nw++)
			n = rules_add(out, n, max, MAGIC_A_COUNTER, o->id,
			    g->hand[s][o->want] < o->nwant ?
			    g->hand[s][o->want] : o->nwant, o->want, nw,
			    o->give);
	}
	for (ng = 1; ng <= 2; ng++)
		for (give = 0; give < MAGIC_NALL; give++) {
			if (g->hand[s][give] < ng)
				continue;
			for (nw = 1; nw <= 2; nw++)
				for (want = 0; want < MAGIC_NALL; want++)
					if (want != give)
						n = rules_add(out, n, max,
						    MAGIC_A_OFFER, ng, give, nw,
						    want, -1);
		}
	return n;
}

/*
 * Lay moves: the best (no kind), every single kind and every pair, in
 * both orders, so a button picker offers every second kind after any
 * first.
 */
static int
rules_lay_legal(const struct game *g, int s, struct game_move *out,
    size_t max)
{
	struct magic_lay	l;
	int			n = 0, k1, k2;

	n = rules_add(out, n, max, MAGIC_A_LAY, -1, -1, -1, -1, -1);
	for (k1 = 0; k1 < MAGIC_NKINDS; k1++)
		for (k2 = -1; k2 < MAGIC_NKINDS; k2++) {
			if (k2 == k1)
				continue;
			if (magic_lay_eval(g, g->hand[s], k1, k2, &l) == 0)
				n = rules_add(out, n, max, MAGIC_A_LAY, k1, k2,
				    -1, -1, -1);
		}
	return n;
}

/* Fills at most max legal moves for seat; returns how many. */
int
magic_legal(const struct game *g, int s, struct game_move *out, size_t max)
{
	if (g->state != GAME_RUNNING || s < 0 || s >= g->nplayers ||
	    !(magic_asked(g) & BIT(s)))
		return 0;
	if (g->phase == MAGIC_PH_TRADE)
		return rules_trade_legal(g, s, out, max);
	return rules_lay_legal(g, s, out, max);
}

/*
 * The move made for a seat whose time ran out: its stone while trading,
 * its best lay while laying out.  Returns 0, or -1 when it is not asked.
 */
int
magic_timeout(const struct game *g, int seat, struct game_move *m)
{
	int	i;

	if (!(magic_asked(g) & BIT(seat)))
		return -1;
	m->action = g->phase == MAGIC_PH_TRADE ? MAGIC_A_STONE : MAGIC_A_LAY;
	for (i = 0; i < GAME_MAX_ARGS; i++)
		m->args[i] = -1;
	return 0;
}
