/*
 * render.c: Friends with Beverages as text.  render_public() shows what the
 * whole table sees: whose turn and what is asked, both markets, the
 * discard pile's top and the equipment in it, every
 * guest in play with its recipe, sheds, completed guests and hand sizes,
 * never a hand card.  render_private() adds what one seat alone may see:
 * its hand and shed numbered for moves, what its guests still need, the
 * guest it drew from the guest deck while it decides, and the top guest
 * cards while it rearranges them.  Both are capped.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define RENDER_MAX	4096

/*
 * Appends src at *at in the string buf (len bytes), truncating; *at is
 * the string's length, kept up to date.
 */
void
fwb_put(char *buf, size_t len, size_t *at, const char *src)
{
	size_t	n = strlen(src);

	if (*at + 1 >= len)
		return;
	if (n > len - *at - 1)
		n = len - *at - 1;
	memcpy(buf + *at, src, n);
	*at += n;
	buf[*at] = '\0';
}

/* Appends the whole number v at *at in buf, as fwb_put does a string. */
void
fwb_put_int(char *buf, size_t len, size_t *at, int v)
{
	char		 num[16];
	unsigned	 u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	int		 i = (int)sizeof num - 1;

	num[i] = '\0';
	do {
		num[--i] = (char)('0' + u % 10);
		u /= 10;
	} while (u > 0);
	if (v < 0)
		num[--i] = '-';
	fwb_put(buf, len, at, num + i);
}

/* "Japan (4 pts): 🍋🍋🍯🌿 + shaker, still, jigger". */
void
fwb_guest_text(const struct game *g, int guest, char *buf, size_t len)
{
	const struct fwb_guest	*gu = &g->guest[guest];
	size_t			 at;
	int			 k, i, n = 0;

	buf[0] = '\0';
	at = 0;
	fwb_put(buf, len, &at, gu->country);
	fwb_put(buf, len, &at, " (");
	fwb_put_int(buf, len, &at, gu->points);
	fwb_put(buf, len, &at, game_plural(gu->points, " pt): ", " pts): "));
	for (k = 0; k < FWB_NINGR; k++)
		for (i = 0; i < gu->ingr[k]; i++)
			fwb_put(buf, len, &at, g->ingr_emoji[k]);
	fwb_put(buf, len, &at, " +");
	for (k = 0, n = 0; k < FWB_NEQUIP; k++) {
		if (!(gu->equip & (1u << k)))
			continue;
		fwb_put(buf, len, &at, n++ > 0 ? ", " : " ");
		fwb_put(buf, len, &at, g->equip_name[k]);
	}
}

/* What seat still lacks for guest ("🍋, jigger"), or "nothing". */
void
fwb_needs_text(const struct game *g, int seat, int guest, char *buf,
    size_t len)
{
	const struct fwb_guest	*gu = &g->guest[guest];
	unsigned		 equip;
	size_t			 at = 0;
	int			 k, i, n = 0, ishort, wild;
	int			 have[FWB_NINGR];

	fwb_missing(g, seat, guest, &ishort, &equip);
	buf[0] = '\0';
	/* Abundance covers shortages; name kinds only when some remain. */
	wild = fwb_hand_count(g, seat, have);
	for (k = 0; k < FWB_NINGR && ishort > 0; k++) {
		for (i = have[k]; i < gu->ingr[k]; i++) {
			if (wild > 0) {
				wild--;
				continue;
			}
			fwb_put(buf, len, &at, g->ingr_emoji[k]);
			n = 1;
		}
	}
	for (k = 0; k < FWB_NEQUIP; k++) {
		if (!(equip & (1u << k)))
			continue;
		fwb_put(buf, len, &at, n++ > 0 ? ", " : "");
		fwb_put(buf, len, &at, g->equip_name[k]);
	}
	if (buf[0] == '\0')
		snprintf(buf, len, "nothing more");
}

/*
 * Appends formatted text to b through a line on the stack: buf_printf
 * allocates on every call, and a table is some forty of them.
 */
static void __attribute__((format(printf, 2, 3)))
render_printf(struct buf *b, const char *fmt, ...)
{
	char	line[512];
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof line) {
		buf_add(b, line, (size_t)n);
		return;
	}
	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

/*
 * Appends lead, the number n, ". " and then text and more (either may be
 * ""): the numbered lines of the views, without a printf each.
 */
static void
render_item(struct buf *b, const char *lead, int n, const char *text,
    const char *more)
{
	char	line[512];
	size_t	at = 0;

	line[0] = '\0';
	fwb_put(line, sizeof line, &at, lead);
	fwb_put_int(line, sizeof line, &at, n);
	fwb_put(line, sizeof line, &at, ". ");
	fwb_put(line, sizeof line, &at, text);
	fwb_put(line, sizeof line, &at, more);
	buf_add(b, line, at);
}

