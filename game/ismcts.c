/*
 * ismcts.c: single-observer information-set Monte Carlo tree search, the
 * hard level's one search for every game (ismcts.h says how it works).
 * Everything it allocates is its own and freed before it returns.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game/fwb/fwb.h"
#include "game/ismcts.h"
#include "lib/xmalloc.h"

#define SEARCH_HASH	2048	/* slots of the legal moves' table, > LEGAL_MAX */

/* A move in the tree: the seat that made it and its scores. */
struct search_node {
	struct game_move	move;
	int			mover;		/* -1 at the root */
	int			parent, child, next;	/* indexes, -1 none */
	int			visits, avail;
	double			reward;		/* summed, from mover's view */
	/* Paired: its reward less the anchor's on the same deals, summed. */
	double			diff, diff2;
};

/* One search: its tree, its determinization and its scratch. */
struct search {
	const struct game_ops		*ops;
	const struct ismcts_budget	*budget;
	struct rng			*r;
	struct game			*det;		/* owned */
	struct game			*deal;		/* owned; paired only */
	struct search_node		*node;		/* owned */
	int				 nnodes, maxnodes;
	long				 steps;
	int				 nlegal;
	struct game_move		 legal[ISMCTS_LEGAL_MAX];
	/* The root's choices: seat's legal moves, the silly ones left out. */
	int				 nroot;
	struct game_move		 root[ISMCTS_LEGAL_MAX];
	int				 fresh[ISMCTS_LEGAL_MAX];
	short				 slot[SEARCH_HASH];	/* legal index + 1 */
	struct game_events		 ev;
};

/*
 * The budgets of the hard level, tuned with make bench-ai to keep a move
 * within 50 ms at p99 on one core.  CHEERS: a full tree, random playouts
 * (a move costs about a sixth of the other games', which have no events
 * switch and longer games).  Magic Cocktail: the same in fewer moves.
 * Cosdrink: its own AI plays the playouts out (a cooperative game, lost
 * when the items run out: random playouts waste items as no table would,
 * so their wins and losses measured the moves poorly), and the most
 * visited move played: 4 hard seats won 0.84 of 200 games (seeds 0-99
 * and 1000-1099) with random playouts anchored on the AI's move, 0.89 of
 * 300 (seeds 0-299) with the AI's playouts so anchored, 0.93 with them
 * unanchored (and 0.94 of seeds 1000-1199, where 4 default seats won
 * 0.735; p99 38 ms; these figures counted a game that never ended as
 * a tie, before silly rule 4 stopped hard seats passing with empty
 * hands).  Friends with Beverages, whose turns are many
 * small steps and whose outcome one step barely moves: a tree two moves
 * deep over short lists of moves (its AI's and the few that differ,
 * fwb_ai_choices, at every node), each determinization trying every
 * root choice (paired) and walking the tree below it, the AI playing on
 * for 48 moves (about three rounds of turns), then the position measured
 * (fwb_ai_value), and anchored on its AI's move.  One hard seat of four,
 * seeds 0-199: 0.535 at depth 2, as at depth 1 (flat), 0.39 at depth
 * 4, 0.345 unpaired and unlimited.  Played to the end instead, with the
 * win or the final margin as the score, the playouts that fit the budget
 * were too few to tell one step's moves apart (0.15 to 0.26 where its AI
 * scores 0.27).
 */
static const struct {
	const char		*game;		/* NULL: any other */
	struct ismcts_budget	 budget;
} search_budgets[] = {
	{ "cheers", { .iterations = 3000, .steps = 250000, .explore = 0.7,
	    .anchor = -1 } },
	{ "magic", { .iterations = 3000, .steps = 20000, .explore = 0.7,
	    .anchor = -1 } },
	{ "fwb", { .iterations = 3000, .steps = 30000, .explore = 0.7,
	    .ai_permille = 1000, .anchor = 0, .depth = 2,
	    .choices = fwb_ai_choices, .margin = 5, .paired = 1,
	    .value = fwb_ai_value, .horizon = 48 } },
	{ "cosdrink", { .iterations = 3000, .steps = 14000, .explore = 0.7,
	    .ai_permille = 1000, .anchor = -1 } },
	{ NULL, { .iterations = 3000, .steps = 14000, .explore = 0.7,
	    .anchor = 0 } },
};

