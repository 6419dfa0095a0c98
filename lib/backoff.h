/*
 * backoff: how long to wait before the next connection after failures in
 * a row, exponential with jitter, shared by every client that reconnects
 * (lib/wsclient, lib/transport).
 */
#ifndef LIB_BACKOFF_H
#define LIB_BACKOFF_H

#include <stdint.h>

/*
 * The delay (ms) after failures in a row (1: the first): a random time
 * between half and all of first_ms doubled per failure after the first,
 * the doubled time held to max_ms.
 */
uint64_t	backoff_delay(uint64_t first_ms, uint64_t max_ms, int failures);

#endif
