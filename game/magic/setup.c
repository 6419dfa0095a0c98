/*
 * setup.c: a new game of Magic Cocktail, as the rulebook sets it up, and
 * the start of each round.  The recipe pile is shuffled, its bottom cards
 * are shuffled with the Magic Lightning, and the ingredient deck is
 * shuffled.  Each round reveals the next recipe (the Magic Lightning ends
 * the game at once) and deals 10 cards a player in the first round, 5
 * later, one at a time in seat order while the deck lasts.
 */
#include <stdlib.h>
#include <string.h>

#include "game/magic/magic-int.h"
#include "lib/xmalloc.h"

/* Returns the index of value among option opt's values (0 for NULL), or -1. */
static int
setup_option(const struct game_opts *o, int opt, char **cause)
{
	const struct game_option	*op = &magic_options[opt];
	const char			*v = o->values[opt];
	int				 i;

	if ((i = game_option_find(op, v)) >= 0)
		return i;
	return set_cause(cause, "Option %s cannot be \"%.40s\": use %s, %s or "
	    "%s.", op->name, v, op->values[0], op->values[1], op->values[2]);
}

/* Derives the path's length from g->opt; -1 when an index is out of range. */
int
magic_options_apply(struct game *g, char **cause)
{
	if (game_options_check(magic_options, MAGIC_NOPTIONS, g->opt,
	    "Magic Cocktail", cause) != 0)
		return -1;
	g->path_len = atoi(magic_options[MAGIC_O_PATH].values[
	    g->opt[MAGIC_O_PATH]]);
	return 0;
}

/* The cards seat holds. */
int
magic_hand_size(const struct game *g, int seat)
{
	int	k, n = 0;

	for (k = 0; k < MAGIC_NALL; k++)
		n += g->hand[seat][k];
	return n;
}

/*
 * The recipe of the round in play (moves of the 1st, 2nd, 3rd and last),
 * borrowed from g; NULL before the first round's draw and once the Magic
 * Lightning is drawn.
 */
const int *
magic_recipe_now(const struct game *g)
{
	if (g->nused == 0 || g->used[g->nused - 1] == MAGIC_LIGHTNING)
		return NULL;
	return g->recipe[g->used[g->nused - 1]];
}

/* Rounds played in an ended game: the Magic Lightning's never was. */
int
magic_rounds_played(const struct game *g)
{
	return g->round - (g->used[g->nused - 1] == MAGIC_LIGHTNING);
}

/* Stones that end a round: 2 with 4 players, else 3. */
int
magic_stones_needed(const struct game *g)
{
	return g->nplayers == 4 ? 2 : 3;
}

/* Ends the game: the furthest piece wins; a shared lead is a tie. */
void
magic_end(struct game *g, struct game_events *ev, const char *why)
{
	int	s, best = -1;

	g->winners = 0;
	for (s = 0; s < g->nplayers; s++)
		if (g->pos[s] > best)
			best = g->pos[s];
	for (s = 0; s < g->nplayers; s++)
		if (g->pos[s] == best)
			g->winners |= 1u << s;
	g->state = (g->winners & (g->winners - 1)) ? GAME_TIED : GAME_WON;
	g->phase = MAGIC_PH_OVER;
	g->noffers = 0;
	if (ev != NULL) {
		struct game_result	r;

		magic_result_get(g, &r);
		game_events_add(ev, GAME_EV_END, -1, "%s %s", why, r.text);
	}
}

/*
 * Starts the next round: reveal the next recipe (the Magic Lightning ends
 * the game), deal, and open trading.  ev may be NULL.
 */
