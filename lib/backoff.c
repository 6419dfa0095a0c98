/*
 * Exponential backoff with jitter; see backoff.h.  The jitter keeps many
 * clients that lost the same server from coming back at the same instant.
 */
#include <stdlib.h>

#include "lib/backoff.h"

uint64_t
backoff_delay(uint64_t first_ms, uint64_t max_ms, int failures)
{
	uint64_t	cap = first_ms;
	int		i;

	for (i = 1; i < failures && cap < max_ms; i++)
		cap *= 2;
	if (cap > max_ms)
		cap = max_ms;
	return cap / 2 + (uint64_t)random() % (cap / 2 + 1);
}
