/*
 * bench_hint_cheers.c: the CHEERS figure of hints for make bench-lines
 * (issue 33): over seeded games of every mode and player count, played
 * by the AI, the hints the asked seats would get that put a card into
 * their own team's shaker that is not in the team's recipe, when another
 * move would not (tests/unit/hint-cheers.h says what counts).  Target 0.
 *
 *   build/bench/bench_hint_cheers [games a table]
 *
 * Prints the figure and a "result: lines: ..." line as lines.py does;
 * exits 1 when the target is missed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "tests/unit/hint-cheers.h"

int
main(int argc, char **argv)
{
	struct hint_figures	f;
	int			n = argc > 1 ? atoi(argv[1]) : 50, met;

	cheers_legal_init();
	if (n < 1 || hint_cheers_figure(1, n, &f) != 0) {
		fprintf(stderr, "bench_hint_cheers: a game failed\n");
		return 1;
	}
	met = f.counted == 0;
	printf("hints: CHEERS, %d games (seeds 1-%d of %d tables), %d hints: "
	    "%d put a foreign card into the team's own shaker\n", f.games, n,
	    f.games / n, f.hints, f.counted);
	printf("result: lines: %-62s %s (%d of %d)\n",
	    "CHEERS hints spoiling the team's own shaker: 0",
	    met ? "met" : "MISSED", f.counted, f.hints);
	return met ? 0 : 1;
}
