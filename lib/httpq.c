/*
 * The shell of an HTTP client on the loop; see httpq.h.
 */
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
