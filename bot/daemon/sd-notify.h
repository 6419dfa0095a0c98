/*
 * sd-notify.h: systemd's service notification protocol (sd_notify(3)),
 * spoken directly on $NOTIFY_SOCKET, without libsystemd.
 */
#ifndef BOT_DAEMON_SD_NOTIFY_H
#define BOT_DAEMON_SD_NOTIFY_H

#include <stdint.h>

#define NOTIFY_MSG_MAX	1024	/* bytes in one notification */

/*
 * Reads $NOTIFY_SOCKET ("/path" or "@abstract") and $WATCHDOG_USEC (with
 * $WATCHDOG_PID, when set, naming this process) and opens a datagram
 * socket.  0 when it is open or when there is no $NOTIFY_SOCKET (then
 * every notify_send does nothing); -1 with *cause (caller frees) when the
 * variable is set but unusable.
 */
int	 notify_open(char **cause);
/* 1 when notifications go somewhere. */
int	 notify_enabled(void);
/*
 * Sends one notification, such as "READY=1" or "STATUS=...", of at most
 * NOTIFY_MSG_MAX bytes (longer is cut).  0, or -1 with *cause (caller
 * frees); 0 and nothing sent when notifications are off.
 */
int	 notify_send(char **cause, const char *fmt, ...)
	     __attribute__((format(printf, 2, 3)));
/* The watchdog interval systemd asked for, in microseconds; 0: none. */
uint64_t notify_watchdog_usec(void);
void	 notify_close(void);

#endif
