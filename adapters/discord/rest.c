/*
 * The REST client: libcurl's multi interface on the bot's libuv loop
 * (lib/curluv.c), so no request ever blocks the loop.
 *
 * Requests wait in named FIFO queues, by default one per route and major
 * parameter (so the messages to one channel leave, and arrive, in order).
 * Only the head of a queue is in flight.  It leaves when the rate limits
 * (ratelimit.c) allow; a 429 puts it back at the head for retry_after, a
 * 5xx or a network error retries it with exponential backoff.  Queues are
 * bounded: a full one refuses new requests with a cause.
 *
 * Every request carries "Authorization: Bot <token>" and the User-Agent
 * Discord asks for.  The token is never logged.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "adapters/discord/discord-int.h"
#include "bot/daemon/log.h"
#include "lib/curluv.h"
#include "lib/httpq.h"
#include "lib/json.h"
#include "lib/reqqueue.h"
#include "lib/xmalloc.h"

#define REST_BODY_MAX		(1024 * 1024)	/* a response body */
#define REST_KEY_MAX		160
#define REST_RETRIES_5XX	5		/* 5xx and network errors */
#define REST_RETRIES_429	100		/* 429s before giving up */
#define REST_TIMEOUT_MS		15000L
/*
 * A REST_QUICK request (an interaction's callback) is tried at most this
 * many times, and never once its window, counted from the event that
 * asked for it, is over: Discord takes a callback for 3 s only.
 */
#define REST_QUICK_TRIES	2
#define REST_QUICK_WINDOW_MS	3000

struct rest_req {
	struct httpq_req	 req;		/* first: httpq's part */
	struct discord		*d;
	char			*method;
	char			 route[REST_KEY_MAX];
	char			 major[REST_KEY_MAX];
	char			 channel[DISCORD_ID_MAX];	/* "": not a channel's */
	int			 flags;
	rest_cb			*cb;
	void			*arg;
	unsigned		 gen;		/* rest->gen when queued */
	uint64_t		 since_ns;	/* REST_TIMED: d->rx_ns, else 0 */
	uint64_t		 deadline;	/* REST_QUICK: loop ms it ends */

	struct ratelimit_ticket	 ticket;	/* what ratelimit_sent counted */
	char			 bucket[REST_KEY_MAX];
	long			 limit;
	long			 remaining;
	int64_t			 reset_after;
	int			 global_header;
	int			 shared_scope;	/* X-RateLimit-Scope: shared */
	int64_t			 retry_after_header;	/* ms, -1 */
};

_Static_assert(offsetof(struct rest_req, req) == 0,
    "struct rest_req must begin with its struct httpq_req");

struct rest {
	struct httpq		 hq;		/* first: curl, queues, a timer */
	struct ratelimit	*rl;
	struct invalid		 invalid;	/* 401, 403, 429 (invalid.c) */
	int			 refused;	/* the token was refused: hold all */
	int			 draining;	/* shutting down: no new requests */
	uint32_t		 nonces;	/* message creates so far */
	unsigned		 gen;		/* counts restarts after a refusal */
};

_Static_assert(offsetof(struct rest, hq) == 0,
    "struct rest must begin with its struct httpq");

static void	rest_kick(struct discord *);

/* Frees r (a struct rest_req). */
static void
rest_req_free(void *data)
{
	struct rest_req	*r = data;

	httpq_req_release(&r->req);
	free(r->method);
	free(r);
}

/* curl did some work, or a wait is over: start what may start. */
static void
rest_after(void *arg)
{
	rest_kick(arg);
}

