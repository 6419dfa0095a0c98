/*
 * Fuzz target: what Discord's REST API and Slack's Web API answer.  The
 * adapters' real clients (rest.c with ratelimit.c, web.c) and their
 * callers (dm.c, boardmsg.c, commands.c; im.c, tablemsg.c, admin.c) make
 * their requests with libcurl as they always do, to a server this target
 * runs on the same loop on 127.0.0.1, which answers each request with the
 * next answer of the input.  So the status, every header (X-RateLimit-*,
 * Retry-After) and the body reach the adapters exactly as a real answer's
 * would, through curl.
 *
 * The input's first byte picks what the adapters do (a Discord message, a
 * DM, a table's board posted, edited and reposted, the command overwrite;
 * a Slack message, a DM, a table message, a click waiting for users.info,
 * a response_url), the rest is the answers, separated by "\n%%\n".  An
 * answer is a status line ("429 Too Many Requests"), header lines, an
 * empty line and the body; the server adds Content-Length and closes the
 * connection.  Requests past the last answer get "200 OK" and "{}".  Each
 * input runs until the adapters are idle (a retry or a rate limit that
 * waits longer than FUZZ_IDLE_MS is where it ends), then the clients are
 * stopped and made anew, so nothing carries over.  A caller's result must
 * be consistent: an error exactly when the answer was not a success.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>
#include <uv.h>

#include "adapters/discord/discord-int.h"
#include "adapters/discord/discord.h"
#include "adapters/slack/slack-int.h"
#include "adapters/slack/slack.h"
#include "lib/buf.h"
#include "lib/json.h"
#include "lib/xmalloc.h"
#include "tests/fuzz/fuzz-bot.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_ANSWERS_MAX	16
#define FUZZ_REQUEST_MAX	(2 * 1024 * 1024)
#define FUZZ_IDLE_MS		100	/* a timer this far off is not waited for */
#define FUZZ_STEPS_MAX		2000	/* loop turns per step of an input */
#define FUZZ_SEP		"\n%%\n"

/* One connection to the fake server. */
struct fuzz_conn {
	uv_tcp_t	 tcp;
	struct buf	 in;
	int		 answered;
	int		 continued;	/* "100 Continue" sent */
	uv_write_t	 wr;
	char		*out;
};

static struct bot	 bot;
static struct config	*config;
static struct discord	*discord;
static struct slack	*slack;
static uv_loop_t	*loop;
static uv_tcp_t		 server;
static int		 port;
static int		 conns;		/* open connections */

static struct {
	const char	*p;
	size_t		 len;
}			 answers[FUZZ_ANSWERS_MAX];
static int		 nanswers, next_answer;

/* The answer to the next request, as HTTP; caller frees. */
static char *
fuzz_answer(size_t *len)
{
	struct buf	 b;
	const char	*p, *end, *nl, *body;
	size_t		 n;

	buf_init(&b, FUZZ_REQUEST_MAX);
	if (next_answer >= nanswers) {
		buf_puts(&b, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
		    "Connection: close\r\n\r\n{}");
		*len = b.len;
		return buf_detach(&b);
	}
	p = answers[next_answer].p;
	end = p + answers[next_answer].len;
	next_answer++;
	/* The status line, then headers up to an empty line. */
	body = end;
	for (n = 0; p < end; n++) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (nl == p && n > 0) {
			body = nl + 1;
			break;
		}
		/* The server frames the answer itself. */
		if (n > 0 && ((size_t)(nl - p) >= 15 &&
		    strncasecmp(p, "Content-Length:", 15) == 0))
			;
		else if (n > 0 && ((size_t)(nl - p) >= 11 &&
		    strncasecmp(p, "Connection:", 11) == 0))
			;
		else if (n > 0 && ((size_t)(nl - p) >= 18 &&
		    strncasecmp(p, "Transfer-Encoding:", 18) == 0))
			;
		else
			buf_printf(&b, "%s%.*s\r\n", n == 0 ? "HTTP/1.1 " : "",
			    (int)(nl - p - (nl > p && nl[-1] == '\r')), p);
		p = nl + 1;
	}
	if (n == 0)
		buf_puts(&b, "HTTP/1.1 200 OK\r\n");
	if (body > end)
		body = end;
	buf_printf(&b, "Content-Length: %zu\r\nConnection: close\r\n\r\n",
	    (size_t)(end - body));
	buf_add(&b, body, (size_t)(end - body));
	*len = b.len;
	return buf_detach(&b);
}

