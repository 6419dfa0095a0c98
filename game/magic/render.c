/*
 * render.c: Magic Cocktail as text.  The public view shows the recipe,
 * what a pair of each kind scores, the magic path, the stones, the open
 * offers and how many cards each player holds; the private view adds the
 * seat's own hand with the value
 * of each set, its best lay, and the offers it may accept.  Only the
 * private view shows a hand (and a player who cannot lay out shows theirs
 * to everyone, as the rules say, in the scoring events).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/magic/magic-int.h"
#include "lib/buf.h"

#define BIT(s)		(1u << (s))
#define RENDER_MAX	8192

/* "Offer 3: @{1} gives 2 🌿 mint for 1 🌹 rose, to everyone." */
void
magic_offer_text(const struct game *g, const struct magic_offer *o,
    char *buf, size_t len)
{
	char	a[64], b[64], to[32], re[32] = "";

	magic_kind_text(g, o->give, o->ngive, a, sizeof a);
	magic_kind_text(g, o->want, o->nwant, b, sizeof b);
	if (o->to >= 0)
		snprintf(to, sizeof to, "to @{%d}", o->to);
	else
		snprintf(to, sizeof to, "to everyone");
	if (o->reply > 0)
		snprintf(re, sizeof re, " (counters %d)", o->reply);
	snprintf(buf, len, "Offer %d%s: @{%d} gives %s for %s, %s.", o->id, re,
	    o->from, a, b, to);
}

/* "3 🌿 mint + 1 ⚫ joker and 2 🌹 rose" into buf. */
void
magic_lay_text(const struct game *g, const struct magic_lay *l, char *buf,
    size_t len)
{
	char	one[64], jk[48];
	int	k;

	buf[0] = '\0';
	for (k = 0; k < 2; k++) {
		if (l->kind[k] < 0)
			continue;
		magic_kind_text(g, l->kind[k], l->natural[k], one, sizeof one);
		if (k > 0)
			strncat(buf, " and ", len - strlen(buf) - 1);
		strncat(buf, one, len - strlen(buf) - 1);
		if (l->jokers[k] > 0) {
			snprintf(jk, sizeof jk, " + %d %s joker", l->jokers[k],
			    g->kind[MAGIC_JOKER].emoji);
			strncat(buf, jk, len - strlen(buf) - 1);
		}
	}
	if (buf[0] == '\0')
		snprintf(buf, len, "nothing");
}

/*
 * The recipe in play and the pile, for the public text and the board,
 * into buf (len bytes): "1st +3, 2nd +2, 3rd +1, last -1. Recipe cards
 * left: 4", then ", the Magic Lightning among them" once it must be.
 * 0, or -1 when no recipe is in play.
 */
int
magic_recipe_text(const struct game *g, char *buf, size_t len)
{
	const int	*r = magic_recipe_now(g);
	int		 left = g->npile;

	if (r == NULL)
		return -1;
	snprintf(buf, len, "1st +%d, 2nd +%d, 3rd +%d, last %d. Recipe cards "
	    "left: %d%s", r[0], r[1], r[2], r[3], left, left > 0 &&
	    left <= g->lightning_among + 1 ? ", the Magic Lightning among "
	    "them" : "");
	return 0;
}

/* The recipe in play as text. */
static void
render_recipe(const struct game *g, struct buf *b)
{
	char	recipe[MAGIC_RECIPE_TEXT_MAX];
	int	left = g->npile;

	if (magic_recipe_text(g, recipe, sizeof recipe) != 0)
		return;
	buf_printf(b, "Magic Cocktail, round %d. This round's recipe moves %s",
	    g->round, recipe);
	if (left > g->lightning_among + 1)
		buf_printf(b, " (the Magic Lightning is among the last %d)",
		    g->lightning_among + 1);
	buf_puts(b, ".\n");
}

/*
 * What a pair of each kind scores, which the cards show to everyone:
 * what a player needs to know what is worth trading for, beyond the
 * kinds they hold (their private view says more of those).
 */
static void
render_values(const struct game *g, struct buf *b)
{
	int	k;

	buf_puts(b, "A pair scores:");
	for (k = 0; k < MAGIC_NKINDS; k++)
		buf_printf(b, "%s %s %s %d", k > 0 ? "," : "", g->kind[k].emoji,
		    g->kind[k].name, magic_points(g, k, MAGIC_SET_MIN));
	buf_puts(b, "; more of a kind score more.\n");
}