/* Copies a header's value, trimmed, into out (capped). */
static int
rest_header(const char *line, size_t len, const char *name, char *out,
    size_t outlen)
{
	size_t	nl = strlen(name), vl;

	if (len <= nl + 1 || strncasecmp(line, name, nl) != 0 || line[nl] != ':')
		return 0;
	line += nl + 1;
	len -= nl + 1;
	while (len > 0 && isspace((unsigned char)*line)) {
		line++;
		len--;
	}
	while (len > 0 && isspace((unsigned char)line[len - 1]))
		len--;
	vl = len < outlen - 1 ? len : outlen - 1;
	memcpy(out, line, vl);
	out[vl] = '\0';
	return 1;
}

/* A number of seconds ("1.5") as milliseconds, or -1. */
static int64_t
rest_seconds_ms(const char *s)
{
	char	*end;
	double	 v = strtod(s, &end);

	if (end == s || v < 0 || v > 86400)
		return -1;
	return (int64_t)(v * 1000 + 0.5);
}

static size_t
rest_on_header(char *data, size_t size, size_t n, void *arg)
{
	struct rest_req	*r = arg;
	size_t		 len = size * n;
	char		 v[REST_KEY_MAX];

	if (rest_header(data, len, "X-RateLimit-Bucket", v, sizeof v))
		snprintf(r->bucket, sizeof r->bucket, "%s", v);
	else if (rest_header(data, len, "X-RateLimit-Limit", v, sizeof v)) {
		if (isdigit((unsigned char)v[0]))
			r->limit = strtol(v, NULL, 10);
	} else if (rest_header(data, len, "X-RateLimit-Remaining", v, sizeof v)) {
		if (isdigit((unsigned char)v[0]))
			r->remaining = strtol(v, NULL, 10);
	} else if (rest_header(data, len, "X-RateLimit-Reset-After", v, sizeof v))
		r->reset_after = rest_seconds_ms(v);
	else if (rest_header(data, len, "X-RateLimit-Global", v, sizeof v))
		r->global_header = strcasecmp(v, "true") == 0;
	else if (rest_header(data, len, "X-RateLimit-Scope", v, sizeof v))
		r->shared_scope = strcasecmp(v, "shared") == 0;
	else if (rest_header(data, len, "Retry-After", v, sizeof v))
		r->retry_after_header = rest_seconds_ms(v);
	return len;
}

/* Starts the head request r of its queue on the multi handle. */
/* How long r may take on the wire: a quick one, until its window ends. */
static long
rest_timeout(struct discord *d, const struct rest_req *r)
{
	uint64_t	now = uv_now(d->loop);

	if (!(r->flags & REST_QUICK))
		return REST_TIMEOUT_MS;
	if (r->deadline <= now + 250)
		return 250;
	return (long)(r->deadline - now);
}

/* May a quick request (only) still be tried after waiting ms? */
static int
rest_in_window(struct discord *d, const struct rest_req *r, uint64_t ms)
{
	if (!(r->flags & REST_QUICK))
		return 1;
	return r->req.failures < REST_QUICK_TRIES &&
	    uv_now(d->loop) + ms < r->deadline;
}

static void
rest_start(struct discord *d, struct rest_req *r)
{
	struct rest	*rest = d->rest;

	r->bucket[0] = '\0';
	r->limit = -1;
	r->remaining = -1;
	r->reset_after = -1;
	r->global_header = 0;
	r->shared_scope = 0;
	r->retry_after_header = -1;
	if (r->req.headers == NULL) {
		httpq_header(&r->req, "Authorization: Bot %s", d->token);
		httpq_header(&r->req, "User-Agent: %s", d->user_agent);
		if (r->req.body != NULL)
			httpq_header(&r->req, "Content-Type: application/json");
	}
	ratelimit_sent(rest->rl, r->route, r->major,
	    !(r->flags & REST_NO_GLOBAL), uv_now(d->loop), &r->ticket);
	log_debug("discord: %s", r->route);
	if (r->since_ns != 0) {
		log_debug("discord: interaction answered: the callback leaves "
		    "%llu us after its event arrived",
		    (unsigned long long)((uv_hrtime() - r->since_ns) / 1000));
		r->since_ns = 0;	/* a retry is not measured again */
	}
	httpq_send(&rest->hq, &r->req, r->method, NULL, rest_on_header,
	    rest_timeout(d, r), d->ca_file);
}

