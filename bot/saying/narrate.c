/*
 * The channel's narration of a running game: one line a move, built from
 * the game's events and prompts (see narrate.h), and the prompts with the
 * commands that answer them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/commands/argnames.h"
#include "bot/saying/hint.h"
#include "bot/saying/narrate.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/* Legal moves looked at for an example; the first that fits is used. */
#define NARRATE_LEGAL_MAX	512
/*
 * A move of at most NARRATE_LINE_ONE characters is one line; a longer
 * one is two lines where each is at most that, else its lines are at
 * most NARRATE_LINE_SHORT wide where that fits in NARRATE_LINES_MAX
 * lines, else wider by steps up to NARRATE_LINE_MAX.
 */
#define NARRATE_LINE_ONE	200
#define NARRATE_LINE_SHORT	120
#define NARRATE_LINE_STEP	20
/* Pieces (sentences) of one move's text that lines are made of. */
#define NARRATE_PIECES_MAX	256

/* A sentence of a move's text, or a part of one too long for a line. */
struct narrate_piece {
	const char	*s;		/* borrowed, not NUL-terminated */
	size_t		 len;
	size_t		 width;		/* characters once @{N} is a name */
};

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
 * name ("<card>").  Privately, a card is written by its name where the
 * name picks it alone for seat and no number follows it ("play Mint
 * Sprig"), else by its number.
 */
static void
narrate_arg(const struct table *t, const struct game_move *m, int argi,
    int seat, int public, struct buf *b)
{
	const struct game_action *a = &t->ops->actions[m->action];
	const struct game_arg	*arg = &a->args[argi];
	const char		*names[GAME_MAX_PLACES];
	char			 word[GAME_NAME_MAX];
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
		if (!public && v >= 0 && (argi + 1 >= a->nargs ||
		    a->args[argi + 1].type != GAME_ARG_COUNT) &&
		    argnames_word(t, seat, m->action, argi, v, word,
		    sizeof word) == 0) {
			buf_printf(b, " %s", word);
			return;
		}
		/* FALLTHROUGH */
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
	 * In private, a good move: the AI's in seat's place (bot/saying/hint.h).
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
			narrate_arg(t, m, k, seat, shape, b);
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

/*
 * Notes in t the turn open before a move, if one was: the turn a move
 * that asked something out of turn (an interrupt, a trade offer, a
 * guest to accept) came from, so that when that turn goes on after the
 * answers it is not said to be next.
 */
static void
narrate_note_turn(struct table *t, const struct narrate_asked *before)
{
	int	i;

	for (i = 0; before != NULL && i < before->n; i++)
		if (before->p[i].turn && !before->p[i].each)
			t->narrated_turn = before->p[i].seats;
}

/*
 * Appends what the move opened to b: each new prompt with its command, or
 * "(@{2} is next)" for a turn that passed ("@{2} is next." when the move
 * said nothing else).  A prompt still open as it was is not said again,
 * nor a turn its player goes on with (also after questions out of turn),
 * unless the table itself moved on (moved set: a round ended, the same
 * player begins the next).
 */
static void
narrate_next(struct table *t, const struct narrate_asked *before,
    int moved, struct buf *b)
{
	struct narrate_asked	now;
	int			k, goes_on;

	narrate_note_turn(t, before);
	narrate_asked(t, &now);
	for (k = 0; k < now.n; k++) {
		if (now.p[k].turn && !now.p[k].each) {
			/* The turn open before, or the last one seen. */
			goes_on = before != NULL &&
			    t->narrated_turn == now.p[k].seats;
			t->narrated_turn = now.p[k].seats;
			if (!moved && goes_on)
				continue;
			/* Alone (a move that said nothing), a sentence. */
			if (b->len == 0) {
				narrate_seats(t, now.p[k].seats, b);
				buf_puts(b, " is next.");
				continue;
			}
			buf_puts(b, " (");
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

/*
 * Characters len bytes of game text s show once each @{N} is written as
 * "@name": a code point is one, whatever an emoji looks like.
 */
static size_t
narrate_width(const struct table *t, const char *s, size_t len)
{
	size_t	w = 0, i = 0, j;
	int	n;

	while (i < len) {
		if (s[i] == '@' && i + 2 < len && s[i + 1] == '{' &&
		    s[i + 2] >= '0' && s[i + 2] <= '9') {
			for (n = 0, j = i + 2; j < len && s[j] >= '0' &&
			    s[j] <= '9' && n < 100; j++)
				n = n * 10 + (s[j] - '0');
			if (j < len && s[j] == '}') {
				w += 1 + (n < t->nseats ?
				    utf8_count(t->seats[n].name) : 8);
				i = j + 1;
				continue;
			}
		}
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			w++;
		i++;
	}
	return w;
}

/*
 * Adds the part of text s (len bytes, borrowed) to p (*n of max pieces):
 * a part wider than a line is cut at its last space that fits, or, with
 * none, after as many characters as fit.  The last piece takes whatever
 * is left past max.
 */
static void
narrate_piece_add(const struct table *t, const char *s, size_t len,
    struct narrate_piece *p, int *n, int max)
{
	size_t	cut, i, w;

	while (len > 0 && *n < max) {
		cut = len;
		if (*n < max - 1 && narrate_width(t, s, len) > NARRATE_LINE_MAX) {
			for (cut = 0, i = 1; i < len; i++) {
				if (s[i] != ' ')
					continue;
				if (narrate_width(t, s, i) > NARRATE_LINE_MAX)
					break;
				cut = i;
			}
			if (cut == 0) {
				/* One long word: as many characters as fit. */
				for (i = 0, w = 0; i < len; i++)
					if (((unsigned char)s[i] & 0xc0) != 0x80 &&
					    ++w > NARRATE_LINE_MAX)
						break;
				cut = i;
			}
		}
		p[*n].s = s;
		p[*n].len = cut;
		p[*n].width = narrate_width(t, s, cut);
		(*n)++;
		s += cut;
		len -= cut;
		while (len > 0 && *s == ' ') {
			s++;
			len--;
		}
	}
}

/*
 * Cuts len bytes of game text s (borrowed) into sentences, added to p:
 * a sentence ends at ". ", "! " or "? " outside parentheses where the
 * next word does not go on with it ("e.g. /cheers give", "now 3 of 4. it").
 */
static void
narrate_split(const struct table *t, const char *s, size_t len,
    struct narrate_piece *p, int *n, int max)
{
	size_t	i, from = 0;
	int	depth = 0;
	char	c;

	for (i = 0; i < len; i++) {
		c = s[i];
		if (c == '(')
			depth++;
		else if (c == ')' && depth > 0)
			depth--;
		if (depth > 0 || (c != '.' && c != '!' && c != '?') ||
		    i + 2 >= len || s[i + 1] != ' ' ||
		    (s[i + 2] >= 'a' && s[i + 2] <= 'z') || s[i + 2] == '/')
			continue;
		narrate_piece_add(t, s + from, i + 1 - from, p, n, max);
		from = i + 2;
	}
	if (from < len)
		narrate_piece_add(t, s + from, len - from, p, n, max);
}

/* Characters of pieces p[from..to) on one line, a space between them. */
static size_t
narrate_line_width(const struct narrate_piece *p, int from, int to)
{
	size_t	w = 0;
	int	i;

	for (i = from; i < to; i++)
		w += (i > from) + p[i].width;
	return w;
}

/*
 * Puts pieces p[from..to) in lines of at most width characters (a piece
 * wider has a line of its own), each as full as it goes, into at most
 * maxlines lines; room is left on the last for reserve characters and a
 * space (reserve 0: none).  end[k] is the piece after line k; a line may
 * be left empty only for that room.  Returns the lines; *upto is the
 * piece after the last one placed.
 */
static int
narrate_pack(const struct narrate_piece *p, int from, int to, int maxlines,
    size_t width, size_t reserve, int *end, int *upto)
{
	size_t	w = 0;
	int	i, lines = 0, first;

	for (i = from; i < to; i++) {
		if (lines > 0 && w + 1 + p[i].width <= width) {
			w += 1 + p[i].width;
			end[lines - 1] = i + 1;
			continue;
		}
		if (lines == maxlines)
			break;
		w = p[i].width;
		end[lines++] = i + 1;
	}
	while (reserve > 0 && lines > 0) {
		first = lines > 1 ? end[lines - 2] : from;
		if (end[lines - 1] == first || narrate_line_width(p, first,
		    end[lines - 1]) + 1 + reserve <= width)
			break;
		i = --end[lines - 1];
	}
	*upto = i;
	return lines;
}

/*
 * Appends pieces p[from..to) to b as one line (nothing when empty), a
 * space between them.
 */
static void
narrate_put_line(const struct narrate_piece *p, int from, int to,
    struct buf *b)
{
	int	i;

	if (from == to)
		return;
	if (b->len > 0)
		buf_puts(b, "\n");
	for (i = from; i < to; i++)
		buf_printf(b, "%s%.*s", i > from ? " " : "", (int)p[i].len,
		    p[i].s);
}

/* Appends lines of pieces to b, the first from from, each to end[k]. */
static void
narrate_put_lines(const struct narrate_piece *p, int from, const int *end,
    int lines, struct buf *b)
{
	int	k;

	for (k = 0; k < lines; from = end[k++])
		narrate_put_line(p, from, end[k], b);
}

/*
 * The move's text s, whose part from byte tail on is what it opened
 * (prompts, who is next), as lines a person reads: one line when it fits,
 * else short lines of whole sentences, at most NARRATE_LINES_MAX.  What does
 * not fit of what happened is left to the table, which status shows;
 * what the move opened is said whole (in up to all but one line).
 * Caller frees.
 */
static char *
narrate_lines(const struct table *t, const char *s, size_t tail)
{
	struct narrate_piece	*p;
	struct buf		 b;
	char			 cmd[RENDER_COMMAND_MAX];
	char			 note[RENDER_COMMAND_MAX + 64];
	size_t			 len = strlen(s), width;
	int			 end[NARRATE_LINES_MAX], tend[NARRATE_LINES_MAX];
	int			 n = 0, ntail, lines, tlines, upto, tupto, last;

	if (narrate_width(t, s, len) <= NARRATE_LINE_ONE)
		return xstrdup(s);
	p = xcalloc(NARRATE_PIECES_MAX, sizeof *p);
	/* What happened leaves a quarter of the pieces to what it opened. */
	narrate_split(t, s, tail, p, &n, NARRATE_PIECES_MAX * 3 / 4);
	ntail = n;
	while (tail < len && s[tail] == ' ')
		tail++;
	narrate_split(t, s + tail, len - tail, p, &n, NARRATE_PIECES_MAX);
	buf_init(&b, RENDER_MAX);
	/*
	 * Two lines of about half each where they are at most
	 * NARRATE_LINE_ONE wide; else lines as short as they can be, at
	 * most NARRATE_LINE_SHORT characters where NARRATE_LINES_MAX lines
	 * hold it all so, else a little longer.
	 */
	for (width = (narrate_width(t, s, len) + 1) / 2; width <=
	    NARRATE_LINE_ONE; width += NARRATE_LINE_STEP / 2) {
		lines = narrate_pack(p, 0, n, 2, width, 0, end, &upto);
		if (upto == n) {
			narrate_put_lines(p, 0, end, lines, &b);
			free(p);
			return buf_detach(&b);
		}
	}
	for (width = NARRATE_LINE_SHORT; width <= NARRATE_LINE_MAX;
	    width += NARRATE_LINE_STEP) {
		lines = narrate_pack(p, 0, n, NARRATE_LINES_MAX, width, 0,
		    end, &upto);
		if (upto == n) {
			narrate_put_lines(p, 0, end, lines, &b);
			free(p);
			return buf_detach(&b);
		}
	}
	/*
	 * Too much for the lines: what the move opened takes its lines, what
	 * happened the rest, and what of it does not fit is left out.
	 */
	tlines = narrate_pack(p, ntail, n, NARRATE_LINES_MAX - 1,
	    NARRATE_LINE_MAX, 0, tend, &tupto);
	lines = narrate_pack(p, 0, ntail, NARRATE_LINES_MAX - tlines,
	    NARRATE_LINE_MAX, 0, end, &upto);
	if (upto < ntail) {
		render_command(t->adapter, cmd, sizeof cmd);
		snprintf(note, sizeof note, "(more: %s status shows the "
		    "table)", cmd);
		lines = narrate_pack(p, 0, ntail, NARRATE_LINES_MAX - tlines,
		    NARRATE_LINE_MAX, utf8_count(note), end, &upto);
		narrate_put_lines(p, 0, end, lines, &b);
		last = lines > 1 ? end[lines - 2] : 0;
		buf_printf(&b, "%s%s", b.len == 0 ? "" : lines > 0 &&
		    end[lines - 1] > last ? " " : "\n", note);
	} else
		narrate_put_lines(p, 0, end, lines, &b);
	narrate_put_lines(p, ntail, tend, tlines, &b);
	free(p);
	return buf_detach(&b);
}

char *
narrate_move(struct table *t, const struct game_events *ev,
    const struct narrate_asked *before, const char *lead)
{
	struct buf	 b;
	char		*s;
	size_t		 tail;
	int		 i, moved = 0;

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
	tail = b.len;
	if (t->game != NULL)
		narrate_next(t, before, moved, &b);
	s = narrate_lines(t, buf_str(&b), tail);
	buf_release(&b);
	return s;
}

char *
narrate_wrap(const struct table *t, const char *text)
{
	struct buf	 b;
	const char	*nl;
	char		*line, *lines;

	buf_init(&b, RENDER_MAX);
	for (;;) {
		nl = strchr(text, '\n');
		line = xstrndup(text, nl == NULL ? strlen(text) :
		    (size_t)(nl - text));
		lines = narrate_lines(t, line, strlen(line));
		buf_puts(&b, lines);
		free(lines);
		free(line);
		if (nl == NULL)
			break;
		buf_puts(&b, "\n");
		text = nl + 1;
	}
	return buf_detach(&b);
}
