/*
 * trade.c: the trading phase.  Everyone trades at once: an offer gives
 * some cards of one kind for some of another, to one player or to
 * everyone; a counter is an offer back to an offer's author; an accepted
 * offer swaps the cards at once, both sides checked, so nobody can cheat
 * and the rulebook's "STOP!" penalty never arises.  When a hand changes,
 * every open offer of its owner expires, so no offer is accepted stale.
 * A magic stone ends a player's trading and withdraws its offers; enough
 * stones end the round.  Why each offer of the round went is kept, so a
 * player who names it later is told.
 */
#include <stdio.h>
#include <string.h>

#include "game/magic/magic-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))

/* The open offer numbered id, or NULL. */
struct magic_offer *
magic_offer_find(struct game *g, int id)
{
	int	i;

	for (i = 0; i < g->noffers; i++)
		if (g->offer[i].id == id)
			return &g->offer[i];
	return NULL;
}

/* The open offer numbered id, or NULL (read-only). */
const struct magic_offer *
magic_offer_get(const struct game *g, int id)
{
	int	i;

	for (i = 0; i < g->noffers; i++)
		if (g->offer[i].id == id)
			return &g->offer[i];
	return NULL;
}

/* The words of enum magic_gone_why, for saves. */
const char *const magic_gone_words[MAGIC_GONE_COUNT + 1] = {
	"open", "accepted", "withdrawn", "stone", "closed", "expired", NULL
};

/* Records that offer id went, why and by whom. */
static void
trade_gone(struct game *g, int id, int why, int who)
{
	if (id < 1 || id > MAGIC_OFFER_ID_MAX)
		return;
	g->gone[id].why = (signed char)why;
	g->gone[id].who = (signed char)who;
}

/*
 * Removes seat's own open offers (when why is given: recorded so) and,
 * with to_why, those made to seat alone, keeping the rest in order.
 * Writes the ids of the own offers into ids (up to max) and returns how
 * many went in all.  why and to_why are enum magic_gone_why, 0 for none.
 */
static int
trade_drop(struct game *g, int seat, int why, int to_why, int *ids,
    size_t max, int *nown)
{
	const struct magic_offer	*o;
	int				 i, j = 0, n = 0, own = 0;

	for (i = 0; i < g->noffers; i++) {
		o = &g->offer[i];
		if (why && o->from == seat) {
			trade_gone(g, o->id, why, seat);
			if ((size_t)own < max)
				ids[own] = o->id;
			own++;
			n++;
			continue;
		}
		if (to_why && o->to == seat) {
			trade_gone(g, o->id, to_why, seat);
			n++;
			continue;
		}
		g->offer[j++] = g->offer[i];
	}
	g->noffers = j;
	if (nown != NULL)
		*nown = own;
	return n;
}

/*
 * The cause for naming offer id that is not open: who closed it and how,
 * when known.  Returns -1 (for set_cause's callers).
 */
static int
trade_gone_cause(const struct game *g, int id, char **cause)
{
	const struct magic_gone	*w;

	if (id < 1 || id >= g->next_id)
		return set_cause(cause, "There is no open offer %d.", id);
	w = &g->gone[id];
	switch (w->why) {
	case MAGIC_GONE_ACCEPTED:
		return set_cause(cause, "There is no open offer %d: @{%d} "
		    "accepted it.", id, w->who);
	case MAGIC_GONE_WITHDRAWN:
		return set_cause(cause, "There is no open offer %d: @{%d} "
		    "withdrew it.", id, w->who);
	case MAGIC_GONE_STONE:
		return set_cause(cause, "There is no open offer %d: @{%d} "
		    "withdrew it when placing their magic stone.", id, w->who);
	case MAGIC_GONE_CLOSED:
		return set_cause(cause, "There is no open offer %d: it was for "
		    "@{%d}, who has placed their magic stone.", id, w->who);
	case MAGIC_GONE_EXPIRED:
		return set_cause(cause, "There is no open offer %d: it expired "
		    "when a hand changed.", id);
	}
	return set_cause(cause, "There is no open offer %d: it was accepted, "
	    "withdrawn, or it expired when a hand changed.", id);
}

