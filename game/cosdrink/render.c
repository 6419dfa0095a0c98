/*
 * render.c: Cosdrink Encounters as text.  render_public() shows what the
 * whole table sees: what is asked, the Kings in the middle, every player's
 * monster with the items played against it, how many items each holds,
 * and the drinks tally (in sips of anything, sips of water or points, as
 * the table chose), never a hand.  render_private() adds the seat's own
 * items, numbered for moves.  Both are capped.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/cosdrink/cosdrink-int.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define RENDER_MAX	4096

/* What the tally counts, for n of them: "sips", "sip of water", "points". */
const char *
cos_unit(const struct game *g, int n)
{
	static const char *const one[] = { "sip", "sip of water", "point" };
	static const char *const many[] = { "sips", "sips of water", "points" };

	return game_plural(n, one[g->opt[COS_O_DRINKS]],
	    many[g->opt[COS_O_DRINKS]]);
}

/*
 * The piles' sizes, "Monster Deck 3, Item Deck 10, discarded items 2.",
 * for the public text and the board, into buf (len bytes, cut there;
 * COS_PILES_MAX holds them).
 */
void
cos_piles_text(const struct game *g, char *buf, size_t len)
{
	snprintf(buf, len, "Monster Deck %d, Item Deck %d, discarded items %d.",
	    g->nmdeck, g->nideck, g->nidiscard);
}

/*
 * Seat s's marks of the round while the game runs, for the public text
 * and the board: " (aided)", " (retreated)" or " (acted)", then
 * " (may aid)" when someone asked it; "" when none or the game is over.
 * Written into buf (len bytes; 32 hold them all).
 */
void
cos_seat_marks(const struct game *g, int s, char *buf, size_t len)
{
	unsigned	 bit = 1u << s;
	const char	*done = "";

	if (g->state != GAME_RUNNING)
		bit = 0;
	if (g->aided & bit)
		done = " (aided)";
	else if (g->retreated & bit)
		done = " (retreated)";
	else if (g->acted & bit)
		done = " (acted)";
	snprintf(buf, len, "%s%s", done, g->asked & bit ? " (may aid)" : "");
}

/* Appends " vs 🔥3 🧊2 = 4" (the pile against monster m) to b. */
static void
render_pile(const struct game *g, struct buf *b, const struct cos_pile *p,
    int m)
{
	char	sum[16];
	int	i;

	if (p->n == 0) {
		buf_puts(b, ", nothing against it yet");
		return;
	}
	buf_puts(b, ", against it:");
	for (i = 0; i < p->n; i++)
		buf_printf(b, " %s%d", g->colour_emoji[g->item[p->item[i]].colour],
		    g->item[p->item[i]].value);
	cos_halves(cos_pile_sum(g, p, m), sum, sizeof sum);
	buf_printf(b, " = %s", sum);
}

/* The drinks tally line. */
static void
render_tally(const struct game *g, struct buf *b)
{
	static const char *const title[] = {
		"Sips (of anything you like; water counts)",
		"Sips of water",
		"Points (nobody drinks)"
	};
	int	s;

	buf_printf(b, "\n%s:", title[g->opt[COS_O_DRINKS]]);
	for (s = 0; s < g->nplayers; s++)
		buf_printf(b, "%s @{%d} %d", s > 0 ? "," : "", s, g->drinks[s]);
	buf_puts(b, ".");
}

/* Kings destroyed so far. */
static int
render_kings_done(const struct game *g)
{
	int	i, n = 0;

	for (i = 0; i < g->nmgone; i++)
		n += g->mon[g->mgone[i]].king;
	return n;
}

