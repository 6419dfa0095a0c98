/*
 * The Web API client: libcurl's multi interface on the bot's libuv loop
 * (lib/curluv.c, shared with Discord's REST client), so no call ever
 * blocks the loop.
 *
 * Calls wait in named FIFO queues (by default one per method; messages go
 * on their channel's queue), and only the head of a queue is in flight.
 * Slack allows about one message a second per channel: a message
 * (chat.postMessage, chat.update, chat.postEphemeral) leaves pace_ms
 * after the answer to the last one to its channel, whatever its queue,
 * never while that one is still on its way, so Slack gets a channel's
 * messages in order and paced however slow the network or the machine;
 * when several wait for a channel, an ephemeral answer to a user goes
 * first.  chat.update is a Tier 3 method, about 50 a minute for the
 * whole workspace, so edits also leave one at a time across all
 * channels, 1.2 pace_ms (1.2 s at Slack's pace) after the last one's
 * answer, and several busy tables share that.  Table edits that wait meanwhile are merged
 * (lib/coalesce): the latest table wins.
 * Slack's limits are per method and workspace, and it says when one is
 * hit: HTTP 429 with Retry-After (seconds; one above an hour is taken
 * for an hour, never for nothing).  Then every call of that
 * method waits that long, and the limited call goes again first; the
 * users whose commands' posts wait long are told so (held.c).  5xx
 * answers and network errors are retried with exponential backoff (not a
 * call made WEB_ONCE, whose caller decides).  A chat.postMessage is not
 * retried blindly: Slack has no idempotency key for it, and a post that
 * timed out or answered 5xx may have landed.  Each post carries an id of
 * its own in its message metadata; after such a failure the channel's
 * latest messages (conversations.history) are searched for it first: found,
 * the post is done (its ts is the found one's); not found, it goes again;
 * when they cannot be read, it is not posted again (a message lost rather
 * than one said twice).  A connection that never opened is retried as
 * any call.  A
 * 200 with "ok": false is an error named by Slack's "error" code, handed
 * to the caller (and never retried).
 *
 * Calls carry "Authorization: Bearer <token>": the bot token, or the
 * app-level token for apps.connections.open; a response_url gets none.
 * Tokens are never logged, and neither is a response_url (it is a
 * credential for its message).
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <time.h>

#include <curl/curl.h>

#include "adapters/slack/slack-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/curluv.h"
#include "lib/httpq.h"
#include "lib/json.h"
#include "lib/reqqueue.h"
#include "lib/xmalloc.h"

#define WEB_BODY_MAX		(1024 * 1024)	/* an answer's body */
#define WEB_NAME_MAX		96		/* a method or queue name */
#define WEB_RETRIES_5XX		5
#define WEB_RETRIES_429		100
#define WEB_TIMEOUT_MS		15000L
#define WEB_LIMITS_MAX		256		/* methods and channels held */
#define WEB_IN_FLIGHT		UINT64_MAX	/* a channel's message is out */
#define WEB_POST_ID_MAX		48		/* a post's own id */
#define WEB_RETRY_AFTER_MAX	3600		/* s: a longer Retry-After is cut */
#define WEB_VERIFY_LATEST	"20"		/* messages searched for a post */

struct web_call {
	struct httpq_req	 req;		/* first: httpq's part */
	char			 method[WEB_NAME_MAX];	/* for logs and limits */
	char			 pace[SLACK_ID_MAX + 8]; /* "ch:C123": paced; "" */
	int			 first;		/* goes first when paced */
	int			 workspace_paced; /* chat.update: WEB_UPDATE_KEY too */
	int			 flags;
	web_cb			*cb;
	void			*arg;
	char			 post_id[WEB_POST_ID_MAX]; /* "": not a post */
	int64_t			 retry_after;	/* ms, -1: no header */
};

_Static_assert(offsetof(struct web_call, req) == 0,
    "struct web_call must begin with its struct httpq_req");

/* A method held by a 429, or a channel by its pace ("ch:C123"). */
struct web_limit {
	char		 method[WEB_NAME_MAX];
	uint64_t	 until;
};

struct web {
	struct httpq		 hq;		/* first: curl, queues, a timer */
	struct web_limit	 limits[WEB_LIMITS_MAX];
};

_Static_assert(offsetof(struct web, hq) == 0,
    "struct web must begin with its struct httpq");

static void	web_kick(struct slack *);

