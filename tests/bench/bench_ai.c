/*
 * bench_ai.c: how well and how fast the hard level plays (make bench-ai;
 * not part of make test).
 *
 *   build/bench/bench_ai [games [line-up]]
 *
 * Seeded line-ups (issue 36, section 3), BENCH_AI_GAMES (2,000) games
 * each unless games says otherwise, game i from seed i:
 *   cheers-4    CHEERS, 4 players: the hard team against the default team
 *   cheers-6    CHEERS, 6 players in 2 teams (3+3), the same
 *   cheers-2    CHEERS Duel: hard against default
 *   fwb-4       Friends with Beverages, 4 players: one hard seat
 *   fwb-4d      the same seat of the same games at the default level
 *   magic-4     Magic Cocktail, 4 players: one hard seat
 *   magic-4d    the same seat of the same games at the default level
 *   cosdrink-4  Cosdrink, 4 hard seats: the cooperative win rate
 *   cosdrink-4d Cosdrink, 4 default seats: the same, for comparison
 * The hard side changes sides game by game (team i mod 2, seat i mod n),
 * so no side is favoured by the turn order.  Each prints the hard side's
 * score (a win 1, a tie 1/2) with its 95% interval (normal
 * approximation), its wins, ties and losses, and how many games were
 * still unfinished after MAX_MOVES moves (named as they happen; a tie,
 * or in a cooperative line-up a loss), and the thread CPU time of
 * the hard moves (p50, p99, max), with the load average when it ends;
 * last, the p99 and max of every hard move timed in every line-up run.
 * BENCH_AI_ITER, BENCH_AI_STEPS, BENCH_AI_C, BENCH_AI_PERMILLE,
 * BENCH_AI_ANCHOR, BENCH_AI_DEPTH, BENCH_AI_MARGIN, BENCH_AI_PAIRED and
 * BENCH_AI_HORIZON override the hard budget (game/ismcts.c) to tune it,
 * and BENCH_AI_ALL set makes the root weigh every legal move, not the
 * game's short list; BENCH_AI_PROGRESS set prints the running score
 * every 25 games on stderr; BENCH_AI_FIRST plays games from that one
 * on (game i from seed i), to split a long run.  Single-threaded: its times are one core's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/utsname.h>

#include "game/cheers/cheers.h"
#include "game/game.h"
#include "game/ismcts.h"

#define MAX_MOVES	20000
#define TIMES_MAX	2000000

/*
 * Who plays hard, and what the figure is: the hard team's score, one hard
 * seat's, the table's with every seat hard, with none, or (HARD_BASE)
 * the score of the seat HARD_ONE would give hard, played at the default
 * level: the baseline.
 */
enum side { HARD_TEAM, HARD_ONE, HARD_ALL, HARD_NONE, HARD_BASE };
static const char *const side_what[] = {
	"hard team vs default team", "one hard seat vs default seats",
	"every seat hard: cooperative win rate",
	"every seat default: cooperative win rate",
	"the one seat at the default level (baseline)",
};

struct lineup {
	const char	*name;
	const char	*game;
	int		 nplayers;
	const char	*teams;		/* CHEERS' teams option, or NULL */
	enum side	 side;
};

static const struct lineup lineups[] = {
	{ "cheers-4", "cheers", 4, NULL, HARD_TEAM },
	{ "cheers-6", "cheers", 6, "3+3", HARD_TEAM },
	{ "cheers-2", "cheers", 2, NULL, HARD_TEAM },
	{ "fwb-4", "fwb", 4, NULL, HARD_ONE },
	{ "fwb-4d", "fwb", 4, NULL, HARD_BASE },
	{ "magic-4", "magic", 4, NULL, HARD_ONE },
	{ "magic-4d", "magic", 4, NULL, HARD_BASE },
	{ "cosdrink-4", "cosdrink", 4, NULL, HARD_ALL },
	{ "cosdrink-4d", "cosdrink", 4, NULL, HARD_NONE },
};

static double	 times[TIMES_MAX];
static int	 ntimes;
static double	 iters, steps;	/* summed over the hard moves timed */
static long	 unfinished;	/* games stopped at MAX_MOVES */

/* The thread's CPU time now, for cpu_since. */
static struct timespec
cpu_mark(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts;
}

/* Seconds of the thread's CPU time since was. */
static double
cpu_since(struct timespec was)
{
	struct timespec	now = cpu_mark();

	return (double)(now.tv_sec - was.tv_sec) +
	    (double)(now.tv_nsec - was.tv_nsec) / 1e9;
}

static double
load_now(void)
{
	double	l = -1;
	FILE	*f = fopen("/proc/loadavg", "r");

	if (f != NULL) {
		if (fscanf(f, "%lf", &l) != 1)
			l = -1;
		fclose(f);
	}
	return l;
}

static int
time_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The environment's number name, or def when it is not set. */
static double
env_or(const char *name, double def)
{
	const char	*v = getenv(name);

	return v != NULL ? atof(v) : def;
}