/* The public table; the caller frees the text. */
char *
cos_render_public(const struct game *g)
{
	struct buf		b;
	struct game_result	r;
	char			name[80], text[GAME_TEXT_MAX], marks[COS_MARKS_MAX];
	char			piles[COS_PILES_MAX];
	int			s, i, m;

	buf_init(&b, RENDER_MAX);
	if (g->state != GAME_RUNNING) {
		cos_result_get(g, &r);
		buf_puts(&b, "Game over. ");
		buf_puts(&b, r.text);
		buf_puts(&b, "\n");
	} else {
		cos_prompt_text(g, text, sizeof text);
		buf_printf(&b, "Encounter %d, round %d. Dealer: @{%d}.\n%s\n",
		    g->encounter, g->round, g->dealer, text);
	}
	buf_printf(&b, "Kings: %d of %d destroyed", render_kings_done(g),
	    g->kings_total);
	for (i = 0; i < g->nkings; i++) {
		cos_monster_name(g, g->kings[i], name, sizeof name);
		buf_printf(&b, "%s%s", i == 0 ? "; in the middle: " : ", ",
		    name);
		if (i == 0 && g->king_open)
			render_pile(g, &b, &g->kpile, g->kings[0]);
		else if (i == 0)
			buf_puts(&b, " (waits until every other monster is "
			    "destroyed)");
	}
	buf_puts(&b, ".");
	for (s = 0; s < g->nplayers; s++) {
		buf_printf(&b, "\n@{%d}%s: %d %s; ", s, s == g->dealer ?
		    " (dealer)" : "", g->nhand[s],
		    game_plural(g->nhand[s], "item", "items"));
		if ((m = g->monster[s]) < 0)
			buf_puts(&b, "no monster");
		else {
			cos_monster_name(g, m, name, sizeof name);
			buf_puts(&b, name);
			render_pile(g, &b, &g->pile[s], m);
		}
		cos_seat_marks(g, s, marks, sizeof marks);
		buf_puts(&b, marks);
	}
	cos_piles_text(g, piles, sizeof piles);
	buf_printf(&b, "\n%s", piles);
	render_tally(g, &b);
	return buf_detach(&b);
}

/*
 * Appends seat's items to b, numbered for moves: "1. Snow Cone (🧊 ice
 * 4)", each after sep ("\n", or ", " but a space first), or " none".
 */
static void
render_items(const struct game *g, int seat, const char *sep,
    struct buf *b)
{
	char	name[96];
	int	i;

	if (g->nhand[seat] == 0)
		buf_puts(b, " none");
	for (i = 0; i < g->nhand[seat]; i++) {
		cos_item_held(g, g->hand[seat][i], name, sizeof name);
		buf_printf(b, "%s%d. %s", i > 0 || *sep == '\n' ? sep : " ",
		    i + 1, name);
	}
}

/*
 * Appends "You fight the Snow Cone Golem (🧊3): 1 to go." to b; -1 (and
 * nothing appended) when seat fights nothing now.
 */
static int
render_fight(const struct game *g, int seat, struct buf *b)
{
	char	name[80], left[16];
	int	t, m;

	t = g->state == GAME_RUNNING ? cos_target(g, seat) : -1;
	if ((m = cos_target_monster(g, t)) < 0)
		return -1;
	cos_monster_name(g, m, name, sizeof name);
	cos_halves(2 * g->mon[m].value - cos_pile_sum(g, t == COS_KING ?
	    &g->kpile : &g->pile[t], m), left, sizeof left);
	buf_printf(b, "You fight %s%s: %s to go.", t == COS_KING ?
	    "the King, " : "the ", name, left);
	return 0;
}

/* What seat may see alone; the caller frees the text. */
char *
cos_render_private(const struct game *g, int seat)
{
	struct buf	b;
	char		text[GAME_TEXT_MAX];

	buf_init(&b, RENDER_MAX);
	if (seat < 0 || seat >= g->nplayers) {
		buf_puts(&b, "You are not playing at this table.");
		return buf_detach(&b);
	}
	buf_puts(&b, "Your items:");
	render_items(g, seat, "\n", &b);
	if (g->state == GAME_RUNNING) {
		buf_puts(&b, "\n");
		if (render_fight(g, seat, &b) == 0)
			buf_puts(&b, " Items of the other colour count half.");
		else
			buf_puts(&b, "You have no monster to fight this "
			    "round; you may aid others when they ask.");
		if (g->turn >= 0 && (g->asked != 0 ? (g->asked & (1u << seat)) :
		    g->turn == seat)) {
			cos_prompt_text(g, text, sizeof text);
			buf_printf(&b, "\nYour move: %s", text);
		}
	}
	return buf_detach(&b);
}

