/*
 * bench_engine.c: how fast the game engines play whole games (make bench;
 * not part of make test).
 *
 *   build/bench/bench_engine [seconds [game [random|ai|playout]]]
 *
 * For every game in game_all() (or the one named) and every player count from its minimum to
 * its maximum, with the default options, it plays full seeded games two
 * ways:
 *   random  every move drawn uniformly from legal_moves() of a seat drawn
 *           uniformly from the pending seats;
 *   ai      every move chosen by ai_move() for a seat drawn the same way.
 * Each move goes through the public interface as the bot uses it: pending,
 * legal_moves (random) or ai_move (ai), and apply with a fresh event list
 * (the narration is written, as the bot would post it).  A game ends when
 * nothing is pending; one still running after MAX_MOVES counts as capped.
 * Asked by name only (not in the default run), a third way:
 *   playout the random games again with events off (the game's
 *           set_events switch where it has one, and apply given no event
 *           list), as a search plays its playouts; make bench prints it
 *           beside the narrated figure (tests/bench/engine-vs.py).
 *
 * Each measurement is RUNS runs of the given seconds / RUNS of thread CPU
 * time (BENCH_ENGINE_SECONDS, default 1 s a measurement); every run plays
 * the same games (seeds 1, 2, ...) from the start.  It is single-threaded,
 * so the figures are per core.  Prints, per measurement, games/s and
 * moves/s (median and best of the runs), the average game length, and the
 * machine's load when it was measured (CPU time is counted, so a busy
 * machine takes longer but the figure moves less than a wall-clock one).
 * It waits for nothing: each measurement ends on its own CPU time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game/game.h"

#define RUNS		3
#define MAX_MOVES	20000
#define MAX_LEGAL	4096

/* How a measurement chooses and applies moves, by the name it is asked by. */
enum way { WAY_RANDOM, WAY_AI, WAY_PLAYOUT, WAY_COUNT };
static const char *const way_name[WAY_COUNT] = { "random", "ai", "playout" };

struct run {
	double	secs;		/* thread CPU time */
	long	games, moves, capped, won, tied;
};

static double
cpu_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Picks a seat uniformly among those some pending prompt names; -1 when
 * nothing is pending (the game is over).
 */
static int
pick_seat(const struct game_ops *ops, const struct game *g, int n,
    struct rng *r)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];
	unsigned		seats = 0;
	int			k, i, cand[GAME_MAX_SEATS], ncand = 0;

	k = ops->pending(g, p, GAME_MAX_PROMPTS);
	for (i = 0; i < k; i++)
		seats |= p[i].seats;
	for (i = 0; i < n; i++)
		if (seats & (1u << i))
			cand[ncand++] = i;
	if (ncand == 0)
		return -1;
	return cand[rng_below(r, (uint32_t)ncand)];
}

/*
 * Plays one whole game of n players from seed; way says how moves are
 * chosen and whether their events are written.  Adds to *out.  Exits on an engine error: a bench of a broken
 * engine measures nothing.
 */
static void
play_game(const struct game_ops *ops, int n, enum way way, uint64_t seed,
    struct run *out)
{
	static struct game_move	 legal[MAX_LEGAL];
	struct game_events	 ev;
	struct game_opts	 opts;
	struct game_result	 res;
	struct game_move	 m;
	struct game		*g;
	struct rng		 deal, r;
	char			*cause = NULL;
	int			 seat, k, moves, ai = way == WAY_AI;

	memset(&opts, 0, sizeof opts);
	opts.nplayers = n;
	rng_init(&deal, seed, 1);
	rng_init(&r, seed, 2);
	if ((g = ops->new_game(&opts, &deal, &cause)) == NULL) {
		fprintf(stderr, "bench_engine: %s, %d players: %s\n",
		    ops->name, n, cause);
		exit(1);
	}
	if (way == WAY_PLAYOUT && ops->set_events != NULL)
		ops->set_events(g, 0);
	for (moves = 0; moves < MAX_MOVES; moves++) {
		if ((seat = pick_seat(ops, g, n, &r)) < 0)
			break;
		if (ai) {
			if (ops->ai_move(g, seat, &r, &m) != 0) {
				fprintf(stderr, "bench_engine: %s seed %llu: "
				    "the AI has no move for a pending seat\n",
				    ops->name, (unsigned long long)seed);
				exit(1);
			}
		} else {
			k = ops->legal_moves(g, seat, legal, MAX_LEGAL);
			if (k < 1 || k >= MAX_LEGAL) {
				fprintf(stderr, "bench_engine: %s seed %llu: "
				    "%d legal moves for a pending seat\n",
				    ops->name, (unsigned long long)seed, k);
				exit(1);
			}
			m = legal[rng_below(&r, (uint32_t)k)];
		}
		game_events_init(&ev);
		if (ops->apply(g, seat, &m, way == WAY_PLAYOUT ? NULL : &ev, &cause) != 0) {
			fprintf(stderr, "bench_engine: %s seed %llu: a %s move "
			    "was refused: %s\n", ops->name,
			    (unsigned long long)seed, ai ? "AI" : "legal",
			    cause);
			exit(1);
		}
	}
	ops->result(g, &res);
	if (moves == MAX_MOVES)
		out->capped++;
	else if (res.state == GAME_WON)
		out->won++;
	else if (res.state == GAME_TIED)
		out->tied++;
	out->games++;
	out->moves += moves;
	ops->free_game(g);
}

