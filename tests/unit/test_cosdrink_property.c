/*
 * test_cosdrink_property.c: plays many seeded Cosdrink Encounters games
 * (20,000 unless COSDRINK_PROPERTY_GAMES says otherwise) over every player
 * count (2-8) and every drinks option, with AI players, one random-legal
 * player among AIs, and all random-legal players, and checks after every
 * move:
 *   - cos_check() passes: every monster and item in exactly one place
 *     (card conservation), hands within three, the round consistent;
 *   - exactly one prompt is pending while the game runs, only the seats it
 *     names have legal moves, and every listed legal move is accepted (on
 *     a copy, one move in 8);
 *   - the AI's move is accepted, and so is the timeout move where there
 *     is one;
 *   - save -> load -> save is byte-identical, and the loaded game asks
 *     the same (one move in 16, and at every game's end).
 * Every game must end.  The win rate of all-AI tables is printed per
 * player count: the decks are tuned so that it stays between 60% and 85%
 * (asserted over the full run).
 */
#include <time.h>

#include "tests/unit/cosdrink-test.h"

#define MAX_MOVES	5000
#define SAMPLE_LEGAL	8
#define SAMPLE_SAVE	16

struct tally {
	long	games, moves, wins, ai_games, ai_wins, encounters, drinks;
};

static void
check_roundtrip(const struct game *g)
{
	struct game	*h;
	cJSON		*doc;
	char		*a, *b, *cause = NULL;

	doc = cosdrink_ops.save(g);
	a = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	doc = cJSON_Parse(a);
	h = cosdrink_ops.load(doc, &cause);
	if (h == NULL)
		fail_msg("load: %s", cause);
	cJSON_Delete(doc);
	/* What the game shows comes back too. */
	assert_int_equal(g->turn, h->turn);
	assert_int_equal(g->asked, h->asked);
	assert_memory_equal(g->drinks, h->drinks, sizeof g->drinks);
	doc = cosdrink_ops.save(h);
	b = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	assert_string_equal(a, b);
	free(a);
	free(b);
	cosdrink_ops.free_game(h);
}

static void
views(const struct game *g)
{
	char	*a;
	int	 s;

	for (s = 0; s < g->nplayers; s++) {
		a = cosdrink_ops.render_private(g, s);
		free(a);
	}
	a = cosdrink_ops.render_public(g);
	free(a);
}

