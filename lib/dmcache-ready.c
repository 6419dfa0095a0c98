/*
 * dmcache-ready: whether a user's DM channel takes a message now
 * (lib/dmcache-ready.h).
 */
#include "lib/dmcache-ready.h"
#include "lib/xmalloc.h"

int
dmcache_ready(const struct dmcache_entry *e, const char *user,
    const char *refused, char **cause)
{
	if (e->state == DMCACHE_CLOSED)
		return set_cause(cause, "<@%s> %s", user, refused);
	return e->state == DMCACHE_OPEN;
}