/* The hard budget, with the environment's overrides. */
static void
budget_get(const struct game_ops *ops, struct ismcts_budget *b)
{
	ismcts_budget_hard(ops, b);
	b->iterations = (int)env_or("BENCH_AI_ITER", b->iterations);
	b->steps = (long)env_or("BENCH_AI_STEPS", (double)b->steps);
	b->explore = env_or("BENCH_AI_C", b->explore);
	b->ai_permille = (int)env_or("BENCH_AI_PERMILLE", b->ai_permille);
	b->anchor = env_or("BENCH_AI_ANCHOR", b->anchor);
	b->depth = (int)env_or("BENCH_AI_DEPTH", b->depth);
	b->margin = env_or("BENCH_AI_MARGIN", b->margin);
	b->paired = (int)env_or("BENCH_AI_PAIRED", b->paired);
	b->horizon = (int)env_or("BENCH_AI_HORIZON", b->horizon);
	if (getenv("BENCH_AI_ALL") != NULL)
		b->choices = NULL;
}

/* The seats the hard level plays in game i of l (a bit each). */
static unsigned
hard_seats(const struct lineup *l, const struct game *g, unsigned i)
{
	unsigned	mask = 0;
	int		s;

	for (s = 0; s < l->nplayers; s++)
		switch (l->side) {
		case HARD_TEAM:
			if (cheers_team_of(g, s) == (int)(i % 2))
				mask |= 1u << s;
			break;
		case HARD_ONE:
		case HARD_BASE:
			if (s == (int)(i % (unsigned)l->nplayers))
				mask |= 1u << s;
			break;
		case HARD_ALL:
			mask |= 1u << s;
			break;
		case HARD_NONE:
			break;
		}
	return mask;
}

/*
 * Plays game i of l to its end: the first seat asked, in prompt order,
 * that has a move makes it, by the search for hard seats.  Returns the
 * hard side's score (1, 1/2, 0), or -1 when the game failed.
 */
static double
play(const struct lineup *l, const struct game_ops *ops,
    const struct ismcts_budget *b, unsigned i)
{
	struct game_prompt	 p[GAME_MAX_PROMPTS];
	struct game_events	 ev;
	struct game_result	 res;
	struct game_opts	 o;
	struct game_move	 m;
	struct game		*g;
	struct rng		 r, ai;
	struct ismcts_stats	 st;
	char			*cause = NULL;
	struct timespec		 t0;
	double			 score;
	unsigned		 hard, scored;
	int			 n, k, s, moved, moves;

	memset(&o, 0, sizeof o);
	o.nplayers = l->nplayers;
	if (l->teams != NULL)
		o.values[game_option_index(ops, "teams")] = l->teams;
	rng_init(&r, i, 7);
	rng_init(&ai, i, 3);
	if ((g = ops->new_game(&o, &r, &cause)) == NULL) {
		printf("%s: game %u: %s\n", l->name, i, cause);
		free(cause);
		return -1;
	}
	hard = hard_seats(l, g, i);
	scored = hard;
	if (l->side == HARD_BASE)
		hard = 0;
	for (moves = 0; moves < MAX_MOVES; moves++) {
		n = ops->pending(g, p, GAME_MAX_PROMPTS);
		moved = 0;
		for (k = 0; k < n && !moved; k++)
			for (s = 0; s < l->nplayers && !moved; s++) {
				if (!(p[k].seats & (1u << s)))
					continue;
				if (hard & (1u << s)) {
					t0 = cpu_mark();
					memset(&st, 0, sizeof st);
					if (ismcts_move(ops, g, s, &ai, b, &m,
					    &st) != 0)
						continue;
					if (ntimes < TIMES_MAX)
						times[ntimes++] = cpu_since(t0);
					iters += st.iterations;
					steps += (double)st.steps;
				} else if (ops->ai_move(g, s, &ai, &m) != 0)
					continue;
				game_events_init(&ev);
				if (ops->apply(g, s, &m, &ev, &cause) != 0) {
					printf("%s: game %u: seat %d: %s\n",
					    l->name, i, s, cause);
					free(cause);
					ops->free_game(g);
					return -1;
				}
				moved = 1;
			}
		if (!moved)
			break;
	}
	ops->result(g, &res);
	if (res.state == GAME_WON)
		score = (res.winners & (scored != 0 ? scored : ~0u)) ? 1 : 0;
	else if (res.state == GAME_RUNNING && (l->side == HARD_ALL ||
	    l->side == HARD_NONE))
		score = 0;	/* a table that never ends has not won */
	else
		score = 0.5;
	if (res.state == GAME_RUNNING) {
		unfinished++;
		printf("%s: game %u: unfinished after %d moves\n", l->name, i,
		    moves);
	}
	ops->free_game(g);
	return score;
}

