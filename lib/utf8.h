/*
 * utf8: text from users made safe to show.  Names, channels and words
 * typed by users reach terminals (the console, the log) and chat clients;
 * a control character in them could clear a screen or set a terminal's
 * title, and bytes that are not UTF-8 break clients and protocols.  So
 * every control character is written as a visible escape and every byte
 * that is not part of well-formed UTF-8 as U+FFFD:
 *
 *   C0 controls and DEL	"\x1b"		(four characters)
 *   C1 controls		"\u009b"	(six characters)
 *   invalid UTF-8		"\xef\xbf\xbd"	(U+FFFD, one per bad byte)
 *
 * Everything else is copied as it is, so cleaning clean text changes
 * nothing and cleaning twice is cleaning once.
 */
#ifndef LIB_UTF8_H
#define LIB_UTF8_H

#include <stddef.h>

/* Longest a byte of input can grow: "\x1b" is four bytes for one. */
#define UTF8_CLEAN_GROWTH	4

/*
 * The length of the well-formed UTF-8 character at p, 2 to 4, or 0 when
 * p does not start one: a byte below 0x80, a stray continuation byte, a
 * sequence cut short (p is NUL-terminated), an overlong form, a
 * surrogate or a code point past U+10FFFF.
 */
size_t	 utf8_char_len(const char *p);

/*
 * Writes in (borrowed, NUL-terminated) cleaned into out, len bytes with
 * the NUL (len at least 1).  What does not fit is left off, never half
 * an escape or half a character.  Returns the bytes written, NUL not
 * counted.
 */
size_t	 utf8_clean(char *out, size_t len, const char *in);

/* in (borrowed) cleaned, whole; caller frees. */
char	*utf8_clean_dup(const char *in);

/* 1 when in (borrowed) is clean already: utf8_clean would not change it. */
int	 utf8_is_clean(const char *in);

/*
 * Spaces that do not look like spaces to a program: a no-break space, the
 * typographic spaces (U+2000-U+200A, U+202F, U+205F, U+3000, U+1680) and
 * the invisible ones (zero-width space, joiners, word joiner, byte order
 * mark, U+180E).  in (borrowed) with every look-alike made an ASCII space
 * and every invisible one left out, and with no space at either end;
 * caller frees.  "\u00a0alice\u200b" becomes "alice".
 */
char	*utf8_plain_spaces(const char *in);

/*
 * Characters, as platforms count them in their limits: code points, each
 * byte that is not a continuation byte (0x80-0xbf) starting one.
 */
/* Bytes of s's first max characters (all of s when shorter). */
size_t	 utf8_prefix(const char *s, size_t max);
/* Characters in s. */
size_t	 utf8_count(const char *s);

#endif