/* chat.update across the workspace: one per WEB_UPDATE_PACE pace_ms. */
#define WEB_UPDATE_KEY		"ws:chat.update"
#define WEB_UPDATE_PACE(ms)	((ms) * 6 / 5)

/* The methods that post to a channel, paced per channel. */
static const char *const web_paced[] = {
	"chat.postMessage", "chat.update", "chat.postEphemeral", NULL
};

/* How long method (or a channel) must still wait; 0: go. */
static uint64_t
web_limit_wait(struct web *web, const char *method, uint64_t now)
{
	int	i;

	for (i = 0; i < WEB_LIMITS_MAX; i++)
		if (web->limits[i].until > now &&
		    strcmp(web->limits[i].method, method) == 0)
			return web->limits[i].until - now;
	return 0;
}

static void
web_limit_set(struct web *web, const char *method, uint64_t until,
    uint64_t now)
{
	int	i, slot = -1;

	for (i = 0; i < WEB_LIMITS_MAX; i++) {
		if (strcmp(web->limits[i].method, method) == 0) {
			slot = i;
			break;
		}
		if (slot < 0 && web->limits[i].until <= now)
			slot = i;
	}
	if (slot < 0)
		slot = 0;	/* every slot busy: forget one */
	snprintf(web->limits[slot].method, WEB_NAME_MAX, "%s", method);
	web->limits[slot].until = until;
}

/* curl did some work, or a wait is over: start what may start. */
static void
web_after(void *arg)
{
	web_kick(arg);
}

static size_t
web_on_header(char *data, size_t size, size_t n, void *arg)
{
	struct web_call	*c = arg;
	size_t		 len = size * n, i;
	char		 v[32];
	long		 secs;

	if (len > 12 && strncasecmp(data, "Retry-After:", 12) == 0) {
		for (i = 12; i < len && isspace((unsigned char)data[i]); i++)
			;
		snprintf(v, sizeof v, "%.*s", (int)(len - i < sizeof v - 1 ?
		    len - i : sizeof v - 1), data + i);
		if (isdigit((unsigned char)v[0])) {
			/* Slack means it: a long wait is cut to an hour. */
			secs = strtol(v, NULL, 10);
			if (secs > WEB_RETRY_AFTER_MAX || secs < 0)
				secs = WEB_RETRY_AFTER_MAX;
			c->retry_after = (int64_t)secs * 1000;
		}
	}
	return len;
}

static void
web_start(struct slack *s, struct web_call *c)
{
	c->retry_after = -1;
	if (c->req.headers == NULL) {
		if (!(c->flags & WEB_URL))
			httpq_header(&c->req, "Authorization: Bearer %s",
			    (c->flags & WEB_APP_TOKEN) ? s->app_token :
			    s->bot_token);
		httpq_header(&c->req, "Content-Type: %s",
		    (c->flags & WEB_FORM) ?
		    "application/x-www-form-urlencoded" :
		    "application/json; charset=utf-8");
		httpq_header(&c->req, "User-Agent: cheersbot/%s",
		    CHEERSBOT_VERSION);
	}
	log_debug("slack: calling %s", c->method);
	httpq_send(&s->web->hq, &c->req, NULL, "", web_on_header,
	    WEB_TIMEOUT_MS, s->ca_file);
}

static uint64_t
web_backoff(int failures)
{
	uint64_t	ms = 1000ULL << (failures > 6 ? 6 : failures - 1);

	return ms / 2 + (uint64_t)random() % (ms / 2 + 1);
}

/*
 * Hands c's result to its caller and frees c.  A bot token Slack refuses
 * stops the adapter (revoke.c).
 */
static void
web_finish(struct slack *s, struct web_call *c, const struct web_result *res)
{
	char	*why;

	httpq_unqueue(&s->web->hq, &c->req);
	if (c->cb != NULL)
		c->cb(s, res, c->arg);
	if (!(c->flags & (WEB_APP_TOKEN | WEB_URL)) &&
	    revoke_auth_error(res->slack_error)) {
		why = xasprintf("Slack refused the bot token (%s, on %s)",
		    res->slack_error, c->method);
		revoke_stop(s, why, "stopped: bot token refused");
		free(why);
	}
	httpq_req_free(c);
}

/* Is msg (a message of conversations.history) the post c? */
static int
web_is_post(const cJSON *msg, const struct web_call *c)
{
	const cJSON	*payload;
	const char	*id;

	payload = json_object(json_object(msg, "metadata"), "event_payload");
	id = json_string(payload, "post_id", WEB_POST_ID_MAX - 1);
	return id != NULL && strcmp(id, c->post_id) == 0;
}