/*
 * Marks o's addressee in ev when o showed in their private view (an
 * offer to one player that they could accept) and is now gone.
 */
static void
trade_unshow(const struct game *g, const struct magic_offer *o,
    struct game_events *ev)
{
	if (o->to >= 0 && magic_can_accept(g, o->to, o))
		ev->private_changed |= BIT(o->to);
}

/*
 * Whether seat may post an offer giving ngive of give for nwant of want
 * to to (-1: everyone).  Returns 0, or -1 and *cause saying what is
 * wrong.  Used for offers and counters alike.
 */
int
magic_offer_check(const struct game *g, int seat, int to, int give,
    int ngive, int want, int nwant, char **cause)
{
	int	mine = 0, i;

	if (give < 0 || give >= MAGIC_NALL || want < 0 || want >= MAGIC_NALL)
		return set_cause(cause, "There is no such kind of ingredient: "
		    "name one of curacao, lime, mint, cherry, peach, agave, "
		    "honey, cacao, saffron, rose or joker.");
	if (ngive < 1 || ngive > MAGIC_TRADE_MAX || nwant < 1 ||
	    nwant > MAGIC_TRADE_MAX)
		return set_cause(cause, "Offer 1 to %d %s on each side.",
		    MAGIC_TRADE_MAX, game_plural(MAGIC_TRADE_MAX, "card",
		    "cards"));
	if (give == want)
		return set_cause(cause, "An offer swaps one kind for another; "
		    "both sides are %s.", g->kind[give].name);
	if (g->hand[seat][give] < ngive)
		return set_cause(cause, "You hold %d %s, not %d.",
		    g->hand[seat][give], g->kind[give].name, ngive);
	if (to == seat)
		return set_cause(cause, "You cannot trade with yourself.");
	if (to != -1 && (to < 0 || to >= g->nplayers))
		return set_cause(cause, "That player is not at this table.");
	if (to != -1 && g->stone[to])
		return set_cause(cause, "@{%d} has placed their magic stone and "
		    "trades no more this round.", to);
	for (i = 0; i < g->noffers; i++)
		if (g->offer[i].from == seat)
			mine++;
	if (mine >= MAGIC_OFFERS_EACH)
		return set_cause(cause, "You have %d open %s; withdraw one "
		    "first.", mine, game_plural(mine, "offer", "offers"));
	if (g->noffers >= MAGIC_MAX_OFFERS || g->next_id > MAGIC_OFFER_ID_MAX)
		return set_cause(cause, "The table has too many offers this "
		    "round; accept or withdraw some first.");
	return 0;
}

/* Posts a checked offer and says so. */
static void
trade_post(struct game *g, int seat, int to, int give, int ngive, int want,
    int nwant, int reply, struct game_events *ev)
{
	struct magic_offer	*o = &g->offer[g->noffers++];
	char			 text[GAME_TEXT_MAX];

	o->id = g->next_id++;
	o->from = seat;
	o->to = to;
	o->give = give;
	o->ngive = ngive;
	o->want = want;
	o->nwant = nwant;
	o->reply = reply;
	magic_offer_text(g, o, text, sizeof text);
	game_say(ev, seat, "%s", text);
	/*
	 * An offer to one player comes to them privately, with its buttons;
	 * one to everyone is on the table for all to see (a private message
	 * to everyone at every offer would drown a busy table).
	 */
	if (to >= 0)
		ev->private_changed |= BIT(to);
}

/* Whether seat may accept o now (both sides still hold the cards). */
int
magic_can_accept(const struct game *g, int seat, const struct magic_offer *o)
{
	return g->phase == MAGIC_PH_TRADE && !g->stone[seat] &&
	    o->from != seat && (o->to == -1 || o->to == seat) &&
	    g->hand[o->from][o->give] >= o->ngive &&
	    g->hand[seat][o->want] >= o->nwant;
}

static void	trade_ids(const int *, int, char *, size_t);

/*
 * Says whose offers expired with a trade: ids0[0..n0) of seat s0 (but
 * the accepted one, skip) and ids1[0..n1) of seat s1, "Expired with the
 * trade: @{1}'s offers 2 and 3; @{0}'s offer 5."  Nothing when none did.
 */