/*
 * Exponential backoff with jitter: about 1 s, 2 s, 4 s ...  A REST_QUICK
 * request (an interaction's callback, which Discord takes for 3 s only)
 * tries again after about 100, 200, 400, 800 ms instead.
 */
static uint64_t
rest_backoff(int failures, int flags)
{
	uint64_t	ms;

	if (flags & REST_QUICK)
		ms = 100ULL << (failures > 4 ? 3 : failures - 1);
	else
		ms = 1000ULL << (failures > 6 ? 6 : failures - 1);

	return ms / 2 + (uint64_t)random() % (ms / 2 + 1);
}

/* A transfer (r) is over: retry it, or hand its result to the caller. */
static void
rest_done(void *priv, CURLcode rc, void *arg)
{
	struct rest_req		*r = priv;
	struct discord		*d = arg;
	struct rest		*rest = d->rest;
	struct rest_result	 res;
	cJSON			*json = NULL, *item;
	uint64_t		 now = uv_now(d->loop), retry;
	int64_t			 ms;
	char			*error = NULL;
	int			 global;

	memset(&res, 0, sizeof res);
	res.status = httpq_done(&rest->hq, &r->req.easy, &r->req.item, rc);
	/*
	 * Whatever came back, the request is no longer in flight: its
	 * bucket learns that, and what the headers said, if any came.
	 */
	ratelimit_update(rest->rl, &r->ticket, r->route, r->major, r->bucket,
	    r->limit, r->remaining, r->reset_after, now);

	if ((error = httpq_failed(&r->req, rc, res.status)) != NULL) {
		retry = rest_backoff(r->req.failures, r->flags);
		if (r->req.failures <= REST_RETRIES_5XX &&
		    rest_in_window(d, r, retry)) {
			log_warn("discord: %s: %s; retrying in %llu ms",
			    r->route, error, (unsigned long long)retry);
			free(error);
			r->req.not_before = now + retry;
			return;
		}
		/* A quick one's caller says it once, naming what it was. */
		if (!(r->flags & REST_QUICK))
			log_warn("discord: %s: %s; giving up", r->route,
			    error);
		goto finish;
	}

	/* What Discord counts towards an IP ban. */
	if (res.status == 401 || res.status == 403 ||
	    (res.status == 429 && !r->shared_scope))
		invalid_count(&rest->invalid, res.status, now);
	json = httpq_json(&r->req);

	if (res.status == 429) {
		ms = -1;
		global = r->global_header;
		if (json != NULL) {
			item = cJSON_GetObjectItemCaseSensitive(json, "retry_after");
			if (cJSON_IsNumber(item) && item->valuedouble >= 0 &&
			    item->valuedouble <= 86400)
				ms = (int64_t)(item->valuedouble * 1000 + 0.5);
			if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(json,
			    "global")))
				global = 1;
		}
		if (ms < 0)
			ms = r->retry_after_header >= 0 ? r->retry_after_header :
			    1000;
		cJSON_Delete(json);
		json = NULL;
		if (++r->req.limited <= REST_RETRIES_429 &&
		    rest_in_window(d, r, (uint64_t)ms)) {
			log_info("discord: %s: rate limited%s for %lld ms",
			    r->route, global ? " (global)" : "",
			    (long long)ms);
			ratelimit_limited(rest->rl, r->route, r->major,
			    global && !(r->flags & REST_NO_GLOBAL), (uint64_t)ms,
			    now);
			r->req.not_before = now + (uint64_t)ms;
			return;
		}
		error = xasprintf("rate limited %d times", r->req.limited - 1);
		/* A quick one's caller says it once, naming what it was. */
		if (!(r->flags & REST_QUICK))
			log_warn("discord: %s: %s; giving up", r->route,
			    error);
		goto finish;
	}

	res.json = json;
	if (json != NULL) {
		item = cJSON_GetObjectItemCaseSensitive(json, "code");
		if (cJSON_IsNumber(item) && item->valuedouble >= 0 &&
		    item->valuedouble < 1e9)
			res.code = item->valueint;
	}
	if (res.status < 200 || res.status >= 300) {
		item = json == NULL ? NULL :
		    cJSON_GetObjectItemCaseSensitive(json, "message");
		if (item == NULL || !cJSON_IsString(item))
			error = xasprintf("HTTP %ld", res.status);
		else
			error = xasprintf("HTTP %ld: %.200s", res.status,
			    item->valuestring);
	}

