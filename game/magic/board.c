/*
 * board.c: Magic Cocktail in parts (render_board), for a board shown as a
 * card: one field per seat with its square on the magic path, how many
 * cards it holds and its stone or its laying out, then the open offers;
 * the round's recipe, the stones placed and the deck as the summary.
 * Like render_public it never shows a hand: offers are public.
 */
#include <string.h>

#include "game/magic/magic-int.h"
#include "game/text.h"

/* The round's recipe and what is left of the recipe pile, into t. */
static void
board_recipe(const struct game *g, struct game_text *t)
{
	char	recipe[MAGIC_RECIPE_TEXT_MAX];

	if (magic_recipe_text(g, recipe, sizeof recipe) != 0)
		return;
	game_text_put(t, "Round ");
	game_text_int(t, g->round);
	game_text_put(t, ": the recipe moves ");
	game_text_put(t, recipe);
	game_text_put(t, ". ");
}

/* Seat s: its square, its cards, its stone or its lay, its last move. */
static void
board_seat(const struct game *g, struct game_board *b, int s)
{
	struct game_text	t;

	if (game_board_seat(b, 0, s, "", &t) == NULL)
		return;
	game_text_put(&t, "Square ");
	game_text_int(&t, g->pos[s]);
	game_text_put(&t, ", ");
	game_text_count(&t, magic_hand_size(g, s), "card", "cards");
	if (g->state == GAME_RUNNING && g->phase == MAGIC_PH_TRADE &&
	    g->stone[s]) {
		game_text_put(&t, "\nStone ");
		game_text_int(&t, g->stone[s]);
		if (g->stone[s] == 1)
			game_text_put(&t, " (first)");
	}
	if (g->state == GAME_RUNNING && g->phase == MAGIC_PH_LAY)
		game_text_put(&t, g->lay[s].done ? "\nHas laid out" :
		    "\nLaying out");
	if (g->round > 1 || g->state != GAME_RUNNING) {
		game_text_put(&t, "\nLast round ");
		if (g->moved[s] >= 0)
			game_text_put(&t, "+");
		game_text_int(&t, g->moved[s]);
	}
}

/* The open offers, one a line, as many as fit, then how many did not. */
static void
board_offers(const struct game *g, struct game_board *b)
{
	struct game_text	t;
	char			text[GAME_TEXT_MAX];
	int			i;

	if (g->noffers == 0 ||
	    game_board_field(b, 1, "Open offers", &t) == NULL)
		return;
	for (i = 0; i < g->noffers; i++) {
		magic_offer_text(g, &g->offer[i], text, sizeof text);
		/* Room for this line and for the "and N more" line. */
		if (t.at + strlen(text) + 32 > t.end) {
			game_text_put(&t, "\nand ");
			game_text_count(&t, g->noffers - i, "more offer",
			    "more offers");
			return;
		}
		if (i > 0)
			game_text_put(&t, "\n");
		game_text_put(&t, text);
	}
}

void
magic_render_board(const struct game *g, struct game_board *b)
{
	struct game_text	t;
	int			s, n;

	game_board_begin(b, &magic_ops, g, &t);
	if (g->state == GAME_RUNNING) {
		board_recipe(g, &t);
		if (g->phase == MAGIC_PH_TRADE) {
			game_text_put(&t, "Stones: ");
			game_text_int(&t, g->nstones);
			game_text_put(&t, " of ");
			game_text_int(&t, magic_stones_needed(g));
			game_text_put(&t, " placed. ");
		}
	} else {
		n = magic_rounds_played(g);
		game_text_count(&t, n, "round", "rounds");
		game_text_put(&t, " played. ");
	}
	game_text_put(&t, "Square ");
	game_text_int(&t, g->path_len);
	game_text_put(&t, " ends the game. Ingredient deck: ");
	game_text_count(&t, g->ndeck, "card", "cards");
	game_text_put(&t, ".");

	for (s = 0; s < g->nplayers; s++)
		board_seat(g, b, s);
	if (g->state == GAME_RUNNING && g->phase == MAGIC_PH_TRADE)
		board_offers(g, b);
}
