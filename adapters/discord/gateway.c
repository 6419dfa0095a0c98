/*
 * The gateway: one websocket session to Discord (lib/wsclient:
 * libwebsockets on the bot's libuv loop), with a User-Agent on the
 * upgrade.
 *
 * The session: GET /gateway/bot before each new session (for the URL,
 * unless gateway_url is set, and for session_start_limit: with no starts
 * left it waits for reset_after, and it identifies at most
 * max_concurrency times in 5 s), connect with ?v=10&encoding=json, wait for HELLO, heartbeat (the first after
 * interval * random, then every interval, with the last sequence number;
 * op 1 is answered at once), IDENTIFY (intent GUILDS only, our shard) or
 * RESUME (session_id, seq, on resume_gateway_url).  No ACK between two
 * heartbeats means a zombie connection: close it with a non-1000 code and
 * resume.  op 7 and resumable close codes resume; op 9 d:false, 4007 and
 * 4009 identify anew after 1 to 5 s; 4004 (the token refused) stops the
 * adapter until SIGHUP brings a new one (discord_refused), 4010 to 4014
 * are fatal: the adapter says why and stops retrying, the rest of the
 * bot runs on.  Every
 * other loss reconnects with exponential backoff and jitter, forever.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adapters/discord/discord-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/backoff.h"
#include "lib/buf.h"
#include "lib/json.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

#define GW_MSG_MAX		(8 * 1024 * 1024)	/* one gateway message */
#define GW_OUT_MAX		16			/* frames waiting to go */
#define GW_URL_MAX		512
#define GW_SESSION_MAX		128
#define GW_INTENT_GUILDS	(1 << 0)
#define GW_CLOSE_RESUME		4000	/* our close when we will resume */
#define GW_RESUME_TRIES		2	/* failed connects to resume_url */
#define GW_IDENTIFY_WINDOW	5000	/* max_concurrency identifies per 5 s */
#define GW_CONCURRENCY_MAX	16	/* identifies remembered for that */

/* What to do when the socket is gone. */
enum gw_next {
	GW_NEXT_BACKOFF,	/* reconnect after a backoff; resume if we can */
	GW_NEXT_NOW,		/* reconnect at once and resume (op 7) */
	GW_NEXT_IDENTIFY,	/* forget the session; identify after 1-5 s */
};

struct gateway {
	struct wsclient		*wc;
	struct wsconn		*ws;		/* NULL: none */
	int			 fetching;	/* GET /gateway/bot in flight */
	int			 fatal;
	int			 stopped;

	char			 url[GW_URL_MAX];	/* from config or /gateway/bot */
	char			 resume_url[GW_URL_MAX];
	char			 session_id[GW_SESSION_MAX];
	int64_t			 seq;		/* -1: none yet */

	uv_timer_t		 heartbeat;
	uint64_t		 interval;	/* ms, from HELLO */
	int			 acked;		/* an ACK since our last heartbeat */

	enum gw_next		 next;
	int			 via_resume;	/* this socket went to resume_url */
	int			 opened;	/* this socket's upgrade worked */
	int			 resume_fails;	/* connects to resume_url in a row */

	/*
	 * The identify budget, session_start_limit of GET /gateway/bot,
	 * read before each new session: fresh says it was read for the
	 * next IDENTIFY (-1: unknown), told that the wait was logged.
	 */
	int			 budget_fresh;
	int64_t			 remaining, total, reset_after, concurrency;
	int			 told;
	uint64_t		 identified[GW_CONCURRENCY_MAX];	/* loop ms */
	int			 nidentified;

	struct buf		 rx;		/* an inflated message */
	struct zstream		*zs;		/* zlib-stream, or NULL */
};

static void	gateway_connect(struct discord *);
static void	gateway_budget(struct gateway *, const cJSON *);

/* Queues one frame (a JSON text, taken over). */
static void
gateway_send(struct discord *d, char *text, int urgent)
{
	struct gateway	*gw = d->gateway;
	char		*cause = NULL;

	if (gw->ws == NULL || wsconn_send(gw->ws, text, urgent ? WSCONN_URGENT :
	    0, &cause) != 0) {
		log_warn("discord: gateway frame dropped (%s)", cause != NULL ?
		    cause : "not connected");
		free(cause);
	}
	free(text);
}

