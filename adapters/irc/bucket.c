/*
 * The token bucket that keeps the bot within a server's flood limits:
 * up to burst lines at once, then one every rate_ms.  Tokens come back
 * one per rate_ms up to burst; a line that must go without one (PONG,
 * registration) puts the bucket in debt, paid back before the next.  A
 * reserve of tokens can be kept for answers: a caller asks for a token
 * "above keep", so talk leaves the last keep tokens alone.  Pure: the
 * caller passes the loop's clock in milliseconds.
 */
#include "adapters/irc/irc-int.h"

void
bucket_init(struct irc_bucket *b, uint64_t rate_ms, int burst, uint64_t now)
{
	b->rate_ms = rate_ms;
	b->burst = burst < 1 ? 1 : burst;
	b->tokens = b->burst;
	b->refilled = now;
}

/* Adds the tokens earned since the last refill, up to the burst. */
static void
bucket_refill(struct irc_bucket *b, uint64_t now)
{
	uint64_t	n;

	if (b->rate_ms == 0 || now < b->refilled) {
		if (b->rate_ms == 0)
			b->tokens = b->burst;
		b->refilled = now;
		return;
	}
	n = (now - b->refilled) / b->rate_ms;
	b->refilled += n * b->rate_ms;
	if (b->tokens + (int64_t)n >= b->burst) {
		b->tokens = b->burst;
		b->refilled = now;
	} else
		b->tokens += (int64_t)n;
}

int
bucket_take(struct irc_bucket *b, uint64_t now, int keep)
{
	bucket_refill(b, now);
	if (b->tokens <= keep)
		return 0;
	if (b->rate_ms > 0)
		b->tokens--;
	return 1;
}

void
bucket_spend(struct irc_bucket *b, uint64_t now)
{
	bucket_refill(b, now);
	if (b->rate_ms > 0)
		b->tokens--;
}

uint64_t
bucket_wait(struct irc_bucket *b, uint64_t now, int keep)
{
	int64_t	short_by;

	bucket_refill(b, now);
	if (b->tokens > keep || b->rate_ms == 0)
		return 0;
	if (keep >= b->burst)
		keep = b->burst - 1;
	/* The next token comes rate_ms after the last refill, then one a rate. */
	short_by = keep + 1 - b->tokens;
	return (uint64_t)short_by * b->rate_ms - (now - b->refilled);
}
