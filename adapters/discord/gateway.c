/*
 * The gateway: one shard's websocket session to Discord (lib/wsclient:
 * libwebsockets on the bot's libuv loop, one client shared by the
 * shards of shards.c), with a User-Agent on the upgrade.  Each shard has
 * its own socket, heartbeat, session to resume and backoff.
 *
 * The session: a new one waits for shards.c to allow its IDENTIFY
 * (GET /gateway/bot's URL and session_start_limit, paced by bucket),
 * then: connect with ?v=10&encoding=json, wait for HELLO, heartbeat (the
 * first after interval * random, then every interval, with the last
 * sequence number;
 * op 1 is answered at once), IDENTIFY (intent GUILDS only, our shard) or
 * RESUME (session_id, seq, on resume_gateway_url).  No ACK between two
 * heartbeats means a zombie connection: close it with a non-1000 code and
 * resume.  op 7 and resumable close codes resume; op 9 d:false, 4007 and
 * 4009 identify anew after 1 to 5 s; 4004 (the token refused) stops the
 * adapter until SIGHUP brings a new one (discord_refused), 4010 to 4014
 * are fatal to the shard: it says why and stops retrying, the other
 * shards and the rest of the bot run on.  Every other loss reconnects
 * with exponential backoff and jitter, forever.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/daemon/log.h"
#include "lib/backoff.h"
#include "lib/buf.h"
#include "lib/json.h"
#include "lib/wsclient.h"
#include "lib/xmalloc.h"

#define GW_MSG_MAX		(8 * 1024 * 1024)	/* one gateway message */
#define GW_OUT_MAX		16			/* frames waiting to go */
#define GW_SESSION_MAX		128
#define GW_INTENT_GUILDS	(1 << 0)
#define GW_CLOSE_RESUME		4000	/* our close when we will resume */
#define GW_RESUME_TRIES		2	/* failed connects to resume_url */
#define GW_TAG_MAX		32

/* What to do when the socket is gone. */
enum gw_next {
	GW_NEXT_BACKOFF,	/* reconnect after a backoff; resume if we can */
	GW_NEXT_NOW,		/* reconnect at once and resume (op 7) */
	GW_NEXT_IDENTIFY,	/* forget the session; identify after 1-5 s */
};

struct gateway {
	struct discord		*d;
	int			 slot;		/* its place in shards.c */
	int			 shard_id, shard_count;
	int			 in_set;	/* one of discord.shards */
	char			 tag[GW_TAG_MAX];	/* "discord: shard 3" */

	struct wsconn		*ws;		/* NULL: none */
	struct backoff		 retry;		/* this shard's reconnects */
	int			 waiting;	/* for shards.c to allow IDENTIFY */
	int			 fatal;
	int			 stopped;

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

	struct buf		 rx;		/* an inflated message */
	struct zstream		*zs;		/* zlib-stream, or NULL */
};

static void	gateway_on_retry(void *);

/* Queues one frame (a JSON text, taken over). */
static void
gateway_send(struct gateway *gw, char *text, int urgent)
{
	char		*cause = NULL;

	if (gw->ws == NULL || wsconn_send(gw->ws, text, urgent ? WSCONN_URGENT :
	    0, &cause) != 0) {
		log_warn("%s: gateway frame dropped (%s)", gw->tag,
		    cause != NULL ? cause : "not connected");
		free(cause);
	}
	free(text);
}

/* Asks for the socket to be closed with code at the next chance. */
static void
gateway_close(struct gateway *gw, int code, enum gw_next next)
{
	gw->next = next;
	uv_timer_stop(&gw->heartbeat);
	if (gw->ws != NULL)
		wsconn_close(gw->ws, code);
}

static void
gateway_heartbeat_send(struct gateway *gw)
{
	char		*s;

	if (gw->seq >= 0)
		s = xasprintf("{\"op\":1,\"d\":%lld}", (long long)gw->seq);
	else
		s = xstrdup("{\"op\":1,\"d\":null}");
	gateway_send(gw, s, 1);
}

