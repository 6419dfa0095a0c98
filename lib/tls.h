/*
 * tls: TLS client sessions on OpenSSL through memory BIOs, so whoever owns
 * the socket (lib/transport, on libuv) moves the bytes and OpenSSL never
 * touches a file descriptor or blocks.  A context holds what every
 * session of one client shares: the CA store (the system's, or a PEM
 * file), an optional client certificate and key, an optional ALPN
 * protocol.  A session verifies the peer's chain and its name (a DNS name
 * or an IP address), and sends the name as SNI.
 *
 * The owner's loop for a session: tls_feed what the socket read, then
 * tls_handshake until it says done, tls_read the plaintext, tls_write
 * the plaintext to send, and after each of these send tls_take_out's
 * bytes on the socket.
 */
#ifndef LIB_TLS_H
#define LIB_TLS_H

#include <stddef.h>

struct tls_ctx;
struct tls;

/*
 * A client context (caller frees with tls_ctx_free).  ca_file: PEM CA
 * bundle, NULL or "": the system's store.  cert (PEM chain) and key
 * (PEM; NULL or "": in cert) are the client certificate, or NULL.  alpn:
 * one protocol name, or NULL.  NULL with *cause (caller frees) when a
 * file is unreadable or the key is not the certificate's.
 */
struct tls_ctx	*tls_ctx_new(const char *ca_file, const char *cert,
		    const char *key, const char *alpn, char **cause);
void		 tls_ctx_free(struct tls_ctx *);

/*
 * A session of ctx (borrowed, must outlive it) to a peer that must prove
 * to be name (borrowed; a host name, or a numeric IPv4 or IPv6 address,
 * which is checked as an address and sent as no SNI).  Caller frees with
 * tls_free.
 */
struct tls	*tls_new(struct tls_ctx *, const char *name);
void		 tls_free(struct tls *);

/* Hands len bytes the socket read (borrowed, copied) to the session. */
void		 tls_feed(struct tls *, const char *data, size_t len);
/*
 * Moves the handshake on: 1 when it is done (the peer verified), 0 when
 * it waits for the peer's bytes, -1 with *cause (caller frees: "the
 * certificate of irc.example is not trusted: ...") when it failed.
 */
int		 tls_handshake(struct tls *, char **cause);
/*
 * Plaintext read into buf (len bytes): how many, 0 when nothing more is
 * there yet, -1 when the peer closed TLS (no *cause) or on an error
 * (*cause set; caller frees).  Only after the handshake.
 */
long		 tls_read(struct tls *, char *buf, size_t len, char **cause);
/*
 * Encrypts len bytes of plaintext (borrowed) for sending.  Only after the
 * handshake.  0, or -1 with *cause (caller frees).
 */
int		 tls_write(struct tls *, const char *data, size_t len,
		    char **cause);
/* Starts a close: a close_notify joins the bytes to send. */
void		 tls_close(struct tls *);
/*
 * The bytes to send on the socket, moved into a new buffer (*out, caller
 * frees) of *len bytes; 0 when there are none (*out NULL).
 */
int		 tls_take_out(struct tls *, char **out, size_t *len);
/* "TLSv1.3 TLS_AES_256_GCM_SHA384" once the handshake is done, for logs. */
const char	*tls_describe(struct tls *, char *buf, size_t len);

#endif