void
ismcts_budget_hard(const struct game_ops *ops, struct ismcts_budget *out)
{
	size_t	i;

	for (i = 0; search_budgets[i].game != NULL; i++)
		if (strcmp(ops->name, search_budgets[i].game) == 0)
			break;
	*out = search_budgets[i].budget;
}

/*
 * How many of m's arguments make the move: its action's (a game may leave
 * the rest unset, as an AI's move often does).
 */
static int
search_nargs(const struct search *s, const struct game_move *m)
{
	if (m->action < 0 || m->action >= s->ops->nactions)
		return GAME_MAX_ARGS;
	return s->ops->actions[m->action].nargs;
}

/* Whether two moves are the same move: action and its arguments. */
static int
search_same(const struct search *s, const struct game_move *a,
    const struct game_move *b)
{
	return game_move_starts(a, b, search_nargs(s, a));
}

/* A move's slot in the legal moves' table. */
static unsigned
search_hash(const struct search *s, const struct game_move *m)
{
	unsigned	h = 2166136261u;
	int		i, n = search_nargs(s, m);

	h = (h ^ (unsigned)m->action) * 16777619u;
	for (i = 0; i < n; i++)
		h = (h ^ (unsigned)m->args[i]) * 16777619u;
	return h % SEARCH_HASH;
}

/*
 * The seat to move in the determinization and its legal moves (into
 * s->legal, s->nlegal): the first seat asked, in prompt order, that has a
 * move; -1 when nobody has (the game is over).
 */
static int
search_mover(struct search *s)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];
	int			n, k, seat;

	n = s->ops->pending(s->det, p, GAME_MAX_PROMPTS);
	for (k = 0; k < n; k++)
		for (seat = 0; seat < GAME_MAX_SEATS; seat++) {
			if (!(p[k].seats & (1u << seat)))
				continue;
			s->nlegal = s->ops->legal_moves(s->det, seat, s->legal,
			    ISMCTS_LEGAL_MAX);
			if (s->nlegal > 0)
				return seat;
		}
	s->nlegal = 0;
	return -1;
}

/* Applies seat's move m to the determinization; 0, or -1 when refused. */
static int
search_apply(struct search *s, int seat, const struct game_move *m)
{
	char	*cause = NULL;

	game_events_init(&s->ev);
	s->steps++;
	if (s->ops->apply(s->det, seat, m, &s->ev, &cause) != 0) {
		free(cause);
		return -1;
	}
	return 0;
}

/* A new child of parent for seat's move m; its index. */
static int
search_grow(struct search *s, int parent, int seat, const struct game_move *m)
{
	struct search_node	*n = &s->node[s->nnodes];

	n->move = *m;
	n->mover = seat;
	n->parent = parent;
	n->child = -1;
	n->next = s->node[parent].child;
	n->visits = n->avail = 0;
	n->reward = 0;
	s->node[parent].child = s->nnodes;
	return s->nnodes++;
}

/*
 * At node, where seat moves with s->legal: counts each child whose move is
 * legal here as available and returns the best of them by UCB (one never
 * visited first), or lists in s->fresh the legal moves no child has yet
 * (returns -1 and *nfresh).
 */
static int
search_select(struct search *s, int node, int seat, int *nfresh)
{
	struct search_node	*c;
	double			 best = -1, v;
	unsigned		 h;
	int			 i, k, pick = -1;

	memset(s->slot, 0, sizeof s->slot);
	for (i = 0; i < s->nlegal; i++) {
		h = search_hash(s, &s->legal[i]);
		while (s->slot[h] != 0)
			h = (h + 1) % SEARCH_HASH;
		s->slot[h] = (short)(i + 1);
		s->fresh[i] = 1;
	}
	for (k = s->node[node].child; k >= 0; k = c->next) {
		c = &s->node[k];
		if (c->mover != seat)
			continue;
		for (h = search_hash(s, &c->move); s->slot[h] != 0;
		    h = (h + 1) % SEARCH_HASH)
			if (search_same(s, &s->legal[s->slot[h] - 1], &c->move))
				break;
		if (s->slot[h] == 0)
			continue;
		s->fresh[s->slot[h] - 1] = 0;
		c->avail++;
		v = c->visits == 0 ? HUGE_VAL : c->reward / c->visits +
		    s->budget->explore * sqrt(log((double)c->avail) /
		    c->visits);
		if (v > best) {
			best = v;
			pick = k;
		}
	}
	for (i = 0, *nfresh = 0; i < s->nlegal; i++)
		if (s->fresh[i])
			s->fresh[(*nfresh)++] = i;
	/* A child never visited (the anchor) goes before any new one. */
	if (best == HUGE_VAL)
		return pick;
	return *nfresh > 0 && s->nnodes < s->maxnodes ? -1 : pick;
}

