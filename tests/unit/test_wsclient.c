/*
 * Unit tests for lib/wsclient.c's parts that need no server: the Origin
 * header made from a websocket URL, as a browser would send it.  The
 * connections themselves are tested end to end (make discord, slack,
 * xmpp, irc).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lib/wsclient.h"

static void
test_origin(void **state)
{
	char	buf[64];

	(void)state;
	assert_int_equal(wsclient_origin("ws://127.0.0.1:8080/irc", buf,
	    sizeof buf), 0);
	assert_string_equal(buf, "http://127.0.0.1:8080");
	assert_int_equal(wsclient_origin("wss://irc.example.org/", buf,
	    sizeof buf), 0);
	assert_string_equal(buf, "https://irc.example.org:443");
	assert_int_equal(wsclient_origin("https://example.org/", buf,
	    sizeof buf), -1);
	assert_int_equal(wsclient_origin("ws://a-long-host-name.example.org/",
	    buf, 10), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_origin),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
