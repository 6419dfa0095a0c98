/*
 * Unit tests for the Slack adapter's direct messages (adapters/slack/im.c)
 * on the loop, against a small HTTP server of the test's own on
 * 127.0.0.1 that answers the Web API calls: what waits for a DM channel
 * when conversations.open fails, and a waiting call that, told there is
 * no channel, sends to the same user again.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <uv.h>

#include "adapters/slack/slack-int.h"
#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "lib/xmalloc.h"
#include "tests/unit/tcp-server.h"

#define WAIT_MS		5000

/* The test's Web API: how it answers, what it was asked. */
struct api {
	struct tcp_server server;
	int		 opens_fail;	/* conversations.open calls that fail */
	int		 opens;
	int		 posts;
	char		 post_body[1024];
};

/* A whole request is in: answer it by its method, then close. */
static void
peer_answer(struct tcp_peer *p)
{
	struct api	*api = p->srv->arg;
	char		*end, *cl, body[256];
	size_t		 hlen, blen;

	if ((end = strstr(p->buf, "\r\n\r\n")) == NULL)
		return;
	hlen = (size_t)(end + 4 - p->buf);
	cl = strcasestr(p->buf, "Content-Length:");
	blen = cl != NULL && cl < end ? strtoul(cl + 15, NULL, 10) : 0;
	if (p->len < hlen + blen)
		return;
	if (strncmp(p->buf, "POST /conversations.open ", 25) == 0) {
		if (api->opens++ < api->opens_fail)
			snprintf(body, sizeof body,
			    "{\"ok\":false,\"error\":\"fatal_error\"}");
		else
			snprintf(body, sizeof body,
			    "{\"ok\":true,\"channel\":{\"id\":\"D2\"}}");
	} else if (strncmp(p->buf, "POST /chat.postMessage ", 23) == 0) {
		api->posts++;
		snprintf(api->post_body, sizeof api->post_body, "%.*s",
		    (int)blen, p->buf + hlen);
		snprintf(body, sizeof body, "{\"ok\":true,\"ts\":\"1.%d\"}",
		    api->posts);
	} else
		snprintf(body, sizeof body,
		    "{\"ok\":false,\"error\":\"unknown_method\"}");
	snprintf(p->out, sizeof p->out, "HTTP/1.1 200 OK\r\n"
	    "Content-Type: application/json\r\nContent-Length: %zu\r\n"
	    "Connection: close\r\n\r\n%s", strlen(body), body);
	tcp_peer_write(p, strlen(p->out), 1);
}

/* A Slack adapter's DM cache and Web API client, talking to the api. */
struct fixture {
	uv_loop_t	*loop;
	struct config	*config;
	struct bot	 bot;
	struct slack	 s;
	struct api	 api;
	char		 base[64];
	uv_timer_t	 poll;
	int		(*done)(struct fixture *);
	int		 timed_out;
	uint64_t	 deadline;
	/* What the waiting call (told) was told. */
	int		 told;
	int		 told_channel;	/* it was told of a channel */
	int		 resend;	/* told sends to the user again */
	int		 resend_rc;
	int		 refuse;	/* told of a channel, has it refused */
	uint64_t	 since;		/* when the quiet wait began */
};

static void
fixture_start(struct fixture *f, int opens_fail)
{
	char	*cause = NULL;

	memset(f, 0, sizeof *f);
	f->loop = uv_default_loop();
	f->config = config_new();
	bot_init(&f->bot, f->loop, f->config);
	f->api.opens_fail = opens_fail;
	tcp_server_start(f->loop, &f->api.server, peer_answer, &f->api);
	snprintf(f->base, sizeof f->base, "http://127.0.0.1:%d",
	    f->api.server.port);

	f->s.adapter.priv = &f->s;
	f->s.bot = &f->bot;
	f->s.loop = f->loop;
	f->s.app_token = "xapp-test";
	f->s.bot_token = "xoxb-test";
	f->s.api_base = f->base;
	f->s.ca_file = "";
	f->s.dms = im_new();
	assert_int_equal(web_init(&f->s, &cause), 0);
}

static void
fixture_poll(uv_timer_t *t)
{
	struct fixture	*f = t->data;

	if (f->done(f))
		uv_stop(f->loop);
	else if (uv_now(f->loop) >= f->deadline) {
		f->timed_out = 1;
		uv_stop(f->loop);
	}
}

/* Runs the loop until done(f) holds, or WAIT_MS passed. */
static void
fixture_run(struct fixture *f, int (*done)(struct fixture *))
{
	f->done = done;
	f->timed_out = 0;
	f->deadline = uv_now(f->loop) + WAIT_MS;
	uv_timer_init(f->loop, &f->poll);
	f->poll.data = f;
	uv_timer_start(&f->poll, fixture_poll, 10, 10);
	uv_run(f->loop, UV_RUN_DEFAULT);
	uv_close((uv_handle_t *)&f->poll, NULL);
	uv_run(f->loop, UV_RUN_NOWAIT);
}

static void
fixture_end(struct fixture *f)
{
	web_stop(&f->s);
	uv_close((uv_handle_t *)&f->api.server.tcp, NULL);
	uv_close((uv_handle_t *)&f->bot.timer, NULL);
	while (uv_run(f->loop, UV_RUN_NOWAIT) != 0)
		;
	web_free(&f->s);
	im_free(f->s.dms);
	bot_release(&f->bot);
	config_free(f->config);
}

/* A fixture whose conversations.open fails opens_fail times, in *state. */
static int
setup(void **state, int opens_fail)
{
	struct fixture	*f = xcalloc(1, sizeof *f);

	fixture_start(f, opens_fail);
	*state = f;
	return 0;
}

