/*
 * board.c: Cosdrink Encounters in parts (render_board), for a board shown
 * as a card: the Kings in the middle as a field, then one field per seat
 * with its monster, the items played against it, how many items it holds
 * and its drinks; the encounter, the Kings destroyed and the decks as the
 * summary.  Like render_public it never shows an item in a hand.
 */
#include "game/cosdrink/cosdrink-int.h"
#include "game/text.h"

/* Monster m and what lies against it: "Frost Wyrm (🧊5): 🧊2 🔥1 = 2½". */
static void
board_monster(const struct game *g, int m, const struct cos_pile *p,
    struct game_text *t)
{
	char	text[80];
	int	i;

	cos_monster_name(g, m, text, sizeof text);
	game_text_put(t, text);
	if (p == NULL)
		return;
	if (p->n == 0) {
		game_text_put(t, ", nothing against it yet");
		return;
	}
	game_text_put(t, ": against it");
	for (i = 0; i < p->n; i++) {
		game_text_put(t, " ");
		game_text_put(t, g->colour_emoji[g->item[p->item[i]].colour]);
		game_text_int(t, g->item[p->item[i]].value);
	}
	cos_halves(cos_pile_sum(g, p, m), text, sizeof text);
	game_text_put(t, " = ");
	game_text_put(t, text);
}

/* The Kings in the middle, the front one first. */
static void
board_kings(const struct game *g, struct game_board *b)
{
	struct game_text	t;
	int			i;

	if (g->nkings == 0 ||
	    game_board_field(b, 1, "Kings in the middle", &t) == NULL)
		return;
	for (i = 0; i < g->nkings; i++) {
		if (i > 0)
			game_text_put(&t, "\n");
		board_monster(g, g->kings[i], i == 0 && g->king_open ?
		    &g->kpile : NULL, &t);
		if (i == 0 && !g->king_open)
			game_text_put(&t, " (waits until every other monster "
			    "is destroyed)");
	}
}

/* Seat s: its monster and pile, its items, its drinks, what it did. */
static void
board_seat(const struct game *g, struct game_board *b, int s)
{
	struct game_text	t;
	char			marks[COS_MARKS_MAX];

	if (game_board_seat(b, 0, s, s == g->dealer ? " (dealer)" : "",
	    &t) == NULL)
		return;
	if (g->monster[s] < 0)
		game_text_put(&t, "No monster");
	else
		board_monster(g, g->monster[s], &g->pile[s], &t);
	game_text_put(&t, "\n");
	game_text_count(&t, g->nhand[s], "item", "items");
	game_text_put(&t, ", ");
	game_text_int(&t, g->drinks[s]);
	game_text_put(&t, " ");
	game_text_put(&t, cos_unit(g, g->drinks[s]));
	cos_seat_marks(g, s, marks, sizeof marks);
	game_text_put(&t, marks);
}

void
cos_render_board(const struct game *g, struct game_board *b)
{
	struct game_result	r;
	struct game_text	t;
	char			piles[COS_PILES_MAX];
	int			s;

	game_board_begin(b, &cosdrink_ops, g, &t);
	cos_result_get(g, &r);
	if (g->state == GAME_RUNNING) {
		game_text_put(&t, "Encounter ");
		game_text_int(&t, g->encounter);
		game_text_put(&t, ", round ");
		game_text_int(&t, g->round);
		game_text_put(&t, ". ");
		game_text_put(&t, r.text);
		game_text_put(&t, " ");
	}
	cos_piles_text(g, piles, sizeof piles);
	game_text_put(&t, piles);
	if (g->opt[COS_O_DRINKS] != COS_D_POINTS)
		game_text_put(&t, g->opt[COS_O_DRINKS] == COS_D_SIPS ?
		    " Sips are of anything you like; water counts." :
		    " Sips are of water.");

	board_kings(g, b);
	for (s = 0; s < g->nplayers; s++)
		board_seat(g, b, s);
}
