/*
 * test_cheers_property.c: plays many seeded CHEERS games (100,000 unless
 * CHEERS_PROPERTY_GAMES says otherwise) over every player count, layout,
 * mode and option, with AI players, random-legal players and a mix, and
 * checks after every move:
 *   - cheers_check() passes (all 50 cards once, no shaker above 6 without
 *     a prompt, hands at their size while the deck lasts, ...);
 *   - exactly one prompt is pending while the game runs, and only the
 *     seats it names have legal moves;
 *   - every move legal_moves lists is accepted by apply (on a copy);
 *   - the AI's move is accepted.
 * On one move in 8 (and at every game's end) it checks that no private
 * view shows another team's recipe and that the public view and the events
 * show none, and that the move marked in private_changed exactly the seats
 * whose hand changed or who are asked something new; on one move in 64 (and at the end of every fourth game) that
 * save -> load -> save is byte-identical.
 */
#include <time.h>

#include "tests/unit/cheers-test.h"

#define MAX_MOVES	3000	/* a game still running after this is "capped" */
#define SAMPLE		64	/* save/load round trip on one move in SAMPLE */
#define SAMPLE_VIEWS	8	/* views and events on one move in SAMPLE_VIEWS */

struct tally {
	long	games, wins, ties, capped, moves;
};

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

/* No other team's recipe (unless equal to seat's own) in text. */
static void
check_secret(const struct game *g, int seat, const char *text)
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

