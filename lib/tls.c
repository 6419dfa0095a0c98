/*
 * TLS client sessions on OpenSSL memory BIOs; see tls.h.
 *
 * OpenSSL's error queue is per thread and outlives a call, so each call
 * that may fail clears it first and reads the first error it left.
 * Verification is OpenSSL's own (SSL_VERIFY_PEER with the host name or
 * the address set on the session's verify parameters); what the owner
 * gets on failure is the verify result said in words.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "lib/tls.h"
#include "lib/xmalloc.h"

struct tls_ctx {
	SSL_CTX		*ctx;
};

struct tls {
	SSL		*ssl;
	BIO		*in;		/* what the socket read, for OpenSSL */
	BIO		*out;		/* what OpenSSL wrote, for the socket */
	char		*name;
};

/* The first error OpenSSL queued, in words, or fallback. */
static const char *
tls_error(char *buf, size_t len, const char *fallback)
{
	unsigned long	e = ERR_get_error();

	if (e == 0)
		return fallback;
	ERR_error_string_n(e, buf, len);
	return buf;
}

/* Sets *cause to what and OpenSSL's first error; returns NULL. */
static struct tls_ctx *
tls_ctx_fail(struct tls_ctx *t, char **cause, const char *what,
    const char *file)
{
	char	err[256];

	set_cause(cause, "%s %.200s: %s", what, file,
	    tls_error(err, sizeof err, "unusable"));
	tls_ctx_free(t);
	return NULL;
}

