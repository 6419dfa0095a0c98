/*
 * transport: one byte-stream connection type for every line- or
 * stream-based adapter (IRC, XMPP c2s), on the bot's libuv loop, never
 * blocking it.  A connection is one of:
 *
 *   TRANSPORT_TCP	plain TCP;
 *   TRANSPORT_TLS	TLS from the first byte (OpenSSL through memory BIOs,
 *			so the socket stays libuv's): the peer's chain is
 *			verified against the system's CA store or ca_file,
 *			its name checked against the host (or tls_name),
 *			SNI sent, a client certificate offered when one is
 *			set;
 *   TRANSPORT_WS	a websocket (lib/wsclient), each message one read.
 *
 * A plain TCP connection can be upgraded to TLS in place (STARTTLS) with
 * tconn_starttls.  A host name is looked up on the loop (lib/resolve) and
 * each of its addresses, IPv6 and IPv4 taking turns, is tried in turn
 * with a short per-address timeout until one answers (for TLS: until the
 * TCP connection is up; a TLS failure is the peer's answer, not a reason
 * to try the next address).  The transport also keeps its owner's
 * reconnect timer, with exponential backoff and jitter over the failures
 * in a row (lib/backoff).
 *
 * The transport frames nothing for TCP and TLS: the owner gets bytes as
 * they come and frames them (lib/lineframe for CR LF lines).  A
 * websocket's reads are whole messages (tconn_framed says so), and each
 * write is one text message.
 */
#ifndef LIB_TRANSPORT_H
#define LIB_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

struct backoff;
struct transport;
struct tconn;

enum transport_kind {
	TRANSPORT_TCP,
	TRANSPORT_TLS,
	TRANSPORT_WS,
};

#define TRANSPORT_HOST_MAX	256	/* bytes of a host name */

/*
 * What a connection tells its owner; arg is the one given to
 * transport_new.  Only on_close is required.  Every call may write,
 * close or open connections, but on_close's connection is gone once it
 * returns.
 */
struct transport_ops {
	/* Connected (for TLS: the handshake is done and verified). */
	void	(*on_open)(struct tconn *, void *arg);
	/*
	 * Bytes read (TCP, TLS: any split; a websocket: one whole message),
	 * NUL-terminated after len; borrowed for the call.
	 */
	void	(*on_data)(struct tconn *, const char *data, size_t len,
		    void *arg);
	/* Everything written has gone to the socket: room for more. */
	void	(*on_sent)(struct tconn *, void *arg);
	/* tconn_starttls's handshake is done and verified. */
	void	(*on_tls)(struct tconn *, void *arg);
	/*
	 * Something worth a log line that does not end the connection (an
	 * address that failed before the next is tried); what is borrowed.
	 */
	void	(*on_notice)(struct tconn *, const char *what, void *arg);
	/*
	 * The connection is over: it failed to open (every address failed,
	 * the TLS handshake or verification failed), or either side closed
	 * it.  why (borrowed) says what happened: "closed by the peer",
	 * "closed by us", "TLS: certificate verify failed (...)"...  opened
	 * is 1 when on_open had been called.  The last call for it: it is
	 * freed when this returns.
	 */
	void	(*on_close)(struct tconn *, int opened, const char *why,
		    void *arg);
	/* The time set on transport_retry has come: connect again. */
	void	(*on_retry)(void *arg);
};

struct transport_opts {
	const char	*ca_file;	/* PEM CA bundle; NULL or "": the system's */
	const char	*client_cert;	/* PEM certificate (chain), or NULL */
	const char	*client_key;	/* its PEM key; NULL: in client_cert */
	const char	*alpn;		/* one ALPN protocol ("xmpp-client"), or NULL */
	size_t		 out_max;	/* bytes waiting to be written; 0: 1 MiB */
	uint64_t	 connect_ms;	/* one address's TCP connect; 0: 3 s */
	uint64_t	 handshake_ms;	/* the TLS handshake; 0: 15 s */
	uint64_t	 retry_first_ms; /* the first backoff; 0: 1 s */
	uint64_t	 retry_max_ms;	/* the longest backoff; 0: 60 s */

	/* Websockets only (see lib/wsclient.h). */
	const char	*subprotocol;
	const char	*origin;
	const char	*user_agent;
	size_t		 msg_max;
	int		 queue_max;

