/*
 * test_cheers_silly.c: no silly CHEERS moves by the default AI, by the
 * rules of game/cheers/README.md ("Silly moves"), over seeded games of 2
 * to 6 players in every mode, recipe method and victory, the AI in every
 * seat (500 games unless SILLY_GAMES says; see silly.h).  A move is silly
 * when, from what the moving seat knows:
 *   1. it misses a win: some legal move wins for the seat's team at once
 *      in a shaker the seat knows is its team's, and this one does not;
 *   2. it puts a card into a known opponent's shaker that already shows
 *      that kind (not a win), while some play or move would put no card
 *      where rules 2 and 3 forbid;
 *   3. it puts a kind the seat's known recipe lacks into a shaker of its
 *      own team (not a win), under the same condition.
 * Also checks that the AI's choice does not change when the deck, the
 * other teams' hands and the recipes the seat does not know are dealt
 * again.
 */
#include "tests/unit/cheers-test.h"
#include "tests/unit/silly.h"

static const char *const modes[] = { "standard", "master", "masquerade" };
static const char *const methods[] = { "cards", "draw", "alt" };
static const char *const victories[] = { "team", "own" };

/* Game i: 2-6 players, the default layout; every mode, method, victory. */
static struct game *
start(unsigned i)
{
	int	n = 2 + (int)(i % 5), mode = (int)((i / 5) % 3);

	if (mode == CHEERS_MASQUERADE && n != 4 && n != 6)
		mode = CHEERS_STANDARD;
	return t_new(n, modes[mode], methods[(i / 15) % 3],
	    victories[(i / 45) % 2], NULL, i);
}

/* Whether seat knows its team's recipe (an apprentice does not). */
static int
knows_recipe(const struct game *g, int seat)
{
	return g->mode != CHEERS_MASTER ||
	    g->team_seat[g->team_of[seat]][0] == seat;
}

/* Whether seat knows shaker s is its team's (one that may win for it). */
static int
known_ours(const struct game *g, int seat, int s)
{
	if (s == seat)
		return 1;
	if (g->mode == CHEERS_MASQUERADE)
		return 0;
	if (s < g->nplayers)
		return g->team_of[s] == g->team_of[seat];
	return g->victory == CHEERS_WIN_TEAM &&
	    g->place == CHEERS_PLACE_EXTRA && g->extra_team == g->team_of[seat];
}

/* The shaker a target argument names. */
static int
target(const struct game *g, int arg)
{
	return arg < g->nplayers ? arg : g->nplayers;
}

/*
 * The cards move m of seat puts into shakers without a CHEERS: their
 * shakers and kinds into to[] and kind[]; returns how many (0-2).
 */
static int
puts_cards(const struct game *g, int seat, const struct game_move *m,
    int *to, int *kind)
{
	const struct cheers_pending	*p = &g->queue[0];
	int				 c, pos, idx[1];

	switch (m->action) {
	case CHEERS_A_PLAY:
		c = g->hand[seat][m->args[0] - 1];
		to[0] = target(g, m->args[1]);
		kind[0] = g->card[c].big;
		return cheers_matches(g, to[0], c, idx, 1) == 0 ? 1 : 0;
	case CHEERS_A_MOVE:
		to[0] = target(g, m->args[1]);
		kind[0] = g->card[g->shaker[seat][m->args[0] - 1]].big;
		return 1;
	case CHEERS_A_GIVE:
		if (m->args[2] >= 1)
			pos = m->args[2] - 1;
		else
			cheers_matches(g, p->shaker, p->card, &pos, 1);
		to[0] = target(g, m->args[0]);
		kind[0] = g->card[p->card].big;
		to[1] = target(g, m->args[1]);
		kind[1] = g->card[g->shaker[p->shaker][pos]].big;
		return 2;
	}
	return 0;
}

/*
 * Why move m of seat breaks rule 2 or 3, into why; 0 when it breaks
 * neither.
 */
