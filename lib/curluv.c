/*
 * libcurl's multi_socket interface on a libuv loop; see curluv.h.
 */
#include <stdlib.h>

#include "lib/buf.h"
#include "lib/curluv.h"
#include "lib/xmalloc.h"

struct curluv_sock {
	LIST_ENTRY(curluv_sock)	 entry;
	uv_poll_t		 poll;
	curl_socket_t		 fd;
	struct curluv		*cu;
};

static void
curluv_sock_closed(uv_handle_t *h)
{
	free(h->data);
}

/* Stops watching a socket; its memory goes when its handle has closed. */
static void
curluv_sock_drop(struct curluv *cu, struct curluv_sock *s)
{
	LIST_REMOVE(s, entry);
	curl_multi_assign(cu->multi, s->fd, NULL);
	uv_poll_stop(&s->poll);
	uv_close((uv_handle_t *)&s->poll, curluv_sock_closed);
}

static void
curluv_on_poll(uv_poll_t *h, int status, int events)
{
	struct curluv_sock	*s = h->data;
	struct curluv		*cu = s->cu;
	int			 flags = 0, running;

	if (status < 0)
		flags = CURL_CSELECT_ERR;
	if (events & UV_READABLE)
		flags |= CURL_CSELECT_IN;
	if (events & UV_WRITABLE)
		flags |= CURL_CSELECT_OUT;
	curl_multi_socket_action(cu->multi, s->fd, flags, &running);
	cu->after(cu->arg);
}

/* curl says which sockets to watch for what. */
static int
curluv_socket_cb(CURL *easy, curl_socket_t fd, int what, void *userp,
    void *socketp)
{
	struct curluv		*cu = userp;
	struct curluv_sock	*s = socketp;
	int			 events = 0;

	(void)easy;
	if (what == CURL_POLL_REMOVE) {
		if (s != NULL)
			curluv_sock_drop(cu, s);
		return 0;
	}
	if (s == NULL) {
		s = xcalloc(1, sizeof *s);
		s->fd = fd;
		s->cu = cu;
		if (uv_poll_init_socket(cu->loop, &s->poll, fd) != 0) {
			free(s);
			return -1;
		}
		s->poll.data = s;
		LIST_INSERT_HEAD(&cu->socks, s, entry);
		curl_multi_assign(cu->multi, fd, s);
	}
	if (what & CURL_POLL_IN)
		events |= UV_READABLE;
	if (what & CURL_POLL_OUT)
		events |= UV_WRITABLE;
	uv_poll_start(&s->poll, events, curluv_on_poll);
	return 0;
}

static void
curluv_on_timer(uv_timer_t *t)
{
	struct curluv	*cu = t->data;
	int		 running;

	curl_multi_socket_action(cu->multi, CURL_SOCKET_TIMEOUT, 0, &running);
	cu->after(cu->arg);
}

static int
curluv_timer_cb(CURLM *multi, long timeout_ms, void *userp)
{
	struct curluv	*cu = userp;

	(void)multi;
	if (timeout_ms < 0)
		uv_timer_stop(&cu->timer);
	else
		uv_timer_start(&cu->timer, curluv_on_timer,
		    (uint64_t)timeout_ms, 0);
	return 0;
}

void
curluv_init(struct curluv *cu, uv_loop_t *loop, void (*after)(void *),
    void *arg)
{
	if ((cu->multi = curl_multi_init()) == NULL)
		fatalx("curl_multi_init failed");
	cu->loop = loop;
	cu->after = after;
	cu->arg = arg;
	LIST_INIT(&cu->socks);
	uv_timer_init(loop, &cu->timer);
	cu->timer.data = cu;
	curl_multi_setopt(cu->multi, CURLMOPT_SOCKETFUNCTION, curluv_socket_cb);
	curl_multi_setopt(cu->multi, CURLMOPT_SOCKETDATA, cu);
	curl_multi_setopt(cu->multi, CURLMOPT_TIMERFUNCTION, curluv_timer_cb);
	curl_multi_setopt(cu->multi, CURLMOPT_TIMERDATA, cu);
}

void
curluv_release(struct curluv *cu)
{
	struct curluv_sock	*s;

	if (cu->multi == NULL)
		return;
	/* Stop watching sockets before curl closes them. */
	while ((s = LIST_FIRST(&cu->socks)) != NULL)
		curluv_sock_drop(cu, s);
	curl_multi_cleanup(cu->multi);
	cu->multi = NULL;
	uv_close((uv_handle_t *)&cu->timer, NULL);
}

/* A body's bytes, into its buffer. */
static size_t
curluv_on_body(char *data, size_t size, size_t n, void *arg)
{
	struct buf	*b = arg;

	if (buf_add(b, data, size * n) != 0)
		return 0;	/* too big: curl fails the transfer */
	return size * n;
}

CURL *
curluv_easy(const char *url, struct curl_slist *headers, void *priv,
    struct buf *response, curl_write_callback on_header, long timeout_ms,
    const char *ca_file)
{
	CURL	*easy;

	if ((easy = curl_easy_init()) == NULL)
		fatalx("curl_easy_init failed");
	/* Where it goes, and how. */
	curl_easy_setopt(easy, CURLOPT_URL, url);
	curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
	curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
	if (*ca_file != '\0')
		curl_easy_setopt(easy, CURLOPT_CAINFO, ca_file);
	/* What comes back, and whose it is. */
	buf_reset(response);
	curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, curluv_on_body);
	curl_easy_setopt(easy, CURLOPT_WRITEDATA, response);
	curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(easy, CURLOPT_HEADERDATA, priv);
	curl_easy_setopt(easy, CURLOPT_PRIVATE, priv);
	return easy;
}

void
curluv_easy_end(struct curluv *cu, CURL *easy)
{
	curl_multi_remove_handle(cu->multi, easy);
	curl_easy_cleanup(easy);
}

void
curluv_each_done(struct curluv *cu, void (*done)(void *, CURLcode, void *),
    void *arg)
{
	CURLMsg	*msg;
	void	*priv;
	int	 pending;

	while ((msg = curl_multi_info_read(cu->multi, &pending)) != NULL) {
		if (msg->msg != CURLMSG_DONE)
			continue;
		priv = NULL;
		curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE,
		    (char **)&priv);
		if (priv != NULL)
			done(priv, msg->data.result, arg);
	}
}
