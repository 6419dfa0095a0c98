/*
 * conninfo.c: masking the password of a PostgreSQL connection string (see
 * conninfo.h).  The two forms are read as libpq's documentation gives
 * them ("Connection Strings", libpq 34.1.1): keyword = value pairs
 * separated by white space, a value single-quoted when it holds spaces
 * (with \' and \\ inside), or a URI postgresql://[user[:password]@]
 * hosts[/dbname][?param=value&...].
 */
#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "lib/buf.h"
#include "lib/conninfo.h"
#include "lib/xmalloc.h"

/* A connection string is never this long; one that is shows masked whole. */
#define CONNINFO_MAX	8192

static int
conninfo_is_uri(const char *s)
{
	return strncmp(s, "postgresql://", 13) == 0 ||
	    strncmp(s, "postgres://", 11) == 0;
}

/*
 * The URI form: the user info runs from "://" to the last '@' before the
 * first '/' or '?', and its first ':' starts the password; each query
 * parameter named password has its value masked.  Appends to b.
 */
static void
conninfo_mask_uri(struct buf *b, const char *s)
{
	const char	*rest = strstr(s, "://") + 3;
	const char	*end = rest + strcspn(rest, "/?");
	const char	*at = NULL, *colon = NULL, *p, *amp;

	for (p = rest; p < end; p++) {
		if (*p == '@')
			at = p;
	}
	for (p = rest; at != NULL && p < at && colon == NULL; p++) {
		if (*p == ':')
			colon = p;
	}
	if (colon != NULL) {
		buf_add(b, s, (size_t)(colon + 1 - s));
		buf_puts(b, CONNINFO_MASK);
		s = at;
	}
	if ((p = strchr(s, '?')) == NULL) {
		buf_puts(b, s);
		return;
	}
	buf_add(b, s, (size_t)(p + 1 - s));
	for (s = p + 1; *s != '\0'; s = amp) {
		amp = s + strcspn(s, "&");
		if (strncmp(s, "password=", 9) == 0) {
			buf_add(b, s, 9);
			buf_puts(b, CONNINFO_MASK);
		} else
			buf_add(b, s, (size_t)(amp - s));
		if (*amp == '&')
			buf_add(b, amp++, 1);
	}
}

/*
 * The keyword form: each "password = value" has its value (quoted or
 * not) replaced; every other byte is kept.  Appends to b.
 */
static void
conninfo_mask_keywords(struct buf *b, const char *s)
{
	const char	*k, *v;
	size_t		 klen;
	int		 secret;

	while (*s != '\0') {
		if (isspace((unsigned char)*s)) {
			buf_add(b, s++, 1);
			continue;
		}
		k = s;
		while (*s != '\0' && *s != '=' && !isspace((unsigned char)*s))
			s++;
		klen = (size_t)(s - k);
		secret = klen == 8 && strncmp(k, "password", 8) == 0;
		while (isspace((unsigned char)*s) || *s == '=')
			s++;
		buf_add(b, k, (size_t)(s - k));
		v = s;
		if (*s == '\'') {
			for (s++; *s != '\0' && *s != '\''; s++) {
				if (*s == '\\' && s[1] != '\0')
					s++;
			}
			if (*s == '\'')
				s++;
		} else {
			while (*s != '\0' && !isspace((unsigned char)*s))
				s++;
		}
		if (secret)
			buf_puts(b, CONNINFO_MASK);
		else
			buf_add(b, v, (size_t)(s - v));
	}
}

char *
conninfo_mask(const char *s)
{
	struct buf	b;

	if (strlen(s) > CONNINFO_MAX)
		return xstrdup(CONNINFO_MASK);
	buf_init(&b, 2 * CONNINFO_MAX);
	if (conninfo_is_uri(s))
		conninfo_mask_uri(&b, s);
	else
		conninfo_mask_keywords(&b, s);
	return buf_detach(&b);
}
