/*
 * The channel's narration of a running game: one line a move, built from
 * the game's events and prompts (see narrate.h), and the prompts with the
 * commands that answer them.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/hint.h"
#include "bot/narrate.h"
#include "bot/render.h"
#include "bot/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

/* Legal moves looked at for an example; the first that fits is used. */
#define NARRATE_LEGAL_MAX	512

void
narrate_asked(const struct table *t, struct narrate_asked *out)
{
	out->n = t->game == NULL ? 0 :
	    t->ops->pending(t->game, out->p, GAME_MAX_PROMPTS);
	if (out->n < 0)
		out->n = 0;
}

/* Appends one sentence (borrowed) to b, a space after what is there. */
static void
narrate_sentence(struct buf *b, const char *s)
{
	if (*s == '\0')
		return;
	if (b->len > 0)
		buf_puts(b, " ");
	buf_puts(b, s);
}

/* Appends "@{1}" or "@{1} or @{3}" for the seats of mask to b. */
static void
narrate_seats(const struct table *t, unsigned mask, struct buf *b)
{
	int	i, n = 0;

	for (i = 0; i < t->nseats; i++)
		if (mask & (1u << i))
			buf_printf(b, "%s@{%d}", n++ > 0 ? " or " : "", i);
}

/*
 * Appends argument argi of m, an action of t's game, to b as a word; with
 * public set, only a seat or a place is written, anything else as its
 * name ("<card>").
 */
static void
narrate_arg(const struct table *t, const struct game_move *m, int argi,
    int public, struct buf *b)
{
	const struct game_arg	*arg = &t->ops->actions[m->action].args[argi];
	const char		*names[GAME_MAX_PLACES];
	int			 v = m->args[argi], n, i;

	switch (arg->type) {
	case GAME_ARG_TARGET:
	case GAME_ARG_PLAYER:
		if (v >= 0 && v < t->nseats) {
			buf_printf(b, " @{%d}", v);
			return;
		}
		n = t->ops->places == NULL ? 0 :
		    t->ops->places(t->game, names, GAME_MAX_PLACES);
		if (v >= GAME_PLACE_BASE && v - GAME_PLACE_BASE < n) {
			buf_printf(b, " %s", names[v - GAME_PLACE_BASE]);
			return;
		}
		break;
	case GAME_ARG_CHOICE:
		for (i = 0; !public && arg->choices != NULL &&
		    arg->choices[i] != NULL; i++)
			if (i == v) {
				buf_printf(b, " %s", arg->choices[i]);
				return;
			}
		break;
	case GAME_ARG_CARD:
	case GAME_ARG_COUNT:
	case GAME_ARG_TEXT:
		if (!public && v >= 0) {
			buf_printf(b, " %d", v);
			return;
		}
		break;
	}
	buf_printf(b, " <%s>", arg->name);
}

int
narrate_example(const struct table *t, int seat, unsigned actions,
    int public, struct buf *b)
{
	const struct game_action	*a;
	struct game_move		*legal, *m = NULL, none, hint;
	char				 cmd[RENDER_COMMAND_MAX];
	unsigned			 allowed = actions;
	int				 n, i, k, act = -1, shape = public;

	if (t->game == NULL || seat < 0 || seat >= t->nseats)
		return -1;
	/*
	 * In private, a good move: the AI's in seat's place (bot/hint.h).
	 * With none known, the shape of a move seat may make, its cards
	 * unnamed, and never one the hint holds back.
	 */
	if (!public && hint_move(t->ops, t->game, seat, actions, &hint) == 0)
		m = &hint;
	else if (!public && (allowed = hint_actions(t->ops, t->game, seat,
	    actions)) == 0)
		allowed = actions;
	/*
	 * The channel's example is the prompt's first action, whatever seat
	 * may do: which moves are legal can tell what seat holds.
	 */
	for (k = 0; public && k < t->ops->nactions && act < 0; k++)
		if (actions & (1u << k))
			act = k;
	if (public && act < 0)
		return -1;
	legal = xcalloc(NARRATE_LEGAL_MAX, sizeof *legal);
	n = m != NULL ? 0 :
	    t->ops->legal_moves(t->game, seat, legal, NARRATE_LEGAL_MAX);
	if (n > NARRATE_LEGAL_MAX)
		n = NARRATE_LEGAL_MAX;
	for (i = 0; i < n && m == NULL; i++)
		if (legal[i].action >= 0 && legal[i].action < t->ops->nactions &&
		    (public ? legal[i].action == act :
		    (allowed & (1u << legal[i].action)) != 0)) {
			m = &legal[i];
			shape = 1;
		}
	if (m == NULL && public) {
		/* No such move for seat: the action's words alone. */
		memset(&none, 0, sizeof none);
		none.action = act;
		for (k = 0; k < GAME_MAX_ARGS; k++)
			none.args[k] = t->ops->actions[act].args[k].optional ?
			    -1 : -2;
		m = &none;
	}
	if (m == NULL) {
		free(legal);
		return -1;
	}
	a = &t->ops->actions[m->action];
	render_command(t->adapter, cmd, sizeof cmd);
	buf_printf(b, "%s %s", cmd, a->name);
	for (k = 0; k < a->nargs; k++)
		if (m->args[k] != -1)
			narrate_arg(t, m, k, shape, b);
	free(legal);
	return 0;
}

