/*
 * store-lock.h: a file backend's writer lock (store-lock.c), an
 * exclusive flock(2) on the state file.  Only backends in bot/storage/
 * use it; the rest of the bot asks for it with store_open_writer.
 */
#ifndef BOT_STORAGE_STORE_LOCK_H
#define BOT_STORAGE_STORE_LOCK_H

/*
 * Takes path's lock, which says "a bot (or an operator's --end-table) is
 * writing this file": 0 with *fd, to close when the store is closed, or
 * -1 with *cause (caller frees) when another process holds it (then
 * *held is 1) or the file cannot be opened.  flock is apart from
 * SQLite's own fcntl locks; *fd must stay open until the connection is
 * closed, since closing it earlier would drop SQLite's locks on the
 * file (POSIX drops a process's fcntl locks on any close of the file).
 */
int	 store_file_lock(const char *path, int *fd, int *held, char **cause);

#endif
