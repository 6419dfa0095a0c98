/*
 * silly.c: the silly-move harness (silly.h): plays seeded games with the
 * default AI in every seat, checks each AI move with the game's checker,
 * and on a sample of positions checks that the AI's choice does not
 * depend on what its seat cannot know.
 */
#include "tests/unit/silly.h"

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
 * The hidden-information check: seat's move m in g, chosen with the
 * randomness was (a copy taken before), must be the same when what seat
 * cannot know is dealt again.  Returns 1 when it differs.
 */
static int
hidden_differs(const struct game *g, int seat, const struct rng *was,
    const struct game_move *m, unsigned i)
{
	struct game		*h;
	struct game_move	 m2;
	struct rng		 r = *was, deal;
	int			 rc;

	rng_init(&deal, i, 99);
	h = spec->ops->copy_game(g);
	spec->redeal(h, seat, &deal);
	memset(&m2, 0, sizeof m2);
	rc = spec->ops->ai_move(h, seat, &r, &m2);
	spec->ops->free_game(h);
	if (rc == 0 && memcmp(m, &m2, sizeof m2) == 0)
		return 0;
	printf("%s: game %u seat %d: the AI chose action %d, and %d after "
	    "a re-deal of what it cannot know\n", spec->ops->name, i, seat,
	    m->action, rc == 0 ? m2.action : -1);
	return 1;
}

static void
test_silly(void **state)
{
	struct ai_ask		 asks[AI_ASKS_MAX];
	struct game_events	 ev;
	struct game_move	 m;
	struct game		*g;
	struct rng		 r, was;
	const char		*env = getenv("SILLY_GAMES");
	const char		*why;
	char			*cause = NULL;
	long			 games = SILLY_GAMES;
	long			 moves = 0, silly = 0;
	long			 hidden = 0, differ = 0, capped = 0;
	unsigned		 i;
	int			 k, na, n, seat;

	(void)state;
	if (env != NULL && atol(env) > 0)
		games = atol(env);
	for (i = 0; i < (unsigned)games; i++) {
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
				if (spec->ops->ai_move(g, asks[k].seat, &r,
				    &m) == 0)
					seat = asks[k].seat;
			}
			if (seat < 0)
				fail_msg("%s: game %u: no AI seat moves",
				    spec->ops->name, i);
			moves++;
			if ((why = spec->silly(g, seat, &m)) != NULL &&
			    silly++ < 10)
				printf("%s: game %u move %d seat %d: action %d "
				    "(%d %d %d) %s\n", spec->ops->name, i, n, seat,
				    m.action, m.args[0], m.args[1], m.args[2],
				    why);
			if (moves % SILLY_HIDDEN == 0) {
				hidden++;
				differ += hidden_differs(g, seat, &was, &m, i);
			}
			game_events_init(&ev);
			if (spec->ops->apply(g, seat, &m, &ev, &cause) != 0)
				fail_msg("%s: game %u: the AI's move: %s",
				    spec->ops->name, i, cause);
		}
		spec->ops->free_game(g);
	}
	printf("%s: %ld games (seeds 0-%ld), %ld AI moves, %ld silly; "
	    "%ld positions re-dealt, %ld choices changed; %ld capped\n",
	    spec->ops->name, games, games - 1, moves, silly, hidden, differ, capped);
	assert_int_equal(silly, 0);
	assert_int_equal(differ, 0);
}

/* Runs the one test of s's game. */
int
silly_main(const struct silly *s)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_silly),
	};

	spec = s;
	return cmocka_run_group_tests_name(s->ops->name, tests, NULL, NULL);
}
