/*
 * score.c: the end of a round.  Everyone lays out one or two kinds, at
 * least 2 cards of each, jokers only beside a natural card; what each
 * laid stays hidden until all have laid, then the round is scored: the
 * best three move forward by the recipe, the lowest and everyone who laid
 * nothing move back, the first stone moves 2 more or 2 back.  Ties go to
 * whoever laid more cards, then to the more valuable card drawn from the
 * deck (drawn only when the order matters).  The laid cards are shuffled
 * under the deck, and the next round begins unless someone reached the
 * end of the path.
 */
#include <stdio.h>
#include <string.h>

#include "game/magic/magic-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))

/* Is a better than b: more points, then more cards. */
static int
score_better(const struct magic_lay *a, const struct magic_lay *b)
{
	if (a->value != b->value)
		return a->value > b->value;
	return a->cards > b->cards;
}

/*
 * The best legal way to lay out kinds k1 and k2 (-1: one kind only) from
 * hand: all natural cards of each (at most 8), and the jokers where they
 * score most.  Returns 0 and fills *out, or -1 when it is not legal.
 */
int
magic_lay_eval(const struct game *g, const int *hand, int k1, int k2,
    struct magic_lay *out)
{
	struct magic_lay	try, best;
	int			n1, n2, j1, j2, jokers = hand[MAGIC_JOKER];
	int			found = 0;

	if (k1 < 0 || k1 >= MAGIC_NKINDS || k2 == k1 || k2 < -1 ||
	    k2 >= MAGIC_NKINDS)
		return -1;
	n1 = hand[k1] < MAGIC_SET_MAX ? hand[k1] : MAGIC_SET_MAX;
	n2 = k2 < 0 ? 0 : hand[k2] < MAGIC_SET_MAX ? hand[k2] : MAGIC_SET_MAX;
	if (n1 < 1 || (k2 >= 0 && n2 < 1))
		return -1;
	memset(&best, 0, sizeof best);
	for (j1 = 0; j1 <= jokers; j1++) {
		if (n1 + j1 < MAGIC_SET_MIN || n1 + j1 > MAGIC_SET_MAX)
			continue;
		for (j2 = 0; j2 <= (k2 < 0 ? 0 : jokers - j1); j2++) {
			if (k2 >= 0 && (n2 + j2 < MAGIC_SET_MIN ||
			    n2 + j2 > MAGIC_SET_MAX))
				continue;
			memset(&try, 0, sizeof try);
			try.kind[0] = k1;
			try.kind[1] = k2;
			try.natural[0] = n1;
			try.natural[1] = n2;
			try.jokers[0] = j1;
			try.jokers[1] = j2;
			try.value = magic_points(g, k1, n1 + j1) +
			    (k2 < 0 ? 0 : magic_points(g, k2, n2 + j2));
			try.cards = n1 + j1 + n2 + j2;
			if (!found || score_better(&try, &best))
				best = try;
			found = 1;
		}
	}
	if (!found)
		return -1;
	*out = best;
	return 0;
}

/*
 * The best legal lay of hand over every kind and pair of kinds.  Returns
 * 0 and fills *out, or -1 (and an empty *out) when nothing can be laid.
 */
int
magic_lay_best(const struct game *g, const int *hand, struct magic_lay *out)
{
	struct magic_lay	try;
	int			k1, k2, found = 0;

	memset(out, 0, sizeof *out);
	out->kind[0] = out->kind[1] = -1;
	for (k1 = 0; k1 < MAGIC_NKINDS; k1++) {
		for (k2 = -1; k2 < MAGIC_NKINDS; k2++) {
			if (k2 >= 0 && k2 <= k1)
				continue;
			if (magic_lay_eval(g, hand, k1, k2, &try) != 0)
				continue;
			if (!found || score_better(&try, out))
				*out = try;
			found = 1;
		}
	}
	return found ? 0 : -1;
}

/* Whether hand can lay anything out. */
int
magic_can_lay(const struct game *g, const int *hand)
{
	struct magic_lay	l;

	return magic_lay_best(g, hand, &l) == 0;
}

/* The rank r's treatment as a number: moves, stone bonus zone, last. */
static int
score_treat(const struct game *g, int r, int nlaid, int nothing, int stone)
{
	const int	*rc = g->recipe[g->used[g->nused - 1]];
	int		 bonus_n = g->nplayers >= 6 ? 4 : 3;
	int		 key;

	key = (r < 3 ? rc[r] : 0) * 4;
	if (stone && r < bonus_n)
		key += 2;
	if (!nothing && r == nlaid - 1)
		key += 1;
	return key;
}

