/*
 * store-watch.h: is the state file still the one the store opened?
 *
 * SQLite keeps its files open by descriptor.  When someone deletes or
 * replaces the state file, its write-ahead log (-wal) or its index (-shm)
 * under a running bot, the bot's connection goes on writing to files no
 * other process (and no restart) will ever see: a commit "succeeds" and
 * is lost at the next SIGKILL.  The SQLite backend (bot/storage/store-sqlite.c)
 * notes the three files' inodes when it opens them and compares them
 * with the paths' around each commit: two or three stat calls, no more.
 * SQLite itself never swaps them while the bot's connection is open: a
 * checkpoint that truncates or restarts the log, or journal_size_limit,
 * keeps the same inode, and another process closing the file never
 * deletes the log while the bot holds its shared lock.
 */
#ifndef BOT_STORAGE_STORE_WATCH_H
#define BOT_STORAGE_STORE_WATCH_H

#include <sys/types.h>

#include <sqlite3.h>

/* What store_watch_changed found, as bits. */
#define STORE_WATCH_FILE	0x1	/* the state file itself */
#define STORE_WATCH_LOG		0x2	/* its -wal */
#define STORE_WATCH_INDEX	0x4	/* its -shm */
#define STORE_WATCH_ALL		0x7

struct store_watch {
	struct {
		dev_t	dev;
		ino_t	ino;
		int	seen;	/* the file was there when noted */
	} f[3];
};

/* Notes which files path (and its -wal and -shm) are now. */
void	 store_watch_note(struct store_watch *, const char *path);
/*
 * Which of the files noted are gone from their paths or are other files
 * now (STORE_WATCH_* bits); 0 when all are as noted.
 */
int	 store_watch_changed(const struct store_watch *, const char *path);
/* A few words for the log on which files changed (static). */
const char *store_watch_what(int changed);
/*
 * The state file is gone or replaced: writes all that db (open on it)
 * holds, committed, into a new file beside path (synced), and empties
 * db's log, which must never be read as the new file's.  When nothing
 * is at path, the copy takes its place, locked as store_file_lock locks it
 * (*lockfd gets the lock's descriptor, to close after db's successor),
 * and 0 is returned.  When another file is there, it is left alone, the
 * copy keeps its own name in *kept (caller frees), and 1 is returned.
 * -1 with *cause (caller frees) when no copy could be made.
 */
int	 store_watch_rescue(sqlite3 *db, const char *path, int *lockfd,
	     char **kept, char **cause);

#endif
