/*
 * Unit tests: every move a game accepts tells the table something.  A
 * move with no public line left the channel a lone "(@alice is next)",
 * and passes at an Equipment Exhibition went unannounced.  For every
 * game, over seeded AI games, each legal move of each seat asked is
 * tried on a copy, and must give at least one line besides the prompts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/unit/game-test.h"
#include "lib/xmalloc.h"

#define SAID_LEGAL_MAX	512
#define SAID_MOVES	150	/* moves of each game played */

/*
 * Whether the move that made ev tells the channel something: a line
 * besides the prompts, or a question it opened (said with its command),
 * as bot/saying/narrate.c tells a move.  before: the prompts g had before it.
 */
static int
said_something(const struct game_ops *ops, const struct game *g,
    const struct game_prompt *before, int nbefore,
    const struct game_events *ev)
{
	struct game_prompt	now[GAME_MAX_PROMPTS];
	int			i, k, n;

	for (i = 0; i < ev->n; i++)
		if (ev->ev[i].kind != GAME_EV_PROMPT &&
		    ev->ev[i].text[0] != '\0')
			return 1;
	n = ops->pending(g, now, GAME_MAX_PROMPTS);
	for (i = 0; i < n; i++) {
		if (now[i].turn && !now[i].each)
			continue;
		for (k = 0; k < nbefore; k++)
			if (strcmp(before[k].text, now[i].text) == 0)
				break;
		if (k == nbefore)
			return 1;
	}
	return 0;
}

static void	said_asked(const struct game_ops *, const struct game *,
		    int);

/*
 * Tries every legal move of seat in g, each on a copy; with depth left,
 * then every move of the seats each one asks (the AI never opens some
 * questions, an Equipment Exhibition, but a legal move may).
 */
static void
said_try_all(const struct game_ops *ops, const struct game *g, int seat,
    int depth)
{
	struct game_prompt	 before[GAME_MAX_PROMPTS];
	struct game_events	 ev;
	struct game_move	*legal;
	struct game		*c;
	char			*cause = NULL;
	int			 n, i, nbefore;

	nbefore = ops->pending(g, before, GAME_MAX_PROMPTS);
	legal = xcalloc(SAID_LEGAL_MAX, sizeof *legal);
	n = ops->legal_moves(g, seat, legal, SAID_LEGAL_MAX);
	if (n > SAID_LEGAL_MAX)
		n = SAID_LEGAL_MAX;
	for (i = 0; i < n; i++) {
		c = ops->copy_game(g);
		game_events_init(&ev);
		if (ops->apply(c, seat, &legal[i], &ev, &cause) != 0)
			fail_msg("%s: legal move %s refused: %s", ops->name,
			    ops->actions[legal[i].action].name, cause);
		if (!said_something(ops, c, before, nbefore, &ev))
			fail_msg("%s: seat %d's %s (args %d %d %d) says "
			    "nothing", ops->name, seat,
			    ops->actions[legal[i].action].name,
			    legal[i].args[0], legal[i].args[1],
			    legal[i].args[2]);
		if (depth > 0)
			said_asked(ops, c, depth - 1);
		ops->free_game(c);
	}
	free(legal);
}

/* Tries the moves of every seat g asks, unless it is over. */
static void
said_asked(const struct game_ops *ops, const struct game *g, int depth)
{
	struct ai_ask	asks[AI_ASKS_MAX];
	int		n, i;

	n = ai_asked(ops, g, asks);
	for (i = 0; i < n; i++)
		said_try_all(ops, g, asks[i].seat, depth);
}

/*
 * Plays a seeded AI game of ops for n players, trying every move asked,
 * and with depth 1 every answer to what each of them asks.
 */
static void
said_game(const struct game_ops *ops, int n, const char *opts, uint64_t seed,
    int depth)
{
	struct ai_ask		 asks[AI_ASKS_MAX];
	struct game_events	 ev;
	struct game_move	 m;
	struct game		*g = game_test_new(ops, n, opts, seed);
	struct rng		 ai;
	char			*cause = NULL;
	int			 i, na, seat, moves;

	rng_init(&ai, seed, 11);
	for (moves = 0; moves < SAID_MOVES; moves++) {
		if ((na = ai_asked(ops, g, asks)) < 0)
			break;
		/* While it runs, some seat is asked; the first one moves. */
		assert_true(na > 0);
		for (i = 0; i < na; i++)
			said_try_all(ops, g, asks[i].seat, depth);
		seat = asks[0].seat;
		if (ops->ai_move(g, seat, &ai, &m) != 0)
			fail_msg("%s: no AI move for seat %d", ops->name, seat);
		game_events_init(&ev);
		if (ops->apply(g, seat, &m, &ev, &cause) != 0)
			fail_msg("%s: AI move refused: %s", ops->name, cause);
	}
	ops->free_game(g);
}

/* The games played, as said_game takes them; a test plays one game's. */
static const struct said_run {
	const char	*game;
	int		 players;
	const char	*opts;
	uint64_t	 seed;
	int		 depth;
} runs[] = {
	{ "cheers", 4, NULL, 1, 0 },
	{ "cheers", 3, NULL, 2, 0 },
	{ "fwb", 3, "trading=on secondhand=on interrupts=advanced", 1, 1 },
	{ "fwb", 3, "trading=on secondhand=on interrupts=advanced", 2, 1 },
	{ "fwb", 2, NULL, 4, 1 },
	{ "cosdrink", 3, NULL, 1, 0 },
	{ "cosdrink", 5, NULL, 2, 0 },
	{ "magic", 4, NULL, 1, 0 },
	{ "magic", 5, NULL, 2, 0 },
};

/* Every run of the game named *state, in order. */
static void
test_game(void **state)
{
	const char	*name = *state;
	size_t		 i;

	for (i = 0; i < sizeof runs / sizeof runs[0]; i++)
		if (strcmp(runs[i].game, name) == 0)
			said_game(game_find(name), runs[i].players, runs[i].opts,
			    runs[i].seed, runs[i].depth);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		{ "test_cheers", test_game, NULL, NULL, "cheers" },
		{ "test_fwb", test_game, NULL, NULL, "fwb" },
		{ "test_cosdrink", test_game, NULL, NULL, "cosdrink" },
		{ "test_magic", test_game, NULL, NULL, "magic" },
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
