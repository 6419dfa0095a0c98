/*
 * Unit tests for lib/wsclient.c and lib/resolve.c: the Origin header
 * made from a websocket URL, the options a client makes its own, the
 * order addresses are tried in, and real connections on the loop to a
 * small websocket server of the test's own on 127.0.0.1.  The
 * connections go to "localhost", which the system resolves (on a stock
 * Debian 12 to ::1 and 127.0.0.1, elsewhere perhaps to 127.0.0.1
 * alone), with the client's test hook putting an address that fails
 * first: one that refuses, or one that never answers.  The client must
 * fall back to 127.0.0.1 either way.
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>
#include <libwebsockets.h>
#include <uv.h>

#include "lib/resolve.h"
#include "lib/wsclient.h"
#include "tests/unit/said.h"
#include "tests/unit/tcp-server.h"

/* The test's websocket server: accepts, upgrades, says "hello". */
struct server {
	struct tcp_server	ts;
	int			upgraded;	/* connections upgraded */
};

/* What the client told the test. */
struct seen {
	uv_loop_t	*loop;
	int		 opened;
	int		 closed;
	char		 message[64];
	char		 why[512];
	char		 notices[2048];
};

/* Answers the upgrade in p->buf once its headers are all there. */
static void
peer_upgrade(struct tcp_peer *p)
{
	static const char guid[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
	struct server	*srv = p->srv->arg;
	char		 key[128], accept[64], *k, *end;
	unsigned char	 md[20];
	size_t		 n;

	if (strstr(p->buf, "\r\n\r\n") == NULL)
		return;
	for (k = p->buf; (k = strchr(k, '\n')) != NULL; k++) {
		if (strncasecmp(k + 1, "Sec-WebSocket-Key:", 18) == 0)
			break;
	}
	assert_non_null(k);
	k += 19;
	k += strspn(k, " ");
	end = strchr(k, '\r');
	assert_non_null(end);
	n = (size_t)(end - k);
	assert_true(n + sizeof guid < sizeof key);
	memcpy(key, k, n);
	memcpy(key + n, guid, sizeof guid);
	lws_SHA1((unsigned char *)key, strlen(key), md);
	lws_b64_encode_string((char *)md, sizeof md, accept, sizeof accept);
	n = (size_t)snprintf(p->out, sizeof p->out, "HTTP/1.1 101 Switching "
	    "Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
	    "Sec-WebSocket-Accept: %s\r\n\r\n%c%chello", accept, 0x81, 5);
	tcp_peer_write(p, n, 0);
	srv->upgraded++;
}

/* Starts srv listening on 127.0.0.1, at srv->ts.port. */
static void
server_start(uv_loop_t *loop, struct server *srv)
{
	memset(srv, 0, sizeof *srv);
	tcp_server_start(loop, &srv->ts, peer_upgrade, srv);
}

static void
seen_open(struct wsconn *c, void *arg)
{
	struct seen	*s = arg;

	(void)c;
	s->opened++;
}

static void
seen_message(struct wsconn *c, const char *data, size_t len, void *arg)
{
	struct seen	*s = arg;

	snprintf(s->message, sizeof s->message, "%.*s", (int)len, data);
	wsconn_close(c, WSCONN_CLOSE_NORMAL);
}

static void
seen_notice(struct wsconn *c, const char *what, void *arg)
{
	struct seen	*s = arg;

	(void)c;
	said_add(s->notices, sizeof s->notices, what);
	if (getenv("TEST_VERBOSE") != NULL)
		fprintf(stderr, "notice: %s\n", what);
}

static void
seen_close(struct wsconn *c, int code, const char *why, void *arg)
{
	struct seen	*s = arg;

	(void)c;
	(void)code;
	s->closed++;
	snprintf(s->why, sizeof s->why, "%s", why);
	if (getenv("TEST_VERBOSE") != NULL)
		fprintf(stderr, "close: %s\n", why);
	uv_stop(s->loop);
}

static const struct wsclient_ops seen_ops = {
	.on_open = seen_open,
	.on_message = seen_message,
	.on_notice = seen_notice,
	.on_close = seen_close,
};

static void
guard_fired(uv_timer_t *t)
{
	uv_stop(t->loop);
}

/*
 * Stops the client and the server, runs the loop until they are gone,
 * and frees the client (libwebsockets closes its handles on the loop
 * first) and the loop.
 */
static void
loop_end(uv_loop_t *loop, struct server *srv, struct wsclient *wc)
{
	wsclient_stop(wc);
	uv_close((uv_handle_t *)&srv->ts.tcp, NULL);
	while (uv_run(loop, UV_RUN_DEFAULT) != 0)
		;	/* an op's uv_stop ends a run early */
	wsclient_free(wc);
	assert_int_equal(uv_loop_close(loop), 0);
}

/*
 * Connects to url through a client whose first address is first, runs
 * the loop until the connection is over (or 10 s have gone), then ends
 * the client, the server and the loop.
 */
static void
run_client(uv_loop_t *loop, struct server *srv, const char *url,
    const char *first, uint64_t connect_ms, struct seen *s)
{
	struct wsclient_opts	 opts;
	struct wsclient		*wc;
	struct wsconn		*c;
	uv_timer_t		 guard;
	char			*cause = NULL;

	memset(s, 0, sizeof *s);
	s->loop = loop;
	memset(&opts, 0, sizeof opts);
	opts.msg_max = 1024;
	opts.queue_max = 4;
	opts.connect_ms = connect_ms;
	opts.test_first_address = first;
	wc = wsclient_new(loop, &opts, &seen_ops, s, &cause);
	assert_non_null(wc);
	c = wsclient_connect(wc, url, &cause);
	assert_non_null(c);
	uv_timer_init(loop, &guard);
	uv_timer_start(&guard, guard_fired, 10000, 0);
	uv_run(loop, UV_RUN_DEFAULT);
	uv_close((uv_handle_t *)&guard, NULL);
	loop_end(loop, srv, wc);
}

static void
test_origin(void **state)
{
	char	buf[64];

	(void)state;
	assert_int_equal(wsclient_origin("ws://127.0.0.1:8080/irc", buf,
	    sizeof buf), 0);
	assert_string_equal(buf, "http://127.0.0.1:8080");
	assert_int_equal(wsclient_origin("wss://irc.example.org/", buf,
	    sizeof buf), 0);
	assert_string_equal(buf, "https://irc.example.org:443");
	assert_int_equal(wsclient_origin("https://example.org/", buf,
	    sizeof buf), -1);
	assert_int_equal(wsclient_origin("ws://a-long-host-name.example.org/",
	    buf, 10), -1);
}

/* IPv6 and IPv4 take turns, the resolver's first family first. */
static void
test_resolve_order(void **state)
{
	struct sockaddr_in	 v4[3];
	struct sockaddr_in6	 v6[2];
	struct addrinfo		 ai[5];
	struct resolve_list	 list;
	const char		*names4[] = { "10.0.0.1", "10.0.0.2", "10.0.0.1" };
	const char		*names6[] = { "2001:db8::1", "2001:db8::2" };
	int			 i;

	(void)state;
	memset(ai, 0, sizeof ai);
	/* The resolver's order: v6, v6, v4, v4, v4 (a repeat). */
	for (i = 0; i < 2; i++) {
		uv_ip6_addr(names6[i], 443, &v6[i]);
		ai[i].ai_family = AF_INET6;
		ai[i].ai_addr = (struct sockaddr *)&v6[i];
	}
	for (i = 0; i < 3; i++) {
		uv_ip4_addr(names4[i], 443, &v4[i]);
		ai[2 + i].ai_family = AF_INET;
		ai[2 + i].ai_addr = (struct sockaddr *)&v4[i];
	}
	for (i = 0; i < 4; i++)
		ai[i].ai_next = &ai[i + 1];
	resolve_list_from(ai, &list);
	assert_int_equal(list.n, 4);
	assert_string_equal(list.addr[0], "2001:db8::1");
	assert_string_equal(list.addr[1], "10.0.0.1");
	assert_string_equal(list.addr[2], "2001:db8::2");
	assert_string_equal(list.addr[3], "10.0.0.2");

	assert_int_equal(resolve_numeric("::1", &list), 1);
	assert_int_equal(list.n, 1);
	assert_int_equal(resolve_numeric("localhost", &list), 0);
	assert_int_equal(resolve_list_add(&list, "not-an-address"), -1);
}

/*
 * "localhost" after an address that refuses (::1, where the server does
 * not listen, as on a stock Debian 12): the client tells of the refusal
 * and gets through on 127.0.0.1.
 */
static void
test_fallback_refused(void **state)
{
	uv_loop_t	loop;
	struct server	srv;
	struct seen	s;
	char		url[64], want[64];

	(void)state;
	uv_loop_init(&loop);
	server_start(&loop, &srv);
	snprintf(url, sizeof url, "ws://localhost:%d/path", srv.ts.port);
	run_client(&loop, &srv, url, "::1", 0, &s);
	assert_int_equal(s.opened, 1);
	assert_string_equal(s.message, "hello");
	assert_int_equal(srv.upgraded, 1);
	assert_string_equal(s.why, "closed by us");
	snprintf(want, sizeof want, ": [::1]:%d: connection failed", srv.ts.port);
	assert_non_null(strstr(s.notices, want));
	snprintf(want, sizeof want, "trying 127.0.0.1:%d", srv.ts.port);
	assert_non_null(strstr(s.notices, want));
}

/*
 * An address that never answers: a listener on 127.0.0.2 whose accept
 * queue is full drops the client's SYN.  After connect_ms the client
 * moves on to localhost's addresses.
 */
static void
test_fallback_silent(void **state)
{
	struct sockaddr_in	 sin;
	uv_loop_t		 loop;
	struct server		 srv;
	struct seen		 s;
	uint64_t		 start;
	char			 url[64], want[64];
	int			 hole, fill;

	(void)state;
	uv_loop_init(&loop);
	server_start(&loop, &srv);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons((uint16_t)srv.ts.port);
	inet_pton(AF_INET, "127.0.0.2", &sin.sin_addr);
	hole = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(hole >= 0);
	if (bind(hole, (struct sockaddr *)&sin, sizeof sin) != 0) {
		close(hole);
		uv_close((uv_handle_t *)&srv.ts.tcp, NULL);
		uv_run(&loop, UV_RUN_DEFAULT);
		uv_loop_close(&loop);
		skip();
	}
	assert_int_equal(listen(hole, 0), 0);
	fill = socket(AF_INET, SOCK_STREAM, 0);
	assert_int_equal(connect(fill, (struct sockaddr *)&sin, sizeof sin), 0);

	snprintf(url, sizeof url, "ws://localhost:%d/", srv.ts.port);
	uv_update_time(&loop);
	start = uv_now(&loop);
	run_client(&loop, &srv, url, "127.0.0.2", 300, &s);
	assert_int_equal(s.opened, 1);
	assert_string_equal(s.message, "hello");
	assert_true(uv_now(&loop) - start >= 300);
	snprintf(want, sizeof want, "127.0.0.2:%d: no answer in 300 ms",
	    srv.ts.port);
	assert_non_null(strstr(s.notices, want));
	close(fill);
	close(hole);
}

/* Nothing listens on any address: one close, saying so. */
static void
test_fallback_none(void **state)
{
	uv_loop_t	loop;
	struct server	srv;
	struct seen	s;
	char		url[64];
	int		port;

	(void)state;
	uv_loop_init(&loop);
	server_start(&loop, &srv);
	port = srv.ts.port;
	uv_close((uv_handle_t *)&srv.ts.tcp, NULL);
	uv_run(&loop, UV_RUN_NOWAIT);
	server_start(&loop, &srv);	/* another port: keeps loop_end simple */
	snprintf(url, sizeof url, "ws://localhost:%d/", port);
	run_client(&loop, &srv, url, "::1", 0, &s);
	assert_int_equal(s.opened, 0);
	assert_int_equal(s.closed, 1);
	assert_true(strncmp(s.why, "connection failed", 17) == 0);
	assert_non_null(strstr(s.why, "addresses tried)"));
	assert_int_equal(srv.upgraded, 0);
}

/* A connection closed while its name is looked up ends without a try. */
static void
test_close_resolving(void **state)
{
	struct wsclient_opts	 opts;
	struct wsclient		*wc;
	struct wsconn		*c;
	uv_loop_t		 loop;
	struct server		 srv;
	struct seen		 s;
	char			 url[64], *cause = NULL;

	(void)state;
	uv_loop_init(&loop);
	server_start(&loop, &srv);
	memset(&s, 0, sizeof s);
	s.loop = &loop;
	memset(&opts, 0, sizeof opts);
	opts.msg_max = 1024;
	opts.queue_max = 4;
	wc = wsclient_new(&loop, &opts, &seen_ops, &s, &cause);
	assert_non_null(wc);
	snprintf(url, sizeof url, "ws://localhost:%d/", srv.ts.port);
	c = wsclient_connect(wc, url, &cause);
	assert_non_null(c);
	wsconn_close(c, WSCONN_CLOSE_NORMAL);
	uv_run(&loop, UV_RUN_DEFAULT);
	assert_int_equal(s.closed, 1);
	assert_string_equal(s.why, "closed by us");
	assert_int_equal(s.opened, 0);

	/* Stopping the client while a lookup runs ends that one too. */
	c = wsclient_connect(wc, url, &cause);
	assert_non_null(c);
	wsclient_stop(wc);
	assert_int_equal(s.closed, 2);
	loop_end(&loop, &srv, wc);
	assert_int_equal(srv.upgraded, 0);
}

/* Options made the client's own: copied strings, "" as none, all freed. */
static void
test_opts_own(void **state)
{
	struct wsclient_opts	 o;
	char			 origin[] = "https://example.org";

	(void)state;
	memset(&o, 0, sizeof o);
	o.origin = origin;
	o.subprotocol = "";
	o.ca_file = NULL;
	o.user_agent = "bot/1";
	o.test_first_address = "::1";
	o.msg_max = 99;
	wsclient_opts_own(&o);
	assert_ptr_not_equal(o.origin, origin);
	origin[0] = 'X';
	assert_string_equal(o.origin, "https://example.org");
	assert_null(o.subprotocol);
	assert_null(o.ca_file);
	assert_string_equal(o.user_agent, "bot/1");
	assert_string_equal(o.test_first_address, "::1");
	assert_int_equal(o.msg_max, 99);
	wsclient_opts_release(&o);
	assert_null(o.origin);
	assert_null(o.user_agent);
	assert_null(o.test_first_address);
	assert_int_equal(o.msg_max, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_origin),
		cmocka_unit_test(test_opts_own),
		cmocka_unit_test(test_resolve_order),
		cmocka_unit_test(test_fallback_refused),
		cmocka_unit_test(test_fallback_silent),
		cmocka_unit_test(test_fallback_none),
		cmocka_unit_test(test_close_resolving),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