/* No view or event may show a recipe its reader may not know. */
static void
check_views(const struct game *g, const struct game_events *ev)
{
	struct game_result	 r;
	char			*a;
	int			 s, i;

	for (s = 0; s < g->nplayers; s++) {
		a = cheers_ops.render_private(g, s);
		check_secret(g, s, a);
		free(a);
	}
	a = cheers_ops.render_public(g);
	check_secret(g, -1, a);
	free(a);
	cheers_ops.result(g, &r);
	check_secret(g, -1, r.text);
	for (i = 0; ev != NULL && i < ev->n; i++)
		if (ev->ev[i].kind != GAME_EV_END)
			check_secret(g, -1, ev->ev[i].text);
	/* A note is its seat's alone: no recipe that seat may not know. */
	for (i = 0; ev != NULL && i < ev->nnotes; i++)
		check_secret(g, ev->note[i].seat, ev->note[i].text);
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

/* save -> load -> save must be byte-identical. */
static void
check_roundtrip(const struct game *g)
{
	struct game	*h;
	cJSON		*doc;
	char		*a, *b, *cause = NULL;

	doc = cheers_ops.save(g);
	a = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	doc = cJSON_Parse(a);
	h = cheers_ops.load(doc, &cause);
	if (h == NULL)
		fail_msg("load: %s", cause);
	cJSON_Delete(doc);
	doc = cheers_ops.save(h);
	b = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	assert_string_equal(a, b);
	free(a);
	free(b);
	cheers_ops.free_game(h);
}

/* Plays one game; kind 0 = all random, 1 = all AI, 2 = mixed. */
static void
play_one(unsigned i, struct tally *tally)
{
	static struct game_events	 full;	/* saturated: adds are no-ops */
	struct game_move		 mv[CHEERS_MAX_LEGAL], m;
	struct game_prompt		 pr;
	struct game_events		 ev;
	struct game			*g, copy, prev;
	struct rng			 r;
	char				*cause = NULL;
	unsigned			 ai;
	int				 n, mode, seat, k, j, moves, sampled;

	full.n = GAME_MAX_EVENTS;
	full.nnotes = GAME_MAX_NOTES;
	n = 2 + (int)(i % 5);
	mode = (int)((i / 5) % 3);
	if (mode == CHEERS_MASQUERADE && n != 4 && n != 6)
		mode = (int)((i / 15) % 2);
	g = t_new(n, modes[mode], methods[(i / 7) % 3],
	    victories[(i / 11) % 2], pick_layout(n, mode, i / 13), i);
	rng_init(&r, i, 99);
	switch (i % 3) {
	case 0:
		ai = 0;
		break;
	case 1:
		ai = ~0u;
		break;
	default:
		ai = 0x15;	/* seats 0, 2, 4 */
		break;
	}
	t_check(g);
	for (moves = 0; g->state == GAME_RUNNING && moves < MAX_MOVES;
	    moves++) {
		assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
		assert_true(pr.seats != 0);
		seat = -1;
		for (j = 0; j < n; j++) {
			k = cheers_ops.legal_moves(g, j, mv, CHEERS_MAX_LEGAL);
			if (!(pr.seats & (1u << j))) {
				assert_int_equal(k, 0);
				continue;
			}
			assert_true(k > 0);
			if (seat < 0 || rng_below(&r, 2) == 0)
				seat = j;
		}
		k = cheers_ops.legal_moves(g, seat, mv, CHEERS_MAX_LEGAL);
		assert_true(k < CHEERS_MAX_LEGAL);
		for (j = 0; j < k; j++) {
			copy = *g;
			if (cheers_ops.apply(&copy, seat, &mv[j], &full,
			    &cause) != 0)
				fail_msg("legal move rejected: %s", cause);
		}
		if (ai & (1u << seat)) {
			assert_int_equal(cheers_ops.ai_move(g, seat, &r, &m), 0);
		} else
			m = mv[rng_below(&r, (uint32_t)k)];
		sampled = (i + (unsigned)moves) % SAMPLE_VIEWS == 0;
		if (sampled) {
			game_events_init(&ev);
			prev = *g;
		}
		if (cheers_ops.apply(g, seat, &m, sampled ? &ev : &full,
		    &cause) != 0)
			fail_msg("move rejected: %s", cause);
		if (cheers_check(g, &cause) != 0)
			fail_msg("game %u move %d: %s", i, moves, cause);
		if (sampled) {
			check_views(g, &ev);
			check_private(&prev, &pr, g, &ev);
			check_notes(&prev, g, &ev);
		}
		if ((i + (unsigned)moves) % SAMPLE == 0)
			check_roundtrip(g);
	}
	if (g->state != GAME_RUNNING)
		assert_int_equal(cheers_ops.legal_moves(g, 0, mv,
		    CHEERS_MAX_LEGAL), 0);
	check_views(g, NULL);
	if (i % 4 == 0)
		check_roundtrip(g);
	tally[n].games++;
	tally[n].moves += moves;
	if (g->state == GAME_WON)
		tally[n].wins++;
	else if (g->state == GAME_TIED)
		tally[n].ties++;
	else
		tally[n].capped++;
	cheers_ops.free_game(g);
}

static void
test_property(void **state)
{
	struct tally	 tally[CHEERS_MAX_PLAYERS + 1];
	const char	*env = getenv("CHEERS_PROPERTY_GAMES");
	long		 games = 100000, total = 0;
	unsigned	 i;
	int		 n;
	clock_t		 start = clock();

	(void)state;
	if (env != NULL)
		games = strtol(env, NULL, 10);
	memset(tally, 0, sizeof tally);
	for (i = 0; i < (unsigned)games; i++)
		play_one(i, tally);
	for (n = 2; n <= CHEERS_MAX_PLAYERS; n++) {
		total += tally[n].games;
		printf("cheers property: %d players: %ld games, %ld wins, %ld "
		    "ties, %ld capped, %.1f moves a game\n", n, tally[n].games,
		    tally[n].wins, tally[n].ties, tally[n].capped,
		    tally[n].games ? (double)tally[n].moves / tally[n].games : 0);
	}
	printf("cheers property: %ld games played in %.1f s of CPU\n", total,
	    (double)(clock() - start) / CLOCKS_PER_SEC);
	assert_int_equal(total, games);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_property),
	};

	return cmocka_run_group_tests_name("cheers_property", tests, NULL, NULL);
}