/* Asks for the socket to be closed with code at the next chance. */
static void
gateway_close(struct discord *d, int code, enum gw_next next)
{
	struct gateway	*gw = d->gateway;

	gw->next = next;
	uv_timer_stop(&gw->heartbeat);
	if (gw->ws != NULL)
		wsconn_close(gw->ws, code);
}

static void
gateway_heartbeat_send(struct discord *d)
{
	struct gateway	*gw = d->gateway;
	char		*s;

	if (gw->seq >= 0)
		s = xasprintf("{\"op\":1,\"d\":%lld}", (long long)gw->seq);
	else
		s = xstrdup("{\"op\":1,\"d\":null}");
	gateway_send(d, s, 1);
}

static void
gateway_on_heartbeat(uv_timer_t *t)
{
	struct discord	*d = t->data;
	struct gateway	*gw = d->gateway;

	if (!gw->acked) {
		log_warn("discord: no heartbeat ACK since the last heartbeat; "
		    "reconnecting to resume");
		gateway_close(d, GW_CLOSE_RESUME, GW_NEXT_BACKOFF);
		return;
	}
	gw->acked = 0;
	gateway_heartbeat_send(d);
	uv_timer_start(&gw->heartbeat, gateway_on_heartbeat, gw->interval, 0);
}

static void
gateway_identify(struct discord *d)
{
	struct gateway	*gw = d->gateway;
	cJSON		*msg, *data, *props, *shard;
	char		*s;

	msg = cJSON_CreateObject();
	data = cJSON_CreateObject();
	if (gw->session_id[0] != '\0' && gw->seq >= 0) {
		log_info("discord: resuming session at sequence %lld",
		    (long long)gw->seq);
		cJSON_AddNumberToObject(msg, "op", 6);
		cJSON_AddStringToObject(data, "token", d->token);
		cJSON_AddStringToObject(data, "session_id", gw->session_id);
		cJSON_AddNumberToObject(data, "seq", (double)gw->seq);
	} else {
		log_info("discord: identifying as shard %d of %d", d->shard_id,
		    d->shard_count);
		cJSON_AddNumberToObject(msg, "op", 2);
		cJSON_AddStringToObject(data, "token", d->token);
		cJSON_AddNumberToObject(data, "intents", GW_INTENT_GUILDS);
		props = cJSON_AddObjectToObject(data, "properties");
		cJSON_AddStringToObject(props, "os", "linux");
		cJSON_AddStringToObject(props, "browser", "cheersbot");
		cJSON_AddStringToObject(props, "device", "cheersbot");
		shard = cJSON_AddArrayToObject(data, "shard");
		cJSON_AddItemToArray(shard, cJSON_CreateNumber(d->shard_id));
		cJSON_AddItemToArray(shard, cJSON_CreateNumber(d->shard_count));
	}
	cJSON_AddItemToObject(msg, "d", data);
	s = json_print(msg);
	gateway_send(d, s, 0);
}

static void
gateway_forget_session(struct gateway *gw)
{
	gw->session_id[0] = '\0';
	gw->resume_url[0] = '\0';
	gw->seq = -1;
}