finish:
	res.error = error;
	httpq_unqueue(&rest->hq, &r->req);
	/* The token was reset or revoked (unless a new one came since). */
	if (res.status == 401 && r->gen == rest->gen)
		discord_refused(d, r->route);
	/* Final for the channel: nothing more goes there (lost.c). */
	if (r->channel[0] != '\0' && lost_code(&res))
		lost_mark(d, r->channel, res.status == 404 ?
		    "the channel no longer exists" : res.code ==
		    DISCORD_ERR_MISSING_ACCESS ? "I have no access to the "
		    "channel any more" : "I lack a permission in the channel");
	if (r->cb != NULL)
		r->cb(d, &res, r->arg);
	cJSON_Delete(json);
	free(error);
	rest_req_free(r);
	if (rest->draining)
		discord_drained(d);
}

/* Collects finished transfers, then starts what may start. */
static void
rest_check_done(struct discord *d)
{
	/*
	 * The loop's time is that of its turn's start; a response's reset
	 * is counted from when it came, not earlier.
	 */
	uv_update_time(d->loop);
	curluv_each_done(&d->rest->hq.cu, rest_done, d);
}

/*
 * Hands r, which never left and is off its queue, to its caller as failed
 * (error borrowed), and frees it.
 */
static void
rest_give_up(struct discord *d, struct rest_req *r, const char *error)
{
	struct rest_result	res;

	memset(&res, 0, sizeof res);
	res.error = error;
	if (r->cb != NULL)
		r->cb(d, &res, r->arg);
	rest_req_free(r);
}

/*
 * Starts every queue head that may leave now; re-arms for the next.  A
 * quick head whose window is over never leaves: it is taken off its queue
 * during the walk and given up after it, since its caller may queue more.
 */
static void
rest_kick(struct discord *d)
{
	struct rest		*rest = d->rest;
	struct reqq_queue	*q, *qnext;
	struct rest_req		*r;
	struct reqq_list	 late = TAILQ_HEAD_INITIALIZER(late);
	uint64_t		 now, wait, next = UINT64_MAX;
	int			 left;

	if (rest->hq.stopped)
		return;
	rest_check_done(d);
	if (rest->refused) {
		httpq_wait(&rest->hq, UINT64_MAX);
		return;
	}
	now = uv_now(d->loop);
	/* Too many invalid requests: nothing leaves until the count drops. */
	if (rest->hq.rq.total > 0 &&
	    (wait = invalid_hold(&rest->invalid, now)) > 0) {
		httpq_wait(&rest->hq, wait);
		return;
	}
	for (q = TAILQ_FIRST(&rest->hq.rq.queues); q != NULL; q = qnext) {
		qnext = TAILQ_NEXT(q, entry);
		if (q->busy)
			continue;
		r = reqq_head(q);
		while (r != NULL && (r->flags & REST_QUICK) &&
		    now >= r->deadline) {
			left = reqq_remove(&rest->hq.rq, &r->req.item);
			TAILQ_INSERT_TAIL(&late, &r->req.item, entry);
			r = left > 0 ? reqq_head(q) : NULL;
		}
		if (r == NULL)
			continue;
		wait = ratelimit_wait(rest->rl, r->route, r->major,
		    !(r->flags & REST_NO_GLOBAL), now);
		if (r->req.not_before > now && r->req.not_before - now > wait)
			wait = r->req.not_before - now;
		if ((r->flags & REST_QUICK) && r->deadline - now < wait)
			wait = r->deadline - now;
		if (wait == 0)
			rest_start(d, r);
		else if (wait < next)
			next = wait;
	}
	httpq_wait(&rest->hq, next);
	while ((r = reqq_list_pop(&late)) != NULL)
		rest_give_up(d, r, "its 3 s window is over");
}

