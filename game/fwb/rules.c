/*
 * rules.c: the game as the bot drives it.  apply() saves the state a move
 * may change and puts it back when the move is refused, so a rejected move
 * leaves the game exactly as it was; after an accepted move fwb_settle()
 * runs until someone must decide.  pending() names who must act and on what;
 * legal_moves() lists a representative set of legal moves (every kind of
 * move that is possible, not every combination of payment cards).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))
#define ABIT(a)	(1u << (a))

/* The actions that answer each decision. */
static const unsigned rules_ask_actions[FWB_ASK_COUNT] = {
	[FWB_ASK_GUEST] = ABIT(FWB_A_ACCEPT) | ABIT(FWB_A_REJECT),
	[FWB_ASK_LIMIT] = ABIT(FWB_A_DISCARD),
	[FWB_ASK_CANCEL] = ABIT(FWB_A_DISCARD),
	[FWB_ASK_FRIEND] = ABIT(FWB_A_BORROW),
	[FWB_ASK_IMMUNE] = ABIT(FWB_A_IMMUNE) | ABIT(FWB_A_PASS),
	[FWB_ASK_SHOT] = ABIT(FWB_A_BORROW),
	[FWB_ASK_RUSH] = ABIT(FWB_A_COMPLETE) | ABIT(FWB_A_PASS),
	[FWB_ASK_ORDER] = ABIT(FWB_A_ORDER) | ABIT(FWB_A_PASS),
	[FWB_ASK_EXHIBIT] = ABIT(FWB_A_EXHIBIT) | ABIT(FWB_A_PASS),
	[FWB_ASK_OFFER] = ABIT(FWB_A_ACCEPT) | ABIT(FWB_A_REJECT),
	[FWB_ASK_NOSE] = ABIT(FWB_A_NOSE),
};

/* The seats that may answer the open decision. */
unsigned
fwb_ask_seats(const struct game *g)
{
	switch (g->ask.kind) {
	case FWB_ASK_NONE:
		return 0;
	case FWB_ASK_IMMUNE:
		return g->ask.mask;
	case FWB_ASK_NOSE:
		return BIT(g->nplayers) - 1;
	default:
		return BIT(g->ask.seat);
	}
}

/* The actions the active player may use now, with no decision open. */
static unsigned
rules_turn_actions(const struct game *g)
{
	unsigned	a = ABIT(FWB_A_PLAY) | ABIT(FWB_A_DONE);

	if (g->phase == FWB_PH_TRADE)
		a |= ABIT(FWB_A_OFFER);
	if (g->phase <= FWB_PH_DRAW)
		a |= ABIT(FWB_A_DRAW);
	if (g->phase <= FWB_PH_SWAP)
		a |= ABIT(FWB_A_SWAP);
	if (g->phase <= FWB_PH_INSTALL) {
		a |= ABIT(FWB_A_INSTALL);
		if (g->opt[FWB_O_SECONDHAND])
			a |= ABIT(FWB_A_SECONDHAND);
	}
	if (g->phase <= FWB_PH_COMPLETE)
		a |= ABIT(FWB_A_COMPLETE);
	return a;
}

/* Writes "@{1}, @{3}" for mask into buf. */
static void
rules_who(const struct game *g, unsigned mask, char *buf, size_t len)
{
	char	one[16];
	int	s, n = 0;

	buf[0] = '\0';
	for (s = 0; s < g->nplayers; s++) {
		if (!(mask & BIT(s)))
			continue;
		snprintf(one, sizeof one, "%s@{%d}", n++ > 0 ? ", " : "", s);
		game_cat(buf, one, len);
	}
}

