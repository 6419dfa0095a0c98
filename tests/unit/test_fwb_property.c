/*
 * test_fwb_property.c: plays many seeded Friends with Beverages games
 * (20,000 unless FWB_PROPERTY_GAMES says otherwise) over every player
 * count (2-5) and every advanced module on and off, with AI players, a
 * random-legal player among AIs, and all random-legal players, and checks
 * after every move:
 *   - fwb_check() passes (every resource and guest card in exactly one
 *     place, sheds within capacity and without duplicates, ...);
 *   - exactly one prompt is pending while the game runs, and only the
 *     seats it names have legal moves;
 *   - a player whose turn just ended holds at most 8 cards (unless an
 *     interrupt resolved after it, in the same move, dealt more);
 *   - the AI's move is accepted.
 * On one move in 16 every move legal_moves lists is tried on a copy and
 * must be accepted, and the views are rendered; on one move in 64 (and at
 * every game's end) save -> load -> save must be byte-identical.  Every
 * game must end.
 */
#include <time.h>

#include "tests/unit/fwb-test.h"

#define MAX_MOVES	20000
#define SAMPLE_LEGAL	16
#define SAMPLE_SAVE	64

struct tally {
	long	games, moves, turns, recipes, deck_out;
};

static void
check_roundtrip(const struct game *g)
{
	struct game	*h;
	cJSON		*doc;
	char		*a, *b, *cause = NULL;

	doc = fwb_ops.save(g);
	a = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	doc = cJSON_Parse(a);
	h = fwb_ops.load(doc, &cause);
	if (h == NULL)
		fail_msg("load: %s", cause);
	cJSON_Delete(doc);
	doc = fwb_ops.save(h);
	b = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	assert_string_equal(a, b);
	free(a);
	free(b);
	fwb_ops.free_game(h);
}

/* Builds option text for game i: each module on in some games. */
static void
pick_options(unsigned i, char *buf, size_t len)
{
	static const char *const sheds[] = { "5", "5", "6", "4", "3" };
	unsigned	 bits = (i / 4) * 2654435761u;

	snprintf(buf, len, "shed=%s guests=%s secondhand=%s discardmarket=%s "
	    "install=%s trading=%s interrupts=%s tiebreak=%s",
	    sheds[(bits >> 3) % 5], bits & 1 ? "4" : "3",
	    bits & 2 ? "on" : "off", bits & 4 ? "on" : "off",
	    bits & 64 ? "delay" : "now", bits & 128 ? "on" : "off",
	    bits & 256 ? "advanced" : "base", bits & 512 ? "random" : "table");
}

static void
views(const struct game *g)
{
	char	*a;
	int	 s;

	for (s = 0; s < g->nplayers; s++) {
		a = fwb_ops.render_private(g, s);
		free(a);
	}
	a = fwb_ops.render_public(g);
	free(a);
}

