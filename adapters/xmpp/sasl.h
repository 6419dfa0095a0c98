/*
 * sasl.h: the client side of SASL for XMPP: SCRAM-SHA-256 and SCRAM-SHA-1
 * (RFC 5802, RFC 7677, without channel binding) and PLAIN (RFC 4616).
 * Every message in and out is base64, as it travels in <auth/>,
 * <challenge/>, <response/> and <success/>.  The hashes, HMAC and PBKDF2
 * come from libcrypto (Debian's libwebsockets is built without its own
 * generic crypto API).  The password is never logged and is wiped when
 * the exchange is freed.
 */
#ifndef ADAPTERS_XMPP_SASL_H
#define ADAPTERS_XMPP_SASL_H

#include <stddef.h>

enum sasl_mech {
	SASL_SCRAM_SHA256,
	SASL_SCRAM_SHA1,
	SASL_PLAIN,
};

#define SASL_B64_MAX	8192	/* bytes of base64 accepted from a server */
#define SASL_ITER_MAX	1000000	/* PBKDF2 iterations a server may ask */

struct sasl;

/* The mechanism's name on the wire: "SCRAM-SHA-256". */
const char	*sasl_mech_name(enum sasl_mech);

/*
 * The best mechanism among the n offered names (borrowed): SCRAM-SHA-256,
 * then SCRAM-SHA-1, then PLAIN only when tls or allow_plain is set.
 * 0 with *out, or -1 with *cause (caller frees) when none may be used.
 */
int		 sasl_pick(const char *const *offered, int n, int tls,
		    int allow_plain, enum sasl_mech *out, char **cause);

/*
 * A new exchange as user (the JID's local part) with password (both
 * borrowed, copied).  nonce (borrowed) is the client nonce for tests; NULL
 * makes a random one.  Caller frees with sasl_free.
 */
struct sasl	*sasl_new(enum sasl_mech, const char *user,
		    const char *password, const char *nonce);
void		 sasl_free(struct sasl *);

/* The initial response for <auth/>, base64; caller frees. */
char		*sasl_initial(struct sasl *);
/*
 * Answers a server challenge (base64, borrowed) with *response (base64,
 * caller frees; may be "" for an empty <response/>).  0, or -1 with
 * *cause (caller frees) when the challenge is malformed or, as a server's
 * final message, does not prove the server knows the password.
 */
int		 sasl_challenge(struct sasl *, const char *b64,
		    char **response, char **cause);
/*
 * The server says <success/>, with additional data (base64, borrowed, may
 * be NULL or ""): 0 when the exchange is complete and the server proved
 * itself (SCRAM's v=), -1 with *cause otherwise.
 */
int		 sasl_success(struct sasl *, const char *b64, char **cause);

/*
 * Base64 (RFC 4648, with padding).  sasl_b64_encode returns a new string
 * (caller frees).  sasl_b64_decode decodes text (borrowed) into a new
 * buffer *out of *outlen bytes, NUL-terminated (caller frees); 0, or -1
 * on anything but strict base64 of at most SASL_B64_MAX characters.
 */
char		*sasl_b64_encode(const void *, size_t);
int		 sasl_b64_decode(const char *text, unsigned char **out,
		    size_t *outlen);

#endif
