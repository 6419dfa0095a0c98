/*
 * shards.c: the gateway sessions this process runs, one a shard
 * (gateway.c), and when each may IDENTIFY.
 *
 * discord.shards unset: one shard, discord.shard_id of shard_count, as
 * it always was.  "auto": as many as GET /gateway/bot recommends, all
 * here.  "N-M": shards N to M of discord.shard_count (a later cluster
 * gives each process a range).  Every shard has its own socket,
 * heartbeat, resume and backoff; they share one websocket client, the
 * REST client and the adapter, so a DM (always shard 0) or a guild's
 * event on any shard is handled like any other.
 *
 * IDENTIFY is paced as Discord documents session_start_limit: GET
 * /gateway/bot is read before new sessions start (once for a whole
 * start-up), each IDENTIFY spends one of "remaining", none is sent
 * while none remain (until reset_after, said once in the log), and
 * shards are put in max_concurrency buckets (shard_id % max_concurrency),
 * each bucket identifying at most once in 5 s, in shard order.  A RESUME
 * is not paced: it starts no session.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adapters/discord/discord-int.h"
#include "adapters/discord/settings.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/backoff.h"
#include "lib/json.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

/*
 * One IDENTIFY a bucket in 5 s, and a little more, so that a frame held
 * up on its way never lands within 5 s of the next.
 */
#define SHARDS_WINDOW		5100	/* ms */
#define SHARDS_CONCURRENCY_MAX	64	/* buckets */
#define SHARDS_GRANT_MAX	30000	/* ms a turn waits for its IDENTIFY */

struct shard_slot {
	struct gateway	*gw;
	int		 id;
	const char	*state;		/* its last state, a literal */
	int		 identified;	/* once, at least */
};

struct shard_bucket {
	uint64_t	 last;		/* shards_now() of its last IDENTIFY */
	int		 used;		/* last is set */
	int		 busy;		/* the slot given its turn, or -1 */
};

struct shards {
	struct discord		*d;
	struct wsclient		*wc;
	struct shard_slot	*slot;
	int			 n;		/* 0: auto, count not known yet */
	int			 stopped;

	char			 url[GW_URL_MAX];	/* config or /gateway/bot */
	int			 fetching;	/* GET /gateway/bot in flight */
	/*
	 * session_start_limit, read for the IDENTIFYs waiting now: fresh
	 * until none waits; told that a wait for the reset was logged.
	 */
	int			 fresh, told;
	int64_t			 remaining, total, reset_after, concurrency;
	/*
	 * shards_now() before which no session start is left: until then
	 * no turn is given and the budget is not read again, whatever
	 * kicks the pump (a read made right after an IDENTIFY may not
	 * count it yet); 0: none.
	 */
	uint64_t		 reset_at;
	struct shard_bucket	 bucket[SHARDS_CONCURRENCY_MAX];

	uv_timer_t		 pace;		/* the next turn, or a kick */
	struct backoff		 fetch_retry;	/* GET /gateway/bot failed */
	uint64_t		 start_ms;	/* shards_now() at shards_start */
	int			 nidentified;	/* slots identified once */
	int			 counted;	/* "all identified" was logged */
};

static void	shards_pump(struct shards *);

/*
 * Now, in ms of the monotonic clock: the loop's cached time may lag
 * behind after a busy turn, which would start a bucket's 5 s early.
 */
static uint64_t
shards_now(void)
{
	return uv_hrtime() / 1000000;
}

static void
shards_on_pace(uv_timer_t *t)
{
	shards_pump(t->data);
}

/* Runs shards_pump on the loop's next turn (never from inside a call). */
static void
shards_kick(struct shards *s)
{
	if (!s->stopped)
		uv_timer_start(&s->pace, shards_on_pace, 0, 0);
}

static void
shards_on_fetch_retry(void *arg)
{
	shards_pump(arg);
}

/* Makes the slots, shards first to last of count. */
static void
shards_make(struct shards *s, int first, int last, int count)
{
	struct discord	*d = s->d;
	int		 i, in_set = d->shards_mode != DISCORD_SHARDS_ONE;

	s->n = last - first + 1;
	s->slot = xcalloc((size_t)s->n, sizeof *s->slot);
	for (i = 0; i < s->n; i++) {
		s->slot[i].id = first + i;
		s->slot[i].state = "connecting";
		s->slot[i].gw = gateway_new(d, i, first + i, count, in_set);
	}
	if (in_set)
		log_info("discord: running shards %d to %d of %d in this "
		    "process", first, last, count);
}

/*
 * Reads session_start_limit from GET /gateway/bot's answer (json may be
 * NULL: unknown) for the IDENTIFYs waiting.
 */
