/*
 * What each player hears privately of a move (see narrate.h): the game's
 * notes for them ("You drew 🍸 cocktail (cheers with 🍹)."), and when it
 * becomes their move one line with the prompt, the command that answers
 * it and their hand in short.  The whole view is sent only when the game
 * starts, on "hand", and for a game that writes no notes.
 *
 * Where the adapter keeps a player's messages of a table (dm_table:
 * Discord, Slack), the private view is one message edited in place,
 * with the move's notes on top; a short "your move" message with the
 * move buttons is posted only when it becomes their move, so they are
 * notified, and edited to say what happened, without buttons, once the
 * prompt is answered or dropped.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/adapter.h"
#include "bot/saying/buttons.h"
#include "bot/saying/narrate.h"
#include "bot/saying/outbox.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
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

/* The seats that must act now (any of them may answer), as a bit mask. */
static unsigned
narrate_next_seats(const struct table *t)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];

	return t->ops->pending(t->game, p, GAME_MAX_PROMPTS) > 0 ? p[0].seats : 0;
}

void
narrate_deliver(struct table *t, int seat, const char *why)
{
	struct seat		*s = &t->seats[seat];
	struct adapter_buttons	 bs;
	struct buf		 b;
	char			*view, *text;

	/* Nobody to tell: an AI seat, closed DMs, or a player the AI stands in for. */
	if (s->user_id == NULL || s->dm_closed || s->ai || t->game == NULL)
		return;
	if (narrate_dm_edits(t)) {
		narrate_dm_whole(t, seat, why);
		return;
	}
	buf_init(&b, RENDER_MAX);
	narrate_heading(t, &b);
	view = t->ops->render_private(t->game, seat);
	buf_printf(&b, " %s\n%s", why, view);
	free(view);
	narrate_view_example(t, seat, &b);
	text = render_expand(t, buf_str(&b));
	buf_release(&b);
	bs.n = 0;
	if (t->adapter->ops->flags & ADAPTER_BUTTONS)
		button_moves(t, seat, &bs);
	/* A whole view; one that asks for a move may go before table talk. */
	outbox_deliver(t, seat, text, &bs, OUTBOX_WHOLE |
	    ((narrate_next_seats(t) & (1u << seat)) ? OUTBOX_PROMPT : 0));
	free(text);
}

/* Does t's adapter keep a player's messages of a table? */
int
narrate_dm_edits(const struct table *t)
{
	return (t->adapter->ops->flags & ADAPTER_EDIT) &&
	    t->adapter->ops->dm_table != NULL;
}

/* Sends seat game text (borrowed) as what (enum adapter_dm). */
static void
narrate_dm(struct table *t, int seat, enum adapter_dm what, const char *text,
    const struct adapter_buttons *bs)
{
	char	*s = render_expand(t, text);

	outbox_deliver(t, seat, s, bs, outbox_dm_how(what));
	free(s);
}

/* Sends seat's prompt p as what (ADAPTER_DM_ASK or _ASK_AGAIN). */
static void
narrate_dm_ask(struct table *t, int seat, const struct game_prompt *p,
    enum adapter_dm what)
{
	struct adapter_buttons	 bs;
	struct buf		 b;

	buf_init(&b, RENDER_MAX);
	narrate_heading(t, &b);
	narrate_your_move(t, p, seat, &b);
	bs.n = 0;
	if (t->adapter->ops->flags & ADAPTER_BUTTONS)
		button_moves(t, seat, &bs);
	narrate_dm(t, seat, what, buf_str(&b), &bs);
	buf_release(&b);
}

/*
 * The private view of seat, one message edited in place: the heading,
 * the move's notes (or why, may be NULL), then the whole view.
 */
static void
narrate_dm_view(struct table *t, int seat, const struct game_events *ev,
    const char *why)
{
	struct buf	 b;
	char		*view;

	buf_init(&b, RENDER_MAX);
	narrate_heading(t, &b);
	if (why != NULL)
		buf_printf(&b, " %s", why);
	if (ev == NULL || narrate_notes(ev, seat, &b) == 0)
		if (why == NULL)
			buf_puts(&b, " your view.");
	view = t->ops->render_private(t->game, seat);
	buf_printf(&b, "\n%s", view);
	free(view);
	narrate_dm(t, seat, ADAPTER_DM_VIEW, buf_str(&b), NULL);
	buf_release(&b);
}

