/*
 * bench_hint_magic.c: the Magic Cocktail figure of hints for make
 * bench-lines (issue 33): over seeded games of 4 to 7 players, played by
 * the AI, the hints of "stone" the asked seats would get while trading
 * is open (the first hint of a round included).  Target 0.
 *
 *   build/bench/bench_hint_magic [games a player count]
 *
 * Prints the figure and a "result: lines: ..." line as lines.py does;
 * exits 1 when the target is missed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "tests/unit/hint-magic.h"

int
main(int argc, char **argv)
{
	struct hint_figures	f;
	int			n = argc > 1 ? atoi(argv[1]) : 20, met;

	if (n < 1 || hint_magic_figure(1, n, &f) != 0) {
		fprintf(stderr, "bench_hint_magic: a game failed\n");
		return 1;
	}
	met = f.counted == 0;
	printf("hints: Magic Cocktail, %d games (seeds 1-%d, 4 to 7 "
	    "players), %d hints: %d of stone while trading is open\n",
	    f.games, n, f.hints, f.counted);
	printf("result: lines: %-62s %s (%d of %d)\n",
	    "Magic Cocktail hints of stone while trading is open: 0",
	    met ? "met" : "MISSED", f.counted, f.hints);
	return met ? 0 : 1;
}
