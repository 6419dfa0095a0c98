/*
 * Unit tests for lib/transport.c, lib/tls.c, lib/lineframe.c and
 * lib/backoff.c: URLs split, lines framed out of a byte stream, the
 * backoff's bounds, and real connections on the loop to a small server of
 * the test's own on 127.0.0.1 (a thread with blocking sockets and
 * OpenSSL): plain TCP with the fallback from an address that refuses,
 * TLS verified against a CA made here (by name and by address), a wrong
 * host name and an untrusted CA refused with a clear reason, STARTTLS in
 * place with a write made before the handshake ended, a client
 * certificate the server sees, and the peer's close.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <uv.h>

#include "lib/backoff.h"
#include "lib/lineframe.h"
#include "lib/transport.h"
#include "tests/unit/said.h"

/* Certificates made for the run, as PEM files in dir. */
static char	dir[64];
static char	ca_pem[128], server_pem[128], server_key[128];
static char	client_pem[128], client_key[128], other_ca_pem[128];

/* The test's server: one thread, one connection at a time. */
enum srv_mode { SRV_PLAIN, SRV_TLS };

static struct {
	int		 fd;
	int		 port;
	enum srv_mode	 mode;
	SSL_CTX		*ctx;
	pthread_t	 thread;
} srv;

static EVP_PKEY *
key_new(void)
{
	EVP_PKEY	*k = EVP_EC_gen("P-256");

	assert_non_null(k);
	return k;
}

static void
cert_ext(X509 *x, X509 *issuer, int nid, const char *value)
{
	X509V3_CTX	 ctx;
	X509_EXTENSION	*e;

	X509V3_set_ctx_nodb(&ctx);
	X509V3_set_ctx(&ctx, issuer, x, NULL, NULL, 0);
	e = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
	assert_non_null(e);
	X509_add_ext(x, e, -1);
	X509_EXTENSION_free(e);
}

/* A certificate for key named cn, signed by issuer (NULL: itself). */
static X509 *
cert_new(EVP_PKEY *key, const char *cn, X509 *issuer, EVP_PKEY *ikey,
    const char *san)
{
	static long	 serial = 1;
	X509		*x = X509_new();
	X509_NAME	*n;

	X509_set_version(x, 2);
	ASN1_INTEGER_set(X509_get_serialNumber(x), serial++);
	X509_gmtime_adj(X509_getm_notBefore(x), -3600);
	X509_gmtime_adj(X509_getm_notAfter(x), 86400);
	X509_set_pubkey(x, key);
	n = X509_get_subject_name(x);
	X509_NAME_add_entry_by_txt(n, "CN", MBSTRING_ASC,
	    (const unsigned char *)cn, -1, -1, 0);
	X509_set_issuer_name(x, issuer != NULL ? X509_get_subject_name(issuer) :
	    n);
	if (issuer == NULL) {
		cert_ext(x, x, NID_basic_constraints, "critical,CA:TRUE");
		cert_ext(x, x, NID_key_usage, "critical,keyCertSign,cRLSign");
		cert_ext(x, x, NID_subject_key_identifier, "hash");
	} else {
		cert_ext(x, issuer, NID_basic_constraints, "CA:FALSE");
		if (san != NULL)
			cert_ext(x, issuer, NID_subject_alt_name, san);
	}
	assert_true(X509_sign(x, ikey != NULL ? ikey : key, EVP_sha256()) > 0);
	return x;
}

static void
pem_write(const char *path, X509 *x, EVP_PKEY *k)
{
	FILE	*f = fopen(path, "w");

	assert_non_null(f);
	if (x != NULL)
		assert_int_equal(PEM_write_X509(f, x), 1);
	if (k != NULL)
		assert_int_equal(PEM_write_PrivateKey(f, k, NULL, NULL, 0, NULL,
		    NULL), 1);
	fclose(f);
}

