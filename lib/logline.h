/*
 * logline: how one log event reaches stderr.  Under systemd, stderr is a
 * journald stream, which reads a "<N>" syslog priority at the start of
 * each line; on a terminal a person reads "cheersbot: level: ...".
 */
#ifndef LIB_LOGLINE_H
#define LIB_LOGLINE_H

#include <stdarg.h>

/* syslog(3) priorities, as journald reads them from "<N>". */
#define LOGLINE_CRIT	2
#define LOGLINE_ERR	3
#define LOGLINE_WARNING	4
#define LOGLINE_INFO	6
#define LOGLINE_DEBUG	7

/* Longest line written; a longer one is cut and ends in "...". */
#define LOGLINE_MAX	2048
/* Longest message of one or more lines; the rest is cut. */
#define LOGLINE_MSG_MAX	8192

/*
 * Writes the formatted message to stderr, each of its lines as one line
 * with the priority (or, on a terminal, "cheersbot: word: ").  Control
 * characters other than tab become '?', so text from a chat cannot forge
 * a log line.  word may be NULL for no level word on a terminal.
 */
void	logline_vwrite(int priority, const char *word, const char *fmt, va_list)
	    __attribute__((format(printf, 3, 0)));

/*
 * Whether lines carry "<N>" priorities: 1 when stderr is not a terminal.
 * Tests and the tty check agree on this one answer.
 */
int	logline_journal(void);

#endif
