/*
 * httpq: the shell of an HTTP client on the bot's loop, shared by
 * Discord's REST client and Slack's Web API: libcurl's multi interface
 * (lib/curluv.c), named request queues (lib/reqqueue.c) and one timer.
 * After curl has done some work, and when the timer the client set runs
 * out, the client's kick runs: it reads what finished and starts the
 * queue heads its platform's rules let leave.
 */
#ifndef LIB_HTTPQ_H
#define LIB_HTTPQ_H

#include <stdint.h>

#include <uv.h>

#include "lib/curluv.h"
#include "lib/reqqueue.h"

struct httpq {
	struct curluv	 cu;		/* curl on the loop */
	struct reqq	 rq;		/* the named queues */
	uv_timer_t	 timer;
	void		(*kick)(void *);
	void		*arg;
	int		 stopped;	/* httpq_stop ran */
};

/*
 * An embedded client on loop, its queues holding at most queue_max
 * requests each and total_max in all; kick(arg) as above.  0, or -1 with
 * *cause ("who: ...") when curl cannot start.
 */
int	httpq_init(struct httpq *, uv_loop_t *, int queue_max, int total_max,
	    void (*kick)(void *), void *arg, const char *who, char **cause);
/* Kicks again in ms; UINT64_MAX: only once curl has done some work. */
void	httpq_wait(struct httpq *, uint64_t ms);
/*
 * The transfer of a request is over, rc its result: returns its HTTP
 * status (0 when none came), ends its handle *easy (the request's) and
 * sets it NULL, and frees the queue of item (the request's) for its next
 * head.  The client's done callback calls it first.
 */
long	httpq_done(struct httpq *, CURL **easy, struct reqq_item *item,
	    CURLcode rc);
/*
 * Ends the request's handle *easy if it is in flight (NULL: it is not),
 * as httpq_stop's release does before freeing the request.
 */
void	httpq_end(struct httpq *, CURL **easy);
/*
 * Stops the client: takes every request off its queue and hands it (in
 * flight or not) to release(data, arg), which ends and frees it; then
 * stops curl and the timer.  The struct may be freed once the loop has
 * run.  Returns how many requests it ended, or -1 when it had stopped.
 */
int	httpq_stop(struct httpq *, void (*release)(void *data, void *arg),
	    void *arg);
/* After httpq_stop and the loop's run: curl's global state goes. */
void	httpq_release(struct httpq *);

#endif
