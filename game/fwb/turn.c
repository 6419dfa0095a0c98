/*
 * turn.c: a player's turn.  The phases come in the rulebook's order (the
 * trading window of the Round Token's receiver, draw, swap guests, install
 * equipment, complete drinks, hand limit); an action of a later phase ends
 * the earlier ones, and "done" ends the turn.  fwb_settle() then runs
 * everything that needs no decision: queued interrupts, market refills,
 * the hand limit, the end of the turn, the Round Token and the game's end.
 */
#include <stdio.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))

static const char *const turn_phase_names[] = {
	"trading", "draw", "guest swap", "equipment", "completion",
	"hand limit"
};

/* Refuses an action of phase want when the turn is past it. */
static int
turn_phase_check(const struct game *g, int want, char **cause)
{
	if (g->phase > want)
		return set_cause(cause, "The %s phase is over for this turn "
		    "(now: %s).", turn_phase_names[want],
		    turn_phase_names[g->phase]);
	return 0;
}

/* Starts the active player's turn. */
void
fwb_turn_begin(struct game *g, struct game_events *ev)
{
	(void)ev;
	g->phase = FWB_PH_DRAW;
	if (g->opt[FWB_O_TRADING] && g->active == g->holder &&
	    !g->holder_played)
		g->phase = FWB_PH_TRADE;
	g->points = FWB_DRAW_POINTS;
	g->served = 0;
}

/* "draw [n]": the deck (no n), market slot 1 or 2, or the discard pile (3). */
static int
turn_draw(struct game *g, int s, int n, struct game_events *ev,
    char **cause)
{
	struct game_event	*e;
	char			 name[64];
	size_t			 at;
	int			 card, cost, slot, said;

	if (turn_phase_check(g, FWB_PH_DRAW, cause) != 0)
		return -1;
	if (n == -1) {
		if (g->points < 1)
			return set_cause(cause, "You have no draw points left.");
		if ((card = fwb_deck_pop(g)) < 0)
			return set_cause(cause, "The resource deck and the "
			    "discard pile are both empty.");
		g->points--;
		g->phase = FWB_PH_DRAW;
		if (g->card[card].cls == FWB_INTERRUPT) {
			fwb_queue_push(g, card, s);
			return 0;
		}
		fwb_hand_add(g, s, card, ev);
		fwb_note_drawn(g, s, card, ev);
		game_say(ev, s, "@{%d} draws a card from the deck.", s);
		return 0;
	}
	if (n == 3) {
		if (!g->opt[FWB_O_DISCARD_MARKET])
			return set_cause(cause, "The discard pile is not a "
			    "market in this game (option discardmarket).");
		if (g->ndiscard == 0)
			return set_cause(cause, "The discard pile is empty.");
		card = g->discard[g->ndiscard - 1];
		if (g->card[card].cls != FWB_INGREDIENT &&
		    g->card[card].cls != FWB_EQUIPMENT)
			return set_cause(cause, "The top of the discard pile is "
			    "not an ingredient or equipment.");
		slot = -1;
	} else if (n == 1 || n == 2) {
		slot = n - 1;
		if ((card = g->market[slot]) < 0)
			return set_cause(cause, "Market slot %d is empty.", n);
	} else
		return set_cause(cause, "Draw from the deck (draw), a market "
		    "card (draw 1 or 2)%s.", g->opt[FWB_O_DISCARD_MARKET] ?
		    " or the discard pile (draw 3)" : "");
	cost = g->card[card].cls == FWB_INGREDIENT ? 1 : 2;
	if (g->points < cost)
		return set_cause(cause, "That card costs %d draw %s and you "
		    "have %d left.", cost, game_plural(cost, "point", "points"),
		    g->points);
	fwb_card_name(g, card, name, sizeof name);
	g->points = cost == 2 ? 0 : g->points - 1;
	g->phase = FWB_PH_DRAW;
	fwb_hand_add(g, s, card, ev);
	if (slot < 0) {
		g->ndiscard--;
		game_say(ev, s, "@{%d} takes %s from the discard pile.", s,
		    name);
		return 0;
	}
	g->market[slot] = -1;
	g->market_owner[slot] = s;
	/* Said before the refill, which may reveal an interrupt. */
	said = ev != NULL ? ev->n : 0;
	game_say(ev, s, "@{%d} takes %s from the market.", s, name);
	fwb_market_fill(g, slot, s, ev);
	if (g->market[slot] >= 0 && ev != NULL && said < ev->n) {
		fwb_card_name(g, g->market[slot], name, sizeof name);
		e = &ev->ev[said];
		at = strlen(e->text);
		if (at > 0 && e->text[at - 1] == '.')
			at--;
		snprintf(e->text + at, sizeof e->text - at, "; %s replaces "
		    "it.", name);
	}
	return 0;
}

