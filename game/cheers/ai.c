/*
 * ai.c: the baseline CHEERS player, also used for timeouts.
 *
 * It scores every legal move and plays the best (ties broken by the rng it
 * is given).  It reads only what its seat may see: its own hand, its
 * team's recipe when it may know it, the public shakers, and the teams
 * when they are public.  It never reads the deck, other hands, other
 * teams' recipes, or the game's own rng.
 *
 * What it knows of a recipe is a "want" vector: for each kind, how many
 * the drink needs (0 = foreign).  An apprentice in Master & Apprentice
 * guesses it from its master's shaker (kinds there are wanted, the rest
 * unknown).  Opponents' wants are guessed the same way from the kinds in
 * their team's shakers.  Plays that build our drink, spoil an opponent's
 * (a kind their shakers do not show), CHEERS an opponent, or clean a
 * foreign kind out of our shaker score well; a CHEERS on ourselves scores
 * by what it would cost us.  A foreign kind put into a shaker of ours
 * costs more than spoiling theirs gains, so it never does that while
 * another move would not (its moves are the players' hints, bot/saying/hint.h).
 */
#include <string.h>

#include "game/cheers/cheers-int.h"

#define AI_WIN		1000.0
#define AI_UNKNOWN	(-1)	/* a kind the seat cannot judge */
#define AI_SPOIL_OURS	2.0	/* more for a foreign card kept in ours */
#define AI_SILLY	100.0	/* below any sensible move, above a lost game */
#define AI_LATER	50.0	/* a win one answer later, below a win now */
/* A win after an opponent's answer: above an ordinary move, not silly. */
#define AI_UNSURE	(AI_WIN - AI_SILLY / 2)

/* What one seat knows, gathered once per decision. */
struct ai_view {
	const struct game	*g;
	int			 seat;
	int			 team;		/* -1 in Masquerade for others */
	int			 known;		/* knows its recipe exactly */
	int			 want[CHEERS_NKINDS];	/* count or AI_UNKNOWN */
	int			 count[CHEERS_MAX_SHAKERS][CHEERS_NKINDS];
};

/*
 * Whether shaker s counts as ours (it may win for our team): in
 * Masquerade, where teams are secret, only our own.
 */
static int
ai_ours(const struct ai_view *v, int s)
{
	if (s == v->seat)
		return 1;
	return v->g->mode != CHEERS_MASQUERADE &&
	    cheers_counts_for(v->g, s, v->team);
}

/* Whether we or a teammate we know answer a prompt on shaker s. */
static int
ai_answers_ours(const struct ai_view *v, int s)
{
	struct cheers_pending	p = {
		.kind = CHEERS_P_OVERFLOW, .shaker = s, .card = -1
	};

	if (cheers_prompt_seats(v->g, &p) & (1u << v->seat))
		return 1;
	return s < v->g->nplayers && ai_ours(v, s);
}

/* Whether shaker s belongs to someone we should spoil. */
static int
ai_theirs(const struct ai_view *v, int s)
{
	const struct game	*g = v->g;

	if (s == v->seat)
		return 0;
	if (g->mode == CHEERS_MASQUERADE)
		return s < g->nplayers;
	if (s < g->nplayers)
		return g->team_of[s] != v->team;
	if (g->victory != CHEERS_WIN_TEAM)
		return 0;
	if (g->place == CHEERS_PLACE_EXTRA)
		return g->extra_team != v->team;
	return 1;	/* share: the opponent may win with it too */
}

/* How good counts are for our drink; AI_WIN when it is made. */
static double
ai_value(const struct ai_view *v, const int *count)
{
	double	score = 0;
	int	k, made = v->known, total = 0;

	for (k = 0; k < CHEERS_NKINDS; k++) {
		total += count[k];
		if (v->want[k] == AI_UNKNOWN) {
			score -= 0.5 * count[k];
			made = 0;
			continue;
		}
		if (v->want[k] == 0) {
			score -= 3.0 * count[k];
			if (count[k] > 0)
				made = 0;
		} else if (count[k] < v->want[k]) {
			score -= v->want[k] - count[k];
			made = 0;
		}
	}
	if (made)
		return AI_WIN;
	if (total > CHEERS_VOLUME)
		score -= 1.0;
	return score;
}

