/*
 * The bot's text, shaped for IRC: plain text (no markdown-ish emphasis,
 * no control characters) and messages split below IRC's 512-byte line,
 * counting what the server puts before our text when it relays it, at
 * spaces or at UTF-8 character boundaries, never inside a character.
 * Pure functions: no I/O.
 */
#include <string.h>

#include "adapters/irc/irc-int.h"
#include "lib/buf.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/* Assumed when the server has not shown us our user and host yet. */
#define TEXT_USER_GUESS		11	/* "~" and InspIRCd's USERLEN 10 */
#define TEXT_HOST_GUESS		64	/* HOSTLEN */
#define TEXT_ROOM_MIN		32

char *
irc_text_plain(const char *text)
{
	struct buf		 b;
	const unsigned char	*p = (const unsigned char *)text;
	size_t			 n;

	/* The result is never longer than the text. */
	buf_init(&b, strlen(text) + 1);
	while (*p != '\0') {
		if (p[0] == '*' && p[1] == '*') {
			p += 2;
			continue;
		}
		if (*p >= 0x80) {
			/* Bytes that are not UTF-8 become "?", so a line is. */
			if ((n = utf8_char_len((const char *)p)) == 0) {
				buf_add(&b, "?", 1);
				p++;
			} else {
				buf_add(&b, p, n);
				p += n;
			}
			continue;
		}
		if (*p == '\t')
			buf_add(&b, " ", 1);
		else if ((*p >= 0x20 && *p != 0x7f) || *p == '\n')
			buf_add(&b, p, 1);
		p++;
	}
	return buf_detach(&b);
}

/* 1 when s (n bytes) starts with U+FE0F or U+200D, which bind to the left. */
static int
text_binds_left(const char *s, size_t n)
{
	const unsigned char	*u = (const unsigned char *)s;

	if (n >= 3 && u[0] == 0xef && u[1] == 0xb8 && u[2] == 0x8f)
		return 1;
	if (n >= 3 && u[0] == 0xe2 && u[1] == 0x80 && u[2] == 0x8d)
		return 1;
	return 0;
}

/* The last character boundary at or before i (i < len). */
static size_t
text_boundary(const char *text, size_t i)
{
	while (i > 0 && ((unsigned char)text[i] & 0xc0) == 0x80)
		i--;
	return i;
}

size_t
irc_text_split(const char *text, size_t len, size_t max, size_t *next)
{
	size_t	cut, c, i, n;

	if (len <= max) {
		*next = len;
		return len;
	}
	/* text[max] exists: the longest part ends before a character start. */
	cut = text_boundary(text, max);
	c = cut;
	while (c > 0 && text_binds_left(text + c, len - c))
		c = text_boundary(text, c - 1);
	if (c > 0)
		cut = c;
	if (cut == 0) {
		/* One character longer than max: cannot happen for max >= 8. */
		cut = 1;
		while (cut < len && ((unsigned char)text[cut] & 0xc0) == 0x80)
			cut++;
	}
	/* A space that keeps at least half the room makes a nicer cut. */
	for (i = cut; i > max / 2; i--) {
		if (text[i] == ' ') {
			n = i;
			while (n > 0 && text[n - 1] == ' ')
				n--;
			if (n == 0)
				break;
			while (i < len && text[i] == ' ')
				i++;
			*next = i;
			return n;
		}
	}
	i = cut;
	while (i < len && text[i] == ' ')
		i++;
	*next = i;
	return cut;
}

size_t
irc_text_room(const char *nick, const char *user, const char *host,
    const char *target)
{
	size_t	used, u, h;

	u = *user == '\0' ? TEXT_USER_GUESS : strlen(user);
	h = *host == '\0' ? TEXT_HOST_GUESS : strlen(host);
	/* ":nick!user@host PRIVMSG target :" and CR LF. */
	used = 1 + strlen(nick) + 1 + u + 1 + h + 1 + strlen("PRIVMSG ") +
	    strlen(target) + 2 + 2;
	if (used + TEXT_ROOM_MIN > IRC_LINE_MAX)
		return TEXT_ROOM_MIN;
	return IRC_LINE_MAX - used;
}
