/*
 * rules.c: the rules of CHEERS in play.  apply() validates a move fully
 * before it changes anything, so a rejected move leaves the game exactly as
 * it was; then it mutates and settles: victory is checked after every
 * resolution, open prompts are answered one at a time (a CHEERS first, then
 * overflows in the order the cards arrived), and only when none is left
 * does the active player draw and the turn pass on.
 */
#include <stdio.h>
#include <string.h>

#include "game/cheers/cheers-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))

/* The seats of a team as a bitmask. */
int
cheers_team_mask(const struct game *g, int team)
{
	int	i, mask = 0;

	for (i = 0; i < g->team_size[team]; i++)
		mask |= BIT(g->team_seat[team][i]);
	return mask;
}

/*
 * Fills idx (up to max) with the positions in shaker whose big icon is the
 * small icon of card (never card itself); returns how many there are.
 */
int
cheers_matches(const struct game *g, int shaker, int card, int *idx, int max)
{
	const int	*v = g->shaker[shaker];
	int		 i, n = 0, len = g->nshaker[shaker];
	int		 want = g->card[card].small;

	/*
	 * Read once: a store to idx could be to g, as far as C knows.  Each
	 * card is written where the next match would go and counted only
	 * if it matches: no branch on the cards.
	 */
	for (i = 0; i < len; i++) {
		if (n < max)
			idx[n] = i;
		n += v[i] != card && g->card[v[i]].big == want;
	}
	return n;
}

/* Counts shaker's cards by big icon into count[5]. */
void
cheers_count_kinds(const struct game *g, int shaker, unsigned char *count)
{
	const int	*v = g->shaker[shaker];
	int		 i, len = g->nshaker[shaker];

	memset(count, 0, CHEERS_NKINDS);
	/* Read once: a store to count could be to g, as far as C knows. */
	for (i = 0; i < len; i++)
		count[g->card[v[i]].big]++;
}

/* Counts every shaker's cards afresh into g->kinds (after a load). */
void
cheers_kinds_recount(struct game *g)
{
	int	s;

	for (s = 0; s < CHEERS_MAX_SHAKERS; s++)
		cheers_count_kinds(g, s, g->kinds[s]);
}

/*
 * Whether counts (per kind) make recipe: no foreign kind, enough of each.
 * Asked after most moves, so all five kinds at once, a byte each of one
 * word (every count and recipe entry is below 128): a byte's top bit
 * survives "count - recipe" where the count is enough, and "x - 1" where
 * x is not 0.
 */
static inline int
rules_made(const unsigned char *count, const int *recipe)
{
	const uint64_t	top = 0x8080808080ull, one = 0x0101010101ull;
	uint64_t	c = 0, r = 0, enough, has, wants;
	int		k;

	for (k = 0; k < CHEERS_NKINDS; k++) {
		c |= (uint64_t)(count[k] & 0x7f) << (8 * k);
		r |= (uint64_t)(recipe[k] & 0x7f) << (8 * k);
	}
	enough = ((c | top) - r) & top;
	has = ((c | top) - one) & top;
	wants = ((r | top) - one) & top;
	return (enough ^ top) == 0 && (has & ~wants) == 0;
}

/* Whether shaker's cards make team's recipe. */
int
cheers_shaker_wins(const struct game *g, int shaker, int team)
{
	if (g->nshaker[shaker] < CHEERS_RECIPE_TOKENS)
		return 0;
	return rules_made(g->kinds[shaker], g->recipe[team]);
}

/*
 * The shaker a move's target names, or -1.  A seat or the place, as a
 * random move picks them: chosen without a branch on which.
 */
static inline int
rules_target(const struct game *g, int t)
{
	int	place = ((g->place != CHEERS_PLACE_NONE) &
		    (t == GAME_PLACE_BASE)) * (g->nplayers + 1) - 1;

	return (unsigned)t < (unsigned)g->nplayers ? t : place;
}

/*
 * Appends "@{1}" or "@{1} or @{3}" for a seat mask to t.  Inline: every
 * prompt names who must answer it.
 */
static inline __attribute__((always_inline)) void
rules_who_put(const struct game *g, unsigned mask, struct game_text *t)
{
	unsigned	left;

	for (left = mask & (BIT(g->nplayers) - 1); left != 0;
	    left &= left - 1) {
		if (left != (mask & (BIT(g->nplayers) - 1)))
			game_text_put(t, " or ");
		game_text_seat(t, __builtin_ctz(left));
	}
}

/* Writes "@{1}" or "@{1} or @{3}" for a seat mask into buf. */
static void
rules_who(const struct game *g, unsigned mask, char *buf, size_t len)
{
	struct game_text	t;

	game_text_init(&t, buf, len);
	rules_who_put(g, mask, &t);
}

/*
 * Opens the next private note of ev for seat, for t to write; 0 when ev
 * is NULL or full (the loss noted).
 */
static int
rules_note(struct game_events *ev, int seat, struct game_text *t)
{
	struct game_note	*n;

	if ((n = game_events_note(ev, seat)) == NULL)
		return 0;
	game_text_init(t, n->text, sizeof n->text);
	return 1;
}

/*
 * Appends "<shaker> (now <its cards>)" to t: every line names a shaker it
 * changed so, with its new content.  Inline (see cheers_content_put).
 */
