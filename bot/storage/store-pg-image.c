/*
 * The PostgreSQL backend's picture of open tables (store-pg-image.h), as
 * three texts under the table's id in the cache: 'T' its record, 'S' its
 * newest snapshot ("seq US game"), 'M' the moves after it ("seq US seat
 * US at US move RS", one after another).  A record's fields are joined
 * by US (0x1f); JSON escapes every control character, so no doc holds
 * one.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/storage/store-pg-cache.h"
#include "bot/storage/store-pg-image.h"
#include "lib/buf.h"
#include "lib/fnv.h"
#include "lib/xmalloc.h"

#define PGI_US		"\x1f"
#define PGI_RS		"\x1e"
/* A record's fields: num, tag, adapter, server, channel, game, seed,
   state, doc, updated, created. */
#define PGI_FIELDS	11

/* The cache's key of table id. */
static const char *
pgi_key(uint64_t id, char *buf, size_t len)
{
	snprintf(buf, len, "%" PRIu64, id);
	return buf;
}

int
pgimage_has(struct pgcache *c, uint64_t id)
{
	char	key[24];

	return pgcache_get(c, 'T', pgi_key(id, key, sizeof key), "") != NULL;
}

/* Splits a record's text (a copy, cut in place) into its fields. */
static int
pgi_split(char *text, char **f)
{
	int	n = 0;

	f[n++] = text;
	while (n < PGI_FIELDS && (text = strchr(text, PGI_US[0])) != NULL) {
		*text++ = '\0';
		f[n++] = text;
	}
	return n == PGI_FIELDS ? 0 : -1;
}

/* Pictures record t (server "" for none is told by a leading '-'). */
static void
pgi_put(struct pgcache *c, const char *key, const struct store_table *t,
    int64_t created)
{
	char	*text;

	text = xasprintf("%" PRIu64 PGI_US "%s" PGI_US "%s" PGI_US "%c%s"
	    PGI_US "%s" PGI_US "%s" PGI_US "%016" PRIx64 PGI_US "%s" PGI_US
	    "%s" PGI_US "%" PRId64 PGI_US "%" PRId64, t->num,
	    t->tag == NULL ? "" : t->tag, t->adapter, t->server == NULL ? '-' :
	    '+', t->server == NULL ? "" : t->server, t->channel, t->game,
	    t->seed, t->state, t->doc, t->updated, created);
	pgcache_set(c, 'T', key, "", text);
	free(text);
}

/* Reads a pictured record's text into r (strings point into text). */
static void
pgi_record(uint64_t id, char **f, struct store_table *r)
{
	memset(r, 0, sizeof *r);
	r->id = id;
	r->num = strtoull(f[0], NULL, 10);
	r->tag = f[1];
	r->adapter = f[2];
	r->server = f[3][0] == '-' ? NULL : f[3] + 1;
	r->channel = f[4];
	r->game = f[5];
	r->seed = strtoull(f[6], NULL, 16);
	r->state = f[7];
	r->doc = f[8];
	r->updated = strtoll(f[9], NULL, 10);
	r->created = strtoll(f[10], NULL, 10);
}

void
pgimage_table(struct pgcache *c, const struct store_table *t)
{
	struct store_table	 r;
	const char		*was;
	char			 key[24], *copy, *f[PGI_FIELDS];

	pgi_key(t->id, key, sizeof key);
	if (strcmp(t->state, "lobby") != 0 && strcmp(t->state, "playing") != 0) {
		pgimage_drop(c, t->id);
		return;
	}
	if ((was = pgcache_get(c, 'T', key, "")) == NULL) {
		pgi_put(c, key, t, t->created != 0 ? t->created : t->updated);
		return;
	}
	/* The upsert keeps all but state, doc and the update time. */
	copy = xstrdup(was);
	if (pgi_split(copy, f) == 0) {
		pgi_record(t->id, f, &r);
		r.state = t->state;
		r.doc = t->doc;
		r.updated = t->updated;
		pgi_put(c, key, &r, r.created);
	}
	free(copy);
}

void
pgimage_drop(struct pgcache *c, uint64_t id)
{
	char	key[24];

	pgi_key(id, key, sizeof key);
	if (pgcache_get(c, 'T', key, "") == NULL)
		return;
	pgcache_set(c, 'T', key, "", NULL);
	pgcache_set(c, 'S', key, "", NULL);
	pgcache_set(c, 'M', key, "", NULL);
}