/* Whether hand cards a and b are "identical" for a guest swap. */
static int
turn_identical(const struct game *g, int a, int b)
{
	const struct fwb_card	*x = &g->card[a], *y = &g->card[b];

	if (x->cls != y->cls || x->kind != y->kind)
		return 0;
	return x->cls == FWB_INGREDIENT || x->cls == FWB_EQUIPMENT ||
	    (x->cls == FWB_EVENT && x->kind == FWB_E_ABUNDANCE);
}

/* "swap <guest> <from> <card> [card]". */
static int
turn_swap(struct game *g, int s, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	struct fwb_seat_guest	*sg;
	int			 slot = m->args[0] - 1, from = m->args[1];
	int			 a = m->args[2] - 1, b = m->args[3] - 1;
	int			 equip, ca, cb = -1, old;
	char			 pa[64], pb[64];

	if (turn_phase_check(g, FWB_PH_SWAP, cause) != 0)
		return -1;
	if (slot < 0 || slot >= g->nguests)
		return set_cause(cause, "Your guests are numbered 1 to %d.",
		    g->nguests);
	sg = &g->guests[s][slot];
	if (sg->guest >= 0 && sg->done)
		return set_cause(cause, "Your guest %d has been served; "
		    "served guests stay.", slot + 1);
	if (from < 0 || from > FWB_GMARKET)
		return set_cause(cause, "Swap from a guest market position "
		    "(1-4) or the deck.");
	if (from < FWB_GMARKET && g->gmarket[from] < 0)
		return set_cause(cause, "Guest market position %d is empty.",
		    from + 1);
	if (from == FWB_GMARKET && g->ngdeck == 0)
		return set_cause(cause, "The guest deck is empty.");
	if (a < 0 || a >= g->nhand[s])
		return set_cause(cause, "Pay with cards from your hand "
		    "(1 to %d).", g->nhand[s]);
	ca = g->hand[s][a];
	if (g->cultural >= 0) {
		if (b != -2)
			return set_cause(cause, "Cultural Exchange is active: a "
			    "swap costs one card of any type.");
		equip = 0;
	} else {
		if (b == -2)
			return set_cause(cause, "A swap costs two identical "
			    "ingredients or two identical pieces of "
			    "equipment: swap <guest> <from> <card> <card>.");
		if (b < 0 || b >= g->nhand[s] || b == a)
			return set_cause(cause, "Pay with two different cards "
			    "from your hand (1 to %d).", g->nhand[s]);
		cb = g->hand[s][b];
		if (!turn_identical(g, ca, cb))
			return set_cause(cause, "Cards %d and %d are not "
			    "identical ingredients or equipment.", a + 1, b + 1);
		equip = g->card[ca].cls == FWB_EQUIPMENT;
	}
	/* Pay: the card named last is discarded last (it stays on top). */
	if (cb >= 0 && b > a) {
		fwb_hand_take(g, s, b);
		fwb_hand_take(g, s, a);
	} else {
		fwb_hand_take(g, s, a);
		if (cb >= 0)
			fwb_hand_take(g, s, b);
	}
	/* The payment is public: it goes face up to the discard pile. */
	fwb_card_name(g, ca, pa, sizeof pa);
	if (cb >= 0) {
		fwb_card_name(g, cb, pb, sizeof pb);
		game_say(ev, s, "@{%d} pays %s and %s for a guest swap.", s, pa,
		    pb);
	} else
		game_say(ev, s, "@{%d} pays %s for a guest swap.", s, pa);
	fwb_discard_card(g, s, ca, 0, ev);
	if (cb >= 0)
		fwb_discard_card(g, s, cb, 0, ev);
	ev->private_changed |= BIT(s);
	g->phase = FWB_PH_SWAP;
	if (from == FWB_GMARKET) {
		g->revealed = fwb_guest_pop(g);
		memset(&g->ask, 0, sizeof g->ask);
		g->ask.kind = FWB_ASK_GUEST;
		g->ask.seat = s;
		g->ask.card = -1;
		g->ask.target = slot;
		g->ask.give = equip;
		game_say(ev, s, "@{%d} draws the guest from %s from the guest "
		    "deck: accept or reject?", s,
		    g->guest[g->revealed].country);
		return 0;
	}
	old = sg->guest;
	sg->guest = g->gmarket[from];
	sg->done = 0;
	g->gmarket[from] = -1;
	if (old >= 0)
		g->gdiscard[g->ngdiscard++] = old;
	game_say(ev, s, "@{%d} invites the guest from %s instead of %s.", s,
	    g->guest[sg->guest].country, old >= 0 ? g->guest[old].country :
	    "an empty seat");
	if (equip)
		fwb_gmarket_refresh(g, ev);
	else
		fwb_gmarket_refill(g, from, ev);
	return 0;
}