static inline __attribute__((always_inline)) void
rules_now_put(const struct game *g, int shaker, struct game_text *t)
{
	cheers_place_put(g, shaker, t);
	game_text_put(t, " (now ");
	cheers_content_put(g, shaker, t);
	game_text_put(t, ")");
}

/*
 * Appends "<card's drink><word><shaker> (now <its cards>)", "🍹
 * tropical to @{1}'s shaker (now 🍺 🍹)", to t: how every line tells a
 * card going into or out of a shaker.  word is borrowed.  Inline, as
 * rules_now_put.
 */
static inline __attribute__((always_inline)) void
rules_card_now_put(const struct game *g, int card, const char *word,
    int shaker, struct game_text *t)
{
	cheers_kind_name_put(g->card[card].big, t);
	game_text_put(t, word);
	rules_now_put(g, shaker, t);
}

/*
 * Opens the next line of ev for t to write (kind, about seat); 0 when ev
 * is NULL or full (the drop counted).  Inline, as rules_line_seat below:
 * every move opens a line.
 */
static inline __attribute__((always_inline)) int
rules_line(struct game_events *ev, enum game_event_kind kind, int seat,
    struct game_text *t)
{
	struct game_event	*e;

	if (ev == NULL || (e = game_events_new(ev, kind, seat)) == NULL)
		return 0;
	game_text_init(t, e->text, sizeof e->text);
	return 1;
}

/*
 * Opens the next line of ev about seat, as rules_line, and starts it
 * "@{seat}<verb>" (verb borrowed: " offers "), as every line that tells
 * a seat's move does; 0 when there is no line.  Inline, so that the
 * line is still built in one function (see cheers_content_put).
 */
static inline __attribute__((always_inline)) int
rules_line_seat(struct game_events *ev, enum game_event_kind kind, int seat,
    const char *verb, struct game_text *t)
{
	if (!rules_line(ev, kind, seat, t))
		return 0;
	game_text_seat(t, seat);
	game_text_put(t, verb);
	return 1;
}

/*
 * Appends the public text of prompt p to t.  Asked before every move
 * and narrated when it opens, so built piece by piece, not formatted,
 * and inline in its one caller, so that t stays in registers.
 */
static inline __attribute__((always_inline)) void
rules_prompt_put(const struct game *g, const struct cheers_pending *p,
    struct game_text *t)
{
	int	idx[CHEERS_SHAKER_ROOM], n, i;

	if (p->kind == CHEERS_P_OVERFLOW) {
		cheers_place_put(g, p->shaker, t);
		game_text_put(t, " holds ");
		game_text_count(t, g->nshaker[p->shaker], "card", "cards");
		game_text_put(t, ": ");
		rules_who_put(g, cheers_prompt_seats(g, p), t);
		game_text_put(t, " must discard one.");
		return;
	}
	/*
	 * "@{1} must give the played 🍹 and the matching 🍺 to two other
	 * shakers."  The play's own line says CHEERS and where; the bot adds
	 * the command that answers.
	 */
	/* Where the matching cards are is said only with several. */
	if ((n = cheers_matches_count(g, p->shaker, p->card)) > 1)
		n = cheers_matches(g, p->shaker, p->card, idx,
		    CHEERS_SHAKER_ROOM);
	rules_who_put(g, cheers_prompt_seats(g, p), t);
	game_text_put(t, " must give the played ");
	cheers_kind_put(g->card[p->card].big, t);
	if (n == 1) {
		game_text_put(t, " and the matching ");
		cheers_kind_put(g->card[p->card].small, t);
	} else {
		game_text_put(t, " and one matching ");
		cheers_kind_put(g->card[p->card].small, t);
		game_text_put(t, " (card ");
		for (i = 0; i < n && i < CHEERS_SHAKER_ROOM; i++) {
			if (i > 0)
				game_text_put(t, ", ");
			game_text_int(t, idx[i] + 1);
		}
		game_text_put(t, ")");
	}
	/* A seat's own shaker goes without saying; a shared one does not. */
	if (p->shaker >= g->nplayers) {
		game_text_put(t, " from ");
		cheers_place_put(g, p->shaker, t);
	}
	game_text_put(t, " to two other shakers.");
}

/*
 * Writes the public text of the open prompt, queue[0], into buf (capped
 * at len, at least 1); returns its length.
 */
int
cheers_prompt_text(const struct game *g, char *buf, size_t len)
{
	struct game_text	t;

	game_text_init(&t, buf, len);
	rules_prompt_put(g, &g->queue[0], &t);
	return (int)t.at;
}

/* Appends "Team A (@{0}, @{2})" to t, whatever the team's size. */
static void
rules_team_list_put(const struct game *g, int team, struct game_text *t)
{
	char	letter = (char)('A' + team);
	int	i;

	game_text_put(t, "Team ");
	game_text_put_n(t, &letter, 1);
	game_text_put(t, " (");
	for (i = 0; i < g->team_size[team]; i++) {
		if (i > 0)
			game_text_put(t, ", ");
		game_text_seat(t, g->team_seat[team][i]);
	}
	game_text_put(t, ")");
}

/*
 * Appends the public summary of a finished game to t; with reveal, each
 * winning team's recipe too (only the GAME_EV_END event reveals it).
 */
