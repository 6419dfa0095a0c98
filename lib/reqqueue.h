/*
 * reqqueue: named FIFO queues of an HTTP client's requests, with only the
 * head of a queue in flight at a time (Discord's REST client, Slack's Web
 * API).  A queue is made when its first request comes and freed when its
 * last one leaves; each queue, and all of them together, hold a bounded
 * number of requests.
 *
 * It knows no platform: the adapter embeds a struct reqq_item in each of
 * its requests, decides when a head may leave (rate limits, pacing,
 * retry-after) and marks the queue busy while its head is in flight.
 */
#ifndef LIB_REQQUEUE_H
#define LIB_REQQUEUE_H

#include <sys/queue.h>

#define REQQ_NAME_MAX	336	/* a queue's name; a longer one is cut */

struct reqq_queue;

/* Embedded in each request; data points back at the request. */
struct reqq_item {
	TAILQ_ENTRY(reqq_item)	 entry;
	struct reqq_queue	*queue;
	void			*data;
};

/* A list of items off their queues (dropped or late ones). */
TAILQ_HEAD(reqq_list, reqq_item);

struct reqq_queue {
	TAILQ_ENTRY(reqq_queue)	 entry;
	struct reqq_list	 items;
	char			 name[REQQ_NAME_MAX];
	int			 n;
	int			 busy;		/* its head is in flight */
};

struct reqq {
	TAILQ_HEAD(, reqq_queue) queues;
	int			 total;		/* requests in all queues */
	int			 queue_max;
	int			 total_max;
};

/* An embedded set of queues: at most queue_max in one, total_max in all. */
void	 reqq_init(struct reqq *, int queue_max, int total_max);
/* The queue called name (borrowed), or NULL when none waits. */
struct reqq_queue *reqq_find(struct reqq *, const char *name);
/*
 * Puts item, the request data, at the tail of the queue called name
 * (borrowed), making the queue if need be.  0, or -1 when that queue or
 * all of them are full (nothing changed).
 */
int	 reqq_add(struct reqq *, const char *name, struct reqq_item *,
	    void *data);
/*
 * Takes item off its queue (the queue stays busy or not as it was),
 * freeing the queue when it is empty.  Returns how many requests are left
 * in that queue: 0 means the queue is gone.
 */
int	 reqq_remove(struct reqq *, struct reqq_item *);
/* The data of q's head, or NULL. */
void	*reqq_head(struct reqq_queue *);
/*
 * Takes every request for which match(data, arg) is 1 off its queue, onto
 * the tail of out, in queue order; match leaves what is in flight.
 * Returns how many.
 */
int	 reqq_pick(struct reqq *, int (*match)(void *data, void *arg),
	    void *arg, struct reqq_list *out);
/* Takes the first item off list and returns its data; NULL when empty. */
void	*reqq_list_pop(struct reqq_list *);
/*
 * Takes the first request of the first queue off it and returns its data
 * (in flight or not: the caller ends it); NULL when all are empty.
 */
void	*reqq_pop(struct reqq *);

#endif
