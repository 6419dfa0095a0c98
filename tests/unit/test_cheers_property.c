/*
 * test_cheers_property.c: plays many seeded CHEERS games (100,000 unless
 * CHEERS_PROPERTY_GAMES says otherwise) over every player count, layout,
 * mode and option, with AI players, random-legal players and a mix,
 * through the property harness (game-property.h): cheers_check() after
 * every move, one prompt, legal moves accepted (every move), the AI's
 * move accepted, save -> load -> save (one move in 64, and at the end of
 * every fourth game).  A game still running after 3,000 moves is
 * "capped".  Besides, on one move in 8 (and at every game's end):
 *   - no private view shows another team's recipe, and the public view,
 *     the result and the events show none;
 *   - the move marked in private_changed exactly the seats whose hand
 *     changed or who are asked something new;
 *   - a seat that drew cards it could not see is told each of them in a
 *     note of its own, and a seat that drew none gets no note.
 */
#include "tests/unit/cheers-test.h"
#include "tests/unit/game-property.h"

struct tally {
	long	wins, ties, capped;
};

static struct tally	tally[CHEERS_MAX_PLAYERS + 1];

static const char *const modes[] = { "standard", "master", "masquerade" };
static const char *const methods[] = { "cards", "draw", "alt" };
static const char *const victories[] = { "team", "own" };

/* Picks a layout that fits n players (and the mode) by number i. */
static const char *
pick_layout(int n, int mode, unsigned i)
{
	const char	*fit[8];
	int		 k, nfit = 0;

	for (k = 0; k < cheers_nlayouts; k++)
		if (cheers_layouts[k].nplayers == n)
			fit[nfit++] = cheers_layouts[k].name;
	if (mode == CHEERS_MASQUERADE && n == 4)
		return "2+2";
	return fit[i % (unsigned)nfit];
}

/* Game i: random players (i % 3 == 0), AI (1), or AI at seats 0, 2, 4. */
static void
start(struct gprop_play *p)
{
	unsigned	i = p->i;
	int		n, mode;

	n = 2 + (int)(i % 5);
	mode = (int)((i / 5) % 3);
	if (mode == CHEERS_MASQUERADE && n != 4 && n != 6)
		mode = (int)((i / 15) % 2);
	snprintf(p->opts, sizeof p->opts, "%s %s %s %s", modes[mode],
	    methods[(i / 7) % 3], victories[(i / 11) % 2],
	    pick_layout(n, mode, i / 13));
	p->n = n;
	p->g = t_new(n, modes[mode], methods[(i / 7) % 3],
	    victories[(i / 11) % 2], pick_layout(n, mode, i / 13), i);
	p->random_seats = i % 3 == 0 ? ~0u : i % 3 == 1 ? 0 : ~0x15u;
}

/* No other team's recipe (unless equal to seat's own) in text. */
static void
seen(const struct game *g, int seat, const char *text)
{
	char	own[32] = "", rec[32];
	int	t, knows;

	knows = seat >= 0 && !(g->mode == CHEERS_MASTER &&
	    g->team_seat[g->team_of[seat]][0] != seat);
	if (seat >= 0)
		cheers_recipe_text(g, g->team_of[seat], own, sizeof own);
	for (t = 0; t < g->nteams; t++) {
		cheers_recipe_text(g, t, rec, sizeof rec);
		if (knows && strcmp(rec, own) == 0)
			continue;
		if (strstr(text, rec) != NULL)
			fail_msg("seat %d sees recipe of team %d: %s", seat, t,
			    text);
	}
}

/* Whether seat's hand in g holds card, which before's did not. */
static int
gained(const struct game *before, const struct game *g, int seat, int card)
{
	int	i;

	for (i = 0; i < before->nhand[seat]; i++)
		if (before->hand[seat][i] == card)
			return 0;
	for (i = 0; i < g->nhand[seat]; i++)
		if (g->hand[seat][i] == card)
			return 1;
	return 0;
}

/*
 * Private notes: a seat that gained cards it could not see is told each
 * of them in a note of its own ("You drew ..."); a seat that gained none
 * gets no note.
 */
static void
check_notes(const struct game *before, const struct game *g,
    const struct game_events *ev)
{
	struct game_text	t;
	char			card[96];
	int			s, i, k, found, any;

	assert_int_equal(ev->notes_lost, 0);
	for (s = 0; s < g->nplayers; s++) {
		any = 0;
		for (i = 0; i < g->nhand[s]; i++) {
			if (!gained(before, g, s, g->hand[s][i]))
				continue;
			any = 1;
			game_text_init(&t, card, sizeof card);
			cheers_card_put(g, g->hand[s][i], &t);
			for (k = 0, found = 0; k < ev->nnotes; k++)
				if (ev->note[k].seat == s &&
				    strstr(ev->note[k].text, card) != NULL)
					found = 1;
			if (!found)
				fail_msg("seat %d drew %s and was not told", s,
				    card);
		}
		for (k = 0; !any && k < ev->nnotes; k++)
			if (ev->note[k].seat == s)
				fail_msg("seat %d gained nothing and was told "
				    "\"%s\"", s, ev->note[k].text);
	}
}

/*
 * The seats a move marks in private_changed: exactly those whose hand
 * changed and those asked something new (their "Your move" line); a seat
 * that only answered or ended its turn is not marked.  before and was are
 * the game and its prompt before the move.
 */
static void
check_private(const struct game *before, const struct game_prompt *was,
    const struct game *g, const struct game_events *ev)
{
	struct game_prompt	now;
	unsigned		want = 0, bit;
	int			s;

	if (g->state != GAME_RUNNING)
		return;
	assert_int_equal(cheers_ops.pending(g, &now, 1), 1);
	for (s = 0; s < g->nplayers; s++) {
		bit = 1u << s;
		if (before->nhand[s] != g->nhand[s] || memcmp(before->hand[s],
		    g->hand[s], (size_t)g->nhand[s] * sizeof (int)) != 0)
			want |= bit;
		if ((now.seats & bit) && (!(was->seats & bit) ||
		    strcmp(was->text, now.text) != 0))
			want |= bit;
	}
	if (ev->private_changed != want)
		fail_msg("private_changed 0x%x, not 0x%x, after \"%s\"",
		    ev->private_changed, want, ev->n > 0 ? ev->ev[0].text : "");
}

static void
after(struct gprop_play *p)
{
	if (!p->sampled)
		return;
	check_private(p->prev, &p->pr, p->g, &p->ev);
	check_notes(p->prev, p->g, &p->ev);
}

static void
ended(struct gprop_play *p)
{
	struct tally	*t = &tally[p->n];

	if (p->g->state == GAME_WON)
		t->wins++;
	else if (p->g->state == GAME_TIED)
		t->ties++;
	else
		t->capped++;
}

static void
report(int n, long games)
{
	(void)games;
	printf("; %ld wins, %ld ties, %ld capped", tally[n].wins,
	    tally[n].ties, tally[n].capped);
}

int
main(void)
{
	static const struct gprop	spec = {
		.name = "cheers", .ops = &cheers_ops,
		.env = "CHEERS_PROPERTY_GAMES", .games = 100000,
		.max_moves = 3000, .may_cap = 1, .max_legal = CHEERS_MAX_LEGAL,
		.state_size = sizeof (struct game),
		.sample_legal = 1, .sample_views = 8, .sample_save = 64,
		.save_end = 4,
		.start = start, .check = cheers_check, .seen = seen,
		.after = after, .ended = ended, .report = report,
	};

	return gprop_main(&spec);
}