void
gateway_message(struct discord *d, const char *text)
{
	struct gateway	*gw = d->gateway;
	cJSON		*msg;
	const cJSON	*data;
	const char	*type, *s;
	int64_t		 op, seq, ms;

	if ((msg = cJSON_Parse(text)) == NULL || !cJSON_IsObject(msg) ||
	    json_int(msg, "op", 0, 100, &op) != 0) {
		log_warn("discord: dropped a malformed gateway message");
		cJSON_Delete(msg);
		return;
	}
	data = cJSON_GetObjectItemCaseSensitive(msg, "d");
	switch (op) {
	case 0:		/* dispatch */
		if (json_int(msg, "s", 0, INT64_C(1) << 53, &seq) == 0)
			gw->seq = seq;
		if ((type = json_string(msg, "t", 64)) == NULL ||
		    !cJSON_IsObject(data)) {
			log_warn("discord: dropped a dispatch without t or d");
			break;
		}
		log_debug("discord: dispatch %s (seq %lld)", type,
		    (long long)gw->seq);
		if (strcmp(type, "READY") == 0) {
			if ((s = json_string(data, "session_id",
			    GW_SESSION_MAX - 1)) != NULL)
				snprintf(gw->session_id, sizeof gw->session_id,
				    "%s", s);
			if ((s = json_string(data, "resume_gateway_url",
			    GW_URL_MAX - 64)) != NULL && (strncmp(s, "ws://", 5) ==
			    0 || strncmp(s, "wss://", 6) == 0))
				snprintf(gw->resume_url, sizeof gw->resume_url,
				    "%s", s);
			backoff_reset(wsclient_retry(gw->wc));
			log_info("discord: ready");
			bot_adapter_state(&d->adapter, "connected");
		} else if (strcmp(type, "RESUMED") == 0) {
			backoff_reset(wsclient_retry(gw->wc));
			log_info("discord: resumed");
			bot_adapter_state(&d->adapter, "connected");
		}
		discord_dispatch(d, type, data);
		break;
	case 1:		/* the server asks for a heartbeat now */
		gateway_heartbeat_send(d);
		break;
	case 7:		/* reconnect */
		log_info("discord: the gateway asks us to reconnect");
		gateway_close(d, GW_CLOSE_RESUME, GW_NEXT_NOW);
		break;
	case 9:		/* invalid session */
		if (cJSON_IsTrue(data)) {
			log_info("discord: invalid session (resumable)");
			gateway_close(d, GW_CLOSE_RESUME, GW_NEXT_BACKOFF);
		} else {
			log_info("discord: invalid session; identifying anew");
			gateway_forget_session(gw);
			gateway_close(d, GW_CLOSE_RESUME, GW_NEXT_IDENTIFY);
		}
		break;
	case 10:	/* hello */
		if (json_int(data, "heartbeat_interval", 100, 3600000,
		    &ms) != 0) {
			log_warn("discord: HELLO without a usable "
			    "heartbeat_interval; reconnecting");
			gateway_close(d, GW_CLOSE_RESUME, GW_NEXT_BACKOFF);
			break;
		}
		gw->interval = (uint64_t)ms;
		gw->acked = 1;
		uv_timer_start(&gw->heartbeat, gateway_on_heartbeat,
		    (uint64_t)((double)ms * ((double)random() / RAND_MAX)), 0);
		gateway_identify(d);
		break;
	case 11:	/* heartbeat ACK */
		gw->acked = 1;
		break;
	default:
		log_debug("discord: ignored gateway op %lld", (long long)op);
		break;
	}
	cJSON_Delete(msg);
}

static const char *
gateway_fatal_reason(int code)
{
	switch (code) {
	case 4010: return "invalid shard: check discord.shard_id";
	case 4011: return "sharding required: raise discord.shard_count";
	case 4012: return "invalid API version";
	case 4013: return "invalid intents";
	case 4014: return "disallowed intents";
	}
	return NULL;
}

static void
gateway_on_retry(void *arg)
{
	gateway_connect(arg);
}

/* The socket is gone (closed, dropped or never opened): plan the next. */
static void
gateway_lost(struct discord *d, int code, const char *why)
{
	struct gateway	*gw = d->gateway;
	const char	*fatal;
	uint64_t	 ms;

	uv_timer_stop(&gw->heartbeat);
	gw->ws = NULL;
	buf_reset(&gw->rx);
	if (d->stopping)
		discord_drained(d);
	if (gw->stopped || d->stopping || gw->fatal)
		return;
	/*
	 * A resume_url that cannot be reached may never come back: after
	 * GW_RESUME_TRIES failed connects the session is given up, and the
	 * main gateway URL takes a new IDENTIFY.
	 */
	if (gw->via_resume && !gw->opened &&
	    ++gw->resume_fails >= GW_RESUME_TRIES) {
		log_warn("discord: %d connects to the resume URL failed; "
		    "forgetting the session and identifying on %s",
		    gw->resume_fails, gw->url);
		gateway_forget_session(gw);
		gw->resume_fails = 0;
	}
	if (code == 4004) {
		discord_refused(d, "the gateway (close code 4004)");
		return;
	}
	if ((fatal = gateway_fatal_reason(code)) != NULL) {
		log_error("discord: the gateway closed with %d, %s; not "
		    "reconnecting (other adapters keep running)", code, fatal);
		gw->fatal = 1;
		bot_adapter_state(&d->adapter, "refused");
		return;
	}
	if (code == 4007 || code == 4009) {
		log_info("discord: the gateway closed with %d; identifying "
		    "anew", code);
		gateway_forget_session(gw);
		gw->next = GW_NEXT_IDENTIFY;
	}
	switch (gw->next) {
	case GW_NEXT_NOW:
		ms = 0;
		backoff_after(wsclient_retry(gw->wc), ms);
		break;
	case GW_NEXT_IDENTIFY:
		ms = 1000 + (uint64_t)random() % 4001;
		backoff_after(wsclient_retry(gw->wc), ms);
		break;
	default:
		ms = backoff_next(wsclient_retry(gw->wc));
		break;
	}
	gw->next = GW_NEXT_BACKOFF;
	bot_adapter_state(&d->adapter, "retrying");
	if (code != 0)
		log_info("discord: gateway connection lost (%s, code %d); "
		    "reconnecting in %llu ms", why, code, (unsigned long long)ms);
	else
		log_info("discord: gateway connection lost (%s); reconnecting "
		    "in %llu ms", why, (unsigned long long)ms);
}

