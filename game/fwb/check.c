/*
 * check.c: the invariant checker the tests run after every move and load
 * runs on every saved game: each resource card and each guest card in
 * exactly one place, markets and sheds holding what they may, hands within
 * their cap, turn and decision state in range.
 */
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))
/* Card conservation, as every game counts it (game/conserve.c). */
#define check_ids	game_check_ids

static int
check_resources(const struct game *g, char **cause)
{
	int	seen[FWB_NCARDS_MAX] = { 0 }, i, s, t, c;
	int	one[1];

	if (check_ids(g->deck, g->ndeck, g->ncards, seen, "the deck",
	    cause) != 0 || check_ids(g->discard, g->ndiscard, g->ncards, seen,
	    "the discard pile", cause) != 0 || check_ids(g->queue, g->nqueue,
	    g->ncards, seen, "the interrupt queue", cause) != 0)
		return -1;
	for (i = 0; i < g->nqueue; i++)
		if (g->card[g->queue[i]].cls != FWB_INTERRUPT ||
		    g->queue_seat[i] < 0 || g->queue_seat[i] >= g->nplayers)
			return set_cause(cause, "The interrupt queue is bad.");
	for (i = 0; i < FWB_MARKET; i++) {
		if ((one[0] = g->market[i]) < 0)
			continue;
		if (check_ids(one, 1, g->ncards, seen, "the market", cause) != 0)
			return -1;
		if (g->card[one[0]].cls == FWB_INTERRUPT)
			return set_cause(cause, "An interrupt sits in the "
			    "market.");
	}
	/* check_ids says why itself: one cause each, none overwritten. */
	if ((one[0] = g->secondhand) >= 0) {
		if (check_ids(one, 1, g->ncards, seen,
		    "the second-hand market", cause) != 0)
			return -1;
		if (!g->opt[FWB_O_SECONDHAND] ||
		    g->card[one[0]].cls != FWB_EQUIPMENT)
			return set_cause(cause, "The second-hand market is bad.");
	}
	if ((one[0] = g->cultural) >= 0) {
		if (check_ids(one, 1, g->ncards, seen, "Cultural Exchange",
		    cause) != 0)
			return -1;
		if (!fwb_is(g, one[0], FWB_INTERRUPT, FWB_I_CULTURAL))
			return set_cause(cause, "The active Cultural Exchange "
			    "is bad.");
	}
	if ((one[0] = g->ask.card) >= 0) {
		if (check_ids(one, 1, g->ncards, seen, "the open decision",
		    cause) != 0)
			return -1;
		if (g->card[one[0]].cls < FWB_INTERRUPT)
			return set_cause(cause, "The open decision holds a bad "
			    "card.");
	}
	for (s = 0; s < g->nplayers; s++) {
		if (g->nhand[s] < 0 || g->nhand[s] > FWB_HAND_CAP)
			return set_cause(cause, "@{%d}'s hand size is bad.", s);
		if (check_ids(g->hand[s], g->nhand[s], g->ncards, seen,
		    "a hand", cause) != 0)
			return -1;
		for (i = 0; i < g->nhand[s]; i++)
			if (g->card[g->hand[s][i]].cls == FWB_INTERRUPT)
				return set_cause(cause, "An interrupt is in "
				    "@{%d}'s hand.", s);
		if (g->nshed[s] < 0 || g->nshed[s] > g->shed_cap)
			return set_cause(cause, "@{%d}'s shed holds %d, more "
			    "than %d.", s, g->nshed[s], g->shed_cap);
		for (i = 0, t = 0; i < g->nshed[s]; i++) {
			one[0] = c = g->shed[s][i].card;
			if (check_ids(one, 1, g->ncards, seen, "a shed",
			    cause) != 0)
				return -1;
			if (g->card[c].cls != FWB_EQUIPMENT ||
			    (t & BIT(g->card[c].kind)))
				return set_cause(cause, "@{%d}'s shed holds a "
				    "card that is not equipment, or a "
				    "duplicate.", s);
			t |= BIT(g->card[c].kind);
			if (g->shed[s][i].installing != 0 &&
			    (g->shed[s][i].installing != 1 ||
			    !g->opt[FWB_O_INSTALL]))
				return set_cause(cause, "@{%d}'s shed has a bad "
				    "installing flag.", s);
		}
	}
	for (i = 0; i < g->ncards; i++)
		if (seen[i] != 1)
			return set_cause(cause, "Resource card %d is nowhere.", i);
	return 0;
}

static int
check_guests(const struct game *g, char **cause)
{
	int	seen[FWB_NGUESTS] = { 0 }, i, s, one[1];

	if (check_ids(g->gdeck, g->ngdeck, FWB_NGUESTS, seen, "the guest deck",
	    cause) != 0 || check_ids(g->gdiscard, g->ngdiscard, FWB_NGUESTS,
	    seen, "the guest discard pile", cause) != 0 ||
	    check_ids(g->gbox, FWB_BOXED, FWB_NGUESTS, seen, "the box",
	    cause) != 0)
		return -1;
	for (i = 0; i < FWB_GMARKET; i++)
		if ((one[0] = g->gmarket[i]) >= 0 && check_ids(one, 1,
		    FWB_NGUESTS, seen, "the guest market", cause) != 0)
			return -1;
	if ((one[0] = g->revealed) >= 0 && check_ids(one, 1, FWB_NGUESTS,
	    seen, "the drawn guest", cause) != 0)
		return -1;
	for (s = 0; s < g->nplayers; s++) {
		for (i = 0; i < FWB_MAX_GUESTS; i++) {
			one[0] = g->guests[s][i].guest;
			if (one[0] < 0) {
				if (g->guests[s][i].done)
					return set_cause(cause, "An empty guest "
					    "place is served.");
				continue;
			}
			if (i >= g->nguests || (g->guests[s][i].done != 0 &&
			    g->guests[s][i].done != 1))
				return set_cause(cause, "@{%d} has a bad guest "
				    "place %d.", s, i + 1);
			if (check_ids(one, 1, FWB_NGUESTS, seen, "a player's "
			    "guests", cause) != 0)
				return -1;
		}
	}
	for (i = 0; i < FWB_NGUESTS; i++)
		if (seen[i] != 1)
			return set_cause(cause, "Guest card %d is nowhere.", i);
	return 0;
}

