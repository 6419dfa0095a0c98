/*
 * rng: the seeded random number generator every game receives (PCG32,
 * O'Neill 2014).  Its whole state is two 64-bit words, saved with the game,
 * so a game can be replayed exactly from seed + options + moves.
 */
#ifndef GAME_RNG_H
#define GAME_RNG_H

#include <stdint.h>

#include <cjson/cJSON.h>

struct rng {
	uint64_t	state;
	uint64_t	inc;	/* always odd */
};

/* Embedded object; no release needed. */
void		 rng_init(struct rng *, uint64_t seed, uint64_t stream);
uint32_t	 rng_next(struct rng *);
/* A uniform integer in [0, n); n must be at least 1. */
uint32_t	 rng_below(struct rng *, uint32_t n);
/* Shuffles n ints in place (Fisher-Yates). */
void		 rng_shuffle(struct rng *, int *, int n);

/* State as JSON {"state":"<hex>","inc":"<hex>"}; caller frees. */
cJSON		*rng_save(const struct rng *);
/* Reads what rng_save wrote; 0, or -1 with *cause set. */
int		 rng_load(struct rng *, const cJSON *, char **cause);

#endif
