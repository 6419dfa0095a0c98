/*
 * test_cheers_ai.c: the baseline CHEERS AI.  It must answer with a legal
 * move whenever its seat has something to do, see only what its seat may
 * see (changing hidden things never changes its choice), take a win when
 * one is on offer, clean foreign kinds out of its drink, send CHEERSed
 * cards where they spoil, and beat random play clearly.
 */
#include "tests/unit/cheers-test.h"

/* seat's AI move in g, drawn with the rng of seed; it must have one. */
static struct game_move
ai_move(struct game *g, int seat, uint64_t seed)
{
	struct game_move	 m;
	struct rng		 r;

	rng_init(&r, seed, 1);
	assert_int_equal(cheers_ops.ai_move(g, seat, &r, &m), 0);
	return m;
}

static void
test_nothing_to_do(void **state)
{
	struct game		*g = t_four();
	struct game_move	 m;
	struct rng		 r;

	(void)state;
	rng_init(&r, 1, 1);
	assert_int_equal(cheers_ops.ai_move(g, 1, &r, &m), -1);
	assert_int_equal(cheers_ops.ai_move(g, 0, &r, &m), 0);
	g->state = GAME_TIED;
	assert_int_equal(cheers_ops.ai_move(g, 0, &r, &m), -1);
	cheers_ops.free_game(g);
}

static void
test_takes_the_win(void **state)
{
	struct game		*g = t_four();
	struct game_move	 m;

	(void)state;
	t_fill(g, 2, (const int []){ BEER, BEER, WINE, WINE, -1 });
	t_hand(g, 0, 1, WHISKY, TROPICAL);
	t_hand(g, 0, 2, COCKTAIL, WHISKY);
	t_hand(g, 0, 3, TROPICAL, WHISKY);
	m = ai_move(g, 0, 1);
	assert_int_equal(m.action, CHEERS_A_PLAY);
	assert_int_equal(m.args[0], 2);
	assert_int_equal(m.args[1], 2);
	cheers_ops.free_game(g);
}

static void
test_discards_foreign(void **state)
{
	struct game		*g = t_four();
	struct game_move	 m;
	int			 i;

	(void)state;
	/* Seat 2 (team A) overflows with one whisky among good cards. */
	t_fill(g, 2, (const int []){ BEER, WINE, WHISKY, BEER, WINE, WINE,
	    -1 });
	t_play(g, WINE, TROPICAL, 2, NULL);
	assert_int_equal(g->queue[0].kind, CHEERS_P_OVERFLOW);
	for (i = 0; i < 20; i++) {
		m = ai_move(g, 2, (uint64_t)i);
		assert_int_equal(m.action, CHEERS_A_DISCARD);
		assert_int_equal(m.args[0], 3);
	}
	cheers_ops.free_game(g);
}

static void
test_gives_to_spoil(void **state)
{
	struct game		*g = t_four();
	struct game_move	 m;

	(void)state;
	/*
	 * Seat 1 (B) is CHEERSed: a beer is played onto its wine.  A's
	 * shakers show only whisky and tropical, so beer and wine look
	 * foreign to A: the AI should send both cards to A's shakers.
	 */
	t_shake(g, 0, WHISKY, -1);	/* A's shaker 0 shows whisky */
	t_shake(g, 2, TROPICAL, -1);	/* A's shaker 2 shows tropical */
	t_shake(g, 3, COCKTAIL, -1);
	t_shake(g, 1, WINE, -1);
	t_play(g, BEER, WINE, 1, NULL);
	m = ai_move(g, 1, 3);
	assert_int_equal(m.action, CHEERS_A_GIVE);
	/* Beer and wine are kinds A's shakers do not show: both go to A. */
	assert_true(m.args[0] == 0 || m.args[0] == 2);
	assert_true(m.args[1] == 0 || m.args[1] == 2);
	cheers_ops.free_game(g);
}

static void
test_moves_foreign_out(void **state)
{
	struct game		*g = t_four();
	struct game_move	 m;

	(void)state;
	t_shake(g, 0, BEER, -1);
	t_shake(g, 0, TROPICAL, -1);	/* foreign to A */
	t_shake(g, 1, COCKTAIL, -1);
	t_shake(g, 3, COCKTAIL, -1);
	t_hand(g, 0, 1, TROPICAL, BEER);
	t_hand(g, 0, 2, TROPICAL, BEER);
	t_hand(g, 0, 3, TROPICAL, WINE);
	m = ai_move(g, 0, 2);
	/* Nothing in hand builds A; the tropical in shaker 0 must go. */
	if (m.action == CHEERS_A_MOVE)
		assert_int_equal(m.args[0], 2);
	else
		assert_int_equal(m.action, CHEERS_A_PLAY);
	cheers_ops.free_game(g);
}

/*
 * Changes everything seat may not see: other hands, the deck order, other
 * teams' recipes, (for an apprentice) its own recipe, and (in Masquerade)
 * who is on which team.
 */
