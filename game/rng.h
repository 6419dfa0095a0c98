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
/* Shuffles n ints in place (Fisher-Yates). */
void		 rng_shuffle(struct rng *, int *, int n);

/*
 * rng_next and rng_below are inline: a random move and a search's playout
 * draw one or two a move, a shuffle one a card, and a call costs more
 * than the draw.
 */
#define RNG_PCG_MULT	6364136223846793005ULL
#define RNG_FAST_N	128
/* 2^64 / n rounded up for n below RNG_FAST_N (rng.c; 0 for n = 0). */
extern const uint64_t rng_fast_m[RNG_FAST_N];

/* The next 32 random bits of r. */
static inline uint32_t
rng_next(struct rng *r)
{
	uint64_t	old = r->state;
	uint32_t	xorshifted, rot;

	r->state = old * RNG_PCG_MULT + r->inc;
	xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

/*
 * x % n by two multiplications, for n below RNG_FAST_N: Lemire's exact
 * "fastmod" (Lemire, Kaser, Kurz 2019), with M = 2^64 / n rounded up from
 * a table made by the compiler.  Every random move and every shuffle takes
 * a remainder by a small n, and the division it replaces was the slowest
 * step of drawing one (make bench).  The same value as x % n for every x.
 */
static inline uint32_t
rng_mod(uint32_t x, uint32_t n)
{
	if (n < RNG_FAST_N)
		return (uint32_t)(((unsigned __int128)(rng_fast_m[n] * x) * n)
		    >> 64);
	return x % n;
}

/* A uniform integer in [0, n) from r; n must be at least 1. */
static inline uint32_t
rng_below(struct rng *r, uint32_t n)
{
	uint32_t	x;

	if (n <= 1)
		return 0;
	/*
	 * Reject the low values that would bias the modulo: those below
	 * (2^32 - n) % n, which is below n.  So a value of n or more is
	 * kept without that division, which shuffles and every random
	 * move would otherwise pay; the draws are the same.
	 */
	for (;;) {
		x = rng_next(r);
		if (x >= n || x >= (uint32_t)(-n) % n)
			return rng_mod(x, n);
	}
}

/* State as JSON {"state":"<hex>","inc":"<hex>"}; caller frees. */
cJSON		*rng_save(const struct rng *);
/* Reads what rng_save wrote; 0, or -1 with *cause set. */
int		 rng_load(struct rng *, const cJSON *, char **cause);

#endif
