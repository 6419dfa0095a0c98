/*
 * The Bot API client: libcurl's multi interface on the bot's libuv loop
 * (lib/httpq: lib/curluv and lib/reqqueue), so no call ever blocks the
 * loop.
 *
 * Calls wait in named FIFO queues (by default one per method; a chat's
 * messages on the chat's queue "ch:<id>", so they reach it in order),
 * and only the head of a queue is in flight.  A message (sendMessage,
 * editMessageText, editMessageReplyMarkup) leaves only when pace.c says
 * the chat, its group's minute and the whole bot's second have room.
 * Telegram says when a limit is hit: HTTP 429 with
 * parameters.retry_after (seconds; one above an hour is taken for an
 * hour): the chat (or, for a call to no chat, the method's queue) waits
 * that long and the call goes again first.  5xx answers and network
 * errors are retried with exponential backoff (lib/backoff's delay), up
 * to API_RETRIES times, unless the call is API_ONCE, or is a message
 * posted (sendMessage) that may have landed before the failure
 * (api_may_have_run: Telegram has no idempotency key).  A 401 means the
 * token no longer works: the adapter stops (halt.c).  Any other answer
 * goes to the caller: ok with its result, or refused with error_code,
 * description and parameters.
 *
 * The token is part of every URL (https://api.telegram.org/bot<token>/
 * <method>): URLs are never logged, only methods.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/backoff.h"
#include "lib/curluv.h"
#include "lib/httpq.h"
#include "lib/json.h"
#include "lib/reqqueue.h"
#include "lib/xmalloc.h"

#define API_BODY_MAX		(4 * 1024 * 1024)	/* an answer's body */
#define API_METHOD_MAX		48
#define API_RETRIES		5
#define API_RETRIES_429		100
#define API_TIMEOUT_MS		15000L
#define API_RETRY_AFTER_MAX	3600		/* s: a longer one is cut */
#define API_DESC_MAX		512

struct api_call {
	struct httpq_req	 req;		/* first: httpq's part */
	char			 method[API_METHOD_MAX];
	int64_t			 chat;		/* a message's chat; 0: none */
	int			 paced;		/* a message: pace.c decides */
	long			 timeout_ms;
	int			 flags;
	api_cb			*cb;
	void			*arg;
};

_Static_assert(offsetof(struct api_call, req) == 0,
    "struct api_call must begin with its struct httpq_req");

struct tgapi {
	struct httpq		 hq;		/* first: curl, queues, a timer */
	struct tgpace		*pace;
};

_Static_assert(offsetof(struct tgapi, hq) == 0,
    "struct tgapi must begin with its struct httpq");

static const char *const api_messages[] = {
	"sendMessage", "editMessageText", "editMessageReplyMarkup", NULL
};

/*
 * The one method whose second run does something again: a second
 * sendMessage is a second message.  Edits set the same text twice ("not
 * modified"), a delete finds nothing the second time, an answer to a
 * query twice is refused: those are retried freely.
 */
#define API_POSTS	"sendMessage"

static void	api_kick(struct tg *);

/* Headers say nothing the answer's JSON does not. */
static size_t
api_on_header(char *data, size_t size, size_t n, void *arg)
{
	(void)data;
	(void)arg;
	return size * n;
}

static void
api_after(void *arg)
{
	api_kick(arg);
}

static void
api_start(struct tg *tg, struct api_call *c)
{
	if (c->req.headers == NULL) {
		httpq_header(&c->req,
		    "Content-Type: application/json; charset=utf-8");
		httpq_header(&c->req, "User-Agent: cheersbot/%s",
		    CHEERSBOT_VERSION);
	}
	log_debug("telegram: calling %s", c->method);
	httpq_send(&tg->api->hq, &c->req, NULL, "{}", api_on_header,
	    c->timeout_ms, tg->ca_file);
}

/* Hands c's result to its caller and frees c; a 401 stops the adapter. */
static void
api_finish(struct tg *tg, struct api_call *c, const struct api_result *res)
{
	char	*why;

	httpq_unqueue(&tg->api->hq, &c->req);
	if (c->cb != NULL)
		c->cb(tg, res, c->arg);
	kicked_answer(tg, c->chat, res);
	if (res->status == 401) {
		why = xasprintf("Telegram refused the token (401 %s, on %s)",
		    res->desc != NULL ? res->desc : "Unauthorized", c->method);
		halt_stop(tg, why);
		free(why);
	}
	httpq_req_free(c);
}