static void
render_markets(const struct game *g, struct buf *b)
{
	char	name[160];
	int	i;

	buf_puts(b, "Market:");
	for (i = 0; i < FWB_MARKET; i++) {
		if (g->market[i] < 0)
			snprintf(name, sizeof name, "(empty)");
		else
			fwb_card_name(g, g->market[i], name, sizeof name);
		render_item(b, i > 0 ? ", " : " ", i + 1, name, "");
	}
	if (g->opt[FWB_O_SECONDHAND])
		render_printf(b, ". Second-hand: %s", g->secondhand >= 0 ?
		    g->equip_name[g->card[g->secondhand].kind] : "(empty)");
	render_printf(b, ". Discard pile: %d", g->ndiscard);
	if (g->ndiscard > 0) {
		fwb_card_name(g, g->discard[g->ndiscard - 1], name, sizeof name);
		render_printf(b, ", top %s%s", name, g->opt[FWB_O_DISCARD_MARKET] ?
		    " (draw 3)" : "");
		fwb_discard_equip_text(g, name, sizeof name);
		render_printf(b, "; in it: %s", name);
	}
	buf_puts(b, ".\nGuest market:");
	for (i = 0; i < FWB_GMARKET; i++) {
		if (g->gmarket[i] < 0) {
			render_item(b, "\n ", i + 1, "(empty)", "");
			continue;
		}
		fwb_guest_text(g, g->gmarket[i], name, sizeof name);
		render_item(b, "\n ", i + 1, name, "");
	}
}

static void
render_seat(const struct game *g, struct buf *b, int s)
{
	char	text[160];
	int	i;

	render_printf(b, "\n@{%d}%s: %d %s, shed:", s, s == g->holder ?
	    " (Round Token)" : "", g->nhand[s],
	    game_plural(g->nhand[s], "card", "cards"));
	if (g->nshed[s] == 0)
		buf_puts(b, " empty");
	for (i = 0; i < g->nshed[s]; i++) {
		buf_puts(b, i > 0 ? ", " : " ");
		buf_puts(b, g->equip_name[g->card[g->shed[s][i].card].kind]);
		if (g->shed[s][i].installing)
			buf_puts(b, " (installing)");
	}
	for (i = 0; i < g->nguests; i++) {
		if (g->guests[s][i].guest < 0) {
			render_item(b, "\n ", i + 1, "(no guest)", "");
			continue;
		}
		if (g->guests[s][i].done) {
			const struct fwb_guest *gu =
			    &g->guest[g->guests[s][i].guest];

			render_printf(b, "\n %d. served: %s, %s (%d %s)", i + 1,
			    gu->country, gu->liqueur, gu->points,
			    game_plural(gu->points, "pt", "pts"));
			continue;
		}
		fwb_guest_text(g, g->guests[s][i].guest, text, sizeof text);
		render_item(b, "\n ", i + 1, text, "");
	}
}

/* The public table; the caller frees the text. */
char *
fwb_render_public(const struct game *g)
{
	struct buf	b;
	char		status[GAME_STATUS_MAX];
	int		s;

	buf_init(&b, RENDER_MAX);
	if (game_status(&fwb_ops, g, status, sizeof status))
		render_printf(&b, "%s\n", status);
	render_markets(g, &b);
	for (s = 0; s < g->nplayers; s++)
		render_seat(g, &b, s);
	render_printf(&b, "\nResource deck %d, guest deck %d.", g->ndeck,
	    g->ngdeck);
	if (g->cultural >= 0)
		buf_puts(&b, " Cultural Exchange is active: a guest swap costs "
		    "one card of any type.");
	return buf_detach(&b);
}

/*
 * Appends what seat sees only while asked: the guest it drew ("The guest
 * you drew: ..., needs ...") and, when reordering, the top of the guest
 * deck.  sep goes before each ("\n" in the whole view, where each guest
 * of the deck has a line too, " " in the brief).
 */
static void
render_asked_secrets(const struct game *g, int seat, const char *sep,
    struct buf *b)
{
	char	name[160];
	int	k, lines = *sep == '\n';

	if (g->state != GAME_RUNNING || g->ask.seat != seat)
		return;
	if (g->ask.kind == FWB_ASK_GUEST && g->revealed >= 0) {
		fwb_guest_text(g, g->revealed, name, sizeof name);
		render_printf(b, "%sThe guest you drew: %s, %s", sep,
		    g->guest[g->revealed].liqueur, name);
		fwb_needs_text(g, seat, g->revealed, name, sizeof name);
		render_printf(b, ". Needs %s.", name);
	}
	if (g->ask.kind == FWB_ASK_ORDER) {
		render_printf(b, "%sTop of the guest deck:", sep);
		for (k = 1; k <= 3 && k <= g->ngdeck; k++) {
			fwb_guest_text(g, g->gdeck[g->ngdeck - k], name,
			    sizeof name);
			render_item(b, lines ? "\n" : k > 1 ? ", " : " ", k,
			    name, "");
		}
		if (!lines)
			buf_puts(b, ".");
	}
}