static int
check_ask(const struct game *g, char **cause)
{
	const struct fwb_ask	*a = &g->ask;
	unsigned		 all = BIT(g->nplayers) - 1;
	int			 cls;

	if (a->kind < 0 || a->kind >= FWB_ASK_COUNT)
		return set_cause(cause, "The open decision is of no kind.");
	if ((a->kind == FWB_ASK_GUEST) != (g->revealed >= 0))
		return set_cause(cause, "A drawn guest waits without a decision, "
		    "or the other way round.");
	if (a->kind == FWB_ASK_NONE)
		return a->card == -1 ? 0 : set_cause(cause, "No decision is "
		    "open but one holds a card.");
	if (a->kind != FWB_ASK_IMMUNE && a->kind != FWB_ASK_NOSE &&
	    (a->seat < 0 || a->seat >= g->nplayers))
		return set_cause(cause, "The open decision names no seat.");
	if ((a->mask & ~all) || (a->immune & ~all) || a->first < 0 ||
	    a->first >= g->nplayers || a->step < 0 || a->step > g->nplayers ||
	    a->n < 0 || a->n > 2 || a->got < 0 || a->got > 2)
		return set_cause(cause, "The open decision is out of range.");
	if ((a->kind == FWB_ASK_IMMUNE || a->kind == FWB_ASK_NOSE) &&
	    a->mask == 0)
		return set_cause(cause, "Nobody may answer the open decision.");
	if ((a->kind == FWB_ASK_FRIEND || a->kind == FWB_ASK_SHOT) &&
	    (a->target < 0 || a->target >= g->nplayers ||
	    g->nshed[a->target] == 0))
		return set_cause(cause, "The equipment to borrow is gone.");
	if (a->kind == FWB_ASK_GUEST && (a->seat != g->active ||
	    a->target < 0 || a->target >= g->nguests))
		return set_cause(cause, "The guest decision is bad.");
	if (a->kind == FWB_ASK_OFFER && (a->target < 0 ||
	    a->target >= g->nplayers || a->give < 0 || a->give >= g->ncards ||
	    a->want < 0 || a->want >= FWB_NKINDS))
		return set_cause(cause, "The trade offer is bad.");
	cls = a->card >= 0 ? g->card[a->card].cls : -1;
	switch (a->kind) {
	case FWB_ASK_RUSH:
	case FWB_ASK_CANCEL:
	case FWB_ASK_FRIEND:
	case FWB_ASK_IMMUNE:
	case FWB_ASK_SHOT:
		if (cls != FWB_INTERRUPT)
			return set_cause(cause, "An interrupt's decision holds "
			    "no interrupt.");
		break;
	case FWB_ASK_EXHIBIT:
		if (!fwb_is(g, a->card, FWB_EVENT, FWB_E_EXHIBITION))
			return set_cause(cause, "The Exhibition holds no card.");
		break;
	default:
		if (a->card != -1)
			return set_cause(cause, "The decision holds a card.");
	}
	return 0;
}

/* See fwb.h. */
int
fwb_check(const struct game *g, char **cause)
{
	int	s;

	if (g->nplayers < 2 || g->nplayers > FWB_MAX_PLAYERS)
		return set_cause(cause, "Bad player count %d.", g->nplayers);
	if (g->shed_cap < 2 || g->shed_cap > FWB_SHED_MAX ||
	    (g->nguests != 3 && g->nguests != 4) || g->target != g->nguests)
		return set_cause(cause, "The settings are out of range.");
	if (g->active < 0 || g->active >= g->nplayers || g->holder < 0 ||
	    g->holder >= g->nplayers || g->phase < FWB_PH_TRADE ||
	    g->phase > FWB_PH_LIMIT || g->points < 0 ||
	    g->points > FWB_DRAW_POINTS || g->served < 0 ||
	    g->holder_played < 0 || g->holder_played > 1 || g->ending < 0 ||
	    g->ending > 1 || g->turns < 0 || g->rounds < 0)
		return set_cause(cause, "The turn state is out of range.");
	for (s = 0; s < g->nplayers; s++)
		if (g->traded[s] < 0 || g->traded[s] > FWB_TRADE_MAX)
			return set_cause(cause, "@{%d} traded too much.", s);
	if (g->state != GAME_RUNNING && g->state != GAME_WON)
		return set_cause(cause, "The game state is bad.");
	if ((g->state == GAME_WON) != (g->winners != 0) ||
	    (g->winners & ~(BIT(g->nplayers) - 1)))
		return set_cause(cause, "The winners do not fit the state.");
	if (g->state == GAME_WON && g->ask.kind != FWB_ASK_NONE)
		return set_cause(cause, "A finished game asks for a decision.");
	if (check_resources(g, cause) != 0 || check_guests(g, cause) != 0)
		return -1;
	return check_ask(g, cause);
}
