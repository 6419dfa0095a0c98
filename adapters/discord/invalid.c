/*
 * Invalid requests: Discord bans an IP for an hour after 10,000 responses
 * of 401, 403 or 429 (except a 429 of X-RateLimit-Scope: shared, which
 * is not the bot's doing) in 10 minutes.  The bot counts its own in a
 * sliding window of INVALID_SLOTS slots; past INVALID_WARN it says so
 * once, and past INVALID_HOLD the REST client sends nothing (rest.c)
 * until the count drops below again.  The gateway is not held.
 */
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/daemon/log.h"

#define INVALID_SLOT_MS	(INVALID_WINDOW_MS / INVALID_SLOTS)

/* Empties the slots older than the window that ends at now. */
static void
invalid_age(struct invalid *iv, uint64_t now)
{
	uint64_t	epoch = now / INVALID_SLOT_MS;
	int		i;

	for (i = 0; i < INVALID_SLOTS; i++)
		if (iv->epoch[i] + INVALID_SLOTS <= epoch)
			iv->count[i] = 0;
}

int
invalid_total(struct invalid *iv, uint64_t now)
{
	int	i, n = 0;

	invalid_age(iv, now);
	for (i = 0; i < INVALID_SLOTS; i++)
		n += (int)iv->count[i];
	if (n < INVALID_WARN)
		iv->warned = 0;
	return n;
}

void
invalid_count(struct invalid *iv, long status, uint64_t now)
{
	uint64_t	epoch = now / INVALID_SLOT_MS;
	int		i = (int)(epoch % INVALID_SLOTS), n;

	invalid_age(iv, now);
	if (iv->epoch[i] != epoch) {
		iv->epoch[i] = epoch;
		iv->count[i] = 0;
	}
	iv->count[i]++;
	n = invalid_total(iv, now);
	if (n >= INVALID_HOLD && iv->warned < 2) {
		iv->warned = 2;
		log_error("discord: %d invalid requests (401, 403, 429) in 10 "
		    "minutes (the last a %ld); Discord bans the IP at 10,000, "
		    "so only the gateway is used until the count drops below "
		    "%d", n, status, INVALID_HOLD);
	} else if (n >= INVALID_WARN && iv->warned < 1) {
		iv->warned = 1;
		log_warn("discord: %d invalid requests (401, 403, 429) in 10 "
		    "minutes (the last a %ld); Discord bans the IP at 10,000",
		    n, status);
	}
}

uint64_t
invalid_hold(struct invalid *iv, uint64_t now)
{
	uint64_t	epoch = now / INVALID_SLOT_MS, oldest = epoch;
	int		i;

	if (invalid_total(iv, now) < INVALID_HOLD)
		return 0;
	/* Held until the oldest slot leaves the window. */
	for (i = 0; i < INVALID_SLOTS; i++)
		if (iv->count[i] > 0 && iv->epoch[i] < oldest)
			oldest = iv->epoch[i];
	return (oldest + INVALID_SLOTS) * INVALID_SLOT_MS - now;
}
