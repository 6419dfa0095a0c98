/*
 * SASL for the XMPP adapter: SCRAM-SHA-256/-1 and PLAIN, client side.
 *
 * SCRAM (RFC 5802): client-first "n,,n=user,r=cnonce"; the server answers
 * "r=cnonce+snonce,s=salt,i=iterations"; we prove the password with
 * "c=biws,r=...,p=proof" and check the server's "v=signature" before we
 * believe its <success/>.  No channel binding ("n,,"): the -PLUS variants
 * are never picked.  The password is used as given (no SASLprep), which
 * is right for ASCII passwords.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include "adapters/xmpp/sasl.h"
#include "lib/xmalloc.h"

#define SASL_HASH_MAX	32	/* SHA-256 */
#define SASL_NONCE_LEN	24	/* random bytes behind our nonce */

enum sasl_step {
	SASL_STEP_START,	/* nothing sent yet */
	SASL_STEP_FIRST,	/* client-first sent */
	SASL_STEP_FINAL,	/* client-final sent; expecting v= */
	SASL_STEP_VERIFIED,	/* the server proved itself */
	SASL_STEP_FAILED,
};

struct sasl {
	enum sasl_mech	 mech;
	enum sasl_step	 step;
	char		*user;		/* escaped for SCRAM (=2C, =3D) */
	char		*password;
	char		*cnonce;
	char		*client_first_bare;
	char		*auth_message;
	unsigned char	 salted[SASL_HASH_MAX];
};

static const char	sasl_b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const char *
sasl_mech_name(enum sasl_mech m)
{
	switch (m) {
	case SASL_SCRAM_SHA256:
		return "SCRAM-SHA-256";
	case SASL_SCRAM_SHA1:
		return "SCRAM-SHA-1";
	case SASL_PLAIN:
		return "PLAIN";
	}
	return "?";
}

int
sasl_pick(const char *const *offered, int n, int tls, int allow_plain,
    enum sasl_mech *out, char **cause)
{
	static const enum sasl_mech	 order[] = {
		SASL_SCRAM_SHA256, SASL_SCRAM_SHA1, SASL_PLAIN
	};
	size_t				 i;
	int				 j, plain = 0;

	for (i = 0; i < sizeof order / sizeof order[0]; i++) {
		for (j = 0; j < n; j++) {
			if (strcmp(offered[j], sasl_mech_name(order[i])) != 0)
				continue;
			if (order[i] == SASL_PLAIN && !tls && !allow_plain) {
				plain = 1;
				continue;
			}
			*out = order[i];
			return 0;
		}
	}
	if (plain)
		return set_cause(cause, "the server offers only PLAIN, which "
		    "would send the password in clear over ws://; use wss:// "
		    "or set xmpp.allow_plain");
	return set_cause(cause, "the server offers no SASL mechanism the bot "
	    "knows (SCRAM-SHA-256, SCRAM-SHA-1, PLAIN)");
}

char *
sasl_b64_encode(const void *data, size_t len)
{
	const unsigned char	*p = data;
	char			*out = xmalloc((len + 2) / 3 * 4 + 1), *o = out;
	size_t			 i;
	unsigned		 v;

	for (i = 0; i + 2 < len; i += 3) {
		v = (unsigned)p[i] << 16 | (unsigned)p[i + 1] << 8 | p[i + 2];
		*o++ = sasl_b64[v >> 18];
		*o++ = sasl_b64[(v >> 12) & 63];
		*o++ = sasl_b64[(v >> 6) & 63];
		*o++ = sasl_b64[v & 63];
	}
	if (len - i == 1) {
		v = (unsigned)p[i] << 16;
		*o++ = sasl_b64[v >> 18];
		*o++ = sasl_b64[(v >> 12) & 63];
		*o++ = '=';
		*o++ = '=';
	} else if (len - i == 2) {
		v = (unsigned)p[i] << 16 | (unsigned)p[i + 1] << 8;
		*o++ = sasl_b64[v >> 18];
		*o++ = sasl_b64[(v >> 12) & 63];
		*o++ = sasl_b64[(v >> 6) & 63];
		*o++ = '=';
	}
	*o = '\0';
	return out;
}

