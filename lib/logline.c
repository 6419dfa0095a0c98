/*
 * Writing log events to stderr, one line each, in the form journald reads
 * ("<6>restored 2 tables") or, when stderr is a terminal, in a form a
 * person reads ("cheersbot: info: restored 2 tables").  Each line goes out
 * in one write(2), so lines never interleave mid-way.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib/logline.h"
#include "lib/utf8.h"

static int	logline_mode = -1;	/* -1: not asked yet */

int
logline_journal(void)
{
	if (logline_mode == -1)
		logline_mode = !isatty(STDERR_FILENO);
	return logline_mode;
}

/* Writes all of line, retrying after signals; errors are dropped. */
static void
logline_out(const char *line, size_t len)
{
	ssize_t	n;

	while (len > 0) {
		n = write(STDERR_FILENO, line, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		line += n;
		len -= (size_t)n;
	}
}

/* Writes one line of text (len bytes, no newline in it) with its prefix. */
static void
logline_one(int priority, const char *word, const char *text, size_t len)
{
	char	line[LOGLINE_MAX + 1];
	size_t	n, i, k, room;
	int	p;

	if (logline_journal())
		p = snprintf(line, sizeof line, "<%d>", priority);
	else if (word != NULL)
		p = snprintf(line, sizeof line, "cheersbot: %s: ", word);
	else
		p = snprintf(line, sizeof line, "cheersbot: ");
	n = p < 0 ? 0 : (size_t)p;
	/* Leave room for "...\n" when the text has to be cut. */
	room = LOGLINE_MAX - 4 - n;
	/*
	 * Control characters (C0, DEL, C1) and bytes that are not UTF-8
	 * become '?', so user text in a message cannot drive a terminal.
	 */
	for (i = 0; i < len && i < room;) {
		unsigned char c = (unsigned char)text[i];

		if (c < 0x80) {
			line[n++] = (c < 0x20 && c != '\t') || c == 0x7f ? '?' :
			    (char)c;
			i++;
			continue;
		}
		k = utf8_char_len(text + i);
		if (k == 0 || (c == 0xc2 && (unsigned char)text[i + 1] <= 0x9f)) {
			line[n++] = '?';
			i += k == 0 ? 1 : k;
		} else if (i + k <= room) {
			memcpy(line + n, text + i, k);
			n += k;
			i += k;
		} else
			break;
	}
	if (i < len) {
		memcpy(line + n, "...", 3);
		n += 3;
	}
	line[n++] = '\n';
	logline_out(line, n);
}

void
logline_vwrite(int priority, const char *word, const char *fmt, va_list ap)
{
	char		 msg[LOGLINE_MSG_MAX];
	const char	*p = msg, *nl;
	int		 n;

	/* No allocation here: fatalx logs through this when memory runs out. */
	n = vsnprintf(msg, sizeof msg, fmt, ap);
	if (n < 0)
		snprintf(msg, sizeof msg, "(a log message could not be formatted)");
	else if ((size_t)n >= sizeof msg)
		memcpy(msg + sizeof msg - 4, "...", 4);

	/* A message of several lines is several events, each with its level. */
	do {
		nl = strchr(p, '\n');
		logline_one(priority, word, p, nl == NULL ? strlen(p) :
		    (size_t)(nl - p));
		p = nl == NULL ? NULL : nl + 1;
	} while (p != NULL && *p != '\0');
}
