/*
 * end.c: the game's end.  When a player has completed 3 recipes (4 in the
 * 4-guest variant), or the guest deck has run out, play goes on until the
 * last seat in turn order has finished its turn, so everyone has had as
 * many turns.  Points decide, then the number of recipes, then the
 * biggest nose: named by the table ("nose <player>") or drawn at random,
 * as the tiebreak option says.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))

/* Whether seat a ranks above seat b (points, then recipes). */
static int
end_better(const struct game *g, int a, int b)
{
	int	pa = fwb_score(g, a), pb = fwb_score(g, b);

	if (pa != pb)
		return pa > pb;
	return fwb_done_count(g, a) > fwb_done_count(g, b);
}

/* Writes "Scores: @{0} 9 (2 recipes), ..." into buf. */
static void
end_scores(const struct game *g, char *buf, size_t len)
{
	char	one[48];
	int	s;

	snprintf(buf, len, "Scores:");
	for (s = 0; s < g->nplayers; s++) {
		snprintf(one, sizeof one, "%s @{%d} %d (%d %s)",
		    s > 0 ? "," : "", s, fwb_score(g, s), fwb_done_count(g, s),
		    game_plural(fwb_done_count(g, s), "recipe", "recipes"));
		game_cat(buf, one, len);
	}
	game_cat(buf, ".", len);
}

/* The public summary of the game, running or over.  Returns 0. */
int
fwb_result_get(const struct game *g, struct game_result *r)
{
	char	scores[200];
	int	s;

	game_result_init(r, g->state, g->winners);
	end_scores(g, scores, sizeof scores);
	if (g->state == GAME_RUNNING) {
		snprintf(r->text, sizeof r->text, "%s", scores);
		return 0;
	}
	for (s = 0; s < g->nplayers && !(g->winners & BIT(s)); s++)
		;
	snprintf(r->text, sizeof r->text, "@{%d} wins with %d %s. %s", s,
	    fwb_score(g, s), game_plural(fwb_score(g, s), "point", "points"),
	    scores);
	return 0;
}

/* Adds the end event: a reason, then who won (the table shows scores). */
void
fwb_result_say(struct game *g, struct game_events *ev, const char *fmt, ...)
{
	char	why[160];
	va_list	ap;
	int	s;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	for (s = 0; s < g->nplayers && !(g->winners & BIT(s)); s++)
		;
	if (ev != NULL && s < g->nplayers)
		game_events_add(ev, GAME_EV_END, s, "%s @{%d} wins with %d "
		    "points.", why, s, fwb_score(g, s));
}

/* Scores the finished game; a tie left open asks the table for a nose. */
void
fwb_end_game(struct game *g, struct game_events *ev)
{
	unsigned	tied = 0;
	int		s, best = 0, n = 0, pick;
	char		who[64] = "", one[16];

	for (s = 1; s < g->nplayers; s++)
		if (end_better(g, s, best))
			best = s;
	for (s = 0; s < g->nplayers; s++) {
		if (end_better(g, best, s) && s != best)
			continue;
		tied |= BIT(s);
		snprintf(one, sizeof one, "%s@{%d}", n++ > 0 ? ", " : "", s);
		game_cat(who, one, sizeof who);
	}
	if (n == 1) {
		g->winners = BIT(best);
		g->state = GAME_WON;
		fwb_result_say(g, ev, "The last round is over.");
		return;
	}
	if (g->opt[FWB_O_TIEBREAK]) {
		pick = (int)rng_below(&g->rng, (uint32_t)n);
		for (s = 0; s < g->nplayers; s++)
			if ((tied & BIT(s)) && pick-- == 0)
				break;
		g->winners = BIT(s);
		g->state = GAME_WON;
		fwb_result_say(g, ev, "%s tie on points and recipes; the "
		    "biggest nose is drawn at random: @{%d}.", who, s);
		return;
	}
	memset(&g->ask, 0, sizeof g->ask);
	g->ask.kind = FWB_ASK_NOSE;
	g->ask.seat = -1;
	g->ask.card = -1;
	g->ask.mask = tied;
	if (ev != NULL)
		game_events_add(ev, GAME_EV_PROMPT, -1, "%s tie on points and "
		    "recipes: the table decides who has the biggest nose: "
		    "nose <player>.", who);
}

/*
 * The final table of a finished game: points, then recipes served; the
 * winner first even where the biggest nose broke a tie.  0, or -1 while
 * the game runs.
 */
int
fwb_final_table(const struct game *g, struct game_ranking *out)
{
	struct game_rank	*row;
	int			 s, pts, done;

	if (game_ranking_start(out, g->state) != 0)
		return -1;
	for (s = 0; s < g->nplayers; s++) {
		if ((row = game_ranking_add(out, BIT(s))) == NULL)
			break;
		pts = fwb_score(g, s);
		done = fwb_done_count(g, s);
		row->won = (g->winners & BIT(s)) != 0;
		row->score = pts;
		row->tiebreak = done;
		snprintf(row->figures, sizeof row->figures, "%d %s, %d %s "
		    "served", pts, game_plural(pts, "point", "points"), done,
		    game_plural(done, "recipe", "recipes"));
	}
	game_ranking_sort(out);
	return 0;
}