struct tls_ctx *
tls_ctx_new(const char *ca_file, const char *cert, const char *key,
    const char *alpn, char **cause)
{
	struct tls_ctx	*t;
	unsigned char	 wire[256];
	size_t		 n;
	char		 err[256];

	ERR_clear_error();
	t = xcalloc(1, sizeof *t);
	if ((t->ctx = SSL_CTX_new(TLS_client_method())) == NULL) {
		set_cause(cause, "cannot make a TLS context: %s",
		    tls_error(err, sizeof err, "unknown error"));
		free(t);
		return NULL;
	}
	SSL_CTX_set_min_proto_version(t->ctx, TLS1_2_VERSION);
	SSL_CTX_set_verify(t->ctx, SSL_VERIFY_PEER, NULL);
	SSL_CTX_set_mode(t->ctx, SSL_MODE_ENABLE_PARTIAL_WRITE |
	    SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
	if (ca_file != NULL && *ca_file != '\0') {
		if (SSL_CTX_load_verify_locations(t->ctx, ca_file, NULL) != 1)
			return tls_ctx_fail(t, cause, "cannot read the CA file",
			    ca_file);
	} else if (SSL_CTX_set_default_verify_paths(t->ctx) != 1)
		return tls_ctx_fail(t, cause, "cannot load the system's CA store",
		    "");
	if (cert != NULL && *cert != '\0') {
		if (key == NULL || *key == '\0')
			key = cert;
		if (SSL_CTX_use_certificate_chain_file(t->ctx, cert) != 1)
			return tls_ctx_fail(t, cause,
			    "cannot read the client certificate", cert);
		if (SSL_CTX_use_PrivateKey_file(t->ctx, key,
		    SSL_FILETYPE_PEM) != 1)
			return tls_ctx_fail(t, cause,
			    "cannot read the client key", key);
		if (SSL_CTX_check_private_key(t->ctx) != 1)
			return tls_ctx_fail(t, cause, "the client key does not "
			    "match the certificate", cert);
	}
	if (alpn != NULL && *alpn != '\0') {
		n = strlen(alpn);
		if (n >= sizeof wire - 1) {
			set_cause(cause, "ALPN protocol name too long");
			tls_ctx_free(t);
			return NULL;
		}
		wire[0] = (unsigned char)n;
		memcpy(wire + 1, alpn, n);
		/* Returns 0 on success, unlike the rest of the API. */
		if (SSL_CTX_set_alpn_protos(t->ctx, wire,
		    (unsigned)(n + 1)) != 0)
			return tls_ctx_fail(t, cause, "cannot set ALPN", alpn);
	}
	return t;
}

void
tls_ctx_free(struct tls_ctx *t)
{
	if (t == NULL)
		return;
	SSL_CTX_free(t->ctx);
	free(t);
}

struct tls *
tls_new(struct tls_ctx *ctx, const char *name)
{
	struct tls		*t;
	X509_VERIFY_PARAM	*vp;
	unsigned char		 bin[16];
	int			 numeric;

	t = xcalloc(1, sizeof *t);
	t->name = xstrdup(name);
	if ((t->ssl = SSL_new(ctx->ctx)) == NULL)
		fatalx("tls: out of memory for a TLS session");
	t->in = BIO_new(BIO_s_mem());
	t->out = BIO_new(BIO_s_mem());
	if (t->in == NULL || t->out == NULL)
		fatalx("tls: out of memory for a TLS session");
	/* A read of an empty BIO means "wait", not the end of the stream. */
	BIO_set_mem_eof_return(t->in, -1);
	SSL_set_bio(t->ssl, t->in, t->out);
	SSL_set_connect_state(t->ssl);
	numeric = inet_pton(AF_INET, name, bin) == 1 ||
	    inet_pton(AF_INET6, name, bin) == 1;
	vp = SSL_get0_param(t->ssl);
	X509_VERIFY_PARAM_set_hostflags(vp,
	    X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
	if (numeric)
		X509_VERIFY_PARAM_set1_ip_asc(vp, name);
	else {
		SSL_set1_host(t->ssl, name);
		SSL_set_tlsext_host_name(t->ssl, name);
	}
	return t;
}

void
tls_free(struct tls *t)
{
	if (t == NULL)
		return;
	SSL_free(t->ssl);	/* frees both BIOs */
	free(t->name);
	free(t);
}

void
tls_feed(struct tls *t, const char *data, size_t len)
{
	while (len > 0) {
		int	n = BIO_write(t->in, data, len > 65536 ? 65536 : (int)len);

		if (n <= 0)
			fatalx("tls: out of memory for TLS input");
		data += n;
		len -= (size_t)n;
	}
}

int
tls_handshake(struct tls *t, char **cause)
{
	char	err[256];
	long	v;
	int	rc;

	ERR_clear_error();
	rc = SSL_do_handshake(t->ssl);
	if (rc == 1)
		return 1;
	switch (SSL_get_error(t->ssl, rc)) {
	case SSL_ERROR_WANT_READ:
	case SSL_ERROR_WANT_WRITE:
		return 0;
	}
	v = SSL_get_verify_result(t->ssl);
	if (v != X509_V_OK)
		return set_cause(cause, "the certificate of %.200s is refused: %s",
		    t->name, X509_verify_cert_error_string(v));
	return set_cause(cause, "TLS handshake with %.200s failed: %s", t->name,
	    tls_error(err, sizeof err, "the peer closed the connection"));
}

long
tls_read(struct tls *t, char *buf, size_t len, char **cause)
{
	char	err[256];
	int	rc;

	ERR_clear_error();
	rc = SSL_read(t->ssl, buf, len > 65536 ? 65536 : (int)len);
	if (rc > 0)
		return rc;
	switch (SSL_get_error(t->ssl, rc)) {
	case SSL_ERROR_WANT_READ:
	case SSL_ERROR_WANT_WRITE:
		return 0;
	case SSL_ERROR_ZERO_RETURN:
		return -1;
	}
	set_cause(cause, "TLS: %s", tls_error(err, sizeof err,
	    "the peer closed the connection without a close_notify"));
	return -1;
}

int
tls_write(struct tls *t, const char *data, size_t len, char **cause)
{
	char	err[256];
	int	rc;

	ERR_clear_error();
	while (len > 0) {
		rc = SSL_write(t->ssl, data, len > 65536 ? 65536 : (int)len);
		if (rc <= 0)
			return set_cause(cause, "TLS: %s", tls_error(err,
			    sizeof err, "cannot write"));
		data += rc;
		len -= (size_t)rc;
	}
	return 0;
}

void
tls_close(struct tls *t)
{
	ERR_clear_error();
	SSL_shutdown(t->ssl);
}

int
tls_take_out(struct tls *t, char **out, size_t *len)
{
	size_t	n = (size_t)BIO_ctrl_pending(t->out);

	*out = NULL;
	*len = 0;
	if (n == 0)
		return 0;
	*out = xmalloc(n);
	if (BIO_read(t->out, *out, (int)n) != (int)n)
		fatalx("tls: a memory BIO gave less than it holds");
	*len = n;
	return 1;
}

const char *
tls_describe(struct tls *t, char *buf, size_t len)
{
	snprintf(buf, len, "%s %s", SSL_get_version(t->ssl),
	    SSL_get_cipher_name(t->ssl));
	return buf;
}