static void
gateway_on_heartbeat(uv_timer_t *t)
{
	struct gateway	*gw = t->data;

	if (!gw->acked) {
		log_warn("%s: no heartbeat ACK since the last heartbeat; "
		    "reconnecting to resume", gw->tag);
		gateway_close(gw, GW_CLOSE_RESUME, GW_NEXT_BACKOFF);
		return;
	}
	gw->acked = 0;
	gateway_heartbeat_send(gw);
	uv_timer_start(&gw->heartbeat, gateway_on_heartbeat, gw->interval, 0);
}

static void
gateway_identify(struct gateway *gw)
{
	struct discord	*d = gw->d;
	cJSON		*msg, *data, *props, *shard;
	char		*s;

	msg = cJSON_CreateObject();
	data = cJSON_CreateObject();
	if (gw->session_id[0] != '\0' && gw->seq >= 0) {
		log_info("%s: resuming session at sequence %lld", gw->tag,
		    (long long)gw->seq);
		cJSON_AddNumberToObject(msg, "op", 6);
		cJSON_AddStringToObject(data, "token", d->token);
		cJSON_AddStringToObject(data, "session_id", gw->session_id);
		cJSON_AddNumberToObject(data, "seq", (double)gw->seq);
	} else {
		log_info("%s: identifying as shard %d of %d", gw->tag,
		    gw->shard_id, gw->shard_count);
		cJSON_AddNumberToObject(msg, "op", 2);
		cJSON_AddStringToObject(data, "token", d->token);
		cJSON_AddNumberToObject(data, "intents", GW_INTENT_GUILDS);
		props = cJSON_AddObjectToObject(data, "properties");
		cJSON_AddStringToObject(props, "os", "linux");
		cJSON_AddStringToObject(props, "browser", "cheersbot");
		cJSON_AddStringToObject(props, "device", "cheersbot");
		shard = cJSON_AddArrayToObject(data, "shard");
		cJSON_AddItemToArray(shard, cJSON_CreateNumber(gw->shard_id));
		cJSON_AddItemToArray(shard, cJSON_CreateNumber(gw->shard_count));
		shards_identified(d, gw->slot);
	}
	cJSON_AddItemToObject(msg, "d", data);
	s = json_print(msg);
	gateway_send(gw, s, 0);
}

static void
gateway_forget_session(struct gateway *gw)
{
	gw->session_id[0] = '\0';
	gw->resume_url[0] = '\0';
	gw->seq = -1;
}

/* READY or RESUMED: the session works, and the backoff starts again. */
static void
gateway_ready(struct gateway *gw, const cJSON *data, int resumed)
{
	const char	*s;

	if (!resumed) {
		if ((s = json_string(data, "session_id",
		    GW_SESSION_MAX - 1)) != NULL)
			snprintf(gw->session_id, sizeof gw->session_id, "%s", s);
		if ((s = json_string(data, "resume_gateway_url",
		    GW_URL_MAX - 64)) != NULL && (strncmp(s, "ws://", 5) == 0 ||
		    strncmp(s, "wss://", 6) == 0))
			snprintf(gw->resume_url, sizeof gw->resume_url, "%s", s);
	}
	backoff_reset(&gw->retry);
	log_info("%s: %s", gw->tag, resumed ? "resumed" : "ready");
	shards_state(gw->d, gw->slot, "connected");
}

