/*
 * Buttons: their ids, the board's buttons, and the move picker that turns
 * a seat's legal moves into rows of buttons one argument at a time.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/saying/buttons.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define BUTTON_LEGAL_MAX	2048	/* legal moves looked at */
#define BUTTON_CHOICES_MAX	(ADAPTER_BUTTONS_MAX - 1)	/* and "back" */

int
button_parse(const char *id, struct button_click *c)
{
	const char	*p;
	char		*end;
	unsigned long long table;
	long		 version;
	size_t		 n = 0;
	int		 old;

	if (strncmp(id, BUTTON_FORMAT ":", sizeof BUTTON_FORMAT) == 0)
		old = 0;
	else if (strncmp(id, BUTTON_FORMAT_OLD ":", sizeof BUTTON_FORMAT_OLD) == 0)
		old = 1;
	else
		return -1;
	p = id + sizeof BUTTON_FORMAT;	/* both formats are 3 bytes long */
	if (*p < '0' || *p > '9')
		return -1;
	table = strtoull(p, &end, 10);
	if (table == 0 || table > INT64_MAX)
		return -1;
	if (!old) {
		/* ".<tag>": lowercase letters and digits. */
		if (*end != '.')
			return -1;
		p = end + 1;
		n = strspn(p, "0123456789abcdefghijklmnopqrstuvwxyz");
		if (n == 0 || n > BUTTON_TAG_MAX)
			return -1;
		end = (char *)(p + n);
	}
	if (*end != ':')
		return -1;
	memcpy(c->tag, end - n, n);
	c->tag[n] = '\0';
	c->old = old;
	p = end + 1;
	if (p[0] == '*' && p[1] == ':') {
		version = BUTTON_ANY;
		p += 2;
	} else {
		if (*p < '0' || *p > '9')
			return -1;
		version = strtol(p, &end, 10);
		if (*end != ':' || version < 0)
			return -1;
		p = end + 1;
	}
	if (*p == '\0')
		return -1;
	c->table = table;
	c->version = version;
	c->what = p;
	return 0;
}

/* Copies at most max UTF-8 characters of src into dst (size bytes). */
static void
button_copy_label(char *dst, size_t size, const char *src, int max)
{
	size_t	i = 0;
	int	chars = 0;

	while (src[i] != '\0' && i + 1 < size) {
		if (((unsigned char)src[i] & 0xc0) != 0x80 && chars++ == max)
			break;
		i++;
	}
	/* Never end inside a character. */
	while (i > 0 && ((unsigned char)src[i] & 0xc0) == 0x80)
		i--;
	memcpy(dst, src, i);
	dst[i] = '\0';
}

/*
 * The id of a button of table t meaning what (borrowed), versioned or
 * not, into buf (len bytes): its length, or -1 when it does not fit.
 */
static int
button_id(const struct table *t, int versioned, const char *what, char *buf,
    size_t len)
{
	int	n;

	if (versioned)
		n = snprintf(buf, len, "%s:%" PRIu64 ".%s:%d:%s",
		    BUTTON_FORMAT, t->id, t->tag, t->nmoves, what);
	else
		n = snprintf(buf, len, "%s:%" PRIu64 ".%s:*:%s",
		    BUTTON_FORMAT, t->id, t->tag, what);
	return n < 0 || (size_t)n >= len ? -1 : n;
}