static void
shards_budget(struct shards *s, const cJSON *json)
{
	const cJSON	*l = cJSON_GetObjectItemCaseSensitive(json,
			    "session_start_limit");

	s->fresh = 1;
	s->remaining = s->total = s->reset_after = -1;
	s->concurrency = 1;
	if (!cJSON_IsObject(l))
		return;
	if (json_int(l, "remaining", 0, INT64_C(1) << 31, &s->remaining) != 0)
		s->remaining = -1;
	if (json_int(l, "total", 0, INT64_C(1) << 31, &s->total) != 0)
		s->total = -1;
	if (json_int(l, "reset_after", 0, INT64_C(1) << 40,
	    &s->reset_after) != 0)
		s->reset_after = -1;
	if (json_int(l, "max_concurrency", 1, SHARDS_CONCURRENCY_MAX,
	    &s->concurrency) != 0)
		s->concurrency = 1;
}

/* discord.shards = auto: the count GET /gateway/bot recommends. */
static int
shards_auto(struct shards *s, const cJSON *json)
{
	int64_t	 n;

	if (json == NULL || json_int(json, "shards", 1, DISCORD_SHARDS_MAX,
	    &n) != 0) {
		log_warn("discord: GET /gateway/bot gave no usable shard count "
		    "(1 to %d) for discord.shards = auto", DISCORD_SHARDS_MAX);
		return -1;
	}
	log_info("discord: GET /gateway/bot recommends %lld shard%s",
	    (long long)n, n == 1 ? "" : "s");
	shards_make(s, 0, (int)n - 1, (int)n);
	return 0;
}

/* GET /gateway/bot failed or said too little: try again after a backoff. */
static void
shards_fetch_failed(struct shards *s, const char *why)
{
	uint64_t	ms = backoff_next(&s->fetch_retry);

	log_warn("discord: GET /gateway/bot: %s; asking again in %llu ms", why,
	    (unsigned long long)ms);
	if (s->n == 1)
		shards_state(s->d, 0, "retrying");
}

static void
shards_on_gateway_bot(struct discord *d, const struct rest_result *res,
    void *arg)
{
	struct shards	*s = arg;
	const cJSON	*json = res->error == NULL ? res->json : NULL;
	const char	*url;
	int		 i, made = s->n == 0;

	(void)d;
	s->fetching = 0;
	if (s->stopped || res->status == 401)
		return;		/* discord_refused has said why */
	url = json_string(json, "url", GW_URL_MAX - 64);
	if (url != NULL && strncmp(url, "ws://", 5) != 0 &&
	    strncmp(url, "wss://", 6) != 0)
		url = NULL;
	if (made && shards_auto(s, json) != 0) {
		shards_fetch_failed(s, res->error != NULL ? res->error :
		    "no shard count");
		return;
	}
	if (url == NULL && *d->gateway_url == '\0') {
		shards_fetch_failed(s, res->error != NULL ? res->error :
		    "no usable url");
		return;
	}
	if (url == NULL)	/* A configured URL does without. */
		log_warn("discord: GET /gateway/bot: %s; identifying without "
		    "the budget", res->error != NULL ? res->error :
		    "no usable answer");
	else if (*d->gateway_url == '\0')
		snprintf(s->url, sizeof s->url, "%s", url);
	backoff_reset(&s->fetch_retry);
	shards_budget(s, url != NULL ? json : NULL);
	if (s->nidentified == 0 && s->n > 1 && s->remaining >= 0)
		log_info("discord: %d shards to start, %lld at a time (session "
		    "starts left: %lld of %lld)", s->n,
		    (long long)s->concurrency, (long long)s->remaining,
		    (long long)s->total);
	/* Auto's shards were made just now: they start. */
	for (i = 0; made && i < s->n; i++)
		gateway_start(s->slot[i].gw);
	shards_pump(s);
}

/* Asks GET /gateway/bot for the URL, the count and session_start_limit. */
static void
shards_fetch(struct shards *s)
{
	char	*cause = NULL;

	s->fetching = 1;
	if (rest_request(s->d, "GET", "/gateway/bot", NULL, NULL, 0,
	    shards_on_gateway_bot, s, &cause) != 0) {
		s->fetching = 0;
		shards_fetch_failed(s, cause);
		free(cause);
	}
}

/*
 * No session starts are left: waits for reset_after (a little past it,
 * so that it has happened), says until when once, and reads the budget
 * again then.
 */