void
gateway_message(struct gateway *gw, const char *text)
{
	cJSON		*msg;
	const cJSON	*data;
	const char	*type;
	int64_t		 op, seq, ms;

	if ((msg = cJSON_Parse(text)) == NULL || !cJSON_IsObject(msg) ||
	    json_int(msg, "op", 0, 100, &op) != 0) {
		log_warn("%s: dropped a malformed gateway message", gw->tag);
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
			log_warn("%s: dropped a dispatch without t or d",
			    gw->tag);
			break;
		}
		log_debug("%s: dispatch %s (seq %lld)", gw->tag, type,
		    (long long)gw->seq);
		if (strcmp(type, "READY") == 0)
			gateway_ready(gw, data, 0);
		else if (strcmp(type, "RESUMED") == 0)
			gateway_ready(gw, data, 1);
		discord_dispatch(gw->d, type, data);
		break;
	case 1:		/* the server asks for a heartbeat now */
		gateway_heartbeat_send(gw);
		break;
	case 7:		/* reconnect */
		log_info("%s: the gateway asks us to reconnect", gw->tag);
		gateway_close(gw, GW_CLOSE_RESUME, GW_NEXT_NOW);
		break;
	case 9:		/* invalid session */
		if (cJSON_IsTrue(data)) {
			log_info("%s: invalid session (resumable)", gw->tag);
			gateway_close(gw, GW_CLOSE_RESUME, GW_NEXT_BACKOFF);
		} else {
			log_info("%s: invalid session; identifying anew",
			    gw->tag);
			gateway_forget_session(gw);
			gateway_close(gw, GW_CLOSE_RESUME, GW_NEXT_IDENTIFY);
		}
		break;
	case 10:	/* hello */
		if (json_int(data, "heartbeat_interval", 100, 3600000,
		    &ms) != 0) {
			log_warn("%s: HELLO without a usable "
			    "heartbeat_interval; reconnecting", gw->tag);
			gateway_close(gw, GW_CLOSE_RESUME, GW_NEXT_BACKOFF);
			break;
		}
		gw->interval = (uint64_t)ms;
		gw->acked = 1;
		uv_timer_start(&gw->heartbeat, gateway_on_heartbeat,
		    (uint64_t)((double)ms * ((double)random() / RAND_MAX)), 0);
		gateway_identify(gw);
		break;
	case 11:	/* heartbeat ACK */
		gw->acked = 1;
		break;
	default:
		log_debug("%s: ignored gateway op %lld", gw->tag,
		    (long long)op);
		break;
	}
	cJSON_Delete(msg);
}

/* Why close code is fatal (in_set: one of discord.shards), or NULL. */
static const char *
gateway_fatal_reason(int code, int in_set)
{
	switch (code) {
	case 4010: return in_set ? "invalid shard: check discord.shards and "
	    "discord.shard_count" : "invalid shard: check discord.shard_id";
	case 4011: return in_set ? "sharding required: raise "
	    "discord.shard_count, or set discord.shards = auto" :
	    "sharding required: raise discord.shard_count";
	case 4012: return "invalid API version";
	case 4013: return "invalid intents";
	case 4014: return "disallowed intents";
	}
	return NULL;
}

/* The socket is gone (closed, dropped or never opened): plan the next. */
static void
gateway_lost(struct gateway *gw, int code, const char *why)
{
	struct discord	*d = gw->d;
	const char	*fatal;
	uint64_t	 ms;

	uv_timer_stop(&gw->heartbeat);
	gw->ws = NULL;
	buf_reset(&gw->rx);
	shards_lost(d, gw->slot);
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
		log_warn("%s: %d connects to the resume URL failed; "
		    "forgetting the session and identifying on %s", gw->tag,
		    gw->resume_fails, shards_url(d));
		gateway_forget_session(gw);
		gw->resume_fails = 0;
	}
	if (code == 4004) {
		discord_refused(d, "the gateway (close code 4004)");
		return;
	}
	if ((fatal = gateway_fatal_reason(code, gw->in_set)) != NULL) {
		if (gw->in_set)
			log_error("%s: the gateway closed with %d, %s; this "
			    "shard stops, not reconnecting (the other shards "
			    "and adapters keep running)", gw->tag, code, fatal);
		else
			log_error("discord: the gateway closed with %d, %s; "
			    "not reconnecting (other adapters keep running)",
			    code, fatal);
		gw->fatal = 1;
		shards_state(d, gw->slot, "refused");
		return;
	}
	if (code == 4007 || code == 4009) {
		log_info("%s: the gateway closed with %d; identifying anew",
		    gw->tag, code);
		gateway_forget_session(gw);
		gw->next = GW_NEXT_IDENTIFY;
	}
	switch (gw->next) {
	case GW_NEXT_NOW:
		ms = 0;
		backoff_after(&gw->retry, ms);
		break;
	case GW_NEXT_IDENTIFY:
		ms = 1000 + (uint64_t)random() % 4001;
		backoff_after(&gw->retry, ms);
		break;
	default:
		ms = backoff_next(&gw->retry);
		break;
	}
	gw->next = GW_NEXT_BACKOFF;
	shards_state(d, gw->slot, "retrying");
	if (code != 0)
		log_info("%s: gateway connection lost (%s, code %d); "
		    "reconnecting in %llu ms", gw->tag, why, code,
		    (unsigned long long)ms);
	else
		log_info("%s: gateway connection lost (%s); reconnecting "
		    "in %llu ms", gw->tag, why, (unsigned long long)ms);
}

