/*
 * The "sqlite" backend's entry for the unit tests (store-test.h): its
 * settings, statements run on the state file behind the bot's back, a
 * crash image's count, and a VFS shim that fails writes or syncs on
 * demand (store_test_fault).  The only test file that includes sqlite3.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "tests/unit/store-test.h"

/* ---- The failing VFS ------------------------------------------------ */

static sqlite3_vfs	*real_vfs;
static sqlite3_vfs	 faulty_vfs;

/* Our file, with the real VFS's file right behind it. */
struct faulty_file {
	sqlite3_file	 base;
	sqlite3_file	*real;
};

static sqlite3_file *
ff_real(sqlite3_file *f)
{
	return ((struct faulty_file *)f)->real;
}

static int
ff_close(sqlite3_file *f)
{
	return ff_real(f)->pMethods->xClose(ff_real(f));
}

static int
ff_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
	return ff_real(f)->pMethods->xRead(ff_real(f), buf, n, off);
}

static int
ff_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
	if (store_test_fault == FAULT_WRITE_FULL) {
		store_test_faults_seen++;
		return SQLITE_FULL;
	}
	return ff_real(f)->pMethods->xWrite(ff_real(f), buf, n, off);
}

static int
ff_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	return ff_real(f)->pMethods->xTruncate(ff_real(f), size);
}

static int
ff_sync(sqlite3_file *f, int flags)
{
	if (store_test_fault == FAULT_SYNC_IOERR) {
		store_test_faults_seen++;
		return SQLITE_IOERR_FSYNC;
	}
	return ff_real(f)->pMethods->xSync(ff_real(f), flags);
}

static int
ff_size(sqlite3_file *f, sqlite3_int64 *size)
{
	return ff_real(f)->pMethods->xFileSize(ff_real(f), size);
}

static int
ff_lock(sqlite3_file *f, int lock)
{
	return ff_real(f)->pMethods->xLock(ff_real(f), lock);
}

static int
ff_unlock(sqlite3_file *f, int lock)
{
	return ff_real(f)->pMethods->xUnlock(ff_real(f), lock);
}

static int
ff_check_lock(sqlite3_file *f, int *out)
{
	return ff_real(f)->pMethods->xCheckReservedLock(ff_real(f), out);
}

static int
ff_control(sqlite3_file *f, int op, void *arg)
{
	return ff_real(f)->pMethods->xFileControl(ff_real(f), op, arg);
}

static int
ff_sector(sqlite3_file *f)
{
	return ff_real(f)->pMethods->xSectorSize(ff_real(f));
}

static int
ff_device(sqlite3_file *f)
{
	return ff_real(f)->pMethods->xDeviceCharacteristics(ff_real(f));
}

static int
ff_shm_map(sqlite3_file *f, int pg, int pgsz, int extend, void volatile **pp)
{
	return ff_real(f)->pMethods->xShmMap(ff_real(f), pg, pgsz, extend, pp);
}

static int
ff_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
	return ff_real(f)->pMethods->xShmLock(ff_real(f), off, n, flags);
}

static void
ff_shm_barrier(sqlite3_file *f)
{
	ff_real(f)->pMethods->xShmBarrier(ff_real(f));
}

static int
ff_shm_unmap(sqlite3_file *f, int del)
{
	return ff_real(f)->pMethods->xShmUnmap(ff_real(f), del);
}

static const sqlite3_io_methods faulty_io = {
	.iVersion = 2,
	.xClose = ff_close, .xRead = ff_read, .xWrite = ff_write,
	.xTruncate = ff_truncate, .xSync = ff_sync, .xFileSize = ff_size,
	.xLock = ff_lock, .xUnlock = ff_unlock,
	.xCheckReservedLock = ff_check_lock, .xFileControl = ff_control,
	.xSectorSize = ff_sector, .xDeviceCharacteristics = ff_device,
	.xShmMap = ff_shm_map, .xShmLock = ff_shm_lock,
	.xShmBarrier = ff_shm_barrier, .xShmUnmap = ff_shm_unmap,
};

static int
ff_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags,
    int *out)
{
	struct faulty_file	*ff = (struct faulty_file *)f;
	int			 rc;

	(void)vfs;
	ff->real = (sqlite3_file *)(ff + 1);
	rc = real_vfs->xOpen(real_vfs, name, ff->real, flags, out);
	ff->base.pMethods = ff->real->pMethods != NULL ? &faulty_io : NULL;
	return rc;
}

static int
ff_delete(sqlite3_vfs *vfs, const char *name, int sync)
{
	(void)vfs;
	return real_vfs->xDelete(real_vfs, name, sync);
}

static int
ff_access(sqlite3_vfs *vfs, const char *name, int flags, int *out)
{
	(void)vfs;
	return real_vfs->xAccess(real_vfs, name, flags, out);
}

static int
ff_fullpath(sqlite3_vfs *vfs, const char *name, int n, char *out)
{
	(void)vfs;
	return real_vfs->xFullPathname(real_vfs, name, n, out);
}

static int
ff_random(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return real_vfs->xRandomness(real_vfs, n, out);
}

static int
ff_sleep(sqlite3_vfs *vfs, int us)
{
	(void)vfs;
	return real_vfs->xSleep(real_vfs, us);
}

