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
#include "game/text.h"

/*
 * vsnprintf(buf, len, fmt, ap) for len > 0; buf is the caller's, fmt and
 * the arguments borrowed.  The text between conversions is copied a run at
 * a time (strchrnul finds the next '%'), strings by length, into a
 * game/text.h text (always terminated): a byte loop cost twice as much on
 * the narration of every move (make bench).
 */
void
game_vformat(char *buf, size_t len, const char *fmt, va_list ap)
{
	struct game_text	 t;
	const char		*p, *q, *s;
	va_list			 again;
	int			 d;
	char			 c;

	if (len == 0)
		return;
	game_text_init(&t, buf, len);
	va_copy(again, ap);
	for (p = fmt;; p = q + 2) {
		q = strchrnul(p, '%');
		game_text_put_n(&t, p, (size_t)(q - p));
		if (*q == '\0')
			break;
		switch (q[1]) {
		case 's':
			if ((s = va_arg(ap, const char *)) == NULL)
				s = "(null)";
			game_text_put(&t, s);
			break;
		case 'd':
			d = va_arg(ap, int);
			game_text_int(&t, d);
			break;
		case 'u':
			game_text_num(&t, va_arg(ap, unsigned), 0);
			break;
		case 'c':
			c = (char)va_arg(ap, int);
			if (c == '\0') {
				/* snprintf writes the NUL and goes on. */
				vsnprintf(buf, len, fmt, again);
				va_end(again);
				return;
			}
			game_text_put_n(&t, &c, 1);
			break;
		case '%':
			game_text_put_n(&t, "%", 1);
			break;
		default:
			/* Anything else (or a lone '%' at the end): vsnprintf. */
			vsnprintf(buf, len, fmt, again);
			va_end(again);
			return;
		}
	}
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

/* Appends src to the string dst of size bytes, truncating; like strlcat. */
void
game_cat(char *dst, const char *src, size_t size)
{
	size_t	len = strnlen(dst, size), n;

	if (len + 1 >= size)
		return;
	n = strlen(src);
	if (n > size - len - 1)
		n = size - len - 1;
	memcpy(dst + len, src, n);
	dst[len + n] = '\0';
}

/* See game.h: the form of a word for the count n. */
const char *
game_plural(long n, const char *one, const char *many)
{
	return n == 1 || n == -1 ? one : many;
}
