/*
 * board.c: CHEERS in parts (render_board), for a board shown as a card:
 * one field per shaker with its drinks, and for a seat's shaker the team
 * (outside Masquerade) and the hand's size; the deck and the discard pile
 * as the summary.  Like render_public it never shows a hand card or a
 * recipe: only the big icon of a shaker's cards, which everyone sees.
 */
#include "game/cheers/cheers-int.h"

/* A shaker's drinks, one a line ("1 🥃 whisky"), into t. */
static void
board_drinks(const struct game *g, int s, struct game_text *t)
{
	int	i, kind;

	if (g->nshaker[s] == 0) {
		game_text_put(t, "(empty)");
		return;
	}
	for (i = 0; i < g->nshaker[s]; i++) {
		kind = g->card[g->shaker[s][i]].big;
		if (i > 0)
			game_text_put(t, "\n");
		game_text_int(t, i + 1);
		game_text_put(t, " ");
		cheers_kind_put(kind, t);
		game_text_put(t, " ");
		game_text_put(t, cheers_kind_names[kind]);
	}
}

/* What a seat's shaker field adds: its team, its hand's size. */
static void
board_seat(const struct game *g, int s, struct game_text *t)
{
	int	team = g->team_of[s];

	game_text_put(t, "\n");
	if (g->mode != CHEERS_MASQUERADE && g->nplayers > 2) {
		game_text_put(t, "Team ");
		game_text_put_n(t, &"ABCDEFGH"[team], 1);
		if (g->mode == CHEERS_MASTER && g->team_seat[team][0] == s)
			game_text_put(t, " (master)");
		game_text_put(t, ", ");
	}
	game_text_count(t, g->nhand[s], "card", "cards");
	game_text_put(t, " in hand");
}

void
cheers_render_board(const struct game *g, struct game_board *b)
{
	struct game_text	 t;
	char			 name[48], piles[CHEERS_PILES_MAX];
	int			 s;

	game_board_begin(b, &cheers_ops, g, &t);
	cheers_piles_text(g, piles, sizeof piles);
	game_text_put(&t, piles);
	if (g->mode == CHEERS_MASQUERADE)
		game_text_put(&t, " Masquerade: teams are secret.");

	for (s = 0; s < g->nshakers; s++) {
		game_text_init(&t, name, sizeof name);
		cheers_place_put(g, s, &t);
		name[0] = name[0] == 't' ? 'T' : name[0];
		if (s == g->nplayers && g->place == CHEERS_PLACE_EXTRA) {
			game_text_put(&t, " (team ");
			game_text_put_n(&t, &"ABCDEFGH"[g->extra_team], 1);
			game_text_put(&t, ")");
		}
		if (game_board_field(b, 0, name, &t) == NULL)
			break;
		board_drinks(g, s, &t);
		if (s < g->nplayers)
			board_seat(g, s, &t);
	}
}
