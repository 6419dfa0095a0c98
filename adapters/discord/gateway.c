/*
 * The gateway: one websocket session to Discord, on libwebsockets running
 * on the bot's libuv loop (a foreign loop; Debian's libwebsockets ignores
 * lws_service()'s timeout, so nothing else could drive it).
 *
 * The session: GET /gateway/bot once (unless gateway_url is set), connect
 * with ?v=10&encoding=json, wait for HELLO, heartbeat (the first after
 * interval * random, then every interval, with the last sequence number;
 * op 1 is answered at once), IDENTIFY (intent GUILDS only, our shard) or
 * RESUME (session_id, seq, on resume_gateway_url).  No ACK between two
 * heartbeats means a zombie connection: close it with a non-1000 code and
 * resume.  op 7 and resumable close codes resume; op 9 d:false, 4007 and
 * 4009 identify anew after 1 to 5 s; 4004 and 4010 to 4014 are fatal: the
 * adapter says why and stops retrying, the rest of the bot runs on.  Every
 * other loss reconnects with exponential backoff and jitter, forever.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "adapters/discord/discord-int.h"
#include "bot/bot.h"
#include "bot/log.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define GW_MSG_MAX		(8 * 1024 * 1024)	/* one gateway message */
#define GW_OUT_MAX		16			/* frames waiting to go */
#define GW_URL_MAX		512
#define GW_SESSION_MAX		128
#define GW_BACKOFF_MAX_MS	60000
#define GW_INTENT_GUILDS	(1 << 0)
#define GW_CLOSE_RESUME		4000	/* our close when we will resume */
/*
 * lws_write()'s opcode for a close frame: libwebsockets keeps it private
 * ("handled by lws_close_reason()"), but that path drops the socket without
 * a close frame when a client callback returns -1 in this version.
 */
#define GW_WRITE_CLOSE		((enum lws_write_protocol)4)

/* What to do when the socket is gone. */
enum gw_next {
	GW_NEXT_BACKOFF,	/* reconnect after a backoff; resume if we can */
	GW_NEXT_NOW,		/* reconnect at once and resume (op 7) */
	GW_NEXT_IDENTIFY,	/* forget the session; identify after 1-5 s */
};

struct gateway {
	struct lws_context	*ctx;
	void			*loops[1];
	struct lws		*wsi;
	int			 connecting;	/* a connection is being made */
	int			 fetching;	/* GET /gateway/bot in flight */
	int			 fatal;
	int			 stopped;

	char			 url[GW_URL_MAX];	/* from config or /gateway/bot */
	char			 resume_url[GW_URL_MAX];
	char			 session_id[GW_SESSION_MAX];
	int64_t			 seq;		/* -1: none yet */

	uv_timer_t		 heartbeat;
	uv_timer_t		 reconnect;
	uint64_t		 interval;	/* ms, from HELLO */
	int			 acked;		/* an ACK since our last heartbeat */
	int			 attempts;	/* failed connections in a row */

	enum gw_next		 next;
	int			 close_code;	/* to send: >0 closes the socket */
	int			 peer_code;	/* what the server closed with */

	struct buf		 rx;
	int			 rx_overflow;
	struct zstream		*zs;		/* zlib-stream, or NULL */
	char			*out[GW_OUT_MAX];
	size_t			 outlen[GW_OUT_MAX];
	int			 nout;
};

static void	gateway_connect(struct discord *);

static void
gateway_log(int level, const char *line)
{
	size_t	n = strlen(line);

	while (n > 0 && line[n - 1] == '\n')
		n--;
	if (level & LLL_ERR)
		log_warn("discord: websocket: %.*s", (int)n, line);
	else
		log_debug("discord: websocket: %.*s", (int)n, line);
}

/* Queues one frame (a JSON text, taken over) and asks to write. */
static void
gateway_send(struct discord *d, char *text, int urgent)
{
	struct gateway	*gw = d->gateway;
	size_t		 len = strlen(text);
	char		*frame;

	if (gw->wsi == NULL || gw->nout == GW_OUT_MAX) {
		log_warn("discord: gateway frame dropped (%s)",
		    gw->wsi == NULL ? "not connected" : "queue full");
		free(text);
		return;
	}
	frame = xmalloc(LWS_PRE + len + 1);
	memcpy(frame + LWS_PRE, text, len + 1);
	free(text);
	if (urgent) {
		memmove(gw->out + 1, gw->out, (size_t)gw->nout * sizeof *gw->out);
		memmove(gw->outlen + 1, gw->outlen,
		    (size_t)gw->nout * sizeof *gw->outlen);
		gw->out[0] = frame;
		gw->outlen[0] = len;
	} else {
		gw->out[gw->nout] = frame;
		gw->outlen[gw->nout] = len;
	}
	gw->nout++;
	lws_callback_on_writable(gw->wsi);
}