/*
 * One websocket message of a zlib-stream connection: inflated and handled
 * once the server's flush marker ends what came so far.  A corrupt stream
 * cannot go on, so the connection is closed (and the session resumed).
 */
static void
gateway_receive_compressed(struct discord *d, const void *in, size_t len)
{
	struct gateway	*gw = d->gateway;
	char		*cause = NULL;
	int		 rc;

	if ((rc = zstream_feed(gw->zs, in, len, &gw->rx, &cause)) < 0) {
		log_warn("discord: %s; reconnecting", cause);
		free(cause);
		gateway_close(d, GW_CLOSE_RESUME, GW_NEXT_NOW);
		return;
	}
	if (rc == 1)
		gateway_message(d, buf_str(&gw->rx));
	buf_reset(&gw->rx);
}

static void
gateway_on_open(struct wsconn *ws, void *arg)
{
	struct discord	*d = arg;

	if (ws != d->gateway->ws)
		return;
	d->gateway->opened = 1;
	d->gateway->resume_fails = 0;
	log_info("discord: gateway connected");
}

static void
gateway_on_message(struct wsconn *ws, const char *data, size_t len, void *arg)
{
	struct discord	*d = arg;

	if (ws != d->gateway->ws)
		return;
	d->rx_ns = uv_hrtime();
	if (d->gateway->zs != NULL)
		gateway_receive_compressed(d, data, len);
	else
		gateway_message(d, data);
}

static void
gateway_on_notice(struct wsconn *ws, const char *what, void *arg)
{
	(void)ws;
	(void)arg;
	log_warn("discord: gateway: %s", what);
}

static void
gateway_on_close(struct wsconn *ws, int code, const char *why, void *arg)
{
	struct discord	*d = arg;

	if (ws != d->gateway->ws)
		return;
	if (strncmp(why, "connection failed", 17) == 0)
		log_warn("discord: gateway %s", why);
	gateway_lost(d, code, why);
}

static const struct wsclient_ops gateway_ops = {
	.on_open = gateway_on_open,
	.on_message = gateway_on_message,
	.on_notice = gateway_on_notice,
	.on_close = gateway_on_close,
	.on_retry = gateway_on_retry,
};

/* Opens the websocket to url (borrowed) with ?v=10&encoding=json. */
static void
gateway_open(struct discord *d, const char *url)
{
	struct gateway	*gw = d->gateway;
	char		*full, *cause = NULL;

	full = xasprintf("%s%sv=10&encoding=json%s", url,
	    strchr(url, '?') != NULL ? "&" : "?",
	    d->compress ? "&compress=zlib-stream" : "");
	/* Each connection is a new zlib stream. */
	if (gw->zs != NULL)
		zstream_reset(gw->zs);
	bot_adapter_state(&d->adapter, "connecting");
	gw->ws = wsclient_connect(gw->wc, full, &cause);
	free(full);
	if (gw->ws == NULL) {
		log_error("discord: cannot connect to the gateway: %s", cause);
		free(cause);
		gw->next = GW_NEXT_BACKOFF;
		gateway_lost(d, 0, "connect failed");
		return;
	}
	log_info("discord: connecting to the gateway at %s",
	    wsconn_where(gw->ws));
}

