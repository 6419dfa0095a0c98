/*
 * store-pg-cache.h: what the PostgreSQL backend (store-pg.c) serves from
 * memory instead of asking the server: message ids, channel settings,
 * per-server numbers and the table id counters, each a text value under
 * a key of three parts (a namespace letter and two strings).  Every
 * change is journaled, so that a batch or group the server refused can
 * be taken back to what was committed.  No libpq here.
 */
#ifndef BOT_STORAGE_STORE_PG_CACHE_H
#define BOT_STORAGE_STORE_PG_CACHE_H

#include <stddef.h>

struct pgcache;

/* A new empty cache; caller frees with pgcache_free. */
struct pgcache	*pgcache_new(void);
void		 pgcache_free(struct pgcache *);
/* Forgets every entry and the journal (before a reload). */
void		 pgcache_clear(struct pgcache *);
/* The value under (ns, a, b), borrowed until the next change; or NULL. */
const char	*pgcache_get(struct pgcache *, char ns, const char *a,
		     const char *b);
/*
 * Sets (a copy of) value under (ns, a, b), or forgets it when value is
 * NULL, noting what was there in the journal.
 */
void		 pgcache_set(struct pgcache *, char ns, const char *a,
		     const char *b, const char *value);
/* The same without a journal entry (loading what the server holds). */
void		 pgcache_load(struct pgcache *, char ns, const char *a,
		     const char *b, const char *value);
/* The journal's length now, a mark for pgcache_undo. */
size_t		 pgcache_mark(struct pgcache *);
/* Takes back every change since mark, newest first. */
void		 pgcache_undo(struct pgcache *, size_t mark);
/* The changes so far are committed: forgets the journal. */
void		 pgcache_settle(struct pgcache *);
/* The changes before mark are committed: forgets them from the journal. */
void		 pgcache_settle_to(struct pgcache *, size_t mark);
/*
 * Calls cb with each entry of namespace ns (strings borrowed for the
 * call); cb must not change the cache.
 */
typedef void (*pgcache_cb)(const char *a, const char *b, const char *value,
    void *arg);
void		 pgcache_each(struct pgcache *, char ns, pgcache_cb, void *arg);

#endif