static void
rules_end_put(const struct game *g, struct game_text *t, int reveal)
{
	int	team, s, nwin = 0;

	if (g->state == GAME_TIED) {
		game_text_put(t, "The deck ran out before a drink was ready: "
		    "the game is a tie.");
		return;
	}
	for (team = 0; team < g->nteams; team++)
		if (g->winners & (unsigned)cheers_team_mask(g, team))
			nwin++;
	if (nwin > 1)
		game_text_put(t, "Shared win!");
	for (team = 0; team < g->nteams; team++) {
		if (!(g->winners & (unsigned)cheers_team_mask(g, team)))
			continue;
		/* "Team A (@{0}, @{2}) wins with @{0}'s shaker: recipe ..." */
		if (t->at > 0 && t->buf[t->at - 1] != ' ')
			game_text_put(t, " ");
		rules_team_list_put(g, team, t);
		game_text_put(t, " wins with ");
		for (s = 0; s < g->nshakers; s++) {
			if ((g->win_shakers & BIT(s)) &&
			    cheers_counts_for(g, s, team) &&
			    cheers_shaker_wins(g, s, team)) {
				cheers_place_put(g, s, t);
				if (reveal) {
					game_text_put(t, " (");
					cheers_content_put(g, s, t);
					game_text_put(t, ")");
				}
				break;
			}
		}
		if (reveal) {
			game_text_put(t, ": recipe ");
			cheers_recipe_put(g, team, t);
		}
		game_text_put(t, ".");
	}
}

/*
 * Ends g as won by the seats of winners with the shakers of shakers, and
 * narrates it with the recipes revealed.  Apart from rules_victory, which
 * runs after every move, to keep that one small.
 */
static __attribute__((noinline)) void
rules_won(struct game *g, struct game_events *ev, unsigned winners,
    unsigned shakers)
{
	struct game_text	t;

	g->state = GAME_WON;
	g->winners = winners;
	g->win_shakers = shakers;
	g->draw_due = 0;
	if (ev != NULL)
		ev->private_changed |= BIT(g->nplayers) - 1;
	if (rules_line(ev, GAME_EV_END, -1, &t)) {
		game_text_put(&t, "Game over! ");
		rules_end_put(g, &t, 1);
	}
}

/*
 * Checks the shakers of the mask changed that have no prompt for a win
 * (inline in rules_settle_in, the end, which narrates, apart);
 * returns 1 when won.  Only those can have become a win: every settled
 * state has no winning shaker without a prompt (check.c refuses a save
 * that has one), and a shaker's cards change, or its prompt is answered,
 * only by the move just made, which names it in changed.
 */
static inline __attribute__((always_inline)) int
rules_victory(struct game *g, struct game_events *ev, unsigned changed)
{
	unsigned	winners = 0, shakers = 0, full = 0, left;
	int		s, team, i;

	/*
	 * The changed shakers that hold a recipe's worth of cards and have
	 * no prompt: found without a branch for each, one for them all.
	 */
	for (left = changed & (BIT(g->nshakers) - 1); left != 0;
	    left &= left - 1) {
		s = __builtin_ctz(left);
		full |= (unsigned)(g->nshaker[s] >= CHEERS_RECIPE_TOKENS) << s;
	}
	for (i = 0; i < g->nqueue; i++)
		full &= ~BIT(g->queue[i].shaker);
	if (full == 0)
		return 0;
	for (left = full; left != 0; left &= left - 1) {
		s = __builtin_ctz(left);
		/* A seat's shaker counts for its own team alone. */
		if (s < g->nplayers) {
			team = g->team_of[s];
			if (rules_made(g->kinds[s], g->recipe[team])) {
				winners |= (unsigned)cheers_team_mask(g, team);
				shakers |= BIT(s);
			}
			continue;
		}
		for (team = 0; team < g->nteams; team++) {
			if (!cheers_counts_for(g, s, team) ||
			    !rules_made(g->kinds[s], g->recipe[team]))
				continue;
			winners |= (unsigned)cheers_team_mask(g, team);
			shakers |= BIT(s);
		}
	}
	if (winners == 0)
		return 0;
	rules_won(g, ev, winners, shakers);
	return 1;
}

static void
rules_tie(struct game *g, struct game_events *ev)
{
	struct game_text	t;

	g->state = GAME_TIED;
	g->draw_due = 0;
	if (rules_line(ev, GAME_EV_END, -1, &t)) {
		game_text_put(&t, "Game over! ");
		rules_end_put(g, &t, 1);
	}
}

/* Queues an overflow prompt when shaker holds more than its volume. */
static inline __attribute__((always_inline)) void
rules_overflow(struct game *g, int shaker)
{
	struct cheers_pending	*p;

	if (g->nshaker[shaker] <= CHEERS_VOLUME ||
	    g->nqueue >= CHEERS_QUEUE_MAX)
		return;
	p = &g->queue[g->nqueue++];
	p->kind = CHEERS_P_OVERFLOW;
	p->shaker = shaker;
	p->card = -1;
}