static void
trade_expired(int s0, int skip, const int *ids0, int n0, int s1,
    const int *ids1, int n1, struct game_events *ev)
{
	char	list[2][64], part[2][96];
	int	left[MAGIC_OFFERS_EACH] = { 0 }, k = 0, i, np = 0;

	for (i = 0; i < n0 && i < MAGIC_OFFERS_EACH; i++)
		if (ids0[i] != skip)
			left[k++] = ids0[i];
	if (n1 > MAGIC_OFFERS_EACH)
		n1 = MAGIC_OFFERS_EACH;
	trade_ids(left, k, list[0], sizeof list[0]);
	trade_ids(ids1, n1, list[1], sizeof list[1]);
	if (k > 0)
		snprintf(part[np++], sizeof part[0], "@{%d}'s %s %s", s0,
		    game_plural(k, "offer", "offers"), list[0]);
	if (n1 > 0)
		snprintf(part[np++], sizeof part[0], "@{%d}'s %s %s", s1,
		    game_plural(n1, "offer", "offers"), list[1]);
	if (np == 1)
		game_say(ev, -1, "Expired with the trade: %s.", part[0]);
	else if (np == 2)
		game_say(ev, -1, "Expired with the trade: %s; %s.", part[0],
		    part[1]);
}

/* Accepts offer id for seat: the swap, and every stale offer expires. */
static int
trade_accept(struct game *g, int seat, int id, struct game_events *ev,
    char **cause)
{
	struct magic_offer	*o = magic_offer_find(g, id), copy;
	char			 a[64], b[64];
	int			 ids[2][MAGIC_OFFERS_EACH], n[2];

	if (o == NULL)
		return trade_gone_cause(g, id, cause);
	if (o->from == seat)
		return set_cause(cause, "Offer %d is your own; withdraw it "
		    "instead.", id);
	if (o->to != -1 && o->to != seat)
		return set_cause(cause, "Offer %d is for @{%d} alone.", id,
		    o->to);
	if (g->hand[seat][o->want] < o->nwant)
		return set_cause(cause, "Offer %d wants %d %s; you hold %d.", id,
		    o->nwant, g->kind[o->want].name, g->hand[seat][o->want]);
	if (g->hand[o->from][o->give] < o->ngive)
		return set_cause(cause, "@{%d} no longer holds what offer %d "
		    "gives.", o->from, id);
	copy = *o;
	g->hand[copy.from][copy.give] -= copy.ngive;
	g->hand[seat][copy.give] += copy.ngive;
	g->hand[seat][copy.want] -= copy.nwant;
	g->hand[copy.from][copy.want] += copy.nwant;
	g->acts[seat]++;
	magic_kind_text(g, copy.give, copy.ngive, a, sizeof a);
	magic_kind_text(g, copy.want, copy.nwant, b, sizeof b);
	game_say(ev, seat, "@{%d} accepts offer %d: @{%d} gives %s for %s.",
	    seat, id, copy.from, a, b);
	/* Both hands changed: their offers would be stale. */
	trade_drop(g, copy.from, MAGIC_GONE_EXPIRED, 0, ids[0],
	    MAGIC_OFFERS_EACH, &n[0]);
	trade_drop(g, seat, MAGIC_GONE_EXPIRED, 0, ids[1], MAGIC_OFFERS_EACH,
	    &n[1]);
	trade_gone(g, id, MAGIC_GONE_ACCEPTED, seat);
	trade_expired(copy.from, id, ids[0], n[0], seat, ids[1], n[1], ev);
	ev->private_changed |= BIT(copy.from) | BIT(seat);
	return 0;
}

/* Writes "4", "4 and 7" or "4, 7 and 9" for ids[0..n) into buf. */
static void
trade_ids(const int *ids, int n, char *buf, size_t len)
{
	size_t	at;
	int	i;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		at = strlen(buf);
		snprintf(buf + at, len - at, "%s%d", i == 0 ? "" : i == n - 1 ?
		    " and " : ", ", ids[i]);
	}
}

/*
 * Places seat's stone: its own offers are withdrawn and those made to it
 * alone close, and the table is told; enough stones end the trading.
 */
