/*
 * Discord's rate limits, as the server states them.  Nothing here is
 * hard-coded but the documented global 50 requests a second: each
 * response's X-RateLimit-Bucket names the bucket its route belongs to, and
 * -Remaining and -Reset-After say how much of it is left.  A bucket's state
 * is kept per bucket and major parameter (channel, guild, webhook), as
 * Discord counts them.  A 429 blocks its bucket, or everything when it is
 * global, for retry_after.
 *
 * The tables are small linear lists with caps: an entry whose limit has
 * reset is forgotten first when a list is full.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "lib/xmalloc.h"

#define RL_KEY_MAX	160
#define RL_ROUTES_MAX	256	/* route -> bucket hash */
#define RL_STATES_MAX	4096	/* bucket + major -> remaining, reset */
#define RL_GLOBAL_PER_S	50

struct rl_route {
	char	route[RL_KEY_MAX];
	char	bucket[RL_KEY_MAX];
};

struct rl_state {
	char		key[2 * RL_KEY_MAX];	/* bucket or route, "|", major */
	long		remaining;		/* -1: unknown */
	uint64_t	reset_at;		/* when remaining refills */
	uint64_t	blocked_until;		/* a 429 said wait */
};

struct ratelimit {
	struct rl_route	*routes;
	int		 nroutes;
	struct rl_state	*states;
	int		 nstates;
	uint64_t	 global_until;		/* a global 429 said wait */
	uint64_t	 window_start;		/* of the current second */
	int		 window_count;
	uint64_t	 seq;			/* requests sent so far */
};

struct ratelimit *
ratelimit_new(void)
{
	struct ratelimit	*rl = xcalloc(1, sizeof *rl);

	rl->routes = xcalloc(RL_ROUTES_MAX, sizeof *rl->routes);
	rl->states = xcalloc(RL_STATES_MAX, sizeof *rl->states);
	return rl;
}

void
ratelimit_free(struct ratelimit *rl)
{
	if (rl == NULL)
		return;
	free(rl->routes);
	free(rl->states);
	free(rl);
}