/*
 * Closes the gap at position i of the n ints of v, which has room for
 * room.  Not memmove, nor a loop from i to n (which the compiler makes a
 * call to memmove): a hand or a shaker holds a few cards, and the call
 * and its branches on the length cost more than moving them (make
 * bench).  Each slot below room - 1 takes its own value or its next
 * one's, as it lies inside the gap's run or not: no branch on i or n.
 */
static inline __attribute__((always_inline)) void
rules_close(int *v, int i, int n, int room)
{
	int	j;

	for (j = 0; j < room - 1; j++)
		v[j] = v[j + ((j >= i) & (j < n - 1))];
}

/* Removes the card at position i of shaker and returns it. */
static inline __attribute__((always_inline)) int
rules_take(struct game *g, int shaker, int i)
{
	int	c = g->shaker[shaker][i];

	rules_close(g->shaker[shaker], i, g->nshaker[shaker],
	    CHEERS_SHAKER_ROOM);
	g->nshaker[shaker]--;
	g->kinds[shaker][g->card[c].big]--;
	return c;
}

/* Removes the last card of shaker, which leaves no gap, and returns it. */
static inline __attribute__((always_inline)) int
rules_take_last(struct game *g, int shaker)
{
	int	c = g->shaker[shaker][--g->nshaker[shaker]];

	g->kinds[shaker][g->card[c].big]--;
	return c;
}

/*
 * Takes the answered prompt, queue[0], off the queue: each slot takes its
 * next one's while the queue runs on, as in rules_close.
 */
static inline __attribute__((always_inline)) void
rules_dequeue(struct game *g)
{
	int	i;

	for (i = 0; i < CHEERS_QUEUE_MAX - 1; i++)
		g->queue[i] = g->queue[i + (i < g->nqueue - 1)];
	g->nqueue--;
}

/* Adds card to the end of shaker. */
static inline __attribute__((always_inline)) void
rules_put(struct game *g, int shaker, int card)
{
	g->shaker[shaker][g->nshaker[shaker]++] = card;
	g->kinds[shaker][g->card[card].big]++;
}

/*
 * After any change (changed: a bit per shaker whose cards changed or whose
 * prompt was answered): check victory, open the next prompt, or (when none
 * is left) let the active player draw and pass the turn.  Inline: without
 * events in each move's rules (a search's playouts, which settle after
 * every move, each with the shakers it changed known), with them once in
 * rules_settle_told.
 */
static inline __attribute__((always_inline)) void
rules_settle_in(struct game *g, struct game_events *ev, unsigned changed)
{
	struct game_text	t;

	if (rules_victory(g, ev, changed))
		return;
	if (g->nqueue > 0) {
		/* With events off nobody reads it (ev is NULL then too). */
		g->prompt_len = g->quiet ? 0 : cheers_prompt_text(g, g->prompt,
		    sizeof g->prompt);
		if (ev != NULL)
			ev->private_changed |= cheers_prompt_seats(g, &g->queue[0]);
		if (rules_line(ev, GAME_EV_PROMPT, -1, &t))
			game_text_put_n(&t, g->prompt, (size_t)g->prompt_len);
		return;
	}
	if (g->draw_due) {
		g->draw_due = 0;
		if (g->ndeck == 0) {
			rules_tie(g, ev);
			return;
		}
		g->hand[g->active][g->nhand[g->active]++] = g->deck[--g->ndeck];
		if (ev != NULL)
			ev->private_changed |= BIT(g->active);
		/*
		 * Every play is followed by its draw, so the channel is not
		 * told; the drawer alone learns the card.
		 */
		if (rules_note(ev, g->active, &t)) {
			game_text_put(&t, "You drew ");
			cheers_card_put(g, g->hand[g->active][g->nhand[g->active] - 1],
			    &t);
			game_text_put(&t, ".");
		}
	}
	/*
	 * Only the next player's view changes: it is asked now.  The player
	 * whose turn ends was marked above if their hand changed.
	 */
	if (++g->turn == g->period)
		g->turn = 0;
	g->active = g->order[g->turn];
	if (ev != NULL)
		ev->private_changed |= BIT(g->active);
}

/* rules_settle_in with the events ev. */
static __attribute__((noinline)) void
rules_settle_told(struct game *g, struct game_events *ev, unsigned changed)
{
	rules_settle_in(g, ev, changed);
}

/*
 * Settles after a move (see rules_settle_in).  A move's rules are
 * compiled once with events and once without (cheers_apply): without,
 * the settling is written into them; with, it is called.
 */
static inline __attribute__((always_inline)) void
rules_settle(struct game *g, struct game_events *ev, unsigned changed)
{
	if (ev == NULL)
		rules_settle_in(g, NULL, changed);
	else
		rules_settle_told(g, ev, changed);
}

/* Writes "seats 0-3 or share" style help for targets into buf. */
static void
rules_targets_help(const struct game *g, char *buf, size_t len)
{
	game_format(buf, len, "a seat 0-%d%s", g->nplayers - 1,
	    g->place == CHEERS_PLACE_SHARE ? " or the share shaker" :
	    g->place == CHEERS_PLACE_EXTRA ? " or the extra shaker" : "");
}

static int
rules_bad_target(const struct game *g, int t, char **cause)
{
	char	help[64];

	rules_targets_help(g, help, sizeof help);
	return set_cause(cause, "Target %d is not a shaker at this table: name "
	    "%s.", t, help);
}