static int
setup_open_fails(void **state)
{
	return setup(state, 1);
}

static int
setup_open_ok(void **state)
{
	return setup(state, 0);
}

static int
teardown(void **state)
{
	fixture_end(*state);
	free(*state);
	return 0;
}

/*
 * The waiting call.  Told there is no channel, it acts on the same user
 * again, as a real one may (a Web API call it makes can run the
 * callbacks of answers already in, which call into im.c): the user's DM
 * channel is learned and then refused, or a DM is sent anew.
 */
static void
told(struct slack *s, const char *channel, void *arg)
{
	struct fixture	*f = arg;
	char		*cause = NULL;

	if (f->told++ > 0)
		return;
	f->told_channel = channel != NULL;
	if (channel != NULL) {
		if (f->refuse)
			assert_int_equal(im_refused_channel(s, channel,
			    "user_disabled"), 1);
		return;
	}
	if (f->resend) {
		f->resend_rc = im_send(s, "U1", "again", NULL, &cause);
		free(cause);
		return;
	}
	im_learn(s, "U1", "D1");
	assert_int_equal(im_refused_channel(s, "D1", "user_disabled"), 1);
}

static int
told_once(struct fixture *f)
{
	return f->told > 0;
}

static int
posted(struct fixture *f)
{
	return f->api.posts > 0;
}

/* The Web API was asked opens conversations.open, posts chat.postMessage. */
static void
assert_calls(const struct fixture *f, int opens, int posts)
{
	assert_int_equal(f->api.opens, opens);
	assert_int_equal(f->api.posts, posts);
}

/* The waiting call was told once, of a channel (with_channel) or not. */
static void
assert_told(const struct fixture *f, int with_channel)
{
	assert_int_equal(f->told, 1);
	assert_int_equal(f->told_channel, with_channel);
}

/*
 * conversations.open fails with a text and a call waiting; the call,
 * told, makes Slack's refusal of the user come in.  Each waiting thing is
 * dropped once: the text is not freed twice, the call not told twice.
 */
static void
test_open_fails_reentered(void **state)
{
	struct fixture	*f = *state;
	char		*cause = NULL;

	assert_int_equal(im_send(&f->s, "U1", "hello", NULL, &cause), 0);
	assert_int_equal(im_with_channel(&f->s, "U1", told, f, &cause), 0);
	fixture_run(f, told_once);
	assert_false(f->timed_out);
	assert_told(f, 0);
	assert_calls(f, 1, 0);
	/* The refusal stands: a later DM fails at once. */
	assert_int_equal(im_send(&f->s, "U1", "later", NULL, &cause), -1);
	assert_non_null(cause);
	free(cause);
}

/*
 * conversations.open fails; the waiting call, told, sends the user a DM
 * anew.  That DM waits for a new conversations.open and is posted once it
 * succeeds; it is not dropped with what waited before.
 */
static void
test_open_fails_send_again(void **state)
{
	struct fixture	*f = *state;
	char		*cause = NULL;

	f->resend = 1;
	assert_int_equal(im_with_channel(&f->s, "U1", told, f, &cause), 0);
	fixture_run(f, posted);
	assert_told(f, 0);
	assert_int_equal(f->resend_rc, 0);
	assert_false(f->timed_out);
	assert_calls(f, 2, 1);
	assert_non_null(strstr(f->api.post_body, "\"channel\":\"D2\""));
	assert_non_null(strstr(f->api.post_body, "again"));
}

/* 300 ms have passed since f->since. */
static int
quiet_300ms(struct fixture *f)
{
	return uv_now(f->loop) >= f->since + 300;
}

/*
 * conversations.open succeeds with a call and then a text waiting; the
 * call, told the channel, makes Slack's refusal of the user come in.  The
 * text behind it is dropped, not posted to a user who refused, and
 * freed once; the call is told once.
 */
static void
test_open_ok_refused_on_the_way(void **state)
{
	struct fixture	*f = *state;
	char		*cause = NULL;

	f->refuse = 1;
	assert_int_equal(im_with_channel(&f->s, "U1", told, f, &cause), 0);
	assert_int_equal(im_send(&f->s, "U1", "hello", NULL, &cause), 0);
	fixture_run(f, told_once);
	assert_false(f->timed_out);
	f->since = uv_now(f->loop);
	fixture_run(f, quiet_300ms);
	assert_told(f, 1);
	assert_calls(f, 1, 0);
	assert_int_equal(im_send(&f->s, "U1", "later", NULL, &cause), -1);
	free(cause);
}

/*
 * conversations.open succeeds with two texts waiting: both are posted to
 * the channel it gave, in the order they were sent.
 */
static void
test_open_ok_posts_in_order(void **state)
{
	struct fixture	*f = *state;
	char		*cause = NULL;

	assert_int_equal(im_send(&f->s, "U1", "first", NULL, &cause), 0);
	assert_int_equal(im_send(&f->s, "U1", "second", NULL, &cause), 0);
	f->since = uv_now(f->loop);
	fixture_run(f, quiet_300ms);
	assert_calls(f, 1, 2);
	assert_non_null(strstr(f->api.post_body, "\"channel\":\"D2\""));
	assert_non_null(strstr(f->api.post_body, "second"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_open_fails_reentered,
		    setup_open_fails, teardown),
		cmocka_unit_test_setup_teardown(test_open_fails_send_again,
		    setup_open_fails, teardown),
		cmocka_unit_test_setup_teardown(test_open_ok_refused_on_the_way,
		    setup_open_ok, teardown),
		cmocka_unit_test_setup_teardown(test_open_ok_posts_in_order,
		    setup_open_ok, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
