/*
 * Cleaning text from users for display: control characters escaped,
 * invalid UTF-8 replaced (see utf8.h).  Pure functions, no allocation but
 * utf8_clean_dup's.
 */
#include <stdio.h>
#include <string.h>

#include "lib/utf8.h"
#include "lib/xmalloc.h"

/* The code point of the well-formed character of n bytes at s. */
static unsigned int
utf8_decode(const char *s, size_t n)
{
	const unsigned char	*p = (const unsigned char *)s;
	unsigned int		 c = p[0] & (0xff >> (n + 1));
	size_t			 i;

	for (i = 1; i < n; i++)
		c = (c << 6) | (p[i] & 0x3f);
	return c;
}

/* 1 for a space look-alike, 2 for an invisible space, else 0. */
static int
utf8_space_kind(unsigned int c)
{
	if (c == 0x200b || c == 0x200c || c == 0x200d || c == 0x2060 ||
	    c == 0xfeff || c == 0x180e)
		return 2;
	if (c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
	    c == 0x202f || c == 0x205f || c == 0x3000)
		return 1;
	return 0;
}

char *
utf8_plain_spaces(const char *in)
{
	char	*out = xmalloc(strlen(in) + 1), *o = out;
	size_t	 n;
	int	 kind;

	while (*in != '\0') {
		n = utf8_char_len(in);
		kind = n > 0 ? utf8_space_kind(utf8_decode(in, n)) : 0;
		if (kind == 1)
			*o++ = ' ';
		else if (kind == 0) {
			memcpy(o, in, n > 0 ? n : 1);
			o += n > 0 ? n : 1;
		}
		in += n > 0 ? n : 1;
	}
	while (o > out && o[-1] == ' ')
		o--;
	*o = '\0';
	for (o = out; *o == ' '; o++)
		continue;
	memmove(out, o, strlen(o) + 1);
	return out;
}

size_t
utf8_char_len(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 n, i;
	unsigned int		 c;

	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, c = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, c = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, c = p[0] & 0x07;
	else
		return 0;
	/* A NUL is not a continuation byte, so this stops at the end. */
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (p[i] & 0x3f);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) ||
	    (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return n;
}

/*
 * The clean form of the character at p: into unit (at least 8 bytes),
 * returning its length, with *used set to the input bytes it stands for.
 * Returns 0 when p's character is clean as it is.
 */
static size_t
utf8_unit(const char *p, char *unit, size_t *used)
{
	unsigned char	c = (unsigned char)p[0];
	size_t		n;

	if (c < 0x20 || c == 0x7f) {
		*used = 1;
		snprintf(unit, 8, "\\x%02x", c);
		return 4;
	}
	if (c < 0x80) {
		*used = 1;
		return 0;
	}
	if ((n = utf8_char_len(p)) == 0) {
		*used = 1;
		memcpy(unit, "\xef\xbf\xbd", 3);
		return 3;
	}
	*used = n;
	/* U+0080 to U+009F, the C1 controls, are 0xc2 0x80 to 0xc2 0x9f. */
	if (c == 0xc2 && (unsigned char)p[1] <= 0x9f) {
		snprintf(unit, 8, "\\u%04x", (unsigned char)p[1]);
		return 6;
	}
	return 0;
}

size_t
utf8_clean(char *out, size_t len, const char *in)
{
	char		 unit[8];
	const char	*piece;
	size_t		 at = 0, used, n;

	while (*in != '\0') {
		if ((n = utf8_unit(in, unit, &used)) == 0) {
			piece = in;
			n = used;
		} else
			piece = unit;
		if (at + n >= len)
			break;
		memcpy(out + at, piece, n);
		at += n;
		in += used;
	}
	out[at] = '\0';
	return at;
}

char *
utf8_clean_dup(const char *in)
{
	size_t	 len = strlen(in) * UTF8_CLEAN_GROWTH + 1;
	char	*out = xmalloc(len);

	utf8_clean(out, len, in);
	return out;
}

int
utf8_is_clean(const char *in)
{
	char	unit[8];
	size_t	used;

	while (*in != '\0') {
		if (utf8_unit(in, unit, &used) != 0)
			return 0;
		in += used;
	}
	return 1;
}

size_t
utf8_prefix(const char *s, size_t max)
{
	size_t	i = 0, chars = 0;

	while (s[i] != '\0') {
		if (((unsigned char)s[i] & 0xc0) != 0x80) {
			if (chars == max)
				break;
			chars++;
		}
		i++;
	}
	return i;
}

size_t
utf8_count(const char *s)
{
	size_t	chars = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			chars++;
	return chars;
}
