/*
 * The final table: a finished game's ranking (game_ops.final_table) as
 * the channel reads it.  Every platform shows the same rows: the text
 * adapters as lines after the game's last move, the boards (Discord's
 * embed, Slack's card) as a field, and replay at the end of its log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/adapter.h"
#include "bot/saying/final-table.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

/* Fills *r with t's final table; 0, or -1 when there is none. */
static int
final_get(const struct table *t, struct game_ranking *r)
{
	if (t->game == NULL || t->ops->final_table == NULL ||
	    t->ops->final_table(t->game, r) != 0 || r->n == 0)
		return -1;
	return 0;
}

/* Appends row's line, "1. @{0}: 9 points, 2 recipes served", to b. */
static void
final_row(const struct game_rank *row, struct buf *b)
{
	buf_printf(b, "%d. ", row->place);
	if (row->who[0] != '\0')
		buf_puts(b, row->who);
	else if (row->seats != 0)
		buf_printf(b, "@{%d}", __builtin_ctz(row->seats));
	if (row->figures[0] != '\0')
		buf_printf(b, ": %s", row->figures);
}

int
final_lines(const struct table *t, struct buf *b)
{
	struct game_ranking	*r;
	int			 i;

	r = xmalloc(sizeof *r);
	if (final_get(t, r) != 0) {
		free(r);
		return -1;
	}
	buf_printf(b, "%s:", r->title[0] != '\0' ? r->title : "Final scores");
	for (i = 0; i < r->n; i++) {
		buf_puts(b, "\n ");
		final_row(&r->row[i], b);
	}
	free(r);
	return 0;
}

int
final_field(const struct table *t, struct adapter_view *v)
{
	struct adapter_view_field	*f;
	struct game_ranking		*r;
	struct buf			 b;
	char				*s;
	int				 i;

	r = xmalloc(sizeof *r);
	if (final_get(t, r) != 0) {
		free(r);
		return -1;
	}
	if (v->nfields == ADAPTER_VIEW_FIELDS)
		v->nfields--;
	memmove(&v->field[1], &v->field[0], (size_t)v->nfields *
	    sizeof v->field[0]);
	v->nfields++;
	f = &v->field[0];
	memset(f, 0, sizeof *f);
	f->wide = 1;
	snprintf(f->name, sizeof f->name, "%s", r->title[0] != '\0' ?
	    r->title : "Final scores");
	buf_init(&b, ADAPTER_VIEW_VALUE_MAX * 2);
	for (i = 0; i < r->n; i++) {
		if (i > 0)
			buf_puts(&b, "\n");
		final_row(&r->row[i], &b);
	}
	s = render_expand(t, buf_str(&b));
	/* Cut before a character, as the other parts are. */
	i = (int)strlen(s);
	if (i >= (int)sizeof f->value) {
		i = (int)sizeof f->value - 1;
		while (i > 0 && ((unsigned char)s[i] & 0xc0) == 0x80)
			i--;
	}
	memcpy(f->value, s, (size_t)i);
	f->value[i] = '\0';
	free(s);
	buf_release(&b);
	free(r);
	return 0;
}