/* Plays the determinization out: the game's AI or a random legal move. */
static void
search_playout(struct search *s)
{
	struct game_move	m;
	int			seat, n, max = ISMCTS_PLAYOUT_MAX;

	if (s->budget->value != NULL && s->budget->horizon > 0)
		max = s->budget->horizon;
	for (n = 0; n < max; n++) {
		if ((seat = search_mover(s)) < 0)
			return;
		if (s->budget->ai_permille > 0 &&
		    (int)rng_below(s->r, 1000) < s->budget->ai_permille &&
		    s->ops->ai_move(s->det, seat, s->r, &m) == 0) {
			if (search_apply(s, seat, &m) == 0)
				continue;
		}
		if (search_apply(s, seat, &s->legal[rng_below(s->r,
		    (uint32_t)s->nlegal)]) != 0)
			return;
	}
}

/*
 * The result for each seat: 1 won, 0 lost, 1/2 a tie or an unfinished
 * game; with the budget's margin, half that and half the margin of the
 * seat's final score over the best other row's (ismcts.h).
 */
static void
search_score(struct search *s, double *score)
{
	struct game_result	res;
	struct game_ranking	rk;
	double			best;
	int			i, k, mine;

	s->ops->result(s->det, &res);
	if (res.state == GAME_RUNNING && s->budget->value != NULL &&
	    s->budget->horizon > 0) {
		for (i = 0; i < GAME_MAX_SEATS; i++)
			score[i] = 0.5 + 0.5 * tanh(s->budget->value(s->det, i) /
			    (s->budget->margin > 0 ? s->budget->margin : 1));
		return;
	}
	for (i = 0; i < GAME_MAX_SEATS; i++)
		score[i] = res.state != GAME_WON ? 0.5 :
		    (res.winners & (1u << i)) ? 1 : 0;
	if (s->budget->margin <= 0 || s->ops->final_table == NULL ||
	    s->ops->final_table(s->det, &rk) != 0)
		return;
	for (i = 0; i < GAME_MAX_SEATS; i++) {
		mine = -1;
		best = -HUGE_VAL;
		for (k = 0; k < rk.n; k++)
			if (rk.row[k].seats & (1u << i))
				mine = k;
			else if (rk.row[k].score > best)
				best = rk.row[k].score;
		if (mine >= 0 && best > -HUGE_VAL)
			score[i] = 0.5 * score[i] + 0.5 * (0.5 + 0.5 *
			    tanh((rk.row[mine].score - best) /
			    s->budget->margin));
	}
}

/*
 * The root's choices into s->root: seat's legal moves in g but the silly
 * ones (the game's silly op), unless every one is silly.
 */
static void
search_root(struct search *s, const struct game *g, int seat)
{
	int	n, i;

	if (s->budget->choices != NULL)
		n = s->budget->choices(g, seat, s->legal, ISMCTS_LEGAL_MAX);
	else
		n = s->ops->legal_moves(g, seat, s->legal, ISMCTS_LEGAL_MAX);
	for (i = 0, s->nroot = 0; i < n; i++)
		if (s->ops->silly == NULL ||
		    s->ops->silly(g, seat, &s->legal[i]) == NULL)
			s->root[s->nroot++] = s->legal[i];
	if (s->nroot == 0) {
		memcpy(s->root, s->legal, (size_t)n * sizeof s->legal[0]);
		s->nroot = n;
	}
}

/*
 * Whether child b's mean score beats child a's by more than the budget's
 * anchor margin and twice the standard error of the difference: the
 * search leaves the game's own AI's move only for one it has measured
 * to be better, not for the luckiest of many close ones.
 */
static int
search_beats(const struct search *s, int b, int a)
{
	const struct search_node	*nb = &s->node[b], *na = &s->node[a];
	double				 pb, pa, se;

	if (na->visits == 0)
		return 1;
	pb = nb->reward / nb->visits;
	pa = na->reward / na->visits;
	se = sqrt(pb * (1 - pb) / nb->visits + pa * (1 - pa) / na->visits);
	return pb - pa > s->budget->anchor + 2 * se;
}

