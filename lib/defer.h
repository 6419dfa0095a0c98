/*
 * defer: a call made once on a later turn of the loop, from a zero-length
 * timer, so that it never runs inside the callbacks of whoever asked for
 * it (an adapter that stops itself from inside its own HTTP client's or
 * socket's callbacks: Slack's revoke.c, Telegram's halt.c).
 */
#ifndef LIB_DEFER_H
#define LIB_DEFER_H

#include <uv.h>

/* A deferred call; every field is the defer's own.  Zeroed: not armed. */
struct defer {
	uv_timer_t	 timer;
	int		 armed;		/* timer to be closed */
	void		(*fn)(void *);
	void		*arg;
};

/*
 * Arms d (not armed) to call fn(arg) once on loop's next turn.  The
 * timer is closed before fn runs; defer_release closes it sooner.
 */
void	defer_arm(struct defer *d, uv_loop_t *loop, void (*fn)(void *),
	    void *arg);
/* Closes d's timer, so fn is not called, if it is armed; else nothing. */
void	defer_release(struct defer *d);

#endif
