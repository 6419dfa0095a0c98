/*
 * test_cosdrink_property.c: plays many seeded Cosdrink Encounters games
 * (20,000 unless COSDRINK_PROPERTY_GAMES says otherwise) over every player
 * count (2-8) and every drinks option, with AI players, one random-legal
 * player among AIs, and all random-legal players, through the property
 * harness (game-property.h):
 *   - cos_check() passes after every move: every monster and item in
 *     exactly one place (card conservation), hands within three, the
 *     round consistent;
 *   - one prompt, only the seats it names have legal moves, every legal
 *     move and the timeout move (where there is one) accepted on a copy
 *     (one move in 8), the AI's move accepted;
 *   - save -> load -> save is byte-identical, and the loaded game shows
 *     the same turn, question and drinks (one move in 16, and at every
 *     game's end).
 * Every game must end.  The win rate of all-AI tables is printed per
 * player count: the decks are tuned so that it stays between 60% and 85%
 * (asserted over the full run).
 */
#include "tests/unit/cosdrink-test.h"
#include "tests/unit/game-property.h"

struct tally {
	long	wins, ai_games, ai_wins, encounters, drinks;
};

static struct tally	tally[COS_MAX_PLAYERS + 1];

/* Game i: all random (i % 16 == 0), one random seat (1-3), or all AI. */
static void
start(struct gprop_play *p)
{
	static const char *const drinks[] = { NULL, "water", "points", "sips" };
	unsigned	i = p->i;

	p->n = 2 + (int)(i % 7);
	snprintf(p->opts, sizeof p->opts, "drinks=%s",
	    drinks[(i / 7) % 4] != NULL ? drinks[(i / 7) % 4] : "");
	p->g = c_new(p->n, drinks[(i / 7) % 4], i);
	if (i % 16 == 0)
		p->random_seats = ~0u;
	else if (i % 16 <= 3)
		p->random_seats = 1u << (i % (unsigned)p->n);
}

/* What the game shows comes back too. */
static void
loaded(const struct game *g, const struct game *h)
{
	assert_int_equal(g->turn, h->turn);
	assert_int_equal(g->asked, h->asked);
	assert_memory_equal(g->drinks, h->drinks, sizeof g->drinks);
}

static void
ended(struct gprop_play *p)
{
	const struct game	*g = p->g;
	struct tally		*t = &tally[p->n];
	int			 j;

	t->wins += g->winners != 0;
	if (p->random_seats != 0)
		return;
	t->ai_games++;
	t->ai_wins += g->winners != 0;
	t->encounters += g->encounter;
	for (j = 0; j < p->n; j++)
		t->drinks += g->drinks[j];
}

static void
report(int n, long games)
{
	static long		 aig, aiw;	/* over every player count */
	const struct tally	*t = &tally[n];
	double			 rate;

	(void)games;
	aig += t->ai_games;
	aiw += t->ai_wins;
	rate = t->ai_games ? 100.0 * t->ai_wins / t->ai_games : 0;
	printf("; AI tables win %.1f%% (%ld of %ld), %.1f encounters, %.1f "
	    "drinks a player a game", rate, t->ai_wins, t->ai_games,
	    t->ai_games ? (double)t->encounters / t->ai_games : 0,
	    t->ai_games ? (double)t->drinks / t->ai_games / n : 0);
	if (n == COS_MAX_PLAYERS)
		printf("; all AI tables win %.1f%%", aig ? 100.0 * aiw / aig :
		    0);
	/* Balance holds per player count once the sample is large. */
	if (t->ai_games >= 1000)
		assert_true(rate >= 60.0 && rate <= 85.0);
}

int
main(void)
{
	static const struct gprop	spec = {
		.name = "cosdrink", .ops = &cosdrink_ops,
		.env = "COSDRINK_PROPERTY_GAMES", .games = 20000,
		.max_moves = 5000, .max_legal = COS_MAX_LEGAL,
		.state_size = COS_STATE_SIZE,
		.sample_legal = 8, .sample_views = 8, .sample_save = 16,
		.save_end = 1,
		.start = start, .check = cos_check, .loaded = loaded,
		.ended = ended, .report = report,
	};

	return gprop_main(&spec);
}