/* Plays games from seed 1 on until secs of CPU time have passed. */
static void
run_for(const struct game_ops *ops, int n, enum way way, double secs,
    struct run *out)
{
	double		start = cpu_now(), now;
	uint64_t	seed = 1;

	memset(out, 0, sizeof *out);
	/* The thread's CPU clock is a system call: read it every 16 games. */
	do {
		play_game(ops, n, way, seed++, out);
		now = seed % 16 == 1 ? cpu_now() : start;
	} while (now - start < secs);
	out->secs = now - start;
}

/* The 1-minute load average now; -1 when it cannot be read. */
static double
bench_load(void)
{
	double	avg[1];

	return getloadavg(avg, 1) == 1 ? avg[0] : -1;
}

static int
cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Runs one measurement RUNS times and prints its line. */
static void
measure(const struct game_ops *ops, int n, enum way way, double secs)
{
	struct run	r[RUNS];
	double		gps[RUNS], mps[RUNS];
	long		games = 0, moves = 0, capped = 0, won = 0, tied = 0;
	int		i;

	for (i = 0; i < RUNS; i++) {
		run_for(ops, n, way, secs / RUNS, &r[i]);
		gps[i] = (double)r[i].games / r[i].secs;
		mps[i] = (double)r[i].moves / r[i].secs;
		games += r[i].games;
		moves += r[i].moves;
		capped += r[i].capped;
		won += r[i].won;
		tied += r[i].tied;
	}
	qsort(gps, RUNS, sizeof gps[0], cmp_double);
	qsort(mps, RUNS, sizeof mps[0], cmp_double);
	printf("engine: %-8s %d players %-6s games/s/core median %8.0f best "
	    "%8.0f | moves/s median %9.0f best %9.0f | %6.1f moves/game, "
	    "%ld games (%ld won, %ld tied, %ld capped) | load %.2f\n",
	    ops->name, n, way_name[way], gps[RUNS / 2], gps[RUNS - 1],
	    mps[RUNS / 2], mps[RUNS - 1], (double)moves / (double)games, games,
	    won, tied, capped, bench_load());
	fflush(stdout);
}

int
main(int argc, char **argv)
{
	const struct game_ops *const	*all = game_all();
	const char			*env = getenv("BENCH_ENGINE_SECONDS");
	const char			*only = argc > 2 ? argv[2] : NULL;
	const char			*how = argc > 3 ? argv[3] : NULL;
	double				 secs = 1.0;
	int				 i, n, w, asked = -1;

	if (argc > 1)
		env = argv[1];
	for (w = 0; how != NULL && w < WAY_COUNT; w++)
		if (strcmp(how, way_name[w]) == 0)
			asked = w;
	if ((env != NULL && (secs = strtod(env, NULL)) <= 0) || argc > 4 ||
	    (only != NULL && game_find(only) == NULL) ||
	    (how != NULL && asked < 0)) {
		fprintf(stderr, "usage: bench_engine [seconds a measurement, "
		    "more than 0 [game [random|ai|playout]]]\n");
		return 2;
	}
	printf("engine: each figure: %d runs of %.2f s CPU, single-threaded "
	    "(per core); median and best\n", RUNS, secs / RUNS);
	for (i = 0; all[i] != NULL; i++)
		for (n = all[i]->min_players; n <= all[i]->max_players; n++) {
			if (only != NULL && strcmp(only, all[i]->name) != 0)
				continue;
			/* Unasked, random and ai: playout only by name. */
			for (w = 0; w < WAY_PLAYOUT; w++)
				if (asked < 0 || asked == w)
					measure(all[i], n, (enum way)w, secs);
			if (asked == WAY_PLAYOUT)
				measure(all[i], n, WAY_PLAYOUT, secs);
		}
	return 0;
}