void
pgimage_move(struct pgcache *c, uint64_t id, const struct store_move *m)
{
	const char	*was;
	char		 key[24], *text;

	pgi_key(id, key, sizeof key);
	if (pgcache_get(c, 'T', key, "") == NULL)
		return;
	was = pgcache_get(c, 'M', key, "");
	text = xasprintf("%s%d" PGI_US "%d" PGI_US "%" PRId64 PGI_US "%s"
	    PGI_RS, was == NULL ? "" : was, m->seq, m->seat, m->at, m->move);
	pgcache_set(c, 'M', key, "", text);
	free(text);
}

/* The next move of a picture's list at *p, cut in place; 0 at its end. */
static int
pgi_next_move(char **p, struct store_move *m)
{
	char	*end, *f[4];
	int	 i;

	if (**p == '\0' || (end = strchr(*p, PGI_RS[0])) == NULL)
		return 0;
	*end = '\0';
	f[0] = *p;
	for (i = 1; i < 4; i++) {
		if ((f[i] = strchr(f[i - 1], PGI_US[0])) == NULL)
			return 0;
		*f[i]++ = '\0';
	}
	m->seq = atoi(f[0]);
	m->seat = atoi(f[1]);
	m->at = strtoll(f[2], NULL, 10);
	m->move = f[3];
	*p = end + 1;
	return 1;
}

void
pgimage_snapshot(struct pgcache *c, uint64_t id, int seq, const char *game)
{
	struct store_move	 m;
	struct buf		 kept;
	const char		*was;
	char			 key[24], *text, *copy, *p;

	pgi_key(id, key, sizeof key);
	if (pgcache_get(c, 'T', key, "") == NULL)
		return;
	text = xasprintf("%d" PGI_US "%s", seq, game);
	pgcache_set(c, 'S', key, "", text);
	free(text);
	if ((was = pgcache_get(c, 'M', key, "")) == NULL)
		return;
	/* The moves from the snapshot on stay. */
	/* What stays is never longer than what was. */
	buf_init(&kept, strlen(was) + 1);
	p = copy = xstrdup(was);
	while (pgi_next_move(&p, &m)) {
		if (m.seq >= seq)
			buf_printf(&kept, "%d" PGI_US "%d" PGI_US "%" PRId64
			    PGI_US "%s" PGI_RS, m.seq, m.seat, m.at, m.move);
	}
	free(copy);
	pgcache_set(c, 'M', key, "", kept.len == 0 ? NULL :
	    buf_str(&kept));
	buf_release(&kept);
}

/* The ids of the pictured tables of one adapter (pgimage_channel). */
struct pgi_moving {
	const char	*adapter;
	const char	*from;
	char		**keys;
	size_t		 n, cap;
};

static void
pgi_moving_match(const char *a, const char *b, const char *value, void *arg)
{
	struct pgi_moving	*g = arg;
	char			*copy = xstrdup(value), *f[PGI_FIELDS];

	(void)b;
	if (pgi_split(copy, f) == 0 && strcmp(f[2], g->adapter) == 0 &&
	    store_channel_under(f[4], g->from)) {
		if (g->n == g->cap) {
			g->cap = g->cap == 0 ? 8 : g->cap * 2;
			g->keys = xreallocarray(g->keys, g->cap,
			    sizeof *g->keys);
		}
		g->keys[g->n++] = xstrdup(a);
	}
	free(copy);
}

void
pgimage_channel(struct pgcache *c, const char *adapter, const char *from,
    const char *to)
{
	struct pgi_moving	 g;
	struct store_table	 r;
	char			*copy, *f[PGI_FIELDS], *channel;
	size_t			 i;

	memset(&g, 0, sizeof g);
	g.adapter = adapter;
	g.from = from;
	pgcache_each(c, 'T', pgi_moving_match, &g);
	for (i = 0; i < g.n; i++) {
		copy = xstrdup(pgcache_get(c, 'T', g.keys[i], ""));
		if (pgi_split(copy, f) == 0) {
			pgi_record(strtoull(g.keys[i], NULL, 10), f, &r);
			channel = xasprintf("%s%s", to, r.channel +
			    strlen(from));
			r.channel = channel;
			pgi_put(c, g.keys[i], &r, r.created);
			free(channel);
		}
		free(copy);
		free(g.keys[i]);
	}
	free(g.keys);
}

