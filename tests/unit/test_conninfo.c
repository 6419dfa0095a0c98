/*
 * Unit tests for lib/conninfo.c: a PostgreSQL connection string shown
 * without its password, in the keyword form (quoted or not, any spacing)
 * and as a URI (user info and a password parameter), and one without a
 * password left as it was.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/conninfo.h"

/* s masked is want. */
static void
check_mask(const char *s, const char *want)
{
	char	*m = conninfo_mask(s);

	assert_string_equal(m, want);
	free(m);
}

static void
test_keywords(void **state)
{
	(void)state;
	check_mask("host=db user=bot password=hunter2 dbname=cheers",
	    "host=db user=bot password=(secret) dbname=cheers");
	check_mask("password = 'two words\\' here' host=db",
	    "password = (secret) host=db");
	check_mask("host=db password=", "host=db password=(secret)");
	check_mask("host=db user=bot", "host=db user=bot");
	/* A key that only starts like one is not a password. */
	check_mask("passwordx=1 host=db", "passwordx=1 host=db");
}

static void
test_uri(void **state)
{
	(void)state;
	check_mask("postgresql://bot:hunter2@db:5432/cheers",
	    "postgresql://bot:(secret)@db:5432/cheers");
	check_mask("postgres://bot:p%40ss@db/cheers?sslmode=require",
	    "postgres://bot:(secret)@db/cheers?sslmode=require");
	check_mask("postgresql://bot@db/cheers?sslmode=require&password=x&a=b",
	    "postgresql://bot@db/cheers?sslmode=require&password=(secret)&a=b");
	check_mask("postgresql://db:5432/cheers", "postgresql://db:5432/cheers");
	check_mask("postgresql://bot@h1:5432,h2:5433/cheers",
	    "postgresql://bot@h1:5432,h2:5433/cheers");
	check_mask("postgresql:///cheers?host=/run/postgresql",
	    "postgresql:///cheers?host=/run/postgresql");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keywords),
		cmocka_unit_test(test_uri),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
