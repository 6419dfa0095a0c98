/*
 * The store's backends for the unit tests, backend-neutral part: which
 * backend runs now, opening a store on it, running a group of tests on
 * each, and the quiet adapter the store's tests share (store-test.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/unit/store-test.h"

const struct store_test_backend	*const store_test_backends[] = {
	&store_test_sqlite,
	&store_test_pg,
	NULL,
};
const struct store_test_backend	*store_test_backend = &store_test_sqlite;
enum store_test_fault		 store_test_fault;
int				 store_test_faults_seen;
char				 store_test_said[8192];
void				(*store_test_on_send)(void);

struct store *
store_test_open(const char *where, uint64_t max_size, char **cause)
{
	struct store_settings	set;

	store_test_backend->settings(&set, where, max_size);
	return store_open(&set, cause);
}

struct store *
store_test_open_writer(const char *where, int *held, char **cause)
{
	struct store_settings	set;

	store_test_backend->settings(&set, where, 0);
	return store_open_writer(&set, held, cause);
}

void
store_test_exec(const char *where, const char *statement)
{
	assert_int_equal(store_test_backend->exec(where, statement), 0);
}

/* One number from the backend's hook; fails the test when it fails. */
static long long
store_test_number(long long (*hook)(const char *, const char *,
    const char **), const char *where, const char *query)
{
	const char	*error = NULL;
	long long	 n;

	if ((n = hook(where, query, &error)) < 0)
		fail_msg("%s: %s: %s", where, query, error ? error : "failed");
	return n;
}

long long
store_test_count(const char *where, const char *query)
{
	return store_test_number(store_test_backend->count, where, query);
}

long long
store_test_crashed(const char *where, const char *query)
{
	return store_test_number(store_test_backend->crashed, where, query);
}

int
store_test_has(int caps)
{
	return (store_test_backend->caps & caps) == caps;
}

void
store_test_needs(int caps, const char *path)
{
	if (store_test_has(caps))
		return;
	if (path != NULL)
		unlink(path);
	skip();
}

int
store_test_run_on(const char *group, const struct CMUnitTest *tests, size_t n,
    int (*setup)(void **), int caps)
{
	const struct store_test_backend	*const *b;
	char				 name[128];
	int				 failed = 0;

	for (b = store_test_backends; *b != NULL; b++) {
		if (((*b)->active != NULL && !(*b)->active()) ||
		    ((*b)->caps & caps) != caps)
			continue;
		store_test_backend = *b;
		snprintf(name, sizeof name, "%s (%s)", group, (*b)->name);
		failed |= _cmocka_run_group_tests(name, tests, n, setup, NULL);
	}
	store_test_backend = &store_test_sqlite;
	return failed;
}

int
store_test_run(const char *group, const struct CMUnitTest *tests, size_t n,
    int (*setup)(void **))
{
	return store_test_run_on(group, tests, n, setup, 0);
}

/* The quiet adapter: a line of store_test_said a text. */
int
store_test_send(struct adapter *a, const char *to, const char *text,
    char **cause)
{
	size_t	used = strlen(store_test_said);

	(void)a; (void)to; (void)cause;
	snprintf(store_test_said + used, sizeof store_test_said - used, "%s\n",
	    text);
	if (store_test_on_send != NULL)
		store_test_on_send();
	return 0;
}

int
store_test_dm(struct adapter *a, const char *to, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	(void)bs;
	return store_test_send(a, to, text, cause);
}

static int
store_test_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	(void)a; (void)ev; (void)private; (void)text; (void)bs; (void)cause;
	return 0;
}

const struct adapter_ops store_test_quiet_ops = {
	.name = "console", .flags = ADAPTER_OPERATOR,
	.send_channel = store_test_send,
	.send_dm = store_test_dm, .reply = store_test_reply,
};
