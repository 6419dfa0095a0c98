/*
 * silly.c: the silly moves of Friends with Beverages (README.md, "Silly
 * moves"), judged only from the seat's own hand, shed and guests: the
 * silly op, which the hard level's search keeps out of its choices and
 * the silly-move test (tests/unit/test_fwb_silly.c) holds the default AI
 * to.  A card is "needed" when the seat's open guests need it (see
 * needed()).  A move is silly when:
 *   1. it ends the turn (done), or passes a Festival Rush, while it could
 *      serve a guest;
 *   2. it discards a needed card while it may discard one not needed;
 *   3. it accepts a trade that gives a needed card for one not needed.
 */
#include "game/fwb/fwb-int.h"

/*
 * Whether seat needs its hand card at (from 0): an ingredient its open
 * guests together need at least as many of as it holds, the only copy in
 * hand of equipment an open guest needs and its shed lacks, or Abundance
 * while it has an open guest.
 */
static int
needed(const struct game *g, int seat, int at)
{
	const struct fwb_card	*c = &g->card[g->hand[seat][at]];
	const struct fwb_guest	*gu;
	unsigned		 equip = 0;
	int			 i, want = 0, held = 0, open = 0;

	for (i = 0; i < g->nguests; i++) {
		if (g->guests[seat][i].guest < 0 || g->guests[seat][i].done)
			continue;
		gu = &g->guest[g->guests[seat][i].guest];
		open = 1;
		equip |= gu->equip;
		if (c->cls == FWB_INGREDIENT)
			want += gu->ingr[c->kind];
	}
	for (i = 0; i < g->nhand[seat]; i++)
		held += fwb_is(g, g->hand[seat][i], c->cls, c->kind);
	switch (c->cls) {
	case FWB_INGREDIENT:
		return want >= held;
	case FWB_EQUIPMENT:
		return (equip & (1u << c->kind)) && held == 1 &&
		    !(fwb_shed_types(g, seat, 0) & (1u << c->kind));
	case FWB_EVENT:
		return open && c->kind == FWB_E_ABUNDANCE;
	}
	return 0;
}

/*
 * The hand card (from 0) seat gives when it accepts the open offer; -1
 * when it holds none.
 */
static int
offered(const struct game *g, int seat)
{
	int	i;

	for (i = 0; i < g->nhand[seat]; i++)
		if (fwb_kind_of(g, g->hand[seat][i]) == g->ask.want)
			return i;
	return -1;
}

/* See game.h (silly): rules 1-3 of the README. */
const char *
fwb_silly(const struct game *g, int seat, const struct game_move *m)
{
	struct game_move	moves[FWB_MAX_LEGAL];
	struct game		*h;
	int			n, i, at, gets, serve = 0;

	n = fwb_legal(g, seat, moves, FWB_MAX_LEGAL);
	for (i = 0; i < n; i++)
		if (moves[i].action == FWB_A_COMPLETE)
			serve = 1;
	if (serve && (m->action == FWB_A_DONE || (m->action == FWB_A_PASS &&
	    g->ask.kind == FWB_ASK_RUSH)))
		return "ends its turn or passes while it could serve a guest";
	if (m->action == FWB_A_ACCEPT && g->ask.kind == FWB_ASK_OFFER) {
		if ((at = offered(g, seat)) < 0)
			return "accepts an offer without the card asked for";
		if (!needed(g, seat, at))
			return NULL;
		/* What it gets, as its hand's card: swapped in on a copy. */
		h = fwb_copy(g);
		h->hand[seat][at] = g->ask.give;
		gets = needed(h, seat, at);
		game_free(h);
		return gets ? NULL : "trades a card it needs for one it does "
		    "not";
	}
	if (m->action != FWB_A_DISCARD || !needed(g, seat, m->args[0] - 1))
		return NULL;
	for (i = 0; i < n; i++)
		if (moves[i].action == FWB_A_DISCARD &&
		    !needed(g, seat, moves[i].args[0] - 1))
			return "discards a card it needs, not one it does not";
	return NULL;
}