/* Writes the public text of what is asked now into buf. */
static void
rules_prompt_text(const struct game *g, char *buf, size_t len)
{
	const struct fwb_ask	*a = &g->ask;
	char			 who[64], x[128], y[64];
	size_t			 at;
	int			 s = a->seat;

	switch (a->kind) {
	case FWB_ASK_NONE:
		/* Asked on every move: put together without a printf. */
		buf[0] = '\0';
		at = 0;
		fwb_put(buf, len, &at, "@{");
		fwb_put_int(buf, len, &at, g->active);
		if (g->phase == FWB_PH_TRADE) {
			fwb_put(buf, len, &at, "} holds the Round Token: offer "
			    "trades, or draw to begin the turn.");
			return;
		}
		fwb_put(buf, len, &at, "}'s turn");
		if (g->phase == FWB_PH_DRAW && g->points > 0) {
			fwb_put(buf, len, &at, ", ");
			fwb_put_int(buf, len, &at, g->points);
			fwb_put(buf, len, &at, game_plural(g->points,
			    " draw point", " draw points"));
			fwb_put(buf, len, &at, ": draw from the deck or the "
			    "market; then swap, install, complete, play or "
			    "done.");
			return;
		}
		fwb_put(buf, len, &at, ": ");
		if (g->phase <= FWB_PH_SWAP)
			fwb_put(buf, len, &at, "swap, ");
		if (g->phase <= FWB_PH_INSTALL) {
			fwb_put(buf, len, &at, "install, ");
			if (g->phase == FWB_PH_INSTALL &&
			    g->opt[FWB_O_SECONDHAND])
				fwb_put(buf, len, &at, "secondhand, ");
		}
		fwb_put(buf, len, &at, "complete, play or done.");
		return;
	case FWB_ASK_GUEST:
		snprintf(buf, len, "@{%d} drew the guest from %s from the guest "
		    "deck: accept or reject.", s,
		    g->guest[g->revealed].country);
		return;
	case FWB_ASK_LIMIT:
		snprintf(buf, len, "@{%d} holds %d %s: discard down to %d.",
		    s, g->nhand[s],
		    game_plural(g->nhand[s], "card", "cards"), FWB_HAND_LIMIT);
		return;
	case FWB_ASK_CANCEL:
		snprintf(buf, len, "Guest Cancellation: @{%d} discards %d more "
		    "%s, then draws as many.", s, a->n,
		    game_plural(a->n, "card", "cards"));
		return;
	case FWB_ASK_FRIEND:
		snprintf(buf, len, "Terrible Friend: @{%d} borrows a piece of "
		    "@{%d}'s equipment.", s, a->target);
		return;
	case FWB_ASK_IMMUNE:
		rules_who(g, a->mask, who, sizeof who);
		snprintf(buf, len, "We Only Get One Shot: %s may claim immunity "
		    "(after a shot, or as a driver) or pass.", who);
		return;
	case FWB_ASK_SHOT:
		snprintf(buf, len, "We Only Get One Shot: @{%d} takes a piece "
		    "of @{%d}'s equipment.", s, a->target);
		return;
	case FWB_ASK_RUSH:
		snprintf(buf, len, "Festival Rush: @{%d} may complete a recipe "
		    "with one thing less, or pass.", s);
		return;
	case FWB_ASK_ORDER:
		snprintf(buf, len, "Cultural Exchange: @{%d} may rearrange the "
		    "top guest cards, or pass.", s);
		return;
	case FWB_ASK_EXHIBIT:
		fwb_discard_equip_text(g, x, sizeof x);
		snprintf(buf, len, "Equipment Exhibition: @{%d} may trade two "
		    "pieces of equipment for one from the discard pile (%s), "
		    "or pass.", s, x);
		return;
	case FWB_ASK_OFFER:
		fwb_card_name(g, a->give, x, sizeof x);
		fwb_kind_name(g, a->want, y, sizeof y);
		snprintf(buf, len, "@{%d}: @{%d} offers %s for a %s: accept or "
		    "reject.", s, a->target, x, y);
		return;
	case FWB_ASK_NOSE:
		rules_who(g, a->mask, who, sizeof who);
		snprintf(buf, len, "Tie between %s: anyone at the table names "
		    "the biggest nose.", who);
		return;
	}
	snprintf(buf, len, "?");
}

/* Fills at most max prompts (0 or 1 of them); returns how many. */
int
fwb_pending_list(const struct game *g, struct game_prompt *p, size_t max)
{
	if (g->state != GAME_RUNNING || max == 0)
		return 0;
	memset(p, 0, sizeof *p);
	if (g->ask.kind == FWB_ASK_NONE) {
		p->seats = BIT(g->active);
		p->turn = 1;
		p->actions = rules_turn_actions(g);
	} else {
		p->seats = fwb_ask_seats(g);
		p->actions = rules_ask_actions[g->ask.kind];
	}
	rules_prompt_text(g, p->text, sizeof p->text);
	return 1;
}

/* The seats a prompt names, or none once the game is over. */
static unsigned
rules_prompt_seats(const struct game *g)
{
	if (g->state != GAME_RUNNING)
		return 0;
	return g->ask.kind == FWB_ASK_NONE ? BIT(g->active) : fwb_ask_seats(g);
}

/*
 * What the prompt text depends on (see rules_prompt_text), to tell
 * cheaply whether a move changed what a seat is asked.
 */
