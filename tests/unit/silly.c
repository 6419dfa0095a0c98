/*
 * silly.c: the silly-move harness (silly.h): plays seeded games with the
 * default AI in every seat, checks each AI move with the game's checker,
 * and on a sample of positions checks that the AI's choice does not
 * depend on what its seat cannot know.
 */
#include "tests/unit/silly.h"

#include "game/ismcts.h"

/* The spec main() was given, for the one cmocka test. */
static const struct silly	*spec;

/* Game i: the game's own start, or a default one. */
static struct game *
silly_start(unsigned i)
{
	int	span = spec->ops->max_players - spec->ops->min_players + 1;

	if (spec->start != NULL)
		return spec->start(i);
	return game_test_new(spec->ops, spec->ops->min_players + (int)(i %
	    (unsigned)span), NULL, i);
}

/*
 * The AI a game is played by: the default one in every seat, or (hard
 * set) the hard level in the seats of one parity (seat mod 2 is the
 * game's number mod 2: a whole team in CHEERS) and the default in the
 * others.
 */
struct silly_run {
	int		 hard;
	const char	*env;		/* the count's environment variable */
	long		 count;		/* unless it says */
	long		 games;
	/* Hard: the game's hard budget, divided by SILLY_HARD_SCALE. */
	struct ismcts_budget budget;
	long		 scale;
};

/* Whether seat plays at the hard level in game i of run. */
static int
silly_hard(const struct silly_run *run, int seat, unsigned i)
{
	return run->hard && (unsigned)seat % 2 == i % 2;
}

/* seat's move in g by run's AI for it, with r: 0, or -1 when none. */
static int
silly_choose(const struct silly_run *run, const struct game *g, int seat,
    unsigned i, struct rng *r, struct game_move *m)
{
	if (!silly_hard(run, seat, i))
		return spec->ops->ai_move(g, seat, r, m);
	if (run->scale <= 1)
		return ismcts_hard(spec->ops, g, seat, r, m);
	if (spec->ops->determinize == NULL || spec->ops->copy_into == NULL)
		return spec->ops->ai_move(g, seat, r, m);
	return ismcts_move(spec->ops, g, seat, r, &run->budget, m, NULL);
}

/*
 * The hidden-information check: seat's move m in g, chosen with the
 * randomness was (a copy taken before), must be the same when what seat
 * cannot know is dealt again.  Returns 1 when it differs.
 */
static int
hidden_differs(const struct silly_run *run, const struct game *g, int seat,
    const struct rng *was, const struct game_move *m, unsigned i)
{
	struct game		*h;
	struct game_move	 m2;
	struct rng		 r = *was, deal;
	int			 rc;

	rng_init(&deal, i, 99);
	h = spec->ops->copy_game(g);
	spec->redeal(h, seat, &deal);
	memset(&m2, 0, sizeof m2);
	rc = silly_choose(run, h, seat, i, &r, &m2);
	spec->ops->free_game(h);
	if (rc == 0 && memcmp(m, &m2, sizeof m2) == 0)
		return 0;
	printf("%s: game %u seat %d: the %s AI chose action %d, and %d after "
	    "a re-deal of what it cannot know\n", spec->ops->name, i, seat,
	    silly_hard(run, seat, i) ? "hard" : "default", m->action,
	    rc == 0 ? m2.action : -1);
	return 1;
}

/* Plays run's games and checks their AI moves (see silly.h). */
static void
silly_play(const struct silly_run *run)
{
	struct ai_ask		 asks[AI_ASKS_MAX];
	struct game_events	 ev;
	struct game_move	 m;
	struct game		*g;
	struct rng		 r, was;
	const char		*why;
	char			*cause = NULL;
	long			 moves = 0, silly = 0, hard = 0;
	long			 hidden = 0, differ = 0, capped = 0;
	unsigned		 i;
	int			 k, na, n, seat;

	for (i = 0; i < (unsigned)run->games; i++) {
		g = silly_start(i);
		rng_init(&r, i, 3);
		for (n = 0; (na = ai_asked(spec->ops, g, asks)) > 0; n++) {
			if (n >= SILLY_MOVES) {
				capped++;
				break;
			}
			for (k = 0, seat = -1; k < na && seat < 0; k++) {
				was = r;
				memset(&m, 0, sizeof m);
				if (silly_choose(run, g, asks[k].seat, i, &r,
				    &m) == 0)
					seat = asks[k].seat;
			}
			if (seat < 0)
				fail_msg("%s: game %u: no AI seat moves",
				    spec->ops->name, i);
			moves++;
			hard += silly_hard(run, seat, i);
			if ((why = spec->silly(g, seat, &m)) != NULL &&
			    silly++ < 10)
				printf("%s: game %u move %d seat %d: action %d "
				    "(%d %d %d) %s\n", spec->ops->name, i, n, seat,
				    m.action, m.args[0], m.args[1], m.args[2],
				    why);
			if (moves % SILLY_HIDDEN == 0) {
				hidden++;
				differ += hidden_differs(run, g, seat, &was,
				    &m, i);
			}
			game_events_init(&ev);
			if (spec->ops->apply(g, seat, &m, &ev, &cause) != 0)
				fail_msg("%s: game %u: the AI's move: %s",
				    spec->ops->name, i, cause);
		}
		spec->ops->free_game(g);
	}
	if (run->hard)
		printf("%s, hard (%d iterations, %ld steps a move): %ld games "
		    "(seeds 0-%ld), %ld AI moves, %ld of them hard, %ld silly; "
		    "%ld positions re-dealt, %ld choices changed; %ld "
		    "capped\n", spec->ops->name, run->budget.iterations,
		    run->budget.steps, run->games, run->games - 1, moves, hard,
		    silly, hidden, differ, capped);
	else
		printf("%s: %ld games (seeds 0-%ld), %ld AI moves, %ld silly; "
		    "%ld positions re-dealt, %ld choices changed; %ld "
		    "capped\n", spec->ops->name, run->games, run->games - 1,
		    moves, silly, hidden, differ, capped);
	assert_int_equal(silly, 0);
	assert_int_equal(differ, 0);
}

/*
 * One test: the run its state names, as many games as the environment
 * variable the run names asks for, else the run's own count.
 */
static void
test_silly(void **state)
{
	struct silly_run	*run = *state;
	const char		*env = getenv(run->env);

	run->games = env != NULL && atol(env) > 0 ? atol(env) : run->count;
	if (run->hard) {
		env = getenv("SILLY_HARD_SCALE");
		run->scale = env != NULL && atol(env) > 1 ? atol(env) : 1;
		ismcts_budget_hard(spec->ops, &run->budget);
		run->budget.iterations = (int)(run->budget.iterations /
		    run->scale);
		run->budget.steps /= run->scale;
	}
	silly_play(run);
}

/* Runs the one test of s's game. */
int
silly_main(const struct silly *s)
{
	static struct silly_run	runs[] = {
		{ 0, "SILLY_GAMES", SILLY_GAMES, 0, { 0 }, 1 },
		{ 1, "SILLY_HARD_GAMES", SILLY_HARD_GAMES, 0, { 0 }, 1 },
	};
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test_prestate(test_silly, &runs[0]),
		cmocka_unit_test_prestate(test_silly, &runs[1]),
	};

	spec = s;
	return cmocka_run_group_tests_name(s->ops->name, tests, NULL, NULL);
}
