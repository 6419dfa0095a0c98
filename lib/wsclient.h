/*
 * wsclient: websocket client connections on libwebsockets, running on a
 * libuv loop as a foreign loop (Debian's libwebsockets ignores the
 * timeout of lws_service(), so nothing else could drive it beside libcurl
 * and the timers).  Shared by every adapter that talks over a websocket:
 * the Discord gateway, Slack's Socket Mode, IRC and XMPP over websockets.
 *
 * A wsclient is one libwebsockets context with its options (CA file,
 * subprotocol, Origin and User-Agent headers, the cap on a message, pings
 * and an idle timeout).  It may hold several connections at once (Slack
 * opens the new socket before it closes the old).  A connection tells its
 * owner through the ops: open, each whole message (fragments put together,
 * up to the cap), each queued frame that went out, silence past the idle
 * timeout, and its end.  A host name is looked up on the loop, and each
 * of its addresses (IPv6 and IPv4 taking turns) is tried until one
 * answers, as libcurl does for HTTP.  Text goes out through a capped
 * queue of frames; a close sends a close frame with the code asked for.
 * The client also keeps its owner's reconnect timer, with exponential
 * backoff and jitter over the failures in a row.  Protocols stay with
 * their adapters: this file knows nothing of what the messages say.
 */
#ifndef LIB_WSCLIENT_H
#define LIB_WSCLIENT_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

struct backoff;
struct wsclient;
struct wsconn;

#define WSCLIENT_URL_MAX	1024	/* a ws:// or wss:// URL */
#define WSCONN_URGENT		0x1	/* wsconn_send: ahead of the queue */
#define WSCONN_CLOSE_NORMAL	1000

/*
 * What a connection tells its owner; arg is the one given to
 * wsclient_new.  Only on_close is required.  Every call may send, close
 * or open connections, but on_close's connection is gone once it returns.
 */
struct wsclient_ops {
	/* The upgrade succeeded: the connection may send. */
	void	(*on_open)(struct wsconn *, void *arg);
	/*
	 * One whole message (text or binary), NUL-terminated after len;
	 * borrowed for the call.
	 */
	void	(*on_message)(struct wsconn *, const char *data, size_t len,
		    void *arg);
	/* A queued frame went out, so there is room for another. */
	void	(*on_sent)(struct wsconn *, void *arg);
	/*
	 * Nothing (not a message, not a pong) came for silent_ms: the
	 * connection is taken for half-open and is being closed.
	 */
	void	(*on_idle)(struct wsconn *, uint64_t silent_ms, void *arg);
	/*
	 * Something worth a log line that does not end the connection (a
	 * message over the cap was dropped); what is borrowed.
	 */
	void	(*on_notice)(struct wsconn *, const char *what, void *arg);
	/*
	 * The connection is over: it failed to open, or either side closed
	 * it.  code is the close code the peer sent (0: none); why says what
	 * happened ("closed", "closed by us", "connection failed (...)").
	 * The last call for it: it is freed when this returns.
	 */
	void	(*on_close)(struct wsconn *, int code, const char *why,
		    void *arg);
	/* The time set on wsclient_retry has come: connect again. */
	void	(*on_retry)(void *arg);
};

struct wsclient_opts {
	const char	*subprotocol;	/* Sec-WebSocket-Protocol, or NULL */
	const char	*origin;	/* Origin header as is, or NULL: none */
	const char	*user_agent;	/* User-Agent header, or NULL: none */
	const char	*ca_file;	/* PEM CA bundle; NULL or "": the system's */
	size_t		 msg_max;	/* bytes of one message received */
	int		 queue_max;	/* frames waiting to go */
	uint64_t	 ping_ms;	/* ping every connection this often; 0: never */
	uint64_t	 idle_ms;	/* silence that closes one; 0: no limit */
	uint64_t	 retry_first_ms; /* the first backoff; 0: 1 s */
	uint64_t	 retry_max_ms;	/* the longest backoff; 0: 60 s */
	/*
	 * How long one of several addresses may take to answer (TCP, and
	 * TLS for wss://) before the next is tried; 0: 3 s.  The last
	 * address gets libwebsockets' own time.
	 */
	uint64_t	 connect_ms;
	/*
	 * Tests only: a numeric address tried before those the URL's host
	 * name resolves to (one where nothing listens shows the fallback).
	 */
	const char	*test_first_address;
};