/*
 * Guesses whether kind k is wanted by the owners of shaker s: a kind
 * already in one of their shakers probably is.  Returns 1, 0 or -1 when
 * their shakers are empty.
 */
static int
ai_they_want(const struct ai_view *v, int s, int k)
{
	const struct game	*g = v->g;
	int			 t, team, any = 0;

	team = s < g->nplayers ? g->team_of[s] :
	    g->place == CHEERS_PLACE_EXTRA ? g->extra_team : -1;
	for (t = 0; t < g->nshakers; t++) {
		if (g->mode == CHEERS_MASQUERADE ? t != s :
		    (team >= 0 && t < g->nplayers && g->team_of[t] != team) ||
		    (team >= 0 && t >= g->nplayers && t != s) ||
		    (team < 0 && t != s))
			continue;
		any += v->count[t][0] + v->count[t][1] + v->count[t][2] +
		    v->count[t][3] + v->count[t][4];
		if (v->count[t][k] > 0)
			return 1;
	}
	return any > 0 ? 0 : -1;
}

/* The worth to us of a card of kind k arriving in shaker s (no CHEERS). */
static double
ai_arrive(const struct ai_view *v, int s, int k)
{
	const struct game	*g = v->g;
	double			 score = 0;
	int			 c[CHEERS_NKINDS], w, i, best;

	if (ai_ours(v, s)) {
		memcpy(c, v->count[s], sizeof c);
		c[k]++;
		if (g->nshaker[s] + 1 > CHEERS_VOLUME) {
			/* We will discard our worst card. */
			best = k;
			for (i = 0; i < CHEERS_NKINDS; i++)
				if (c[i] > 0 && v->want[i] == 0)
					best = i;
			/* Or the card whose discard makes our drink. */
			for (i = 0; i < CHEERS_NKINDS; i++) {
				if (c[i] == 0)
					continue;
				c[i]--;
				if (ai_value(v, c) == AI_WIN)
					best = i;
				c[i]++;
			}
			c[best]--;
			/*
			 * A win after our discard: one move later; after
			 * someone else's, no win.
			 */
			if (ai_value(v, c) == AI_WIN)
				score -= ai_answers_ours(v, s) ? AI_LATER :
				    AI_UNSURE;
		}
		score += ai_value(v, c) - ai_value(v, v->count[s]);
		/*
		 * A kind our recipe does not hold spoils our drink until a
		 * move takes it out again, at the cost of a turn: worse than
		 * anything spoiling theirs gains.
		 */
		if (v->want[k] == 0 && g->nshaker[s] + 1 <= CHEERS_VOLUME)
			score -= AI_SPOIL_OURS;
	}
	if (ai_theirs(v, s) && g->nshaker[s] + 1 <= CHEERS_VOLUME) {
		w = ai_they_want(v, s, k);
		score += w == 1 ? -1.5 : w == 0 ? 2.0 : 0.5;
		/* The share: worth half to us, but a win is a win. */
		if (ai_ours(v, s) && score < AI_WIN / 2)
			score *= 0.5;
	}
	return score;
}

/* The worth of losing the card at position pos (and card too) from s. */
static double
ai_leave(const struct ai_view *v, int s, int pos, int card)
{
	const struct game	*g = v->g;
	double			 score = 0;
	int			 c[CHEERS_NKINDS], k;

	memcpy(c, v->count[s], sizeof c);
	if (pos >= 0)
		c[g->card[g->shaker[s][pos]].big]--;
	if (card >= 0)
		c[g->card[card].big]--;
	if (ai_ours(v, s))
		score += ai_value(v, c) - ai_value(v, v->count[s]);
	if (ai_theirs(v, s) && pos >= 0) {
		k = g->card[g->shaker[s][pos]].big;
		score += ai_they_want(v, s, k) == 1 ? 1.5 : -1.0;
	}
	return score;
}

