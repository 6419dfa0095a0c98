/*
 * The shell of an HTTP client on the loop; see httpq.h.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "lib/httpq.h"
#include "lib/xmalloc.h"

static void
httpq_on_timer(uv_timer_t *t)
{
	struct httpq	*hq = t->data;

	hq->kick(hq->arg);
}

int
httpq_init(struct httpq *hq, uv_loop_t *loop, int queue_max, int total_max,
    void (*kick)(void *), void *arg, const char *who, char **cause)
{
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0)
		return set_cause(cause, "%s: curl_global_init failed", who);
	hq->kick = kick;
	hq->arg = arg;
	hq->stopped = 0;
	curluv_init(&hq->cu, loop, kick, arg);
	reqq_init(&hq->rq, queue_max, total_max);
	uv_timer_init(loop, &hq->timer);
	hq->timer.data = hq;
	return 0;
}

void
httpq_wait(struct httpq *hq, uint64_t ms)
{
	if (ms == UINT64_MAX)
		uv_timer_stop(&hq->timer);
	else
		uv_timer_start(&hq->timer, httpq_on_timer, ms, 0);
}

long
httpq_done(struct httpq *hq, CURL **easy, struct reqq_item *item,
    CURLcode rc)
{
	long	status = 0;

	if (rc == CURLE_OK)
		curl_easy_getinfo(*easy, CURLINFO_RESPONSE_CODE, &status);
	httpq_end(hq, easy);
	item->queue->busy = 0;
	return status;
}

void
httpq_end(struct httpq *hq, CURL **easy)
{
	if (*easy == NULL)
		return;
	curluv_easy_end(&hq->cu, *easy);
	*easy = NULL;
}

int
httpq_stop(struct httpq *hq, void (*release)(void *, void *), void *arg)
{
	void	*data;
	int	 n = 0;

	if (hq->stopped)
		return -1;
	hq->stopped = 1;
	while ((data = reqq_pop(&hq->rq)) != NULL) {
		release(data, arg);
		n++;
	}
	curluv_release(&hq->cu);
	uv_close((uv_handle_t *)&hq->timer, NULL);
	return n;
}

void
httpq_release(struct httpq *hq)
{
	(void)hq;
	curl_global_cleanup();
}

int
httpq_add(struct httpq *hq, const char *name, struct httpq_req *r,
    size_t body_max)
{
	buf_init(&r->response, body_max);
	if (reqq_add(&hq->rq, name, &r->item, r) != 0)
		return -1;
	hq->kick(hq->arg);
	return 0;
}

void
httpq_header(struct httpq_req *r, const char *fmt, ...)
{
	va_list	 ap;
	char	*h;

	va_start(ap, fmt);
	h = xvasprintf(fmt, ap);
	va_end(ap);
	r->headers = curl_slist_append(r->headers, h);
	free(h);
	if (r->headers == NULL)
		fatalx("curl_slist_append failed");
}

void
httpq_send(struct httpq *hq, struct httpq_req *r, const char *method,
    const char *empty, curl_write_callback on_header, long timeout_ms,
    const char *ca_file)
{
	const char	*body = r->body != NULL ? r->body : empty;

	r->easy = curluv_easy(r->url, r->headers, r, &r->response, on_header,
	    timeout_ms, ca_file);
	if (method != NULL)
		curl_easy_setopt(r->easy, CURLOPT_CUSTOMREQUEST, method);
	else
		curl_easy_setopt(r->easy, CURLOPT_POST, 1L);
	if (body != NULL) {
		curl_easy_setopt(r->easy, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(r->easy, CURLOPT_POSTFIELDSIZE,
		    (long)strlen(body));
	}
	r->item.queue->busy = 1;
	curl_multi_add_handle(hq->cu.multi, r->easy);
}

char *
httpq_failed(struct httpq_req *r, CURLcode rc, long status)
{
	if (rc == CURLE_OK && status < 500)
		return NULL;
	r->failures++;
	if (rc != CURLE_OK)
		return xstrdup(curl_easy_strerror(rc));
	return xasprintf("HTTP %ld", status);
}

int
httpq_limited(struct httpq_req *r, int max, char **error)
{
	if (++r->limited <= max)
		return 1;
	*error = xasprintf("rate limited %d times", r->limited - 1);
	return 0;
}

cJSON *
httpq_json(struct httpq_req *r)
{
	const char	*body = buf_str(&r->response);

	if (*body == '\0' || r->response.truncated)
		return NULL;
	return cJSON_Parse(body);
}

void
httpq_unqueue(struct httpq *hq, struct httpq_req *r)
{
	r->item.queue->busy = 0;
	reqq_remove(&hq->rq, &r->item);
}

void
httpq_req_release(struct httpq_req *r)
{
	if (r->headers != NULL)
		curl_slist_free_all(r->headers);
	buf_release(&r->response);
	free(r->url);
	free(r->body);
	free(r->owned);
}

void
httpq_req_free(void *data)
{
	httpq_req_release(data);
	free(data);
}

/* What httpq_client_stop hands each request to. */
struct httpq_ending {
	struct httpq	*hq;
	void		(*free_req)(void *);
};

/* Ends data, a request in flight or not, and frees it. */
static void
httpq_end_req(void *data, void *arg)
{
	struct httpq_req	*r = data;
	struct httpq_ending	*e = arg;

	httpq_end(e->hq, &r->easy);
	e->free_req(r);
}

void *
httpq_client_new(size_t size, uv_loop_t *loop, int queue_max,
    int total_max, void (*kick)(void *), void *arg, const char *who,
    char **cause)
{
	struct httpq	*hq = xcalloc(1, size);

	if (httpq_init(hq, loop, queue_max, total_max, kick, arg, who,
	    cause) != 0) {
		free(hq);
		return NULL;
	}
	return hq;
}

int
httpq_client_stop(void *client, void (*free_req)(void *))
{
	struct httpq_ending	e = { client, free_req };

	if (client == NULL)
		return -1;
	return httpq_stop(client, httpq_end_req, &e);
}

void
httpq_client_free(void *client)
{
	if (client == NULL)
		return;
	httpq_release(client);
	free(client);
}
