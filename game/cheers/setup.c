/*
 * setup.c: a new game of CHEERS.  Options are read and checked, teams are
 * laid out and seated, the turn order is fixed, each team draws its secret
 * recipe by the chosen method, and the ingredient cards are dealt.
 *
 * Seats are numbered in the order of their first turn, so seat 0 moves
 * first.  Outside Masquerade the turn order is "teams alternate in a fixed
 * order, each team's members rotate": turn t belongs to team t mod nteams,
 * and to that team's member (t div nteams) mod size.  In Masquerade teams
 * are hidden, so seats simply take turns 0, 1, ..., n-1 and teams are dealt
 * to seats at random.
 */
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "game/cheers/cheers-int.h"
#include "lib/xmalloc.h"

/* Every layout the rulebooks list; the written order is the turn order. */
const struct cheers_layout cheers_layouts[CHEERS_NLAYOUTS] = {
	{ "1+1",   2, 2, { 1, 1, 0 } },
	{ "2+1",   3, 2, { 2, 1, 0 } },
	{ "2+2",   4, 2, { 2, 2, 0 } },
	{ "2+3",   5, 2, { 2, 3, 0 } },
	{ "3+2",   5, 2, { 3, 2, 0 } },
	{ "2+2+1", 5, 3, { 2, 2, 1 } },
	{ "3+3",   6, 2, { 3, 3, 0 } },
	{ "2+2+2", 6, 3, { 2, 2, 2 } },
};
const int cheers_nlayouts = sizeof cheers_layouts / sizeof cheers_layouts[0];

/* The layout "auto" picks, by player count: its index in cheers_layouts. */
static const int setup_auto[CHEERS_MAX_PLAYERS + 1] = {
	-1, -1, 0, 1, 2, 3, 6
};

static int
setup_layout_find(const char *name)
{
	int	i;

	for (i = 0; i < cheers_nlayouts; i++)
		if (strcmp(cheers_layouts[i].name, name) == 0)
			return i;
	return -1;
}

/*
 * Picks the layout named value ("auto" or NULL for the default) for
 * nplayers and mode.  Stores its index in *out and returns 0, or returns -1
 * with a sentence saying which layouts fit.  value is borrowed.
 */
int
cheers_layout_pick(int nplayers, int mode, const char *value, int *out,
    char **cause)
{
	char	fits[64] = "auto";
	int	i;

	if (mode == CHEERS_MASQUERADE && nplayers != 4 && nplayers != 6)
		return set_cause(cause, "Masquerade needs 4 or 6 players, not "
		    "%d.", nplayers);
	/* Every new game asks: the default by its index, not its name. */
	if (value == NULL || strcmp(value, "auto") == 0) {
		i = setup_auto[nplayers];
		value = cheers_layouts[i].name;
	} else
		i = setup_layout_find(value);
	if (i >= 0 && cheers_layouts[i].nplayers == nplayers) {
		*out = i;
		return 0;
	}
	for (i = 0; i < cheers_nlayouts; i++) {
		if (cheers_layouts[i].nplayers != nplayers)
			continue;
		game_cat(fits, ", ", sizeof fits);
		game_cat(fits, cheers_layouts[i].name, sizeof fits);
	}
	return set_cause(cause, "Team layout %s does not fit %d %s: use %s.",
	    value, nplayers, game_plural(nplayers, "player", "players"), fits);
}