int
pgimage_first_seq(struct pgcache *c, uint64_t id)
{
	const char	*was;
	char		 key[24];

	was = pgcache_get(c, 'S', pgi_key(id, key, sizeof key), "");
	return was == NULL ? 0 : atoi(was);
}

int
pgimage_load_table(struct pgcache *c, uint64_t id, store_table_cb cb,
    void *arg, char **cause)
{
	struct store_table	 r;
	const char		*was;
	char			 key[24], *copy, *f[PGI_FIELDS];
	int			 rc = 0;

	if ((was = pgcache_get(c, 'T', pgi_key(id, key, sizeof key), "")) ==
	    NULL)
		return 0;
	copy = xstrdup(was);
	if (pgi_split(copy, f) == 0) {
		pgi_record(id, f, &r);
		rc = cb(&r, arg, cause);
	}
	free(copy);
	return rc;
}

void
pgimage_load_snapshot(struct pgcache *c, uint64_t id, int *seq, char **game)
{
	const char	*was, *us;
	char		 key[24];

	*seq = -1;
	*game = NULL;
	was = pgcache_get(c, 'S', pgi_key(id, key, sizeof key), "");
	if (was == NULL || (us = strchr(was, PGI_US[0])) == NULL)
		return;
	*seq = atoi(was);
	*game = xstrdup(us + 1);
}

int
pgimage_load_moves(struct pgcache *c, uint64_t id, int from_seq,
    store_move_cb cb, void *arg, char **cause)
{
	struct store_move	 m;
	const char		*was;
	char			 key[24], *copy, *p;
	int			 rc = 0;

	was = pgcache_get(c, 'M', pgi_key(id, key, sizeof key), "");
	if (was == NULL)
		return 0;
	p = copy = xstrdup(was);
	while (rc == 0 && pgi_next_move(&p, &m)) {
		if (m.seq >= from_seq)
			rc = cb(&m, arg, cause);
	}
	free(copy);
	return rc;
}

/* The digests gathered by pgimage_sums. */
struct pgi_sums {
	struct pgcache		*c;
	struct pgimage_sum	*v;
	size_t			 n, cap;
};

/* h carried on over s (NULL: none) and a separator. */
static uint64_t
pgi_fold(uint64_t h, const char *s)
{
	return fnv64_add(s == NULL ? h : fnv64_str(h, s), PGI_US, 1);
}

/* One pictured table's digest (a pgcache_each callback over 'T'). */
static void
pgi_sum_one(const char *a, const char *b, const char *value, void *arg)
{
	struct pgi_sums		*g = arg;
	struct pgimage_sum	*e;
	char			*copy, *f[PGI_FIELDS];
	uint64_t		 h = FNV64_START;

	(void)b;
	if (g->n == g->cap) {
		g->cap = g->cap == 0 ? 64 : g->cap * 2;
		g->v = xreallocarray(g->v, g->cap, sizeof *g->v);
	}
	e = &g->v[g->n++];
	e->id = strtoull(a, NULL, 10);
	h = pgi_fold(h, value);
	h = pgi_fold(h, pgcache_get(g->c, 'S', a, ""));
	e->sum = pgi_fold(h, pgcache_get(g->c, 'M', a, ""));
	copy = xstrdup(value);
	e->adapter = xstrdup(pgi_split(copy, f) == 0 ? f[2] : "");
	free(copy);
}

static int
pgi_sum_cmp(const void *a, const void *b)
{
	const struct pgimage_sum	*x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

size_t
pgimage_sums(struct pgcache *c, struct pgimage_sum **out)
{
	struct pgi_sums	g;

	memset(&g, 0, sizeof g);
	g.c = c;
	pgcache_each(c, 'T', pgi_sum_one, &g);
	if (g.n > 1)
		qsort(g.v, g.n, sizeof *g.v, pgi_sum_cmp);
	*out = g.v;
	return g.n;
}

void
pgimage_sums_free(struct pgimage_sum *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i].adapter);
	free(v);
}
