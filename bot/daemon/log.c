/*
 * Logging: one line per event on stderr, through lib/logline, so under
 * systemd each line carries its syslog priority ("<3>" ... "<7>") for
 * journald, and on a terminal it reads "cheersbot: warn: ...".  journald
 * adds the time; a timestamp here would be noise.  Nothing secret is ever
 * passed here: callers log table ids, channels and reasons, never tokens,
 * recipes or hands.
 */
#include <stdarg.h>

#include "bot/daemon/log.h"
#include "lib/logline.h"

static int	log_level = LOG_INFO;

void
log_set_level(int level)
{
	log_level = level;
}

void
log_msg(enum log_level level, const char *fmt, ...)
{
	static const char *const words[] = { "error", "warn", "info", "debug" };
	static const int prios[] = { LOGLINE_ERR, LOGLINE_WARNING, LOGLINE_INFO,
	    LOGLINE_DEBUG };
	va_list	ap;

	if ((int)level > log_level)
		return;
	va_start(ap, fmt);
	logline_vwrite(prios[level], words[level], fmt, ap);
	va_end(ap);
}