static int
setup_gcd(int a, int b)
{
	while (b != 0) {
		int t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* The seat that plays turn number turn (any non-negative number). */
static int
setup_seat_at(const struct game *g, int turn)
{
	int	team;

	if (g->mode == CHEERS_MASQUERADE)
		return turn % g->nplayers;
	team = turn % g->nteams;
	return g->team_seat[team][(turn / g->nteams) % g->team_size[team]];
}

/*
 * The seat that plays turn number turn (any non-negative number): from
 * the table cheers_setup_teams made, asked on every turn.
 */
int
cheers_seat_at(const struct game *g, int turn)
{
	if (turn >= 0 && turn < g->period)
		return g->order[turn];
	return setup_seat_at(g, turn);
}

/*
 * Lays out teams, seats and turn order for layout (an index into
 * cheers_layouts), using g->rng for Masquerade.  g->nplayers and g->mode
 * must be set.  Returns 0, or -1 and *cause.
 */
static int
setup_lay(struct game *g, int layout, char **cause)
{
	const struct cheers_layout	*l = &cheers_layouts[layout];
	int				 t, team, m, seat, n = 0, lcm = 1;
	int				 deal[CHEERS_MAX_PLAYERS];
	int				 seen[CHEERS_MAX_TEAMS][CHEERS_MAX_PLAYERS];

	if (l->nplayers != g->nplayers)
		return set_cause(cause, "Team layout %s does not fit %d "
		    "players.", l->name, g->nplayers);
	g->layout = layout;
	g->nteams = l->nteams;
	memset(g->team_size, 0, sizeof g->team_size);
	for (team = 0; team < l->nteams; team++) {
		if (l->size[team] < 1)
			return set_cause(cause, "Team layout %s has an empty "
			    "team.", l->name);
		g->team_size[team] = l->size[team];
		lcm = lcm * l->size[team] / setup_gcd(lcm, l->size[team]);
	}
	if (g->mode == CHEERS_MASQUERADE) {
		for (team = 0; team < l->nteams; team++)
			for (m = 0; m < l->size[team]; m++)
				deal[n++] = team;
		rng_shuffle(&g->rng, deal, n);
		memset(g->team_size, 0, sizeof g->team_size);
		for (seat = 0; seat < g->nplayers; seat++) {
			team = deal[seat];
			g->team_of[seat] = team;
			g->team_seat[team][g->team_size[team]++] = seat;
		}
		g->period = g->nplayers;
	} else {
		memset(seen, 0, sizeof seen);
		g->period = l->nteams * lcm;
		for (t = 0; n < g->nplayers && t < g->period; t++) {
			team = t % l->nteams;
			m = (t / l->nteams) % l->size[team];
			if (seen[team][m])
				continue;
			seen[team][m] = 1;
			g->team_seat[team][m] = n;
			g->team_of[n] = team;
			n++;
		}
	}

	if (g->period > CHEERS_MAX_PERIOD)
		return set_cause(cause, "Team layout %s repeats only after %d "
		    "turns; the most is %d.", l->name, g->period,
		    CHEERS_MAX_PERIOD);
	for (t = 0; t < g->period; t++)
		g->order[t] = setup_seat_at(g, t);

	g->extra_team = -1;
	if (g->nplayers == 2)
		g->place = CHEERS_PLACE_SHARE;
	else if (g->nplayers % 2 == 1) {
		g->place = CHEERS_PLACE_EXTRA;
		g->extra_team = 0;
		for (team = 1; team < g->nteams; team++)
			if (g->team_size[team] < g->team_size[g->extra_team])
				g->extra_team = team;
	} else
		g->place = CHEERS_PLACE_NONE;
	g->nshakers = g->nplayers + (g->place != CHEERS_PLACE_NONE);
	for (seat = 0; seat < g->nplayers; seat++) {
		g->hand_size[seat] = 3;
		if (g->extra_team >= 0 && g->team_of[seat] == g->extra_team)
			g->hand_size[seat] = 4;
	}
	return 0;
}

/*
 * Each layout as setup_lay lays it out outside Masquerade, where nothing
 * is drawn: the same for every game, so laid out once per process (like
 * the rows of legal.c) and copied.  ok[i] is 0 where setup_lay refused.
 */
static struct {
	struct game	g[CHEERS_NLAYOUTS];
	int		ok[CHEERS_NLAYOUTS];
} setup_cache;
static once_flag setup_once = ONCE_FLAG_INIT;

/* Fills setup_cache; run once by call_once. */
static void
setup_cache_fill(void)
{
	char	*cause = NULL;
	int	 i;

	for (i = 0; i < CHEERS_NLAYOUTS; i++) {
		setup_cache.g[i].nplayers = cheers_layouts[i].nplayers;
		setup_cache.g[i].mode = CHEERS_STANDARD;
		setup_cache.ok[i] = setup_lay(&setup_cache.g[i], i,
		    &cause) == 0;
		free(cause);
		cause = NULL;
	}
}

/*
 * Puts into g what setup_lay writes for layout, from its laid-out copy c:
 * the same fields and entries, nothing else.
 */
static void
setup_copy(struct game *g, const struct game *c)
{
	int	team, m, t, seat;

	g->layout = c->layout;
	g->nteams = c->nteams;
	memcpy(g->team_size, c->team_size, sizeof g->team_size);
	for (team = 0; team < c->nteams; team++)
		for (m = 0; m < c->team_size[team]; m++)
			g->team_seat[team][m] = c->team_seat[team][m];
	g->period = c->period;
	for (t = 0; t < c->period; t++)
		g->order[t] = c->order[t];
	g->extra_team = c->extra_team;
	g->place = c->place;
	g->nshakers = c->nshakers;
	for (seat = 0; seat < c->nplayers; seat++) {
		g->team_of[seat] = c->team_of[seat];
		g->hand_size[seat] = c->hand_size[seat];
	}
}

/*
 * Layout (an index into cheers_layouts) as laid out outside Masquerade,
 * borrowed for the life of the process; NULL for an index out of range or
 * a layout that cannot be laid out.  Only its seating is set.
 */
const struct game *
cheers_layout_laid(int layout)
{
	if (layout < 0 || layout >= CHEERS_NLAYOUTS)
		return NULL;
	call_once(&setup_once, setup_cache_fill);
	return setup_cache.ok[layout] ? &setup_cache.g[layout] : NULL;
}

/*
 * Lays out teams, seats and turn order for layout (an index into
 * cheers_layouts), using g->rng for Masquerade.  g->nplayers and g->mode
 * must be set.  Returns 0, or -1 and *cause.  Outside Masquerade the
 * layout is copied from the one made once per process.
 */
int
cheers_setup_teams(struct game *g, int layout, char **cause)
{
	const struct game	*c = cheers_layout_laid(layout);

	if (c != NULL && g->mode != CHEERS_MASQUERADE &&
	    c->nplayers == g->nplayers)
		setup_copy(g, c);
	else if (setup_lay(g, layout, cause) != 0)
		return -1;
	/* Every game, new or loaded, is laid out here before its first move. */
	cheers_legal_init();
	return 0;
}

/* Draws k of the n tokens in tok (after shuffling them) into counts. */
static void
setup_draw_tokens(struct rng *r, int *tok, int n, int k, int *counts)
{
	int	i;

	rng_shuffle(r, tok, n);
	for (i = 0; i < k; i++)
		counts[tok[i]]++;
}

/* Draws every team's secret recipe by g->method.  Returns 0 or -1. */
static int
setup_recipes(struct game *g, char **cause)
{
	int	cards[CHEERS_NRECIPES][CHEERS_NKINDS];
	int	perm[CHEERS_NKINDS], tok[2 * CHEERS_NKINDS];
	int	team, i, n, k;

	memset(g->recipe, 0, sizeof g->recipe);
	if (g->method == CHEERS_RECIPE_CARDS) {
		if (cheers_recipes_load(cards, cause) != 0)
			return -1;
		for (i = 0; i < CHEERS_NRECIPES; i++)
			perm[i] = i;
		rng_shuffle(&g->rng, perm, CHEERS_NRECIPES);
		for (team = 0; team < g->nteams; team++)
			memcpy(g->recipe[team], cards[perm[team]],
			    sizeof g->recipe[team]);
		return 0;
	}
	for (team = 0; team < g->nteams; team++) {
		for (k = 0; k < CHEERS_NKINDS; k++)
			perm[k] = k;
		rng_shuffle(&g->rng, perm, CHEERS_NKINDS);
		if (g->method == CHEERS_RECIPE_DRAW) {
			/* Group A: two kinds' pairs; group B: three kinds'. */
			for (n = 0, i = 0; i < 2; i++) {
				tok[n++] = perm[i];
				tok[n++] = perm[i];
			}
			setup_draw_tokens(&g->rng, tok, n, 3, g->recipe[team]);
			for (n = 0, i = 2; i < CHEERS_NKINDS; i++) {
				tok[n++] = perm[i];
				tok[n++] = perm[i];
			}
			setup_draw_tokens(&g->rng, tok, n, 2, g->recipe[team]);
		} else {
			/* Discard one kind's stack, mix the rest, draw five. */
			for (n = 0, i = 1; i < CHEERS_NKINDS; i++) {
				tok[n++] = perm[i];
				tok[n++] = perm[i];
			}
			setup_draw_tokens(&g->rng, tok, n, 5, g->recipe[team]);
		}
	}
	return 0;
}

/* Returns the index of value among option opt's values (0 for NULL), or -1. */
static int
setup_option(const struct game_opts *o, int opt, char **cause)
{
	return game_option_value(&cheers_options[opt], o->values[opt], cause);
}

/*
 * Starts a game for o's players and options, with a copy of rng (the
 * caller's rng is not advanced).  Returns a game the caller frees with
 * game_free, or NULL and *cause.
 */
struct game *
cheers_new(const struct game_opts *o, struct rng *rng, char **cause)
{
	struct game	*g;
	int		 mode, method, victory, layout, seat, i;

	if (o->nplayers < 2 || o->nplayers > CHEERS_MAX_PLAYERS) {
		set_cause(cause, "CHEERS is for 2 to 6 players, not %d.",
		    o->nplayers);
		return NULL;
	}
	if ((mode = setup_option(o, CHEERS_O_MODE, cause)) < 0 ||
	    (method = setup_option(o, CHEERS_O_RECIPE, cause)) < 0 ||
	    (victory = setup_option(o, CHEERS_O_VICTORY, cause)) < 0 ||
	    setup_option(o, CHEERS_O_TEAMS, cause) < 0)
		return NULL;
	if (cheers_layout_pick(o->nplayers, mode, o->values[CHEERS_O_TEAMS],
	    &layout, cause) != 0)
		return NULL;

	g = xcalloc(1, sizeof *g);
	g->nplayers = o->nplayers;
	g->mode = mode;
	g->method = method;
	g->victory = victory;
	g->rng = *rng;
	g->state = GAME_RUNNING;
	if (cheers_cards_load(g->card, cause) != 0 ||
	    cheers_setup_teams(g, layout, cause) != 0 ||
	    setup_recipes(g, cause) != 0) {
		free(g);
		return NULL;
	}

	for (i = 0; i < CHEERS_NCARDS; i++)
		g->deck[i] = i;
	rng_shuffle(&g->rng, g->deck, CHEERS_NCARDS);
	g->ndeck = CHEERS_NCARDS;
	for (seat = 0; seat < g->nplayers; seat++)
		while (g->nhand[seat] < g->hand_size[seat])
			g->hand[seat][g->nhand[seat]++] = g->deck[--g->ndeck];
	g->turn = 0;
	g->active = cheers_seat_at(g, 0);
	return g;
}

struct game *
cheers_copy(const struct game *g)
{
	return xmemdup(g, sizeof *g);
}

int
cheers_nteams(const struct game *g)
{
	return g->nteams;
}

int
cheers_team_of(const struct game *g, int seat)
{
	if (seat < 0 || seat >= g->nplayers)
		return -1;
	return g->team_of[seat];
}

int
cheers_recipe(const struct game *g, int team, int counts[5])
{
	if (team < 0 || team >= g->nteams)
		return -1;
	memcpy(counts, g->recipe[team], sizeof g->recipe[team]);
	return 0;
}

int
cheers_recipe_text(const struct game *g, int team, char *buf, size_t len)
{
	struct game_text	t;

	if (team < 0 || team >= g->nteams || len == 0)
		return -1;
	game_text_init(&t, buf, len);
	cheers_recipe_put(g, team, &t);
	return 0;
}

/* Appends a team's recipe ("🍺🍺🍷🍸🥃") to t; team must be valid. */
void
cheers_recipe_put(const struct game *g, int team, struct game_text *t)
{
	int	k, i;

	for (k = 0; k < CHEERS_NKINDS; k++)
		for (i = 0; i < g->recipe[team][k]; i++)
			cheers_kind_put(k, t);
}