struct rules_prompt_key {
	struct fwb_ask	ask;
	int		active, phase, points, revealed, hand;
	unsigned	seats;
};

static void
rules_prompt_key(const struct game *g, struct rules_prompt_key *k)
{
	memset(k, 0, sizeof *k);
	k->ask = g->ask;
	k->active = g->active;
	k->phase = g->phase;
	k->points = g->points;
	k->revealed = g->revealed;
	if (g->ask.kind == FWB_ASK_LIMIT)
		k->hand = g->nhand[g->ask.seat];
	k->seats = rules_prompt_seats(g);
}

/*
 * Marks in ev the seats asked now whose "Your move" line (render_private)
 * a move changed, given the prompt's key before it.  That is how the bot
 * knows whom to tell "your move".  Seats no longer asked are not marked:
 * nothing of theirs changed but that line, and the bot does not offer
 * old buttons.
 */
static void
rules_prompt_changed(const struct game *g, const struct rules_prompt_key *k,
    struct game_events *ev)
{
	struct rules_prompt_key	now;

	rules_prompt_key(g, &now);
	ev->private_changed |= now.seats & ~k->seats;
	if (memcmp(&now, k, sizeof now) != 0)
		ev->private_changed |= now.seats & k->seats;
}

/*
 * Applies seat's move; see struct game_ops.  The move is tried in place:
 * the state it may change (FWB_STATE_SIZE bytes, not the components) is
 * saved first and put back, with ev's count, when the move is refused.
 * g and ev are borrowed; ev may be NULL.
 */
int
fwb_apply(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	unsigned char		 saved[FWB_STATE_SIZE];
	struct game_apply_mark	 mark;
	char			 text[GAME_TEXT_MAX];
	struct rules_prompt_key	 key;
	unsigned		 allowed;
	int			 rc;

	if (game_apply_check(g->state, g->nplayers, FWB_A_COUNT, seat, m,
	    cause) != 0)
		return -1;
	if (g->ask.kind != FWB_ASK_NONE) {
		if (!(fwb_ask_seats(g) & BIT(seat))) {
			rules_prompt_text(g, text, sizeof text);
			return set_cause(cause, "Not now: %s", text);
		}
		allowed = rules_ask_actions[g->ask.kind];
	} else {
		if (seat != g->active) {
			rules_prompt_text(g, text, sizeof text);
			return set_cause(cause, "It is not your turn: %s",
			    text);
		}
		allowed = rules_turn_actions(g);
	}
	if (!(allowed & ABIT(m->action))) {
		rules_prompt_text(g, text, sizeof text);
		return set_cause(cause, "You cannot %s now: %s",
		    fwb_actions[m->action].name, text);
	}

	ev = game_apply_begin(g, saved, sizeof saved, ev, &mark);
	rules_prompt_key(g, &key);
	if (g->ask.kind != FWB_ASK_NONE)
		rc = fwb_ask_answer(g, seat, m, ev, cause);
	else
		rc = fwb_turn_act(g, seat, m, ev, cause);
	if (rc == 0) {
		fwb_settle(g, ev);
		rules_prompt_changed(g, &key, ev);
	} else
		game_apply_undo(ev, &mark);
	game_apply_end(&mark);
	return rc;
}

/* Adds move (action, a0..a3) to out if there is room; returns the new count. */
static int
rules_add(struct game_move *out, int n, size_t max, int action, int a0,
    int a1, int a2, int a3)
{
	return game_moves_add(out, n, max, action, a0, a1, a2, a3, -1);
}

/* Swaps: for each open guest and source, the first payment of each kind. */
static int
rules_swaps(const struct game *g, int s, struct game_move *out, int n,
    size_t max)
{
	int	slot, from, i, j, seen[FWB_NCARDS_MAX], pays[16][2], np = 0;

	memset(seen, 0, sizeof seen);
	for (i = 0; i < g->nhand[s] && np < 16; i++) {
		if (g->cultural >= 0) {
			if (np < 2) {
				pays[np][0] = i + 1;
				pays[np++][1] = -1;
			}
			continue;
		}
		for (j = i + 1; j < g->nhand[s]; j++) {
			const struct fwb_card *c = &g->card[g->hand[s][i]];
			int key = c->cls * 16 + c->kind;

			if (seen[key] || !(g->card[g->hand[s][j]].cls ==
			    c->cls && g->card[g->hand[s][j]].kind == c->kind) ||
			    c->cls == FWB_INTERRUPT || (c->cls == FWB_EVENT &&
			    c->kind != FWB_E_ABUNDANCE))
				continue;
			seen[key] = 1;
			pays[np][0] = i + 1;
			pays[np++][1] = j + 1;
			break;
		}
	}
	for (slot = 0; slot < g->nguests; slot++) {
		if (g->guests[s][slot].guest >= 0 && g->guests[s][slot].done)
			continue;
		for (from = 0; from <= FWB_GMARKET; from++) {
			if (from < FWB_GMARKET ? g->gmarket[from] < 0 :
			    g->ngdeck == 0)
				continue;
			for (i = 0; i < np; i++)
				n = rules_add(out, n, max, FWB_A_SWAP, slot + 1,
				    from, pays[i][0], pays[i][1]);
		}
	}
	return n;
}

