/*
 * Discord's rate limits, as the server states them.  Nothing here is
 * hard-coded but the documented global 50 requests a second: each
 * response's X-RateLimit-Bucket names the bucket its route belongs to,
 * -Limit says how many requests a window takes, and -Remaining and
 * -Reset-After how much of the current window is left.  A bucket's state
 * is kept per bucket and major parameter (channel, guild, webhook), as
 * Discord counts them.  A 429 blocks its bucket, or everything when it is
 * global, for retry_after.
 *
 * The count is kept here, not taken on trust from the last response: a
 * request that leaves takes one from remaining and is in flight until its
 * response (or failure) comes back.  So:
 *
 *  - A bucket nothing is known of (new, or its window ended with its limit
 *    unknown) lets one request go and holds the rest until something comes
 *    back, as Discord advises: learn the limit from the first response.
 *  - When a window's reset passes, remaining refills to the limit less the
 *    requests still in flight (they may count in the new window), and the
 *    sends count it down; the new window's end is learned from the first
 *    response of a request sent in it.
 *  - A response says what the server had left when it handled that one
 *    request; those still in flight may have been handled after it, so
 *    they are taken off, and within a window a response only ever lowers
 *    remaining and pushes the reset later.  A response to a request sent
 *    before the window began (a slow one) teaches nothing more.
 *
 * The tables are small linear lists with caps.  States that hold nothing
 * (no request in flight, no window or block running, no limit learned
 * lately) are swept out when the list has doubled since the last sweep,
 * and when it is full; a state with requests in flight is never forgotten
 * while another can be.
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
#define RL_SWEEP_MIN	256	/* states before the first sweep */
#define RL_GLOBAL_PER_S	50
/*
 * A request counts as in flight for this long at most, so a count that
 * went astray cannot hold its bucket for ever.  REST gives up on a
 * request after 15 s.
 */
#define RL_INFLIGHT_MS	30000
/*
 * A state that knows its limit is kept this long after its last request,
 * so a channel's next burst need not wait for a first answer again.
 */
#define RL_KEEP_MS	10000

struct rl_route {
	char	route[RL_KEY_MAX];
	char	bucket[RL_KEY_MAX];
};

struct rl_state {
	char		key[RATELIMIT_KEY_MAX];	/* bucket or route, "|", major */
	uint32_t	hash;			/* of key */
	long		limit;			/* a window's requests; -1: unknown */
	long		remaining;		/* in this window; -1: unknown */
	uint64_t	reset_at;		/* the window ends; 0: unknown */
	uint64_t	blocked_until;		/* a 429 said wait */
	uint64_t	window_seq;		/* first request sent in the window */
	uint64_t	last_sent;
	int		inflight;		/* sent, not yet come back */
};

struct ratelimit {
	struct rl_route	*routes;
	int		 nroutes;
	struct rl_state	*states;
	int		 nstates;
	int		 sweep_at;		/* nstates that starts a sweep */
	uint64_t	 global_until;		/* a global 429 said wait */
	uint64_t	 window_start;		/* of the current second */
	int		 window_count;
	uint64_t	 seq;			/* requests sent so far */
};

/*
 * Returns a new, empty rate-limit table; the caller frees it with
 * ratelimit_free.
 */