/*
 * One websocket message of a zlib-stream connection: inflated and handled
 * once the server's flush marker ends what came so far.  A corrupt stream
 * cannot go on, so the connection is closed (and the session resumed).
 */
static void
gateway_receive_compressed(struct gateway *gw, const void *in, size_t len)
{
	char		*cause = NULL;
	int		 rc;

	if ((rc = zstream_feed(gw->zs, in, len, &gw->rx, &cause)) < 0) {
		log_warn("%s: %s; reconnecting", gw->tag, cause);
		free(cause);
		gateway_close(gw, GW_CLOSE_RESUME, GW_NEXT_NOW);
		return;
	}
	if (rc == 1)
		gateway_message(gw, buf_str(&gw->rx));
	buf_reset(&gw->rx);
}

/* The shard of connection ws, if it is still that shard's socket. */
static struct gateway *
gateway_of(struct wsconn *ws)
{
	struct gateway	*gw = wsconn_data(ws);

	return gw != NULL && gw->ws == ws ? gw : NULL;
}

static void
gateway_on_open(struct wsconn *ws, void *arg)
{
	struct gateway	*gw = gateway_of(ws);

	(void)arg;
	if (gw == NULL)
		return;
	gw->opened = 1;
	gw->resume_fails = 0;
	log_info("%s: gateway connected", gw->tag);
}

static void
gateway_on_message(struct wsconn *ws, const char *data, size_t len, void *arg)
{
	struct gateway	*gw = gateway_of(ws);

	(void)arg;
	if (gw == NULL)
		return;
	gw->d->rx_ns = uv_hrtime();
	if (gw->zs != NULL)
		gateway_receive_compressed(gw, data, len);
	else
		gateway_message(gw, data);
}

static void
gateway_on_notice(struct wsconn *ws, const char *what, void *arg)
{
	struct gateway	*gw = wsconn_data(ws);

	(void)arg;
	log_warn("%s: gateway: %s", gw != NULL ? gw->tag : "discord", what);
}

static void
gateway_on_close(struct wsconn *ws, int code, const char *why, void *arg)
{
	struct gateway	*gw = gateway_of(ws);

	(void)arg;
	if (gw == NULL)
		return;
	if (strncmp(why, "connection failed", 17) == 0)
		log_warn("%s: gateway %s", gw->tag, why);
	gateway_lost(gw, code, why);
}

static const struct wsclient_ops gateway_ops = {
	.on_open = gateway_on_open,
	.on_message = gateway_on_message,
	.on_notice = gateway_on_notice,
	.on_close = gateway_on_close,
};

struct wsclient *
gateway_client(struct discord *d, char **cause)
{
	struct wsclient_opts	 opts;
	struct wsclient		*wc;
	char			*why = NULL;

	memset(&opts, 0, sizeof opts);
	opts.user_agent = d->user_agent;
	opts.ca_file = d->ca_file;
	opts.msg_max = GW_MSG_MAX;
	opts.queue_max = GW_OUT_MAX;
	if ((wc = wsclient_new(d->loop, &opts, &gateway_ops, d,
	    &why)) == NULL) {
		set_cause(cause, "discord: %s", why);
		free(why);
	}
	return wc;
}

/* Opens the websocket to url (borrowed) with ?v=10&encoding=json. */
static void
gateway_open(struct gateway *gw, const char *url)
{
	struct discord	*d = gw->d;
	char		*full, *cause = NULL;

	full = xasprintf("%s%sv=10&encoding=json%s", url,
	    strchr(url, '?') != NULL ? "&" : "?",
	    d->compress ? "&compress=zlib-stream" : "");
	/* Each connection is a new zlib stream. */
	if (gw->zs != NULL)
		zstream_reset(gw->zs);
	shards_state(d, gw->slot, "connecting");
	gw->ws = wsclient_connect(shards_client(d), full, &cause);
	free(full);
	if (gw->ws == NULL) {
		log_error("%s: cannot connect to the gateway: %s", gw->tag,
		    cause);
		free(cause);
		gw->next = GW_NEXT_BACKOFF;
		gateway_lost(gw, 0, "connect failed");
		return;
	}
	wsconn_set_data(gw->ws, gw);
	log_info("%s: connecting to the gateway at %s", gw->tag,
	    wsconn_where(gw->ws));
}

