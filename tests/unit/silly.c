/*
 * silly.c: the silly-move harness (silly.h): plays seeded games with the
 * default AI in every seat, checks each AI move with the game's checker,
 * and on a sample of positions checks that the AI's choice does not
 * depend on what its seat cannot know.
 */
#include "tests/unit/silly.h"

/* The spec main() was given, for the one cmocka test. */
static const struct silly	*spec;

/* Shuffles pool and deals it into the zones; see silly.h. */
void
silly_deal(struct rng *r, int *pool, int n, int *const *zone,
    const int *count, int nzones)
{
	int	k, i, at = 0;

	rng_shuffle(r, pool, n);
	for (k = 0; k < nzones; k++)
		for (i = 0; i < count[k]; i++)
			zone[k][i] = pool[at++];
	assert_int_equal(at, n);
}

/* Whether two moves are the same. */
static int
same_move(const struct game_move *a, const struct game_move *b)
{
	int	i;

	if (a->action != b->action)
		return 0;
	for (i = 0; i < GAME_MAX_ARGS; i++)
		if (a->args[i] != b->args[i])
			return 0;
	return 1;
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
	h = spec->redeal(g, seat, &deal);
	memset(&m2, 0, sizeof m2);
	rc = spec->ops->ai_move(h, seat, &r, &m2);
	spec->ops->free_game(h);
	if (rc == 0 && same_move(m, &m2))
		return 0;
	printf("%s: game %u seat %d: the AI chose action %d, and %d after "
	    "a re-deal of what it cannot know\n", spec->name, i, seat,
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
	char			 why[SILLY_WHY_MAX], *cause = NULL;
	long			 games = spec->games, moves = 0, silly = 0;
	long			 hidden = 0, differ = 0, capped = 0;
	unsigned		 i;
	int			 k, na, n, seat;

	(void)state;
	if (env != NULL && atol(env) > 0)
		games = atol(env);
	for (i = 0; i < (unsigned)games; i++) {
		g = spec->start(i);
		rng_init(&r, i, 3);
		for (n = 0; (na = ai_asked(spec->ops, g, asks)) > 0; n++) {
			if (n >= spec->max_moves) {
				capped++;
				break;
			}
			for (k = 0, seat = -1; k < na && seat < 0; k++) {
				was = r;
				if (spec->ops->ai_move(g, asks[k].seat, &r,
				    &m) == 0)
					seat = asks[k].seat;
			}
			if (seat < 0)
				fail_msg("%s: game %u: no AI seat moves", spec->name,
				    i);
			moves++;
			if (spec->silly(g, seat, &m, why, sizeof why)) {
				if (silly++ < 10)
					printf("%s: game %u move %d seat %d: %s\n",
					    spec->name, i, n, seat, why);
			}
			if ((moves % spec->sample_hidden) == 0) {
				hidden++;
				differ += hidden_differs(g, seat, &was, &m, i);
			}
			game_events_init(&ev);
			if (spec->ops->apply(g, seat, &m, &ev, &cause) != 0)
				fail_msg("%s: game %u: the AI's move: %s",
				    spec->name, i, cause);
		}
		spec->ops->free_game(g);
	}
	printf("%s: %ld games (seeds 0-%ld), %ld AI moves, %ld silly; "
	    "%ld positions re-dealt, %ld choices changed; %ld capped\n",
	    spec->name, games, games - 1, moves, silly, hidden, differ, capped);
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
	return cmocka_run_group_tests_name(s->name, tests, NULL, NULL);
}