static void
trade_stone(struct game *g, int seat, struct game_events *ev)
{
	const struct magic_offer	*o;
	char				 list[64];
	int				 need = magic_stones_needed(g), s, i;
	int				 ids[MAGIC_OFFERS_EACH], own, n;

	/* Before the stone: whom each offer showed to depends on it. */
	for (i = 0; i < g->noffers; i++) {
		o = &g->offer[i];
		if (o->from == seat)
			trade_unshow(g, o, ev);
		else if (o->to == seat)
			ev->private_changed |= BIT(o->from);
	}
	g->stone[seat] = ++g->nstones;
	n = trade_drop(g, seat, MAGIC_GONE_STONE, MAGIC_GONE_CLOSED, ids,
	    MAGIC_OFFERS_EACH, &own);
	game_say(ev, seat, "@{%d} places a magic stone%s (%d of %d).", seat,
	    g->nstones == 1 ? " first" : "", g->nstones, need);
	if (g->nstones < need) {
		if (own > 0) {
			trade_ids(ids, own, list, sizeof list);
			game_say(ev, seat, "@{%d} withdraws %s %s.", seat,
			    game_plural(own, "offer", "offers"), list);
		}
		if (n > own)
			game_say(ev, -1, "%d %s to @{%d} %s closed: they trade "
			    "no more this round.", n - own,
			    game_plural(n - own, "offer", "offers"), seat,
			    game_plural(n - own, "is", "are"));
		return;
	}
	g->phase = MAGIC_PH_LAY;
	g->noffers = 0;
	for (s = 0; s < g->nplayers; s++) {
		g->lay[s].done = 0;
		g->lay[s].kind[0] = g->lay[s].kind[1] = -1;
	}
	game_say(ev, -1, "The round's trading is over.");
	ev->private_changed |= BIT(g->nplayers) - 1;
}

/*
 * Applies a trading move (offer, counter, accept, withdraw, stone) for
 * seat; the phase and seat were checked by the caller.  Returns 0, or -1
 * and *cause with the game unchanged (the caller restores it).
 */
int
magic_trade(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	const int		*a = m->args;
	struct magic_offer	*o;
	int			 to;

	switch (m->action) {
	case MAGIC_A_OFFER:
		if (magic_offer_check(g, seat, a[4], a[1], a[0], a[3], a[2],
		    cause) != 0)
			return -1;
		trade_post(g, seat, a[4], a[1], a[0], a[3], a[2], 0, ev);
		g->acts[seat]++;
		return 0;
	case MAGIC_A_COUNTER:
		if ((o = magic_offer_find(g, a[0])) == NULL)
			return trade_gone_cause(g, a[0], cause);
		if (o->from == seat)
			return set_cause(cause, "Offer %d is your own; withdraw "
			    "it and make a new one instead.", a[0]);
		if (o->to != -1 && o->to != seat)
			return set_cause(cause, "Offer %d is for @{%d} alone.",
			    a[0], o->to);
		to = o->from;
		if (magic_offer_check(g, seat, to, a[2], a[1], a[4], a[3],
		    cause) != 0)
			return -1;
		trade_post(g, seat, to, a[2], a[1], a[4], a[3], a[0], ev);
		g->acts[seat]++;
		return 0;
	case MAGIC_A_ACCEPT:
		return trade_accept(g, seat, a[0], ev, cause);
	case MAGIC_A_WITHDRAW:
		if ((o = magic_offer_find(g, a[0])) == NULL)
			return trade_gone_cause(g, a[0], cause);
		if (o->from != seat)
			return set_cause(cause, "Offer %d is @{%d}'s, not yours.",
			    a[0], o->from);
		trade_unshow(g, o, ev);
		trade_gone(g, o->id, MAGIC_GONE_WITHDRAWN, seat);
		/* Keep the others in the order they were made. */
		memmove(o, o + 1, (size_t)(&g->offer[g->noffers] - (o + 1)) *
		    sizeof *o);
		g->noffers--;
		g->acts[seat]++;
		game_say(ev, seat, "@{%d} withdraws offer %d.", seat, a[0]);
		return 0;
	case MAGIC_A_STONE:
		trade_stone(g, seat, ev);
		return 0;
	}
	return set_cause(cause, "That is not a trading move.");
}