/* "install <card> [card]": equipment from hand into the shed. */
static int
turn_install(struct game *g, int s, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	int	i = m->args[0] - 1, card, type, out = -1, in_shed = 0, oi = 0;

	if (turn_phase_check(g, FWB_PH_INSTALL, cause) != 0)
		return -1;
	if (i < 0 || i >= g->nhand[s] ||
	    g->card[g->hand[s][i]].cls != FWB_EQUIPMENT)
		return set_cause(cause, "Card %d is not equipment in your "
		    "hand.", m->args[0]);
	card = g->hand[s][i];
	type = g->card[card].kind;
	if (fwb_shed_find(g, s, type) >= 0)
		return set_cause(cause, "You already have a %s in your shed; "
		    "duplicates cannot be installed.", g->equip_name[type]);
	if (m->args[1] != -1) {
		if (fwb_own_card(g, s, m->args[1], &in_shed, &oi) < 0 ||
		    !in_shed)
			return set_cause(cause, "Card %d is not in your shed.",
			    m->args[1]);
		if (g->nshed[s] < g->shed_cap)
			return set_cause(cause, "Your shed has room: install "
			    "<card>.");
		out = oi;
	} else if (g->nshed[s] >= g->shed_cap)
		return set_cause(cause, "Your shed is full (%d): name a piece "
		    "to cycle out: install <card> <shed card>.", g->shed_cap);
	if (out >= 0) {
		int gone = fwb_shed_take(g, s, out);

		game_say(ev, s, "@{%d} cycles the %s out of the shed.", s,
		    g->equip_name[g->card[gone].kind]);
		fwb_discard_card(g, s, gone, 0, ev);
	}
	fwb_hand_take(g, s, i);
	g->shed[s][g->nshed[s]].card = card;
	g->shed[s][g->nshed[s]].installing = g->opt[FWB_O_INSTALL];
	g->nshed[s]++;
	ev->private_changed |= BIT(s);
	g->phase = FWB_PH_INSTALL;
	game_say(ev, s, "@{%d} installs a %s%s.", s, g->equip_name[type],
	    g->opt[FWB_O_INSTALL] ? " (ready next turn)" : "");
	return 0;
}