/*
 * A message create carries a nonce with enforce_nonce, so a retry of a
 * POST that did land (its answer lost) makes no second message: Discord
 * answers with the first.  The nonce (at most 25 characters) is the
 * process's start time and id and a count, so no two creates share one,
 * across restarts too.  Takes body over; returns the new body.
 */
static char *
rest_nonce(struct rest *rest, char *body)
{
	static uint32_t	 start;
	cJSON		*json;
	char		 nonce[32], *s;

	if (start == 0)
		start = (uint32_t)time(NULL) ^ ((uint32_t)getpid() << 20);
	if ((json = cJSON_Parse(body)) == NULL || !cJSON_IsObject(json)) {
		cJSON_Delete(json);
		return body;
	}
	snprintf(nonce, sizeof nonce, "%08" PRIx32 "%08" PRIx32, start,
	    ++rest->nonces);
	cJSON_DeleteItemFromObjectCaseSensitive(json, "nonce");
	cJSON_DeleteItemFromObjectCaseSensitive(json, "enforce_nonce");
	cJSON_AddStringToObject(json, "nonce", nonce);
	cJSON_AddTrueToObject(json, "enforce_nonce");
	s = json_print(json);
	free(body);
	return s;
}

/* Sets r->channel: the major parameter of a /channels/{id} route. */
static void
rest_channel_of(struct rest_req *r)
{
	const char	*p = strchr(r->route, ' ');
	size_t		 n = strlen(r->major);

	r->channel[0] = '\0';
	if (p != NULL && strncmp(p, " /channels/{major}", 18) == 0 &&
	    n < sizeof r->channel) {
		memcpy(r->channel, r->major, n);
		r->channel[n] = '\0';
	}
}

void
rest_drain(struct discord *d)
{
	if (d->rest != NULL)
		d->rest->draining = 1;
}

int
rest_pending(struct discord *d)
{
	if (d->rest == NULL || d->rest->hq.stopped)
		return 0;
	return d->rest->hq.rq.total;
}

void
rest_refuse(struct discord *d)
{
	if (d->rest == NULL || d->rest->refused)
		return;
	rest_drop_channel(d, NULL);
	d->rest->refused = 1;
}

void
rest_resume(struct discord *d)
{
	if (d->rest == NULL || !d->rest->refused)
		return;
	d->rest->refused = 0;
	d->rest->gen++;
	rest_kick(d);
}

/* Is r (not in flight) to channel (arg; NULL: to any)? */
static int
rest_to_channel(void *data, void *arg)
{
	struct rest_req	*r = data;
	const char	*channel = arg;

	return r->req.easy == NULL && (channel == NULL ||
	    strcmp(r->channel, channel) == 0);
}

void
rest_drop_channel(struct discord *d, const char *channel)
{
	struct rest		*rest = d->rest;
	struct rest_req		*r;
	struct rest_result	 res;
	struct reqq_list	 dropped = TAILQ_HEAD_INITIALIZER(dropped);
	int			 n;

	if (rest == NULL || rest->hq.stopped)
		return;
	/* Taken off their queues first: the callbacks may queue anew. */
	n = reqq_pick(&rest->hq.rq, rest_to_channel, (void *)channel, &dropped);
	if (n > 0)
		log_info("discord: dropped %d request%s to %s%s", n,
		    n == 1 ? "" : "s", channel != NULL ? "lost channel " :
		    "Discord", channel != NULL ? channel : "");
	memset(&res, 0, sizeof res);
	res.error = channel != NULL ? "the channel is gone or closed to me" :
	    "the Discord token was refused";
	while ((r = reqq_list_pop(&dropped)) != NULL) {
		if (r->cb != NULL)
			r->cb(d, &res, r->arg);
		rest_req_free(r);
	}
}

