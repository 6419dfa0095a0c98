/*
 * The "postgres" backend's entry for the unit tests (store-test.h),
 * active when CHEERSBOT_TEST_PG holds a libpq connection string (keywords
 * or a URI) of a test server.  Each store a test names (its path) is a
 * schema of its own in that database, "t_<pid>_<hash of the path>",
 * reached through search_path; statements behind the bot's back run
 * there.  The tests' SQL is SQLite's: the one construct PostgreSQL lacks
 * (key GLOB 'pattern*') is read as LIKE.  A commit on the server is
 * durable, so a crash leaves what count sees.  No fault shim.  The only
 * test file that includes libpq-fe.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <libpq-fe.h>

#include "tests/unit/store-test.h"

#define PG_TEST_ENV	"CHEERSBOT_TEST_PG"

static int
pg_test_active(void)
{
	const char	*v = getenv(PG_TEST_ENV);

	return v != NULL && v[0] != '\0';
}

/* The schema of where, into buf. */
static void
pg_test_schema(const char *where, char *buf, size_t len)
{
	uint64_t	 h = 14695981039346656037ULL;
	const char	*p;

	for (p = where; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	snprintf(buf, len, "t_%ld_%016llx", (long)getpid(),
	    (unsigned long long)h);
}

/* The test server's connection, made once; its search_path is where's. */
static PGconn *
pg_test_conn(const char *where)
{
	static PGconn	*conn;
	char		 schema[64], sql[192];
	PGresult	*r;

	if (conn == NULL || PQstatus(conn) != CONNECTION_OK) {
		PQfinish(conn);
		conn = PQconnectdb(getenv(PG_TEST_ENV));
		if (PQstatus(conn) != CONNECTION_OK)
			fail_msg("%s: %s", PG_TEST_ENV, PQerrorMessage(conn));
		PQclear(PQexec(conn, "SET client_min_messages = warning"));
	}
	pg_test_schema(where, schema, sizeof schema);
	snprintf(sql, sizeof sql, "CREATE SCHEMA IF NOT EXISTS %s; "
	    "SET search_path TO %s", schema, schema);
	r = PQexec(conn, sql);
	if (PQresultStatus(r) != PGRES_COMMAND_OK)
		fail_msg("%s: %s", sql, PQresultErrorMessage(r));
	PQclear(r);
	return conn;
}

static void
pg_test_settings(struct store_settings *set, const char *where,
    uint64_t max_size)
{
	static char	 conninfo[1024];
	const char	*base = getenv(PG_TEST_ENV);
	char		 schema[64];

	(void)max_size;
	pg_test_conn(where);	/* makes the schema */
	pg_test_schema(where, schema, sizeof schema);
	if (strncmp(base, "postgres://", 11) == 0 ||
	    strncmp(base, "postgresql://", 13) == 0)
		snprintf(conninfo, sizeof conninfo, "%s%coptions=-csearch_path"
		    "%%3D%s", base, strchr(base, '?') != NULL ? '&' : '?',
		    schema);
	else
		snprintf(conninfo, sizeof conninfo, "%s options="
		    "'-csearch_path=%s'", base, schema);
	memset(set, 0, sizeof *set);
	set->backend = "postgres";
	set->server.conninfo = conninfo;
	set->server.connect_timeout_ms = 10000;
}

/*
 * statement in PostgreSQL's words: "GLOB 'p*'" becomes "LIKE 'p%'".
 * Caller frees.
 */
static char *
pg_test_dialect(const char *statement)
{
	size_t	 len = strlen(statement);
	char	*out = malloc(len + 1), *o = out;
	const char *p = statement;

	assert_non_null(out);
	while (*p != '\0') {
		if (strncmp(p, "GLOB '", 6) == 0) {
			memcpy(o, "LIKE '", 6);
			o += 6;
			for (p += 6; *p != '\0' && *p != '\''; p++)
				*o++ = *p == '*' ? '%' : *p;
			continue;
		}
		*o++ = *p++;
	}
	*o = '\0';
	return out;
}

static int
pg_test_exec(const char *where, const char *statement)
{
	PGconn		*conn = pg_test_conn(where);
	char		*sql = pg_test_dialect(statement);
	PGresult	*r = PQexec(conn, sql);
	int		 ok = PQresultStatus(r) == PGRES_COMMAND_OK ||
			    PQresultStatus(r) == PGRES_TUPLES_OK;

	if (!ok)
		print_error("%s: %s\n", sql, PQresultErrorMessage(r));
	PQclear(r);
	free(sql);
	return ok ? 0 : -1;
}

static char	pg_test_error[256];

static long long
pg_test_count(const char *where, const char *query, const char **error)
{
	PGconn		*conn = pg_test_conn(where);
	char		*sql = pg_test_dialect(query);
	PGresult	*r = PQexec(conn, sql);
	long long	 n = -1;

	snprintf(pg_test_error, sizeof pg_test_error, "no row");
	if (PQresultStatus(r) != PGRES_TUPLES_OK)
		snprintf(pg_test_error, sizeof pg_test_error, "%s",
		    PQresultErrorMessage(r));
	else if (PQntuples(r) > 0)
		n = PQgetisnull(r, 0, 0) ? 0 : strtoll(PQgetvalue(r, 0, 0),
		    NULL, 10);
	PQclear(r);
	free(sql);
	if (error != NULL)
		*error = pg_test_error;
	return n;
}

const struct store_test_backend store_test_pg = {
	.name = "postgres",
	.caps = 0,
	.active = pg_test_active,
	.settings = pg_test_settings,
	.exec = pg_test_exec,
	.count = pg_test_count,
	.crashed = pg_test_count,
	.faults = NULL,
};