void
magic_round_begin(struct game *g, struct game_events *ev)
{
	const int	*r;
	int		 got[MAGIC_MAX_PLAYERS][MAGIC_NALL];
	int		 s, i, want, card, k, dealt = 0;
	char		 list[GAME_TEXT_MAX - 16];

	g->round++;
	g->nstones = 0;
	g->noffers = 0;
	g->next_id = 1;
	memset(g->gone, 0, sizeof g->gone);
	memset(g->stone, 0, sizeof g->stone);
	memset(g->acts, 0, sizeof g->acts);
	memset(g->lay, 0, sizeof g->lay);
	for (s = 0; s < g->nplayers; s++)
		g->lay[s].kind[0] = g->lay[s].kind[1] = -1;
	if (g->npile == 0) {
		/* Cannot happen: the Magic Lightning is in the pile. */
		magic_end(g, ev, "The recipes are gone.");
		return;
	}
	card = g->pile[--g->npile];
	g->used[g->nused++] = card;
	if (card == MAGIC_LIGHTNING) {
		magic_end(g, ev, "⚡ The Magic Lightning strikes! The game is "
		    "over.");
		return;
	}
	want = g->round == 1 ? MAGIC_FIRST_DEAL : MAGIC_DEAL;
	memset(got, 0, sizeof got);
	for (i = 0; i < want; i++) {
		for (s = 0; s < g->nplayers && g->ndeck > 0; s++) {
			k = g->deck[--g->ndeck];
			g->hand[s][k]++;
			got[s][k]++;
			dealt++;
		}
	}
	g->phase = MAGIC_PH_TRADE;
	if (ev != NULL) {
		/* What each drew is theirs alone; the round is everyone's. */
		for (s = 0; s < g->nplayers; s++) {
			magic_hand_list(g, got[s], list, sizeof list);
			game_events_notef(ev, s, "You drew %s.", list);
		}
		ev->show_table = 1;
		r = g->recipe[card];
		game_say(ev, -1, "Round %d: everyone draws %d%s. The recipe "
		    "moves 1st +%d, 2nd +%d, 3rd +%d, last %d. Trade!", g->round,
		    dealt / g->nplayers, dealt < want * g->nplayers ?
		    " (the deck ran short)" : "", r[0], r[1], r[2], r[3]);
		ev->private_changed |= (1u << g->nplayers) - 1;
	}
}

/*
 * Starts a game for o's players and options, with a copy of rng (the
 * caller's rng is not advanced).  Returns a game the caller frees with
 * game_free, or NULL and *cause.
 */
struct game *
magic_new(const struct game_opts *o, struct rng *rng, char **cause)
{
	struct game	*g;
	int		 k, i, n, bottom[MAGIC_NRECIPES + 1], nb;

	if (o->nplayers < MAGIC_MIN_PLAYERS || o->nplayers > MAGIC_MAX_PLAYERS) {
		set_cause(cause, "Magic Cocktail is for %d to %d players, not "
		    "%d.", MAGIC_MIN_PLAYERS, MAGIC_MAX_PLAYERS, o->nplayers);
		return NULL;
	}
	g = xcalloc(1, sizeof *g);
	g->nplayers = o->nplayers;
	for (i = 0; i < MAGIC_NOPTIONS; i++)
		if ((g->opt[i] = setup_option(o, i, cause)) < 0)
			goto fail;
	if (magic_options_apply(g, cause) != 0 ||
	    magic_cards_load(g, cause) != 0)
		goto fail;
	g->rng = *rng;
	g->state = GAME_RUNNING;

	for (k = 0, n = 0; k < MAGIC_NALL; k++)
		for (i = 0; i < g->kind[k].count; i++)
			g->deck[n++] = k;
	g->ndeck = n;
	rng_shuffle(&g->rng, g->deck, g->ndeck);

	/*
	 * The recipes shuffled; the bottom ones (lightning_among) shuffled
	 * again with the Magic Lightning.  The pile's top is its last card.
	 */
	for (i = 0; i < MAGIC_NRECIPES; i++)
		g->pile[i] = i;
	rng_shuffle(&g->rng, g->pile, MAGIC_NRECIPES);
	nb = g->lightning_among;
	for (i = 0; i < nb; i++)
		bottom[i] = g->pile[i];
	bottom[nb++] = MAGIC_LIGHTNING;
	rng_shuffle(&g->rng, bottom, nb);
	memmove(&g->pile[nb], &g->pile[nb - 1],
	    (size_t)(MAGIC_NRECIPES - (nb - 1)) * sizeof g->pile[0]);
	memcpy(g->pile, bottom, (size_t)nb * sizeof bottom[0]);
	g->npile = MAGIC_NRECIPES + 1;
	magic_round_begin(g, NULL);
	return g;
fail:
	free(g);
	return NULL;
}

/* Copies a game; the caller frees the copy with game_free. */
struct game *
magic_copy(const struct game *g)
{
	return xmemdup(g, sizeof *g);
}
