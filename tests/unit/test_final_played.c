/*
 * test_final_played.c: every game's final table over seeded AI games at
 * every player count, from the game's fewest players to its most: the
 * table agrees with the result (final_test_many in final-test.h).  One
 * case a game, with how many seeds it plays at each count.
 */
#include "tests/unit/final-test.h"

#include "game/cheers/cheers.h"
#include "game/cosdrink/cosdrink.h"
#include "game/fwb/fwb.h"
#include "game/magic/magic.h"

/* A game, and how many seeded games it plays at each player count. */
struct played {
	const struct game_ops	*ops;
	int			 games;
};

static struct played cheers = { &cheers_ops, 10 };
static struct played cosdrink = { &cosdrink_ops, 6 };
static struct played fwb = { &fwb_ops, 8 };
static struct played magic = { &magic_ops, 6 };

/* *state is the case's struct played. */
static void
test_played(void **state)
{
	const struct played	*p = *state;

	final_test_many(p->ops, p->ops->min_players, p->ops->max_players,
	    p->games);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		{ "cheers_played", test_played, NULL, NULL, &cheers },
		{ "cosdrink_played", test_played, NULL, NULL, &cosdrink },
		{ "fwb_played", test_played, NULL, NULL, &fwb },
		{ "magic_played", test_played, NULL, NULL, &magic },
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
