/*
 * backoff: how long to wait before the next connection after failures in
 * a row, exponential with jitter, and the owner's reconnect timer that
 * waits it, shared by every client that reconnects (lib/wsclient,
 * lib/transport).
 */
#ifndef LIB_BACKOFF_H
#define LIB_BACKOFF_H

#include <stdint.h>

#include <uv.h>

/*
 * The delay (ms) after failures in a row (1: the first): a random time
 * between half and all of first_ms doubled per failure after the first,
 * the doubled time held to max_ms.
 */
uint64_t	backoff_delay(uint64_t first_ms, uint64_t max_ms, int failures);

/* A reconnect timer; every field is the timer's own. */
struct backoff {
	uv_timer_t	 timer;
	uint64_t	 first_ms;
	uint64_t	 max_ms;
	int		 failures;	/* in a row */
	int		 closed;
	void		(*fn)(void *);
	void		*arg;
};

/*
 * Embedded object: _init on loop (first_ms and max_ms 0: 1 s and 60 s;
 * fn(arg) runs when a wait is over), _close when done (its handle closes
 * with the loop's next turn; the memory must live until then).
 */
void		backoff_init(struct backoff *, uv_loop_t *, uint64_t first_ms,
		    uint64_t max_ms, void (*fn)(void *), void *arg);
void		backoff_close(struct backoff *);
/* Counts one more failure and waits backoff_delay for them; the delay. */
uint64_t	backoff_next(struct backoff *);
/* Waits ms, whatever the failures so far. */
void		backoff_after(struct backoff *, uint64_t ms);
/* A connection worked: the next wait starts from the first again. */
void		backoff_reset(struct backoff *);
/* Forgets the wait under way. */
void		backoff_cancel(struct backoff *);
/* 1 while a wait is under way. */
int		backoff_pending(const struct backoff *);

#endif