void
narrate_prompt(const struct table *t, const struct game_prompt *p, int seat,
    struct buf *b)
{
	struct buf	 ex;
	const char	*text = p->text;
	size_t		 len = strlen(text);
	int		 who = seat, i;

	/* The channel's example is the first human's that is asked. */
	for (i = 0; who < 0 && i < t->nseats; i++)
		if ((p->seats & (1u << i)) && !t->seats[i].ai)
			who = i;
	buf_init(&ex, 1024);
	if (who >= 0 && who < t->nseats && (p->seats & (1u << who)))
		narrate_example(t, who, p->actions, seat < 0, &ex);
	if (ex.len == 0) {
		buf_puts(b, text);
		buf_release(&ex);
		return;
	}
	/* "... two other shakers (e.g. /cheers give @{2} @{3})." */
	if (len > 0 && text[len - 1] == '.')
		len--;
	buf_add(b, text, len);
	buf_printf(b, " (%s%s).", strchr(buf_str(&ex), '<') == NULL ?
	    "e.g. " : "", buf_str(&ex));
	buf_release(&ex);
}

/*
 * Was p open before: the same text, asking no seat it did not ask then?
 * (Seats leave a prompt that each of them answers, as they answer.)
 */
static int
narrate_was_open(const struct narrate_asked *before, const struct game_prompt *p)
{
	int	i;

	for (i = 0; before != NULL && i < before->n; i++)
		if ((p->seats & ~before->p[i].seats) == 0 &&
		    before->p[i].turn == p->turn &&
		    strcmp(before->p[i].text, p->text) == 0)
			return 1;
	return 0;
}

/* Was a turn of exactly these seats open before (a turn going on)? */
static int
narrate_turn_goes_on(const struct narrate_asked *before, unsigned seats)
{
	int	i;

	for (i = 0; before != NULL && i < before->n; i++)
		if (before->p[i].turn && !before->p[i].each &&
		    before->p[i].seats == seats)
			return 1;
	return 0;
}

/*
 * Appends what the move opened to b: each new prompt with its command, or
 * "(@{2} is next)" for a turn that passed.  A prompt still open as it
 * was is not said again, nor a turn its player goes on with, unless the
 * table itself moved on (moved set: a round ended, the same player
 * begins the next).
 */
static void
narrate_next(const struct table *t, const struct narrate_asked *before,
    int moved, struct buf *b)
{
	struct narrate_asked	now;
	int			k;

	narrate_asked(t, &now);
	for (k = 0; k < now.n; k++) {
		if (now.p[k].turn && !now.p[k].each) {
			if (!moved && narrate_turn_goes_on(before,
			    now.p[k].seats))
				continue;
			buf_puts(b, b->len > 0 ? " (" : "(");
			narrate_seats(t, now.p[k].seats, b);
			buf_puts(b, " is next)");
			continue;
		}
		if (narrate_was_open(before, &now.p[k]))
			continue;
		if (b->len > 0)
			buf_puts(b, " ");
		narrate_prompt(t, &now.p[k], -1, b);
	}
}

char *
narrate_move(const struct table *t, const struct game_events *ev,
    const struct narrate_asked *before, const char *lead)
{
	struct buf	b;
	int		i, moved = 0;

	buf_init(&b, RENDER_MAX);
	if (lead != NULL)
		narrate_sentence(&b, lead);
	/*
	 * Prompts the move opened are said with their commands, below.  A
	 * line about no seat is the table's own (a round, a phase).
	 */
	for (i = 0; i < ev->n; i++) {
		if (ev->ev[i].kind == GAME_EV_PROMPT)
			continue;
		narrate_sentence(&b, ev->ev[i].text);
		moved |= ev->ev[i].seat < 0;
	}
	if (t->game != NULL)
		narrate_next(t, before, moved, &b);
	return buf_detach(&b);
}