/*
 * With the budget's anchor: the root's child for the game's own AI's
 * move in g (chosen with a copy of the search's rng), grown first so that
 * it is tried first; its index, or -1 (no anchor, or the AI's move is not
 * among the root's choices).
 */
static int
search_anchor(struct search *s, const struct game *g, int seat)
{
	struct game_move	m;
	struct rng		r = *s->r;
	int			i;

	if (s->budget->anchor < 0 || s->ops->ai_move(g, seat, &r, &m) != 0)
		return -1;
	for (i = 0; i < s->nroot; i++)
		if (search_same(s, &s->root[i], &m))
			return search_grow(s, 0, seat, &s->root[i]);
	return -1;
}

/*
 * The seat to move next in the determinization and its moves (into
 * s->legal): the game's short list, where the budget names one, else its
 * legal moves; -1 when nobody moves.
 */
static int
search_next(struct search *s)
{
	int	mover = search_mover(s);

	if (mover >= 0 && s->budget->choices != NULL)
		s->nlegal = s->budget->choices(s->det, mover, s->legal,
		    ISMCTS_LEGAL_MAX);
	return mover;
}

/*
 * Walks the tree down from node, depth moves below the root, where mover
 * is to move with s->legal in the determinization: chooses by UCB among
 * the children available, adds one node, and plays the game out from
 * there (or from the budget's depth on).  Returns the node it ended at.
 */
static int
search_descend(struct search *s, int node, int mover, int depth)
{
	int	nfresh, k, i;

	for (;; depth++) {
		if (mover < 0 || s->nlegal < 1)
			break;
		if (s->budget->depth > 0 && depth >= s->budget->depth) {
			search_playout(s);
			break;
		}
		k = search_select(s, node, mover, &nfresh);
		if (k < 0 && nfresh > 0 && s->nnodes < s->maxnodes) {
			i = s->fresh[rng_below(s->r, (uint32_t)nfresh)];
			k = search_grow(s, node, mover, &s->legal[i]);
			node = k;
			if (search_apply(s, mover, &s->node[k].move) == 0)
				search_playout(s);
			break;
		}
		if (k < 0 || search_apply(s, mover, &s->node[k].move) != 0)
			break;
		node = k;
		mover = search_next(s);
	}
	return node;
}

/*
 * Backs score up from node to top (not beyond): each node's visit, and
 * the score of the seat that made its move.
 */
static void
search_back(struct search *s, int node, int top, const double *score)
{
	for (; node >= 0; node = s->node[node].parent) {
		s->node[node].visits++;
		if (s->node[node].mover >= 0)
			s->node[node].reward += score[s->node[node].mover];
		if (node == top)
			break;
	}
}

/*
 * One paired iteration from the root g for seat: one determinization,
 * every root child tried on it with the same rng (the tree below it
 * walked, then played out), the first child (the anchor, when there is
 * one) first so that the others' differences from it are summed.
 */
static void
search_paired(struct search *s, const struct game *g, int seat)
{
	struct rng		*r = s->r, pr;
	struct search_node	*c;
	double			 score[GAME_MAX_SEATS], first = 0;
	uint64_t		 seed;
	int			 k, n = 0, node;

	s->ops->copy_into(s->deal, g);
	s->ops->determinize(s->deal, seat, r);
	if (s->ops->set_events != NULL)
		s->ops->set_events(s->deal, 0);
	seed = rng_next(r);
	/* The anchor, the root's first child, first; then the rest. */
	for (k = s->node[0].child; k >= 0; k = c->next, n++) {
		c = &s->node[k];
		s->ops->copy_into(s->det, s->deal);
		rng_init(&pr, seed, 5);
		s->r = &pr;
		node = k;
		if (search_apply(s, seat, &c->move) == 0) {
			if (s->budget->depth == 1)
				search_playout(s);
			else
				node = search_descend(s, k, search_next(s), 1);
		}
		s->r = r;
		search_score(s, score);
		search_back(s, node, k, score);
		if (n == 0)
			first = score[seat];
		c->avail++;
		c->diff += score[seat] - first;
		c->diff2 += (score[seat] - first) * (score[seat] - first);
	}
	s->node[0].visits++;
}

/*
 * Paired: a root child for each of the root's choices but the anchor
 * (grown already), each new one put after the first child so that the
 * anchor stays first.
 */