static void
play_one(unsigned i, struct tally *tally)
{
	static const char *const drinks[] = { NULL, "water", "points", "sips" };
	static struct game_events	 full;
	struct game_move		 mv[COS_MAX_LEGAL], m;
	struct game_prompt		 pr[GAME_MAX_PROMPTS];
	struct game_events		 ev;
	struct game			*g, *copy;
	struct rng			 r;
	char				*cause = NULL;
	unsigned			 random_seats;
	int				 n, seat, k, j, moves, sampled;

	full.n = GAME_MAX_EVENTS;
	n = 2 + (int)(i % 7);
	g = c_new(n, drinks[(i / 7) % 4], i);
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
	c_check(g);
	for (moves = 0; g->state == GAME_RUNNING && moves < MAX_MOVES;
	    moves++) {
		assert_int_equal(cosdrink_ops.pending(g, pr, GAME_MAX_PROMPTS),
		    1);
		assert_true(pr[0].seats != 0);
		sampled = (i + (unsigned)moves) % SAMPLE_LEGAL == 0;
		seat = -1;
		for (j = 0; j < n; j++) {
			if (!(pr[0].seats & (1u << j))) {
				if (sampled)
					assert_int_equal(cosdrink_ops.legal_moves(
					    g, j, mv, COS_MAX_LEGAL), 0);
				continue;
			}
			if (seat < 0 || rng_below(&r, 2) == 0)
				seat = j;
		}
		k = cosdrink_ops.legal_moves(g, seat, mv, COS_MAX_LEGAL);
		assert_true(k > 0 && k < COS_MAX_LEGAL);
		if (sampled) {
			copy = cos_copy(g);
			for (j = 0; j < k; j++) {
				memcpy(copy, g, COS_STATE_SIZE);
				if (cosdrink_ops.apply(copy, seat, &mv[j], &full,
				    &cause) != 0)
					fail_msg("game %u: legal move %s "
					    "rejected: %s", i,
					    cos_actions[mv[j].action].name,
					    cause);
			}
			if (cosdrink_ops.timeout_move(g, seat, &m) == 0) {
				memcpy(copy, g, COS_STATE_SIZE);
				if (cosdrink_ops.apply(copy, seat, &m, &full,
				    &cause) != 0)
					fail_msg("game %u: timeout move "
					    "rejected: %s", i, cause);
			}
			free(copy);
			views(g);
		}
		if (random_seats & (1u << seat))
			m = mv[rng_below(&r, (uint32_t)k)];
		else
			assert_int_equal(cosdrink_ops.ai_move(g, seat, &r, &m),
			    0);
		ev.n = ev.dropped = 0;
		ev.private_changed = 0;
		if (cosdrink_ops.apply(g, seat, &m, &ev, &cause) != 0)
			fail_msg("game %u move %d: %s rejected: %s", i, moves,
			    cos_actions[m.action].name, cause);
		if (cos_check(g, &cause) != 0)
			fail_msg("game %u move %d: %s", i, moves, cause);
		if ((i + (unsigned)moves) % SAMPLE_SAVE == 0)
			check_roundtrip(g);
	}
	if (g->state == GAME_RUNNING)
		fail_msg("game %u did not end in %d moves", i, MAX_MOVES);
	assert_int_equal(cosdrink_ops.legal_moves(g, 0, mv, COS_MAX_LEGAL), 0);
	assert_int_equal(cosdrink_ops.pending(g, pr, GAME_MAX_PROMPTS), 0);
	views(g);
	check_roundtrip(g);
	tally[n].games++;
	tally[n].moves += moves;
	tally[n].wins += g->winners != 0;
	if (random_seats == 0) {
		tally[n].ai_games++;
		tally[n].ai_wins += g->winners != 0;
		tally[n].encounters += g->encounter;
		for (j = 0; j < n; j++)
			tally[n].drinks += g->drinks[j];
	}
	cosdrink_ops.free_game(g);
}

static void
test_property(void **state)
{
	struct tally	 tally[COS_MAX_PLAYERS + 1];
	const char	*env = getenv("COSDRINK_PROPERTY_GAMES");
	long		 games = 20000, total = 0, aig = 0, aiw = 0;
	unsigned	 i;
	int		 n;
	double		 rate;
	clock_t		 start = clock();

	(void)state;
	if (env != NULL)
		games = strtol(env, NULL, 10);
	memset(tally, 0, sizeof tally);
	for (i = 0; i < (unsigned)games; i++)
		play_one(i, tally);
	for (n = 2; n <= COS_MAX_PLAYERS; n++) {
		struct tally *t = &tally[n];

		total += t->games;
		aig += t->ai_games;
		aiw += t->ai_wins;
		rate = t->ai_games ? 100.0 * t->ai_wins / t->ai_games : 0;
		printf("cosdrink property: %d players: %ld games, %.1f moves a "
		    "game; AI tables win %.1f%% (%ld of %ld), %.1f encounters, "
		    "%.1f drinks a player a game\n", n, t->games, t->games ?
		    (double)t->moves / t->games : 0, rate, t->ai_wins,
		    t->ai_games, t->ai_games ? (double)t->encounters /
		    t->ai_games : 0, t->ai_games ? (double)t->drinks /
		    t->ai_games / n : 0);
		/* Balance holds per player count once the sample is large. */
		if (t->ai_games >= 1000)
			assert_true(rate >= 60.0 && rate <= 85.0);
	}
	printf("cosdrink property: %ld games played in %.1f s of CPU; AI "
	    "tables win %.1f%%\n", total, (double)(clock() - start) /
	    CLOCKS_PER_SEC, aig ? 100.0 * aiw / aig : 0);
	assert_int_equal(total, games);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_property),
	};

	return cmocka_run_group_tests_name("cosdrink_property", tests, NULL,
	    NULL);
}