/*
 * Makes o's strings its own: each is replaced by a copy (NULL for NULL or
 * ""), which wsclient_opts_release frees (and zeroes o).  For a client
 * and for an owner that keeps options to make its client later
 * (lib/transport.c).
 */
void		 wsclient_opts_own(struct wsclient_opts *);
void		 wsclient_opts_release(struct wsclient_opts *);

/*
 * A client on loop with opts (copied) and ops (borrowed, must outlive
 * it); arg is handed to every op.  NULL with *cause when libwebsockets
 * cannot make its context.
 */
struct wsclient	*wsclient_new(uv_loop_t *, const struct wsclient_opts *,
		    const struct wsclient_ops *, void *arg, char **cause);
/*
 * Stops the client: no new connections, timers closed, and the context's
 * destruction started (on a foreign loop it ends once the loop has run).
 * Connections still open end with on_close.
 */
void		 wsclient_stop(struct wsclient *);
/* Frees a stopped client, once the loop has run after wsclient_stop. */
void		 wsclient_free(struct wsclient *);

/*
 * Opens a connection to url (borrowed; ws:// or wss://, with any path and
 * query).  on_open or on_close follows later; on_notice tells of each
 * address that failed before the next is tried.  NULL with *cause when
 * the URL is unusable, or its numeric address failed at once (no op is
 * called).
 */
struct wsconn	*wsclient_connect(struct wsclient *, const char *url,
		    char **cause);

/*
 * The reconnect timer (lib/backoff.h), the owner's to drive: backoff_next
 * counts one more failure in a row and runs on_retry after the backoff
 * for them (a random time between half and all of retry_first_ms doubled
 * per failure, at most retry_max_ms) and returns it; backoff_after runs
 * on_retry after a given time; backoff_reset starts from the first again
 * once a connection worked; backoff_cancel forgets a planned on_retry;
 * backoff_pending says whether one is planned.  wsclient_stop closes it:
 * then none runs.
 */
struct backoff	*wsclient_retry(struct wsclient *);

/*
 * The Origin a browser would send for url (borrowed): "http://host:port"
 * for ws://, "https://host:port" for wss://, into buf.  0, or -1 when the
 * URL is not ws:// or wss:// or buf is too small.
 */
int		 wsclient_origin(const char *url, char *buf, size_t len);

/*
 * Queues text (borrowed, copied) as one text frame; WSCONN_URGENT puts it
 * ahead of the frames waiting.  0, or -1 with *cause when the connection
 * is not open or its queue is full.  A closing connection still takes
 * frames: they go before its close frame (an ack for a message that came
 * on it, say).
 */
int		 wsconn_send(struct wsconn *, const char *text, int flags,
		    char **cause);
/*
 * Closes the connection with code: a close frame goes out once the
 * frames queued are sent (a connection not open yet is dropped);
 * on_close follows.
 */
void		 wsconn_close(struct wsconn *, int code);
/* 1 when open and not closing: what is sent may go out. */
int		 wsconn_is_open(const struct wsconn *);
/* Frames waiting to go out. */
int		 wsconn_backlog(const struct wsconn *);
/* "wss://host:port" of the connection, for logs (no path: it may hold a ticket). */
const char	*wsconn_where(const struct wsconn *);
/* The owner's pointer for this connection (NULL until set). */
void		 wsconn_set_data(struct wsconn *, void *);
void		*wsconn_data(const struct wsconn *);

#endif
