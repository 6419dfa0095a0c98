/*
 * holds: copies of an adapter's reply handles, kept on the heap past the
 * events they belong to (adapter_ops.hold and unhold, bot/adapter.h).
 * A handle lives on its event handler's stack; when the bot holds the
 * event's answers behind a commit that settles later, the adapter
 * copies it here, and the bot answers through the copy until it gives
 * it back.  A copy may be held again (a question asked again after a
 * failed commit comes with the copy it had): each copy is counted, and
 * the last give-back ends it.  At most max copies at once.
 */
#ifndef LIB_HOLDS_H
#define LIB_HOLDS_H

#include <stddef.h>
#include <sys/queue.h>

struct hold;

struct holds {
	LIST_HEAD(, hold)	 list;
	int			 n, max;
};

void	 holds_init(struct holds *, int max);
/* Frees every copy (the adapter is going away). */
void	 holds_release(struct holds *);
/* ctx (compared, never read) as one of the copies, or NULL. */
void	*holds_find(struct holds *, const void *ctx);
/*
 * ctx held once more: ctx, when it is one of the copies (counted once
 * more), else NULL.
 */
void	*holds_again(struct holds *, const void *ctx);
/*
 * A copy of size bytes at from (borrowed), counted once, or NULL when
 * max are held.  Given back with holds_put.
 */
void	*holds_copy(struct holds *, const void *from, size_t size);
/*
 * Gives one count of copy back: 1 when it was the last (the caller ends
 * it, then frees it with holds_free), else 0 (also when copy is none).
 */
int	 holds_put(struct holds *, void *copy);
void	 holds_free(struct holds *, void *copy);

#endif
