/*
 * Watching the state file's inodes, and rescuing what a connection holds
 * when the file itself went (see store-watch.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bot/storage/store-watch.h"
#include "lib/xmalloc.h"

static const char *const store_watch_suffix[3] = { "", "-wal", "-shm" };

/* The stat of path with the i-th suffix: 0, or -1 when there is none. */
static int
store_watch_stat(const char *path, int i, struct stat *sb)
{
	char	name[PATH_MAX];

	if ((size_t)snprintf(name, sizeof name, "%s%s", path,
	    store_watch_suffix[i]) >= sizeof name)
		return -1;
	return stat(name, sb);
}

void
store_watch_note(struct store_watch *w, const char *path)
{
	struct stat	sb;
	int		i;

	memset(w, 0, sizeof *w);
	for (i = 0; i < 3; i++) {
		if (store_watch_stat(path, i, &sb) != 0)
			continue;
		w->f[i].dev = sb.st_dev;
		w->f[i].ino = sb.st_ino;
		w->f[i].seen = 1;
	}
}

int
store_watch_changed(const struct store_watch *w, const char *path)
{
	struct stat	sb;
	int		i, changed = 0;

	for (i = 0; i < 3; i++) {
		if (!w->f[i].seen)
			continue;
		if (store_watch_stat(path, i, &sb) != 0 ||
		    sb.st_dev != w->f[i].dev || sb.st_ino != w->f[i].ino)
			changed |= 1 << i;
	}
	return changed;
}

const char *
store_watch_what(int changed)
{
	if (changed & STORE_WATCH_FILE)
		return "the state file was deleted or replaced";
	if (changed & STORE_WATCH_LOG)
		return "its write-ahead log (-wal) was deleted or replaced";
	return "its shared-memory index (-shm) was deleted or replaced";
}

/* Syncs the directory path is in, so a new name in it lasts. */
static void
store_watch_sync_dir(const char *path)
{
	char	dir[PATH_MAX], *slash;
	int	fd;

	snprintf(dir, sizeof dir, "%s", path);
	if ((slash = strrchr(dir, '/')) == NULL)
		snprintf(dir, sizeof dir, ".");
	else if (slash == dir)
		dir[1] = '\0';
	else
		*slash = '\0';
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(fd);
		close(fd);
	}
}

int
store_watch_rescue(sqlite3 *db, const char *path, int *lockfd, char **kept,
    char **cause)
{
	sqlite3_stmt	*st;
	struct stat	 sb;
	char		*copy;
	mode_t		 mask;
	int		 rc, fd, error;

	*lockfd = -1;
	*kept = NULL;
	copy = xasprintf("%s.rescued-%lld-%ld", path, (long long)time(NULL),
	    (long)getpid());
	/* The copy holds every hand, as the file did: its owner's only. */
	mask = umask(077);
	if ((rc = sqlite3_prepare_v2(db, "VACUUM INTO ?", -1, &st, NULL)) ==
	    SQLITE_OK) {
		sqlite3_bind_text(st, 1, copy, -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK :
		    sqlite3_errcode(db);
		sqlite3_finalize(st);
	}
	umask(mask);
	if (rc != SQLITE_OK) {
		set_cause(cause, "copying what it held into %s failed: %s", copy,
		    sqlite3_errmsg(db));
		unlink(copy);
		free(copy);
		return -1;
	}
	if ((fd = open(copy, O_RDONLY | O_CLOEXEC)) < 0 || fsync(fd) != 0) {
		set_cause(cause, "syncing its copy %s failed: %s", copy,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		*kept = copy;
		return -1;
	}
	/*
	 * The old log, if it is still at its path, must never be read as the
	 * copy's: emptied, it says nothing.
	 */
	if (sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL,
	    NULL) != SQLITE_OK && store_watch_stat(path, 1, &sb) == 0) {
		set_cause(cause, "emptying its old log failed (%s), so its copy "
		    "%s was not put in place", sqlite3_errmsg(db), copy);
		close(fd);
		*kept = copy;
		return -1;
	}
	/*
	 * Locked before it takes the name, so no second writer gets the file
	 * between; and it takes the name only if nobody else has.
	 */
	if (flock(fd, LOCK_EX | LOCK_NB) != 0 || link(copy, path) != 0) {
		error = errno;
		close(fd);
		if (error == EEXIST) {
			*kept = copy;
			return 1;
		}
		set_cause(cause, "putting its copy %s in place failed: %s", copy,
		    strerror(error));
		*kept = copy;
		return -1;
	}
	unlink(copy);
	free(copy);
	store_watch_sync_dir(path);
	*lockfd = fd;
	return 0;
}