static void
fuzz_conn_closed(uv_handle_t *h)
{
	struct fuzz_conn	*c = h->data;

	buf_release(&c->in);
	free(c->out);
	free(c);
	conns--;
}

static void
fuzz_conn_written(uv_write_t *wr, int status)
{
	struct fuzz_conn	*c = wr->data;

	(void)status;
	free(c->out);
	c->out = NULL;
	if (c->answered && !uv_is_closing((uv_handle_t *)&c->tcp))
		uv_close((uv_handle_t *)&c->tcp, fuzz_conn_closed);
}

static void
fuzz_conn_send(struct fuzz_conn *c, char *data, size_t len)
{
	uv_buf_t	b = uv_buf_init(data, (unsigned)len);

	c->out = data;
	c->wr.data = c;
	if (uv_write(&c->wr, (uv_stream_t *)&c->tcp, &b, 1,
	    fuzz_conn_written) != 0) {
		free(c->out);
		c->out = NULL;
		if (!uv_is_closing((uv_handle_t *)&c->tcp))
			uv_close((uv_handle_t *)&c->tcp, fuzz_conn_closed);
	}
}

static void
fuzz_conn_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b)
{
	(void)h;
	b->base = xmalloc(hint);
	b->len = hint;
}

/* A request is whole: its headers, and Content-Length bytes of body. */
static void
fuzz_conn_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b)
{
	struct fuzz_conn	*c = s->data;
	const char		*text, *hdr_end, *cl;
	size_t			 hlen, want = 0, len;
	char			*out;

	if (n > 0)
		buf_add(&c->in, b->base, (size_t)n);
	free(b->base);
	if (n < 0) {
		if (!uv_is_closing((uv_handle_t *)s))
			uv_close((uv_handle_t *)s, fuzz_conn_closed);
		return;
	}
	if (c->answered || c->out != NULL)
		return;
	text = buf_str(&c->in);
	if ((hdr_end = strstr(text, "\r\n\r\n")) == NULL)
		return;
	hlen = (size_t)(hdr_end - text) + 4;
	if ((cl = strcasestr(text, "\r\nContent-Length:")) != NULL &&
	    cl < hdr_end)
		want = strtoul(cl + 17, NULL, 10);
	if (c->in.len < hlen + want) {
		if (!c->continued && strcasestr(text,
		    "\r\nExpect: 100-continue") != NULL) {
			c->continued = 1;
			fuzz_conn_send(c, xstrdup("HTTP/1.1 100 Continue\r\n\r\n"),
			    25);
		}
		return;
	}
	c->answered = 1;
	out = fuzz_answer(&len);
	fuzz_conn_send(c, out, len);
}

static void
fuzz_on_connection(uv_stream_t *srv, int status)
{
	struct fuzz_conn	*c;

	if (status != 0)
		return;
	c = xcalloc(1, sizeof *c);
	buf_init(&c->in, FUZZ_REQUEST_MAX);
	uv_tcp_init(loop, &c->tcp);
	c->tcp.data = c;
	conns++;
	if (uv_accept(srv, (uv_stream_t *)&c->tcp) != 0) {
		uv_close((uv_handle_t *)&c->tcp, fuzz_conn_closed);
		return;
	}
	uv_read_start((uv_stream_t *)&c->tcp, fuzz_conn_alloc, fuzz_conn_read);
}

static void
fuzz_on_watchdog(uv_timer_t *t)
{
	(void)t;
}

/*
 * Runs the loop until nothing is due within FUZZ_IDLE_MS and no
 * connection is open: every answer the adapters could get now was given.
 */
static void
fuzz_run(void)
{
	uv_timer_t	watchdog;
	int		i, idle = 0, timeout;

	uv_timer_init(loop, &watchdog);
	for (i = 0; i < FUZZ_STEPS_MAX && idle < 3; i++) {
		uv_run(loop, UV_RUN_NOWAIT);
		timeout = uv_backend_timeout(loop);
		if (conns == 0 && (timeout < 0 || timeout >= FUZZ_IDLE_MS)) {
			idle++;
			continue;
		}
		idle = 0;
		/* Wait for the next event, but never long. */
		uv_timer_start(&watchdog, fuzz_on_watchdog, FUZZ_IDLE_MS, 0);
		uv_run(loop, UV_RUN_ONCE);
		uv_timer_stop(&watchdog);
	}
	uv_close((uv_handle_t *)&watchdog, NULL);
	uv_run(loop, UV_RUN_NOWAIT);
}

