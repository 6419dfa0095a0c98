/*
 * JIDs for the XMPP adapter: split into bare part and resource, compare,
 * lowercase.  A JID the adapter cannot hold whole is refused, never cut.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adapters/xmpp/xmpp-int.h"

int
jid_split(const char *jid, char *bare, size_t barelen, char *res,
    size_t reslen)
{
	const char	*slash, *at;
	size_t		 blen;

	if (jid == NULL || *jid == '\0' || strlen(jid) > XMPP_JID_MAX)
		return -1;
	slash = strchr(jid, '/');
	blen = slash == NULL ? strlen(jid) : (size_t)(slash - jid);
	at = memchr(jid, '@', blen);
	if (blen == 0 || (at != NULL && (at == jid || (size_t)(at - jid) ==
	    blen - 1)) || (slash != NULL && slash[1] == '\0'))
		return -1;
	if (strpbrk(jid, " \t\r\n\"'<>&") != NULL && (slash == NULL ||
	    strpbrk(jid, " \t\r\n\"'<>&") < slash))
		return -1;
	if (bare != NULL) {
		if (blen >= barelen)
			return -1;
		memcpy(bare, jid, blen);
		bare[blen] = '\0';
	}
	if (res != NULL) {
		if (slash == NULL)
			res[0] = '\0';
		else if ((size_t)snprintf(res, reslen, "%s", slash + 1) >= reslen)
			return -1;
	}
	return 0;
}

int
jid_bare_eq(const char *a, const char *b)
{
	return strcasecmp(a, b) == 0;
}

void
jid_lower(char *s)
{
	for (; *s != '\0'; s++)
		*s = (char)tolower((unsigned char)*s);
}