static int
ratelimit_is_id(const char *s, size_t n)
{
	size_t	i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

void
ratelimit_route(const char *method, const char *path, char *route,
    size_t routelen, char *major, size_t majorlen)
{
	const char	*p = path, *seg;
	size_t		 n, r, m;
	int		 keep = 0;

	r = (size_t)snprintf(route, routelen, "%s ", method);
	if (r >= routelen)
		r = routelen - 1;
	m = 0;
	major[0] = '\0';
	while (*p == '/') {
		seg = ++p;
		n = strcspn(seg, "/?");
		p = seg + n;
		if (keep > 0) {
			/* The major parameter: channel, guild, or webhook id+token. */
			m += (size_t)snprintf(major + m, m < majorlen ?
			    majorlen - m : 0, "%s%.*s", m ? "/" : "", (int)n, seg);
			if (m >= majorlen)
				m = majorlen - 1;
			r += (size_t)snprintf(route + r, routelen - r, "/{major}");
			keep--;
		} else if (ratelimit_is_id(seg, n)) {
			r += (size_t)snprintf(route + r, routelen - r, "/:id");
		} else {
			r += (size_t)snprintf(route + r, routelen - r, "/%.*s",
			    (int)n, seg);
			/*
			 * Majors: a channel, a guild, a webhook's id and token;
			 * an interaction's id and token too, so each
			 * interaction's answers count on their own.
			 */
			if ((n == 8 && strncmp(seg, "channels", 8) == 0) ||
			    (n == 6 && strncmp(seg, "guilds", 6) == 0))
				keep = 1;
			else if ((n == 8 && strncmp(seg, "webhooks", 8) == 0) ||
			    (n == 12 && strncmp(seg, "interactions", 12) == 0))
				keep = 2;
		}
		if (r >= routelen)
			r = routelen - 1;
		if (*p == '?')
			break;
	}
}

/* The bucket a route is known to belong to, or the route itself. */
static const char *
ratelimit_bucket_of(struct ratelimit *rl, const char *route)
{
	int	i;

	for (i = 0; i < rl->nroutes; i++)
		if (strcmp(rl->routes[i].route, route) == 0)
			return rl->routes[i].bucket;
	return route;
}

/* The state of bucket/major; with create, a new one when there is none. */
static struct rl_state *
ratelimit_state(struct ratelimit *rl, const char *route, const char *major,
    int create, uint64_t now)
{
	char		 key[2 * RL_KEY_MAX];
	struct rl_state	*s;
	int		 i;

	snprintf(key, sizeof key, "%s|%s", ratelimit_bucket_of(rl, route), major);
	for (i = 0; i < rl->nstates; i++)
		if (strcmp(rl->states[i].key, key) == 0)
			return &rl->states[i];
	if (!create)
		return NULL;
	if (rl->nstates == RL_STATES_MAX) {
		/* Forget states whose limits are over. */
		for (i = 0; i < rl->nstates; i++) {
			s = &rl->states[i];
			if (s->reset_at <= now && s->blocked_until <= now)
				*s = rl->states[--rl->nstates];
		}
		if (rl->nstates == RL_STATES_MAX)
			rl->nstates--;	/* drop the last one */
	}
	s = &rl->states[rl->nstates++];
	memset(s, 0, sizeof *s);
	snprintf(s->key, sizeof s->key, "%s", key);
	s->remaining = -1;
	return s;
}

uint64_t
ratelimit_wait(struct ratelimit *rl, const char *route, const char *major,
    int global, uint64_t now)
{
	struct rl_state	*s;
	uint64_t	 wait = 0;

	if (global) {
		if (rl->global_until > now)
			wait = rl->global_until - now;
		if (now - rl->window_start < 1000 &&
		    rl->window_count >= RL_GLOBAL_PER_S &&
		    rl->window_start + 1000 - now > wait)
			wait = rl->window_start + 1000 - now;
	}
	if ((s = ratelimit_state(rl, route, major, 0, now)) == NULL)
		return wait;
	if (s->blocked_until > now && s->blocked_until - now > wait)
		wait = s->blocked_until - now;
	if (s->remaining == 0 && s->reset_at > now && s->reset_at - now > wait)
		wait = s->reset_at - now;
	return wait;
}

void
ratelimit_sent(struct ratelimit *rl, const char *route, const char *major,
    int global, uint64_t now, struct ratelimit_ticket *t)
{
	struct rl_state	*s;

	if (global) {
		if (now - rl->window_start >= 1000) {
			rl->window_start = now;
			rl->window_count = 0;
		}
		rl->window_count++;
	}
	snprintf(t->key, sizeof t->key, "%s|%s", ratelimit_bucket_of(rl, route),
	    major);
	t->seq = ++rl->seq;
	s = ratelimit_state(rl, route, major, 0, now);
	if (s != NULL && s->remaining > 0)
		s->remaining--;
}

void
ratelimit_update(struct ratelimit *rl, const struct ratelimit_ticket *t,
    const char *route, const char *major, const char *bucket, long limit,
    long remaining, int64_t reset_after_ms, uint64_t now)
{
	struct rl_state	*s;
	int		 i;

	(void)t;
	(void)limit;
	if (bucket != NULL && *bucket != '\0' && strlen(bucket) < RL_KEY_MAX) {
		for (i = 0; i < rl->nroutes; i++)
			if (strcmp(rl->routes[i].route, route) == 0)
				break;
		if (i == rl->nroutes) {
			if (rl->nroutes == RL_ROUTES_MAX)
				i = 0;	/* overwrite the oldest */
			else
				rl->nroutes++;
			snprintf(rl->routes[i].route, RL_KEY_MAX, "%s", route);
		}
		snprintf(rl->routes[i].bucket, RL_KEY_MAX, "%s", bucket);
	}
	if (remaining < 0 && reset_after_ms < 0)
		return;
	s = ratelimit_state(rl, route, major, 1, now);
	if (remaining >= 0)
		s->remaining = remaining;
	if (reset_after_ms >= 0)
		s->reset_at = now + (uint64_t)reset_after_ms;
}

void
ratelimit_limited(struct ratelimit *rl, const char *route, const char *major,
    int global, uint64_t retry_ms, uint64_t now)
{
	struct rl_state	*s;

	if (global) {
		rl->global_until = now + retry_ms;
		return;
	}
	s = ratelimit_state(rl, route, major, 1, now);
	s->blocked_until = now + retry_ms;
}
