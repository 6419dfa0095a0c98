/*
 * sched-heap.h: a table's one task (bot/tables/sched-heap.c).  Every
 * change of a table's task, seats or deadline goes through sched_set or
 * sched_clear, which keep the bot's queue of tasks in order; the rest of
 * the bot only reads t->task, t->task_seats and t->deadline.
 */
#ifndef BOT_TABLES_SCHED_HEAP_H
#define BOT_TABLES_SCHED_HEAP_H

#include <stdint.h>

#include "bot/tables/table.h"

struct bot;

/*
 * Gives the table (borrowed) its task: for the seats given, due at
 * deadline (bot_now() ms).  TASK_NONE clears it, seats and deadline too.
 * A table of the bot's list is queued; one from table_alloc never is.
 */
void		 sched_set(struct table *, enum table_task, unsigned seats,
		     uint64_t deadline);
/* The table has no task any more; the same as sched_set with TASK_NONE. */
void		 sched_clear(struct table *);
/* The queued table due first (ties: the one made first); borrowed, or NULL. */
struct table	*sched_first(const struct bot *);
/* The earliest deadline of a queued task later than now, or UINT64_MAX. */
uint64_t	 sched_after(const struct bot *, uint64_t now);
/* Frees the queue; the tables in it are left without a place in it. */
void		 sched_release(struct bot *);

#endif
