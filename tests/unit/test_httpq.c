/*
 * Unit tests for lib/httpq.c's ends of a transfer, which Discord's REST
 * client and Slack's Web API share: httpq_done gives the status (none
 * when curl failed or no answer came), ends the handle, sets it NULL and
 * frees the request's queue for its next head; httpq_end ends a handle
 * in flight and leaves a request not in flight alone.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/buf.h"
#include "lib/httpq.h"

static void
test_kick(void *arg)
{
	(void)arg;
}

static void
test_release(void *data, void *arg)
{
	(void)data;
	(*(int *)arg)++;
}

/* A handle in flight on hq's multi handle, answering into response. */
static CURL *
test_easy(struct httpq *hq, struct buf *response)
{
	CURL	*easy;

	easy = curluv_easy("http://127.0.0.1:9/", NULL, NULL, response, NULL,
	    1000, "");
	assert_non_null(easy);
	assert_int_equal(curl_multi_add_handle(hq->cu.multi, easy), CURLM_OK);
	return easy;
}

static void
test_stop(struct httpq *hq, int expect)
{
	int	released = 0;

	assert_int_equal(httpq_stop(hq, test_release, &released), expect);
	assert_int_equal(released, expect);
	uv_run(uv_default_loop(), UV_RUN_NOWAIT);
	httpq_release(hq);
}

static void
test_done(void **state)
{
	struct httpq		 hq;
	struct reqq_item	 item;
	struct buf		 response;
	CURL			*easy;
	char			*cause = NULL;
	CURLcode		 rc[] = { CURLE_COULDNT_CONNECT, CURLE_OK };
	size_t			 i;

	(void)state;
	assert_int_equal(httpq_init(&hq, uv_default_loop(), 4, 8, test_kick,
	    NULL, "test", &cause), 0);
	buf_init(&response, 1024);
	for (i = 0; i < sizeof rc / sizeof rc[0]; i++) {
		assert_int_equal(reqq_add(&hq.rq, "q", &item, &item), 0);
		item.queue->busy = 1;
		easy = test_easy(&hq, &response);
		/* Failed, or never answered: no status. */
		assert_int_equal(httpq_done(&hq, &easy, &item, rc[i]), 0);
		assert_null(easy);
		assert_int_equal(item.queue->busy, 0);
		assert_int_equal(reqq_remove(&hq.rq, &item), 0);
	}
	buf_release(&response);
	test_stop(&hq, 0);
}

static void
test_end(void **state)
{
	struct httpq		 hq;
	struct reqq_item	 item;
	struct buf		 response;
	CURL			*easy = NULL;
	char			*cause = NULL;

	(void)state;
	assert_int_equal(httpq_init(&hq, uv_default_loop(), 4, 8, test_kick,
	    NULL, "test", &cause), 0);
	buf_init(&response, 1024);
	/* Not in flight: nothing to end. */
	httpq_end(&hq, &easy);
	assert_null(easy);
	easy = test_easy(&hq, &response);
	httpq_end(&hq, &easy);
	assert_null(easy);
	httpq_end(&hq, &easy);
	assert_null(easy);
	/* What waits is handed to release as the client stops. */
	assert_int_equal(reqq_add(&hq.rq, "q", &item, &item), 0);
	buf_release(&response);
	test_stop(&hq, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_done),
		cmocka_unit_test(test_end),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
