/*
 * A bounded set of recently seen keys, forgotten by count and age; see
 * recent.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fnv.h"
#include "lib/recent.h"
#include "lib/xmalloc.h"

#define RECENT_NONE	UINT32_MAX
/* A long key's stored form: its first bytes, "#", 16 hex digits. */
#define RECENT_HASH_HEX	16
#define RECENT_FORM_MAX	(RECENT_KEY_MAX + 1)	/* one more than a short key */

struct recent_entry {
	uint64_t	 hash;		/* of key, as stored */
	uint64_t	 at;		/* when it was first seen */
	uint32_t	 next;		/* the next entry of its bucket's chain */
	char		 key[RECENT_FORM_MAX + 1];
};

struct recent {
	struct recent_entry	*ring;		/* max entries, oldest at head */
	uint32_t		*buckets;	/* nbuckets chain heads */
	uint32_t		 max, head, n;
	uint32_t		 mask;		/* nbuckets - 1 */
	uint64_t		 max_age;
};

/* The hash of a key's len bytes. */
static uint64_t
recent_hash(const char *s, size_t len)
{
	return fnv64_add(FNV64_START, s, len);
}

/*
 * The form of key kept in the set, into form (RECENT_FORM_MAX + 1 bytes):
 * the key itself, or for a longer one its first bytes, "#" and the hash
 * of the whole key, RECENT_FORM_MAX bytes long.
 */
static void
recent_form(const char *key, size_t len, char *form)
{
	size_t	keep = RECENT_FORM_MAX - 1 - RECENT_HASH_HEX;

	if (len <= RECENT_KEY_MAX) {
		memcpy(form, key, len + 1);
		return;
	}
	memcpy(form, key, keep);
	snprintf(form + keep, RECENT_FORM_MAX + 1 - keep, "#%016llx",
	    (unsigned long long)recent_hash(key, len));
}

struct recent *
recent_new(size_t max, uint64_t max_age)
{
	struct recent	*r;
	size_t		 nb, i;

	if (max < 1 || max > RECENT_MAX)
		fatalx("recent_new: %zu keys", max);
	r = xcalloc(1, sizeof *r);
	r->ring = xcalloc(max, sizeof *r->ring);
	/* Twice as many buckets as keys: chains of one or two. */
	for (nb = 1; nb < max * 2; nb <<= 1)
		;
	r->buckets = xcalloc(nb, sizeof *r->buckets);
	for (i = 0; i < nb; i++)
		r->buckets[i] = RECENT_NONE;
	r->mask = (uint32_t)(nb - 1);
	r->max = (uint32_t)max;
	r->max_age = max_age;
	return r;
}

void
recent_free(struct recent *r)
{
	if (r == NULL)
		return;
	free(r->ring);
	free(r->buckets);
	free(r);
}

/* Forgets the oldest key: off its bucket's chain, out of the ring. */
static void
recent_drop_oldest(struct recent *r)
{
	struct recent_entry	*e = &r->ring[r->head];
	uint32_t		*p = &r->buckets[e->hash & r->mask];

	while (*p != r->head && *p != RECENT_NONE)
		p = &r->ring[*p].next;
	if (*p == r->head)
		*p = e->next;
	r->head = (r->head + 1) % r->max;
	r->n--;
}

/* Forgets every key first seen max_age or longer before now. */
static void
recent_expire(struct recent *r, uint64_t now)
{
	const struct recent_entry	*e;

	if (r->max_age == 0)
		return;
	while (r->n > 0) {
		e = &r->ring[r->head];
		if (now < e->at || now - e->at < r->max_age)
			break;
		recent_drop_oldest(r);
	}
}

int
recent_check(struct recent *r, const char *key, uint64_t now)
{
	struct recent_entry	*e;
	char			 form[RECENT_FORM_MAX + 1];
	uint64_t		 h;
	uint32_t		 i, slot;

	if (key == NULL || *key == '\0')
		return 0;
	recent_expire(r, now);
	recent_form(key, strlen(key), form);
	h = recent_hash(form, strlen(form));
	for (i = r->buckets[h & r->mask]; i != RECENT_NONE; i = r->ring[i].next)
		if (r->ring[i].hash == h && strcmp(r->ring[i].key, form) == 0)
			return 1;
	if (r->n == r->max)
		recent_drop_oldest(r);
	slot = (r->head + r->n) % r->max;
	e = &r->ring[slot];
	e->hash = h;
	e->at = now;
	memcpy(e->key, form, strlen(form) + 1);
	e->next = r->buckets[h & r->mask];
	r->buckets[h & r->mask] = slot;
	r->n++;
	return 0;
}

size_t
recent_count(struct recent *r, uint64_t now)
{
	recent_expire(r, now);
	return r->n;
}