static void
search_children(struct search *s, int seat, int anchor)
{
	int	i, k, first;

	for (i = 0; i < s->nroot; i++) {
		if (anchor >= 0 && search_same(s, &s->root[i],
		    &s->node[anchor].move))
			continue;
		first = s->node[0].child;
		k = search_grow(s, 0, seat, &s->root[i]);
		if (first >= 0) {
			/* Back behind the first child. */
			s->node[0].child = first;
			s->node[k].next = s->node[first].next;
			s->node[first].next = k;
		}
	}
}

/*
 * Paired: whether child b's mean difference from the first child (the
 * anchor) on the same deals beats the budget's anchor margin by twice
 * its standard error.
 */
static int
search_beats_paired(const struct search *s, int b)
{
	const struct search_node	*nb = &s->node[b];
	double				 d, var;

	if (nb->visits < 2)
		return 0;
	d = nb->diff / nb->visits;
	var = nb->diff2 / nb->visits - d * d;
	return d > s->budget->anchor + 2 * sqrt(var / nb->visits);
}

/* One iteration from the root g for seat. */
static void
search_iterate(struct search *s, const struct game *g, int seat)
{
	double	score[GAME_MAX_SEATS];
	int	node;

	s->ops->copy_into(s->det, g);
	s->ops->determinize(s->det, seat, s->r);
	if (s->ops->set_events != NULL)
		s->ops->set_events(s->det, 0);
	/* Seat's own moves are the same in every deal: its own cards. */
	memcpy(s->legal, s->root, (size_t)s->nroot * sizeof s->root[0]);
	s->nlegal = s->nroot;
	node = search_descend(s, 0, seat, 0);
	search_score(s, score);
	search_back(s, node, 0, score);
}

int
ismcts_move(const struct game_ops *ops, const struct game *g, int seat,
    struct rng *r, const struct ismcts_budget *budget, struct game_move *out,
    struct ismcts_stats *stats)
{
	struct search	*s;
	int		 it, k, anchor, best = -1, rc = -1;
	int		 paired = budget->paired;

	if (stats != NULL)
		memset(stats, 0, sizeof *stats);
	if (budget->iterations == 0)
		return ops->ai_move(g, seat, r, out);
	s = xcalloc(1, sizeof *s);
	s->ops = ops;
	s->budget = budget;
	s->r = r;
	search_root(s, g, seat);
	if (s->nroot == 1)
		*out = s->root[0];
	if (s->nroot <= 1) {
		rc = s->nroot == 1 ? 0 : -1;
		free(s);
		return rc;
	}
	s->det = ops->copy_game(g);
	s->maxnodes = budget->iterations + s->nroot + 1;
	s->node = xcalloc((size_t)s->maxnodes, sizeof *s->node);
	s->node[0].mover = -1;
	s->node[0].parent = s->node[0].child = s->node[0].next = -1;
	s->nnodes = 1;
	anchor = search_anchor(s, g, seat);
	if (paired) {
		s->deal = ops->copy_game(g);
		search_children(s, seat, anchor);
	}
	for (it = 0; it < budget->iterations && s->steps < budget->steps; it++)
		if (paired)
			search_paired(s, g, seat);
		else
			search_iterate(s, g, seat);
	for (k = s->node[0].child; k >= 0; k = s->node[k].next)
		if (best < 0 || (paired ? s->node[k].reward >
		    s->node[best].reward : s->node[k].visits >
		    s->node[best].visits))
			best = k;
	if (anchor >= 0 && best != anchor && !(paired ?
	    search_beats_paired(s, best) : search_beats(s, best, anchor)))
		best = anchor;
	if (best >= 0) {
		*out = s->node[best].move;
		rc = 0;
	}
	if (stats != NULL) {
		stats->iterations = it;
		stats->steps = s->steps;
		stats->nodes = s->nnodes;
	}
	ops->free_game(s->det);
	if (s->deal != NULL)
		ops->free_game(s->deal);
	free(s->node);
	free(s);
	return rc;
}

int
ismcts_hard(const struct game_ops *ops, const struct game *g, int seat,
    struct rng *r, struct game_move *out)
{
	struct ismcts_budget	b;

	if (ops->determinize == NULL || ops->copy_into == NULL)
		return ops->ai_move(g, seat, r, out);
	ismcts_budget_hard(ops, &b);
	return ismcts_move(ops, g, seat, r, &b, out, NULL);
}