/* A Discord result must say error exactly when it was no success. */
static void
fuzz_rest_done(struct discord *d, const struct rest_result *res, void *arg)
{
	(void)d;
	(void)arg;
	if ((res->status >= 200 && res->status < 300) != (res->error == NULL))
		abort();
}

/*
 * A Slack result: no error means a 2xx answer that said ok (a
 * response_url's, whose arg is not NULL, may just say "ok").
 */
static void
fuzz_web_done(struct slack *s, const struct web_result *res, void *arg)
{
	int	url = arg != NULL;

	(void)s;
	if (res->error == NULL && (res->status < 200 || res->status >= 300))
		abort();
	if (res->error == NULL && !url && !json_true(res->json, "ok"))
		abort();
	if (res->slack_error != NULL && res->error == NULL)
		abort();
}

static void
fuzz_setup(void)
{
	struct sockaddr_in	 sin;
	int			 len = sizeof sin;
	char			*dset, *sset;

	loop = uv_default_loop();
	uv_tcp_init(loop, &server);
	uv_ip4_addr("127.0.0.1", 0, &sin);
	if (uv_tcp_bind(&server, (const struct sockaddr *)&sin, 0) != 0 ||
	    uv_listen((uv_stream_t *)&server, 64, fuzz_on_connection) != 0 ||
	    uv_tcp_getsockname(&server, (struct sockaddr *)&sin, &len) != 0)
		abort();
	port = ntohs(sin.sin_port);
	/* Held for the whole run, so each client's init and cleanup is cheap. */
	curl_global_init(CURL_GLOBAL_DEFAULT);

	dset = xasprintf("discord.api_base=http://127.0.0.1:%d/api", port);
	sset = xasprintf("slack.api_base=http://127.0.0.1:%d/api/", port);
	config = fuzz_config("discord.token=fuzz", "discord.application_id=1",
	    "slack.app_token=xapp-fuzz", "slack.bot_token=xoxb-fuzz", dset,
	    sset, (const char *)NULL);
	free(dset);
	free(sset);
	fuzz_bot_init(&bot, config, "rest");
	discord = fuzz_bot_adapter(&bot, discord_new);
	slack = fuzz_bot_adapter(&bot, slack_new);
}

/* Stops both clients, forgets what they learned, and starts them anew. */
static void
fuzz_reset(void)
{
	char	*cause = NULL;
	int	 i;

	rest_stop(discord);
	web_stop(slack);
	admin_stop(slack);
	for (i = 0; i < FUZZ_STEPS_MAX && conns > 0; i++)
		uv_run(loop, UV_RUN_NOWAIT);
	uv_run(loop, UV_RUN_NOWAIT);
	rest_free(discord);
	web_free(slack);
	dm_cache_free(discord->dms);
	discord->dms = dm_cache_new();
	boardmsg_free_all(discord);
	im_free(slack->dms);
	slack->dms = im_new();
	tablemsg_free_all(slack);
	admin_free(slack->admins);
	slack->admins = admin_new();
	if (rest_init(discord, &cause) != 0 || web_init(slack, &cause) != 0)
		abort();
}

/* A few buttons, as a player's hand would have. */
static void
fuzz_buttons(struct adapter_buttons *bs)
{
	int	i;

	memset(bs, 0, sizeof *bs);
	for (i = 0; i < 3; i++) {
		snprintf(bs->b[i].label, sizeof bs->b[i].label, "play %d", i + 1);
		snprintf(bs->b[i].id, sizeof bs->b[i].id, "cb2:1.025cc1:0:m 0 %d", i);
	}
	bs->n = 3;
}

/*
 * A table message of table 1 in channel through its life with show (an
 * adapter's board op): posted, edited, posted anew, given its last edit;
 * the answers to each served in between.  Non-zero when any call failed.
 */