/* "secondhand <card> <take|discard>": trade with the second-hand market. */
static int
turn_secondhand(struct game *g, int s, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	int	card, in_shed, i, old;

	if (!g->opt[FWB_O_SECONDHAND])
		return set_cause(cause, "There is no second-hand market in "
		    "this game (option secondhand).");
	if (turn_phase_check(g, FWB_PH_INSTALL, cause) != 0)
		return -1;
	card = fwb_own_card(g, s, m->args[0], &in_shed, &i);
	if (card < 0 || g->card[card].cls != FWB_EQUIPMENT)
		return set_cause(cause, "Card %d is not equipment in your hand "
		    "or shed.", m->args[0]);
	if (m->args[1] == 0 && g->secondhand < 0)
		return set_cause(cause, "The second-hand market is empty: "
		    "there is nothing to take (use discard).");
	if (in_shed)
		fwb_shed_take(g, s, i);
	else
		fwb_hand_take(g, s, i);
	ev->private_changed |= BIT(s);
	g->phase = FWB_PH_INSTALL;
	if (m->args[1] == 0) {
		old = g->secondhand;
		g->secondhand = card;
		fwb_hand_add(g, s, old, ev);
		game_say(ev, s, "@{%d} trades a %s for the second-hand %s.", s,
		    g->equip_name[g->card[card].kind],
		    g->equip_name[g->card[old].kind]);
		return 0;
	}
	game_say(ev, s, "@{%d} puts a %s in the second-hand market.", s,
	    g->equip_name[g->card[card].kind]);
	fwb_secondhand_put(g, card, ev);
	return 0;
}

/* "complete <guest>". */
static int
turn_complete(struct game *g, int s, int slot, struct game_events *ev,
    char **cause)
{
	char	need[160];

	if (turn_phase_check(g, FWB_PH_COMPLETE, cause) != 0)
		return -1;
	if (slot < 0 || slot >= g->nguests || g->guests[s][slot].guest < 0)
		return set_cause(cause, "You have no guest %d.", slot + 1);
	if (g->guests[s][slot].done)
		return set_cause(cause, "Guest %d has been served already.",
		    slot + 1);
	if (!fwb_can_complete(g, s, slot, 0)) {
		fwb_needs_text(g, s, g->guests[s][slot].guest, need,
		    sizeof need);
		return set_cause(cause, "Guest %d still needs %s.", slot + 1,
		    need);
	}
	fwb_complete(g, s, slot, 0, ev);
	g->served++;
	g->phase = FWB_PH_COMPLETE;
	return 0;
}

/* "offer <player> <card> <kind>": the Round Token's receiver proposes a trade. */
static int
turn_offer(struct game *g, int s, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	struct game_prompt	p;
	int			t = m->args[0], i = m->args[1] - 1;
	int			kind = m->args[2];

	if (!g->opt[FWB_O_TRADING])
		return set_cause(cause, "Trading is off in this game (option "
		    "trading).");
	if (g->phase != FWB_PH_TRADE)
		return set_cause(cause, "Trades are made only right after "
		    "receiving the Round Token, before drawing.");
	if (t < 0 || t >= g->nplayers || t == s)
		return set_cause(cause, "Offer a trade to another player.");
	if (i < 0 || i >= g->nhand[s] || fwb_kind_of(g, g->hand[s][i]) < 0)
		return set_cause(cause, "Card %d is not an ingredient, "
		    "equipment or Abundance in your hand.", m->args[1]);
	if (kind < 0 || kind >= FWB_NKINDS)
		return set_cause(cause, "Name the kind of card you want.");
	if (g->traded[s] >= FWB_TRADE_MAX || g->traded[t] >= FWB_TRADE_MAX)
		return set_cause(cause, "A player may trade at most %d %s a "
		    "round.", FWB_TRADE_MAX, game_plural(FWB_TRADE_MAX, "card",
		    "cards"));
	memset(&g->ask, 0, sizeof g->ask);
	g->ask.kind = FWB_ASK_OFFER;
	g->ask.seat = t;
	g->ask.card = -1;
	g->ask.target = s;
	g->ask.give = g->hand[s][i];
	g->ask.want = kind;
	/*
	 * Said once, as the prompt it opens: the table shows that line when
	 * a human must answer, the narration when an AI answers at once.
	 */
	if (fwb_pending_list(g, &p, 1) == 1)
		game_events_add(ev, GAME_EV_PROMPT, s, "%s", p.text);
	return 0;
}

