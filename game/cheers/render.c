/*
 * render.c: CHEERS as text.  render_public() shows what the whole table
 * may see (shakers, counts, whose turn, teams outside Masquerade) and never
 * a hand card or a recipe; render_private() is the only place a seat's
 * secrets (its hand, its recipe when it may know it, its team) appear.
 * Both are built in a capped buffer.
 */
#include <stdio.h>
#include <string.h>

#include "game/cheers/cheers-int.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define RENDER_MAX	4096

static const char *const render_place_names[] = { NULL, "share", "extra" };

/* Writes a shaker's public name into buf (capped at len). */
void
cheers_place_name(const struct game *g, int shaker, char *buf, size_t len)
{
	struct game_text	t;

	game_text_init(&t, buf, len);
	cheers_place_put(g, shaker, &t);
}

/* Names the places besides seats: "share" or "extra".  Names are borrowed. */
int
cheers_places(const struct game *g, const char **names, size_t max)
{
	if (g->place == CHEERS_PLACE_NONE || max == 0)
		return 0;
	names[0] = render_place_names[g->place];
	return 1;
}

/*
 * A shaker's content where its line has no room for it whole (see
 * cheers_content_put): put together here, at most a shaker's room of
 * cards, and copied cut to room.  Apart, so that the line's own text
 * stays in registers (its address is not handed on).
 */
size_t
cheers_content_cut(const struct game *g, int shaker, char *dst, size_t room)
{
	char	cells[CHEERS_SHAKER_ROOM * (CHEERS_EMOJI_LEN + 1)], *p = cells;
	size_t	len;
	int	i, n = g->nshaker[shaker];

	if (n <= 0)
		return 0;
	if (n > CHEERS_SHAKER_ROOM)
		n = CHEERS_SHAKER_ROOM;
	for (i = 0; i < n; i++) {
		memcpy(p, cheers_kind_glyph[g->card[g->shaker[shaker][i]].big],
		    CHEERS_EMOJI_LEN);
		p[CHEERS_EMOJI_LEN] = ' ';
		p += CHEERS_EMOJI_LEN + 1;
	}
	len = (size_t)(p - cells) - 1;
	if (len > room)
		len = room;
	memcpy(dst, cells, len);
	return len;
}

/*
 * Appends a team's recipe with the count of each kind, "🍺🍺🍷🍷🍸 (2 beer,
 * 2 wine, 1 cocktail)", to t.
 */
static void
render_recipe_put(const struct game *g, int team, struct game_text *t)
{
	int	k, n = 0;

	cheers_recipe_put(g, team, t);
	game_text_put(t, " (");
	for (k = 0; k < CHEERS_NKINDS; k++) {
		if (g->recipe[team][k] == 0)
			continue;
		if (n++ > 0)
			game_text_put(t, ", ");
		game_text_int(t, g->recipe[team][k]);
		game_text_put(t, " ");
		game_text_put(t, cheers_kind_names[k]);
	}
	game_text_put(t, ")");
}

/* Does seat know its team's recipe (everyone but Master mode's apprentices)? */
static int
render_knows_recipe(const struct game *g, int seat)
{
	return g->mode != CHEERS_MASTER ||
	    g->team_seat[g->team_of[seat]][0] == seat;
}

static void
render_shaker(const struct game *g, struct buf *b, int s)
{
	char	where[48];
	int	i;

	cheers_place_name(g, s, where, sizeof where);
	where[0] = where[0] == 't' ? 'T' : where[0];
	buf_printf(b, "%s:", where);
	if (s == g->nplayers && g->place == CHEERS_PLACE_EXTRA)
		buf_printf(b, " (team %c)", 'A' + g->extra_team);
	if (g->nshaker[s] == 0)
		buf_puts(b, " (empty)");
	for (i = 0; i < g->nshaker[s]; i++)
		buf_printf(b, " %d%s", i + 1,
		    cheers_kind_emoji[g->card[g->shaker[s][i]].big]);
	buf_puts(b, "\n");
}

/*
 * The piles' sizes, "Deck 12, discard 3.", for the public table and the
 * board, into buf (len bytes, cut there; CHEERS_PILES_MAX holds them).
 */
void
cheers_piles_text(const struct game *g, char *buf, size_t len)
{
	snprintf(buf, len, "Deck %d, discard %d.", g->ndeck, g->ndiscard);
}

/* The public table; the caller frees the text. */
char *
cheers_render_public(const struct game *g)
{
	struct buf	b;
	char		status[GAME_STATUS_MAX], piles[CHEERS_PILES_MAX];
	int		s, team, i;

	buf_init(&b, RENDER_MAX);
	if (game_status(&cheers_ops, g, status, sizeof status))
		buf_printf(&b, "%s\n", status);
	for (s = 0; s < g->nshakers; s++)
		render_shaker(g, &b, s);
	if (g->mode != CHEERS_MASQUERADE && g->nplayers > 2) {
		buf_puts(&b, "Teams:");
		for (team = 0; team < g->nteams; team++) {
			buf_printf(&b, "%s %c", team > 0 ? " \xc2\xb7" : "",
			    'A' + team);
			for (i = 0; i < g->team_size[team]; i++)
				buf_printf(&b, "%s @{%d}%s", i > 0 ? "," : "",
				    g->team_seat[team][i],
				    g->mode == CHEERS_MASTER && i == 0 ?
				    " (master)" : "");
		}
		buf_puts(&b, "\n");
	} else if (g->mode == CHEERS_MASQUERADE)
		buf_puts(&b, "Masquerade: teams are secret.\n");
	cheers_piles_text(g, piles, sizeof piles);
	buf_printf(&b, "%s Hands:", piles);
	for (s = 0; s < g->nplayers; s++)
		buf_printf(&b, "%s @{%d} %d", s > 0 ? "," : "", s, g->nhand[s]);
	buf_puts(&b, ".");
	return buf_detach(&b);
}