struct ratelimit *
ratelimit_new(void)
{
	struct ratelimit	*rl = xcalloc(1, sizeof *rl);

	rl->routes = xcalloc(RL_ROUTES_MAX, sizeof *rl->routes);
	rl->states = xcalloc(RL_STATES_MAX, sizeof *rl->states);
	rl->sweep_at = RL_SWEEP_MIN;
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

/* The bucket a route is known to belong to, or NULL. */
static const char *
ratelimit_mapped(struct ratelimit *rl, const char *route)
{
	int	i;

	for (i = 0; i < rl->nroutes; i++)
		if (strcmp(rl->routes[i].route, route) == 0)
			return rl->routes[i].bucket;
	return NULL;
}

/* FNV-1a of a key: most keys compared differ in it. */
static uint32_t
ratelimit_hash(const char *key)
{
	const unsigned char	*p;
	uint32_t		 h = 2166136261U;

	for (p = (const unsigned char *)key; *p != '\0'; p++)
		h = (h ^ *p) * 16777619U;
	return h;
}

/* Writes the state key of route/major into key (capped). */
static void
ratelimit_key(struct ratelimit *rl, const char *route, const char *major,
    char *key, size_t keylen)
{
	const char	*bucket = ratelimit_mapped(rl, route);

	snprintf(key, keylen, "%s|%s", bucket != NULL ? bucket : route, major);
}

/* The state named key, or NULL. */
static struct rl_state *
ratelimit_find(struct ratelimit *rl, const char *key)
{
	uint32_t	h = ratelimit_hash(key);
	int		i;

	for (i = 0; i < rl->nstates; i++)
		if (rl->states[i].hash == h &&
		    strcmp(rl->states[i].key, key) == 0)
			return &rl->states[i];
	return NULL;
}

/*
 * The window of s is over at now: remaining refills to the limit less the
 * requests still in flight, or is unknown with the limit.  A request in
 * flight for too long no longer counts.
 */
static void
ratelimit_refresh(struct ratelimit *rl, struct rl_state *s, uint64_t now)
{
	if (s->inflight > 0 && now >= s->last_sent + RL_INFLIGHT_MS)
		s->inflight = 0;
	if (s->reset_at == 0 || now < s->reset_at)
		return;
	if (s->limit > 0)
		s->remaining = s->limit > s->inflight ?
		    s->limit - s->inflight : 0;
	else
		s->remaining = -1;
	s->reset_at = 0;
	s->window_seq = rl->seq + 1;
}

/* Does s hold nothing worth keeping at now? */
static int
ratelimit_idle(struct ratelimit *rl, struct rl_state *s, uint64_t now)
{
	ratelimit_refresh(rl, s, now);
	return s->inflight == 0 && s->reset_at == 0 &&
	    s->blocked_until <= now &&
	    (s->limit <= 0 || now >= s->last_sent + RL_KEEP_MS);
}

/* Forgets every idle state. */
static void
ratelimit_sweep(struct ratelimit *rl, uint64_t now)
{
	int	i, n = 0;

	for (i = 0; i < rl->nstates; i++) {
		if (ratelimit_idle(rl, &rl->states[i], now))
			continue;
		if (n != i)
			rl->states[n] = rl->states[i];
		n++;
	}
	rl->nstates = n;
}

/*
 * A new state named key (borrowed).  When the list is full, one with
 * nothing in flight gives way, or the last one.
 */
static struct rl_state *
ratelimit_add(struct ratelimit *rl, const char *key, uint64_t now)
{
	struct rl_state	*s;
	int		 i;

	if (rl->nstates >= rl->sweep_at) {
		ratelimit_sweep(rl, now);
		rl->sweep_at = 2 * rl->nstates;
		if (rl->sweep_at < RL_SWEEP_MIN)
			rl->sweep_at = RL_SWEEP_MIN;
		if (rl->sweep_at > RL_STATES_MAX)
			rl->sweep_at = RL_STATES_MAX;
	}
	if (rl->nstates == RL_STATES_MAX) {
		for (i = 0; i < rl->nstates - 1; i++)
			if (rl->states[i].inflight == 0)
				break;
		rl->states[i] = rl->states[--rl->nstates];
	}
	s = &rl->states[rl->nstates++];
	memset(s, 0, sizeof *s);
	snprintf(s->key, sizeof s->key, "%s", key);
	s->hash = ratelimit_hash(s->key);
	s->limit = -1;
	s->remaining = -1;
	return s;
}

/* The state of route/major; with create, a new one when there is none. */
static struct rl_state *
ratelimit_state(struct ratelimit *rl, const char *route, const char *major,
    int create, uint64_t now)
{
	char		 key[RATELIMIT_KEY_MAX];
	struct rl_state	*s;

	ratelimit_key(rl, route, major, key, sizeof key);
	if ((s = ratelimit_find(rl, key)) != NULL) {
		ratelimit_refresh(rl, s, now);
		return s;
	}
	return create ? ratelimit_add(rl, key, now) : NULL;
}

uint64_t
ratelimit_wait(struct ratelimit *rl, const char *route, const char *major,
    int global, uint64_t now)
{
	struct rl_state	*s;
	uint64_t	 wait = 0, w;

	if (global) {
		if (rl->global_until > now)
			wait = rl->global_until - now;
		if (now - rl->window_start < 1000 &&
		    rl->window_count >= RL_GLOBAL_PER_S &&
		    rl->window_start + 1000 - now > wait)
			wait = rl->window_start + 1000 - now;
	}
	/* Nothing known and nothing in flight: one may go. */
	if ((s = ratelimit_state(rl, route, major, 0, now)) == NULL)
		return wait;
	if (s->blocked_until > now && s->blocked_until - now > wait)
		wait = s->blocked_until - now;
	if (s->remaining > 0)
		return wait;
	if (s->remaining == 0 && s->reset_at > now)
		w = s->reset_at - now;
	else if (s->inflight > 0)
		/* Nothing left that is known: wait for what comes back. */
		w = s->last_sent + RL_INFLIGHT_MS - now;
	else
		w = 0;
	return w > wait ? w : wait;
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
	s = ratelimit_state(rl, route, major, 1, now);
	if (s->remaining > 0)
		s->remaining--;
	s->inflight++;
	s->last_sent = now;
	snprintf(t->key, sizeof t->key, "%s", s->key);
	t->seq = ++rl->seq;
}

/*
 * route now belongs to bucket (both borrowed).  A route learned for the
 * first time brings the states it was counted on while its bucket was
 * unknown into its bucket's: their requests in flight count there too.
 */
static void
ratelimit_learn(struct ratelimit *rl, const char *route, const char *bucket,
    uint64_t now)
{
	char		 key[RATELIMIT_KEY_MAX];
	struct rl_state	*s, *to;
	size_t		 n = strlen(route);
	int		 i, known = 0;

	for (i = 0; i < rl->nroutes; i++)
		if (strcmp(rl->routes[i].route, route) == 0)
			break;
	if (i == rl->nroutes) {
		if (rl->nroutes == RL_ROUTES_MAX)
			i = 0;	/* overwrite the oldest */
		else
			rl->nroutes++;
		snprintf(rl->routes[i].route, RL_KEY_MAX, "%s", route);
	} else {
		known = 1;
		if (strcmp(rl->routes[i].bucket, bucket) == 0)
			return;
	}
	snprintf(rl->routes[i].bucket, RL_KEY_MAX, "%s", bucket);
	if (known)
		return;
	for (i = 0; i < rl->nstates; i++) {
		s = &rl->states[i];
		if (strncmp(s->key, route, n) != 0 || s->key[n] != '|')
			continue;
		snprintf(key, sizeof key, "%s|%s", bucket, s->key + n + 1);
		if ((to = ratelimit_find(rl, key)) == NULL) {
			/* The route's state becomes its bucket's. */
			snprintf(s->key, sizeof s->key, "%s", key);
			s->hash = ratelimit_hash(s->key);
			continue;
		}
		ratelimit_refresh(rl, to, now);
		if (to->remaining >= 0)
			to->remaining = to->remaining > s->inflight ?
			    to->remaining - s->inflight : 0;
		to->inflight += s->inflight;
		if (s->last_sent > to->last_sent)
			to->last_sent = s->last_sent;
		/* The last state takes its place, and is looked at next. */
		rl->states[i--] = rl->states[--rl->nstates];
	}
}

void
ratelimit_update(struct ratelimit *rl, const struct ratelimit_ticket *t,
    const char *route, const char *major, const char *bucket, long limit,
    long remaining, int64_t reset_after_ms, uint64_t now)
{
	struct rl_state	*s = NULL;
	uint64_t	 reset_at;
	long		 left;

	if (bucket != NULL && *bucket != '\0' && strlen(bucket) < RL_KEY_MAX)
		ratelimit_learn(rl, route, bucket, now);
	/*
	 * The request is no longer in flight where it was counted, or, if
	 * that state was brought into its bucket's since, there.
	 */
	if (t != NULL && t->seq != 0) {
		if ((s = ratelimit_find(rl, t->key)) == NULL)
			s = ratelimit_state(rl, route, major, 0, now);
		if (s != NULL && s->inflight > 0)
			s->inflight--;
	}
	if (limit <= 0 && remaining < 0 && reset_after_ms < 0)
		return;
	s = ratelimit_state(rl, route, major, 1, now);
	if (limit > 0)
		s->limit = limit;
	/* Sent before this window began: it says nothing about this one. */
	if (t != NULL && t->seq != 0 && t->seq < s->window_seq)
		return;
	if (remaining >= 0) {
		left = remaining > s->inflight ? remaining - s->inflight : 0;
		if (s->remaining < 0 || left < s->remaining)
			s->remaining = left;
	}
	if (reset_after_ms >= 0) {
		reset_at = now + (uint64_t)reset_after_ms;
		if (reset_at > s->reset_at)
			s->reset_at = reset_at;
	}
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