/*
 * Refuses card k of shaker, which it does not hold: where names the
 * shaker ("your shaker", borrowed), or when NULL its place name does.
 * Returns -1.  Apart from the moves, so that its buffer is set up only
 * to refuse.
 */
static __attribute__((noinline)) int
rules_bad_card(const struct game *g, int shaker, int k, const char *where,
    char **cause)
{
	char	name[48];

	if (where == NULL) {
		cheers_place_name(g, shaker, name, sizeof name);
		where = name;
	}
	return set_cause(cause, "Card %d is not in %s: it holds %s%d.", k,
	    where, g->nshaker[shaker] == 1 ? "only card " : "cards 1-",
	    g->nshaker[shaker]);
}

static inline __attribute__((always_inline)) int
rules_play(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	struct cheers_pending		*p;
	struct game_text		 t;
	const struct cheers_card	*cd;
	int				 ci = m->args[0], x, c, cheers;

	if (ci < 1 || ci > g->nhand[seat])
		return set_cause(cause, "Card %d is not in your hand: you hold "
		    "cards 1-%d.", ci, g->nhand[seat]);
	if ((x = rules_target(g, m->args[1])) < 0)
		return rules_bad_target(g, m->args[1], cause);

	c = g->hand[seat][ci - 1];
	cd = &g->card[c];
	rules_close(g->hand[seat], ci - 1, g->nhand[seat], CHEERS_HAND_MAX);
	g->nhand[seat]--;
	rules_put(g, x, c);
	g->draw_due = 1;
	if (ev != NULL)
		ev->private_changed |= BIT(seat);
	if ((cheers = cheers_matches_count(g, x, c) > 0)) {
		p = &g->queue[g->nqueue++];
		p->kind = CHEERS_P_CHEERS;
		p->shaker = x;
		p->card = c;
	} else
		rules_overflow(g, x);
	/*
	 * "@{0} offers 🍹 tropical to <shaker> (now <its cards>)." and, when
	 * it matches, " CHEERS! (🍹 cheers with 🍺)".  Every line writes a
	 * shaker's new content the same way, "(now 🍺 🍹)".
	 */
	if (rules_line_seat(ev, cheers ? GAME_EV_CHEERS : GAME_EV_INFO, seat,
	    " offers ", &t)) {
		rules_card_now_put(g, c, " to ", x, &t);
		game_text_put(&t, ".");
		if (cheers) {
			game_text_put(&t, " CHEERS! (");
			cheers_kind_put(cd->big, &t);
			game_text_put(&t, " cheers with ");
			cheers_kind_put(cd->small, &t);
			game_text_put(&t, ")");
		}
	}
	rules_settle(g, ev, BIT(x));
	return 0;
}

static inline __attribute__((always_inline)) int
rules_move(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	struct game_text	t;
	int			ci = m->args[0], x, c;

	if (g->nshaker[seat] == 0)
		return set_cause(cause, "Your shaker is empty: there is no card "
		    "to move; play or throw instead.");
	if (ci < 1 || ci > g->nshaker[seat])
		return rules_bad_card(g, seat, ci, "your shaker", cause);
	if ((x = rules_target(g, m->args[1])) < 0)
		return rules_bad_target(g, m->args[1], cause);
	if (x == seat)
		return set_cause(cause, "The card is already in your shaker: "
		    "move it to another shaker.");

	c = rules_take(g, seat, ci - 1);
	rules_put(g, x, c);
	g->draw_due = 0;
	rules_overflow(g, x);
	/*
	 * "@{0} gives away 🍺 beer from @{0}'s shaker (now <its cards>) to
	 * <shaker> (now <its cards>)."
	 */
	if (rules_line_seat(ev, GAME_EV_INFO, seat, " gives away ", &t)) {
		rules_card_now_put(g, c, " from ", seat, &t);
		game_text_put(&t, " to ");
		rules_now_put(g, x, &t);
		game_text_put(&t, ".");
	}
	rules_settle(g, ev, BIT(seat) | BIT(x));
	return 0;
}

/*
 * Throw up: the hand is discarded face down, then a full hand is drawn a
 * card at a time.  Each of those draws is due, so one that finds the deck
 * empty ends the game in a tie, as a due draw after a play does ("the deck
 * is drawn empty"); the thrower keeps what the deck still held.
 */
static inline __attribute__((always_inline)) int
rules_throw(struct game *g, int seat, struct game_events *ev)
{
	struct game_text	t;
	int			n = g->nhand[seat], drawn, i;

	memcpy(&g->discard[g->ndiscard], g->hand[seat], (size_t)n * sizeof (int));
	g->ndiscard += n;
	g->nhand[seat] = 0;
	while (g->nhand[seat] < g->hand_size[seat] && g->ndeck > 0)
		g->hand[seat][g->nhand[seat]++] = g->deck[--g->ndeck];
	drawn = g->nhand[seat];
	if (ev != NULL)
		ev->private_changed |= BIT(seat);
	/*
	 * "@{0} throws up: discards 3 cards and draws 3.", or when the deck
	 * runs short "... and draws 2; the deck is empty." or "...; the deck
	 * is empty."
	 */
	if (rules_line_seat(ev, GAME_EV_INFO, seat, " throws up: discards ",
	    &t)) {
		game_text_count(&t, n, "card", "cards");
		if (drawn > 0) {
			game_text_put(&t, " and draws ");
			game_text_int(&t, drawn);
		}
		game_text_put(&t, drawn < g->hand_size[seat] ?
		    "; the deck is empty." : ".");
	}
	/* "You drew 🍸 cocktail (cheers with 🍹), ... and ...." */
	if (drawn > 0 && rules_note(ev, seat, &t)) {
		game_text_put(&t, "You drew ");
		for (i = 0; i < drawn; i++) {
			if (i > 0)
				game_text_put(&t, i == drawn - 1 ? " and " : ", ");
			cheers_card_put(g, g->hand[seat][i], &t);
		}
		game_text_put(&t, ".");
	}
	g->draw_due = 0;
	if (drawn < g->hand_size[seat]) {
		rules_tie(g, ev);
		return 0;
	}
	rules_settle(g, ev, 0);
	return 0;
}