/* Runs games of l and prints its line. */
static int
run(const struct lineup *l, long games)
{
	const struct game_ops	*ops = game_find(l->game);
	struct ismcts_budget	 b;
	double			 sum = 0, sc, p, half;
	long			 won = 0, tied = 0, lost = 0, i;
	long			 first = (long)env_or("BENCH_AI_FIRST", 0);
	int			 from = ntimes;

	iters = steps = 0;
	unfinished = 0;

	budget_get(ops, &b);
	for (i = 0; i < games; i++) {
		if ((sc = play(l, ops, &b, (unsigned)(first + i))) < 0)
			return -1;
		sum += sc;
		if (sc == 1)
			won++;
		else if (sc == 0)
			lost++;
		else
			tied++;
		if (getenv("BENCH_AI_PROGRESS") != NULL && (i + 1) % 25 == 0)
			fprintf(stderr, "bench-ai: %s: %ld games: %.3f\n",
			    l->name, i + 1, sum / (double)(i + 1));
	}
	p = sum / (double)games;
	half = 1.96 * sqrt(p * (1 - p) / (double)games);
	printf("bench-ai: %-11s %s, %d players%s%s: %s: %.3f ± %.3f (%ld "
	    "games: %ld won, %ld tied, %ld lost; %ld unfinished)", l->name,
	    ops->title, l->nplayers, l->teams != NULL ? ", teams " : "",
	    l->teams != NULL ? l->teams : "", side_what[l->side], p, half,
	    games, won, tied, lost, unfinished);
	if (ntimes > from) {
		qsort(times + from, (size_t)(ntimes - from), sizeof times[0],
		    time_cmp);
		printf("; hard move p50 %.1f ms, p99 %.1f ms, max %.1f ms "
		    "(%d moves, %.0f iterations and %.0f moves played a "
		    "move; budget %d iterations, %ld steps, c %.2f, ai %d‰, "
		    "anchor %.2f, depth %d, margin %.1f, paired %d, "
		    "horizon %d%s)",
		    1e3 * times[from + (ntimes - from) / 2],
		    1e3 * times[from + (int)((ntimes - from - 1) * 0.99)],
		    1e3 * times[ntimes - 1], ntimes - from,
		    iters / (ntimes - from), steps / (ntimes - from),
		    b.iterations, b.steps, b.explore, b.ai_permille,
		    b.anchor, b.depth, b.margin, b.paired, b.horizon,
		    b.choices != NULL ? ", the game's choices" : "");
	}
	printf(" | load %.2f\n", load_now());
	fflush(stdout);
	return 0;
}

/* The machine and its load, as make bench prints them. */
static void
machine_print(long games)
{
	struct utsname	u;
	char		line[256], model[160] = "unknown CPU", load[64] = "?";
	FILE		*f;
	size_t		len;

	if ((f = fopen("/proc/cpuinfo", "r")) != NULL) {
		while (fgets(line, sizeof line, f) != NULL)
			if (strncmp(line, "model name", 10) == 0 &&
			    strchr(line, ':') != NULL) {
				snprintf(model, sizeof model, "%s",
				    strchr(line, ':') + 2);
				break;
			}
		fclose(f);
	}
	if ((f = fopen("/proc/loadavg", "r")) != NULL) {
		if (fgets(load, sizeof load, f) == NULL)
			snprintf(load, sizeof load, "?");
		fclose(f);
	}
	model[strcspn(model, "\n")] = '\0';
	load[strcspn(load, "/")] = '\0';	/* the three averages */
	len = strlen(load);
	while (len > 0 && load[len - 1] != ' ')
		len--;
	load[len > 0 ? len - 1 : 0] = '\0';
	if (uname(&u) != 0)
		snprintf(u.sysname, sizeof u.sysname, "?");
	printf("bench-ai: machine: %ld cpus, %s, %s %s, load %s; %ld games "
	    "a line-up, one core\n", sysconf(_SC_NPROCESSORS_ONLN), model,
	    u.sysname, u.release, load, games);
}

int
main(int argc, char **argv)
{
	const char	*env = getenv("BENCH_AI_GAMES");
	long		 games = 2000;
	size_t		 i;
	int		 rc = 0, ran = 0;

	if (env != NULL && atol(env) > 0)
		games = atol(env);
	if (argc > 1 && atol(argv[1]) > 0)
		games = atol(argv[1]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	machine_print(games);
	for (i = 0; i < sizeof lineups / sizeof lineups[0]; i++) {
		if (argc > 2 && strcmp(argv[2], lineups[i].name) != 0)
			continue;
		ran++;
		if (run(&lineups[i], games) != 0)
			rc = 1;
	}
	if (ran == 0) {
		fprintf(stderr, "bench_ai: no line-up %s\n", argv[2]);
		return 1;
	}
	if (ntimes > 0) {
		qsort(times, (size_t)ntimes, sizeof times[0], time_cmp);
		printf("bench-ai: move time, hard, every line-up: p99 %.1f ms, "
		    "max %.1f ms (%d moves%s) | load %.2f\n",
		    1e3 * times[(int)((ntimes - 1) * 0.99)],
		    1e3 * times[ntimes - 1], ntimes, ntimes == TIMES_MAX ?
		    ", the first timed" : "", load_now());
	}
	return rc;
}
