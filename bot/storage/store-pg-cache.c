/*
 * The PostgreSQL backend's memory (store-pg-cache.h): a chained hash
 * table of (ns, a, b) -> value, grown as it fills, and a journal of the
 * values each change replaced.  An entry and its key are one allocation
 * (a and b one after the other, each NUL-ended): a writer's cache holds
 * two entries for each open table (store-pg-image.c), 20,000 for 10,000
 * tables, where three allocations an entry took 1.5 MB more.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bot/storage/store-pg-cache.h"
#include "lib/xmalloc.h"

struct pgc_entry {
	struct pgc_entry	*next;
	char			*value;
	uint32_t		 hash;
	char			 ns;
	char			 key[];		/* a, NUL, b, NUL */
};

/* The second part of entry e's key. */
#define PGC_B(e)	((e)->key + strlen((e)->key) + 1)

/* What a change replaced: value NULL when there was nothing. */
struct pgc_undo {
	char	 ns;
	char	*a, *b, *value;
};

struct pgcache {
	struct pgc_entry	**buckets;
	size_t			  nbuckets, n;
	struct pgc_undo		 *journal;
	size_t			  njournal, capjournal;
	/* Entries settled from the journal's start: a mark counts them too. */
	size_t			  base;
};

#define PGC_BUCKETS_FIRST	256
/*
 * The journal's slots kept once it is empty again; a longer array (a
 * long batch's, or a reload's) is given back (32 bytes a slot).
 */
#define PGC_JOURNAL_KEEP	256