/* The parsed answer json (may be NULL) into res; the error, caller frees. */
static char *
api_read(const cJSON *json, struct api_result *res)
{
	int64_t	code = 0;

	if (!cJSON_IsObject(json))
		return xasprintf("HTTP %ld: an answer that is not a JSON "
		    "object", res->status);
	if (json_true(json, "ok") && res->status == 200) {
		res->result = cJSON_GetObjectItemCaseSensitive(json, "result");
		return NULL;
	}
	if (json_int(json, "error_code", 100, 999, &code) == 0)
		res->code = code;
	res->desc = json_string(json, "description", API_DESC_MAX);
	res->params = json_object(json, "parameters");
	return xasprintf("%" PRId64 " %s", res->code != 0 ? res->code :
	    (int64_t)res->status, res->desc != NULL ? res->desc : "refused");
}

/* Does call c name a message (an edit, a delete), not only a chat? */
static int
api_names_message(const cJSON *body)
{
	return cJSON_GetObjectItemCaseSensitive(body, "message_id") != NULL;
}

/*
 * c was refused because its chat was upgraded to a supergroup (res, a
 * 400 with parameters.migrate_to_chat_id): the group moves (migrate.c),
 * and c goes again to the new id, unless it names a message (which the
 * new chat does not have) or its caller said API_NO_FOLLOW.  1 when c
 * goes again; 0 when it is to be finished with res.
 */
static int
api_follow(struct tg *tg, struct api_call *c, const struct api_result *res,
    uint64_t now)
{
	int64_t	 from = c->chat, to;
	cJSON	*body;
	int	 follow;

	if (from >= 0 || res->params == NULL || json_int(res->params,
	    "migrate_to_chat_id", INT64_MIN + 1, -1, &to) != 0)
		return 0;
	body = c->req.body != NULL ? cJSON_Parse(c->req.body) : NULL;
	follow = body != NULL && !(c->flags & API_NO_FOLLOW) &&
	    !api_names_message(body);
	if (follow) {
		cJSON_ReplaceItemInObjectCaseSensitive(body, "chat_id",
		    cJSON_CreateNumber((double)to));
		free(c->req.body);
		c->req.body = json_print(body);	/* frees body */
		c->chat = to;
		c->req.not_before = now;
		log_info("telegram: %s: the group was upgraded; sending to "
		    "its new id", c->method);
	} else
		cJSON_Delete(body);
	/* Busy meanwhile: the move's own calls must not send c again. */
	c->req.item.queue->busy = 1;
	migrate_chat(tg, from, to);
	c->req.item.queue->busy = 0;
	return follow;
}

/*
 * May c's failure (rc; status, the HTTP answer's, when rc is CURLE_OK)
 * have come after Telegram ran it?  Telegram has no idempotency key, so
 * a message whose request reached the Bot API and whose answer was lost
 * or an error may be in the chat already, and sending it again would
 * post it twice.  It cannot have run when the request's body was not
 * all sent (the connection, its TLS, or the upload failed first: the
 * server needs the whole body before it runs anything), nor on a 502 or
 * 503, which the front (nginx) answers when the Bot API server behind
 * it did not take the request.  Any other 5xx, and a failure once the
 * body was sent (a timeout, a connection dropped while waiting), may
 * have come after.  sent is how much of the body went (-1: unknown),
 * read from the transfer's handle before it is freed (api_sent).
 */
static int
api_may_have_run(struct api_call *c, CURLcode rc, long status,
    curl_off_t sent)
{
	if (rc == CURLE_OK)
		return status != 502 && status != 503;
	if (sent < 0)
		return 1;
	return sent >= (curl_off_t)(c->req.body != NULL ?
	    strlen(c->req.body) : 2);
}

/* How much of c's body its transfer sent; -1: curl cannot say. */
static curl_off_t
api_sent(struct api_call *c)
{
	curl_off_t	sent = 0;

	if (curl_easy_getinfo(c->req.easy, CURLINFO_SIZE_UPLOAD_T, &sent) !=
	    CURLE_OK)
		return -1;
	return sent;
}