static void
scramble(struct game *g, int seat, struct rng *r)
{
	int	pool[CHEERS_NCARDS], n = 0, s, i, t, k;
	int	knows = !(g->mode == CHEERS_MASTER &&
		    g->team_seat[g->team_of[seat]][0] != seat);

	for (i = 0; i < g->ndeck; i++)
		pool[n++] = g->deck[i];
	for (s = 0; s < g->nplayers; s++)
		if (s != seat)
			for (i = 0; i < g->nhand[s]; i++)
				pool[n++] = g->hand[s][i];
	rng_shuffle(r, pool, n);
	n = 0;
	for (i = 0; i < g->ndeck; i++)
		g->deck[i] = pool[n++];
	for (s = 0; s < g->nplayers; s++)
		if (s != seat)
			for (i = 0; i < g->nhand[s]; i++)
				g->hand[s][i] = pool[n++];
	for (t = 0; t < g->nteams; t++) {
		if (knows && t == g->team_of[seat])
			continue;
		memset(g->recipe[t], 0, sizeof g->recipe[t]);
		for (i = 0; i < 5; i++) {
			do
				k = (int)rng_below(r, 5);
			while (g->recipe[t][k] == 2);
			g->recipe[t][k]++;
		}
	}
	/* In Masquerade the other seats' teams are secret too. */
	if (g->mode == CHEERS_MASQUERADE) {
		int	others[CHEERS_MAX_PLAYERS], no = 0, size[3] = { 0 };

		for (s = 0; s < g->nplayers; s++)
			if (s != seat)
				others[no++] = g->team_of[s];
		rng_shuffle(r, others, no);
		for (no = 0, s = 0; s < g->nplayers; s++) {
			if (s != seat)
				g->team_of[s] = others[no++];
			t = g->team_of[s];
			g->team_seat[t][size[t]++] = s;
		}
	}
	g->rng.state ^= 0x5555;
}

static void
test_sees_only_its_own(void **state)
{
	static const char *const modes[] = { "standard", "master",
	    "masquerade" };
	struct game		*g, *h;
	struct game_move	 m, m2, mv[CHEERS_MAX_LEGAL];
	struct game_prompt	 pr;
	struct rng		 r, r1, r2, rs;
	int			 seed, step, seat, n;

	(void)state;
	for (seed = 0; seed < 200; seed++) {
		n = seed % 3 == 2 ? 4 + 2 * (seed % 2) : 2 + seed % 5;
		g = t_new(n, modes[seed % 3], "draw", NULL, NULL,
		    (uint64_t)seed);
		rng_init(&r, (uint64_t)seed, 5);
		for (step = 0; step < 60 && g->state == GAME_RUNNING; step++) {
			cheers_ops.pending(g, &pr, 1);
			for (seat = 0; !(pr.seats & (1u << seat)); seat++)
				;
			h = cheers_copy(g);
			rng_init(&rs, (uint64_t)step, 9);
			scramble(h, seat, &rs);
			rng_init(&r1, (uint64_t)step, 3);
			rng_init(&r2, (uint64_t)step, 3);
			assert_int_equal(cheers_ops.ai_move(g, seat, &r1, &m), 0);
			assert_int_equal(cheers_ops.ai_move(h, seat, &r2, &m2), 0);
			assert_memory_equal(&m, &m2, sizeof m);
			free(h);
			if (rng_below(&r, 2) == 0) {
				n = cheers_ops.legal_moves(g, seat, mv,
				    CHEERS_MAX_LEGAL);
				m = mv[rng_below(&r, (uint32_t)n)];
			}
			t_ok(g, seat, m.action, m.args[0], m.args[1],
			    m.args[2], NULL);
		}
		cheers_ops.free_game(g);
	}
}

/* Plays one 4-player game: team ai_team by AI, the other at random. */
static int
duel_of_styles(unsigned seed, int ai_team, const char *mode)
{
	struct game		*g = t_new(4, mode, NULL, NULL, NULL, seed);
	struct game_move	 m, mv[CHEERS_MAX_LEGAL];
	struct game_prompt	 pr;
	struct rng		 r;
	int			 seat, n, moves, winner = -1;

	rng_init(&r, seed, 77);
	for (moves = 0; g->state == GAME_RUNNING && moves < 3000; moves++) {
		cheers_ops.pending(g, &pr, 1);
		for (seat = 0; !(pr.seats & (1u << seat)); seat++)
			;
		if (g->team_of[seat] == ai_team)
			assert_int_equal(cheers_ops.ai_move(g, seat, &r, &m), 0);
		else {
			n = cheers_ops.legal_moves(g, seat, mv, CHEERS_MAX_LEGAL);
			m = mv[rng_below(&r, (uint32_t)n)];
		}
		assert_int_equal(cheers_ops.apply(g, seat, &m, NULL, NULL), 0);
	}
	if (g->state == GAME_WON)
		winner = (g->winners & (1u << g->team_seat[ai_team][0])) ?
		    ai_team : 1 - ai_team;
	cheers_ops.free_game(g);
	return winner;
}

static void
test_beats_random(void **state)
{
	static const char *const modes[] = { "standard", "master" };
	int	seed, w, ai_wins, random_wins, i;

	(void)state;
	for (i = 0; i < 2; i++) {
		ai_wins = random_wins = 0;
		for (seed = 0; seed < 400; seed++) {
			w = duel_of_styles((unsigned)seed, seed % 2, modes[i]);
			if (w == seed % 2)
				ai_wins++;
			else if (w >= 0)
				random_wins++;
		}
		print_message("AI (%s) vs random: %d wins to %d in 400 games\n",
		    modes[i], ai_wins, random_wins);
		assert_true(ai_wins > 3 * random_wins);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nothing_to_do),
		cmocka_unit_test(test_takes_the_win),
		cmocka_unit_test(test_discards_foreign),
		cmocka_unit_test(test_gives_to_spoil),
		cmocka_unit_test(test_moves_foreign_out),
		cmocka_unit_test(test_sees_only_its_own),
		cmocka_unit_test(test_beats_random),
	};

	return cmocka_run_group_tests_name("cheers_ai", tests, NULL, NULL);
}