/* The path, the stones, the cards each holds. */
static void
render_path(const struct game *g, struct buf *b)
{
	int	s, n;

	buf_printf(b, "The magic path (square %d ends the game):", g->path_len);
	for (s = 0; s < g->nplayers; s++) {
		n = magic_hand_size(g, s);
		buf_printf(b, "\n @{%d}: square %d, %d %s", s, g->pos[s], n,
		    game_plural(n, "card", "cards"));
		if (g->state == GAME_RUNNING && g->phase == MAGIC_PH_TRADE &&
		    g->stone[s])
			buf_printf(b, ", stone %d%s", g->stone[s],
			    g->stone[s] == 1 ? " (first)" : "");
		if (g->state == GAME_RUNNING && g->phase == MAGIC_PH_LAY)
			buf_puts(b, g->lay[s].done ? ", has laid out" :
			    ", laying out");
		if (g->round > 1 || g->state != GAME_RUNNING)
			buf_printf(b, " (last round %+d)", g->moved[s]);
	}
}

/* The open offers, one a line, or nothing when there are none. */
static void
render_offers(const struct game *g, struct buf *b, int seat)
{
	char	text[GAME_TEXT_MAX];
	int	i, n = 0;

	for (i = 0; i < g->noffers; i++) {
		if (seat >= 0 && !magic_can_accept(g, seat, &g->offer[i]))
			continue;
		if (n++ == 0)
			buf_puts(b, seat >= 0 ? "\nOffers you can accept:" :
			    "\nOpen offers:");
		magic_offer_text(g, &g->offer[i], text, sizeof text);
		buf_printf(b, "\n %s", text);
	}
}

/* What everyone may see; the caller frees the text. */
char *
magic_render_public(const struct game *g)
{
	struct buf		b;
	struct game_prompt	pr;
	struct game_result	r;
	int			n;

	buf_init(&b, RENDER_MAX);
	if (g->state != GAME_RUNNING) {
		n = magic_rounds_played(g);
		magic_result_get(g, &r);
		buf_printf(&b, "Magic Cocktail is over after %d %s. %s\n",
		    n, game_plural(n, "round", "rounds"), r.text);
	} else {
		render_recipe(g, &b);
		render_values(g, &b);
		if (magic_pending_list(g, &pr, 1) == 1)
			buf_printf(&b, "%s\n", pr.text);
		if (g->phase == MAGIC_PH_TRADE)
			buf_printf(&b, "Stones: %d of %d placed.\n", g->nstones,
			    magic_stones_needed(g));
	}
	render_path(g, &b);
	if (g->state == GAME_RUNNING && g->phase == MAGIC_PH_TRADE) {
		if (g->noffers == 0)
			buf_puts(&b, "\nNo open offers.");
		render_offers(g, &b, -1);
	}
	buf_printf(&b, "\nIngredient deck: %d %s.", g->ndeck,
	    game_plural(g->ndeck, "card", "cards"));
	return buf_detach(&b);
}

/*
 * Writes cards counted by kind as "3 🔵 curacao, 1 🍋 lime and 1 ⚫
 * joker" (or "nothing") into buf (len bytes).
 */
void
magic_hand_list(const struct game *g, const int *count, char *buf,
    size_t len)
{
	char	text[64];
	size_t	at = 0;
	int	k, n = 0, left = 0;

	for (k = 0; k < MAGIC_NALL; k++)
		left += count[k] > 0;
	buf[0] = '\0';
	for (k = 0; k < MAGIC_NALL && at < len; k++) {
		if (count[k] == 0)
			continue;
		magic_kind_text(g, k, count[k], text, sizeof text);
		at += (size_t)snprintf(buf + at, len - at, "%s%s", n == 0 ? "" :
		    n == left - 1 ? " and " : ", ", text);
		n++;
	}
	if (n == 0)
		snprintf(buf, len, "nothing");
}

/*
 * What seat needs beside its prompt, in one line: its hand, its best lay
 * and the offers it may accept.  The caller frees it.
 */
