/*
 * defer: a call made once on a later turn of the loop (lib/defer.h).
 */
#include "lib/defer.h"

/* The timer fired: closed first, then the call, which may free d's owner. */
static void
defer_on_timer(uv_timer_t *t)
{
	struct defer	*d = t->data;

	defer_release(d);
	d->fn(d->arg);
}

void
defer_arm(struct defer *d, uv_loop_t *loop, void (*fn)(void *), void *arg)
{
	d->fn = fn;
	d->arg = arg;
	uv_timer_init(loop, &d->timer);
	d->timer.data = d;
	d->armed = 1;
	uv_timer_start(&d->timer, defer_on_timer, 0, 0);
}

void
defer_release(struct defer *d)
{
	if (!d->armed)
		return;
	d->armed = 0;
	uv_close((uv_handle_t *)&d->timer, NULL);
}