/* Worth of a drawn card for a tie: rarer kinds more, the joker least. */
static int
score_worth(int kind)
{
	return kind == MAGIC_JOKER ? 1 : kind + 2;
}

/*
 * Orders the tied seats grp[0..m-1] by cards drawn from the deck (the
 * drawn cards go under the deck after), rarest first; a tie that
 * survives MAGIC_TIE_DRAWS draws, or an empty deck, is settled by the rng.
 */
static void
score_draw(struct game *g, int *grp, int m, struct game_events *ev)
{
	unsigned long long	key[MAGIC_MAX_PLAYERS], old[MAGIC_MAX_PLAYERS];
	int			drawn[MAGIC_MAX_PLAYERS * MAGIC_TIE_DRAWS];
	char			text[GAME_TEXT_MAX], one[64];
	int			nd = 0, d, i, j, dup, t, card;
	unsigned long long	tk;

	memset(key, 0, sizeof key);
	snprintf(text, sizeof text, "Tie (%d %s, %d %s):",
	    g->lay[grp[0]].value, game_plural(g->lay[grp[0]].value, "point",
	    "points"), g->lay[grp[0]].cards, game_plural(g->lay[grp[0]].cards,
	    "card", "cards"));
	for (d = 0; d <= MAGIC_TIE_DRAWS; d++) {
		for (i = 0, dup = 0; i < m; i++)
			for (j = i + 1; j < m; j++)
				if (key[i] == key[j])
					dup = 1;
		if (!dup)
			break;
		memcpy(old, key, sizeof old);
		for (i = 0; i < m; i++) {
			key[i] = old[i] << 4;
			for (j = 0, dup = 0; j < m; j++)
				if (j != i && old[j] == old[i])
					dup = 1;
			if (!dup)
				continue;
			if (d == MAGIC_TIE_DRAWS || g->ndeck == 0) {
				key[i] += rng_below(&g->rng, 16);
				continue;
			}
			card = g->deck[--g->ndeck];
			drawn[nd++] = card;
			key[i] += (unsigned long long)score_worth(card);
			snprintf(one, sizeof one, " @{%d} draws %s %s,", grp[i],
			    g->kind[card].emoji, g->kind[card].name);
			if (strlen(text) + strlen(one) < sizeof text)
				strcat(text, one);
		}
	}
	/* Highest key first. */
	for (i = 1; i < m; i++) {
		for (j = i; j > 0 && key[j - 1] < key[j]; j--) {
			tk = key[j];
			key[j] = key[j - 1];
			key[j - 1] = tk;
			t = grp[j];
			grp[j] = grp[j - 1];
			grp[j - 1] = t;
		}
	}
	if (nd > 0) {
		memmove(&g->deck[nd], &g->deck[0], (size_t)g->ndeck *
		    sizeof g->deck[0]);
		memcpy(&g->deck[0], drawn, (size_t)nd * sizeof drawn[0]);
		g->ndeck += nd;
	}
	snprintf(one, sizeof one, " @{%d} ranks first.", grp[0]);
	if (strlen(text) > 0 && text[strlen(text) - 1] == ',')
		text[strlen(text) - 1] = '.';
	if (strlen(text) + strlen(one) < sizeof text)
		strcat(text, one);
	game_say(ev, -1, "%s", text);
}

/*
 * Ranks the seats that laid something into order[] (best first); ties
 * are broken by cards, then by drawing only where the order changes a
 * move.  Returns how many laid something.
 */
