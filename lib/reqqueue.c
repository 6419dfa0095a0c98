/*
 * Named FIFO queues of an HTTP client's requests; see reqqueue.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/reqqueue.h"
#include "lib/xmalloc.h"

void
reqq_init(struct reqq *rq, int queue_max, int total_max)
{
	TAILQ_INIT(&rq->queues);
	rq->total = 0;
	rq->queue_max = queue_max;
	rq->total_max = total_max;
}

struct reqq_queue *
reqq_find(struct reqq *rq, const char *name)
{
	struct reqq_queue	*q;
	char			 cut[REQQ_NAME_MAX];

	snprintf(cut, sizeof cut, "%s", name);
	TAILQ_FOREACH(q, &rq->queues, entry)
		if (strcmp(q->name, cut) == 0)
			return q;
	return NULL;
}

int
reqq_add(struct reqq *rq, const char *name, struct reqq_item *item,
    void *data)
{
	struct reqq_queue	*q = reqq_find(rq, name);

	if ((q != NULL && q->n >= rq->queue_max) || rq->total >= rq->total_max)
		return -1;
	if (q == NULL) {
		q = xcalloc(1, sizeof *q);
		TAILQ_INIT(&q->items);
		snprintf(q->name, sizeof q->name, "%s", name);
		TAILQ_INSERT_TAIL(&rq->queues, q, entry);
	}
	item->queue = q;
	item->data = data;
	TAILQ_INSERT_TAIL(&q->items, item, entry);
	q->n++;
	rq->total++;
	return 0;
}

int
reqq_remove(struct reqq *rq, struct reqq_item *item)
{
	struct reqq_queue	*q = item->queue;
	int			 left;

	TAILQ_REMOVE(&q->items, item, entry);
	item->queue = NULL;
	left = --q->n;
	rq->total--;
	if (left == 0) {
		TAILQ_REMOVE(&rq->queues, q, entry);
		free(q);
	}
	return left;
}

void *
reqq_head(struct reqq_queue *q)
{
	struct reqq_item	*item = TAILQ_FIRST(&q->items);

	return item != NULL ? item->data : NULL;
}

int
reqq_pick(struct reqq *rq, int (*match)(void *, void *), void *arg,
    struct reqq_list *out)
{
	struct reqq_queue	*q, *qnext;
	struct reqq_item	*item, *inext;
	int			 n = 0;

	for (q = TAILQ_FIRST(&rq->queues); q != NULL; q = qnext) {
		qnext = TAILQ_NEXT(q, entry);
		for (item = TAILQ_FIRST(&q->items); item != NULL;
		    item = inext) {
			inext = TAILQ_NEXT(item, entry);
			if (!match(item->data, arg))
				continue;
			n++;
			if (reqq_remove(rq, item) == 0)
				inext = NULL;	/* q is gone */
			TAILQ_INSERT_TAIL(out, item, entry);
		}
	}
	return n;
}

void *
reqq_list_pop(struct reqq_list *list)
{
	struct reqq_item	*item = TAILQ_FIRST(list);

	if (item == NULL)
		return NULL;
	TAILQ_REMOVE(list, item, entry);
	return item->data;
}

void *
reqq_pop(struct reqq *rq)
{
	struct reqq_queue	*q = TAILQ_FIRST(&rq->queues);
	struct reqq_item	*item;

	if (q == NULL)
		return NULL;
	item = TAILQ_FIRST(&q->items);
	reqq_remove(rq, item);
	return item->data;
}