/* The active player's moves with no decision open. */
static int
rules_turn_legal(const struct game *g, int s, struct game_move *out,
    size_t max)
{
	unsigned	acts = rules_turn_actions(g);
	int		n = 0, i, j, k, c, cost, t, own;

	if (acts & ABIT(FWB_A_OFFER)) {
		for (i = 0; i < g->nhand[s] &&
		    fwb_kind_of(g, g->hand[s][i]) < 0; i++)
			;
		for (t = 0; t < g->nplayers && i < g->nhand[s]; t++) {
			if (t == s || g->traded[s] >= FWB_TRADE_MAX ||
			    g->traded[t] >= FWB_TRADE_MAX)
				continue;
			for (k = 0; k < FWB_NKINDS; k++)
				n = rules_add(out, n, max, FWB_A_OFFER, t, i + 1,
				    k, -1);
		}
	}
	if (acts & ABIT(FWB_A_DRAW)) {
		if (g->points >= 1 && g->ndeck + g->ndiscard > 0)
			n = rules_add(out, n, max, FWB_A_DRAW, -1, -1, -1, -1);
		for (i = 0; i < FWB_MARKET; i++) {
			if ((c = g->market[i]) < 0)
				continue;
			cost = g->card[c].cls == FWB_INGREDIENT ? 1 : 2;
			if (g->points >= cost)
				n = rules_add(out, n, max, FWB_A_DRAW, i + 1, -1,
				    -1, -1);
		}
		if (g->opt[FWB_O_DISCARD_MARKET] && g->ndiscard > 0) {
			c = g->discard[g->ndiscard - 1];
			cost = g->card[c].cls == FWB_INGREDIENT ? 1 : 2;
			if ((g->card[c].cls == FWB_INGREDIENT ||
			    g->card[c].cls == FWB_EQUIPMENT) && g->points >= cost)
				n = rules_add(out, n, max, FWB_A_DRAW, 3, -1, -1,
				    -1);
		}
	}
	if (acts & ABIT(FWB_A_SWAP))
		n = rules_swaps(g, s, out, n, max);
	own = g->nhand[s] + g->nshed[s];
	for (i = 0; i < g->nhand[s]; i++) {
		c = g->hand[s][i];
		if ((acts & ABIT(FWB_A_INSTALL)) &&
		    g->card[c].cls == FWB_EQUIPMENT &&
		    fwb_shed_find(g, s, g->card[c].kind) < 0) {
			if (g->nshed[s] < g->shed_cap)
				n = rules_add(out, n, max, FWB_A_INSTALL, i + 1,
				    -1, -1, -1);
			else
				for (j = 0; j < g->nshed[s]; j++)
					n = rules_add(out, n, max,
					    FWB_A_INSTALL, i + 1,
					    g->nhand[s] + j + 1, -1, -1);
		}
		if (g->card[c].cls == FWB_EVENT &&
		    g->card[c].kind == FWB_E_LUCKY) {
			for (t = 0; t < FWB_NEQUIP; t++)
				if (fwb_discard_find(g, t) >= 0)
					n = rules_add(out, n, max, FWB_A_PLAY,
					    i + 1, t, -1, -1);
		} else if (g->card[c].cls == FWB_EVENT &&
		    g->card[c].kind == FWB_E_EXHIBITION)
			n = rules_add(out, n, max, FWB_A_PLAY, i + 1, -1, -1, -1);
	}
	for (i = 1; (acts & ABIT(FWB_A_SECONDHAND)) && i <= own; i++) {
		int in_shed, idx;

		c = fwb_own_card(g, s, i, &in_shed, &idx);
		if (g->card[c].cls != FWB_EQUIPMENT)
			continue;
		if (g->secondhand >= 0)
			n = rules_add(out, n, max, FWB_A_SECONDHAND, i, 0, -1,
			    -1);
		n = rules_add(out, n, max, FWB_A_SECONDHAND, i, 1, -1, -1);
	}
	for (i = 0; (acts & ABIT(FWB_A_COMPLETE)) && i < g->nguests; i++)
		if (fwb_can_complete(g, s, i, 0))
			n = rules_add(out, n, max, FWB_A_COMPLETE, i + 1, -1, -1,
			    -1);
	return rules_add(out, n, max, FWB_A_DONE, -1, -1, -1, -1);
}

