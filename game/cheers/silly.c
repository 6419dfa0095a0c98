/*
 * silly.c: the silly moves of CHEERS (README.md, "Silly moves"), judged
 * only from what the moving seat knows: the silly op, which the hard
 * level's search keeps out of its choices and the silly-move test
 * (tests/unit/test_cheers_silly.c) holds the default AI to.  A move is
 * silly when:
 *   1. it misses a win: some legal move wins for the seat's team at once
 *      in a shaker the seat knows is its team's, and this one does not;
 *   2. it puts a card into a known opponent's shaker that already shows
 *      that kind (not a win), while some play or move would put no card
 *      where rules 2 and 3 forbid;
 *   3. it puts a kind the seat's known recipe lacks into a shaker of its
 *      own team (not a win), under the same condition.
 */
#include <stdlib.h>

#include "game/cheers/cheers-int.h"

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
 * teammate (an overflow of their shaker, asked before anyone else): 1 or
 * 0, or -1 when the game refuses a move legal_moves listed.
 */
static int
wins_by(const struct game *g, int seat, int mover, const struct game_move *m,
    int depth)
{
	struct game_move	 moves[CHEERS_MAX_LEGAL];
	struct game_prompt	 pr;
	struct game_events	 ev;
	struct game		*h = cheers_copy(g);
	char			*cause = NULL;
	int			 s, i, n, a, won = 0;

	game_events_init(&ev);
	if (cheers_apply(h, mover, m, &ev, &cause) != 0) {
		free(cause);
		game_free(h);
		return -1;
	}
	if (h->state == GAME_WON && (h->winners & (1u << seat)))
		for (s = 0; s < h->nshakers; s++)
			if ((h->win_shakers & (1u << s)) &&
			    known_ours(g, seat, s))
				won = 1;
	if (!won && depth > 0 && h->state == GAME_RUNNING &&
	    cheers_pending_list(h, &pr, 1) == 1 && !pr.turn &&
	    h->queue[0].kind == CHEERS_P_OVERFLOW &&
	    known_ours(g, seat, (a = __builtin_ctz(pr.seats)))) {
		n = cheers_legal(h, a, moves, CHEERS_MAX_LEGAL);
		for (i = 0; i < n && won == 0; i++)
			won = wins_by(h, seat, a, &moves[i], depth - 1);
	}
	game_free(h);
	return won;
}

/*
 * Whether move m of seat wins, at once or after its team's discard,
 * whatever the recipes it does not know: on a copy where no other team's
 * recipe can be made.  1, 0, or -1 as wins_by.
 */
static int
wins(const struct game *g, int seat, const struct game_move *m)
{
	struct game	*h = cheers_copy(g);
	int		 t, k, won;

	for (t = 0; t < g->nteams; t++)
		for (k = 0; t != g->team_of[seat] && k < CHEERS_NKINDS; k++)
			h->recipe[t][k] = CHEERS_VOLUME + 1;
	won = wins_by(h, seat, seat, m, 1);
	game_free(h);
	return won;
}

/*
 * See game.h (silly): rules 1-3 of the README, and a move the game
 * refuses (m, or one that legal_moves lists) is silly too.
 */
const char *
cheers_silly(const struct game *g, int seat, const struct game_move *m)
{
	static const char	refused[] = "is refused by the game, or a legal "
				    "move is";
	struct game_move	moves[CHEERS_MAX_LEGAL];
	int			n, i, clean = 0, win = 0;
	int			knows = knows_recipe(g, seat);

	if (knows && (win = wins(g, seat, m)) != 0)
		return win < 0 ? refused : NULL;
	n = cheers_legal(g, seat, moves, CHEERS_MAX_LEGAL);
	for (i = 0; i < n; i++) {
		if (win == 0 && knows)
			win = wins(g, seat, &moves[i]);
		if (moves[i].action != CHEERS_A_THROW &&
		    dirty(g, seat, &moves[i]) == NULL)
			clean = 1;
	}
	if (win != 0)
		return win < 0 ? refused : "misses a win";
	return clean ? dirty(g, seat, m) : NULL;
}
