/*
 * idslot: a fixed table of slots keyed by a 64-bit id (lib/idslot.h).
 */
#include <string.h>

#include "lib/idslot.h"

void *
idslot_find(void *slots, size_t size, int n, int64_t id, int make)
{
	struct idslot	*s, *stale = NULL;
	int		 i;

	for (i = 0; i < n; i++) {
		s = (struct idslot *)((char *)slots + (size_t)i * size);
		if (s->id == id)
			return s;
		if (stale == NULL || s->stamp < stale->stamp)
			stale = s;
	}
	if (!make || stale == NULL)
		return NULL;	/* none found, or no slot at all (n 0) */
	memset(stale, 0, size);
	stale->id = id;
	return stale;
}
