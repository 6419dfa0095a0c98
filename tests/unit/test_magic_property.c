/*
 * test_magic_property.c: plays many seeded Magic Cocktail games (20,000
 * unless MAGIC_PROPERTY_GAMES says otherwise) over every player count
 * (4-7) and path length, with AI players, one random-legal player among
 * AIs, one player who never trades among AIs, and all random-legal
 * players, the asked seat picked at random each move as in a chat where
 * everyone acts at once, through the property harness (game-property.h):
 *   - magic_check() passes after every move: every card in exactly one
 *     place (card conservation), every recipe card once, offers payable,
 *     stones and lays fitting the phase;
 *   - one prompt, only the seats it names have legal moves, every legal
 *     move and the timeout move (there always is one) accepted on a copy
 *     and the views rendered (one move in 16), the AI's move accepted;
 *   - save -> load -> save is byte-identical and the loaded game asks the
 *     same seats (one move in 32, and at every game's end).
 * Besides, an AI reaches its stone within MAGIC_AI_ACTS + 1 moves of its
 * own a round.  Every game must end.  It prints how games end and how
 * the AI fares against a random-legal player and against one who never
 * trades (places its stone at once and lays its best).
 */
#include "tests/unit/magic-test.h"
#include "tests/unit/game-property.h"

struct tally {
	long	rounds, lightning, path, ties;
	long	random_games, random_wins;	/* one random seat among AIs */
	long	passive_games, passive_wins;	/* one seat that never trades */
	long	first_stones, first_bonus;	/* AI-only games */
};

static struct tally	tally[MAGIC_MAX_PLAYERS + 1];
static int		own[MAGIC_MAX_PLAYERS];	/* AI trading moves this round */
static int		round_now;		/* the round own[] counts */
static int		rnd, pas;		/* the random and the passive seat */

/*
 * Game i: all random (i % 16 == 0), one random seat among AIs (1-4), one
 * seat that never trades among AIs (5-8), or all AI.
 */
static void
start(struct gprop_play *p)
{
	static const char *const paths[] = { "path=30", "path=20", "path=40" };
	unsigned	i = p->i;

	p->n = 4 + (int)(i % 4);
	snprintf(p->opts, sizeof p->opts, "%s", paths[(i / 4) % 3]);
	p->g = m_new(p->n, p->opts, i);
	rnd = pas = -1;
	if (i % 16 == 0)
		p->random_seats = ~0u;
	else if (i % 16 <= 4) {
		rnd = (int)(i / 16 % (unsigned)p->n);
		p->random_seats = 1u << rnd;
	} else if (i % 16 <= 8) {
		/* A player who places its stone at once and lays its best. */
		pas = (int)(i / 16 % (unsigned)p->n);
		p->passive_seats = 1u << pas;
	}
	memset(own, 0, sizeof own);
	round_now = p->g->round;
}

static void
ai_moved(struct gprop_play *p)
{
	if (p->g->phase == MAGIC_PH_TRADE && ++own[p->seat] > MAGIC_AI_ACTS + 1)
		fail_msg("game %u: AI @%d made %d trading moves in a round",
		    p->i, p->seat, own[p->seat]);
}

static void
after(struct gprop_play *p)
{
	if (p->g->round != round_now) {
		memset(own, 0, sizeof own);
		round_now = p->g->round;
	}
	if (p->random_seats == 0 && p->passive_seats == 0 &&
	    m_said(&p->ev, "Everyone has laid out")) {
		tally[p->n].first_stones++;
		if (m_said(&p->ev, "(first stone +2)"))
			tally[p->n].first_bonus++;
	}
}

/* The loaded game plays on alike: same prompt, same AI move. */
static void
loaded(const struct game *g, const struct game *h)
{
	assert_int_equal(magic_asked(g), magic_asked(h));
}

static void
ended(struct gprop_play *p)
{
	const struct game	*g = p->g;
	struct tally		*t = &tally[p->n];

	t->rounds += g->round - 1;
	if (g->used[g->nused - 1] == MAGIC_LIGHTNING)
		t->lightning++;
	else
		t->path++;
	if (g->state == GAME_TIED)
		t->ties++;
	if (rnd >= 0) {
		t->random_games++;
		if (g->winners & (1u << rnd))
			t->random_wins++;
	}
	if (pas >= 0) {
		t->passive_games++;
		if (g->winners & (1u << pas))
			t->passive_wins++;
	}
}

static void
report(int n, long games)
{
	const struct tally	*t = &tally[n];

	printf("; %.1f rounds a game; %ld ended by the Magic Lightning, %ld "
	    "on the path, %ld tied; among AIs a random player won %ld of %ld "
	    "(%.0f%%), one who never trades %ld of %ld (%.0f%%; even: "
	    "%.0f%%); AI first stones won the bonus %ld of %ld",
	    games ? (double)t->rounds / games : 0, t->lightning, t->path,
	    t->ties, t->random_wins, t->random_games, t->random_games ?
	    100.0 * t->random_wins / t->random_games : 0, t->passive_wins,
	    t->passive_games, t->passive_games ?
	    100.0 * t->passive_wins / t->passive_games : 0, 100.0 / n,
	    t->first_bonus, t->first_stones);
}

int
main(void)
{
	static const struct gprop	spec = {
		.name = "magic", .ops = &magic_ops,
		.env = "MAGIC_PROPERTY_GAMES", .games = 20000,
		.max_moves = 20000, .max_legal = MAGIC_MAX_LEGAL,
		.state_size = MAGIC_STATE_SIZE,
		.sample_legal = 16, .sample_views = 16, .sample_save = 32,
		.save_end = 1,
		.pick_any = 1, .timeout_always = 1,
		.start = start, .check = magic_check, .ai_moved = ai_moved,
		.after = after, .loaded = loaded, .ended = ended,
		.report = report,
	};

	return gprop_main(&spec);
}
