/*
 * tcp-server.c: the small server of tcp-server.h, for the unit tests
 * that talk to a peer of their own (test_wsclient, test_slack_im).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <cmocka.h>
#include <uv.h>

#include "tests/unit/tcp-server.h"

/* Frees the peer whose handle closed. */
static void
peer_free(uv_handle_t *h)
{
	free(h->data);
}

static void
peer_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b)
{
	struct tcp_peer	*p = h->data;

	(void)hint;
	b->base = p->buf + p->len;
	b->len = sizeof p->buf - 1 - p->len;
}

/* The answer is written: closes the peer where its write said so. */
static void
peer_written(uv_write_t *w, int status)
{
	struct tcp_peer	*p = w->data;

	(void)status;
	if (p->closing)
		uv_close((uv_handle_t *)&p->tcp, peer_free);
	free(w);
}

/*
 * Keeps what came and hands it to on_data until it has answered; at the
 * end of the stream closes the peer, unless its answer's write will.
 */
static void
peer_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b)
{
	struct tcp_peer	*p = s->data;

	(void)b;
	if (n < 0) {
		if (!p->closing)
			uv_close((uv_handle_t *)s, peer_free);
		return;
	}
	p->len += (size_t)n;
	p->buf[p->len] = '\0';
	if (!p->done)
		p->srv->on_data(p);
}

static void
server_accept(uv_stream_t *s, int status)
{
	struct tcp_server	*srv = s->data;
	struct tcp_peer		*p;

	assert_int_equal(status, 0);
	p = calloc(1, sizeof *p);
	p->srv = srv;
	uv_tcp_init(s->loop, &p->tcp);
	p->tcp.data = p;
	assert_int_equal(uv_accept(s, (uv_stream_t *)&p->tcp), 0);
	uv_read_start((uv_stream_t *)&p->tcp, peer_alloc, peer_read);
}

/*
 * Listens on 127.0.0.1, on a port of the system's choosing (srv->port);
 * on_data is told of each peer's bytes with arg in srv->arg.  The caller
 * closes srv->tcp.
 */
void
tcp_server_start(uv_loop_t *loop, struct tcp_server *srv,
    void (*on_data)(struct tcp_peer *), void *arg)
{
	struct sockaddr_in	sin;
	int			len = sizeof sin;

	memset(srv, 0, sizeof *srv);
	srv->arg = arg;
	srv->on_data = on_data;
	uv_tcp_init(loop, &srv->tcp);
	srv->tcp.data = srv;
	uv_ip4_addr("127.0.0.1", 0, &sin);
	assert_int_equal(uv_tcp_bind(&srv->tcp, (struct sockaddr *)&sin, 0), 0);
	assert_int_equal(uv_listen((uv_stream_t *)&srv->tcp, 8, server_accept),
	    0);
	uv_tcp_getsockname(&srv->tcp, (struct sockaddr *)&sin, &len);
	srv->port = ntohs(sin.sin_port);
}

/*
 * Writes the first len bytes of p->out to the peer, which is answered;
 * with close set, the peer is closed once they are written.
 */
void
tcp_peer_write(struct tcp_peer *p, size_t len, int close)
{
	uv_write_t	*w = calloc(1, sizeof *w);
	uv_buf_t	 b;

	assert_true(len <= sizeof p->out);
	p->done = 1;
	p->closing = close;
	w->data = p;
	b = uv_buf_init(p->out, (unsigned)len);
	assert_int_equal(uv_write(w, (uv_stream_t *)&p->tcp, &b, 1,
	    peer_written), 0);
}