void
button_add(struct adapter_buttons *bs, int row, int style, const char *label,
    const struct table *t, int versioned, const char *fmt, ...)
{
	struct adapter_button	*b;
	va_list			 ap;
	char			 what[BUTTON_ID_MAX + 1];
	char			 id[BUTTON_ID_MAX + 1];
	int			 i, n, inrow = 0;

	if (bs->n == ADAPTER_BUTTONS_MAX || row < 0 ||
	    row >= ADAPTER_BUTTON_ROWS)
		return;
	for (i = 0; i < bs->n; i++)
		if (bs->b[i].row == row)
			inrow++;
	if (inrow == ADAPTER_ROW_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if ((n = button_id(t, versioned, what, id, sizeof id)) < 0)
		return;		/* an id that does not fit is never sent cut */
	/* Two buttons with one id would be refused: keep the first. */
	for (i = 0; i < bs->n; i++)
		if (strcmp(bs->b[i].id, id) == 0)
			return;
	b = &bs->b[bs->n++];
	memset(b, 0, sizeof *b);
	button_copy_label(b->label, sizeof b->label, label, ADAPTER_LABEL_MAX);
	memcpy(b->id, id, (size_t)n + 1);
	b->style = style;
	b->row = row;
}

void
button_board(const struct table *t, struct adapter_buttons *bs)
{
	bs->n = 0;
	button_add(bs, 0, ADAPTER_STYLE_PRIMARY, "My hand", t, 0, "hand");
	button_add(bs, 0, ADAPTER_STYLE_SECONDARY, "Table", t, 0, "status");
}

void
button_arg_label(const struct table *t, int seat, const struct game_move *m,
    int argi, char *buf, size_t len)
{
	const struct game_arg	*arg = &t->ops->actions[m->action].args[argi];
	const char		*names[GAME_MAX_PLACES];
	int			 v = m->args[argi], n;

	switch (arg->type) {
	case GAME_ARG_CARD:
		if (t->ops->arg_label == NULL ||
		    t->ops->arg_label(t->game, seat, m, argi, buf, len) != 0)
			snprintf(buf, len, "#%d", v);
		return;
	case GAME_ARG_TARGET:
	case GAME_ARG_PLAYER:
		if (v >= GAME_PLACE_BASE && t->ops->places != NULL) {
			n = t->ops->places(t->game, names, GAME_MAX_PLACES);
			if (v - GAME_PLACE_BASE < n) {
				snprintf(buf, len, "%s", names[v - GAME_PLACE_BASE]);
				return;
			}
		}
		if (v == seat)
			snprintf(buf, len, "you");
		else if (v >= 0 && v < t->nseats)
			snprintf(buf, len, "%s", t->seats[v].name);
		else
			snprintf(buf, len, "#%d", v);
		return;
	case GAME_ARG_CHOICE:
		for (n = 0; arg->choices != NULL && arg->choices[n] != NULL; n++) {
			if (n == v) {
				snprintf(buf, len, "%s", arg->choices[n]);
				return;
			}
		}
		break;
	case GAME_ARG_COUNT:
	case GAME_ARG_TEXT:
		break;
	}
	snprintf(buf, len, "%d", v);
}

/*
 * The legal moves of seat; *n set; caller frees.  Not zeroed: the game
 * writes each move it returns, and 2,048 moves cleared on every move and
 * view cost more than the buttons (make bench).
 */
static struct game_move *
button_legal(const struct table *t, int seat, int *n)
{
	struct game_move	*legal;

	legal = xreallocarray(NULL, BUTTON_LEGAL_MAX, sizeof *legal);
	*n = 0;
	if (t->game != NULL)
		*n = t->ops->legal_moves(t->game, seat, legal, BUTTON_LEGAL_MAX);
	return legal;
}

/*
 * The distinct values of argument argi among the moves that start like
 * m, in the order the game lists them, into vals (at most max); a count.
 */
static int
button_values(const struct game_move *legal, int n, const struct game_move *m,
    int argi, int *vals, int max)
{
	int	i, j, nv = 0;

	for (i = 0; i < n; i++) {
		if (!game_move_starts(&legal[i], m, argi))
			continue;
		for (j = 0; j < nv; j++)
			if (vals[j] == legal[i].args[argi])
				break;
		if (j == nv) {
			if (nv == max)
				return nv + 1;	/* more than max */
			vals[nv++] = legal[i].args[argi];
		}
	}
	return nv;
}

/* "m A V0 V1" for the first nargs arguments of m, into buf. */
static void
button_what(const struct game_move *m, int nargs, char *buf, size_t len)
{
	size_t	off;
	int	i;

	snprintf(buf, len, "m %d", m->action);
	for (i = 0; i < nargs; i++) {
		off = strlen(buf);
		snprintf(buf + off, len - off, " %d", m->args[i]);
	}
}

/*
 * The label of the button for m's action and first argument: every
 * argument when that leads to a single move ("give alice share"), since
 * the click plays it at once, else just the first ("play 2. 🍸 (🍹)").
 */
static void
button_move_label(const struct table *t, int seat, const struct game_move *legal,
    int n, const struct game_move *m, char *label, size_t len)
{
	const struct game_move	*only = NULL;
	struct buf		 b;
	char			 arg[ADAPTER_LABEL_MAX * 4 + 1];
	int			 i, count = 0, last = 1;

	for (i = 0; i < n; i++) {
		if (game_move_starts(&legal[i], m, 1)) {
			only = &legal[i];
			count++;
		}
	}
	if (count == 1)
		last = t->ops->actions[m->action].nargs;
	else
		only = m;
	buf_init(&b, len - 1);
	buf_puts(&b, t->ops->actions[m->action].name);
	for (i = 0; i < last; i++) {
		if (only->args[i] < 0)
			continue;
		button_arg_label(t, seat, only, i, arg, sizeof arg);
		buf_printf(&b, " %s", arg);
	}
	/* button_add cuts it to a whole number of characters. */
	snprintf(label, len, "%s", buf_str(&b));
	buf_release(&b);
}

void
button_moves(const struct table *t, int seat, struct adapter_buttons *bs)
{
	const struct game_action	*a;
	struct game_move		*legal, m;
	char				 label[ADAPTER_LABEL_MAX * 4 + 1];
	char				 what[ADAPTER_BUTTON_ID_MAX + 1];
	int				 vals[ADAPTER_ROW_MAX], n, nv, act, row = 0;
	int				 i, j;

	bs->n = 0;
	legal = button_legal(t, seat, &n);
	for (act = 0; act < t->ops->nactions && row < ADAPTER_BUTTON_ROWS; act++) {
		a = &t->ops->actions[act];
		for (i = 0; i < n; i++)
			if (legal[i].action == act)
				break;
		if (i == n)
			continue;
		memset(&m, 0, sizeof m);
		m.action = act;
		nv = a->nargs == 0 ? 0 : button_values(legal, n, &m, 0, vals,
		    ADAPTER_ROW_MAX);
		if (a->nargs == 0 || nv > ADAPTER_ROW_MAX || nv == 0) {
			/* One button: the whole move, or the picker. */
			snprintf(label, sizeof label, "%s%s", a->name,
			    a->nargs == 0 ? "" : "…");
			button_add(bs, row, a->nargs == 0 ?
			    ADAPTER_STYLE_SECONDARY : ADAPTER_STYLE_PRIMARY,
			    label, t, 1, "m %d", act);
		} else {
			for (j = 0; j < nv; j++) {
				m.args[0] = vals[j];
				button_move_label(t, seat, legal, n, &m, label,
				    sizeof label);
				button_what(&m, 1, what, sizeof what);
				button_add(bs, row, ADAPTER_STYLE_PRIMARY, label,
				    t, 1, "%s", what);
			}
		}
		row++;
	}
	free(legal);
}

int
button_each_move(const struct table *t, int seat,
    void (*fn)(const char *, const char *, const char *, void *), void *arg)
{
	const struct game_action	*a;
	struct game_move		*legal;
	struct buf			 b;
	char				 label[ADAPTER_LABEL_MAX * 4 + 1];
	char				 what[BUTTON_ID_MAX + 1];
	char				 id[BUTTON_ID_MAX + 1];
	int				 n, i, j, made = 0;

	legal = button_legal(t, seat, &n);
	for (i = 0; i < n; i++) {
		a = &t->ops->actions[legal[i].action];
		button_what(&legal[i], a->nargs, what, sizeof what);
		if (button_id(t, 1, what, id, sizeof id) < 0)
			continue;
		buf_init(&b, sizeof label - 1);
		buf_puts(&b, a->name);
		for (j = 0; j < a->nargs; j++) {
			if (legal[i].args[j] < 0)
				continue;
			button_arg_label(t, seat, &legal[i], j, label,
			    sizeof label);
			buf_printf(&b, " %s", label);
		}
		snprintf(label, sizeof label, "%s", buf_str(&b));
		buf_release(&b);
		fn(label, id, a->summary, arg);
		made++;
	}
	free(legal);
	return made;
}

int
button_pick(const struct table *t, int seat, struct game_move *m, int nargs,
    struct adapter_buttons *bs, char *text, size_t len)
{
	const struct game_action	*a;
	struct game_move		*legal, c;
	char				 label[ADAPTER_LABEL_MAX * 4 + 1];
	char				 what[ADAPTER_BUTTON_ID_MAX + 1];
	int				 vals[BUTTON_CHOICES_MAX], n, nv = 0, i, k;
	size_t				 off;

	bs->n = 0;
	if (m->action < 0 || m->action >= t->ops->nactions)
		return -1;
	a = &t->ops->actions[m->action];
	if (nargs > a->nargs)
		return -1;
	legal = button_legal(t, seat, &n);
	for (i = 0; i < n; i++)
		if (game_move_starts(&legal[i], m, nargs))
			break;
	if (i == n) {
		free(legal);
		return -1;
	}
	/* Arguments with only one possible value are taken as given. */
	for (k = nargs; k < a->nargs; k++) {
		nv = button_values(legal, n, m, k, vals, BUTTON_CHOICES_MAX);
		if (nv != 1)
			break;
		m->args[k] = vals[0];
	}
	if (k == a->nargs) {
		for (; k < GAME_MAX_ARGS; k++)
			m->args[k] = -1;
		free(legal);
		return 1;
	}

	/* "play 🍸 (🍹): choose target (whose shaker: ...)." */
	snprintf(text, len, "%s", a->name);
	for (i = 0; i < k; i++) {
		if (m->args[i] < 0)
			continue;
		button_arg_label(t, seat, m, i, label, sizeof label);
		off = strlen(text);
		snprintf(text + off, len - off, " %s", label);
	}
	off = strlen(text);
	snprintf(text + off, len - off, ": choose %s (%s).", a->args[k].name,
	    a->args[k].help);
	if (nv > BUTTON_CHOICES_MAX) {
		off = strlen(text);
		snprintf(text + off, len - off, " Only the first %d fit as "
		    "buttons; type the command for the others.",
		    BUTTON_CHOICES_MAX);
		nv = BUTTON_CHOICES_MAX;
	}
	c = *m;
	for (i = 0; i < nv; i++) {
		c.args[k] = vals[i];
		if (vals[i] < 0)
			snprintf(label, sizeof label, "any");
		else
			button_arg_label(t, seat, &c, k, label, sizeof label);
		button_what(&c, k + 1, what, sizeof what);
		button_add(bs, i / ADAPTER_ROW_MAX, ADAPTER_STYLE_PRIMARY, label,
		    t, 1, "%s", what);
	}
	button_add(bs, ADAPTER_BUTTON_ROWS - 1, ADAPTER_STYLE_SECONDARY,
	    "« back", t, 0, "hand");
	free(legal);
	return 0;
}
