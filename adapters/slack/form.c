/*
 * Form bodies for the Web API (application/x-www-form-urlencoded), in a
 * file of their own so that the Slack fuzz target, which stands in for
 * the Web API client (web.c), builds its bodies with this same code.
 */
#include <stdarg.h>

#include <curl/curl.h>

#include "adapters/slack/slack-int.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

/* The longest form body: a chat message's text and blocks fit well under. */
#define FORM_BODY_MAX	(1024 * 1024)

char *
web_form(const char *key, ...)
{
	struct buf	 b;
	va_list		 ap;
	const char	*k, *v;
	char		*e;

	buf_init(&b, FORM_BODY_MAX);
	va_start(ap, key);
	for (k = key; k != NULL; k = va_arg(ap, const char *)) {
		v = va_arg(ap, const char *);
		if ((e = curl_easy_escape(NULL, v, 0)) == NULL)
			fatalx("curl_easy_escape failed");
		buf_printf(&b, "%s%s=%s", b.len > 0 ? "&" : "", k, e);
		curl_free(e);
	}
	va_end(ap);
	return buf_detach(&b);
}