static void
gateway_clear_out(struct gateway *gw)
{
	while (gw->nout > 0)
		free(gw->out[--gw->nout]);
}

/* Asks for the socket to be closed with code at the next chance. */
static void
gateway_close(struct discord *d, int code, enum gw_next next)
{
	struct gateway	*gw = d->gateway;

	gw->next = next;
	gw->close_code = code;
	uv_timer_stop(&gw->heartbeat);
	if (gw->wsi != NULL)
		lws_callback_on_writable(gw->wsi);
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
	if ((s = cJSON_PrintUnformatted(msg)) == NULL)
		fatalx("cJSON_PrintUnformatted failed");
	cJSON_Delete(msg);
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
	    dj_int(msg, "op", 0, 100, &op) != 0) {
		log_warn("discord: dropped a malformed gateway message");
		cJSON_Delete(msg);
		return;
	}
	data = cJSON_GetObjectItemCaseSensitive(msg, "d");
	switch (op) {
	case 0:		/* dispatch */
		if (dj_int(msg, "s", 0, INT64_C(1) << 53, &seq) == 0)
			gw->seq = seq;
		if ((type = dj_string(msg, "t", 64)) == NULL ||
		    !cJSON_IsObject(data)) {
			log_warn("discord: dropped a dispatch without t or d");
			break;
		}
		log_debug("discord: dispatch %s (seq %lld)", type,
		    (long long)gw->seq);
		if (strcmp(type, "READY") == 0) {
			if ((s = dj_string(data, "session_id",
			    GW_SESSION_MAX - 1)) != NULL)
				snprintf(gw->session_id, sizeof gw->session_id,
				    "%s", s);
			if ((s = dj_string(data, "resume_gateway_url",
			    GW_URL_MAX - 64)) != NULL && (strncmp(s, "ws://", 5) ==
			    0 || strncmp(s, "wss://", 6) == 0))
				snprintf(gw->resume_url, sizeof gw->resume_url,
				    "%s", s);
			gw->attempts = 0;
			log_info("discord: ready");
			bot_adapter_state(&d->adapter, "connected");
		} else if (strcmp(type, "RESUMED") == 0) {
			gw->attempts = 0;
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
		if (dj_int(data, "heartbeat_interval", 100, 3600000, &ms) != 0) {
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
	case 4004: return "authentication failed: check discord.token";
	case 4010: return "invalid shard: check discord.shard_id";
	case 4011: return "sharding required: raise discord.shard_count";
	case 4012: return "invalid API version";
	case 4013: return "invalid intents";
	case 4014: return "disallowed intents";
	}
	return NULL;
}

static void
gateway_on_reconnect(uv_timer_t *t)
{
	gateway_connect(t->data);
}

/* The socket is gone (closed, dropped or never opened): plan the next. */
static void
gateway_lost(struct discord *d, const char *why)
{
	struct gateway	*gw = d->gateway;
	const char	*fatal;
	uint64_t	 ms, cap;
	int		 code = gw->peer_code;

	uv_timer_stop(&gw->heartbeat);
	gateway_clear_out(gw);
	gw->wsi = NULL;
	gw->connecting = 0;
	gw->close_code = 0;
	gw->peer_code = 0;
	buf_reset(&gw->rx);
	gw->rx_overflow = 0;
	if (gw->stopped || d->stopping)
		return;
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
		break;
	case GW_NEXT_IDENTIFY:
		ms = 1000 + (uint64_t)random() % 4001;
		break;
	default:
		gw->attempts++;
		cap = gw->attempts > 7 ? GW_BACKOFF_MAX_MS :
		    1000ULL << (gw->attempts - 1);
		if (cap > GW_BACKOFF_MAX_MS)
			cap = GW_BACKOFF_MAX_MS;
		ms = cap / 2 + (uint64_t)random() % (cap / 2 + 1);
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
	uv_timer_start(&gw->reconnect, gateway_on_reconnect, ms, 0);
}

/*
 * A piece of a zlib-stream connection: inflated and handled once the
 * server's flush marker ends what came so far.  A corrupt stream cannot
 * go on, so the connection is closed (and the session resumed).
 */
static void
gateway_receive_compressed(struct discord *d, const void *in, size_t len)
{
	struct gateway	*gw = d->gateway;
	char		*cause = NULL;
	int		 rc;

	d->rx_ns = uv_hrtime();
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

static int
gateway_callback(struct lws *wsi, enum lws_callback_reasons reason,
    void *user, void *in, size_t len)
{
	struct discord	*d = lws_context_user(lws_get_context(wsi));
	struct gateway	*gw = d == NULL ? NULL : d->gateway;
	char		**p, *end;
	unsigned char	 closebuf[LWS_PRE + 2];
	int		 n;

	(void)user;
	if (gw == NULL)
		return 0;
	switch (reason) {
	case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
		p = (char **)in;
		end = *p + len;
		if (lws_add_http_header_by_name(wsi,
		    (const unsigned char *)"user-agent:",
		    (const unsigned char *)d->user_agent,
		    (int)strlen(d->user_agent), (unsigned char **)p,
		    (unsigned char *)end) != 0)
			return -1;
		break;
	case LWS_CALLBACK_CLIENT_ESTABLISHED:
		if (wsi != gw->wsi)
			return -1;
		gw->connecting = 0;
		log_info("discord: gateway connected");
		break;
	case LWS_CALLBACK_CLIENT_RECEIVE:
		if (wsi != gw->wsi)
			return -1;
		if (gw->zs != NULL) {
			gateway_receive_compressed(d, in, len);
			break;
		}
		if (!gw->rx_overflow && buf_add(&gw->rx, in, len) != 0)
			gw->rx_overflow = 1;
		if (!lws_is_final_fragment(wsi) ||
		    lws_remaining_packet_payload(wsi) != 0)
			break;
		d->rx_ns = uv_hrtime();
		if (gw->rx_overflow)
			log_warn("discord: dropped a gateway message over %d "
			    "bytes", GW_MSG_MAX);
		else
			gateway_message(d, buf_str(&gw->rx));
		buf_reset(&gw->rx);
		gw->rx_overflow = 0;
		break;
	case LWS_CALLBACK_CLIENT_WRITEABLE:
		if (wsi != gw->wsi)
			return -1;
		if (gw->close_code > 0) {
			/*
			 * Our own close frame: lws_close_reason() and -1 from
			 * here drops the socket without one in this version.
			 */
			closebuf[LWS_PRE] = (unsigned char)(gw->close_code >> 8);
			closebuf[LWS_PRE + 1] = (unsigned char)gw->close_code;
			lws_write(wsi, closebuf + LWS_PRE, 2, GW_WRITE_CLOSE);
			return -1;
		}
		if (gw->nout == 0)
			break;
		n = lws_write(wsi, (unsigned char *)gw->out[0] + LWS_PRE,
		    gw->outlen[0], LWS_WRITE_TEXT);
		free(gw->out[0]);
		gw->nout--;
		memmove(gw->out, gw->out + 1, (size_t)gw->nout * sizeof *gw->out);
		memmove(gw->outlen, gw->outlen + 1,
		    (size_t)gw->nout * sizeof *gw->outlen);
		if (n < 0)
			return -1;
		if (gw->nout > 0)
			lws_callback_on_writable(wsi);
		break;
	case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
		if (wsi == gw->wsi && len >= 2)
			gw->peer_code = ((unsigned char *)in)[0] << 8 |
			    ((unsigned char *)in)[1];
		break;
	case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
		if (wsi == gw->wsi || (gw->connecting && gw->wsi == NULL)) {
			log_warn("discord: gateway connection failed: %.200s",
			    in == NULL ? "unknown error" : (const char *)in);
			gateway_lost(d, "connection failed");
		}
		break;
	case LWS_CALLBACK_CLIENT_CLOSED:
		if (wsi == gw->wsi)
			gateway_lost(d, "closed");
		break;
	default:
		break;
	}
	return 0;
}

static const struct lws_protocols gateway_protocols[] = {
	{ "discord-gateway", gateway_callback, 0, 65536, 0, NULL, 0 },
	{ NULL, NULL, 0, 0, 0, NULL, 0 }
};

/* Opens the websocket to url (borrowed) with ?v=10&encoding=json. */
static void
gateway_open(struct discord *d, const char *url)
{
	struct gateway			*gw = d->gateway;
	struct lws_client_connect_info	 ci;
	char				 copy[GW_URL_MAX], path[GW_URL_MAX + 32];
	const char			*prot, *host, *rest;
	int				 port;

	snprintf(copy, sizeof copy, "%s", url);
	if (lws_parse_uri(copy, &prot, &host, &port, &rest) != 0 ||
	    (strcmp(prot, "ws") != 0 && strcmp(prot, "wss") != 0)) {
		log_error("discord: cannot use gateway URL %.200s", url);
		gw->next = GW_NEXT_BACKOFF;
		gateway_lost(d, "bad URL");
		return;
	}
	snprintf(path, sizeof path, "/%s%sv=10&encoding=json%s", rest,
	    strchr(rest, '?') != NULL ? "&" : "?",
	    d->compress ? "&compress=zlib-stream" : "");
	/* Each connection is a new zlib stream. */
	if (gw->zs != NULL)
		zstream_reset(gw->zs);
	memset(&ci, 0, sizeof ci);
	ci.context = gw->ctx;
	ci.address = host;
	ci.port = port;
	ci.path = path;
	ci.host = host;
	ci.origin = host;
	ci.ssl_connection = strcmp(prot, "wss") == 0 ? LCCSCF_USE_SSL : 0;
	ci.protocol = NULL;
	ci.local_protocol_name = gateway_protocols[0].name;
	ci.pwsi = &gw->wsi;
	gw->connecting = 1;
	bot_adapter_state(&d->adapter, "connecting");
	log_info("discord: connecting to the gateway at %s://%s:%d", prot,
	    host, port);
	if (lws_client_connect_via_info(&ci) == NULL && gw->connecting) {
		gw->wsi = NULL;
		gateway_lost(d, "connect failed");
	}
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
	url = res->error == NULL ? dj_string(res->json, "url", GW_URL_MAX - 64) :
	    NULL;
	if (url == NULL || (strncmp(url, "ws://", 5) != 0 &&
	    strncmp(url, "wss://", 6) != 0)) {
		log_warn("discord: GET /gateway/bot: %s",
		    res->error != NULL ? res->error : "no usable url");
		if (res->status == 401) {
			log_error("discord: the token was refused (HTTP 401); "
			    "not connecting (other adapters keep running)");
			gw->fatal = 1;
			return;
		}
		gw->next = GW_NEXT_BACKOFF;
		gateway_lost(d, "no gateway URL");
		return;
	}
	snprintf(gw->url, sizeof gw->url, "%s", url);
	gateway_connect(d);
}

/* Connects: to resume_url when resuming, else to the gateway URL. */
static void
gateway_connect(struct discord *d)
{
	struct gateway	*gw = d->gateway;
	char		*cause = NULL;

	if (gw->stopped || gw->fatal || gw->wsi != NULL || gw->fetching)
		return;
	if (gw->url[0] == '\0') {
		gw->fetching = 1;
		if (rest_request(d, "GET", "/gateway/bot", NULL, NULL, 0,
		    gateway_on_url, NULL, &cause) != 0) {
			gw->fetching = 0;
			log_warn("discord: %s", cause);
			free(cause);
			gateway_lost(d, "no gateway URL");
		}
		return;
	}
	if (gw->session_id[0] != '\0' && gw->resume_url[0] != '\0')
		gateway_open(d, gw->resume_url);
	else
		gateway_open(d, gw->url);
}

int
gateway_start(struct discord *d, char **cause)
{
	struct lws_context_creation_info	 info;
	struct gateway				*gw;

	gw = xcalloc(1, sizeof *gw);
	d->gateway = gw;
	gw->seq = -1;
	buf_init(&gw->rx, GW_MSG_MAX);
	if (d->compress)
		gw->zs = zstream_new(GW_MSG_MAX);
	snprintf(gw->url, sizeof gw->url, "%s", d->gateway_url);
	uv_timer_init(d->loop, &gw->heartbeat);
	gw->heartbeat.data = d;
	uv_timer_init(d->loop, &gw->reconnect);
	gw->reconnect.data = d;

	lws_set_log_level(LLL_ERR, gateway_log);
	memset(&info, 0, sizeof info);
	gw->loops[0] = d->loop;
	info.port = CONTEXT_PORT_NO_LISTEN;
	info.protocols = gateway_protocols;
	info.options = LWS_SERVER_OPTION_LIBUV |
	    LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
	info.foreign_loops = gw->loops;
	info.user = d;
	if (*d->ca_file != '\0')
		info.client_ssl_ca_filepath = d->ca_file;
	if ((gw->ctx = lws_create_context(&info)) == NULL)
		return set_cause(cause, "discord: cannot create the websocket "
		    "context");
	gateway_connect(d);
	return 0;
}

void
gateway_stop(struct discord *d)
{

	struct gateway	*gw = d->gateway;

	if (gw == NULL || gw->stopped)
		return;
	gw->stopped = 1;
	uv_close((uv_handle_t *)&gw->heartbeat, NULL);
	uv_close((uv_handle_t *)&gw->reconnect, NULL);
	gateway_clear_out(gw);
	/*
	 * On a foreign loop this only starts the destruction: lws closes its
	 * handles, and gateway_free finishes it once the loop has run.
	 */
	if (gw->ctx != NULL)
		lws_context_destroy(gw->ctx);
	gw->wsi = NULL;
}

void
gateway_free(struct discord *d)
{
	struct gateway	*gw = d->gateway;

	if (gw == NULL)
		return;
	if (gw->ctx != NULL)
		lws_context_destroy(gw->ctx);
	buf_release(&gw->rx);
	zstream_free(gw->zs);
	free(gw);
	d->gateway = NULL;
}