static uint32_t
pgc_hash(char ns, const char *a, const char *b)
{
	uint32_t	h = 2166136261u;
	const char	*p;

	h = (h ^ (unsigned char)ns) * 16777619u;
	for (p = a; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	h = (h ^ 0xffu) * 16777619u;
	for (p = b; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	return h;
}

struct pgcache *
pgcache_new(void)
{
	struct pgcache	*c = xcalloc(1, sizeof *c);

	c->nbuckets = PGC_BUCKETS_FIRST;
	c->buckets = xcalloc(c->nbuckets, sizeof *c->buckets);
	return c;
}

static void
pgc_entry_free(struct pgc_entry *e)
{
	free(e->value);
	free(e);
}

/* An empty journal's array, when long, is given back (PGC_JOURNAL_KEEP). */
static void
pgc_journal_trim(struct pgcache *c)
{
	if (c->njournal == 0 && c->capjournal > PGC_JOURNAL_KEEP) {
		free(c->journal);
		c->journal = NULL;
		c->capjournal = 0;
	}
}

void
pgcache_settle_to(struct pgcache *c, size_t mark)
{
	struct pgc_undo	*u;
	size_t		 i, n;

	if (mark <= c->base || c->njournal == 0)
		return;
	n = mark - c->base;
	if (n > c->njournal)
		n = c->njournal;
	for (i = 0; i < n; i++) {
		u = &c->journal[i];
		free(u->a);
		free(u->b);
		free(u->value);
	}
	memmove(c->journal, c->journal + n, (c->njournal - n) *
	    sizeof *c->journal);
	c->njournal -= n;
	c->base += n;
	pgc_journal_trim(c);
}

void
pgcache_settle(struct pgcache *c)
{
	pgcache_settle_to(c, c->base + c->njournal);
}

void
pgcache_clear(struct pgcache *c)
{
	struct pgc_entry	*e, *next;
	size_t			 i;

	pgcache_settle(c);
	for (i = 0; i < c->nbuckets; i++) {
		for (e = c->buckets[i]; e != NULL; e = next) {
			next = e->next;
			pgc_entry_free(e);
		}
		c->buckets[i] = NULL;
	}
	c->n = 0;
}

void
pgcache_free(struct pgcache *c)
{
	if (c == NULL)
		return;
	pgcache_clear(c);
	free(c->journal);
	free(c->buckets);
	free(c);
}

/* The link that points at (ns, a, b)'s entry, or at the chain's end. */
static struct pgc_entry **
pgc_find(struct pgcache *c, char ns, const char *a, const char *b,
    uint32_t hash)
{
	struct pgc_entry	**ep = &c->buckets[hash % c->nbuckets];

	for (; *ep != NULL; ep = &(*ep)->next) {
		if ((*ep)->hash == hash && (*ep)->ns == ns &&
		    strcmp((*ep)->key, a) == 0 && strcmp(PGC_B(*ep), b) == 0)
			break;
	}
	return ep;
}

const char *
pgcache_get(struct pgcache *c, char ns, const char *a, const char *b)
{
	struct pgc_entry	*e = *pgc_find(c, ns, a, b, pgc_hash(ns, a, b));

	return e == NULL ? NULL : e->value;
}

/* Twice the buckets once there are two entries a bucket. */
static void
pgc_grow(struct pgcache *c)
{
	struct pgc_entry	**old = c->buckets, *e, *next;
	size_t			  i, nold = c->nbuckets;

	if (c->n < 2 * c->nbuckets)
		return;
	c->nbuckets *= 2;
	c->buckets = xcalloc(c->nbuckets, sizeof *c->buckets);
	for (i = 0; i < nold; i++) {
		for (e = old[i]; e != NULL; e = next) {
			next = e->next;
			e->next = c->buckets[e->hash % c->nbuckets];
			c->buckets[e->hash % c->nbuckets] = e;
		}
	}
	free(old);
}

/* Sets or forgets (ns, a, b); its old value is returned (caller frees). */
static char *
pgc_put(struct pgcache *c, char ns, const char *a, const char *b,
    const char *value)
{
	uint32_t		  hash = pgc_hash(ns, a, b);
	struct pgc_entry	**ep = pgc_find(c, ns, a, b, hash), *e = *ep;
	char			 *was = NULL;
	size_t			  alen, blen;

	if (e != NULL) {
		was = e->value;
		if (value != NULL) {
			e->value = xstrdup(value);
			return was;
		}
		*ep = e->next;
		e->value = NULL;
		pgc_entry_free(e);
		c->n--;
		return was;
	}
	if (value == NULL)
		return NULL;
	alen = strlen(a) + 1;
	blen = strlen(b) + 1;
	e = xmalloc(sizeof *e + alen + blen);
	e->ns = ns;
	memcpy(e->key, a, alen);
	memcpy(e->key + alen, b, blen);
	e->value = xstrdup(value);
	e->hash = hash;
	e->next = *ep;
	*ep = e;
	c->n++;
	pgc_grow(c);
	return NULL;
}

void
pgcache_load(struct pgcache *c, char ns, const char *a, const char *b,
    const char *value)
{
	free(pgc_put(c, ns, a, b, value));
}

void
pgcache_set(struct pgcache *c, char ns, const char *a, const char *b,
    const char *value)
{
	struct pgc_undo	*u;

	if (c->njournal == c->capjournal) {
		c->capjournal = c->capjournal == 0 ? 16 : c->capjournal * 2;
		c->journal = xreallocarray(c->journal, c->capjournal,
		    sizeof *c->journal);
	}
	u = &c->journal[c->njournal++];
	u->ns = ns;
	u->a = xstrdup(a);
	u->b = xstrdup(b);
	u->value = pgc_put(c, ns, a, b, value);
}

size_t
pgcache_mark(struct pgcache *c)
{
	return c->base + c->njournal;
}

void
pgcache_undo(struct pgcache *c, size_t mark)
{
	struct pgc_undo	*u;

	while (c->njournal > 0 && c->base + c->njournal > mark) {
		u = &c->journal[--c->njournal];
		free(pgc_put(c, u->ns, u->a, u->b, u->value));
		free(u->a);
		free(u->b);
		free(u->value);
	}
	pgc_journal_trim(c);
}

void
pgcache_each(struct pgcache *c, char ns, pgcache_cb cb, void *arg)
{
	struct pgc_entry	*e;
	size_t			 i;

	for (i = 0; i < c->nbuckets; i++) {
		for (e = c->buckets[i]; e != NULL; e = e->next) {
			if (e->ns == ns)
				cb(e->key, PGC_B(e), e->value, arg);
		}
	}
}
