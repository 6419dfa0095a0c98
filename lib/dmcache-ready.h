/*
 * dmcache-ready: whether what is for a user can go to their DM channel
 * now (lib/dmcache.h), asked by each send of Discord's dm.c and Slack's
 * im.c before it posts, waits for the channel, or gives up.
 */
#ifndef LIB_DMCACHE_READY_H
#define LIB_DMCACHE_READY_H

#include "lib/dmcache.h"

/*
 * 1 when e's channel is open; 0 when what is for it must wait for the
 * channel to open; -1 when e's user takes no DMs, with *cause (caller
 * frees): user as the caller named it (borrowed) in the mention Discord
 * and Slack both read, then refused (borrowed), as "<@U1> cannot get
 * direct messages".
 */
int	 dmcache_ready(const struct dmcache_entry *e, const char *user,
	     const char *refused, char **cause);

#endif