static double
ai_score(const struct ai_view *v, const struct game_move *m)
{
	const struct game		*g = v->g;
	const struct cheers_pending	*p = &g->queue[0];
	double				 later;
	int				 c, x, y, pos, idx[1], own = v->seat;

	switch (m->action) {
	case CHEERS_A_PLAY:
		c = g->hand[own][m->args[0] - 1];
		x = m->args[1] < g->nplayers ? m->args[1] : g->nplayers;
		if (cheers_matches(g, x, c, idx, 1) == 0)
			return ai_arrive(v, x, g->card[c].big);
		/* A CHEERS: the owner loses a matching card. */
		if (ai_ours(v, x) && !ai_theirs(v, x)) {
			int	i, best = -1;
			double	b = -AI_WIN, s;

			for (i = 0; i < g->nshaker[x]; i++) {
				if (g->card[g->shaker[x][i]].big !=
				    g->card[c].small)
					continue;
				s = ai_leave(v, x, i, -1);
				if (best < 0 || s > b)
					b = s, best = i;
			}
			/* A win there comes after our give, which may fail. */
			return b >= AI_WIN / 2 ? b - 2 * AI_LATER : b + 0.3;
		}
		return ai_they_want(v, x, g->card[c].small) == 1 ? 1.8 : 0.6;
	case CHEERS_A_MOVE:
		pos = m->args[0] - 1;
		x = m->args[1] < g->nplayers ? m->args[1] : g->nplayers;
		return ai_leave(v, own, pos, -1) +
		    ai_arrive(v, x, g->card[g->shaker[own][pos]].big) - 0.4;
	case CHEERS_A_THROW:
		if (g->ndeck < g->hand_size[own])
			return -AI_WIN;
		return g->ndeck < 8 ? -3.0 : -0.2;
	case CHEERS_A_GIVE:
		if (m->args[2] >= 1)
			pos = m->args[2] - 1;
		else
			cheers_matches(g, p->shaker, p->card, &pos, 1);
		x = m->args[0] < g->nplayers ? m->args[0] : g->nplayers;
		y = m->args[1] < g->nplayers ? m->args[1] : g->nplayers;
		later = ai_arrive(v, y, g->card[g->shaker[p->shaker][pos]].big);
		/*
		 * A win after the second shaker's discard is no sure win when
		 * an overflow of the first, which others answer, comes first.
		 */
		if (later >= AI_WIN / 2 && g->nshaker[y] + 1 > CHEERS_VOLUME &&
		    g->nshaker[x] + 1 > CHEERS_VOLUME && !ai_answers_ours(v, x))
			later -= AI_UNSURE;
		return ai_leave(v, p->shaker, pos, p->card) +
		    ai_arrive(v, x, g->card[p->card].big) + later;
	default:
		return ai_leave(v, p->shaker, m->args[0] - 1, -1);
	}
}

/*
 * The cards seat's move m in g puts into shakers without a CHEERS: into
 * to[k] goes a card of kind kind[k].  Returns how many (0-2): a play that
 * CHEERS puts none (the owner decides where its cards go), a give two.
 */
int
cheers_move_puts(const struct game *g, int seat, const struct game_move *m,
    int to[2], int kind[2])
{
	const struct cheers_pending	*p = &g->queue[0];
	int				 c, pos, idx[1];

	switch (m->action) {
	case CHEERS_A_PLAY:
		c = g->hand[seat][m->args[0] - 1];
		to[0] = m->args[1] < g->nplayers ? m->args[1] : g->nplayers;
		kind[0] = g->card[c].big;
		return cheers_matches(g, to[0], c, idx, 1) == 0 ? 1 : 0;
	case CHEERS_A_MOVE:
		to[0] = m->args[1] < g->nplayers ? m->args[1] : g->nplayers;
		kind[0] = g->card[g->shaker[seat][m->args[0] - 1]].big;
		return 1;
	case CHEERS_A_GIVE:
		if (m->args[2] >= 1)
			pos = m->args[2] - 1;
		else
			cheers_matches(g, p->shaker, p->card, &pos, 1);
		to[0] = m->args[0] < g->nplayers ? m->args[0] : g->nplayers;
		kind[0] = g->card[p->card].big;
		to[1] = m->args[1] < g->nplayers ? m->args[1] : g->nplayers;
		kind[1] = g->card[g->shaker[p->shaker][pos]].big;
		return 2;
	}
	return 0;
}

