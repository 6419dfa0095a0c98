/*
 * test_magic_property.c: plays many seeded Magic Cocktail games (20,000
 * unless MAGIC_PROPERTY_GAMES says otherwise) over every player count
 * (4-7) and path length, with AI players, one random-legal player among
 * AIs, and all random-legal players, the asked seat picked at random each
 * move as in a chat where everyone acts at once, and checks after every
 * move:
 *   - magic_check() passes: every card in exactly one place (card
 *     conservation), every recipe card once, offers payable, stones and
 *     lays fitting the phase;
 *   - one prompt is pending while the game runs, and only the seats it
 *     names have legal moves;
 *   - the AI's move and the timeout move are accepted;
 *   - an AI reaches its stone within MAGIC_AI_ACTS + 1 moves of its own a
 *     round.
 * On one move in 16 every move legal_moves lists is tried on a copy and
 * must be accepted, and the views are rendered; on one move in 32 (and at
 * every game's end) save -> load -> save must be byte-identical.  Every
 * game must end.  It prints how games end and how the AI fares against a
 * random-legal player and against one who never trades (places its stone
 * at once and lays its best).
 */
#include <time.h>

#include "tests/unit/magic-test.h"

#define MAX_MOVES	20000
#define SAMPLE_LEGAL	16
#define SAMPLE_SAVE	32

struct tally {
	long	games, moves, rounds, lightning, path, ties;
	long	random_games, random_wins;	/* one random seat among AIs */
	long	passive_games, passive_wins;	/* one seat that never trades */
	long	first_stones, first_bonus;	/* AI-only games */
};

static void
check_roundtrip(const struct game *g)
{
	struct game	*h;
	cJSON		*doc;
	char		*a, *b, *cause = NULL;

	doc = magic_ops.save(g);
	a = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	doc = cJSON_Parse(a);
	h = magic_ops.load(doc, &cause);
	if (h == NULL)
		fail_msg("load: %s", cause);
	cJSON_Delete(doc);
	/* The loaded game plays on alike: same prompt, same AI move. */
	assert_int_equal(magic_asked(g), magic_asked(h));
	doc = magic_ops.save(h);
	b = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	assert_string_equal(a, b);
	free(a);
	free(b);
	magic_ops.free_game(h);
}

static void
views(const struct game *g)
{
	char	*a;
	int	 s;

	for (s = 0; s < g->nplayers; s++) {
		a = magic_ops.render_private(g, s);
		free(a);
	}
	a = magic_ops.render_public(g);
	free(a);
}

