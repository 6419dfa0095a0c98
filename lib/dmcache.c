/*
 * dmcache: the users' direct-message channels (lib/dmcache.h).  A list,
 * newest first: a send looks up its user, which a few hundred players
 * make cheap enough, and entries never move, as requests point at them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dmcache.h"
#include "lib/xmalloc.h"

struct dmcache {
	LIST_HEAD(, dmcache_entry) users;
	size_t			 entry_size;
	int			 n;
	int			 max;
};

struct dmcache *
dmcache_new(size_t entry_size, int max)
{
	struct dmcache	*c = xcalloc(1, sizeof *c);

	LIST_INIT(&c->users);
	c->entry_size = entry_size < sizeof(struct dmcache_entry) ?
	    sizeof(struct dmcache_entry) : entry_size;
	c->max = max;
	return c;
}

void
dmcache_free(struct dmcache *c, void (*drop)(struct dmcache_entry *))
{
	struct dmcache_entry	*e;

	if (c == NULL)
		return;
	while ((e = LIST_FIRST(&c->users)) != NULL) {
		LIST_REMOVE(e, entry);
		if (drop != NULL)
			drop(e);
		free(e);
	}
	free(c);
}

struct dmcache_entry *
dmcache_find(struct dmcache *c, const char *user)
{
	struct dmcache_entry	*e, *idle = NULL;

	LIST_FOREACH(e, &c->users, entry) {
		if (strcmp(e->user, user) == 0)
			return e;
		if (e->state == DMCACHE_NONE || e->state == DMCACHE_CLOSED)
			idle = e;
	}
	if (c->n >= c->max && idle != NULL)
		e = idle;
	else {
		e = xcalloc(1, c->entry_size);
		LIST_INSERT_HEAD(&c->users, e, entry);
		c->n++;
	}
	snprintf(e->user, sizeof e->user, "%s", user);
	memset(e->channel, 0, sizeof e->channel);
	e->state = DMCACHE_NONE;
	return e;
}

struct dmcache_entry *
dmcache_find_channel(struct dmcache *c, const char *channel)
{
	struct dmcache_entry	*e;

	LIST_FOREACH(e, &c->users, entry) {
		if (e->state == DMCACHE_OPEN &&
		    strcmp(e->channel, channel) == 0)
			return e;
	}
	return NULL;
}

int
dmcache_learn(struct dmcache_entry *e, const char *channel)
{
	int	was_closed;

	if (e->state == DMCACHE_OPENING)
		return 0;
	snprintf(e->channel, sizeof e->channel, "%s", channel);
	was_closed = e->state == DMCACHE_CLOSED;
	e->state = DMCACHE_OPEN;
	return was_closed;
}