static void
certs_make(void)
{
	EVP_PKEY	*cak, *sk, *ck, *ok;
	X509		*ca, *s, *c, *o;

	snprintf(dir, sizeof dir, "/tmp/cheers-transport-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(ca_pem, sizeof ca_pem, "%s/ca.pem", dir);
	snprintf(other_ca_pem, sizeof other_ca_pem, "%s/other.pem", dir);
	snprintf(server_pem, sizeof server_pem, "%s/server.pem", dir);
	snprintf(server_key, sizeof server_key, "%s/server.key", dir);
	snprintf(client_pem, sizeof client_pem, "%s/client.pem", dir);
	snprintf(client_key, sizeof client_key, "%s/client.key", dir);
	cak = key_new();
	ca = cert_new(cak, "cheers test CA", NULL, NULL, NULL);
	sk = key_new();
	s = cert_new(sk, "localhost", ca, cak, "DNS:localhost,IP:127.0.0.1");
	ck = key_new();
	c = cert_new(ck, "cheers-client", ca, cak, NULL);
	ok = key_new();
	o = cert_new(ok, "another CA", NULL, NULL, NULL);
	pem_write(ca_pem, ca, NULL);
	pem_write(other_ca_pem, o, NULL);
	pem_write(server_pem, s, NULL);
	pem_write(server_key, NULL, sk);
	pem_write(client_pem, c, NULL);
	pem_write(client_key, NULL, ck);
	EVP_PKEY_free(cak);
	EVP_PKEY_free(sk);
	EVP_PKEY_free(ck);
	EVP_PKEY_free(ok);
	X509_free(ca);
	X509_free(s);
	X509_free(c);
	X509_free(o);
}

/* Reads one line (without CR LF) from fd or ssl; -1 at the end. */
static int
srv_readline(int fd, SSL *ssl, char *buf, size_t len)
{
	size_t	n = 0;
	char	ch;
	int	rc;

	for (;;) {
		rc = ssl != NULL ? SSL_read(ssl, &ch, 1) : (int)read(fd, &ch, 1);
		if (rc <= 0)
			return -1;
		if (ch == '\n')
			break;
		if (ch != '\r' && n + 1 < len)
			buf[n++] = ch;
	}
	buf[n] = '\0';
	return 0;
}

static void
srv_write(int fd, SSL *ssl, const char *s)
{
	if (ssl != NULL)
		SSL_write(ssl, s, (int)strlen(s));
	else if (write(fd, s, strlen(s)) < 0)
		return;
}

static SSL *
srv_tls(int fd)
{
	SSL	*ssl = SSL_new(srv.ctx);

	SSL_set_fd(ssl, fd);
	if (SSL_accept(ssl) != 1) {
		SSL_free(ssl);
		return NULL;
	}
	return ssl;
}

/*
 * Each connection: lines echoed back, but "STARTTLS" (answered "GO",
 * then TLS), "WHO" (answered with the client certificate's CN, or
 * "nobody") and "BYE" (the server closes).
 */
static void *
srv_main(void *arg)
{
	char	 line[1024], who[256];
	SSL	*ssl;
	X509	*peer;
	int	 fd;

	(void)arg;
	while ((fd = accept(srv.fd, NULL, NULL)) >= 0) {
		ssl = NULL;
		if (srv.mode == SRV_TLS && (ssl = srv_tls(fd)) == NULL) {
			close(fd);
			continue;
		}
		while (srv_readline(fd, ssl, line, sizeof line) == 0) {
			if (strcmp(line, "STARTTLS") == 0 && ssl == NULL) {
				srv_write(fd, NULL, "GO\r\n");
				if ((ssl = srv_tls(fd)) == NULL)
					break;
			} else if (strcmp(line, "WHO") == 0) {
				snprintf(who, sizeof who, "nobody");
				if ((peer = SSL_get1_peer_certificate(ssl)) != NULL) {
					X509_NAME_get_text_by_NID(
					    X509_get_subject_name(peer),
					    NID_commonName, who, sizeof who);
					X509_free(peer);
				}
				srv_write(fd, ssl, who);
				srv_write(fd, ssl, "\r\n");
			} else if (strcmp(line, "BYE") == 0)
				break;
			else {
				srv_write(fd, ssl, line);
				srv_write(fd, ssl, "\r\n");
			}
		}
		if (ssl != NULL) {
			SSL_shutdown(ssl);
			SSL_free(ssl);
		}
		close(fd);
	}
	return NULL;
}

static int
group_setup(void **state)
{
	struct sockaddr_in	sin;
	socklen_t		len = sizeof sin;
	int			one = 1;

	(void)state;
	certs_make();
	srv.ctx = SSL_CTX_new(TLS_server_method());
	assert_int_equal(SSL_CTX_use_certificate_file(srv.ctx, server_pem,
	    SSL_FILETYPE_PEM), 1);
	assert_int_equal(SSL_CTX_use_PrivateKey_file(srv.ctx, server_key,
	    SSL_FILETYPE_PEM), 1);
	/* A client certificate is asked for, not required. */
	assert_int_equal(SSL_CTX_load_verify_locations(srv.ctx, ca_pem, NULL), 1);
	SSL_CTX_set_client_CA_list(srv.ctx, SSL_load_client_CA_file(ca_pem));
	SSL_CTX_set_verify(srv.ctx, SSL_VERIFY_PEER, NULL);
	srv.fd = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(srv.fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(srv.fd, (struct sockaddr *)&sin, sizeof sin), 0);
	assert_int_equal(listen(srv.fd, 8), 0);
	getsockname(srv.fd, (struct sockaddr *)&sin, &len);
	srv.port = ntohs(sin.sin_port);
	assert_int_equal(pthread_create(&srv.thread, NULL, srv_main, NULL), 0);
	return 0;
}

static int
group_teardown(void **state)
{
	char	cmd[128];

	(void)state;
	shutdown(srv.fd, SHUT_RDWR);
	close(srv.fd);
	pthread_join(srv.thread, NULL);
	SSL_CTX_free(srv.ctx);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return -1;
	return 0;
}

/* What the transport told the test, and what the test does in answer. */
struct seen {
	struct transport	*t;
	struct tconn		*c;
	int			 opened;
	int			 closed;
	int			 closed_opened;
	int			 secured;
	int			 retries;
	char			 data[4096];
	size_t			 len;
	char			 why[512];
	char			 notices[2048];
	const char		*on_open;	/* written on open */
	int			 starttls;	/* on "GO": STARTTLS, then "early" */
	const char		*on_tls;	/* written once STARTTLS is done */
};

static void
seen_open(struct tconn *c, void *arg)
{
	struct seen	*s = arg;

	(void)c;
	s->opened++;
	if (s->on_open != NULL)
		assert_int_equal(tconn_write(c, s->on_open, strlen(s->on_open),
		    NULL), 0);
}

static void
seen_data(struct tconn *c, const char *data, size_t len, void *arg)
{
	struct seen	*s = arg;

	assert_int_equal(data[len], '\0');
	if (s->len + len < sizeof s->data) {
		memcpy(s->data + s->len, data, len);
		s->len += len;
		s->data[s->len] = '\0';
	}
	if (s->starttls && strstr(s->data, "GO\r\n") != NULL) {
		s->starttls = 0;
		assert_int_equal(tconn_starttls(c, NULL), 0);
		assert_false(tconn_is_secure(c));
		/* Written before the handshake is over: it waits for it. */
		assert_int_equal(tconn_write(c, "early\r\n", 7, NULL), 0);
	}
}

static void
seen_tls(struct tconn *c, void *arg)
{
	struct seen	*s = arg;

	s->secured++;
	assert_true(tconn_is_secure(c));
	if (s->on_tls != NULL)
		assert_int_equal(tconn_write(c, s->on_tls, strlen(s->on_tls),
		    NULL), 0);
}

static void
seen_notice(struct tconn *c, const char *what, void *arg)
{
	struct seen	*s = arg;

	(void)c;
	said_add(s->notices, sizeof s->notices, what);
}

static void
seen_close(struct tconn *c, int opened, const char *why, void *arg)
{
	struct seen	*s = arg;

	(void)c;
	s->closed++;
	s->closed_opened = opened;
	snprintf(s->why, sizeof s->why, "%s", why);
	s->c = NULL;
}

static void
seen_retry(void *arg)
{
	((struct seen *)arg)->retries++;
}

static const struct transport_ops seen_ops = {
	.on_open = seen_open,
	.on_data = seen_data,
	.on_tls = seen_tls,
	.on_notice = seen_notice,
	.on_close = seen_close,
	.on_retry = seen_retry,
};

static void
run_timeout(uv_timer_t *t)
{
	*(int *)t->data = 1;
}

/* Runs loop until *done holds want or 5 s pass. */
static void
run_until(uv_loop_t *loop, struct seen *s, const char *want_data,
    int want_closed)
{
	uv_timer_t	timer;
	int		expired = 0;

	uv_timer_init(loop, &timer);
	timer.data = &expired;
	uv_timer_start(&timer, run_timeout, 5000, 0);
	while (!expired) {
		if (want_data != NULL && strstr(s->data, want_data) != NULL)
			break;
		if (want_closed && s->closed)
			break;
		uv_run(loop, UV_RUN_ONCE);
	}
	uv_close((uv_handle_t *)&timer, NULL);
	uv_run(loop, UV_RUN_NOWAIT);
}

/* A loop, nothing seen, default options, and the server in mode. */
static void
fixture(uv_loop_t *loop, struct seen *s, struct transport_opts *opts,
    enum srv_mode mode)
{
	uv_loop_init(loop);
	srv.mode = mode;
	memset(s, 0, sizeof *s);
	memset(opts, 0, sizeof *opts);
}

/* A transport on loop with opts, its connection to kind/host opened. */
static void
open_one(uv_loop_t *loop, struct seen *s, struct transport_opts *opts,
    enum transport_kind kind, const char *host, const char *tls_name)
{
	struct transport_target	tg;
	char			*cause = NULL;

	s->t = transport_new(loop, opts, &seen_ops, s, &cause);
	if (s->t == NULL)
		fail_msg("transport_new: %s", cause);
	memset(&tg, 0, sizeof tg);
	tg.kind = kind;
	tg.host = host;
	tg.port = srv.port;
	tg.tls_name = tls_name;
	s->c = transport_connect(s->t, &tg, &cause);
	if (s->c == NULL)
		fail_msg("transport_connect: %s", cause);
}

static void
close_all(uv_loop_t *loop, struct seen *s)
{
	transport_stop(s->t);
	uv_run(loop, UV_RUN_NOWAIT);
	uv_run(loop, UV_RUN_NOWAIT);
	transport_free(s->t);
	assert_int_equal(uv_loop_close(loop), 0);
}

static void
test_url_parse(void **state)
{
	struct transport_url	u;
	char			*cause = NULL;

	(void)state;
	assert_int_equal(transport_url_parse("ircs://irc.libera.chat", &u,
	    NULL), 0);
	assert_string_equal(u.scheme, "ircs");
	assert_string_equal(u.host, "irc.libera.chat");
	assert_int_equal(u.port, 0);
	assert_string_equal(u.path, "");
	assert_int_equal(transport_url_parse("IRC://[::1]:6667/", &u, NULL), 0);
	assert_string_equal(u.scheme, "irc");
	assert_string_equal(u.host, "::1");
	assert_int_equal(u.port, 6667);
	assert_string_equal(u.path, "/");
	assert_int_equal(transport_url_parse("wss://h:443/x?y", &u, NULL), 0);
	assert_string_equal(u.path, "/x?y");
	assert_int_equal(transport_url_parse("irc.libera.chat", &u, &cause), -1);
	assert_non_null(strstr(cause, "not a URL"));
	free(cause);
	assert_int_equal(transport_url_parse("ircs://h:0", &u, NULL), -1);
	assert_int_equal(transport_url_parse("ircs://h:70000", &u, NULL), -1);
	assert_int_equal(transport_url_parse("ircs://h:6697x", &u, NULL), -1);
	assert_int_equal(transport_url_parse("ircs://:6697", &u, NULL), -1);
	assert_int_equal(transport_url_parse("ircs://u:p@h", &u, NULL), -1);
	assert_int_equal(transport_url_parse("ircs://[::1", &u, NULL), -1);
}

/* Lines collected by a lineframe, "|"-separated; "<n>" for a dropped one. */
static char	lines[1024];

static void
lines_line(void *arg, const char *line, size_t len)
{
	size_t	n = strlen(lines);

	(void)arg;
	assert_int_equal(strlen(line), len);
	snprintf(lines + n, sizeof lines - n, "%s|", line);
}

static void
lines_long(void *arg, size_t len)
{
	size_t	n = strlen(lines);

	(void)arg;
	snprintf(lines + n, sizeof lines - n, "<%zu>|", len);
}

static void
test_lineframe(void **state)
{
	struct lineframe	f;
	char			big[64];

	(void)state;
	lineframe_init(&f, 10);
	lines[0] = '\0';
	lineframe_feed(&f, "PING :a\r\nPI", 11, lines_line, lines_long, NULL);
	lineframe_feed(&f, "NG :b\r", 6, lines_line, lines_long, NULL);
	lineframe_feed(&f, "\n\nbare\n", 7, lines_line, lines_long, NULL);
	assert_string_equal(lines, "PING :a|PING :b||bare|");
	/* Exactly the cap passes; one byte more is dropped whole, not cut. */
	lines[0] = '\0';
	lineframe_feed(&f, "0123456789\r\n", 12, lines_line, lines_long, NULL);
	memset(big, 'x', sizeof big);
	lineframe_feed(&f, "01234", 5, lines_line, lines_long, NULL);
	lineframe_feed(&f, big, 20, lines_line, lines_long, NULL);
	lineframe_feed(&f, big, 20, lines_line, lines_long, NULL);
	lineframe_feed(&f, "\r\nok\r\n", 6, lines_line, lines_long, NULL);
	lineframe_feed(&f, "0123456789A\r\nafter\n", 19, lines_line, lines_long,
	    NULL);
	assert_string_equal(lines, "0123456789|<46>|ok|<12>|after|");
	/* A reset forgets a partial line. */
	lines[0] = '\0';
	lineframe_feed(&f, "half", 4, lines_line, lines_long, NULL);
	lineframe_reset(&f);
	lineframe_feed(&f, "whole\n", 6, lines_line, lines_long, NULL);
	assert_string_equal(lines, "whole|");
	lineframe_release(&f);
}

static void
test_backoff(void **state)
{
	uint64_t	ms;
	int		i;

	(void)state;
	for (i = 0; i < 200; i++) {
		ms = backoff_delay(1000, 60000, 1);
		assert_true(ms >= 500 && ms <= 1000);
		ms = backoff_delay(1000, 60000, 3);
		assert_true(ms >= 2000 && ms <= 4000);
		ms = backoff_delay(1000, 60000, 40);
		assert_true(ms >= 30000 && ms <= 60000);
	}
}

static void
test_retry_timer(void **state)
{
	uv_loop_t		 loop;
	struct seen		 s;
	struct transport_opts	 opts;

	(void)state;
	fixture(&loop, &s, &opts, SRV_PLAIN);
	opts.retry_first_ms = 20;
	s.t = transport_new(&loop, &opts, &seen_ops, &s, NULL);
	assert_non_null(s.t);
	assert_true(backoff_next(transport_retry(s.t)) <= 20);
	assert_true(backoff_pending(transport_retry(s.t)));
	while (s.retries == 0)
		uv_run(&loop, UV_RUN_ONCE);
	assert_false(backoff_pending(transport_retry(s.t)));
	/* The second failure in a row waits between 20 and 40 ms. */
	assert_true(backoff_next(transport_retry(s.t)) >= 20);
	backoff_cancel(transport_retry(s.t));
	assert_false(backoff_pending(transport_retry(s.t)));
	close_all(&loop, &s);
}

/* Plain TCP: ::1 (nothing listens there) fails, 127.0.0.1 answers. */
static void
test_tcp_fallback(void **state)
{
	uv_loop_t		 loop;
	struct seen		 s;
	struct transport_opts	 opts;

	(void)state;
	fixture(&loop, &s, &opts, SRV_PLAIN);
	opts.test_first_address = "::1";
	s.on_open = "hello\r\nthere\r\n";
	open_one(&loop, &s, &opts, TRANSPORT_TCP, "localhost", NULL);
	run_until(&loop, &s, "there\r\n", 1);
	assert_int_equal(s.opened, 1);
	assert_string_equal(s.data, "hello\r\nthere\r\n");
	assert_non_null(strstr(s.notices, "::1"));
	assert_false(tconn_is_secure(s.c));
	assert_false(tconn_framed(s.c));
	assert_int_equal(tconn_write(s.c, "BYE\r\n", 5, NULL), 0);
	run_until(&loop, &s, NULL, 1);
	assert_int_equal(s.closed, 1);
	assert_int_equal(s.closed_opened, 1);
	assert_string_equal(s.why, "closed by the peer");
	close_all(&loop, &s);
}

static void
test_tcp_refused(void **state)
{
	uv_loop_t		 loop;
	struct seen		 s;
	struct transport_opts	 opts;
	struct transport_target	 tg;

	(void)state;
	fixture(&loop, &s, &opts, SRV_PLAIN);
	s.t = transport_new(&loop, &opts, &seen_ops, &s, NULL);
	memset(&tg, 0, sizeof tg);
	tg.kind = TRANSPORT_TLS;
	tg.host = "127.0.0.1";
	tg.port = 1;		/* nothing listens on port 1 */
	assert_non_null(transport_connect(s.t, &tg, NULL));
	/* Never from inside transport_connect. */
	assert_int_equal(s.closed, 0);
	run_until(&loop, &s, NULL, 1);
	assert_int_equal(s.closed, 1);
	assert_int_equal(s.closed_opened, 0);
	assert_int_equal(s.opened, 0);
	assert_non_null(strstr(s.why, "cannot connect to 127.0.0.1 port 1"));
	tg.port = 0;
	assert_null(transport_connect(s.t, &tg, NULL));
	close_all(&loop, &s);
}

/* TLS from the first byte, verified against ca_file, by name or address. */
static void
tls_echo(const char *host)
{
	uv_loop_t		 loop;
	struct seen		 s;
	struct transport_opts	 opts;

	fixture(&loop, &s, &opts, SRV_TLS);
	opts.ca_file = ca_pem;
	s.on_open = "secret hand\r\nWHO\r\n";
	open_one(&loop, &s, &opts, TRANSPORT_TLS, host, NULL);
	run_until(&loop, &s, "nobody\r\n", 1);
	assert_int_equal(s.opened, 1);
	assert_string_equal(s.data, "secret hand\r\nnobody\r\n");
	assert_true(tconn_is_secure(s.c));
	assert_non_null(strstr(tconn_where(s.c), "tls://"));
	tconn_close(s.c);
	run_until(&loop, &s, NULL, 1);
	assert_string_equal(s.why, "closed by us");
	close_all(&loop, &s);
}

static void
test_tls_name(void **state)
{
	(void)state;
	tls_echo("localhost");
}

static void
test_tls_address(void **state)
{
	(void)state;
	tls_echo("127.0.0.1");
}

/* A refused certificate: never opened, with the reason in words. */
static void
tls_refused(const char *ca, const char *tls_name, const char *reason)
{
	uv_loop_t		 loop;
	struct seen		 s;
	struct transport_opts	 opts;

	fixture(&loop, &s, &opts, SRV_TLS);
	opts.ca_file = ca;
	s.on_open = "secret hand\r\n";
	open_one(&loop, &s, &opts, TRANSPORT_TLS, "127.0.0.1", tls_name);
	run_until(&loop, &s, NULL, 1);
	assert_int_equal(s.closed, 1);
	assert_int_equal(s.opened, 0);
	assert_int_equal(s.closed_opened, 0);
	if (strstr(s.why, reason) == NULL)
		fail_msg("\"%s\" does not say \"%s\"", s.why, reason);
	assert_string_equal(s.data, "");
	close_all(&loop, &s);
}

static void
test_tls_wrong_name(void **state)
{
	(void)state;
	tls_refused(ca_pem, "irc.example.net",
	    "the certificate of irc.example.net is refused: hostname mismatch");
}

static void
test_tls_untrusted(void **state)
{
	(void)state;
	/* The server sends its chain, CA included: a root we do not know. */
	tls_refused(other_ca_pem, NULL, "the certificate of 127.0.0.1 is refused: "
	    "self-signed certificate in certificate chain");
}

static void
test_tls_bad_ca_file(void **state)
{
	uv_loop_t		 loop;
	struct transport_opts	 opts;
	char			*cause = NULL;

	(void)state;
	uv_loop_init(&loop);
	memset(&opts, 0, sizeof opts);
	opts.ca_file = "/nonexistent/ca.pem";
	assert_null(transport_new(&loop, &opts, &seen_ops, NULL, &cause));
	assert_non_null(strstr(cause, "cannot read the CA file /nonexistent/ca.pem"));
	free(cause);
	opts.ca_file = ca_pem;
	opts.client_cert = client_pem;
	opts.client_key = server_key;	/* not the certificate's key */
	assert_null(transport_new(&loop, &opts, &seen_ops, NULL, &cause));
	assert_non_null(strstr(cause, "client key"));
	free(cause);
	assert_int_equal(uv_loop_close(&loop), 0);
}

/* STARTTLS: plain, then TLS in place; a write made meanwhile waits. */
static void
test_starttls(void **state)
{
	uv_loop_t		 loop;
	struct seen		 s;
	struct transport_opts	 opts;

	(void)state;
	fixture(&loop, &s, &opts, SRV_PLAIN);
	opts.ca_file = ca_pem;
	s.on_open = "plain\r\nSTARTTLS\r\n";
	s.starttls = 1;
	s.on_tls = "WHO\r\n";
	open_one(&loop, &s, &opts, TRANSPORT_TCP, "localhost", NULL);
	run_until(&loop, &s, "nobody\r\n", 1);
	assert_int_equal(s.secured, 1);
	assert_string_equal(s.data, "plain\r\nGO\r\nearly\r\nnobody\r\n");
	assert_int_equal(tconn_starttls(s.c, NULL), -1);
	close_all(&loop, &s);
}

/* STARTTLS to a server with a certificate for another name: refused. */
static void
test_starttls_wrong_name(void **state)
{
	uv_loop_t		 loop;
	struct seen		 s;
	struct transport_opts	 opts;

	(void)state;
	fixture(&loop, &s, &opts, SRV_PLAIN);
	opts.ca_file = ca_pem;
	s.on_open = "STARTTLS\r\n";
	s.starttls = 1;
	open_one(&loop, &s, &opts, TRANSPORT_TCP, "127.0.0.1", "xmpp.example");
	run_until(&loop, &s, NULL, 1);
	assert_int_equal(s.secured, 0);
	assert_int_equal(s.closed_opened, 1);
	assert_non_null(strstr(s.why, "hostname mismatch"));
	assert_null(strstr(s.data, "early"));
	close_all(&loop, &s);
}

static void
test_client_cert(void **state)
{
	uv_loop_t		 loop;
	struct seen		 s;
	struct transport_opts	 opts;

	(void)state;
	fixture(&loop, &s, &opts, SRV_TLS);
	opts.ca_file = ca_pem;
	opts.client_cert = client_pem;
	opts.client_key = client_key;
	s.on_open = "WHO\r\n";
	open_one(&loop, &s, &opts, TRANSPORT_TLS, "localhost", NULL);
	run_until(&loop, &s, "\r\n", 1);
	assert_string_equal(s.data, "cheers-client\r\n");
	close_all(&loop, &s);
}

/* Nothing may be written before the connection is open. */
static void
test_write_before_open(void **state)
{
	uv_loop_t		 loop;
	struct seen		 s;
	struct transport_opts	 opts;
	char			*cause = NULL;

	(void)state;
	fixture(&loop, &s, &opts, SRV_PLAIN);
	opts.out_max = 8;
	open_one(&loop, &s, &opts, TRANSPORT_TCP, "127.0.0.1", NULL);
	assert_int_equal(tconn_write(s.c, "x\r\n", 3, &cause), -1);
	assert_non_null(strstr(cause, "not open"));
	free(cause);
	while (!s.opened)
		uv_run(&loop, UV_RUN_ONCE);
	/* out_max caps what waits. */
	assert_int_equal(tconn_write(s.c, "0123456789\r\n", 12, NULL), -1);
	assert_int_equal(tconn_write(s.c, "abc\r\n", 5, NULL), 0);
	run_until(&loop, &s, "abc\r\n", 1);
	close_all(&loop, &s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_url_parse),
		cmocka_unit_test(test_lineframe),
		cmocka_unit_test(test_backoff),
		cmocka_unit_test(test_retry_timer),
		cmocka_unit_test(test_tcp_fallback),
		cmocka_unit_test(test_tcp_refused),
		cmocka_unit_test(test_tls_name),
		cmocka_unit_test(test_tls_address),
		cmocka_unit_test(test_tls_wrong_name),
		cmocka_unit_test(test_tls_untrusted),
		cmocka_unit_test(test_tls_bad_ca_file),
		cmocka_unit_test(test_starttls),
		cmocka_unit_test(test_starttls_wrong_name),
		cmocka_unit_test(test_client_cert),
		cmocka_unit_test(test_write_before_open),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