/*
 * Whether the card at position i of shaker matches card (has its small
 * icon as its big one, and is not card itself).
 */
static inline int
rules_is_match(const struct game *g, int shaker, int card, int i)
{
	int	c = g->shaker[shaker][i];

	return c != card && g->card[c].big == g->card[card].small;
}

/* The position of the first card of shaker that matches card; one must. */
static inline int
rules_match_first(const struct game *g, int shaker, int card)
{
	int	i;

	for (i = 0; i < g->nshaker[shaker] - 1; i++)
		if (rules_is_match(g, shaker, card, i))
			break;
	return i;
}

/*
 * Refuses the card k (-1: none named) of an answer to the CHEERS p: several
 * cards match and none is named, or k is not one of them.  -1 and *cause.
 * Apart from rules_give, so that its buffers are set up only to refuse.
 */
static __attribute__((noinline)) int
rules_refuse_match(const struct game *g, const struct cheers_pending *p,
    int k, char **cause)
{
	char	w1[48], list[48], one[16];
	int	idx[CHEERS_SHAKER_ROOM], n, i;

	n = cheers_matches(g, p->shaker, p->card, idx, CHEERS_SHAKER_ROOM);
	cheers_place_name(g, p->shaker, w1, sizeof w1);
	list[0] = '\0';
	for (i = 0; i < n && i < CHEERS_SHAKER_ROOM; i++) {
		game_format(one, sizeof one, "%s%d", i > 0 ? ", " : "",
		    idx[i] + 1);
		game_cat(list, one, sizeof list);
	}
	if (k == -1)
		return set_cause(cause, "Several cards of %s match: say "
		    "which one to give away (card %s) after the two "
		    "shakers.", w1, list);
	return set_cause(cause, "Card %d of %s does not match the played "
	    "%s: the matching %s %s.", k, w1,
	    cheers_kind_emoji[g->card[p->card].big],
	    game_plural(n, "card is", "cards are"), list);
}

static inline __attribute__((always_inline)) int
rules_give(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	struct cheers_pending	 p = g->queue[0];
	struct game_text	 t;
	char			 w1[48];
	int			 n, i, t1, t2, k, pos;
	int			 played, matched;

	if ((t1 = rules_target(g, m->args[0])) < 0)
		return rules_bad_target(g, m->args[0], cause);
	if ((t2 = rules_target(g, m->args[1])) < 0)
		return rules_bad_target(g, m->args[1], cause);
	if (t1 == p.shaker || t2 == p.shaker) {
		cheers_place_name(g, p.shaker, w1, sizeof w1);
		return set_cause(cause, "The CHEERSed cards must leave %s: give "
		    "them to two other shakers.", w1);
	}
	if (t1 == t2)
		return set_cause(cause, "The two CHEERSed cards must go to two "
		    "different shakers.");
	if (g->mode != CHEERS_MASQUERADE &&
	    !cheers_is_opponent_shaker(g, g->team_of[seat], t1) &&
	    !cheers_is_opponent_shaker(g, g->team_of[seat], t2))
		return set_cause(cause, "At least one of the two cards must go "
		    "to an opponent's shaker.");
	if ((n = cheers_matches_count(g, p.shaker, p.card)) == 0)
		return set_cause(cause, "Nothing matches the played card.");
	/* The short form when one card matches, else the card named. */
	k = m->args[2];
	if (k == -1 && n == 1)
		pos = rules_match_first(g, p.shaker, p.card);
	else if (k >= 1 && k <= g->nshaker[p.shaker] &&
	    rules_is_match(g, p.shaker, p.card, k - 1))
		pos = k - 1;
	else
		return rules_refuse_match(g, &p, k, cause);
	matched = g->shaker[p.shaker][pos];
	rules_take(g, p.shaker, pos);
	/*
	 * The played card went in last, where taking it closes no gap; it is
	 * looked for if not there.
	 */
	i = g->nshaker[p.shaker] - 1;
	if (g->shaker[p.shaker][i] != p.card) {
		for (i = 0; i < g->nshaker[p.shaker]; i++)
			if (g->shaker[p.shaker][i] == p.card)
				break;
		played = rules_take(g, p.shaker, i);
	} else
		played = rules_take_last(g, p.shaker);
	rules_dequeue(g);
	rules_put(g, t1, played);
	rules_put(g, t2, matched);
	rules_overflow(g, t1);
	rules_overflow(g, t2);
	/* No hand changed: whoever is asked next is marked when settling. */
	/*
	 * "@{0} gives away 🍹 tropical to <a> (now <its cards>) and 🍺 beer
	 * to <b> (now <its cards>), leaving <the CHEERSed shaker> with <its
	 * cards>."
	 */
	if (rules_line_seat(ev, GAME_EV_INFO, seat, " gives away ", &t)) {
		rules_card_now_put(g, played, " to ", t1, &t);
		game_text_put(&t, " and ");
		rules_card_now_put(g, matched, " to ", t2, &t);
		game_text_put(&t, ", leaving ");
		cheers_place_put(g, p.shaker, &t);
		if (g->nshaker[p.shaker] > 0) {
			game_text_put(&t, " with ");
			cheers_content_put(g, p.shaker, &t);
		} else
			game_text_put(&t, " empty");
		game_text_put(&t, ".");
	}
	rules_settle(g, ev, BIT(p.shaker) | BIT(t1) | BIT(t2));
	return 0;
}

