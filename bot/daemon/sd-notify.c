/*
 * The sd_notify(3) protocol by hand: each notification is one datagram of
 * "KEY=value" lines sent to the AF_UNIX socket named by $NOTIFY_SOCKET.
 * A name starting with '@' is in the abstract namespace (a NUL first
 * byte, no file).  The socket is process-wide, as the variable is, so its
 * state is file-local.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "bot/daemon/sd-notify.h"
#include "lib/xmalloc.h"

static int			 notify_fd = -1;
static struct sockaddr_un	 notify_addr;
static socklen_t		 notify_addrlen;
static uint64_t			 notify_watchdog;

/* Reads $WATCHDOG_USEC, honouring $WATCHDOG_PID; 0 when it is not for us. */
static uint64_t
notify_read_watchdog(void)
{
	const char		*usec, *pid;
	char			*end;
	unsigned long long	 v;

	if ((usec = getenv("WATCHDOG_USEC")) == NULL || *usec == '\0')
		return 0;
	if ((pid = getenv("WATCHDOG_PID")) != NULL && *pid != '\0') {
		errno = 0;
		v = strtoull(pid, &end, 10);
		if (errno != 0 || *end != '\0' || v != (unsigned long long)getpid())
			return 0;
	}
	errno = 0;
	v = strtoull(usec, &end, 10);
	if (errno != 0 || *end != '\0' || v == 0)
		return 0;
	return (uint64_t)v;
}

int
notify_open(char **cause)
{
	const char	*name = getenv("NOTIFY_SOCKET");
	size_t		 len;

	notify_close();
	if (name == NULL || *name == '\0')
		return 0;
	len = strlen(name);
	if (name[0] != '/' && name[0] != '@')
		return set_cause(cause, "NOTIFY_SOCKET must be a path or start "
		    "with '@'; not notifying systemd");
	if (len >= sizeof notify_addr.sun_path)
		return set_cause(cause, "NOTIFY_SOCKET is longer than %zu bytes; "
		    "not notifying systemd", sizeof notify_addr.sun_path - 1);
	memset(&notify_addr, 0, sizeof notify_addr);
	notify_addr.sun_family = AF_UNIX;
	memcpy(notify_addr.sun_path, name, len);
	if (name[0] == '@')
		notify_addr.sun_path[0] = '\0';
	/* An abstract name is exactly its bytes: no terminating NUL counts. */
	notify_addrlen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
	    len + (name[0] == '/' ? 1 : 0));
	notify_fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (notify_fd < 0)
		return set_cause(cause, "cannot make a socket for NOTIFY_SOCKET: "
		    "%s", strerror(errno));
	notify_watchdog = notify_read_watchdog();
	return 0;
}

int
notify_enabled(void)
{
	return notify_fd >= 0;
}

int
notify_send(char **cause, const char *fmt, ...)
{
	char	msg[NOTIFY_MSG_MAX];
	va_list	ap;
	int	n;
	ssize_t	sent;

	if (notify_fd < 0)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return set_cause(cause, "cannot format a notification");
	if ((size_t)n >= sizeof msg)
		n = (int)sizeof msg - 1;
	do {
		sent = sendto(notify_fd, msg, (size_t)n, MSG_NOSIGNAL,
		    (const struct sockaddr *)&notify_addr, notify_addrlen);
	} while (sent < 0 && errno == EINTR);
	if (sent < 0)
		return set_cause(cause, "cannot notify systemd on NOTIFY_SOCKET: "
		    "%s", strerror(errno));
	return 0;
}

uint64_t
notify_watchdog_usec(void)
{
	return notify_fd < 0 ? 0 : notify_watchdog;
}

void
notify_close(void)
{
	if (notify_fd >= 0)
		close(notify_fd);
	notify_fd = -1;
	notify_watchdog = 0;
}
