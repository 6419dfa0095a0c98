/*
 * dmcache: a platform's direct-message channels, one entry per user, for
 * a platform that sends a DM to a channel it must first open (Discord's
 * POST /users/@me/channels, Slack's conversations.open).  An entry keeps
 * the user's channel id and where its opening stands: none yet, opening,
 * open, or closed (the user takes no DMs from the bot).
 *
 * The adapter's entries begin with a struct dmcache_entry and carry the
 * rest (what waits for the channel to open) after it; this file makes
 * them entry_size bytes, zeroed, and never reads past the first member.
 * Entries live as long as the cache, because requests in flight point at
 * them: past the cache's max users an idle entry (no channel yet, or
 * closed) is reused, and when there is none the cache grows.
 */
#ifndef LIB_DMCACHE_H
#define LIB_DMCACHE_H

#include <stddef.h>
#include <sys/queue.h>

#define DMCACHE_ID_MAX	32	/* a user or channel id, with its NUL */

enum dmcache_state {
	DMCACHE_NONE,		/* no channel, none asked for */
	DMCACHE_OPENING,	/* asked for, not yet known */
	DMCACHE_OPEN,		/* channel holds its id */
	DMCACHE_CLOSED		/* the user takes no DMs */
};

struct dmcache_entry {
	LIST_ENTRY(dmcache_entry) entry;
	char			 user[DMCACHE_ID_MAX];
	char			 channel[DMCACHE_ID_MAX];
	enum dmcache_state	 state;
};

struct dmcache;

/*
 * A cache of entries entry_size bytes long (at least a struct
 * dmcache_entry), reusing idle ones past max users.  Caller frees.
 */
struct dmcache		*dmcache_new(size_t entry_size, int max);
/*
 * Frees the cache (NULL: nothing) and its entries, handing each to drop
 * (NULL: none) before it is freed, to release what waits in it.
 */
void			 dmcache_free(struct dmcache *,
			    void (*drop)(struct dmcache_entry *));

/*
 * The entry of user (borrowed, cut to DMCACHE_ID_MAX - 1 bytes); a new
 * one, or an idle one reused, with no channel and DMCACHE_NONE, if it has
 * none.  The entry is the cache's.
 */
struct dmcache_entry	*dmcache_find(struct dmcache *, const char *user);
/* The entry whose channel (borrowed) is open, or NULL. */
struct dmcache_entry	*dmcache_find_channel(struct dmcache *,
			    const char *channel);
/*
 * The platform showed channel (borrowed) is the DM channel of e's user
 * (an entry dmcache_find gave, which the adapter has made its own):
 * unless one is being opened, it is theirs and open.  1 when their DMs
 * had been closed (they work again), else 0.
 */
int			 dmcache_learn(struct dmcache_entry *e,
			    const char *channel);

#endif