static inline __attribute__((always_inline)) int
rules_discard(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	struct cheers_pending	 p = g->queue[0];
	struct game_text	 t;
	int			 k = m->args[0], c;

	if (k < 1 || k > g->nshaker[p.shaker])
		return rules_bad_card(g, p.shaker, k, NULL, cause);
	c = rules_take(g, p.shaker, k - 1);
	g->discard[g->ndiscard++] = c;
	rules_dequeue(g);
	/* "@{0} discards 🍷 wine from <shaker> (now <its cards>)." */
	if (rules_line_seat(ev, GAME_EV_INFO, seat, " discards ", &t)) {
		rules_card_now_put(g, c, " from ", p.shaker, &t);
		game_text_put(&t, ".");
	}
	rules_settle(g, ev, BIT(p.shaker));
	return 0;
}

/*
 * Applies seat's move m, checked as far as cheers_apply checks it, with
 * the rules of its action.  Inline in cheers_apply, once with events and
 * once without.
 */
static inline __attribute__((always_inline)) int
rules_do(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	switch (m->action) {
	case CHEERS_A_PLAY:
		return rules_play(g, seat, m, ev, cause);
	case CHEERS_A_MOVE:
		return rules_move(g, seat, m, ev, cause);
	case CHEERS_A_THROW:
		return rules_throw(g, seat, ev);
	case CHEERS_A_GIVE:
		return rules_give(g, seat, m, ev, cause);
	default:
		return rules_discard(g, seat, m, ev, cause);
	}
}

/*
 * Refuses a move that does not answer the open prompt p, which seats
 * may answer: -1 and *cause.  Apart from cheers_apply, which runs on
 * every move, so that its buffers are not set up for each.
 */
static __attribute__((noinline)) int
rules_refuse_answer(const struct game *g, const struct cheers_pending *p,
    unsigned seats, char **cause)
{
	char	who[64], where[48];

	rules_who(g, seats, who, sizeof who);
	cheers_place_name(g, p->shaker, where, sizeof where);
	if (p->kind == CHEERS_P_CHEERS)
		return set_cause(cause, "%s must answer the CHEERS first: give "
		    "the two cards away.", who);
	return set_cause(cause, "%s must first discard a card from %s.", who,
	    where);
}

/*
 * Applies seat's move to g (borrowed) and appends narration to ev (which
 * may be NULL, and is not written while events are off).  Returns 0, or
 * -1 with *cause and g unchanged.
 */
int
cheers_apply(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	const struct cheers_pending	*p;
	unsigned			 seats;
	int				 want;

	if (g->quiet)
		ev = NULL;
	if (g->state != GAME_RUNNING)
		return set_cause(cause, "The game is over: no more moves.");
	if (seat < 0 || seat >= g->nplayers)
		return set_cause(cause, "Seat %d is not at this table.", seat);
	if (m->action < 0 || m->action >= CHEERS_A_COUNT)
		return set_cause(cause, "CHEERS has no action number %d: use "
		    "play, move, throw, give or discard.", m->action);
	if (g->nqueue > 0) {
		p = &g->queue[0];
		seats = cheers_prompt_seats(g, p);
		want = p->kind == CHEERS_P_CHEERS ? CHEERS_A_GIVE :
		    CHEERS_A_DISCARD;
		if (!(seats & BIT(seat)) || m->action != want)
			return rules_refuse_answer(g, p, seats, cause);
	} else {
		if (m->action == CHEERS_A_GIVE || m->action == CHEERS_A_DISCARD)
			return set_cause(cause, "There is nothing to answer: it "
			    "is @{%d}'s turn to play, move or throw.", g->active);
		if (seat != g->active)
			return set_cause(cause, "It is @{%d}'s turn.", g->active);
	}
	/*
	 * Without events (a search's playouts) the rules are compiled
	 * apart, with no narration in them.
	 */
	if (ev == NULL)
		return rules_do(g, seat, m, NULL, cause);
	return rules_do(g, seat, m, ev, cause);
}