/*
 * What seat needs beside its prompt, in one line: "Items: 1. Snow Cone
 * (🧊 ice 4), 2. ... You fight the Snow Cone Golem (🧊3): 1 to go."  The
 * caller frees it.
 */
char *
cos_render_brief(const struct game *g, int seat)
{
	struct buf	b;

	buf_init(&b, GAME_TEXT_MAX * 2);
	if (seat < 0 || seat >= g->nplayers)
		return buf_detach(&b);
	buf_puts(&b, "Items:");
	render_items(g, seat, ", ", &b);
	buf_puts(&b, ". ");
	if (render_fight(g, seat, &b) != 0)
		b.data[--b.len] = '\0';
	return buf_detach(&b);
}

/* The public summary of the game, running or over.  Returns 0. */
int
cos_result_get(const struct game *g, struct game_result *r)
{
	int	s, total = 0;

	game_result_init(r, g->state, g->winners);
	for (s = 0; s < g->nplayers; s++)
		total += g->drinks[s];
	if (g->state == GAME_RUNNING)
		snprintf(r->text, sizeof r->text, "%d of %d %s destroyed in "
		    "%d %s.", render_kings_done(g), g->kings_total,
		    game_plural(g->kings_total, "King", "Kings"), g->encounter,
		    game_plural(g->encounter, "encounter", "encounters"));
	else if (g->winners != 0)
		snprintf(r->text, sizeof r->text, "The table destroyed all %d "
		    "%s in %d %s, with %d %s in all.", g->kings_total,
		    game_plural(g->kings_total, "King", "Kings"), g->encounter,
		    game_plural(g->encounter, "encounter", "encounters"), total,
		    cos_unit(g, total));
	else
		snprintf(r->text, sizeof r->text, "The monsters won: %d of %d "
		    "%s destroyed when the items ran out, with %d %s in all.",
		    render_kings_done(g), g->kings_total,
		    game_plural(g->kings_total, "King", "Kings"), total,
		    cos_unit(g, total));
	return 0;
}

/*
 * The final table of a finished game: the table wins or loses together,
 * so the title says which; each player's own monsters beaten rank them,
 * then fewer drinks.  0, or -1 while the game runs.
 */
int
cos_final_table(const struct game *g, struct game_ranking *out)
{
	struct game_rank	*row;
	int			 s, kings = render_kings_done(g);

	if (game_ranking_start(out, g->state) != 0)
		return -1;
	snprintf(out->title, sizeof out->title, "Final table: %s after %d %s, "
	    "%d of %d %s destroyed", g->winners != 0 ? "the table wins" :
	    "the monsters win", g->encounter, game_plural(g->encounter,
	    "encounter", "encounters"), kings, g->kings_total,
	    game_plural(g->kings_total, "King", "Kings"));
	for (s = 0; s < g->nplayers; s++) {
		if ((row = game_ranking_add(out, 1u << s)) == NULL)
			break;
		row->won = (g->winners & (1u << s)) != 0;
		row->score = g->beaten[s];
		row->tiebreak = -g->drinks[s];
		snprintf(row->figures, sizeof row->figures, "%d %s beaten, %d "
		    "%s", g->beaten[s], game_plural(g->beaten[s], "monster",
		    "monsters"), g->drinks[s], cos_unit(g, g->drinks[s]));
	}
	game_ranking_sort(out);
	return 0;
}