static int
sasl_b64_value(char c)
{
	const char	*p;

	if (c == '\0' || (p = strchr(sasl_b64, c)) == NULL)
		return -1;
	return (int)(p - sasl_b64);
}

int
sasl_b64_decode(const char *text, unsigned char **out, size_t *outlen)
{
	size_t		 len = strlen(text), i, n = 0, pad = 0;
	unsigned char	*o;
	int		 v[4], k;

	if (len > SASL_B64_MAX || len % 4 != 0)
		return -1;
	if (len > 0 && text[len - 1] == '=')
		pad = len > 1 && text[len - 2] == '=' ? 2 : 1;
	o = xmalloc(len / 4 * 3 + 1);
	for (i = 0; i < len; i += 4) {
		for (k = 0; k < 4; k++) {
			if (text[i + k] == '=' && i + 4 == len &&
			    k >= 4 - (int)pad)
				v[k] = 0;
			else if ((v[k] = sasl_b64_value(text[i + k])) < 0) {
				free(o);
				return -1;
			}
		}
		o[n++] = (unsigned char)(v[0] << 2 | v[1] >> 4);
		o[n++] = (unsigned char)((v[1] & 15) << 4 | v[2] >> 2);
		o[n++] = (unsigned char)((v[2] & 3) << 6 | v[3]);
	}
	n -= pad;
	o[n] = '\0';
	*out = o;
	*outlen = n;
	return 0;
}

static const EVP_MD *
sasl_md(const struct sasl *s)
{
	return s->mech == SASL_SCRAM_SHA256 ? EVP_sha256() : EVP_sha1();
}

static size_t
sasl_hash_len(const struct sasl *s)
{
	return s->mech == SASL_SCRAM_SHA256 ? 32 : 20;
}

/* "=" and "," in a SCRAM user name become "=3D" and "=2C". */
static char *
sasl_escape_user(const char *user)
{
	char		*out = xmalloc(strlen(user) * 3 + 1), *o = out;
	const char	*p;

	for (p = user; *p != '\0'; p++) {
		if (*p == '=') {
			memcpy(o, "=3D", 3);
			o += 3;
		} else if (*p == ',') {
			memcpy(o, "=2C", 3);
			o += 3;
		} else
			*o++ = *p;
	}
	*o = '\0';
	return out;
}

struct sasl *
sasl_new(enum sasl_mech mech, const char *user, const char *password,
    const char *nonce)
{
	struct sasl	*s = xcalloc(1, sizeof *s);
	unsigned char	 r[SASL_NONCE_LEN];
	char		*p;

	s->mech = mech;
	s->user = mech == SASL_PLAIN ? xstrdup(user) : sasl_escape_user(user);
	s->password = xstrdup(password);
	if (nonce != NULL)
		s->cnonce = xstrdup(nonce);
	else {
		if (RAND_bytes(r, sizeof r) != 1)
			fatalx("RAND_bytes failed");
		s->cnonce = sasl_b64_encode(r, sizeof r);
		/* A nonce is printable without ','; base64 has none. */
		for (p = s->cnonce; *p != '\0'; p++)
			if (*p == '=')
				*p = '-';
	}
	return s;
}

static void
sasl_wipe_free(char *p)
{
	if (p != NULL) {
		OPENSSL_cleanse(p, strlen(p));
		free(p);
	}
}

void
sasl_free(struct sasl *s)
{
	if (s == NULL)
		return;
	sasl_wipe_free(s->password);
	free(s->user);
	free(s->cnonce);
	free(s->client_first_bare);
	free(s->auth_message);
	OPENSSL_cleanse(s->salted, sizeof s->salted);
	free(s);
}

