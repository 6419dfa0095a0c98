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
 * other seats' hands and the recipes the seat does not know are dealt
 * again (t_redeal, as the hint test does).
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

/*
 * Whether seat knows shaker s may win for its team: its own, a known
 * teammate's, its team's extra shaker, the share (all under team victory).
 */
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
	    (g->place == CHEERS_PLACE_SHARE ||
	    g->extra_team == g->team_of[seat]);
}

/* Which of rules 2 and 3 move m of seat breaks, or NULL. */
static const char *
dirty(const struct game *g, int seat, const struct game_move *m)
{
	int	to[2], kind[2], n, k, team = g->team_of[seat];

	n = cheers_move_puts(g, seat, m, to, kind);
	for (k = 0; k < n; k++) {
		if (g->mode != CHEERS_MASQUERADE &&
		    cheers_is_opponent_shaker(g, team, to[k]) &&
		    g->kinds[to[k]][kind[k]] > 0)
			return "feeds an opponent's shaker a kind it shows";
		if (knows_recipe(g, seat) && known_ours(g, seat, to[k]) &&
		    cheers_shaker_team(g, to[k]) >= 0 &&
		    g->recipe[team][kind[k]] == 0)
			return "spoils its team's shaker with a kind its "
			    "recipe lacks";
	}
	return NULL;
}

/*
 * Whether move m of mover wins for seat's team in a shaker seat knows is
 * ours, at once or after at most depth more discards by seat or a known
 * teammate (an overflow of their shaker, asked before anyone else).
 */
static int
wins_by(const struct game *g, int seat, int mover, const struct game_move *m,
    int depth)
{
	struct game_move	 moves[CHEERS_MAX_LEGAL];
	struct game_prompt	 pr;
	struct game_events	 ev;
	struct game		*h = cheers_ops.copy_game(g);
	char			*cause = NULL;
	int			 s, i, n, a, won = 0;

	game_events_init(&ev);
	if (cheers_ops.apply(h, mover, m, &ev, &cause) != 0)
		fail_msg("cheers: a legal move refused: %s", cause);
	if (h->state == GAME_WON && (h->winners & (1u << seat)))
		for (s = 0; s < h->nshakers; s++)
			if ((h->win_shakers & (1u << s)) &&
			    known_ours(g, seat, s))
				won = 1;
	if (!won && depth > 0 && h->state == GAME_RUNNING &&
	    cheers_ops.pending(h, &pr, 1) == 1 && !pr.turn &&
	    h->queue[0].kind == CHEERS_P_OVERFLOW &&
	    known_ours(g, seat, (a = __builtin_ctz(pr.seats)))) {
		n = cheers_legal(h, a, moves, CHEERS_MAX_LEGAL);
		for (i = 0; i < n && !won; i++)
			won = wins_by(h, seat, a, &moves[i], depth - 1);
	}
	cheers_ops.free_game(h);
	return won;
}

/*
 * Whether move m of seat wins, at once or after its team's discard,
 * whatever the recipes it does not know: on a copy where no other team's
 * recipe can be made.
 */
static int
wins(const struct game *g, int seat, const struct game_move *m)
{
	struct game	*h = cheers_ops.copy_game(g);
	int		 t, k, won;

	for (t = 0; t < g->nteams; t++)
		for (k = 0; t != g->team_of[seat] && k < CHEERS_NKINDS; k++)
			h->recipe[t][k] = CHEERS_VOLUME + 1;
	won = wins_by(h, seat, seat, m, 1);
	cheers_ops.free_game(h);
	return won;
}

/* The checker: rules 1-3 of the README. */
static const char *
silly(const struct game *g, int seat, const struct game_move *m)
{
	struct game_move	moves[CHEERS_MAX_LEGAL];
	int			n, i, clean = 0, win = 0;
	int			knows = knows_recipe(g, seat);

	if (knows && wins(g, seat, m))
		return NULL;
	n = cheers_legal(g, seat, moves, CHEERS_MAX_LEGAL);
	for (i = 0; i < n; i++) {
		if (!win && knows && wins(g, seat, &moves[i]))
			win = 1;
		if (moves[i].action != CHEERS_A_THROW &&
		    dirty(g, seat, &moves[i]) == NULL)
			clean = 1;
	}
	if (win)
		return "misses a win";
	return clean ? dirty(g, seat, m) : NULL;
}

int
main(void)
{
	static const struct silly	spec = { .ops = &cheers_ops,
	    .start = start, .silly = silly, .redeal = t_redeal };

	return silly_main(&spec);
}
