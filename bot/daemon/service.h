/*
 * service.h: the daemon as a systemd service: READY, STATUS, WATCHDOG and
 * STOPPING notifications (bot/daemon/sd-notify.c speaks the protocol).
 */
#ifndef BOT_DAEMON_SERVICE_H
#define BOT_DAEMON_SERVICE_H

struct bot;
struct service;

/*
 * Says READY=1 with a first STATUS=, and from then on keeps the status
 * current and pets the watchdog from a timer on the bot's loop, so a
 * stuck loop stops the pets.  Call it once the adapters have started
 * (they connect, or retry, on their own from there).  Returns the service
 * (caller frees with service_free after the loop has ended); it does
 * nothing when there is no $NOTIFY_SOCKET.
 */
struct service	*service_start(struct bot *);
/* Says STOPPING=1 and closes the timer, so the loop can end. */
void		 service_stop(struct service *);
void		 service_free(struct service *);

#endif
