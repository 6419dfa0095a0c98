/*
 * test_fwb_silly.c: no silly Friends with Beverages moves by the default
 * AI, by the rules of game/fwb/README.md ("Silly moves"), over seeded
 * games of 2 to 5 players, the AI in every seat (500 games unless
 * SILLY_GAMES says; see silly.h).  A card is "needed" when the seat's
 * open guests need it (see needed()), which its hand, its shed and its
 * guests decide.  A move is silly when:
 *   1. it ends the turn (done), or passes a Festival Rush, while it could
 *      serve a guest;
 *   2. it discards a needed card while it may discard one not needed;
 *   3. it accepts a trade that gives a needed card for one not needed.
 * Also checks that the AI's choice does not change when the other seats'
 * hands and both decks are dealt again (f_redeal).
 */
#include "tests/unit/fwb-test.h"
#include "tests/unit/silly.h"

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

/* The hand card (from 0) seat gives when it accepts the open offer. */
static int
offered(const struct game *g, int seat)
{
	int	i;

	for (i = 0; i < g->nhand[seat]; i++)
		if (fwb_kind_of(g, g->hand[seat][i]) == g->ask.want)
			return i;
	fail_msg("fwb: an offer accepted without the card asked for");
	return -1;
}

/* The checker: rules 1-3 of the README. */
static const char *
silly(const struct game *g, int seat, const struct game_move *m)
{
	struct game_move	moves[FWB_MAX_LEGAL];
	struct game		*h;
	int			n, i, at, gets, serve = 0;

	n = fwb_ops.legal_moves(g, seat, moves, FWB_MAX_LEGAL);
	for (i = 0; i < n; i++)
		if (moves[i].action == FWB_A_COMPLETE)
			serve = 1;
	if (serve && (m->action == FWB_A_DONE || (m->action == FWB_A_PASS &&
	    g->ask.kind == FWB_ASK_RUSH)))
		return "ends its turn or passes while it could serve a guest";
	if (m->action == FWB_A_ACCEPT && g->ask.kind == FWB_ASK_OFFER) {
		at = offered(g, seat);
		if (!needed(g, seat, at))
			return NULL;
		/* What it gets, as its hand's card: swapped in on a copy. */
		h = fwb_ops.copy_game(g);
		h->hand[seat][at] = g->ask.give;
		gets = needed(h, seat, at);
		fwb_ops.free_game(h);
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

int
main(void)
{
	static const struct silly	spec = { .ops = &fwb_ops,
	    .silly = silly, .redeal = f_redeal };

	return silly_main(&spec);
}