void
gateway_identify_now(struct gateway *gw)
{
	gw->waiting = 0;
	if (gw->stopped || gw->fatal || gw->ws != NULL) {
		shards_lost(gw->d, gw->slot);	/* the turn goes unused */
		return;
	}
	gw->opened = 0;
	gw->via_resume = 0;
	gateway_open(gw, shards_url(gw->d));
}

/*
 * Connects: to resume_url when resuming; else a new session waits for
 * shards.c to allow its IDENTIFY (gateway_identify_now).
 */
static void
gateway_connect(struct gateway *gw)
{
	if (gw->stopped || gw->fatal || gw->ws != NULL || gw->waiting)
		return;
	if (gw->session_id[0] == '\0') {
		gw->waiting = 1;
		shards_ask(gw->d, gw->slot);
		return;
	}
	gw->opened = 0;
	gw->via_resume = gw->resume_url[0] != '\0';
	gateway_open(gw, gw->via_resume ? gw->resume_url : shards_url(gw->d));
}

static void
gateway_on_retry(void *arg)
{
	gateway_connect(arg);
}

struct gateway *
gateway_new(struct discord *d, int slot, int shard_id, int shard_count,
    int in_set)
{
	struct gateway	*gw;

	gw = xcalloc(1, sizeof *gw);
	gw->d = d;
	gw->slot = slot;
	gw->shard_id = shard_id;
	gw->shard_count = shard_count;
	gw->in_set = in_set;
	if (in_set)
		snprintf(gw->tag, sizeof gw->tag, "discord: shard %d", shard_id);
	else
		snprintf(gw->tag, sizeof gw->tag, "discord");
	gw->seq = -1;
	buf_init(&gw->rx, GW_MSG_MAX);
	if (d->compress)
		gw->zs = zstream_new(GW_MSG_MAX);
	uv_timer_init(d->loop, &gw->heartbeat);
	gw->heartbeat.data = gw;
	backoff_init(&gw->retry, d->loop, 0, 0, gateway_on_retry, gw);
	return gw;
}

void
gateway_start(struct gateway *gw)
{
	gateway_connect(gw);
}

int
gateway_waiting(const struct gateway *gw)
{
	return gw->waiting && !gw->stopped && !gw->fatal;
}

/* Closes the connection with 1000: no reconnect, no heartbeat. */
static void
gateway_close_1000(struct gateway *gw)
{
	gw->waiting = 0;
	backoff_cancel(&gw->retry);
	uv_timer_stop(&gw->heartbeat);
	if (gw->ws != NULL)
		wsconn_close(gw->ws, 1000);
}

void
gateway_close_clean(struct gateway *gw)
{
	if (!gw->stopped)
		gateway_close_1000(gw);
}

int
gateway_closing(const struct gateway *gw)
{
	return !gw->stopped && gw->ws != NULL;
}

void
gateway_refuse(struct gateway *gw)
{
	if (gw->stopped)
		return;
	gw->fatal = 1;
	gateway_forget_session(gw);
	gateway_close_1000(gw);
}

void
gateway_restart(struct gateway *gw)
{
	if (gw->stopped)
		return;
	gw->fatal = 0;
	gateway_forget_session(gw);
	backoff_reset(&gw->retry);
	gateway_connect(gw);
}

void
gateway_stop(struct gateway *gw)
{
	if (gw->stopped)
		return;
	gw->stopped = 1;
	gw->waiting = 0;
	uv_close((uv_handle_t *)&gw->heartbeat, NULL);
	backoff_close(&gw->retry);
}

void
gateway_free(struct gateway *gw)
{
	if (gw == NULL)
		return;
	buf_release(&gw->rx);
	zstream_free(gw->zs);
	free(gw);
}
