/*
 * fnv: FNV-1a, 64 bits (lib/fnv.h).
 */
#include "lib/fnv.h"

#define FNV64_PRIME	1099511628211ULL

uint64_t
fnv64_add(uint64_t h, const void *p, size_t n)
{
	const unsigned char	*b = p;
	size_t			 i;

	for (i = 0; i < n; i++)
		h = (h ^ b[i]) * FNV64_PRIME;
	return h;
}

uint64_t
fnv64_str(uint64_t h, const char *s)
{
	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * FNV64_PRIME;
	return h;
}