static void
shards_wait_reset(struct shards *s)
{
	uint64_t	 ms;
	time_t		 until;
	struct tm	 tm;
	char		 when[32];

	ms = s->reset_after >= 0 ? (uint64_t)s->reset_after + 250 : 60000;
	if (!s->told) {
		until = time(NULL) + (time_t)(ms / 1000);
		gmtime_r(&until, &tm);
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", &tm);
		log_warn("discord: no session starts left today (0 of %lld); "
		    "waiting until %s to identify, as Discord resets the token "
		    "of a bot that goes on", (long long)s->total, when);
		s->told = 1;
	}
	s->fresh = 0;
	s->reset_at = shards_now() + ms;
	uv_timer_start(&s->pace, shards_on_pace, ms, 0);
}

/*
 * How long slot i must still wait for its bucket's turn (ms); 0: now.
 * A turn given and not yet used holds the bucket, up to
 * SHARDS_GRANT_MAX.
 */
static uint64_t
shards_turn_wait(struct shards *s, int i, uint64_t now)
{
	struct shard_bucket	*b;
	uint64_t		 until;

	b = &s->bucket[s->slot[i].id % (int)s->concurrency];
	if (!b->used)
		return 0;
	until = b->last + (b->busy >= 0 ? SHARDS_GRANT_MAX : SHARDS_WINDOW);
	return until > now ? until - now : 0;
}

/*
 * Gives the shards waiting to identify their turns, in shard order, as
 * the budget and the buckets allow; reads the budget first when it is
 * not fresh.
 */
static void
shards_pump(struct shards *s)
{
	struct discord		*d = s->d;
	struct shard_bucket	*b;
	uint64_t		 now, wait, next = UINT64_MAX;
	int			 i, waiting = 0;

	if (s->stopped || d->stopping || d->refused || s->fetching)
		return;
	uv_timer_stop(&s->pace);
	now = shards_now();
	if (s->reset_at > now) {
		uv_timer_start(&s->pace, shards_on_pace, s->reset_at - now, 0);
		return;
	}
	s->reset_at = 0;
	for (i = 0; i < s->n; i++)
		waiting += gateway_waiting(s->slot[i].gw);
	if (s->n == 0 || (waiting > 0 && (!s->fresh || s->url[0] == '\0'))) {
		shards_fetch(s);
		return;
	}
	if (waiting == 0)
		return;
	if (s->remaining == 0) {
		shards_wait_reset(s);
		return;
	}
	s->told = 0;
	for (i = 0; i < s->n && s->remaining != 0; i++) {
		if (!gateway_waiting(s->slot[i].gw))
			continue;
		if ((wait = shards_turn_wait(s, i, now)) > 0) {
			if (wait < next)
				next = wait;
			continue;
		}
		b = &s->bucket[s->slot[i].id % (int)s->concurrency];
		b->last = now;
		b->used = 1;
		b->busy = i;
		if (s->remaining > 0)
			s->remaining--;
		waiting--;
		gateway_identify_now(s->slot[i].gw);
	}
	if (waiting == 0) {
		s->fresh = 0;	/* spent: the next new session reads it again */
		return;
	}
	if (s->remaining == 0) {
		shards_wait_reset(s);
		return;
	}
	if (next == UINT64_MAX)
		return;
	if (s->n == 1)
		log_info("discord: identifying in %llu ms",
		    (unsigned long long)next);
	else
		log_debug("discord: %d shard%s wait to identify; the next turn "
		    "in %llu ms", waiting, waiting == 1 ? "" : "s",
		    (unsigned long long)next);
	uv_timer_start(&s->pace, shards_on_pace, next, 0);
}

void
shards_ask(struct discord *d, int slot)
{
	(void)slot;
	shards_kick(d->shards);
}

/* Gives back the turn slot was given: 1, or 0 when it held none. */
static int
shards_release(struct shards *s, int slot)
{
	int	i, held = 0;

	for (i = 0; i < SHARDS_CONCURRENCY_MAX; i++) {
		if (s->bucket[i].busy == slot) {
			s->bucket[i].busy = -1;
			held = 1;
		}
	}
	return held;
}

void
shards_identified(struct discord *d, int slot)
{
	struct shards		*s = d->shards;
	struct shard_slot	*sl = &s->slot[slot];
	struct shard_bucket	*b = &s->bucket[sl->id % (int)s->concurrency];

	(void)shards_release(s, slot);
	b->last = shards_now();
	b->used = 1;
	if (!sl->identified) {
		sl->identified = 1;
		s->nidentified++;
	}
	if (s->nidentified == s->n && !s->counted && s->n > 1) {
		s->counted = 1;
		log_info("discord: all %d shards identified, %.2f s after the "
		    "start", s->n, (double)(shards_now() - s->start_ms) / 1000);
	}
	shards_kick(s);
}

void
shards_lost(struct discord *d, int slot)
{
	if (shards_release(d->shards, slot))
		shards_kick(d->shards);
}

