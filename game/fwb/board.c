/*
 * board.c: Friends with Beverages in parts (render_board), for a board
 * shown as a card: the resource market and the guest market as fields,
 * then one field per seat with its hand's size, its shed and its guests;
 * the decks and the discard pile (its top, the equipment in it) as the
 * summary.  Like render_public it
 * never shows a hand card, nor the guest a seat drew and is deciding on.
 */
#include "game/fwb/fwb-int.h"
#include "game/text.h"

/*
 * A field of market slots, one a line, "1. " and each slot's text (by
 * text, fwb_card_name or fwb_guest_text) or "(empty)"; t is left on its
 * value.  0, or -1 when b is full.
 */
static int
board_slots(const struct game *g, struct game_board *b, const char *name,
    int wide, const int *slot, int n,
    void (*text)(const struct game *, int, char *, size_t),
    struct game_text *t)
{
	char	one[160];
	int	i;

	if (game_board_field(b, wide, name, t) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		if (slot[i] >= 0)
			text(g, slot[i], one, sizeof one);
		if (i > 0)
			game_text_put(t, "\n");
		game_text_int(t, i + 1);
		game_text_put(t, ". ");
		game_text_put(t, slot[i] >= 0 ? one : "(empty)");
	}
	return 0;
}

/* The resource market (and the second-hand slot), then the guests. */
static void
board_markets(const struct game *g, struct game_board *b)
{
	struct game_text	t;

	if (board_slots(g, b, "Market", 0, g->market, FWB_MARKET,
	    fwb_card_name, &t) == 0 && g->opt[FWB_O_SECONDHAND]) {
		game_text_put(&t, "\nSecond-hand: ");
		game_text_put(&t, g->secondhand >= 0 ?
		    g->equip_name[g->card[g->secondhand].kind] : "(empty)");
	}
	board_slots(g, b, "Guest market", 1, g->gmarket, FWB_GMARKET,
	    fwb_guest_text, &t);
}

/* Seat s: its hand's size, its shed, then its guests one a line. */
static void
board_seat(const struct game *g, struct game_board *b, int s)
{
	const struct fwb_guest	*gu;
	struct game_text	 t;
	char			 text[160];
	int			 i;

	if (game_board_seat(b, 1, s, s == g->holder ? " (Round Token)" : "",
	    &t) == NULL)
		return;
	game_text_count(&t, g->nhand[s], "card", "cards");
	game_text_put(&t, " in hand; shed:");
	if (g->nshed[s] == 0)
		game_text_put(&t, " empty");
	for (i = 0; i < g->nshed[s]; i++) {
		game_text_put(&t, i > 0 ? ", " : " ");
		game_text_put(&t,
		    g->equip_name[g->card[g->shed[s][i].card].kind]);
		if (g->shed[s][i].installing)
			game_text_put(&t, " (installing)");
	}
	for (i = 0; i < g->nguests; i++) {
		game_text_put(&t, "\n");
		game_text_int(&t, i + 1);
		game_text_put(&t, ". ");
		if (g->guests[s][i].guest < 0) {
			game_text_put(&t, "(no guest)");
			continue;
		}
		gu = &g->guest[g->guests[s][i].guest];
		if (g->guests[s][i].done) {
			game_text_put(&t, "served: ");
			game_text_put(&t, gu->country);
			game_text_put(&t, ", ");
			game_text_put(&t, gu->liqueur);
			game_text_put(&t, " (");
			game_text_count(&t, gu->points, "pt", "pts");
			game_text_put(&t, ")");
			continue;
		}
		fwb_guest_text(g, g->guests[s][i].guest, text, sizeof text);
		game_text_put(&t, text);
	}
}

void
fwb_render_board(const struct game *g, struct game_board *b)
{
	struct game_text	t;
	char			name[160];
	int			s;

	game_board_begin(b, &fwb_ops, g, &t);
	game_text_put(&t, "Resource deck ");
	game_text_int(&t, g->ndeck);
	game_text_put(&t, ", guest deck ");
	game_text_int(&t, g->ngdeck);
	game_text_put(&t, ", discard pile ");
	game_text_int(&t, g->ndiscard);
	if (g->ndiscard > 0) {
		fwb_card_name(g, g->discard[g->ndiscard - 1], name, sizeof name);
		game_text_put(&t, " (top ");
		game_text_put(&t, name);
		if (g->opt[FWB_O_DISCARD_MARKET])
			game_text_put(&t, ", draw 3");
		fwb_discard_equip_text(g, name, sizeof name);
		game_text_put(&t, "; in it: ");
		game_text_put(&t, name);
		game_text_put(&t, ")");
	}
	game_text_put(&t, ".");
	if (g->cultural >= 0)
		game_text_put(&t, " Cultural Exchange is active: a guest swap "
		    "costs one card of any type.");

	board_markets(g, b);
	for (s = 0; s < g->nplayers; s++)
		board_seat(g, b, s);
}
