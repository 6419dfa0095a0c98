/*
 * The bot's text as Telegram HTML (parse_mode HTML): "&", "<" and ">"
 * become entities, everything else is as the bot wrote it.  A mention is
 * written (html_mention) as a marker users cannot type: \001 the user id
 * \002 the name \003, control characters that update.c replaces in
 * every name and text a user sends.  html_escape makes each marker a
 * <a href="tg://user?id=N">name</a> link, the name escaped too.
 * Telegram measures a message once parsed, in UTF-16 code units, at most
 * 4,096: html_split cuts the bot's text before it is escaped, counting
 * what a reader sees.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define HTML_MAX	(64 * 1024)	/* bytes of escaped text */
#define HTML_PARTS_MAX	16

#define MARK_OPEN	'\001'
#define MARK_NAME	'\002'
#define MARK_CLOSE	'\003'

void
html_clean(char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 && *s != '\n')
			*s = ' ';
}

void
html_mention(int64_t user, const char *name, char *buf, size_t len)
{
	char	clean[TG_NAME_MAX];

	snprintf(clean, sizeof clean, "%s", name);
	html_clean(clean);
	if (user <= 0)
		snprintf(buf, len, "%s", clean);
	else
		snprintf(buf, len, "%c%" PRId64 "%c%s%c", MARK_OPEN, user,
		    MARK_NAME, clean, MARK_CLOSE);
}

/* Escapes n bytes of s into b. */
static void
html_put(struct buf *b, const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		switch (s[i]) {
		case '&':
			buf_puts(b, "&amp;");
			break;
		case '<':
			buf_puts(b, "&lt;");
			break;
		case '>':
			buf_puts(b, "&gt;");
			break;
		case MARK_OPEN:
		case MARK_NAME:
		case MARK_CLOSE:
			break;	/* a marker cut short */
		default:
			buf_add(b, &s[i], 1);
		}
	}
}

char *
html_escape(const char *text)
{
	struct buf	 b;
	const char	*p = text, *name, *end;
	size_t		 idlen;

	buf_init(&b, HTML_MAX);
	while (*p != '\0') {
		if (*p == MARK_OPEN && (name = strchr(p, MARK_NAME)) != NULL &&
		    (end = strchr(name, MARK_CLOSE)) != NULL &&
		    (idlen = (size_t)(name - p - 1)) > 0 && idlen < TG_ID_MAX &&
		    strspn(p + 1, "0123456789") == idlen) {
			buf_printf(&b, "<a href=\"tg://user?id=%.*s\">",
			    (int)idlen, p + 1);
			html_put(&b, name + 1, (size_t)(end - name - 1));
			buf_puts(&b, "</a>");
			p = end + 1;
			continue;
		}
		html_put(&b, p, 1);
		p++;
	}
	return buf_detach(&b);
}

/* UTF-16 units of the UTF-8 sequence starting with byte c: 0 within one. */
static size_t
html_units(unsigned char c)
{
	if ((c & 0xc0) == 0x80)
		return 0;
	return c >= 0xf0 ? 2 : 1;
}

int
html_split(const char *text, size_t max, char **parts, int nmax)
{
	const char	*p = text, *q, *cut, *cut_line, *cut_space, *mark;
	size_t		 units;
	int		 n = 0, in_mark;

	while (*p != '\0' && n < nmax) {
		units = 0;
		in_mark = 0;
		cut_line = cut_space = mark = NULL;
		for (q = p; *q != '\0'; q++) {
			if (*q == MARK_OPEN) {
				in_mark = 1;	/* the id: not seen */
				mark = q;
				continue;
			}
			if (*q == MARK_NAME || *q == MARK_CLOSE) {
				in_mark = *q == MARK_NAME ? 2 : 0;
				continue;
			}
			if (in_mark == 1)
				continue;
			if ((units += html_units((unsigned char)*q)) > max)
				break;
			if (in_mark)
				continue;
			if (*q == '\n')
				cut_line = q + 1;
			else if (*q == ' ')
				cut_space = q + 1;
		}
		if (*q == '\0') {
			parts[n++] = xstrdup(p);
			break;
		}
		/* At a line's end, else a space, else a whole character. */
		cut = cut_line != NULL ? cut_line : cut_space;
		if (cut == NULL) {
			/* Inside a mention: before it (a stray name mark has none). */
			cut = in_mark && mark != NULL ? mark : q;
			while (cut > p && html_units((unsigned char)*cut) == 0)
				cut--;
		}
		if (cut == p)
			cut = q;
		parts[n++] = xstrndup(p, (size_t)(cut - p));
		p = cut;
	}
	return n;
}
