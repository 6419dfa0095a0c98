/*
 * Exponential backoff with jitter, and the reconnect timer that waits it;
 * see backoff.h.  The jitter keeps many clients that lost the same server
 * from coming back at the same instant.
 */
#include <stdlib.h>

#include "lib/backoff.h"

uint64_t
backoff_delay(uint64_t first_ms, uint64_t max_ms, int failures)
{
	uint64_t	cap = first_ms;
	int		i;

	for (i = 1; i < failures && cap < max_ms; i++)
		cap *= 2;
	if (cap > max_ms)
		cap = max_ms;
	return cap / 2 + (uint64_t)random() % (cap / 2 + 1);
}

static void
backoff_fire(uv_timer_t *t)
{
	struct backoff	*b = t->data;

	if (!b->closed)
		b->fn(b->arg);
}

void
backoff_init(struct backoff *b, uv_loop_t *loop, uint64_t first_ms,
    uint64_t max_ms, void (*fn)(void *), void *arg)
{
	b->first_ms = first_ms > 0 ? first_ms : 1000;
	b->max_ms = max_ms > 0 ? max_ms : 60000;
	b->failures = 0;
	b->closed = 0;
	b->fn = fn;
	b->arg = arg;
	uv_timer_init(loop, &b->timer);
	b->timer.data = b;
}

void
backoff_close(struct backoff *b)
{
	if (b->closed)
		return;
	b->closed = 1;
	uv_close((uv_handle_t *)&b->timer, NULL);
}

void
backoff_after(struct backoff *b, uint64_t ms)
{
	if (!b->closed)
		uv_timer_start(&b->timer, backoff_fire, ms, 0);
}

uint64_t
backoff_next(struct backoff *b)
{
	uint64_t	ms;

	b->failures++;
	ms = backoff_delay(b->first_ms, b->max_ms, b->failures);
	backoff_after(b, ms);
	return ms;
}

void
backoff_reset(struct backoff *b)
{
	b->failures = 0;
}

void
backoff_cancel(struct backoff *b)
{
	if (!b->closed)
		uv_timer_stop(&b->timer);
}

int
backoff_pending(const struct backoff *b)
{
	return !b->closed && uv_is_active((const uv_handle_t *)&b->timer);
}