static void
gateway_on_url(struct discord *d, const struct rest_result *res, void *arg)
{
	struct gateway	*gw = d->gateway;
	const char	*url;

	(void)arg;
	gw->fetching = 0;
	if (gw->stopped)
		return;
	url = res->error == NULL ?
	    json_string(res->json, "url", GW_URL_MAX - 64) : NULL;
	gateway_budget(gw, res->error == NULL ? res->json : NULL);
	if (res->status == 401)
		return;		/* discord_refused has said why */
	if (url == NULL && *d->gateway_url != '\0') {
		/* A configured URL does without; the budget stays unknown. */
		log_warn("discord: GET /gateway/bot: %s; identifying without "
		    "the budget", res->error != NULL ? res->error :
		    "no usable answer");
		gateway_connect(d);
		return;
	}
	if (url == NULL || (strncmp(url, "ws://", 5) != 0 &&
	    strncmp(url, "wss://", 6) != 0)) {
		log_warn("discord: GET /gateway/bot: %s",
		    res->error != NULL ? res->error : "no usable url");
		gw->budget_fresh = 0;
		gw->next = GW_NEXT_BACKOFF;
		gateway_lost(d, 0, "no gateway URL");
		return;
	}
	if (*d->gateway_url == '\0')
		snprintf(gw->url, sizeof gw->url, "%s", url);
	gateway_connect(d);
}

/*
 * Reads session_start_limit from GET /gateway/bot's answer (json may be
 * NULL: unknown) for the next IDENTIFY.
 */
static void
gateway_budget(struct gateway *gw, const cJSON *json)
{
	const cJSON	*l = cJSON_GetObjectItemCaseSensitive(json,
			    "session_start_limit");

	gw->budget_fresh = 1;
	gw->remaining = gw->total = gw->reset_after = -1;
	gw->concurrency = 1;
	if (!cJSON_IsObject(l))
		return;
	if (json_int(l, "remaining", 0, INT64_C(1) << 31,
	    &gw->remaining) != 0)
		gw->remaining = -1;
	if (json_int(l, "total", 0, INT64_C(1) << 31, &gw->total) != 0)
		gw->total = -1;
	if (json_int(l, "reset_after", 0, INT64_C(1) << 40,
	    &gw->reset_after) != 0)
		gw->reset_after = -1;
	if (json_int(l, "max_concurrency", 1, GW_CONCURRENCY_MAX,
	    &gw->concurrency) != 0)
		gw->concurrency = 1;
}

/*
 * How long the next IDENTIFY must wait (ms): for the budget to reset when
 * none is left, or for the oldest of the last max_concurrency identifies
 * to be GW_IDENTIFY_WINDOW old.  0: now.
 */
static uint64_t
gateway_identify_wait(struct discord *d)
{
	struct gateway	*gw = d->gateway;
	uint64_t	 now = uv_now(d->loop), oldest, ms;
	time_t		 until;
	struct tm	 tm;
	char		 when[32];
	int		 n = (int)gw->concurrency;

	if (gw->remaining == 0) {
		/* A little past the reset, so that it has happened. */
		ms = gw->reset_after >= 0 ? (uint64_t)gw->reset_after + 250 :
		    60000;
		if (!gw->told) {
			until = time(NULL) + (time_t)(ms / 1000);
			gmtime_r(&until, &tm);
			strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", &tm);
			log_warn("discord: no session starts left today (0 of "
			    "%lld); waiting until %s to identify, as Discord "
			    "resets the token of a bot that goes on",
			    (long long)gw->total, when);
			gw->told = 1;
		}
		return ms;
	}
	gw->told = 0;
	if (gw->nidentified < n)
		return 0;
	oldest = gw->identified[(gw->nidentified - n) % GW_CONCURRENCY_MAX];
	return oldest + GW_IDENTIFY_WINDOW > now ?
	    oldest + GW_IDENTIFY_WINDOW - now : 0;
}

