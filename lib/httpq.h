/*
 * httpq: the shell of an HTTP client on the bot's loop, shared by
 * Discord's REST client, Slack's Web API and Telegram's Bot API:
 * libcurl's multi interface (lib/curluv.c), named request queues
 * (lib/reqqueue.c) and one timer.  After curl has done some work, and
 * when the timer the client set runs out, the client's kick runs: it
 * reads what finished and starts the queue heads its platform's rules let
 * leave.
 *
 * What the clients do alike is here too: a client's life (new, stop,
 * free) for a client struct that begins with its struct httpq, and a
 * request's (queued, its headers, sent, a failure or a 429 counted, its
 * answer read, off its queue, freed) on the struct httpq_req each request
 * begins with.  When to send, retry or give up is each platform's, in its
 * own client.
 */
#ifndef LIB_HTTPQ_H
#define LIB_HTTPQ_H

#include <stdint.h>

#include <cjson/cJSON.h>
#include <uv.h>

#include "lib/buf.h"
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

/*
 * What every client's request holds, in the same way: its place on its
 * queue, its transfer, its answer and its tries so far.  A request
 * begins with its struct httpq_req, and the request itself is its data on
 * its queue, so that httpq can end and free it.
 */
struct httpq_req {
	struct reqq_item	 item;		/* on its queue */
	char			*url;		/* where it goes */
	char			*body;		/* sent; may be NULL */
	void			*owned;		/* freed with it, or NULL */
	CURL			*easy;		/* while in flight */
	struct curl_slist	*headers;	/* made at its first start */
	struct buf		 response;
	int			 failures;	/* 5xx and network errors */
	int			 limited;	/* 429s */
	uint64_t		 not_before;	/* loop ms */
};

/*
 * Queues r, a new request (zeroed but for its url, body and owned and the
 * client's own fields), at the tail of the queue called name (borrowed),
 * its answer capped at body_max, and kicks the client.  0, or -1 when
 * that queue or all of them are full: r is not queued, and still the
 * caller's.
 */
int	httpq_add(struct httpq *, const char *name, struct httpq_req *r,
	    size_t body_max);
/* Appends the header line fmt ... to r's headers (copied). */
void	httpq_header(struct httpq_req *r, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/*
 * Starts r, the head of its queue, on the wire and marks its queue busy:
 * to its url with its headers, as method (NULL: POST), sending its body,
 * or when it has none, empty (NULL: nothing); on_header, timeout_ms and
 * ca_file as curluv_easy.  All borrowed: they must outlive the transfer.
 */
void	httpq_send(struct httpq *, struct httpq_req *r, const char *method,
	    const char *empty, curl_write_callback on_header, long timeout_ms,
	    const char *ca_file);
/*
 * Did r's transfer fail (rc, or a 5xx status)?  Then it counts one more
 * failure and returns what failed ("HTTP 503", curl's words), which the
 * caller frees; else NULL.
 */
char	*httpq_failed(struct httpq_req *r, CURLcode rc, long status);
/*
 * r was rate limited once more: 1 while it has been so at most max
 * times, else 0 and *error says how often ("rate limited N times"),
 * which the caller frees.
 */
int	httpq_limited(struct httpq_req *r, int max, char **error);
/*
 * r's answer parsed as JSON (the caller deletes it), or NULL when it
 * is empty, was cut at its cap, or is not JSON.
 */
cJSON	*httpq_json(struct httpq_req *r);
/* Takes r, its queue's head, off it: the queue's next may leave. */
void	httpq_unqueue(struct httpq *, struct httpq_req *r);
/* Frees what r holds (url, body, owned, headers, answer), not r. */
void	httpq_req_release(struct httpq_req *r);
/* Frees data, a request that begins with its struct httpq_req. */
void	httpq_req_free(void *data);

/*
 * A client whose struct begins with its struct httpq, and whose requests
 * begin with their struct httpq_req: a new one, a zeroed struct size
 * bytes long, its httpq as httpq_init makes it; NULL, with *cause, when
 * curl cannot start.
 */
void	*httpq_client_new(size_t size, uv_loop_t *, int queue_max,
	    int total_max, void (*kick)(void *), void *arg, const char *who,
	    char **cause);
/*
 * Stops client (NULL: nothing) as httpq_stop does: each request, in
 * flight or not, is ended and handed to free_req, which frees it.
 * Returns how many, or -1 when it had stopped (or is NULL).
 */
int	httpq_client_stop(void *client, void (*free_req)(void *));
/* Frees client (NULL: nothing) once it has stopped and the loop run. */
void	httpq_client_free(void *client);

#endif
