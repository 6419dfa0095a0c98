/*
 * test_game_save_header.c: game_save_header_check(), the one versioning
 * rule of every game's save: versions 1 to the current one load, a newer
 * one is refused as written by a newer cheersbot, and so are a wrong game
 * name, a missing field and a document that is not an object.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <cjson/cJSON.h>

#include "game/game.h"

/* Checks json's header against game "fwb" at version 2; 0 or -1. */
static int
check(const char *json, int *version, char **cause)
{
	cJSON	*o = cJSON_Parse(json);
	int	 rc;

	assert_non_null(o);
	*cause = NULL;
	rc = game_save_header_check(o, "fwb", "Friends with Beverages", 2,
	    version, cause);
	cJSON_Delete(o);
	return rc;
}

/* json is refused with a cause holding want. */
static void
refused(const char *json, const char *want)
{
	char	*cause;
	int	 version = -7;

	assert_int_equal(check(json, &version, &cause), -1);
	assert_non_null(cause);
	if (strstr(cause, want) == NULL)
		fail_msg("%s: cause \"%s\" lacks \"%s\"", json, cause, want);
	assert_int_equal(version, -7);
	free(cause);
}

static void
test_accepts_current_and_older(void **state)
{
	char	*cause;
	int	 version;

	(void)state;
	assert_int_equal(check("{\"game\":\"fwb\",\"version\":2}", &version,
	    &cause), 0);
	assert_int_equal(version, 2);
	assert_null(cause);
	assert_int_equal(check("{\"game\":\"fwb\",\"version\":1}", &version,
	    &cause), 0);
	assert_int_equal(version, 1);
	assert_null(cause);
}

static void
test_refuses_newer(void **state)
{
	(void)state;
	refused("{\"game\":\"fwb\",\"version\":3}",
	    "version 3 was written by a newer cheersbot (this one reads 1 to "
	    "2)");
}

static void
test_refuses_wrong_name(void **state)
{
	(void)state;
	refused("{\"game\":\"magic\",\"version\":1}",
	    "not a Friends with Beverages game");
	refused("{\"game\":7,\"version\":1}",
	    "not a Friends with Beverages game");
}

static void
test_refuses_missing_or_bad(void **state)
{
	(void)state;
	refused("{\"version\":1}", "not a Friends with Beverages game");
	refused("{\"game\":\"fwb\"}", "\"version\" must be a whole number");
	refused("{\"game\":\"fwb\",\"version\":0}", "\"version\" must be");
	refused("{\"game\":\"fwb\",\"version\":1.5}", "\"version\" must be");
	refused("{\"game\":\"fwb\",\"version\":\"2\"}", "\"version\" must be");
	refused("[1,2]", "must be a JSON object");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accepts_current_and_older),
		cmocka_unit_test(test_refuses_newer),
		cmocka_unit_test(test_refuses_wrong_name),
		cmocka_unit_test(test_refuses_missing_or_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
