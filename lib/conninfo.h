/*
 * conninfo: a PostgreSQL connection string (libpq's "host=... user=..."
 * keywords, or a postgresql:// URI) made fit to show: its password, if it
 * holds one, replaced by "(secret)".  Pure text work, no libpq: the
 * config dumps and the logs use it, and libpq itself reads the string.
 */
#ifndef LIB_CONNINFO_H
#define LIB_CONNINFO_H

/* What stands where a password stood. */
#define CONNINFO_MASK	"(secret)"

/*
 * s (borrowed) with the value of every password in it masked: the
 * "password" keyword (quoted or not) of the keyword form, and in a URI
 * the password of "user:password@" and a "password=" parameter.  Text
 * that is neither form is returned as it is.  Caller frees.
 */
char	*conninfo_mask(const char *s);

#endif