/* A transfer (c) is over: retry it, or hand its result to the caller. */
static void
api_done(void *priv, CURLcode rc, void *arg)
{
	struct api_call		*c = priv;
	struct tg		*tg = arg;
	struct tgapi		*api = tg->api;
	struct api_result	 res;
	cJSON			*json = NULL;
	uint64_t		 now, retry;
	int64_t			 after;
	char			*error = NULL;
	curl_off_t		 sent;
	int			 once;

	memset(&res, 0, sizeof res);
	sent = api_sent(c);
	res.status = httpq_done(&api->hq, &c->req.easy, &c->req.item, rc);
	/*
	 * A message that may be in the chat already is not sent again: a
	 * board's next update posts it anew (lib/coalesce), and a line of
	 * text lost is better than one said twice.
	 */
	once = (c->flags & API_ONCE) || ((rc != CURLE_OK ||
	    res.status >= 500) && strcmp(c->method, API_POSTS) == 0 &&
	    api_may_have_run(c, rc, res.status, sent));
	uv_update_time(tg->loop);
	now = uv_now(tg->loop);
	if (c->paced)
		pace_answered(api->pace, c->chat, now);

	if ((error = httpq_failed(&c->req, rc, res.status)) != NULL) {
		if (c->req.failures <= API_RETRIES && !once) {
			retry = backoff_delay(1000, 60000, c->req.failures);
			log_warn("telegram: %s: %s; retrying in %" PRIu64 " ms",
			    c->method, error, retry);
			free(error);
			c->req.not_before = now + retry;
			return;
		}
		log_warn("telegram: %s: %s; %s", c->method, error,
		    (c->flags & API_ONCE) ? "not retried" : once ? "not "
		    "retried: it may have been posted already" : "giving up");
		goto finish;
	}
	json = httpq_json(&c->req);
	if (res.status == 429) {
		after = 1;
		json_int(json_object(json, "parameters"), "retry_after", 0,
		    INT64_MAX, &after);
		if (after > API_RETRY_AFTER_MAX)
			after = API_RETRY_AFTER_MAX;
		retry = (uint64_t)(after > 0 ? after : 1) * 1000;
		if (httpq_limited(&c->req, API_RETRIES_429, &error)) {
			log_info("telegram: %s: rate limited; waiting %" PRIu64
			    " ms", c->method, retry);
			if (c->chat != 0)
				pace_hold(api->pace, c->chat, now + retry);
			c->req.not_before = now + retry;
			cJSON_Delete(json);
			return;
		}
		log_warn("telegram: %s: %s; giving up", c->method, error);
		goto finish;
	}
	error = api_read(json, &res);
	if (api_follow(tg, c, &res, now)) {
		free(error);
		cJSON_Delete(json);
		return;
	}

finish:
	res.error = error;
	api_finish(tg, c, &res);
	cJSON_Delete(json);
	free(error);
}

/* Starts every queue head that may leave now; re-arms for the next. */
static void
api_kick(struct tg *tg)
{
	struct tgapi		*api = tg->api;
	struct reqq_queue	*q;
	struct api_call		*c;
	uint64_t		 now, wait, next = UINT64_MAX;

	if (api == NULL || api->hq.stopped)
		return;
	curluv_each_done(&api->hq.cu, api_done, tg);
	if (tg->halted)
		return;
	uv_update_time(tg->loop);
	now = uv_now(tg->loop);
	TAILQ_FOREACH(q, &api->hq.rq.queues, entry) {
		if (q->busy || (c = reqq_head(q)) == NULL)
			continue;
		wait = c->req.not_before > now ? c->req.not_before - now : 0;
		if (wait == 0 && c->paced)
			wait = pace_wait(api->pace, c->chat, now);
		if (wait > 0) {
			if (wait < next)
				next = wait;
			continue;
		}
		if (c->paced)
			pace_sent(api->pace, c->chat, now);
		api_start(tg, c);
	}
	httpq_wait(&api->hq, next);
}