char *
sasl_initial(struct sasl *s)
{
	char	*raw, *out;
	size_t	 ul, pl;

	if (s->mech == SASL_PLAIN) {
		ul = strlen(s->user);
		pl = strlen(s->password);
		raw = xmalloc(ul + pl + 2);
		raw[0] = '\0';
		memcpy(raw + 1, s->user, ul);
		raw[ul + 1] = '\0';
		memcpy(raw + ul + 2, s->password, pl);
		out = sasl_b64_encode(raw, ul + pl + 2);
		OPENSSL_cleanse(raw, ul + pl + 2);
		free(raw);
		s->step = SASL_STEP_FINAL;
		return out;
	}
	free(s->client_first_bare);
	s->client_first_bare = xasprintf("n=%s,r=%s", s->user, s->cnonce);
	raw = xasprintf("n,,%s", s->client_first_bare);
	out = sasl_b64_encode(raw, strlen(raw));
	free(raw);
	s->step = SASL_STEP_FIRST;
	return out;
}

/*
 * The value of attribute c ("r", "s", ...) in a SCRAM message, when it is
 * the attribute at position pos (0-based, ',' separated); a new string.
 */
static char *
sasl_attr(const char *msg, int pos, char c)
{
	const char	*p = msg, *e;
	int		 i;

	for (i = 0; i < pos; i++) {
		if ((p = strchr(p, ',')) == NULL)
			return NULL;
		p++;
	}
	if (p[0] != c || p[1] != '=')
		return NULL;
	p += 2;
	e = strchr(p, ',');
	return xstrndup(p, e == NULL ? strlen(p) : (size_t)(e - p));
}

static void
sasl_hmac(const struct sasl *s, const unsigned char *key, size_t keylen,
    const char *data, unsigned char *out)
{
	unsigned int	len = 0;

	if (HMAC(sasl_md(s), key, (int)keylen, (const unsigned char *)data,
	    strlen(data), out, &len) == NULL)
		fatalx("HMAC failed");
}

/* Answers the server-first message (raw text). */
static int
sasl_client_final(struct sasl *s, const char *msg, char **response,
    char **cause)
{
	unsigned char	 client_key[SASL_HASH_MAX], stored[SASL_HASH_MAX];
	unsigned char	 sig[SASL_HASH_MAX], proof[SASL_HASH_MAX], *salt = NULL;
	char		*nonce = NULL, *b64salt = NULL, *iter = NULL, *end;
	char		*without = NULL, *b64proof, *final;
	size_t		 hl = sasl_hash_len(s), saltlen, i;
	unsigned int	 mdlen;
	long		 n;
	int		 rc = -1;

	if (msg[0] == 'm') {
		set_cause(cause, "the server asks for a SCRAM extension the "
		    "bot does not know");
		goto out;
	}
	nonce = sasl_attr(msg, 0, 'r');
	b64salt = sasl_attr(msg, 1, 's');
	iter = sasl_attr(msg, 2, 'i');
	if (nonce == NULL || b64salt == NULL || iter == NULL) {
		set_cause(cause, "a malformed SCRAM server-first message");
		goto out;
	}
	if (strncmp(nonce, s->cnonce, strlen(s->cnonce)) != 0 ||
	    strlen(nonce) == strlen(s->cnonce) || strchr(nonce, ',') != NULL) {
		set_cause(cause, "the server's SCRAM nonce does not extend ours");
		goto out;
	}
	if (sasl_b64_decode(b64salt, &salt, &saltlen) != 0 || saltlen == 0) {
		set_cause(cause, "the server's SCRAM salt is not base64");
		goto out;
	}
	n = strtol(iter, &end, 10);
	if (*iter == '\0' || *end != '\0' || n < 1 || n > SASL_ITER_MAX) {
		set_cause(cause, "the server's SCRAM iteration count is not "
		    "1 to %d", SASL_ITER_MAX);
		goto out;
	}
	if (PKCS5_PBKDF2_HMAC(s->password, (int)strlen(s->password), salt,
	    (int)saltlen, (int)n, sasl_md(s), (int)hl, s->salted) != 1)
		fatalx("PKCS5_PBKDF2_HMAC failed");
	without = xasprintf("c=biws,r=%s", nonce);
	free(s->auth_message);
	s->auth_message = xasprintf("%s,%s,%s", s->client_first_bare, msg,
	    without);
	sasl_hmac(s, s->salted, hl, "Client Key", client_key);
	if (EVP_Digest(client_key, hl, stored, &mdlen, sasl_md(s), NULL) != 1)
		fatalx("EVP_Digest failed");
	sasl_hmac(s, stored, hl, s->auth_message, sig);
	for (i = 0; i < hl; i++)
		proof[i] = client_key[i] ^ sig[i];
	b64proof = sasl_b64_encode(proof, hl);
	final = xasprintf("%s,p=%s", without, b64proof);
	free(b64proof);
	*response = sasl_b64_encode(final, strlen(final));
	free(final);
	OPENSSL_cleanse(client_key, sizeof client_key);
	s->step = SASL_STEP_FINAL;
	rc = 0;
out:
	free(nonce);
	free(b64salt);
	free(iter);
	free(salt);
	free(without);
	return rc;
}

