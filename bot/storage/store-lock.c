/*
 * The state file's writer lock.  SQLite lets several processes share a
 * file safely, but two bots on one file would each hold the same tables
 * in memory and overwrite each other's moves, and an operator's
 * --end-table beside a running bot would be undone by the bot's next
 * save.  So whoever writes tables takes an exclusive flock(2) on the file
 * first, and a second writer is refused with a sentence saying why.
 * flock is separate from SQLite's fcntl locks, so it does not disturb
 * them.  The kernel drops it when the process dies, even by SIGKILL.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "bot/storage/store-lock.h"
#include "lib/xmalloc.h"

int
store_file_lock(const char *path, int *fd, int *held, char **cause)
{
	int	error;

	*fd = -1;
	*held = 0;
	if ((*fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return set_cause(cause, "%s: cannot open the state file: %s", path,
		    strerror(errno));
	if (flock(*fd, LOCK_EX | LOCK_NB) == 0)
		return 0;
	error = errno;
	close(*fd);
	*fd = -1;
	if (error == EWOULDBLOCK) {
		*held = 1;
		return set_cause(cause, "%s: another cheersbot is using this state "
		    "file", path);
	}
	return set_cause(cause, "%s: cannot lock the state file: %s", path,
	    strerror(error));
}
