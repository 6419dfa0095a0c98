/*
 * recent: a bounded set of recently seen keys, forgotten by count and by
 * age.  An adapter asks it whether a delivery it reads is one it has
 * read before (a platform that delivers again: Discord's interaction
 * after a RESUME, Slack's envelope retry), and drops a repeat.
 *
 * Memory is fixed when the set is made: max keys in a ring, oldest
 * first, and a hash table over them.  A check forgets the keys older than
 * max_age, then looks the key up (its hash chain: a few entries); a new
 * key takes the ring's next slot, forgetting the oldest when it is full.
 * A key is forgotten max_age after it was first seen, however often it
 * came again meanwhile.
 *
 * A key of at most RECENT_KEY_MAX bytes is kept whole.  A longer one is
 * kept as its first bytes and a 64-bit hash of the whole key, so two long
 * keys that differ anywhere are still two keys (save a hash collision),
 * and a long key never passes for a short one.
 */
#ifndef LIB_RECENT_H
#define LIB_RECENT_H

#include <stddef.h>
#include <stdint.h>

#define RECENT_KEY_MAX	64	/* bytes of a key kept as it is */
#define RECENT_MAX	65536	/* the most keys a set may be made for */

struct recent;

/*
 * A set of at most max keys (1 to RECENT_MAX), each forgotten max_age ms
 * after it was first seen (0: only by count).  Caller frees.
 */
struct recent	*recent_new(size_t max, uint64_t max_age);
void		 recent_free(struct recent *);

/*
 * At now (ms, a clock that does not go back, like uv_now): 1 when key
 * (borrowed) was seen and is still remembered; else 0, and it is
 * remembered from now on.  A NULL or empty key is never remembered (0).
 */
int		 recent_check(struct recent *, const char *key, uint64_t now);

/* The keys remembered at now. */
size_t		 recent_count(struct recent *, uint64_t now);

#endif