static int
score_rank(struct game *g, int *order, int first, struct game_events *ev)
{
	int	n = 0, nothing = 0, s, i, j, t, r, m, differ, has_first;

	for (s = 0; s < g->nplayers; s++) {
		if (g->lay[s].cards > 0)
			order[n++] = s;
		else
			nothing = 1;
	}
	for (i = 1; i < n; i++) {
		for (j = i; j > 0 && score_better(&g->lay[order[j]],
		    &g->lay[order[j - 1]]); j--) {
			t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	}
	for (r = 0; r < n; r += m) {
		for (m = 1; r + m < n && !score_better(&g->lay[order[r]],
		    &g->lay[order[r + m]]); m++)
			;
		if (m == 1)
			continue;
		has_first = 0;
		for (i = 0; i < m; i++)
			if (order[r + i] == first)
				has_first = 1;
		differ = 0;
		for (i = 1; i < m; i++)
			if (score_treat(g, r + i, n, nothing, has_first) !=
			    score_treat(g, r, n, nothing, has_first))
				differ = 1;
		if (differ)
			score_draw(g, &order[r], m, ev);
	}
	return n;
}

/* "1st", "2nd", ... */
static const char *
score_place(int r)
{
	static const char *const names[] = {
		"1st", "2nd", "3rd", "4th", "5th", "6th", "7th"
	};

	return r >= 0 && r < 7 ? names[r] : "?";
}

/* Scores the round, returns the laid cards under the deck, and moves on. */
static void
score_round(struct game *g, struct game_events *ev)
{
	const int	*rc = g->recipe[g->used[g->nused - 1]];
	int		 order[MAGIC_MAX_PLAYERS], rank[MAGIC_MAX_PLAYERS];
	int		 back[MAGIC_NCARDS_MAX], nback = 0;
	int		 n, s, r, first = -1, bonus_n, k, i, best, winner;
	char		 what[160], extra[64];

	for (s = 0; s < g->nplayers; s++)
		if (g->stone[s] == 1)
			first = s;
	n = score_rank(g, order, first, ev);
	bonus_n = g->nplayers >= 6 ? 4 : 3;
	for (s = 0; s < g->nplayers; s++)
		rank[s] = -1;
	for (r = 0; r < n; r++)
		rank[order[r]] = r;
	for (s = 0; s < g->nplayers; s++) {
		r = rank[s];
		g->moved[s] = 0;
		if (r < 0)
			g->moved[s] = rc[3];
		else {
			if (r < 3)
				g->moved[s] = rc[r];
			if (r == n - 1 && n == g->nplayers)
				g->moved[s] += rc[3];
		}
		if (s == first)
			g->moved[s] += r >= 0 && r < bonus_n ?
			    MAGIC_STONE_BONUS : -MAGIC_STONE_BONUS;
	}
	for (i = 0; i < g->nplayers; i++) {
		s = i < n ? order[i] : -1;
		if (s < 0) {
			/* Those who laid nothing, in seat order. */
			for (s = 0, k = n; s < g->nplayers; s++)
				if (rank[s] < 0 && k++ == i)
					break;
		}
		r = rank[s];
		if (r >= 0)
			magic_lay_text(g, &g->lay[s], what, sizeof what);
		else
			snprintf(what, sizeof what, "nothing");
		extra[0] = '\0';
		if (s == first)
			snprintf(extra, sizeof extra, " (first stone %+d)",
			    r >= 0 && r < bonus_n ? MAGIC_STONE_BONUS :
			    -MAGIC_STONE_BONUS);
		g->pos[s] += g->moved[s];
		if (g->pos[s] < 0)
			g->pos[s] = 0;
		if (g->pos[s] > g->path_len)
			g->pos[s] = g->path_len;
		if (r >= 0)
			game_say(ev, s, "%s @{%d}: %d %s for %s: %+d%s, "
			    "now on square %d.", score_place(r), s,
			    g->lay[s].value, game_plural(g->lay[s].value,
			    "point", "points"), what, g->moved[s], extra,
			    g->pos[s]);
		else
			game_say(ev, s, "@{%d} laid nothing: %+d%s, now on "
			    "square %d.", s, g->moved[s], extra, g->pos[s]);
	}

	/* The laid cards, shuffled, go under the deck. */
	for (s = 0; s < g->nplayers; s++) {
		for (k = 0; k < 2; k++) {
			if (g->lay[s].kind[k] < 0)
				continue;
			for (i = 0; i < g->lay[s].natural[k]; i++)
				back[nback++] = g->lay[s].kind[k];
			for (i = 0; i < g->lay[s].jokers[k]; i++)
				back[nback++] = MAGIC_JOKER;
		}
		memset(&g->lay[s], 0, sizeof g->lay[s]);
		g->lay[s].kind[0] = g->lay[s].kind[1] = -1;
	}
	rng_shuffle(&g->rng, back, nback);
	memmove(&g->deck[nback], &g->deck[0], (size_t)g->ndeck *
	    sizeof g->deck[0]);
	memcpy(&g->deck[0], back, (size_t)nback * sizeof back[0]);
	g->ndeck += nback;

	for (s = 0, best = -1, winner = -1; s < g->nplayers; s++) {
		if (g->pos[s] > best) {
			best = g->pos[s];
			winner = s;
		}
	}
	if (best >= g->path_len) {
		snprintf(what, sizeof what, "@{%d} reaches the end of the magic "
		    "path!", winner);
		magic_end(g, ev, what);
		return;
	}
	magic_round_begin(g, ev);
}

/*
 * Applies seat's lay move (the phase was checked by the caller).  Returns
 * 0, or -1 and *cause with the game unchanged.
 */
int
magic_lay(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	struct magic_lay	l;
	int			k1 = m->args[0], k2 = m->args[1], k, s;
	char			text[GAME_TEXT_MAX], one[48];

	if (g->lay[seat].done)
		return set_cause(cause, "You have laid out already; the others "
		    "are still laying out.");
	if (k1 < 0 && k2 >= 0) {
		k1 = k2;
		k2 = -1;
	}
	if (k1 < 0) {
		if (magic_lay_best(g, g->hand[seat], &l) != 0) {
			/* Nothing can be laid: the hand is shown, as the rules say. */
			snprintf(text, sizeof text, "@{%d} cannot lay out two of "
			    "a kind and shows their hand:", seat);
			for (k = 0; k < MAGIC_NALL; k++) {
				if (g->hand[seat][k] == 0)
					continue;
				magic_kind_text(g, k, g->hand[seat][k], one,
				    sizeof one);
				if (strlen(text) + strlen(one) + 3 < sizeof text) {
					strcat(text, " ");
					strcat(text, one);
				}
			}
			if (magic_hand_size(g, seat) == 0)
				strcat(text, " no cards");
			game_say(ev, seat, "%s.", text);
		}
	} else if (k1 >= MAGIC_NKINDS || k2 >= MAGIC_NKINDS ||
	    magic_lay_eval(g, g->hand[seat], k1, k2, &l) != 0) {
		if (k1 >= MAGIC_NKINDS || k2 >= MAGIC_NKINDS)
			return set_cause(cause, "There is no such kind to lay "
			    "out.");
		if (k2 == k1)
			return set_cause(cause, "Name two different kinds, or "
			    "one.");
		return set_cause(cause, "You cannot lay that out: each kind "
		    "needs at least 2 cards, at least one of them natural "
		    "(you hold %d %s%s%s and %d %s).", g->hand[seat][k1],
		    g->kind[k1].name, k2 >= 0 ? ", " : "", k2 >= 0 ?
		    g->kind[k2].name : "", g->hand[seat][MAGIC_JOKER],
		    game_plural(g->hand[seat][MAGIC_JOKER], "joker", "jokers"));
	}
	if (l.kind[0] >= 0) {
		for (k = 0; k < 2; k++) {
			if (l.kind[k] < 0)
				continue;
			g->hand[seat][l.kind[k]] -= l.natural[k];
			g->hand[seat][MAGIC_JOKER] -= l.jokers[k];
		}
	}
	l.done = 1;
	g->lay[seat] = l;
	ev->private_changed |= BIT(seat);
	for (s = 0; s < g->nplayers && g->lay[s].done; s++)
		;
	if (s < g->nplayers) {
		game_say(ev, seat, "@{%d} has laid out.", seat);
		return 0;
	}
	game_say(ev, -1, "Everyone has laid out. The scores:");
	score_round(g, ev);
	return 0;
}

/* The public summary of the game, running or over.  Returns 0. */
int
magic_result_get(const struct game *g, struct game_result *r)
{
	char	one[32];
	int	s;

	game_result_init(r, g->state, g->winners);
	snprintf(r->text, sizeof r->text, "The magic path:");
	for (s = 0; s < g->nplayers; s++) {
		snprintf(one, sizeof one, "%s @{%d} %d", s > 0 ? "," : "", s,
		    g->pos[s]);
		strncat(r->text, one, sizeof r->text - strlen(r->text) - 1);
	}
	strncat(r->text, ".", sizeof r->text - strlen(r->text) - 1);
	if (g->state == GAME_RUNNING)
		return 0;
	for (s = 0; s < g->nplayers; s++) {
		if (!(g->winners & BIT(s)))
			continue;
		snprintf(one, sizeof one, " @{%d}", s);
		strncat(r->text, one, sizeof r->text - strlen(r->text) - 1);
	}
	strncat(r->text, g->state == GAME_TIED ? " share the lead: a tie." :
	    " wins!", sizeof r->text - strlen(r->text) - 1);
	return 0;
}

/*
 * The final table of a finished game: the furthest square first, shared
 * squares sharing a place (the rulebook has no tie-break for the path),
 * with each seat's last move on it.  0, or -1 while the game runs.
 */
int
magic_final_table(const struct game *g, struct game_ranking *out)
{
	struct game_rank	*row;
	int			 s;

	if (game_ranking_start(out, g->state) != 0)
		return -1;
	for (s = 0; s < g->nplayers; s++) {
		if ((row = game_ranking_add(out, BIT(s))) == NULL)
			break;
		row->won = (g->winners & BIT(s)) != 0;
		row->score = g->pos[s];
		snprintf(row->figures, sizeof row->figures, "square %d of %d "
		    "(last round %+d)", g->pos[s], g->path_len, g->moved[s]);
	}
	game_ranking_sort(out);
	return 0;
}