/* "done": ends the turn; the market is refreshed if recipes were served. */
static int
turn_done(struct game *g, int s, struct game_events *ev)
{
	game_say(ev, s, "@{%d} ends the turn.", s);
	if (g->served > 0) {
		g->served = 0;
		fwb_market_refresh(g, s, 1, ev);
	}
	g->phase = FWB_PH_LIMIT;
	return 0;
}

/*
 * The active player's own actions (no decision is open; the caller works
 * on a copy).  Returns 0, or -1 and *cause.
 */
int
fwb_turn_act(struct game *g, int s, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	switch (m->action) {
	case FWB_A_DRAW:
		return turn_draw(g, s, m->args[0], ev, cause);
	case FWB_A_SWAP:
		return turn_swap(g, s, m, ev, cause);
	case FWB_A_INSTALL:
		return turn_install(g, s, m, ev, cause);
	case FWB_A_SECONDHAND:
		return turn_secondhand(g, s, m, ev, cause);
	case FWB_A_COMPLETE:
		return turn_complete(g, s, m->args[0] - 1, ev, cause);
	case FWB_A_PLAY:
		return fwb_event_play(g, s, m, ev, cause);
	case FWB_A_OFFER:
		return turn_offer(g, s, m, ev, cause);
	case FWB_A_DONE:
		return turn_done(g, s, ev);
	}
	return set_cause(cause, "Nobody has asked anything: on your turn "
	    "use draw, swap, install, complete, play or done.");
}

/* The answers to the decisions of a turn: guest, hand limit, offer, nose. */
int
fwb_turn_answer(struct game *g, int s, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	struct fwb_seat_guest	*sg;
	struct fwb_ask		*a = &g->ask;
	char			 name[64];
	int			 i, card, old;

	switch (a->kind) {
	case FWB_ASK_GUEST:
		if (m->action != FWB_A_ACCEPT && m->action != FWB_A_REJECT)
			break;
		sg = &g->guests[s][a->target];
		if (m->action == FWB_A_ACCEPT) {
			old = sg->guest;
			if (old >= 0)
				g->gdiscard[g->ngdiscard++] = old;
			sg->guest = g->revealed;
			sg->done = 0;
			game_say(ev, s, "@{%d} welcomes the guest from %s%s%s.",
			    s, g->guest[g->revealed].country, old >= 0 ?
			    " instead of " : "", old >= 0 ?
			    g->guest[old].country : "");
		} else {
			game_say(ev, s, "@{%d} rejects the guest from %s.", s,
			    g->guest[g->revealed].country);
			fwb_gmarket_replace(g, g->revealed, ev);
		}
		g->revealed = -1;
		if (a->give)
			fwb_gmarket_refresh(g, ev);
		ev->private_changed |= BIT(s);
		fwb_ask_close(g);
		return 0;
	case FWB_ASK_LIMIT:
		if (m->action != FWB_A_DISCARD)
			break;
		if (m->args[0] < 1 || m->args[0] > g->nhand[s])
			return set_cause(cause, "Give the number of a card in "
			    "your hand (1 to %d).", g->nhand[s]);
		card = fwb_hand_take(g, s, m->args[0] - 1);
		fwb_card_name(g, card, name, sizeof name);
		game_say(ev, s, "@{%d} discards %s.", s, name);
		fwb_discard_card(g, s, card, 0, ev);
		ev->private_changed |= BIT(s);
		if (g->nhand[s] <= FWB_HAND_LIMIT)
			fwb_ask_close(g);
		return 0;
	case FWB_ASK_OFFER:
		if (m->action == FWB_A_REJECT) {
			game_say(ev, s, "@{%d} turns the trade down.", s);
			fwb_ask_close(g);
			return 0;
		}
		if (m->action != FWB_A_ACCEPT)
			break;
		for (i = 0; i < g->nhand[s]; i++)
			if (fwb_kind_of(g, g->hand[s][i]) == a->want)
				break;
		if (i == g->nhand[s])
			return set_cause(cause, "You have no card of the kind "
			    "asked for; reject the offer.");
		card = fwb_hand_take(g, s, i);
		for (i = 0; g->hand[a->target][i] != a->give; i++)
			;
		fwb_hand_take(g, a->target, i);
		fwb_hand_add(g, s, a->give, ev);
		fwb_hand_add(g, a->target, card, ev);
		g->traded[s]++;
		g->traded[a->target]++;
		game_say(ev, s, "@{%d} accepts: @{%d} and @{%d} trade one card "
		    "each.", s, s, a->target);
		fwb_ask_close(g);
		return 0;
	case FWB_ASK_NOSE:
		if (m->action != FWB_A_NOSE)
			break;
		if (m->args[0] < 0 || m->args[0] >= g->nplayers ||
		    !(a->mask & BIT(m->args[0])))
			return set_cause(cause, "Name one of the tied players.");
		g->winners = BIT(m->args[0]);
		g->state = GAME_WON;
		fwb_ask_close(g);
		fwb_result_say(g, ev, "The table has spoken: @{%d} has the "
		    "biggest nose.", m->args[0]);
		return 0;
	}
	return set_cause(cause, "That does not answer what is asked now.");
}