/*
 * Tells seat privately which card it drew from the deck ("You drew 🍯
 * honey."): the one thing about a hand the table does not see.
 */
void
fwb_note_drawn(const struct game *g, int seat, int card,
    struct game_events *ev)
{
	struct game_note	*n;
	char			 name[64];

	if ((n = game_events_note(ev, seat)) == NULL)
		return;
	fwb_card_name(g, card, name, sizeof name);
	snprintf(n->text, sizeof n->text, "You drew %s.", name);
}

/*
 * What seat needs beside its prompt, in one line: its hand and shed as
 * the moves number them, what its guests still need, and what only it
 * sees while asked (the guest it drew, the top of the guest deck).  The
 * caller frees it.
 */
char *
fwb_render_brief(const struct game *g, int seat)
{
	struct buf	b;
	char		name[160];
	int		i, gu, any = 0;

	buf_init(&b, RENDER_MAX);
	if (seat < 0 || seat >= g->nplayers)
		return buf_detach(&b);
	buf_puts(&b, "Hand:");
	if (g->nhand[seat] == 0)
		buf_puts(&b, " empty");
	for (i = 0; i < g->nhand[seat]; i++) {
		fwb_card_name(g, g->hand[seat][i], name, sizeof name);
		render_item(&b, i > 0 ? ", " : " ", i + 1, name, "");
	}
	buf_puts(&b, ". Shed:");
	if (g->nshed[seat] == 0)
		buf_puts(&b, " empty");
	for (i = 0; i < g->nshed[seat]; i++)
		render_item(&b, i > 0 ? ", " : " ", g->nhand[seat] + i + 1,
		    g->equip_name[g->card[g->shed[seat][i].card].kind],
		    g->shed[seat][i].installing ? " (installing)" : "");
	buf_puts(&b, ".");
	for (i = 0; i < g->nguests; i++) {
		if ((gu = g->guests[seat][i].guest) < 0 ||
		    g->guests[seat][i].done)
			continue;
		fwb_needs_text(g, seat, gu, name, sizeof name);
		render_printf(&b, "%s guest %d needs %s", any++ ? ";" :
		    " Your", i + 1, name);
	}
	if (any)
		buf_puts(&b, ".");
	render_asked_secrets(g, seat, " ", &b);
	return buf_detach(&b);
}

/* What seat may see alone; the caller frees the text. */
char *
fwb_render_private(const struct game *g, int seat)
{
	struct buf		b;
	struct game_prompt	pr;
	char			name[160];
	int			i, gu;

	buf_init(&b, RENDER_MAX);
	if (seat < 0 || seat >= g->nplayers) {
		buf_puts(&b, "You are not playing at this table.");
		return buf_detach(&b);
	}
	buf_puts(&b, "Your guests:");
	for (i = 0; i < g->nguests; i++) {
		if ((gu = g->guests[seat][i].guest) < 0) {
			render_item(&b, "\n", i + 1, "(no guest)", "");
			continue;
		}
		fwb_guest_text(g, gu, name, sizeof name);
		render_item(&b, "\n", i + 1, g->guests[seat][i].done ?
		    "served: " : "", g->guest[gu].liqueur);
		buf_puts(&b, ", ");
		buf_puts(&b, name);
		if (!g->guests[seat][i].done) {
			fwb_needs_text(g, seat, gu, name, sizeof name);
			buf_puts(&b, ". Needs ");
			buf_puts(&b, name);
			buf_puts(&b, ".");
		}
	}
	buf_puts(&b, "\nYour hand:");
	if (g->nhand[seat] == 0)
		buf_puts(&b, " (empty)");
	for (i = 0; i < g->nhand[seat]; i++) {
		fwb_card_name(g, g->hand[seat][i], name, sizeof name);
		render_item(&b, "\n", i + 1, name, "");
	}
	render_printf(&b, "\nYour shed (%d/%d):", g->nshed[seat], g->shed_cap);
	if (g->nshed[seat] == 0)
		buf_puts(&b, " empty");
	for (i = 0; i < g->nshed[seat]; i++)
		render_item(&b, "\n", g->nhand[seat] + i + 1,
		    g->equip_name[g->card[g->shed[seat][i].card].kind],
		    g->shed[seat][i].installing ? " (installing)" : "");
	render_asked_secrets(g, seat, "\n", &b);
	if (g->state == GAME_RUNNING && fwb_pending_list(g, &pr, 1) == 1 &&
	    (pr.seats & (1u << seat))) {
		buf_puts(&b, "\nYour move: ");
		buf_puts(&b, pr.text);
	}
	return buf_detach(&b);
}
