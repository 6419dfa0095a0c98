/*
 * The daemon under systemd (Type=notify): READY=1 once the adapters have
 * started, STATUS= lines with the tables and each adapter's connection,
 * WATCHDOG=1 from a timer on the one event loop (so the pets stop if the
 * loop ever hangs), and STOPPING=1 at shutdown.  Without $NOTIFY_SOCKET
 * all of it is skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uv.h>

#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "bot/daemon/sd-notify.h"
#include "bot/daemon/service.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

#define SERVICE_STATUS_EVERY	5000	/* ms between status checks */

struct service {
	struct bot	*bot;
	uv_timer_t	 timer;
	int		 timing;	/* the timer is initialised, not closed */
	int		 watchdog;	/* pet the watchdog on each tick */
	int		 failed;	/* a send failed; said once in the log */
	char		 status[NOTIFY_MSG_MAX];	/* the last STATUS sent */
};

/* Sends one notification; the first failure is logged, later ones not. */
static void
service_send(struct service *sv, const char *msg)
{
	char	*cause = NULL;

	if (notify_send(&cause, "%s", msg) == 0)
		return;
	if (!sv->failed)
		log_warn("%s", cause);
	sv->failed = 1;
	free(cause);
}

/* Writes the status line: tables, then each adapter and its state. */
static void
service_status(struct service *sv, char *buf, size_t len)
{
	struct bot	*bot = sv->bot;
	struct table	*t;
	size_t		 n;
	int		 playing = 0, i;

	TAILQ_FOREACH(t, &bot->tables, entry) {
		if (t->state == TABLE_PLAYING)
			playing++;
	}
	n = (size_t)snprintf(buf, len, "STATUS=%s%d table%s open (%d playing)",
	    bot->stopping ? "stopping; " : "", bot->ntables,
	    bot->ntables == 1 ? "" : "s", playing);
	for (i = 0; i < bot->nadapters && n < len; i++) {
		n += (size_t)snprintf(buf + n, len - n, "%s %s: %s",
		    i == 0 ? ";" : ",", bot->adapters[i]->ops->name,
		    bot->adapter_state[i]);
	}
}

/* Sends STATUS= when it changed since the last one. */
static void
service_update(struct service *sv)
{
	char	status[NOTIFY_MSG_MAX];

	service_status(sv, status, sizeof status);
	if (strcmp(status, sv->status) == 0)
		return;
	memcpy(sv->status, status, sizeof status);
	service_send(sv, status);
}

static void
service_tick(uv_timer_t *timer)
{
	struct service	*sv = timer->data;

	if (sv->watchdog)
		service_send(sv, "WATCHDOG=1");
	service_update(sv);
}

struct service *
service_start(struct bot *bot)
{
	struct service	*sv = xcalloc(1, sizeof *sv);
	char		*cause = NULL, msg[NOTIFY_MSG_MAX + 16];
	uint64_t	 every = SERVICE_STATUS_EVERY, usec;

	sv->bot = bot;
	if (notify_open(&cause) != 0) {
		log_error("%s", cause);
		free(cause);
		return sv;
	}
	if (!notify_enabled())
		return sv;
	/* Pet at half the interval systemd gave, as sd_watchdog_enabled advises. */
	if ((usec = notify_watchdog_usec()) != 0) {
		sv->watchdog = 1;
		if (usec / 2000 < every)
			every = usec / 2000 > 0 ? usec / 2000 : 1;
		service_send(sv, "WATCHDOG=1");
	}
	service_status(sv, sv->status, sizeof sv->status);
	snprintf(msg, sizeof msg, "READY=1\n%s", sv->status);
	service_send(sv, msg);
	uv_timer_init(bot->loop, &sv->timer);
	sv->timer.data = sv;
	sv->timing = 1;
	uv_timer_start(&sv->timer, service_tick, every, every);
	log_info("told systemd we are ready%s", sv->watchdog ?
	    ", petting the watchdog" : "");
	return sv;
}

void
service_stop(struct service *sv)
{
	char	status[NOTIFY_MSG_MAX], msg[NOTIFY_MSG_MAX + 16];

	if (sv == NULL)
		return;
	if (sv->timing) {
		uv_timer_stop(&sv->timer);
		uv_close((uv_handle_t *)&sv->timer, NULL);
		sv->timing = 0;
	}
	if (!notify_enabled())
		return;
	service_status(sv, status, sizeof status);
	snprintf(msg, sizeof msg, "STOPPING=1\n%s", status);
	service_send(sv, msg);
}

void
service_free(struct service *sv)
{
	if (sv == NULL)
		return;
	notify_close();
	free(sv);
}