static void
play_one(unsigned i, struct tally *tally)
{
	static const char *const paths[] = { "path=30", "path=20", "path=40" };
	static struct game_events	 full;
	struct game_move		 mv[MAGIC_MAX_LEGAL], m;
	struct game_prompt		 pr;
	struct game_events		 ev;
	struct game			*g, *copy;
	struct rng			 r;
	char				*cause = NULL;
	unsigned			 random_seats, passive_seats = 0, asked;
	int				 n, seat, k, j, moves, sampled, round;
	int				 own[MAGIC_MAX_PLAYERS], rnd = -1, pas = -1;

	full.n = GAME_MAX_EVENTS;
	n = 4 + (int)(i % 4);
	g = m_new(n, paths[(i / 4) % 3], i);
	rng_init(&r, i, 99);
	switch (i % 16) {
	case 0:
		random_seats = ~0u;
		break;
	case 1: case 2: case 3: case 4:
		rnd = (int)(i / 16 % (unsigned)n);
		random_seats = 1u << rnd;
		break;
	case 5: case 6: case 7: case 8:
		/* A player who places its stone at once and lays its best. */
		pas = (int)(i / 16 % (unsigned)n);
		passive_seats = 1u << pas;
		random_seats = 0;
		break;
	default:
		random_seats = 0;
		break;
	}
	m_check(g);
	memset(own, 0, sizeof own);
	round = g->round;
	game_events_init(&ev);
	for (moves = 0; g->state == GAME_RUNNING && moves < MAX_MOVES;
	    moves++) {
		assert_int_equal(magic_ops.pending(g, &pr, GAME_MAX_PROMPTS), 1);
		assert_true(pr.seats != 0);
		asked = pr.seats;
		sampled = (i + (unsigned)moves) % SAMPLE_LEGAL == 0;
		/* Anyone asked may act next: pick one at random. */
		do
			seat = (int)rng_below(&r, (uint32_t)n);
		while (!(asked & (1u << seat)));
		if (sampled)
			for (j = 0; j < n; j++)
				if (!(asked & (1u << j)))
					assert_int_equal(magic_ops.legal_moves(g,
					    j, mv, MAGIC_MAX_LEGAL), 0);
		k = magic_ops.legal_moves(g, seat, mv, MAGIC_MAX_LEGAL);
		assert_true(k > 0 && k < MAGIC_MAX_LEGAL);
		if (sampled) {
			copy = magic_copy(g);
			for (j = 0; j < k; j++) {
				memcpy(copy, g, MAGIC_STATE_SIZE);
				if (magic_ops.apply(copy, seat, &mv[j], &full,
				    &cause) != 0)
					fail_msg("game %u: legal move %s "
					    "rejected: %s", i,
					    magic_actions[mv[j].action].name,
					    cause);
			}
			/* The timeout move is always accepted too. */
			memcpy(copy, g, MAGIC_STATE_SIZE);
			assert_int_equal(magic_ops.timeout_move(g, seat, &m), 0);
			if (magic_ops.apply(copy, seat, &m, &full, &cause) != 0)
				fail_msg("game %u: timeout move rejected: %s", i,
				    cause);
			free(copy);
			views(g);
		}
		if (random_seats & (1u << seat))
			m = mv[rng_below(&r, (uint32_t)k)];
		else if (passive_seats & (1u << seat))
			assert_int_equal(magic_ops.timeout_move(g, seat, &m), 0);
		else {
			assert_int_equal(magic_ops.ai_move(g, seat, &r, &m), 0);
			if (g->phase == MAGIC_PH_TRADE &&
			    ++own[seat] > MAGIC_AI_ACTS + 1)
				fail_msg("game %u: AI @%d made %d trading moves "
				    "in a round", i, seat, own[seat]);
		}
		ev.n = ev.dropped = 0;
		ev.private_changed = 0;
		if (magic_ops.apply(g, seat, &m, &ev, &cause) != 0)
			fail_msg("game %u move %d: %s rejected: %s", i, moves,
			    magic_actions[m.action].name, cause);
		if (magic_check(g, &cause) != 0)
			fail_msg("game %u move %d: %s", i, moves, cause);
		if (g->round != round) {
			memset(own, 0, sizeof own);
			round = g->round;
		}
		if (random_seats == 0 && passive_seats == 0 &&
		    m_said(&ev, "Everyone has laid out")) {
			tally[n].first_stones++;
			if (m_said(&ev, "(first stone +2)"))
				tally[n].first_bonus++;
		}
		if ((i + (unsigned)moves) % SAMPLE_SAVE == 0)
			check_roundtrip(g);
	}
	if (g->state == GAME_RUNNING)
		fail_msg("game %u did not end in %d moves", i, MAX_MOVES);
	assert_int_equal(magic_ops.legal_moves(g, 0, mv, MAGIC_MAX_LEGAL), 0);
	assert_int_equal(magic_ops.pending(g, &pr, 1), 0);
	views(g);
	check_roundtrip(g);
	tally[n].games++;
	tally[n].moves += moves;
	tally[n].rounds += g->round - 1;
	if (g->used[g->nused - 1] == MAGIC_LIGHTNING)
		tally[n].lightning++;
	else
		tally[n].path++;
	if (g->state == GAME_TIED)
		tally[n].ties++;
	if (rnd >= 0) {
		tally[n].random_games++;
		if (g->winners & (1u << rnd))
			tally[n].random_wins++;
	}
	if (pas >= 0) {
		tally[n].passive_games++;
		if (g->winners & (1u << pas))
			tally[n].passive_wins++;
	}
	magic_ops.free_game(g);
}

static void
test_property(void **state)
{
	struct tally	 tally[MAGIC_MAX_PLAYERS + 1];
	const char	*env = getenv("MAGIC_PROPERTY_GAMES");
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
	for (n = MAGIC_MIN_PLAYERS; n <= MAGIC_MAX_PLAYERS; n++) {
		struct tally *t = &tally[n];

		total += t->games;
		printf("magic property: %d players: %ld games, %.1f moves, "
		    "%.1f rounds a game; %ld ended by the Magic Lightning, %ld "
		    "on the path, %ld tied; among AIs a random player won "
		    "%ld of %ld (%.0f%%), one who never trades %ld of %ld "
		    "(%.0f%%; even: %.0f%%); AI first stones won the bonus "
		    "%ld of %ld\n", n, t->games, t->games ?
		    (double)t->moves / t->games : 0, t->games ?
		    (double)t->rounds / t->games : 0, t->lightning, t->path,
		    t->ties, t->random_wins, t->random_games, t->random_games ?
		    100.0 * t->random_wins / t->random_games : 0,
		    t->passive_wins, t->passive_games, t->passive_games ?
		    100.0 * t->passive_wins / t->passive_games : 0, 100.0 / n,
		    t->first_bonus, t->first_stones);
	}
	printf("magic property: %ld games played in %.1f s of CPU\n", total,
	    (double)(clock() - start) / CLOCKS_PER_SEC);
	assert_int_equal(total, games);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_property),
	};

	return cmocka_run_group_tests_name("magic_property", tests, NULL, NULL);
}
