/*
 * scan.h: a strict reader for the compiled-in card data (cards.json,
 * guests.json).  Every new game and every load reads the 80 guests, and
 * building a cJSON tree of them cost about 200 microseconds, more than
 * playing a whole game; this reader walks the text in place, allocates
 * nothing and copies strings into the caller's capped buffers.  It reads
 * a subset of JSON that the data files keep to: objects, arrays, strings
 * without escapes (a backslash is refused), and whole numbers.  Anything
 * else marks the scan bad, and every reading function then fails, so
 * callers check once, at the end of a record.  The functions are static
 * inline: cards.c is their one user, and a call each per token was most
 * of the reading time.
 */
#ifndef GAME_FWB_SCAN_H
#define GAME_FWB_SCAN_H

#include <stddef.h>
#include <string.h>

struct fwb_scan {
	const char	*p;	/* the next character */
	int		 bad;	/* set by the first thing out of place */
};

#define SCAN_INT_DIGITS	6

/* Skips white space; returns the next character (0 at the end). */
static inline int
fwb_scan_peek(struct fwb_scan *sc)
{
	while (*sc->p == ' ' || *sc->p == '\n' || *sc->p == '\t' ||
	    *sc->p == '\r')
		sc->p++;
	return (unsigned char)*sc->p;
}

/* Starts reading text, which is borrowed and must outlive the scan. */
static inline void
fwb_scan_init(struct fwb_scan *sc, const char *text)
{
	sc->p = text;
	sc->bad = 0;
}

/* Consumes c (after white space); marks the scan bad and returns -1 if absent. */
static inline int
fwb_scan_expect(struct fwb_scan *sc, int c)
{
	if (sc->bad || fwb_scan_peek(sc) != c) {
		sc->bad = 1;
		return -1;
	}
	sc->p++;
	return 0;
}

/*
 * Steps through the members of an object or the items of an array whose
 * opening bracket was consumed: returns 1 when another member follows
 * (consuming the comma between members; *first says none was read yet),
 * 0 at close (consumed) or when the scan is bad.
 */
static inline int
fwb_scan_next(struct fwb_scan *sc, int close, int *first)
{
	if (sc->bad)
		return 0;
	if (fwb_scan_peek(sc) == close) {
		sc->p++;
		return 0;
	}
	if (!*first && fwb_scan_expect(sc, ',') != 0)
		return 0;
	*first = 0;
	return 1;
}

/*
 * Reads a string in place: *start points into the text (borrowed), *n is
 * its length.  Returns 0, or -1 if bad (no string, or an escape in it).
 */
static inline int
fwb_scan_span(struct fwb_scan *sc, const char **start, size_t *n)
{
	const char	*end;

	if (fwb_scan_expect(sc, '"') != 0)
		return -1;
	if ((end = strchr(sc->p, '"')) == NULL ||
	    memchr(sc->p, '\\', (size_t)(end - sc->p)) != NULL) {
		sc->bad = 1;
		return -1;
	}
	*start = sc->p;
	*n = (size_t)(end - sc->p);
	sc->p = end + 1;
	return 0;
}

/* Reads a string into out (len bytes with its NUL); 0, or -1 if bad or long. */
static inline int
fwb_scan_string(struct fwb_scan *sc, char *out, size_t len)
{
	const char	*start;
	size_t		 n;

	if (fwb_scan_span(sc, &start, &n) != 0)
		return -1;
	if (n >= len) {
		sc->bad = 1;
		return -1;
	}
	memcpy(out, start, n);
	out[n] = '\0';
	return 0;
}

/*
 * Whether the span (start, n) is the string s.  A span holds no NUL, so a
 * shorter s differs before its end.
 */
static inline int
fwb_scan_is(const char *start, size_t n, const char *s)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (s[i] != start[i])
			return 0;
	return s[n] == '\0';
}

/* Reads an object member's name and its colon, in place (see fwb_scan_span). */
static inline int
fwb_scan_key(struct fwb_scan *sc, const char **start, size_t *n)
{
	if (fwb_scan_span(sc, start, n) != 0)
		return -1;
	return fwb_scan_expect(sc, ':');
}

/* Reads a whole number of at most six digits within [min, max]. */
static inline int
fwb_scan_int(struct fwb_scan *sc, int min, int max, int *out)
{
	int	v = 0, neg = 0, digits = 0;

	if (sc->bad)
		return -1;
	if (fwb_scan_peek(sc) == '-') {
		neg = 1;
		sc->p++;
	}
	while (*sc->p >= '0' && *sc->p <= '9' && digits < SCAN_INT_DIGITS) {
		v = v * 10 + (*sc->p++ - '0');
		digits++;
	}
	if (neg)
		v = -v;
	if (digits == 0 || (*sc->p >= '0' && *sc->p <= '9') ||
	    *sc->p == '.' || *sc->p == 'e' || *sc->p == 'E' || v < min ||
	    v > max) {
		sc->bad = 1;
		return -1;
	}
	*out = v;
	return 0;
}

/* Whether only white space is left. */
static inline int
fwb_scan_done(struct fwb_scan *sc)
{
	return !sc->bad && fwb_scan_peek(sc) == '\0';
}

#endif