int
api_call(struct tg *tg, const char *method, const char *queue, cJSON *body,
    long timeout_ms, int flags, api_cb *cb, void *arg, char **cause)
{
	struct tgapi	*api = tg->api;
	struct api_call	*c;
	int64_t		 chat = 0;
	int		 i;

	if (api == NULL || api->hq.stopped || tg->halted) {
		cJSON_Delete(body);
		if (flags & API_ARG_FREE)
			free(arg);
		return set_cause(cause, "the Telegram adapter is stopping");
	}
	json_int(body, "chat_id", INT64_MIN + 1, INT64_MAX, &chat);
	/* A group upgraded this run: to its new id, or nowhere. */
	if (migrate_to(tg, chat) != chat) {
		if ((flags & API_NO_FOLLOW) || api_names_message(body)) {
			cJSON_Delete(body);
			if (flags & API_ARG_FREE)
				free(arg);
			return set_cause(cause, "that group is a supergroup "
			    "now, with another id");
		}
		chat = migrate_to(tg, chat);
		cJSON_ReplaceItemInObjectCaseSensitive(body, "chat_id",
		    cJSON_CreateNumber((double)chat));
	}
	if (kicked_has(tg, chat)) {
		cJSON_Delete(body);
		if (flags & API_ARG_FREE)
			free(arg);
		return set_cause(cause, "I can no longer write in that group");
	}
	c = xcalloc(1, sizeof *c);
	snprintf(c->method, sizeof c->method, "%s", method);
	/* Never logged: it holds the token. */
	c->req.url = xasprintf("%s/bot%s/%s", tg->api_base, tg->token, method);
	c->chat = chat;
	for (i = 0; api_messages[i] != NULL; i++)
		if (strcmp(method, api_messages[i]) == 0)
			c->paced = chat != 0;
	c->req.body = body != NULL ? json_print(body) : NULL;
	c->timeout_ms = timeout_ms > 0 ? timeout_ms : API_TIMEOUT_MS;
	c->flags = flags;
	c->cb = cb;
	c->arg = arg;
	if (flags & API_ARG_FREE)
		c->req.owned = arg;
	if (httpq_add(&api->hq, queue != NULL ? queue : c->method, &c->req,
	    API_BODY_MAX) != 0) {
		log_warn("telegram: too many calls waiting; dropping a %s",
		    c->method);
		httpq_req_free(c);
		return set_cause(cause, "too many Telegram calls are waiting");
	}
	return 0;
}

/* Is call data (not in flight) one for chat (arg)? */
static int
api_for_chat(void *data, void *arg)
{
	struct api_call	*c = data;

	return c->req.easy == NULL && c->chat == *(int64_t *)arg;
}

void
api_drop_chat(struct tg *tg, int64_t chat)
{
	struct reqq_list	 out;
	struct api_result	 res;
	struct api_call		*c;
	int			 n;

	if (tg->api == NULL || tg->api->hq.stopped)
		return;
	TAILQ_INIT(&out);
	n = reqq_pick(&tg->api->hq.rq, api_for_chat, &chat, &out);
	memset(&res, 0, sizeof res);
	res.error = "the chat is lost";
	while ((c = reqq_list_pop(&out)) != NULL) {
		if (c->cb != NULL)
			c->cb(tg, &res, c->arg);
		httpq_req_free(c);
	}
	if (n > 0)
		log_info("telegram: dropped %d call%s to a lost chat", n,
		    n == 1 ? "" : "s");
}

int
api_init(struct tg *tg, char **cause)
{
	struct tgapi	*api;

	if ((api = httpq_client_new(sizeof *api, tg->loop, API_QUEUE_MAX,
	    API_TOTAL_MAX, api_after, tg, "telegram", cause)) == NULL)
		return -1;
	api->pace = pace_new(tg->group_per_min, tg->per_sec, tg->pace_ms);
	tg->api = api;
	return 0;
}

void
api_stop(struct tg *tg)
{
	int	n = httpq_client_stop(tg->api, httpq_req_free);

	if (n > 0)
		log_info("telegram: dropping %d unsent call%s", n,
		    n == 1 ? "" : "s");
}

void
api_free(struct tg *tg)
{
	if (tg->api == NULL)
		return;
	pace_free(tg->api->pace);
	httpq_client_free(tg->api);
	tg->api = NULL;
}