char *
magic_render_brief(const struct game *g, int seat)
{
	struct buf		b;
	struct magic_lay	best;
	char			text[GAME_TEXT_MAX];
	int			i, n = 0;

	buf_init(&b, RENDER_MAX);
	if (seat < 0 || seat >= g->nplayers)
		return buf_detach(&b);
	magic_hand_list(g, g->hand[seat], text, sizeof text);
	buf_printf(&b, "Hand: %s.", text);
	if (magic_lay_best(g, g->hand[seat], &best) == 0) {
		magic_lay_text(g, &best, text, sizeof text);
		buf_printf(&b, " Best lay: %s, %d %s.", text, best.value,
		    game_plural(best.value, "point", "points"));
	}
	for (i = 0; g->phase == MAGIC_PH_TRADE && i < g->noffers; i++) {
		if (!magic_can_accept(g, seat, &g->offer[i]))
			continue;
		magic_offer_text(g, &g->offer[i], text, sizeof text);
		buf_printf(&b, "%s %s", n++ == 0 ? " You can accept:" : "",
		    text);
	}
	return buf_detach(&b);
}

/* What seat may see alone; the caller frees the text. */
char *
magic_render_private(const struct game *g, int seat)
{
	struct buf		b;
	struct magic_lay	best;
	struct game_prompt	pr;
	char			text[160];
	int			k, n, i;

	buf_init(&b, RENDER_MAX);
	if (seat < 0 || seat >= g->nplayers) {
		buf_puts(&b, "You are not playing at this table.");
		return buf_detach(&b);
	}
	n = magic_hand_size(g, seat);
	buf_printf(&b, "Your hand (%d %s):", n, game_plural(n, "card", "cards"));
	for (k = 0; k < MAGIC_NALL; k++) {
		if ((n = g->hand[seat][k]) == 0)
			continue;
		magic_kind_text(g, k, n, text, sizeof text);
		buf_printf(&b, "\n %s", text);
		if (k == MAGIC_JOKER) {
			buf_printf(&b, " (%s: counts as any kind beside a "
			    "natural card)", g->kind[k].title);
			continue;
		}
		buf_printf(&b, " (%s):", g->kind[k].title);
		if (n >= MAGIC_SET_MIN)
			buf_printf(&b, " %d %s,", magic_points(g, k, n),
			    game_plural(magic_points(g, k, n), "point",
			    "points"));
		if (n < MAGIC_SET_MAX)
			buf_printf(&b, " %d would score %d", n + 1,
			    magic_points(g, k, n + 1));
		else
			buf_puts(&b, " a full set");
	}
	if (g->state == GAME_RUNNING && g->phase == MAGIC_PH_LAY &&
	    g->lay[seat].done) {
		magic_lay_text(g, &g->lay[seat], text, sizeof text);
		buf_printf(&b, "\nYou laid out %s: %d %s.", text,
		    g->lay[seat].value, game_plural(g->lay[seat].value,
		    "point", "points"));
	} else if (magic_lay_best(g, g->hand[seat], &best) == 0) {
		magic_lay_text(g, &best, text, sizeof text);
		buf_printf(&b, "\nYour best lay now: %s, %d %s.", text,
		    best.value, game_plural(best.value, "point", "points"));
	} else
		buf_puts(&b, "\nYou cannot lay out a set now (2 of a kind, or 1 "
		    "and a joker).");
	if (g->state == GAME_RUNNING && g->phase == MAGIC_PH_TRADE) {
		render_offers(g, &b, seat);
		for (i = 0, n = 0; i < g->noffers; i++) {
			if (g->offer[i].from != seat)
				continue;
			if (n++ == 0)
				buf_puts(&b, "\nYour open offers:");
			magic_offer_text(g, &g->offer[i], text, sizeof text);
			buf_printf(&b, "\n %s", text);
		}
	}
	if (g->state == GAME_RUNNING && magic_pending_list(g, &pr, 1) == 1 &&
	    (pr.seats & BIT(seat)))
		buf_printf(&b, "\nYour move: %s", pr.text);
	return buf_detach(&b);
}

/*
 * A button label for an offer number: "3: 2 🌿 for 1 🌹".  Shows only
 * public offers.  Returns 0, or -1 to use the number.
 */
int
magic_arg_label(const struct game *g, int seat, const struct game_move *m,
    int argi, char *buf, size_t len)
{
	const struct magic_offer	*o;

	(void)seat;
	if (argi != 0 || (m->action != MAGIC_A_ACCEPT &&
	    m->action != MAGIC_A_WITHDRAW && m->action != MAGIC_A_COUNTER) ||
	    (o = magic_offer_get(g, m->args[0])) == NULL)
		return -1;
	snprintf(buf, len, "%d: %d %s for %d %s", o->id, o->ngive,
	    g->kind[o->give].emoji, o->nwant, g->kind[o->want].emoji);
	return 0;
}