/* What seat may see alone; the caller frees the text. */
char *
cheers_render_private(const struct game *g, int seat)
{
	const struct cheers_card	*c;
	struct buf			 b;
	struct game_prompt		 pr;
	struct game_text		 t;
	char				 rec[128];
	int				 team, i, n = 0;

	buf_init(&b, RENDER_MAX);
	if (seat < 0 || seat >= g->nplayers) {
		buf_puts(&b, "You are not playing at this table.");
		return buf_detach(&b);
	}
	team = g->team_of[seat];
	if (g->mode == CHEERS_MASQUERADE)
		buf_printf(&b, "Your team token: %c. Your teammates are "
		    "secret.\n", 'A' + team);
	else if (g->team_size[team] == 1)
		buf_printf(&b, "You are team %c, on your own.\n", 'A' + team);
	else {
		buf_printf(&b, "You are on team %c with", 'A' + team);
		for (i = 0; i < g->team_size[team]; i++)
			if (g->team_seat[team][i] != seat)
				buf_printf(&b, "%s @{%d}", n++ > 0 ? "," : "",
				    g->team_seat[team][i]);
		buf_puts(&b, ".\n");
	}
	if (!render_knows_recipe(g, seat))
		buf_printf(&b, "Your master @{%d} knows the recipe; you must "
		    "guess it from their play.\n", g->team_seat[team][0]);
	else {
		game_text_init(&t, rec, sizeof rec);
		render_recipe_put(g, team, &t);
		buf_printf(&b, "Your recipe: %s\n", rec);
	}
	buf_puts(&b, "Your hand:");
	if (g->nhand[seat] == 0)
		buf_puts(&b, " (empty)");
	for (i = 0; i < g->nhand[seat]; i++) {
		c = &g->card[g->hand[seat][i]];
		buf_printf(&b, "\n%d. %s %s (cheers with %s %s)", i + 1,
		    cheers_kind_emoji[c->big], cheers_kind_names[c->big],
		    cheers_kind_emoji[c->small], cheers_kind_names[c->small]);
	}
	if (g->state == GAME_RUNNING && cheers_pending_list(g, &pr, 1) == 1 &&
	    (pr.seats & (1u << seat)))
		buf_printf(&b, "\nYour move: %s", pr.text);
	return buf_detach(&b);
}

/*
 * What seat needs beside its prompt, in one line: "Hand: 1. 🍸 cocktail
 * (cheers with 🍹), 2. ... Recipe: 🍺🍺🍷🍷🍸."  The caller frees it.
 */
char *
cheers_render_brief(const struct game *g, int seat)
{
	struct game_text	t;
	char			line[GAME_TEXT_MAX];
	int			i;

	game_text_init(&t, line, sizeof line);
	if (seat < 0 || seat >= g->nplayers)
		return xstrdup("");
	game_text_put(&t, "Hand:");
	if (g->nhand[seat] == 0)
		game_text_put(&t, " empty");
	for (i = 0; i < g->nhand[seat]; i++) {
		game_text_put(&t, i > 0 ? ", " : " ");
		game_text_int(&t, i + 1);
		game_text_put(&t, ". ");
		cheers_card_put(g, g->hand[seat][i], &t);
	}
	game_text_put(&t, ".");
	if (render_knows_recipe(g, seat)) {
		game_text_put(&t, " Recipe: ");
		cheers_recipe_put(g, g->team_of[seat], &t);
		game_text_put(&t, ".");
	}
	return xstrdup(line);
}

/*
 * Button labels: a hand card shows its number, its drink and what it
 * CHEERS with ("2. 🍸 (🍹)"), a shaker card its number and drink ("3🍺"),
 * as the views list them.  Only seat's own hand is read, which seat sees.
 */
int
cheers_arg_label(const struct game *g, int seat, const struct game_move *m,
    int argi, char *buf, size_t len)
{
	const struct cheers_card	*c;
	int				 v = m->args[argi], shaker;

	if (seat < 0 || seat >= g->nplayers || v < 1)
		return -1;
	switch (m->action) {
	case CHEERS_A_PLAY:
		if (argi != 0 || v > g->nhand[seat])
			return -1;
		c = &g->card[g->hand[seat][v - 1]];
		snprintf(buf, len, "%d. %s (%s)", v, cheers_kind_emoji[c->big],
		    cheers_kind_emoji[c->small]);
		return 0;
	case CHEERS_A_MOVE:
		shaker = seat;
		if (argi != 0)
			return -1;
		break;
	case CHEERS_A_GIVE:
	case CHEERS_A_DISCARD:
		if ((m->action == CHEERS_A_GIVE) != (argi == 2) ||
		    g->nqueue == 0)
			return -1;
		shaker = g->queue[0].shaker;
		break;
	default:
		return -1;
	}
	if (v > g->nshaker[shaker])
		return -1;
	snprintf(buf, len, "%d%s", v,
	    cheers_kind_emoji[g->card[g->shaker[shaker][v - 1]].big]);
	return 0;
}
