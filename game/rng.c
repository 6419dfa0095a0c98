/*
 * PCG32 (XSH-RR output on a 64-bit LCG).  Small, fast, and its state is
 * trivially serialisable, which is what a replayable game needs.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/rng.h"
#include "lib/xmalloc.h"

void
rng_init(struct rng *r, uint64_t seed, uint64_t stream)
{
	r->state = 0;
	r->inc = (stream << 1) | 1;
	rng_next(r);
	r->state += seed;
	rng_next(r);
}

/* rng_mod's table (rng.h): M = 2^64 / n rounded up, made by the compiler. */
#define RNG_M(n)	(UINT64_MAX / ((n) + ((n) == 0)) + 1)
#define RNG_M4(b)	RNG_M((b) + 0), RNG_M((b) + 1), RNG_M((b) + 2), \
			RNG_M((b) + 3)
#define RNG_M16(b)	RNG_M4(b), RNG_M4((b) + 4), RNG_M4((b) + 8), \
			RNG_M4((b) + 12)
const uint64_t rng_fast_m[RNG_FAST_N] = {
	RNG_M16(0), RNG_M16(16), RNG_M16(32), RNG_M16(48),
	RNG_M16(64), RNG_M16(80), RNG_M16(96), RNG_M16(112)
};

void
rng_shuffle(struct rng *r, int *v, int n)
{
	int	i, j, t;

	for (i = n - 1; i > 0; i--) {
		j = (int)rng_below(r, (uint32_t)i + 1);
		t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

cJSON *
rng_save(const struct rng *r)
{
	cJSON	*o = cJSON_CreateObject();
	char	 hex[17];

	snprintf(hex, sizeof hex, "%016" PRIx64, r->state);
	cJSON_AddStringToObject(o, "state", hex);
	snprintf(hex, sizeof hex, "%016" PRIx64, r->inc);
	cJSON_AddStringToObject(o, "inc", hex);
	return o;
}

static int
rng_load_word(const cJSON *o, const char *name, uint64_t *out, char **cause)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(o, name);
	char		*end;

	if (!cJSON_IsString(v) || strlen(v->valuestring) != 16)
		return set_cause(cause, "rng.%s must be 16 hex digits", name);
	*out = strtoull(v->valuestring, &end, 16);
	if (*end != '\0')
		return set_cause(cause, "rng.%s is not hexadecimal", name);
	return 0;
}

int
rng_load(struct rng *r, const cJSON *o, char **cause)
{
	struct rng	tmp;

	if (!cJSON_IsObject(o))
		return set_cause(cause, "rng must be an object");
	if (rng_load_word(o, "state", &tmp.state, cause) != 0 ||
	    rng_load_word(o, "inc", &tmp.inc, cause) != 0)
		return -1;
	if ((tmp.inc & 1) == 0)
		return set_cause(cause, "rng.inc must be odd");
	*r = tmp;
	return 0;
}
