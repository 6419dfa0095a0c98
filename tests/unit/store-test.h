/*
 * store-test.h: the store's backends as the unit tests see them
 * (store-test.c, and store-test-sqlite.c for the "sqlite" backend).
 *
 * The store's tests (test_store*.c, test_turn_timer.c) reach a store
 * through the interface (bot/storage/store.h) and run once for each
 * backend in store_test_backends; what a test must do behind the bot's
 * back (damage a record, count rows, fail the disk) goes through the
 * backend's entry here, in the backend's own language.  A new backend
 * adds one entry.
 */
#ifndef TESTS_STORE_TEST_H
#define TESTS_STORE_TEST_H

#include <stdint.h>

#include "bot/adapter.h"
#include "bot/storage/store.h"

/* What a backend's fault shim fails while armed: writes, or syncs. */
enum store_test_fault {
	FAULT_NONE,
	FAULT_WRITE_FULL,	/* a write finds the disk full */
	FAULT_SYNC_IOERR,	/* a sync fails */
};

/* What a backend's store is, for tests that need it (bits). */
#define STORE_TEST_FILE		0x1	/* one file: its size, a cap, its
					   SQLite schema history (user_version,
					   stores of schema 3 and 4) */
#define STORE_TEST_FAULTS	0x2	/* a fault shim (faults works) */

struct store_test_backend {
	const char	*name;	/* struct store_ops name */
	int		 caps;	/* STORE_TEST_* */
	/* Whether it runs here (NULL: always); a server may be absent. */
	int	 (*active)(void);
	/* The settings of a store kept at where (a test's own name). */
	void	 (*settings)(struct store_settings *, const char *where,
		     uint64_t max_size);
	/* Runs statement on the store at where behind the bot's back. */
	int	 (*exec)(const char *where, const char *statement);
	/*
	 * The first column of the first row query gives, read without
	 * writing (beside a running bot); 0 when there is no row, -1 when
	 * the query fails (*error, static, says why; may be NULL).
	 */
	long long (*count)(const char *where, const char *query,
		     const char **error);
	/*
	 * The same count on what a restart would find if the process were
	 * killed now (SIGKILL), without touching the live store.
	 */
	long long (*crashed)(const char *where, const char *query,
		     const char **error);
	/*
	 * Makes every store opened from now on go through the fault shim
	 * (store_test_fault arms it); 0, or -1.
	 */
	int	 (*faults)(void);
};

/* Every backend (store-test-sqlite.c, store-test-pg.c), ended by NULL. */
extern const struct store_test_backend	 store_test_sqlite, store_test_pg;
extern const struct store_test_backend	*const store_test_backends[];
/* The backend the tests run on now (store_test_run sets it). */
extern const struct store_test_backend	*store_test_backend;
/* What the fault shim fails now, and how many calls it has failed. */
extern enum store_test_fault		 store_test_fault;
extern int				 store_test_faults_seen;

/* Opens a store at where on the backend of now; NULL with *cause. */
struct store	*store_test_open(const char *where, uint64_t max_size,
		     char **cause);
/* The same, as its one writer (store_open_writer). */
struct store	*store_test_open_writer(const char *where, int *held,
		     char **cause);
/* Runs statement at where on the backend of now; fails the test if not. */
void		 store_test_exec(const char *where, const char *statement);
/* The backend's count of query at where; fails the test if it fails. */
long long	 store_test_count(const char *where, const char *query);
/* The same on what a SIGKILL now would leave (the backend's crashed). */
long long	 store_test_crashed(const char *where, const char *query);

/*
 * Runs the cmocka group tests (n of them) once per backend, with setup
 * (may be NULL) before each run; 0 when every run passed.
 */
struct CMUnitTest;
int		 store_test_run(const char *group, const struct CMUnitTest *tests,
		     size_t n, int (*setup)(void **));
/* The same on the backends with every one of caps (STORE_TEST_*) only. */
int		 store_test_run_on(const char *group,
		     const struct CMUnitTest *tests, size_t n,
		     int (*setup)(void **), int caps);
/*
 * Whether the backend of now has every one of caps; store_test_needs
 * skips the test (cmocka's skip) when it has not, removing the file
 * path (may be NULL) the test made first.
 */
int		 store_test_has(int caps);
void		 store_test_needs(int caps, const char *path);

/*
 * A quiet adapter ("console") for the store's tests: what it sends to a
 * channel or a DM goes to store_test_said, one text a line (cut at its
 * end), and store_test_on_send (may be NULL) is called after each;
 * replies go nowhere.
 */
extern char			 store_test_said[8192];
extern void			(*store_test_on_send)(void);
extern const struct adapter_ops	 store_test_quiet_ops;
/* Its send_channel and send_dm, for a test's own adapter. */
int	 store_test_send(struct adapter *, const char *to, const char *text,
	     char **cause);
int	 store_test_dm(struct adapter *, const char *to, const char *text,
	     const struct adapter_buttons *, char **cause);

#endif