/* When a quick request's window ends: 3 s after its event arrived. */
static uint64_t
rest_quick_deadline(struct discord *d)
{
	uint64_t	now = uv_now(d->loop), ago = 0;

	if (d->rx_ns != 0 && uv_hrtime() > d->rx_ns)
		ago = (uv_hrtime() - d->rx_ns) / 1000000;
	if (ago > REST_QUICK_WINDOW_MS)
		ago = REST_QUICK_WINDOW_MS;
	return now + REST_QUICK_WINDOW_MS - ago;
}

int
rest_request(struct discord *d, const char *method, const char *path,
    const char *queue, char *body, int flags, rest_cb *cb, void *arg,
    char **cause)
{
	struct rest		*rest = d->rest;
	struct rest_req		*r;
	char			 qname[2 * REST_KEY_MAX + 2];

	if (rest->hq.stopped || rest->draining) {
		free(body);
		return set_cause(cause, "the Discord adapter is stopping");
	}
	if (rest->refused) {
		free(body);
		return set_cause(cause, "the Discord adapter is stopped: its "
		    "token was refused");
	}
	r = xcalloc(1, sizeof *r);
	r->d = d;
	r->method = xstrdup(method);
	r->req.url = xasprintf("%s%s", d->api_base, path);
	r->req.body = body;
	r->flags = flags;
	if (flags & REST_TIMED)
		r->since_ns = d->rx_ns;
	if (flags & REST_QUICK)
		r->deadline = rest_quick_deadline(d);
	r->cb = cb;
	r->arg = arg;
	r->gen = rest->gen;
	ratelimit_route(method, path, r->route, sizeof r->route, r->major,
	    sizeof r->major);
	rest_channel_of(r);
	if (lost_is(d, r->channel)) {
		log_debug("discord: %s: channel %s is lost; not sent", r->route,
		    r->channel);
		rest_req_free(r);
		return set_cause(cause, "the channel is gone or closed to me");
	}
	if (r->req.body != NULL &&
	    strcmp(r->route, "POST /channels/{major}/messages") == 0)
		r->req.body = rest_nonce(rest, r->req.body);
	if (queue == NULL)
		snprintf(qname, sizeof qname, "%s|%s", r->route, r->major);
	else
		snprintf(qname, sizeof qname, "%s", queue);
	if (httpq_add(&rest->hq, qname, &r->req, REST_BODY_MAX) != 0) {
		log_warn("discord: queue for %s is full; dropping a request",
		    r->route);
		rest_req_free(r);
		return set_cause(cause, "too many Discord requests are waiting");
	}
	return 0;
}

int
rest_init(struct discord *d, char **cause)
{
	if ((d->rest = httpq_client_new(sizeof *d->rest, d->loop,
	    REST_QUEUE_MAX, REST_TOTAL_MAX, rest_after, d, "discord",
	    cause)) == NULL)
		return -1;
	d->rest->rl = ratelimit_new();
	return 0;
}

void
rest_stop(struct discord *d)
{
	int	n = httpq_client_stop(d->rest, rest_req_free);

	if (n > 0)
		log_info("discord: dropping %d unsent request%s", n,
		    n == 1 ? "" : "s");
}

void
rest_free(struct discord *d)
{
	if (d->rest == NULL)
		return;
	ratelimit_free(d->rest->rl);
	httpq_client_free(d->rest);
	d->rest = NULL;
}