/*
 * The channel's latest messages, for post c (arg) that may have landed:
 * found, it is done; not found, it goes again after its backoff; not
 * readable, it is given up.
 */
static void
web_verified(struct slack *s, const struct web_result *res, void *arg)
{
	struct web_call		*c = arg;
	struct web_result	 done;
	const cJSON		*msgs, *m;
	char			*error;

	msgs = res->error == NULL ? cJSON_GetObjectItemCaseSensitive(res->json,
	    "messages") : NULL;
	memset(&done, 0, sizeof done);
	if (res->error != NULL || !cJSON_IsArray(msgs)) {
		error = xasprintf("it may or may not have been posted, and the "
		    "channel cannot be read to know (%s); not posted again",
		    res->error != NULL ? res->error : "no messages");
		log_warn("slack: chat.postMessage: %s", error);
		done.error = error;
		web_finish(s, c, &done);
		free(error);
		return;
	}
	cJSON_ArrayForEach(m, msgs) {
		if (!web_is_post(m, c))
			continue;
		log_info("slack: chat.postMessage: the post had landed; not "
		    "posted again");
		done.status = 200;
		done.json = m;
		web_finish(s, c, &done);
		return;
	}
	c->req.not_before = uv_now(s->loop) + web_backoff(c->req.failures);
	log_info("slack: chat.postMessage: the post had not landed; posting "
	    "it again");
	c->req.item.queue->busy = 0;
	web_kick(s);
}

/*
 * Post c failed in a way that may have let it land: it stays at its
 * queue's head (the queue waits) while the channel's latest messages are
 * read.  0, or -1 when they cannot be asked for.
 */
static int
web_verify(struct slack *s, struct web_call *c)
{
	char	*cause = NULL;

	if (strncmp(c->pace, "ch:", 3) != 0)
		return -1;
	c->req.item.queue->busy = 1;
	if (web_call(s, "conversations.history", NULL, web_form("channel",
	    c->pace + 3, "limit", WEB_VERIFY_LATEST, "include_all_metadata",
	    "true", (char *)NULL), WEB_FORM, web_verified, c, &cause) != 0) {
		log_warn("slack: %s", cause);
		free(cause);
		c->req.item.queue->busy = 0;
		return -1;
	}
	return 0;
}

/* Did a transfer fail before anything was sent (so nothing landed)? */
static int
web_unsent(CURLcode rc)
{
	return rc == CURLE_COULDNT_CONNECT || rc == CURLE_COULDNT_RESOLVE_HOST;
}

