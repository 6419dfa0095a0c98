/*
 * The table in parts (struct game_board), which each game's render_board
 * fills: the helpers every game shares.
 */
#include <string.h>

#include "game/game.h"
#include "game/text.h"

void
game_board_init(struct game_board *b)
{
	b->status[0] = '\0';
	b->summary[0] = '\0';
	b->nfields = 0;
	b->dropped = 0;
}

struct game_board_field *
game_board_add(struct game_board *b, int wide)
{
	struct game_board_field	*f;

	if (b->nfields >= GAME_BOARD_FIELDS) {
		b->dropped++;
		return NULL;
	}
	f = &b->field[b->nfields++];
	f->name[0] = '\0';
	f->value[0] = '\0';
	f->wide = wide;
	return f;
}

struct game_board_field *
game_board_field(struct game_board *b, int wide, const char *name,
    struct game_text *value)
{
	struct game_board_field	*f;
	struct game_text	 t;

	if ((f = game_board_add(b, wide)) == NULL)
		return NULL;
	game_text_init(&t, f->name, sizeof f->name);
	game_text_put(&t, name);
	game_text_init(value, f->value, sizeof f->value);
	return f;
}

struct game_board_field *
game_board_seat(struct game_board *b, int wide, int seat, const char *more,
    struct game_text *value)
{
	struct game_board_field	*f;
	struct game_text	 t;

	if ((f = game_board_field(b, wide, "", value)) != NULL) {
		game_text_init(&t, f->name, sizeof f->name);
		game_text_seat(&t, seat);
		game_text_put(&t, more);
	}
	return f;
}

/* See game.h: out holds len bytes. */
int
game_status(const struct game_ops *ops, const struct game *g, char *out,
    size_t len)
{
	struct game_prompt	pr;
	struct game_result	r;
	struct game_text	t;

	game_text_init(&t, out, len);
	ops->result(g, &r);
	if (r.state != GAME_RUNNING) {
		game_text_put(&t, "Game over. ");
		game_text_put(&t, r.text);
		return 1;
	}
	if (ops->pending(g, &pr, 1) >= 1) {
		game_text_put(&t, pr.text);
		return 1;
	}
	return 0;
}

void
game_board_begin(struct game_board *b, const struct game_ops *ops,
    const struct game *g, struct game_text *summary)
{
	game_board_init(b);
	game_status(ops, g, b->status, sizeof b->status);
	game_text_init(summary, b->summary, sizeof b->summary);
}