/* The prompt of an ordinary turn, by seat. */
#define RULES_TURN(n)	"@{" #n "}'s turn: play, move or throw."
static const char rules_turn_text[CHEERS_MAX_PLAYERS][sizeof RULES_TURN(0)] = {
	RULES_TURN(0), RULES_TURN(1), RULES_TURN(2), RULES_TURN(3),
	RULES_TURN(4), RULES_TURN(5)
};

/*
 * Events off (on 0) or on again for g: see set_events in game.h.  The kept
 * prompt text is dropped either way, so that pending() writes it afresh
 * once events are on.
 */
void
cheers_events_set(struct game *g, int on)
{
	g->quiet = !on;
	g->prompt_len = 0;
}

/*
 * Fills out with the one prompt to answer now; returns 1, or 0 when over.
 * While events are off its text is empty.
 */
int
cheers_pending_list(const struct game *g, struct game_prompt *out, size_t max)
{
	if (g->state != GAME_RUNNING || max == 0)
		return 0;
	/* Field by field: the text is written next, whole. */
	out->each = 0;
	if (g->nqueue > 0) {
		out->seats = cheers_prompt_seats(g, &g->queue[0]);
		out->turn = 0;
		out->actions = g->queue[0].kind == CHEERS_P_CHEERS ?
		    BIT(CHEERS_A_GIVE) : BIT(CHEERS_A_DISCARD);
		if (g->quiet)
			out->text[0] = '\0';
		else if (g->prompt_len > 0)
			memcpy(out->text, g->prompt, (size_t)g->prompt_len + 1);
		else
			cheers_prompt_text(g, out->text, sizeof out->text);
		return 1;
	}
	out->seats = BIT(g->active);
	out->turn = 1;
	out->actions = BIT(CHEERS_A_PLAY) | BIT(CHEERS_A_MOVE) |
	    BIT(CHEERS_A_THROW);
	/* Asked before every move: a copy, not a format. */
	if (g->quiet)
		out->text[0] = '\0';
	else
		memcpy(out->text, rules_turn_text[g->active],
		    sizeof rules_turn_text[0]);
	return 1;
}

/* Fills r with the state, winners and summary of g; returns 0. */
int
cheers_result_get(const struct game *g, struct game_result *r)
{
	struct game_text	t;

	game_result_init(r, g->state, g->winners);
	game_text_init(&t, r->text, sizeof r->text);
	if (g->state == GAME_RUNNING)
		game_text_put(&t, "The game is still running.");
	else
		rules_end_put(g, &t, 0);
	return 0;
}

/* Appends "Team A (@{0}, @{2})" to t, or "@{1}" for a team of one. */
static void
rules_team_put(const struct game *g, int team, struct game_text *t)
{
	if (g->team_size[team] == 1)
		game_text_seat(t, g->team_seat[team][0]);
	else
		rules_team_list_put(g, team, t);
}

/*
 * The final table of a finished game: each team that filled its recipe
 * first, with the shaker and the recipe its win revealed, then the rest,
 * sharing the next place; a tie puts every row first.  The recipes of
 * teams that did not win stay secret, and in Masquerade so do their
 * teams: the seats that did not win are one row.  0, or -1 while the
 * game runs.
 */
int
cheers_final_table(const struct game *g, struct game_ranking *out)
{
	struct game_rank	*row;
	struct game_text	 t;
	unsigned		 mask, rest = 0;
	int			 team, s;

	if (game_ranking_start(out, g->state) != 0)
		return -1;
	snprintf(out->title, sizeof out->title, "Final table");
	for (team = 0; team < g->nteams; team++) {
		mask = (unsigned)cheers_team_mask(g, team);
		if (!(g->winners & mask) && g->mode == CHEERS_MASQUERADE) {
			rest |= mask;
			continue;
		}
		if ((row = game_ranking_add(out, mask)) == NULL)
			break;
		game_text_init(&t, row->who, sizeof row->who);
		rules_team_put(g, team, &t);
		game_text_init(&t, row->figures, sizeof row->figures);
		if (!(g->winners & mask)) {
			game_text_put(&t, g->state == GAME_TIED ? "no drink "
			    "ready when the deck ran out" : "recipe not filled");
			continue;
		}
		row->won = 1;
		row->score = 1;
		game_text_put(&t, "filled its recipe ");
		cheers_recipe_put(g, team, &t);
		for (s = 0; s < g->nshakers; s++) {
			if ((g->win_shakers & BIT(s)) &&
			    cheers_counts_for(g, s, team) &&
			    cheers_shaker_wins(g, s, team)) {
				game_text_put(&t, " in ");
				cheers_place_put(g, s, &t);
				break;
			}
		}
	}
	if (rest != 0 && (row = game_ranking_add(out, rest)) != NULL) {
		game_text_init(&t, row->who, sizeof row->who);
		game_text_put(&t, g->winners != 0 ? "The others (" :
		    "Everyone (");
		for (s = 0; s < g->nplayers; s++) {
			if (!(rest & BIT(s)))
				continue;
			if (t.buf[t.at - 1] != '(')
				game_text_put(&t, ", ");
			game_text_seat(&t, s);
		}
		game_text_put(&t, ")");
		snprintf(row->figures, sizeof row->figures, "%s",
		    g->state == GAME_TIED ? "no drink ready when the deck ran "
		    "out" : "recipe not filled");
	}
	game_ranking_sort(out);
	return 0;
}