/* Exhibition trades: per type in the discard pile, the first two pieces. */
static int
rules_exhibits(const struct game *g, int s, struct game_move *out, int n,
    size_t max)
{
	int	t, i, pick[2], np = 0, in_shed, idx, c;

	for (i = 1; i <= g->nhand[s] + g->nshed[s] && np < 2; i++) {
		c = fwb_own_card(g, s, i, &in_shed, &idx);
		if (g->card[c].cls == FWB_EQUIPMENT)
			pick[np++] = i;
	}
	for (t = 0; np == 2 && t < FWB_NEQUIP; t++)
		if (fwb_discard_find(g, t) >= 0)
			n = rules_add(out, n, max, FWB_A_EXHIBIT, t, pick[0],
			    pick[1], -1);
	return n;
}

/* Fills at most max legal moves for seat; returns how many. */
int
fwb_legal(const struct game *g, int s, struct game_move *out, size_t max)
{
	const struct fwb_ask	*a = &g->ask;
	int			 n = 0, i, t;

	if (g->state != GAME_RUNNING || s < 0 || s >= g->nplayers)
		return 0;
	if (a->kind == FWB_ASK_NONE)
		return s == g->active ? rules_turn_legal(g, s, out, max) : 0;
	if (!(fwb_ask_seats(g) & BIT(s)))
		return 0;
	switch (a->kind) {
	case FWB_ASK_GUEST:
		n = rules_add(out, n, max, FWB_A_ACCEPT, -1, -1, -1, -1);
		return rules_add(out, n, max, FWB_A_REJECT, -1, -1, -1, -1);
	case FWB_ASK_LIMIT:
	case FWB_ASK_CANCEL:
		for (i = 0; i < g->nhand[s]; i++)
			n = rules_add(out, n, max, FWB_A_DISCARD, i + 1, -1, -1,
			    -1);
		return n;
	case FWB_ASK_FRIEND:
	case FWB_ASK_SHOT:
		for (i = 0; i < g->nshed[a->target]; i++)
			n = rules_add(out, n, max, FWB_A_BORROW,
			    g->card[g->shed[a->target][i].card].kind, -1, -1,
			    -1);
		return n;
	case FWB_ASK_IMMUNE:
		n = rules_add(out, n, max, FWB_A_IMMUNE, 0, -1, -1, -1);
		n = rules_add(out, n, max, FWB_A_IMMUNE, 1, -1, -1, -1);
		return rules_add(out, n, max, FWB_A_PASS, -1, -1, -1, -1);
	case FWB_ASK_RUSH:
		for (i = 0; i < g->nguests; i++)
			if (fwb_can_complete(g, s, i, 1))
				n = rules_add(out, n, max, FWB_A_COMPLETE, i + 1,
				    -1, -1, -1);
		return rules_add(out, n, max, FWB_A_PASS, -1, -1, -1, -1);
	case FWB_ASK_ORDER:
		t = g->ngdeck < 3 ? g->ngdeck : 3;
		n = rules_add(out, n, max, FWB_A_ORDER, t, t - 1,
		    t == 3 ? 1 : -1, -1);
		return rules_add(out, n, max, FWB_A_PASS, -1, -1, -1, -1);
	case FWB_ASK_EXHIBIT:
		n = rules_exhibits(g, s, out, n, max);
		return rules_add(out, n, max, FWB_A_PASS, -1, -1, -1, -1);
	case FWB_ASK_OFFER:
		for (i = 0; i < g->nhand[s]; i++)
			if (fwb_kind_of(g, g->hand[s][i]) == a->want)
				break;
		if (i < g->nhand[s])
			n = rules_add(out, n, max, FWB_A_ACCEPT, -1, -1, -1, -1);
		return rules_add(out, n, max, FWB_A_REJECT, -1, -1, -1, -1);
	case FWB_ASK_NOSE:
		for (i = 0; i < g->nplayers; i++)
			if (a->mask & BIT(i))
				n = rules_add(out, n, max, FWB_A_NOSE, i, -1, -1,
				    -1);
		return n;
	}
	return 0;
}