/* Connects: to resume_url when resuming, else to the gateway URL. */
static void
gateway_connect(struct discord *d)
{
	struct gateway	*gw = d->gateway;
	char		*cause = NULL;
	uint64_t	 wait;

	if (gw->stopped || gw->fatal || gw->ws != NULL || gw->fetching)
		return;
	/* A new session: read the budget first, and keep to it. */
	if (gw->url[0] == '\0' || (gw->session_id[0] == '\0' &&
	    !gw->budget_fresh)) {
		gw->fetching = 1;
		if (rest_request(d, "GET", "/gateway/bot", NULL, NULL, 0,
		    gateway_on_url, NULL, &cause) != 0) {
			gw->fetching = 0;
			log_warn("discord: %s", cause);
			free(cause);
			gateway_lost(d, 0, "no gateway URL");
		}
		return;
	}
	if (gw->session_id[0] == '\0') {
		if ((wait = gateway_identify_wait(d)) > 0) {
			gw->budget_fresh = gw->remaining != 0;
			log_info("discord: identifying in %llu ms",
			    (unsigned long long)wait);
			backoff_after(wsclient_retry(gw->wc), wait);
			return;
		}
		gw->budget_fresh = 0;	/* spent on this IDENTIFY */
		gw->identified[gw->nidentified++ % GW_CONCURRENCY_MAX] =
		    uv_now(d->loop);
	}
	gw->opened = 0;
	gw->via_resume = gw->session_id[0] != '\0' && gw->resume_url[0] != '\0';
	if (gw->via_resume)
		gateway_open(d, gw->resume_url);
	else
		gateway_open(d, gw->url);
}

int
gateway_start(struct discord *d, char **cause)
{
	struct wsclient_opts	 opts;
	struct gateway		*gw;
	char			*why = NULL;

	gw = xcalloc(1, sizeof *gw);
	d->gateway = gw;
	gw->seq = -1;
	buf_init(&gw->rx, GW_MSG_MAX);
	if (d->compress)
		gw->zs = zstream_new(GW_MSG_MAX);
	snprintf(gw->url, sizeof gw->url, "%s", d->gateway_url);
	uv_timer_init(d->loop, &gw->heartbeat);
	gw->heartbeat.data = d;

	memset(&opts, 0, sizeof opts);
	opts.user_agent = d->user_agent;
	opts.ca_file = d->ca_file;
	opts.msg_max = GW_MSG_MAX;
	opts.queue_max = GW_OUT_MAX;
	if ((gw->wc = wsclient_new(d->loop, &opts, &gateway_ops, d,
	    &why)) == NULL) {
		set_cause(cause, "discord: %s", why);
		free(why);
		return -1;
	}
	gateway_connect(d);
	return 0;
}

/* Closes the connection with 1000: no reconnect, no heartbeat. */
static void
gateway_close_1000(struct gateway *gw)
{
	backoff_cancel(wsclient_retry(gw->wc));
	uv_timer_stop(&gw->heartbeat);
	if (gw->ws != NULL)
		wsconn_close(gw->ws, 1000);
}

void
gateway_close_clean(struct discord *d)
{
	struct gateway	*gw = d->gateway;

	if (gw != NULL && !gw->stopped)
		gateway_close_1000(gw);
}

int
gateway_closing(struct discord *d)
{
	struct gateway	*gw = d->gateway;

	return gw != NULL && !gw->stopped && gw->ws != NULL;
}

void
gateway_refuse(struct discord *d)
{
	struct gateway	*gw = d->gateway;

	if (gw == NULL || gw->stopped)
		return;
	gw->fatal = 1;
	gateway_forget_session(gw);
	gateway_close_1000(gw);
}

void
gateway_restart(struct discord *d)
{
	struct gateway	*gw = d->gateway;

	if (gw == NULL || gw->stopped)
		return;
	gw->fatal = 0;
	gateway_forget_session(gw);
	backoff_reset(wsclient_retry(gw->wc));
	gateway_connect(d);
}

void
gateway_stop(struct discord *d)
{
	struct gateway	*gw = d->gateway;

	if (gw == NULL || gw->stopped)
		return;
	gw->stopped = 1;
	uv_close((uv_handle_t *)&gw->heartbeat, NULL);
	wsclient_stop(gw->wc);
}

void
gateway_free(struct discord *d)
{
	struct gateway	*gw = d->gateway;

	if (gw == NULL)
		return;
	wsclient_free(gw->wc);
	buf_release(&gw->rx);
	zstream_free(gw->zs);
	free(gw);
	d->gateway = NULL;
}