static int
ff_time(sqlite3_vfs *vfs, double *out)
{
	(void)vfs;
	return real_vfs->xCurrentTime(real_vfs, out);
}

static int
ff_last_error(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return real_vfs->xGetLastError(real_vfs, n, out);
}

/* Makes the failing VFS SQLite's default, so every store opened uses it. */
static int
sqlite_test_faults(void)
{
	real_vfs = sqlite3_vfs_find(NULL);
	if (real_vfs == NULL)
		return -1;
	faulty_vfs.iVersion = 1;
	faulty_vfs.szOsFile = (int)sizeof(struct faulty_file) + real_vfs->szOsFile;
	faulty_vfs.mxPathname = real_vfs->mxPathname;
	faulty_vfs.zName = "faulty";
	faulty_vfs.xOpen = ff_open;
	faulty_vfs.xDelete = ff_delete;
	faulty_vfs.xAccess = ff_access;
	faulty_vfs.xFullPathname = ff_fullpath;
	faulty_vfs.xRandomness = ff_random;
	faulty_vfs.xSleep = ff_sleep;
	faulty_vfs.xCurrentTime = ff_time;
	faulty_vfs.xGetLastError = ff_last_error;
	return sqlite3_vfs_register(&faulty_vfs, 1) == SQLITE_OK ? 0 : -1;
}

/* ---- The backend's entry -------------------------------------------- */

static void
sqlite_test_settings(struct store_settings *set, const char *where,
    uint64_t max_size)
{
	memset(set, 0, sizeof *set);
	set->backend = "sqlite";
	set->file.path = where;
	set->file.max_size = max_size;
}

static int
sqlite_test_exec(const char *where, const char *statement)
{
	sqlite3	*db;
	int	 rc;

	if (sqlite3_open(where, &db) != SQLITE_OK) {
		sqlite3_close(db);
		return -1;
	}
	rc = sqlite3_exec(db, statement, NULL, NULL, NULL);
	sqlite3_close(db);
	return rc == SQLITE_OK ? 0 : -1;
}

/* The error of the last count, for *error. */
static char	sqlite_test_error[256];

/*
 * The number query gives on the file at where, opened with flags; -1
 * with *error when it fails or gives no row.  The fault shim stands
 * aside meanwhile.
 */
static long long
sqlite_test_query(const char *where, int flags, const char *query,
    const char **error)
{
	enum store_test_fault	 was = store_test_fault;
	sqlite3			*db;
	sqlite3_stmt		*st = NULL;
	long long		 n = -1;

	store_test_fault = FAULT_NONE;
	snprintf(sqlite_test_error, sizeof sqlite_test_error, "no row");
	if (sqlite3_open_v2(where, &db, flags, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, query, -1, &st, NULL) != SQLITE_OK)
		snprintf(sqlite_test_error, sizeof sqlite_test_error, "%s",
		    sqlite3_errmsg(db));
	else if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	store_test_fault = was;
	if (error != NULL)
		*error = sqlite_test_error;
	return n;
}

static long long
sqlite_test_count(const char *where, const char *query, const char **error)
{
	return sqlite_test_query(where, SQLITE_OPEN_READONLY, query, error);
}

/* Copies file from to to, whole, when from is there. */
static void
sqlite_test_copy(const char *from, const char *to)
{
	char	 buf[65536];
	FILE	*in, *out;
	size_t	 n;

	unlink(to);
	if ((in = fopen(from, "rb")) == NULL)
		return;
	assert_non_null(out = fopen(to, "wb"));
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		assert_int_equal(fwrite(buf, 1, n, out), n);
	fclose(in);
	assert_int_equal(fclose(out), 0);
}

/*
 * What a restart after a SIGKILL now would find: the state file and its
 * log as they are on disk (the index is rebuilt from the log), copied to
 * an image that query reads.  A file whose all was in a log that is gone
 * has not even tables: 0.
 */
static long long
sqlite_test_crashed(const char *where, const char *query, const char **error)
{
	char		 image[480], from[512], to[512];
	long long	 n;

	snprintf(image, sizeof image, "%s.image", where);
	sqlite_test_copy(where, image);
	snprintf(from, sizeof from, "%s-wal", where);
	snprintf(to, sizeof to, "%s-wal", image);
	sqlite_test_copy(from, to);
	snprintf(to, sizeof to, "%s-shm", image);
	unlink(to);
	n = sqlite_test_query(image, SQLITE_OPEN_READWRITE, query, error);
	if (n < 0 && strstr(sqlite_test_error, "no such table") != NULL)
		n = 0;
	unlink(image);
	snprintf(to, sizeof to, "%s-wal", image);
	unlink(to);
	snprintf(to, sizeof to, "%s-shm", image);
	unlink(to);
	return n;
}

const struct store_test_backend store_test_sqlite = {
	.name = "sqlite",
	.caps = STORE_TEST_FILE | STORE_TEST_FAULTS,
	.settings = sqlite_test_settings,
	.exec = sqlite_test_exec,
	.count = sqlite_test_count,
	.crashed = sqlite_test_crashed,
	.faults = sqlite_test_faults,
};