/*
 * Whether move m is silly (game/cheers/README.md): it puts a kind into
 * an opponent's shaker that already shows it (teams are public: not in
 * Masquerade), or a kind our known recipe lacks into a shaker of ours
 * alone (not the share).
 */
static int
ai_silly(const struct ai_view *v, const struct game_move *m)
{
	const struct game	*g = v->g;
	int			 to[2], kind[2], n, k;

	n = cheers_move_puts(g, v->seat, m, to, kind);
	for (k = 0; k < n; k++) {
		if (g->mode != CHEERS_MASQUERADE && !ai_ours(v, to[k]) &&
		    cheers_is_opponent_shaker(g, v->team, to[k]) &&
		    v->count[to[k]][kind[k]] > 0)
			return 1;
		if (v->known && ai_ours(v, to[k]) && !ai_theirs(v, to[k]) &&
		    v->want[kind[k]] == 0)
			return 1;
	}
	return 0;
}

/* Fills what seat knows of its recipe. */
static void
ai_want(struct ai_view *v)
{
	const struct game	*g = v->g;
	int			 k, master;

	if (g->mode != CHEERS_MASTER ||
	    g->team_seat[v->team][0] == v->seat) {
		memcpy(v->want, g->recipe[v->team], sizeof v->want);
		v->known = 1;
		return;
	}
	/* An apprentice reads its master's shaker. */
	master = g->team_seat[v->team][0];
	for (k = 0; k < CHEERS_NKINDS; k++) {
		v->want[k] = v->count[master][k] > 0 ?
		    (v->count[master][k] > 2 ? 2 : v->count[master][k]) :
		    AI_UNKNOWN;
	}
	v->known = 0;
}

/*
 * Chooses seat's move in g (borrowed) into *m, with r for tie-breaks.
 * Returns 0, or -1 when seat has nothing to do.
 */
int
cheers_ai(const struct game *g, int seat, struct rng *r, struct game_move *m)
{
	struct game_move	moves[CHEERS_MAX_LEGAL];
	struct ai_view		v;
	double			score, best = 0, best_other = 0;
	int			n, i, s, pick = -1, other = -1;

	n = cheers_legal(g, seat, moves, CHEERS_MAX_LEGAL);
	if (n == 0)
		return -1;
	memset(&v, 0, sizeof v);
	v.g = g;
	v.seat = seat;
	v.team = g->team_of[seat];
	for (s = 0; s < g->nshakers; s++)
		for (i = 0; i < g->nshaker[s]; i++)
			v.count[s][g->card[g->shaker[s][i]].big]++;
	ai_want(&v);
	for (i = 0; i < n; i++) {
		score = ai_score(&v, &moves[i]) + rng_below(r, 1000) / 10000.0;
		if (score < AI_WIN / 2 && ai_silly(&v, &moves[i]))
			score -= AI_SILLY;
		if (pick < 0 || score > best) {
			best = score;
			pick = i;
		}
		if (moves[i].action != CHEERS_A_MOVE &&
		    (other < 0 || score > best_other)) {
			best_other = score;
			other = i;
		}
	}
	/*
	 * Two players can pass a foreign card back and forth for ever, since
	 * a move draws nothing.  One time in three, play instead of moving,
	 * unless the move wins or the play is silly.
	 */
	if (moves[pick].action == CHEERS_A_MOVE && other >= 0 &&
	    best < AI_WIN / 2 && best_other > -AI_SILLY / 2 &&
	    rng_below(r, 3) == 0)
		pick = other;
	*m = moves[pick];
	return 0;
}
