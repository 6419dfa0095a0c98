/*
 * format.c: snprintf for the texts a game writes on every move (events,
 * prompts), without stdio.  Those formats use only %s, %d, %u, %c and %%;
 * glibc's vsnprintf sets up a FILE for each call, which cost more than the
 * rules themselves (make bench).  Any other conversion (a width, a
 * precision, a flag) goes to vsnprintf, so the result is always what
 * snprintf would write: the same text, cut at len - 1 bytes, terminated.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/game.h"

/* Appends the n bytes at s at *at in buf, stopping at end (kept for NUL). */
static inline void
format_put_n(char *buf, size_t end, size_t *at, const char *s, size_t n)
{
	if (n > end - *at)
		n = end - *at;
	memcpy(buf + *at, s, n);
	*at += n;
}

/* Appends the string s at *at in buf, stopping at end. */
static inline void
format_put(char *buf, size_t end, size_t *at, const char *s)
{
	format_put_n(buf, end, at, s, strlen(s));
}

/* Writes v in decimal (neg: with a minus sign) at *at. */
static void
format_num(char *buf, size_t end, size_t *at, unsigned long v, int neg)
{
	char	digits[24];
	size_t	i = sizeof digits;

	do {
		digits[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	if (neg)
		digits[--i] = '-';
	format_put_n(buf, end, at, digits + i, sizeof digits - i);
}

/*
 * vsnprintf(buf, len, fmt, ap) for len > 0; buf is the caller's, fmt and
 * the arguments borrowed.  The text between conversions is copied a run at
 * a time (strchrnul finds the next '%'), strings by length: a byte loop
 * cost twice as much on the narration of every move (make bench).
 */
void
game_vformat(char *buf, size_t len, const char *fmt, va_list ap)
{
	const char	*p, *q, *s;
	va_list		 again;
	size_t		 at = 0, end;
	int		 d;
	char		 c;

	if (len == 0)
		return;
	end = len - 1;
	va_copy(again, ap);
	for (p = fmt;; p = q + 2) {
		q = strchrnul(p, '%');
		format_put_n(buf, end, &at, p, (size_t)(q - p));
		if (*q == '\0')
			break;
		switch (q[1]) {
		case 's':
			if ((s = va_arg(ap, const char *)) == NULL)
				s = "(null)";
			format_put(buf, end, &at, s);
			break;
		case 'd':
			d = va_arg(ap, int);
			format_num(buf, end, &at, d < 0 ? 0ul - (unsigned long)d :
			    (unsigned long)d, d < 0);
			break;
		case 'u':
			format_num(buf, end, &at, va_arg(ap, unsigned), 0);
			break;
		case 'c':
			c = (char)va_arg(ap, int);
			if (c == '\0') {
				/* snprintf writes the NUL and goes on. */
				vsnprintf(buf, len, fmt, again);
				va_end(again);
				return;
			}
			format_put_n(buf, end, &at, &c, 1);
			break;
		case '%':
			format_put_n(buf, end, &at, "%", 1);
			break;
		default:
			/* Anything else (or a lone '%' at the end): vsnprintf. */
			vsnprintf(buf, len, fmt, again);
			va_end(again);
			return;
		}
	}
	buf[at] = '\0';
	va_end(again);
}

/* snprintf(buf, len, fmt, ...) as game_vformat; buf is the caller's. */
void
game_format(char *buf, size_t len, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	game_vformat(buf, len, fmt, ap);
	va_end(ap);
}
