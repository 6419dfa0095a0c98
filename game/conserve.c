/*
 * Card conservation, shared by the games' check(): every card id in
 * exactly one place.
 */
#include "game/game.h"
#include "lib/xmalloc.h"

/* See game.h: v is borrowed; seen[] has max counters. */
int
game_check_ids(const int *v, int n, int max, int *seen, const char *zone,
    char **cause)
{
	int	i;

	for (i = 0; i < n; i++) {
		if (v[i] < 0 || v[i] >= max)
			return set_cause(cause, "%s holds a bad card %d.", zone,
			    v[i]);
		if (seen[v[i]]++)
			return set_cause(cause, "Card %d is in two places "
			    "(again in %s).", v[i], zone);
	}
	return 0;
}