/*
 * The prompt of seat is over: "Done: <what happened>" for the player who
 * moved, "No longer your move: ..." for one whose prompt another answer,
 * a timer or the AI standing in for them settled.
 */
static void
narrate_dm_done(struct table *t, int seat, const struct game_events *ev,
    int mover)
{
	struct buf	b;
	int		i;

	buf_init(&b, RENDER_MAX);
	narrate_heading(t, &b);
	buf_puts(&b, seat == mover && !t->seats[seat].ai ? " Done:" :
	    " No longer your move:");
	for (i = 0; i < ev->n; i++)
		if (ev->ev[i].kind != GAME_EV_PROMPT && ev->ev[i].text[0] != '\0')
			buf_printf(&b, " %s", ev->ev[i].text);
	narrate_dm(t, seat, ADAPTER_DM_DONE, buf_str(&b), NULL);
	buf_release(&b);
}

/* narrate_private where the adapter keeps a player's messages. */
static void
narrate_private_edits(struct table *t, const struct game_events *ev,
    const struct narrate_asked *before, const struct narrate_asked *now,
    int mover)
{
	const struct game_prompt	*p, *was;
	struct seat			*s;
	struct buf			 b;
	unsigned			 bit;
	int				 i, notes, newly;

	for (i = 0; i < t->nseats; i++) {
		s = &t->seats[i];
		bit = 1u << i;
		if (s->user_id == NULL || s->dm_closed)
			continue;
		was = narrate_asks(before, i);
		p = table_ai_plays(t, i) ? NULL : narrate_asks(now, i);
		newly = p != NULL && (was == NULL ||
		    strcmp(was->text, p->text) != 0);
		/* The prompt they had is answered, or dropped. */
		if (was != NULL && (p == NULL || newly))
			narrate_dm_done(t, i, ev, mover);
		if (s->ai)
			continue;
		buf_init(&b, 64);
		notes = narrate_notes(ev, i, &b);
		buf_release(&b);
		if (notes > 0 || (ev->private_changed & bit) || newly ||
		    (ev->notes_lost & bit))
			narrate_dm_view(t, i, ev, NULL);
		if (newly)
			narrate_dm_ask(t, i, p, ADAPTER_DM_ASK);
		else if (p != NULL && (notes > 0 || (ev->private_changed & bit)))
			narrate_dm_ask(t, i, p, ADAPTER_DM_ASK_AGAIN);
	}
}

void
narrate_dm_whole(struct table *t, int seat, const char *why)
{
	const struct game_prompt	*p;
	struct narrate_asked		 now;

	narrate_dm_view(t, seat, NULL, why);
	narrate_asked(t, &now);
	if ((p = narrate_asks(&now, seat)) != NULL)
		narrate_dm_ask(t, seat, p, ADAPTER_DM_ASK);
}

void
narrate_dm_end(struct table *t)
{
	struct buf	b;
	int		i;

	if (!narrate_dm_edits(t))
		return;
	buf_init(&b, RENDER_MAX);
	narrate_heading(t, &b);
	buf_printf(&b, " %s", t->ended != NULL ? t->ended : "The game is over.");
	for (i = 0; i < t->nseats; i++)
		if (t->seats[i].user_id != NULL && !t->seats[i].dm_closed)
			narrate_dm(t, i, ADAPTER_DM_END, buf_str(&b), NULL);
	buf_release(&b);
}

void
narrate_private(struct table *t, const struct game_events *ev,
    const struct narrate_asked *before, int mover)
{
	const struct game_prompt	*p, *was;
	struct narrate_asked		 now;
	struct seat			*s;
	struct buf			 b;
	unsigned			 bit;
	int				 i, notes, newly;

	narrate_asked(t, &now);
	if (narrate_dm_edits(t)) {
		narrate_private_edits(t, ev, before, &now, mover);
		return;
	}
	for (i = 0; i < t->nseats; i++) {
		s = &t->seats[i];
		bit = 1u << i;
		/* Nobody to tell: an AI seat, closed DMs, a seat the AI keeps. */
		if (s->user_id == NULL || s->dm_closed || s->ai)
			continue;
		/* Not asked while the AI finishes their turn (bot/tables/sched.c). */
		p = table_ai_plays(t, i) ? NULL : narrate_asks(&now, i);
		/* A game without notes, or a note lost: the whole view. */
		if (t->ops->render_brief == NULL || (ev->notes_lost & bit)) {
			if (ev->private_changed & bit)
				narrate_deliver(t, i, p != NULL ? "your move." :
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