static int
dirty(const struct game *g, int seat, const struct game_move *m, char *why,
    size_t len)
{
	int	to[2], kind[2], n, k, team = g->team_of[seat];

	n = puts_cards(g, seat, m, to, kind);
	for (k = 0; k < n; k++) {
		if (g->mode != CHEERS_MASQUERADE &&
		    cheers_is_opponent_shaker(g, team, to[k]) &&
		    g->kinds[to[k]][kind[k]] > 0) {
			snprintf(why, len, "puts %s into shaker %d, which "
			    "shows it", cheers_kind_names[kind[k]], to[k]);
			return 1;
		}
		if (knows_recipe(g, seat) && known_ours(g, seat, to[k]) &&
		    g->recipe[team][kind[k]] == 0) {
			snprintf(why, len, "puts %s, not in its recipe, into "
			    "its team's shaker %d", cheers_kind_names[kind[k]],
			    to[k]);
			return 1;
		}
	}
	return 0;
}

/* Whether move m of seat wins at once in a shaker seat knows is ours. */
static int
wins(const struct game *g, int seat, const struct game_move *m)
{
	struct game_events	 ev;
	struct game		*h = cheers_ops.copy_game(g);
	char			*cause = NULL;
	int			 s, won = 0;

	game_events_init(&ev);
	if (cheers_ops.apply(h, seat, m, &ev, &cause) == 0 &&
	    h->state == GAME_WON && (h->winners & (1u << seat)))
		for (s = 0; s < h->nshakers; s++)
			if ((h->win_shakers & (1u << s)) &&
			    known_ours(g, seat, s))
				won = 1;
	free(cause);
	cheers_ops.free_game(h);
	return won && knows_recipe(g, seat);
}

/* The checker: rules 1-3 of the README. */
static int
silly(const struct game *g, int seat, const struct game_move *m, char *why,
    size_t len)
{
	struct game_move	moves[CHEERS_MAX_LEGAL];
	char			other[SILLY_WHY_MAX];
	int			n, i, won, clean = 0, win = 0;

	if ((won = wins(g, seat, m)))
		return 0;
	n = cheers_legal(g, seat, moves, CHEERS_MAX_LEGAL);
	for (i = 0; i < n; i++) {
		if (!win && knows_recipe(g, seat) && wins(g, seat, &moves[i]))
			win = i + 1;
		if (moves[i].action != CHEERS_A_THROW &&
		    !dirty(g, seat, &moves[i], other, sizeof other))
			clean = 1;
	}
	if (win) {
		snprintf(why, len, "misses a win (action %d; move %d wins)",
		    m->action, win);
		return 1;
	}
	return clean && dirty(g, seat, m, why, len);
}

/*
 * A copy of g with the deck, the other teams' hands and every recipe seat
 * does not know dealt again.
 */
static struct game *
redeal(const struct game *g, int seat, struct rng *r)
{
	struct game	*h = cheers_ops.copy_game(g);
	int		 recipes[CHEERS_NRECIPES][CHEERS_NKINDS];
	int		 pool[CHEERS_NCARDS], count[CHEERS_MAX_PLAYERS + 1];
	int		*zone[CHEERS_MAX_PLAYERS + 1];
	int		 s, t, i, n = 0, nz = 0, team = g->team_of[seat];
	char		*cause = NULL;

	for (s = 0; s < g->nplayers; s++) {
		if (g->team_of[s] == team)
			continue;
		for (i = 0; i < g->nhand[s]; i++)
			pool[n++] = g->hand[s][i];
		zone[nz] = h->hand[s];
		count[nz++] = g->nhand[s];
	}
	for (i = 0; i < g->ndeck; i++)
		pool[n++] = g->deck[i];
	zone[nz] = h->deck;
	count[nz++] = g->ndeck;
	silly_deal(r, pool, n, zone, count, nz);
	assert_int_equal(cheers_recipes_load(recipes, &cause), 0);
	for (t = 0; t < g->nteams; t++)
		if (t != team || !knows_recipe(g, seat))
			memcpy(h->recipe[t], recipes[rng_below(r,
			    CHEERS_NRECIPES)], sizeof h->recipe[t]);
	rng_init(&h->rng, rng_next(r), 5);
	return h;
}

int
main(void)
{
	static const struct silly	spec = {
		.name = "cheers", .ops = &cheers_ops, .games = 500,
		.max_moves = 3000, .sample_hidden = 7,
		.start = start, .silly = silly, .redeal = redeal,
	};

	return silly_main(&spec);
}
