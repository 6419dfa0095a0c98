/*
 * What each player hears privately of a move (see narrate.h): the game's
 * notes for them ("You drew 🍸 cocktail (cheers with 🍹)."), and when it
 * becomes their move one line with the prompt, the command that answers
 * it and their hand in short.  The whole view is sent only when the game
 * starts, on "hand", and for a game that writes no notes.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/adapter.h"
#include "bot/button.h"
#include "bot/narrate.h"
#include "bot/outbox.h"
#include "bot/play.h"
#include "bot/render.h"
#include "bot/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

/* The first prompt of a that names seat, or NULL; borrowed from a. */
static const struct game_prompt *
narrate_asks(const struct narrate_asked *a, int seat)
{
	int	k;

	for (k = 0; a != NULL && k < a->n; k++)
		if (a->p[k].seats & (1u << seat))
			return &a->p[k];
	return NULL;
}

void
narrate_heading(const struct table *t, struct buf *b)
{
	char	where[TABLE_ID_MAX + 8];

	render_channel(t->adapter, t->channel, where, sizeof where);
	buf_printf(b, "%s at %s:", t->ops->title, where);
}

/* Appends seat's notes of ev to b; returns how many there are. */
static int
narrate_notes(const struct game_events *ev, int seat, struct buf *b)
{
	int	i, n = 0;

	for (i = 0; i < ev->nnotes; i++) {
		if (ev->note[i].seat != seat || ev->note[i].text[0] == '\0')
			continue;
		buf_printf(b, " %s", ev->note[i].text);
		n++;
	}
	return n;
}

/*
 * Appends " Your move: <prompt with its command>. <brief>" to b, or with
 * p NULL (a prompt seat has been given already) only the brief.
 */
static void
narrate_your_move(const struct table *t, const struct game_prompt *p,
    int seat, struct buf *b)
{
	char	*brief;

	if (p != NULL) {
		buf_puts(b, " Your move: ");
		narrate_prompt(t, p, seat, b);
	}
	brief = t->ops->render_brief(t->game, seat);
	if (brief != NULL && *brief != '\0')
		buf_printf(b, " %s", brief);
	free(brief);
}

/* Sends seat the line in b (game text), with its move buttons if asked. */
static void
narrate_send(struct table *t, int seat, struct buf *b, int asked)
{
	struct adapter_buttons	 bs;
	char			*text;

	bs.n = 0;
	if (asked && (t->adapter->ops->flags & ADAPTER_BUTTONS))
		button_moves(t, seat, &bs);
	text = render_expand(t, buf_str(b));
	/* A note of changes: never replaced by a later one. */
	outbox_deliver(t, seat, text, &bs, asked ? OUTBOX_PROMPT : 0);
	free(text);
}

void
narrate_private(struct table *t, const struct game_events *ev,
    const struct narrate_asked *before)
{
	const struct game_prompt	*p, *was;
	struct narrate_asked		 now;
	struct seat			*s;
	struct buf			 b;
	unsigned			 bit;
	int				 i, notes, newly;

	narrate_asked(t, &now);
	for (i = 0; i < t->nseats; i++) {
		s = &t->seats[i];
		bit = 1u << i;
		/* Nobody to tell: an AI seat, closed DMs, a seat the AI keeps. */
		if (s->user_id == NULL || s->dm_closed || s->ai)
			continue;
		p = narrate_asks(&now, i);
		/* A game without notes, or a note lost: the whole view. */
		if (t->ops->render_brief == NULL || (ev->notes_lost & bit)) {
			if (ev->private_changed & bit)
				play_deliver(t, i, p != NULL ? "your move." :
				    "your hand changed.");
			continue;
		}
		buf_init(&b, RENDER_MAX);
		narrate_heading(t, &b);
		notes = narrate_notes(ev, i, &b);
		was = narrate_asks(before, i);
		newly = p != NULL && (was == NULL || strcmp(was->text, p->text) != 0);
		if (newly) {
			narrate_your_move(t, p, i, &b);
			narrate_send(t, i, &b, 1);
		} else if (p != NULL && (notes > 0 ||
		    (ev->private_changed & bit))) {
			/* Still asked the same: what changed, in short. */
			narrate_your_move(t, NULL, i, &b);
			narrate_send(t, i, &b, 1);
		} else if (notes > 0)
			narrate_send(t, i, &b, 0);
		buf_release(&b);
	}
}

void
narrate_view_example(const struct table *t, int seat, struct buf *b)
{
	const struct game_prompt	*p;
	struct narrate_asked		 now;
	size_t				 len = b->len;

	narrate_asked(t, &now);
	if ((p = narrate_asks(&now, seat)) == NULL)
		return;
	buf_puts(b, "\nTry: ");
	if (narrate_example(t, seat, p->actions, 0, b) != 0) {
		/* Nothing to show: take the words back. */
		b->len = len;
		b->data[len] = '\0';
	}
}
