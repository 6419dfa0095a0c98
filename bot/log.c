/*
 * Logging: one line per message on stderr, with a level word.  Under
 * systemd, journald adds the time; a timestamp here would be noise.
 */
#include <stdarg.h>
#include <stdio.h>

#include "bot/log.h"

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
	va_list	ap;

	if ((int)level > log_level)
		return;
	va_start(ap, fmt);
	fprintf(stderr, "cheersbot: %s: ", words[level]);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}