/* Checks the server-final message (raw text): "v=..." or "e=...". */
static int
sasl_verify(struct sasl *s, const char *msg, char **cause)
{
	unsigned char	 server_key[SASL_HASH_MAX], sig[SASL_HASH_MAX];
	unsigned char	*got = NULL;
	char		*v, *e;
	size_t		 hl = sasl_hash_len(s), gotlen;
	int		 rc = -1;

	if ((e = sasl_attr(msg, 0, 'e')) != NULL) {
		set_cause(cause, "the server refused the proof (%.80s)", e);
		free(e);
		return -1;
	}
	if ((v = sasl_attr(msg, 0, 'v')) == NULL) {
		set_cause(cause, "a malformed SCRAM server-final message");
		return -1;
	}
	sasl_hmac(s, s->salted, hl, "Server Key", server_key);
	sasl_hmac(s, server_key, hl, s->auth_message, sig);
	if (sasl_b64_decode(v, &got, &gotlen) != 0 || gotlen != hl ||
	    CRYPTO_memcmp(got, sig, hl) != 0)
		set_cause(cause, "the server's SCRAM signature is wrong: it "
		    "does not know the password");
	else {
		s->step = SASL_STEP_VERIFIED;
		rc = 0;
	}
	free(v);
	free(got);
	return rc;
}

int
sasl_challenge(struct sasl *s, const char *b64, char **response,
    char **cause)
{
	unsigned char	*raw = NULL;
	size_t		 len;
	int		 rc;

	*response = NULL;
	if (sasl_b64_decode(b64, &raw, &len) != 0 || strlen((char *)raw) !=
	    len) {
		free(raw);
		s->step = SASL_STEP_FAILED;
		return set_cause(cause, "a SASL challenge that is not base64 "
		    "text");
	}
	switch (s->step) {
	case SASL_STEP_FIRST:
		rc = sasl_client_final(s, (char *)raw, response, cause);
		break;
	case SASL_STEP_FINAL:
		if (s->mech == SASL_PLAIN) {
			rc = set_cause(cause, "a SASL challenge after PLAIN");
			break;
		}
		/* Some servers send v= as a last challenge. */
		if ((rc = sasl_verify(s, (char *)raw, cause)) == 0)
			*response = xstrdup("");
		break;
	default:
		rc = set_cause(cause, "a SASL challenge out of turn");
		break;
	}
	if (rc != 0)
		s->step = SASL_STEP_FAILED;
	free(raw);
	return rc;
}

int
sasl_success(struct sasl *s, const char *b64, char **cause)
{
	unsigned char	*raw;
	size_t		 len;
	int		 rc;

	if (s->mech == SASL_PLAIN)
		return s->step == SASL_STEP_FINAL ? 0 :
		    set_cause(cause, "SASL success out of turn");
	if (s->step == SASL_STEP_VERIFIED)
		return 0;
	if (s->step != SASL_STEP_FINAL || b64 == NULL || *b64 == '\0')
		return set_cause(cause, "the server claims success without "
		    "proving it knows the password");
	if (sasl_b64_decode(b64, &raw, &len) != 0)
		return set_cause(cause, "SASL success data that is not base64");
	if (strlen((char *)raw) != len) {
		free(raw);
		return set_cause(cause, "SASL success data that is not text");
	}
	rc = sasl_verify(s, (char *)raw, cause);
	free(raw);
	return rc;
}
