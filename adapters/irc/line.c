/*
 * Parsing the server's lines, defensively: "@tags :prefix COMMAND params
 * :trailing" (RFC 1459/2812 with IRCv3 message tags).  Every field is
 * bounded; a line of any other shape is refused with a reason, never
 * half-used.  Also the names of IRC: rfc1459 casefolding and the checks
 * of nicks and channel names the adapter sends to.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "adapters/irc/irc-int.h"
#include "lib/xmalloc.h"

/* Skips the spaces at *p (RFC 1459 allows several between params). */
static char *
line_skip(char *p)
{
	while (*p == ' ')
		p++;
	return p;
}

/* Splits the prefix (NUL-terminated, no ':') into nick, user and host. */
static int
line_prefix(struct irc_line *out, char *prefix, char **cause)
{
	char	*bang, *at;

	if (*prefix == '\0')
		return set_cause(cause, "empty prefix");
	at = strchr(prefix, '@');
	if (at != NULL)
		*at++ = '\0';
	bang = strchr(prefix, '!');
	if (bang != NULL)
		*bang++ = '\0';
	if (*prefix == '\0' || strlen(prefix) > IRC_HOST_MAX ||
	    (bang != NULL && *bang == '\0') || (at != NULL && *at == '\0') ||
	    (bang != NULL && strlen(bang) > IRC_USER_MAX) ||
	    (at != NULL && strlen(at) > IRC_HOST_MAX))
		return set_cause(cause, "prefix field too long or empty");
	out->nick = prefix;
	out->user = bang;
	out->host = at;
	return 0;
}

int
irc_line_parse(const char *text, size_t len, struct irc_line *out,
    char **cause)
{
	char	*p, *end, *word;
	size_t	 i, taglen;

	memset(out, 0, offsetof(struct irc_line, params));
	memset(out->params, 0, sizeof out->params);
	while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	if (len == 0)
		return set_cause(cause, "empty line");
	if (len > IRC_IN_MAX)
		return set_cause(cause, "line over %d bytes", IRC_IN_MAX);
	for (i = 0; i < len; i++) {
		if (text[i] == '\0' || text[i] == '\r' || text[i] == '\n')
			return set_cause(cause, "NUL, CR or LF inside a line");
	}
	memcpy(out->buf, text, len);
	out->buf[len] = '\0';
	p = out->buf;

	if (*p == '@') {
		end = strchr(p, ' ');
		if (end == NULL)
			return set_cause(cause, "tags without a command");
		taglen = (size_t)(end - p - 1);
		if (taglen == 0 || taglen > IRC_TAGS_MAX)
			return set_cause(cause, "tags empty or over %d bytes",
			    IRC_TAGS_MAX);
		*end = '\0';
		out->tags = p + 1;
		p = line_skip(end + 1);
	}
	/* What is left (the IRC message proper) is held to 510 bytes. */
	if (strlen(p) > IRC_LINE_MAX - 2)
		return set_cause(cause, "message over %d bytes", IRC_LINE_MAX - 2);
	if (*p == ':') {
		end = strchr(p, ' ');
		if (end == NULL)
			return set_cause(cause, "prefix without a command");
		*end = '\0';
		if (line_prefix(out, p + 1, cause) != 0)
			return -1;
		p = line_skip(end + 1);
	}

	word = p;
	while (*p != '\0' && *p != ' ')
		p++;
	if (p == word)
		return set_cause(cause, "no command");
	if (*p != '\0')
		*p++ = '\0';
	if (isdigit((unsigned char)word[0])) {
		if (strlen(word) != 3 || !isdigit((unsigned char)word[1]) ||
		    !isdigit((unsigned char)word[2]))
			return set_cause(cause, "a numeric is three digits");
	} else {
		for (end = word; *end != '\0'; end++) {
			if (!isalpha((unsigned char)*end))
				return set_cause(cause, "a command is letters");
		}
		if (end - word > 32)
			return set_cause(cause, "command too long");
	}
	out->command = word;

	for (;;) {
		p = line_skip(p);
		if (*p == '\0')
			break;
		if (out->nparams == IRC_PARAMS_MAX)
			return set_cause(cause, "more than %d parameters",
			    IRC_PARAMS_MAX);
		if (*p == ':') {
			out->params[out->nparams++] = p + 1;
			break;
		}
		out->params[out->nparams++] = p;
		while (*p != '\0' && *p != ' ')
			p++;
		if (*p != '\0')
			*p++ = '\0';
	}
	return 0;
}

/* Unescapes an IRCv3 tag value of n bytes into buf (capped). */
static void
line_tag_unescape(const char *v, size_t n, char *buf, size_t len)
{
	size_t	i, o = 0;
	char	c;

	for (i = 0; i < n && o + 1 < len; i++) {
		c = v[i];
		if (c == '\\') {
			if (++i == n)
				break;		/* a lone trailing backslash goes */
			switch (v[i]) {
			case ':': c = ';'; break;
			case 's': c = ' '; break;
			case 'r': c = '\r'; break;
			case 'n': c = '\n'; break;
			default:  c = v[i]; break;
			}
		}
		buf[o++] = c;
	}
	buf[o] = '\0';
}

int
irc_line_tag(const struct irc_line *l, const char *name, char *buf, size_t len)
{
	const char	*p = l->tags, *end, *eq;
	size_t		 nlen = strlen(name), klen;

	if (len > 0)
		buf[0] = '\0';
	while (p != NULL && *p != '\0') {
		end = strchr(p, ';');
		if (end == NULL)
			end = p + strlen(p);
		eq = memchr(p, '=', (size_t)(end - p));
		klen = (size_t)((eq != NULL ? eq : end) - p);
		/* Client-only tags ("+name") are another name. */
		if (klen == nlen && memcmp(p, name, nlen) == 0) {
			if (eq != NULL && len > 0)
				line_tag_unescape(eq + 1, (size_t)(end - eq - 1),
				    buf, len);
			return 1;
		}
		p = *end == ';' ? end + 1 : end;
	}
	return 0;
}

void
irc_casefold(char *s)
{
	for (; *s != '\0'; s++) {
		if (*s >= 'A' && *s <= 'Z')
			*s = (char)(*s - 'A' + 'a');
		else if (*s == '[')
			*s = '{';
		else if (*s == ']')
			*s = '}';
		else if (*s == '\\')
			*s = '|';
		else if (*s == '~')
			*s = '^';
	}
}

int
irc_name_eq(const char *a, const char *b)
{
	char	x[IRC_HOST_MAX + 1], y[IRC_HOST_MAX + 1];

	snprintf(x, sizeof x, "%s", a);
	snprintf(y, sizeof y, "%s", b);
	irc_casefold(x);
	irc_casefold(y);
	return strcmp(x, y) == 0;
}

int
irc_valid_nick(const char *s)
{
	const char	*p;

	if (*s == '\0' || strlen(s) > IRC_NICK_MAX || isdigit((unsigned char)*s) ||
	    *s == '-')
		return 0;
	for (p = s; *p != '\0'; p++) {
		if (!isalnum((unsigned char)*p) && strchr("[]\\`_^{|}-", *p) == NULL)
			return 0;
	}
	return 1;
}

int
irc_valid_channel(const char *s)
{
	const unsigned char	*p;

	if (s[0] == '\0' || strchr("#&+!", s[0]) == NULL || s[1] == '\0' ||
	    strlen(s) > IRC_CHANNEL_MAX)
		return 0;
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p <= ' ' || *p == ',' || *p == 0x07 || *p == ':')
			return 0;
	}
	return 1;
}
