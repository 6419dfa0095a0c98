/*
 * Messages with a delay stamp (XEP-0203 <delay xmlns='urn:xmpp:delay'/>,
 * or the older XEP-0091 <x xmlns='jabber:x:delay'/>) are old.  A room
 * replays its history with stamps; the server hands over a 1:1 message
 * stored while the bot was offline with one.  The bot never runs an old
 * command (the table may have moved on, and history must not play twice),
 * but a player who wrote to it 1:1 while it was away is told so, instead
 * of hearing nothing.  Pure functions: xmpp.c acts on their answer.
 */
#include <string.h>

#include "adapters/xmpp/xml.h"
#include "adapters/xmpp/xmpp-int.h"
#include "lib/xmalloc.h"

#define DELAY_QUOTE_MAX	60	/* bytes of the old message quoted back */

enum xmpp_delay
delay_classify(const struct xml_node *msg, const char *bare, int from_room,
    const char *self)
{
	const char	*type = xml_attr(msg, "type");

	if (xml_child(msg, "delay", NS_DELAY) == NULL &&
	    xml_child(msg, "x", NS_DELAY_OLD) == NULL)
		return XMPP_DELAY_NONE;
	/*
	 * Room history, a server's or our own old message: nobody to
	 * answer.  Only a person's 1:1 chat (type chat or normal) is.
	 */
	if (from_room || strchr(bare, '@') == NULL || jid_bare_eq(bare, self) ||
	    (type != NULL && strcmp(type, "chat") != 0 &&
	    strcmp(type, "normal") != 0))
		return XMPP_DELAY_IGNORE;
	return XMPP_DELAY_ANSWER;
}

char *
delay_answer(const char *body)
{
	const char	*p = body;
	size_t		 len, cut;

	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	len = strcspn(p, "\r\n");
	while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
		len--;
	if (len == 0)
		return xstrdup("You wrote to me while I was away, so I did not "
		    "play it: send it again.");
	cut = len;
	if (cut > DELAY_QUOTE_MAX) {
		/* Never inside a UTF-8 character. */
		for (cut = DELAY_QUOTE_MAX; cut > 0 &&
		    ((unsigned char)p[cut] & 0xc0) == 0x80; cut--)
			;
	}
	return xasprintf("You sent \"%.*s%s\" while I was away, so I did not "
	    "play it: send it again.", (int)cut, p, cut < len ? "…" : "");
}