/* A transfer (c) is over: retry it, or hand its result to the caller. */
static void
web_done(void *priv, CURLcode rc, void *arg)
{
	struct web_call		*c = priv;
	struct slack		*s = arg;
	struct web		*web = s->web;
	struct web_result	 res;
	cJSON			*json = NULL;
	uint64_t		 now, retry;
	char			*error = NULL;

	memset(&res, 0, sizeof res);
	res.status = httpq_done(&web->hq, &c->req.easy, &c->req.item, rc);
	/*
	 * Its channel's next message leaves pace_ms after this answer, and
	 * the workspace's next chat.update 1.2 pace_ms after it: counted
	 * from now, not from the start of the loop's iteration.
	 */
	uv_update_time(s->loop);
	now = uv_now(s->loop);
	if (c->pace[0] != '\0' && s->pace_ms > 0)
		web_limit_set(web, c->pace, now + s->pace_ms, now);
	if (c->workspace_paced && s->pace_ms > 0)
		web_limit_set(web, WEB_UPDATE_KEY,
		    now + WEB_UPDATE_PACE(s->pace_ms), now);

	if ((error = httpq_failed(&c->req, rc, res.status)) != NULL) {
		if (c->post_id[0] != '\0' && !web_unsent(rc) &&
		    c->req.failures <= WEB_RETRIES_5XX) {
			log_warn("slack: %s: %s; it may have landed: looking "
			    "for it before posting again", c->method, error);
			if (web_verify(s, c) == 0) {
				free(error);
				return;
			}
			free(error);
			error = xstrdup("it may or may not have been posted; "
			    "not posted again");
			goto finish;
		}
		if (c->req.failures <= WEB_RETRIES_5XX &&
		    !(c->flags & WEB_ONCE)) {
			retry = web_backoff(c->req.failures);
			log_warn("slack: %s: %s; retrying in %llu ms",
			    c->method, error, (unsigned long long)retry);
			free(error);
			c->req.not_before = now + retry;
			return;
		}
		log_warn("slack: %s: %s; %s", c->method, error,
		    (c->flags & WEB_ONCE) ? "not retried" : "giving up");
		goto finish;
	}
	if (res.status == 429) {
		retry = c->retry_after >= 0 ? (uint64_t)c->retry_after : 1000;
		if (httpq_limited(&c->req, WEB_RETRIES_429, &error)) {
			log_info("slack: %s: rate limited; waiting %llu ms",
			    c->method, (unsigned long long)retry);
			web_limit_set(web, c->method, now + retry, now);
			c->req.not_before = now + retry;
			/* Who waits for a post now hears of a long wait. */
			held_check(s);
			return;
		}
		log_warn("slack: %s: %s; giving up", c->method, error);
		goto finish;
	}
	res.json = json = httpq_json(&c->req);
	if (res.status < 200 || res.status >= 300) {
		res.slack_error = json_string(json, "error", 100);
		error = xasprintf("HTTP %ld%s%s", res.status,
		    res.slack_error != NULL ? ": " : "",
		    res.slack_error != NULL ? res.slack_error : "");
	} else if (c->flags & WEB_URL) {
		/* A response_url answers {"ok":true} or a bare "ok". */
		if (json != NULL && cJSON_IsObject(json) &&
		    !json_true(json, "ok")) {
			res.slack_error = json_string(json, "error", 100);
			error = xasprintf("%s", res.slack_error != NULL ?
			    res.slack_error : "not ok");
		}
	} else if (!cJSON_IsObject(json)) {
		error = xstrdup("an answer that is not a JSON object");
	} else if (!json_true(json, "ok")) {
		res.slack_error = json_string(json, "error", 100);
		error = xasprintf("%s", res.slack_error != NULL ?
		    res.slack_error : "ok is not true");
	}

finish:
	res.error = error;
	web_finish(s, c, &res);
	cJSON_Delete(json);
	free(error);
}

/*
 * Starts every queue head that may leave now; re-arms for the next.  The
 * heads that go first (ephemeral answers) are looked at first, so they
 * take their channel's next turn.
 */
static void
web_kick(struct slack *s)
{
	struct web		*web = s->web;
	struct reqq_queue	*q;
	struct web_call		*c;
	uint64_t		 now, wait, w, next = UINT64_MAX;
	int			 pass;

	if (web == NULL || web->hq.stopped)
		return;
	curluv_each_done(&web->hq.cu, web_done, s);
	if (s->halted)
		return;		/* revoke.c stops everything next */
	/*
	 * The loop's time is that of the start of its iteration, which on
	 * a busy machine may be tens of ms old by now: a pace counted from
	 * it would let the next message leave that much early.
	 */
	uv_update_time(s->loop);
	now = uv_now(s->loop);
	for (pass = 0; pass < 2; pass++) {
		TAILQ_FOREACH(q, &web->hq.rq.queues, entry) {
			if (q->busy || (c = reqq_head(q)) == NULL ||
			    c->first != (pass == 0))
				continue;
			wait = web_limit_wait(web, c->method, now);
			if (c->pace[0] != '\0' &&
			    (w = web_limit_wait(web, c->pace, now)) > wait)
				wait = w;
			if (c->workspace_paced &&
			    (w = web_limit_wait(web, WEB_UPDATE_KEY, now)) > wait)
				wait = w;
			if (c->req.not_before > now &&
			    c->req.not_before - now > wait)
				wait = c->req.not_before - now;
			if (wait > 0) {
				if (wait < next)
					next = wait;
				continue;
			}
			/* Held until its answer comes (web_done). */
			if (c->pace[0] != '\0' && s->pace_ms > 0)
				web_limit_set(web, c->pace, WEB_IN_FLIGHT, now);
			if (c->workspace_paced && s->pace_ms > 0)
				web_limit_set(web, WEB_UPDATE_KEY,
				    WEB_IN_FLIGHT, now);
			web_start(s, c);
		}
	}
	httpq_wait(&web->hq, next);
}

/*
 * Gives a chat.postMessage (c, with a JSON body) its own id, in the
 * message's metadata, so that a retry can find whether it landed.
 */
