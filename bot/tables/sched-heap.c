/*
 * The scheduler's queue: every table of the bot's list that has a task
 * sits in bot->sched, an indexed binary min-heap by deadline, ties going
 * to the table made first (the order of the bot's list).  Each table
 * knows its place (t->sched_pos), so setting, moving or clearing its task
 * costs O(log n), and the next task due is always the top: with 10,000
 * tables, walking them all for every task made each batch quadratic.
 */
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/tables/sched-heap.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

/* Is a due before b: an earlier deadline, or the same and made first? */
static int
sched_less(const struct table *a, const struct table *b)
{
	if (a->deadline != b->deadline)
		return a->deadline < b->deadline;
	return a->seq < b->seq;
}

/* Puts t at place i of the heap and tells t so. */
static void
sched_put(struct bot *bot, int i, struct table *t)
{
	bot->sched[i] = t;
	t->sched_pos = i;
}

/* Moves the table at place i up while it is due before its parent. */
static void
sched_up(struct bot *bot, int i)
{
	struct table	*t = bot->sched[i];
	int		 parent;

	while (i > 0) {
		parent = (i - 1) / 2;
		if (!sched_less(t, bot->sched[parent]))
			break;
		sched_put(bot, i, bot->sched[parent]);
		i = parent;
	}
	sched_put(bot, i, t);
}

/* Moves the table at place i down while a child is due before it. */
static void
sched_down(struct bot *bot, int i)
{
	struct table	*t = bot->sched[i];
	int		 child;

	for (;;) {
		child = 2 * i + 1;
		if (child >= bot->nsched)
			break;
		if (child + 1 < bot->nsched &&
		    sched_less(bot->sched[child + 1], bot->sched[child]))
			child++;
		if (!sched_less(bot->sched[child], t))
			break;
		sched_put(bot, i, bot->sched[child]);
		i = child;
	}
	sched_put(bot, i, t);
}

/* Takes t out of the heap, if it is in. */
static void
sched_remove(struct bot *bot, struct table *t)
{
	struct table	*last;
	int		 i = t->sched_pos;

	if (i < 0)
		return;
	t->sched_pos = -1;
	last = bot->sched[--bot->nsched];
	if (last == t)
		return;
	sched_put(bot, i, last);
	sched_up(bot, i);
	sched_down(bot, last->sched_pos);
}

/* Puts t in the heap, or moves it to where its deadline now belongs. */
static void
sched_place(struct bot *bot, struct table *t)
{
	if (t->sched_pos < 0) {
		if (bot->nsched == bot->sched_cap) {
			bot->sched_cap = bot->sched_cap == 0 ? 64 :
			    bot->sched_cap * 2;
			bot->sched = xreallocarray(bot->sched,
			    (size_t)bot->sched_cap, sizeof *bot->sched);
		}
		sched_put(bot, bot->nsched++, t);
	}
	sched_up(bot, t->sched_pos);
	sched_down(bot, t->sched_pos);
}

void
sched_set(struct table *t, enum table_task task, unsigned seats,
    uint64_t deadline)
{
	t->task = task;
	t->task_seats = task == TASK_NONE ? 0 : seats;
	t->deadline = task == TASK_NONE ? 0 : deadline;
	/* A table outside the bot's list (a replay) is never due. */
	if (task == TASK_NONE || t->seq == 0)
		sched_remove(t->bot, t);
	else
		sched_place(t->bot, t);
}

void
sched_clear(struct table *t)
{
	sched_set(t, TASK_NONE, 0, 0);
}

struct table *
sched_first(const struct bot *bot)
{
	return bot->nsched > 0 ? bot->sched[0] : NULL;
}

/* The earliest deadline after now below place i, or UINT64_MAX. */
static uint64_t
sched_after_from(const struct bot *bot, int i, uint64_t now)
{
	uint64_t	left, right;

	if (i >= bot->nsched)
		return UINT64_MAX;
	if (bot->sched[i]->deadline > now)
		return bot->sched[i]->deadline;
	/* Due already: the answer is below, past the due ones. */
	left = sched_after_from(bot, 2 * i + 1, now);
	right = sched_after_from(bot, 2 * i + 2, now);
	return left < right ? left : right;
}

uint64_t
sched_after(const struct bot *bot, uint64_t now)
{
	return sched_after_from(bot, 0, now);
}

void
sched_release(struct bot *bot)
{
	int	i;

	for (i = 0; i < bot->nsched; i++)
		bot->sched[i]->sched_pos = -1;
	free(bot->sched);
	bot->sched = NULL;
	bot->nsched = bot->sched_cap = 0;
}