/* Passes the Round Token to seat: market refresh and one new market guest. */
static void
turn_round_pass(struct game *g, int to, struct game_events *ev)
{
	int	guest;

	game_say(ev, to, "@{%d} receives the Round Token.", to);
	g->holder = to;
	g->holder_played = 0;
	g->rounds++;
	memset(g->traded, 0, sizeof g->traded);
	fwb_market_refresh(g, to, 1, ev);
	if ((guest = fwb_guest_pop(g)) >= 0)
		fwb_gmarket_replace(g, guest, ev);
}

/* Ends the active player's turn: installs finish, tokens move, game may end. */
static void
turn_end(struct game *g, struct game_events *ev)
{
	int	s = g->active, i, next = (s + 1) % g->nplayers;

	for (i = 0; i < g->nshed[s]; i++)
		g->shed[s][i].installing = 0;
	g->turns++;
	if ((g->ending || g->ngdeck == 0) && s == g->nplayers - 1) {
		if (!g->ending)
			game_say(ev, -1, "The guest deck has run out.");
		fwb_end_game(g, ev);
		return;
	}
	g->active = next;
	if (s == g->holder) {
		if (g->holder_played)
			turn_round_pass(g, next, ev);
		else
			g->holder_played = 1;
	}
	fwb_turn_begin(g, ev);
}

/*
 * Runs what needs no decision: queued interrupts, market refills, the hand
 * limit and the end of the turn, until someone must decide or the game is
 * over.
 */
void
fwb_settle(struct game *g, struct game_events *ev)
{
	char	name[64];
	int	guard, i, filled, card, seat;

	for (guard = 0; guard < 1000; guard++) {
		if (g->state != GAME_RUNNING || g->ask.kind != FWB_ASK_NONE)
			return;
		if (g->nqueue > 0) {
			card = g->queue[0];
			seat = g->queue_seat[0];
			g->nqueue--;
			memmove(g->queue, g->queue + 1,
			    (size_t)g->nqueue * sizeof (int));
			memmove(g->queue_seat, g->queue_seat + 1,
			    (size_t)g->nqueue * sizeof (int));
			fwb_interrupt_resolve(g, card, seat, ev);
			continue;
		}
		for (i = 0, filled = 0; i < FWB_MARKET && !filled; i++) {
			if (g->market[i] >= 0 || g->ndeck + g->ndiscard == 0)
				continue;
			fwb_market_fill(g, i, g->market_owner[i] >= 0 ?
			    g->market_owner[i] : g->active, ev);
			filled = 1;
			if (g->market[i] < 0)
				continue;
			fwb_card_name(g, g->market[i], name, sizeof name);
			game_say(ev, g->active, "%s fills market slot %d.", name,
			    i + 1);
		}
		if (filled)
			continue;
		if (g->phase != FWB_PH_LIMIT)
			return;
		if (g->nhand[g->active] > FWB_HAND_LIMIT) {
			memset(&g->ask, 0, sizeof g->ask);
			g->ask.kind = FWB_ASK_LIMIT;
			g->ask.seat = g->active;
			g->ask.card = -1;
			return;
		}
		turn_end(g, ev);
	}
}