static void
web_tag(struct web_call *c)
{
	static unsigned long	 serial;
	cJSON			*json, *meta, *payload;
	char			*body;

	if (strcmp(c->method, "chat.postMessage") != 0 || c->req.body == NULL ||
	    (json = cJSON_Parse(c->req.body)) == NULL)
		return;
	if (!cJSON_IsObject(json) ||
	    cJSON_GetObjectItemCaseSensitive(json, "metadata") != NULL) {
		cJSON_Delete(json);
		return;
	}
	snprintf(c->post_id, sizeof c->post_id, "%lx.%lx.%lu",
	    (unsigned long)time(NULL), (unsigned long)random(), ++serial);
	meta = cJSON_AddObjectToObject(json, "metadata");
	cJSON_AddStringToObject(meta, "event_type", "cheersbot_post");
	payload = cJSON_AddObjectToObject(meta, "event_payload");
	cJSON_AddStringToObject(payload, "post_id", c->post_id);
	body = json_print(json);
	free(c->req.body);
	c->req.body = body;
}

/*
 * Marks c paced when it posts to a channel: its JSON body names the
 * channel.  An ephemeral message goes first.
 */
static void
web_pace(struct web_call *c)
{
	cJSON		*json;
	const char	*channel;
	int		 i;

	for (i = 0; web_paced[i] != NULL; i++)
		if (strcmp(c->method, web_paced[i]) == 0)
			break;
	if (web_paced[i] == NULL || c->req.body == NULL ||
	    (json = cJSON_Parse(c->req.body)) == NULL)
		return;
	if ((channel = json_string(json, "channel", SLACK_ID_MAX - 1)) != NULL)
		snprintf(c->pace, sizeof c->pace, "ch:%s", channel);
	c->first = strcmp(c->method, "chat.postEphemeral") == 0;
	c->workspace_paced = strcmp(c->method, "chat.update") == 0;
	cJSON_Delete(json);
}

int
web_call(struct slack *s, const char *method, const char *queue, char *body,
    int flags, web_cb *cb, void *arg, char **cause)
{
	struct web		*web = s->web;
	struct web_call		*c;

	if (web == NULL || web->hq.stopped || s->halted) {
		free(body);
		if (flags & WEB_ARG_FREE)
			free(arg);
		return set_cause(cause, "the Slack adapter is stopping");
	}
	c = xcalloc(1, sizeof *c);
	if (flags & WEB_URL) {
		c->req.url = xstrdup(method);
		snprintf(c->method, sizeof c->method, "response_url");
	} else {
		c->req.url = xasprintf("%s/%s", s->api_base, method);
		snprintf(c->method, sizeof c->method, "%s", method);
	}
	c->req.body = body;
	web_pace(c);
	web_tag(c);
	c->flags = flags;
	c->cb = cb;
	c->arg = arg;
	if (flags & WEB_ARG_FREE)
		c->req.owned = arg;
	if (httpq_add(&web->hq, queue != NULL ? queue : c->method, &c->req,
	    WEB_BODY_MAX) != 0) {
		log_warn("slack: too many calls waiting; dropping a %s",
		    c->method);
		httpq_req_free(c);
		return set_cause(cause, "too many Slack calls are waiting");
	}
	return 0;
}

int64_t
web_held_ms(struct slack *s, const char *channel)
{
	struct web		*web = s->web;
	struct reqq_queue	*q;
	struct reqq_item	*item;
	struct web_call		*c;
	char			 qname[SLACK_ID_MAX + 8];
	uint64_t		 now, w, most = 0;

	if (web == NULL || web->hq.stopped)
		return -1;
	snprintf(qname, sizeof qname, "ch:%s", channel);
	if ((q = reqq_find(&web->hq.rq, qname)) == NULL || q->n == 0)
		return -1;
	now = uv_now(s->loop);
	/* Only a 429 sets a method's limit (a pace is keyed by channel). */
	TAILQ_FOREACH(item, &q->items, entry) {
		c = item->data;
		if ((w = web_limit_wait(web, c->method, now)) > most)
			most = w;
	}
	return (int64_t)most;
}

int
web_init(struct slack *s, char **cause)
{
	s->web = httpq_client_new(sizeof *s->web, s->loop, WEB_QUEUE_MAX,
	    WEB_TOTAL_MAX, web_after, s, "slack", cause);
	return s->web != NULL ? 0 : -1;
}

void
web_stop(struct slack *s)
{
	int	n = httpq_client_stop(s->web, httpq_req_free);

	if (n > 0)
		log_info("slack: dropping %d unsent call%s", n,
		    n == 1 ? "" : "s");
}

void
web_free(struct slack *s)
{
	httpq_client_free(s->web);
	s->web = NULL;
}