	/*
	 * Tests only: a numeric address tried before those the host name
	 * resolves to (one where nothing listens shows the fallback).
	 */
	const char	*test_first_address;
};

/* Where to connect. */
struct transport_target {
	enum transport_kind	 kind;
	const char		*host;	/* a name, or a numeric address (IPv6 bare) */
	int			 port;
	/*
	 * TLS: the name the certificate must carry and SNI sends; NULL: host
	 * (XMPP checks the JID's domain, not the SRV target's).
	 */
	const char		*tls_name;
	const char		*url;	/* TRANSPORT_WS: the ws:// or wss:// URL */
};

/* A URL split into its parts (transport_url_parse). */
struct transport_url {
	char	scheme[16];			/* lowercased */
	char	host[TRANSPORT_HOST_MAX];	/* IPv6 without brackets */
	int	port;				/* 0: none given */
	char	path[1024];			/* from the "/" on, or "" */
};

/*
 * Splits url (borrowed) "scheme://host[:port][/path]" (an IPv6 host in
 * brackets) into *out.  0, or -1 with *cause (caller frees) when it has
 * no scheme, no host, a bad port or a part over its size.
 */
int		 transport_url_parse(const char *url, struct transport_url *out,
		    char **cause);

/*
 * A transport on loop with opts (copied) and ops (borrowed, must outlive
 * it); arg is handed to every op.  NULL with *cause (caller frees) when
 * the TLS context cannot be made: ca_file, client_cert or client_key
 * unreadable, or the key not the certificate's.
 */
struct transport *transport_new(uv_loop_t *, const struct transport_opts *,
		    const struct transport_ops *, void *arg, char **cause);
/*
 * Stops the transport: no new connections, the retry timer closed, every
 * connection closed at once (each ends with on_close, from the loop).
 */
void		 transport_stop(struct transport *);
/* Frees a stopped transport, once the loop has run after transport_stop. */
void		 transport_free(struct transport *);

/*
 * Opens a connection to target (borrowed).  on_open or on_close follows
 * later; on_notice tells of each address that failed before the next is
 * tried.  NULL with *cause when the target is unusable (no op is called).
 */
struct tconn	*transport_connect(struct transport *,
		    const struct transport_target *, char **cause);

/*
 * The reconnect timer (lib/backoff.h), the owner's to drive: backoff_next
 * counts one more failure in a row and runs on_retry after the backoff
 * for them (a random time between half and all of retry_first_ms doubled
 * per failure, at most retry_max_ms) and returns it; backoff_after runs
 * on_retry after a given time; backoff_reset starts from the first again
 * once a connection worked; backoff_cancel forgets a planned on_retry;
 * backoff_pending says whether one is planned.  transport_stop closes it:
 * then none runs.
 */
struct backoff	*transport_retry(struct transport *);

/*
 * Writes len bytes of data (borrowed, copied); on a websocket, one text
 * message.  Before a TLS handshake is over they wait for it.  0, or -1
 * with *cause when the connection is not open or out_max bytes would be
 * waiting.
 */
int		 tconn_write(struct tconn *, const char *data, size_t len,
		    char **cause);
/*
 * Starts TLS on an open plain TCP connection (STARTTLS), verified as for
 * TRANSPORT_TLS against the target's tls_name or host; every byte read
 * from now on is TLS.  on_tls follows, or on_close.  0, or -1 with
 * *cause when the connection is not plain TCP or not open.
 */
int		 tconn_starttls(struct tconn *, char **cause);
/*
 * Closes the connection: what is written goes out first (with a TLS
 * close_notify), then the socket closes; on_close follows.
 */
void		 tconn_close(struct tconn *);
/* 1 when open and not closing: what is written may go out. */
int		 tconn_is_open(const struct tconn *);
/* 1 when the bytes go encrypted (TLS, STARTTLS done, wss://). */
int		 tconn_is_secure(const struct tconn *);
/* 1 on a websocket: every read is one message, every write one message. */
int		 tconn_framed(const struct tconn *);
/* Bytes (websocket: messages) written but not yet on the wire. */
size_t		 tconn_backlog(const struct tconn *);
/* "tls://host:port" (the address connected, once known), for logs. */
const char	*tconn_where(const struct tconn *);
/* The owner's pointer for this connection (NULL until set). */
void		 tconn_set_data(struct tconn *, void *);
void		*tconn_data(const struct tconn *);

#endif