void
shards_state(struct discord *d, int slot, const char *state)
{
	struct shards	*s = d->shards;
	char		 buf[64];	/* BOT_STATE_MAX holds what matters */
	int		 i, up = 0, down = 0;

	s->slot[slot].state = state;
	if (s->n == 1) {
		bot_adapter_state(&d->adapter, state);
		return;
	}
	for (i = 0; i < s->n; i++) {
		if (strcmp(s->slot[i].state, "connected") == 0)
			up++;
		else if (strcmp(s->slot[i].state, "refused") == 0)
			down++;
	}
	if (down == s->n)
		snprintf(buf, sizeof buf, "refused");
	else if (up == s->n)
		snprintf(buf, sizeof buf, "connected");
	else if (up + down == s->n)
		snprintf(buf, sizeof buf, "up %d/%d, %d stopped", up, s->n,
		    down);
	else
		snprintf(buf, sizeof buf, "connecting, %d/%d up", up, s->n);
	bot_adapter_state(&d->adapter, buf);
}

const char *
shards_url(struct discord *d)
{
	return d->shards->url;
}

struct wsclient *
shards_client(struct discord *d)
{
	return d->shards->wc;
}

struct gateway *
shards_gateway(struct discord *d, int slot)
{
	struct shards	*s = d->shards;

	return s != NULL && slot >= 0 && slot < s->n ? s->slot[slot].gw : NULL;
}

int
shards_start(struct discord *d, char **cause)
{
	struct shards	*s;
	int		 i;

	s = xcalloc(1, sizeof *s);
	d->shards = s;
	s->d = d;
	if ((s->wc = gateway_client(d, cause)) == NULL) {
		s->stopped = 1;		/* nothing to stop */
		return -1;
	}
	snprintf(s->url, sizeof s->url, "%s", d->gateway_url);
	s->concurrency = 1;
	for (i = 0; i < SHARDS_CONCURRENCY_MAX; i++)
		s->bucket[i].busy = -1;
	uv_timer_init(d->loop, &s->pace);
	s->pace.data = s;
	backoff_init(&s->fetch_retry, d->loop, 0, 0, shards_on_fetch_retry, s);
	s->start_ms = shards_now();
	switch (d->shards_mode) {
	case DISCORD_SHARDS_ONE:
		shards_make(s, d->shard_id, d->shard_id, d->shard_count);
		break;
	case DISCORD_SHARDS_RANGE:
		shards_make(s, d->shards_first, d->shards_last,
		    d->shard_count);
		break;
	default:
		log_info("discord: discord.shards = auto: asking GET "
		    "/gateway/bot how many");
		break;
	}
	for (i = 0; i < s->n; i++)
		gateway_start(s->slot[i].gw);
	shards_pump(s);
	return 0;
}

/*
 * Calls fn on every shard, once the set's own timers (the pacing, the
 * retry of GET /gateway/bot) are stopped.  0, or -1 when the set is
 * stopped or was never made.
 */
static int
shards_each(struct discord *d, void (*fn)(struct gateway *))
{
	struct shards	*s = d->shards;
	int		 i;

	if (s == NULL || s->stopped)
		return -1;
	uv_timer_stop(&s->pace);
	backoff_cancel(&s->fetch_retry);
	for (i = 0; i < s->n; i++)
		fn(s->slot[i].gw);
	return 0;
}

void
shards_close_clean(struct discord *d)
{
	(void)shards_each(d, gateway_close_clean);
}

int
shards_closing(struct discord *d)
{
	struct shards	*s = d->shards;
	int		 i;

	for (i = 0; s != NULL && !s->stopped && i < s->n; i++)
		if (gateway_closing(s->slot[i].gw))
			return 1;
	return 0;
}

void
shards_refuse(struct discord *d)
{
	(void)shards_each(d, gateway_refuse);
}

void
shards_restart(struct discord *d)
{
	struct shards	*s = d->shards;

	if (shards_each(d, gateway_restart) != 0)
		return;
	s->fresh = 0;		/* a new token: its budget is read anew */
	s->reset_at = 0;
	backoff_reset(&s->fetch_retry);
	shards_kick(s);
}

void
shards_stop(struct discord *d)
{
	struct shards	*s = d->shards;

	if (shards_each(d, gateway_stop) != 0)
		return;
	s->stopped = 1;
	uv_close((uv_handle_t *)&s->pace, NULL);
	backoff_close(&s->fetch_retry);
	wsclient_stop(s->wc);
}

void
shards_free(struct discord *d)
{
	struct shards	*s = d->shards;
	int		 i;

	if (s == NULL)
		return;
	if (s->wc != NULL)
		wsclient_free(s->wc);
	for (i = 0; i < s->n; i++)
		gateway_free(s->slot[i].gw);
	free(s->slot);
	free(s);
	d->shards = NULL;
}