static void
play_one(unsigned i, struct tally *tally)
{
	static struct game_events	 full;
	struct game_move		 mv[FWB_MAX_LEGAL], m;
	struct game_prompt		 pr;
	struct game_events		 ev;
	struct game			*g, *copy;
	struct rng			 r;
	char				 opts[256], *cause = NULL;
	unsigned			 random_seats;
	int				 n, seat, k, j, moves, was, sampled;

	full.n = GAME_MAX_EVENTS;
	n = 2 + (int)(i % 4);
	pick_options(i, opts, sizeof opts);
	g = f_new(n, opts, i);
	rng_init(&r, i, 99);
	switch (i % 16) {
	case 0:
		random_seats = ~0u;
		break;
	case 1: case 2: case 3:
		random_seats = 1u << (i % (unsigned)n);
		break;
	default:
		random_seats = 0;
		break;
	}
	f_check(g);
	game_events_init(&ev);
	for (moves = 0; g->state == GAME_RUNNING && moves < MAX_MOVES;
	    moves++) {
		assert_int_equal(fwb_ops.pending(g, &pr, 1), 1);
		assert_true(pr.seats != 0);
		sampled = (i + (unsigned)moves) % SAMPLE_LEGAL == 0;
		seat = -1;
		for (j = 0; j < n; j++) {
			if (!(pr.seats & (1u << j))) {
				if (sampled)
					assert_int_equal(fwb_ops.legal_moves(g,
					    j, mv, FWB_MAX_LEGAL), 0);
				continue;
			}
			if (seat < 0 || rng_below(&r, 2) == 0)
				seat = j;
		}
		k = fwb_ops.legal_moves(g, seat, mv, FWB_MAX_LEGAL);
		assert_true(k > 0 && k < FWB_MAX_LEGAL);
		if (sampled) {
			copy = fwb_copy(g);
			for (j = 0; j < k; j++) {
				/* The components never change: see fwb-int.h. */
				memcpy(copy, g, FWB_STATE_SIZE);
				if (fwb_ops.apply(copy, seat, &mv[j], &full,
				    &cause) != 0)
					fail_msg("game %u: legal move %s "
					    "rejected: %s", i,
					    fwb_actions[mv[j].action].name,
					    cause);
			}
			free(copy);
			views(g);
		}
		if (random_seats & (1u << seat))
			m = mv[rng_below(&r, (uint32_t)k)];
		else
			assert_int_equal(fwb_ops.ai_move(g, seat, &r, &m), 0);
		was = g->active;
		/* game_events_init without clearing 11 KB of text each move. */
		ev.n = ev.dropped = 0;
		ev.private_changed = 0;
		if (fwb_ops.apply(g, seat, &m, &ev, &cause) != 0)
			fail_msg("game %u move %d: %s rejected: %s", i, moves,
			    fwb_actions[m.action].name, cause);
		if (fwb_check(g, &cause) != 0)
			fail_msg("game %u move %d: %s", i, moves, cause);
		if (g->active != was || g->state != GAME_RUNNING) {
			/* Interrupts after the turn may deal more cards. */
			if (g->nhand[was] > FWB_HAND_LIMIT &&
			    !f_said(&ev, "Interrupt!"))
				fail_msg("game %u: @%d ended a turn with %d "
				    "cards", i, was, g->nhand[was]);
			tally[n].turns++;
		}
		if ((i + (unsigned)moves) % SAMPLE_SAVE == 0)
			check_roundtrip(g);
	}
	if (g->state == GAME_RUNNING)
		fail_msg("game %u (%s) did not end in %d moves", i, opts,
		    MAX_MOVES);
	assert_int_equal(fwb_ops.legal_moves(g, 0, mv, FWB_MAX_LEGAL), 0);
	views(g);
	check_roundtrip(g);
	tally[n].games++;
	tally[n].moves += moves;
	for (j = 0; j < n; j++)
		tally[n].recipes += fwb_done_count(g, j);
	if (!g->ending)
		tally[n].deck_out++;
	fwb_ops.free_game(g);
}

static void
test_property(void **state)
{
	struct tally	 tally[FWB_MAX_PLAYERS + 1];
	const char	*env = getenv("FWB_PROPERTY_GAMES");
	long		 games = 20000, total = 0;
	unsigned	 i;
	int		 n;
	clock_t		 start = clock();

	(void)state;
	if (env != NULL)
		games = strtol(env, NULL, 10);
	memset(tally, 0, sizeof tally);
	for (i = 0; i < (unsigned)games; i++)
		play_one(i, tally);
	for (n = 2; n <= FWB_MAX_PLAYERS; n++) {
		total += tally[n].games;
		printf("fwb property: %d players: %ld games, %.1f moves, %.1f "
		    "turns, %.1f recipes a game; %ld ended by the guest deck\n",
		    n, tally[n].games, tally[n].games ? (double)tally[n].moves /
		    tally[n].games : 0, tally[n].games ? (double)tally[n].turns /
		    tally[n].games : 0, tally[n].games ?
		    (double)tally[n].recipes / tally[n].games : 0,
		    tally[n].deck_out);
	}
	printf("fwb property: %ld games played in %.1f s of CPU\n", total,
	    (double)(clock() - start) / CLOCKS_PER_SEC);
	assert_int_equal(total, games);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_property),
	};

	return cmocka_run_group_tests_name("fwb_property", tests, NULL, NULL);
}