static int
fuzz_board(int (*show)(struct adapter *, const char *, uint64_t,
    const char *, const char *, const struct adapter_view *,
    const struct adapter_buttons *, enum adapter_board, char **),
    struct adapter *a, const char *channel,
    const struct adapter_buttons *bs, char **cause)
{
	static const struct {
		const char		*news, *text;
		enum adapter_board	 how;
		int			 buttons;
	} shows[] = {
		{ "news", "the table", ADAPTER_BOARD_UPDATE, 1 },
		{ NULL, "the table, later", ADAPTER_BOARD_UPDATE, 1 },
		{ NULL, "the table again", ADAPTER_BOARD_REPOST, 1 },
		{ "the end", "the last table", ADAPTER_BOARD_FINAL, 0 },
	};
	char	*why = NULL;
	size_t	 i;
	int	 rc = 0;

	/* Each call's cause is its own; the last one's is the caller's. */
	for (i = 0; i < sizeof shows / sizeof shows[0]; i++) {
		if (i > 0)
			fuzz_run();
		free(why);
		why = NULL;
		rc |= show(a, channel, 1, shows[i].news, shows[i].text, NULL,
		    shows[i].buttons ? bs : NULL, shows[i].how, &why);
	}
	if (rc != 0 && why == NULL)
		why = xstrdup("a board call failed");
	if (rc != 0)
		*cause = why;
	else
		free(why);
	return rc;
}

/* What the adapters do, picked by the input's first byte. */
static void
fuzz_act(unsigned what)
{
	struct adapter_buttons	 bs;
	struct slack_ctx	 ctx;
	char			*cause = NULL, *url;
	int			 rc = 0;

	fuzz_buttons(&bs);
	switch (what % 9) {
	case 0:
		rc = discord_post(discord, "500", "The game begins.", NULL,
		    fuzz_rest_done, NULL, &cause);
		break;
	case 1:
		rc = dm_send(discord, "101", "Your hand: 1. gin", &bs, &cause);
		break;
	case 2:
		rc = fuzz_board(boardmsg_show, &discord->adapter, "500", &bs,
		    &cause);
		break;
	case 3:
		commands_register(discord);
		break;
	case 4:
		rc = slack_post(slack, "CBAR", "The game begins.", &bs,
		    fuzz_web_done, NULL, &cause);
		break;
	case 5:
		rc = im_send(slack, "U0ALICE", "Your hand: 1. gin", &bs, &cause);
		break;
	case 6:
		rc = fuzz_board(tablemsg_show, &slack->adapter, "CBAR", &bs,
		    &cause);
		break;
	case 7:
		/* A command waits for users.info and conversations.info. */
		memset(&ctx, 0, sizeof ctx);
		snprintf(ctx.user, sizeof ctx.user, "U0ALICE");
		snprintf(ctx.channel, sizeof ctx.channel, "CBAR");
		snprintf(ctx.response_url, sizeof ctx.response_url,
		    "http://127.0.0.1:%d/hooks/1", port);
		admin_submit(slack, &ctx, "alice", "settings channel", 0, 0);
		break;
	case 8:
		url = xasprintf("http://127.0.0.1:%d/hooks/2", port);
		rc = web_call(slack, url, "hook", xstrdup("{\"text\":\"hi\"}"),
		    WEB_URL, fuzz_web_done, slack, &cause);
		free(url);
		break;
	}
	if (rc != 0)
		free(cause);
	fuzz_run();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p, *end, *sep;

	if (discord == NULL) {
		fuzz_setup();
		if (rest_init(discord, NULL) != 0 || web_init(slack, NULL) != 0)
			abort();
	}
	if (size < 1)
		return 0;
	fuzz_bot_reset(&bot);
	nanswers = next_answer = 0;
	p = (const char *)data + 1;
	end = (const char *)data + size;
	while (p <= end && nanswers < FUZZ_ANSWERS_MAX) {
		if ((sep = memmem(p, (size_t)(end - p), FUZZ_SEP,
		    strlen(FUZZ_SEP))) == NULL)
			sep = end;
		answers[nanswers].p = p;
		answers[nanswers].len = (size_t)(sep - p);
		nanswers++;
		p = sep + strlen(FUZZ_SEP);
	}
	fuzz_act(data[0]);
	fuzz_reset();
	return 0;
}
