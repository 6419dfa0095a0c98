/*
 * tcp-server.h: a small server of a test's own on the loop, on
 * 127.0.0.1 at a port of the system's choosing: it accepts, keeps what
 * each connection sends, and hands it to the test's on_data until that
 * has answered.  Linked into every unit test (the Makefile's
 * TEST_SUPPORT).
 */
#ifndef TESTS_UNIT_TCP_SERVER_H
#define TESTS_UNIT_TCP_SERVER_H

#include <stddef.h>

#include <uv.h>

struct tcp_peer;

/* The server: the test's arg, and what it does with a peer's bytes. */
struct tcp_server {
	uv_tcp_t	  tcp;
	int		  port;
	void		 *arg;
	void		(*on_data)(struct tcp_peer *);
};

/* One connection: what came (NUL-terminated), and its answer. */
struct tcp_peer {
	uv_tcp_t		 tcp;
	struct tcp_server	*srv;
	char			 buf[8192];
	size_t			 len;
	int			 done;		/* answered: on_data no more */
	int			 closing;	/* the answer's write closes it */
	char			 out[1024];	/* the answer, until written */
};

void	tcp_server_start(uv_loop_t *, struct tcp_server *,
	    void (*)(struct tcp_peer *), void *);
void	tcp_peer_write(struct tcp_peer *, size_t, int);

#endif
