/*
 * XEP-0308 Last Message Correction, as the boards use it: the rules,
 * apart from the timers and sockets of board.c.
 *
 * A board is shown by a first room message and then corrected: each
 * correction is a new message with an id of its own that carries
 * <replace id='FIRST'/>, always naming the first message, never an
 * earlier correction.  Clients are only sure to apply a correction to the
 * last message its sender (our occupant JID) said in the room, and must
 * refuse one for a message from before the sender (re)joined.  So each
 * room remembers which board our last message there belongs to: anything
 * else we say in the room, leaving it or losing the stream ends that, and
 * the board's next state is a new first message, as a repost would be.
 * A body the room shows already is not sent again.
 */
#include <stdlib.h>
#include <string.h>

#include "adapters/xmpp/xmpp-int.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

enum correct_way
correct_choose(const struct muc_room *r, const char *id, const char *body)
{
	if (id == NULL || strcmp(r->board_id, id) != 0)
		return CORRECT_POST;
	if (r->board_text != NULL && strcmp(r->board_text, body) == 0)
		return CORRECT_SKIP;
	if (r->joined && r->board_last)
		return CORRECT_EDIT;
	return CORRECT_POST;
}

void
correct_sent(struct muc_room *r, const char *id, const char *body)
{
	if (strcmp(r->board_id, id) != 0) {
		/* A board id longer than the room keeps is never corrected. */
		if (strlen(id) >= sizeof r->board_id) {
			correct_reset(r);
			return;
		}
		memcpy(r->board_id, id, strlen(id) + 1);
	}
	free(r->board_text);
	r->board_text = xstrdup(body);
	r->board_last = 1;
}

void
correct_break(struct muc_room *r)
{
	r->board_last = 0;
}

void
correct_reset(struct muc_room *r)
{
	r->board_id[0] = '\0';
	free(r->board_text);
	r->board_text = NULL;
	r->board_last = 0;
}

char *
correct_body(const char *news, const char *text)
{
	struct buf	 b;
	const char	*p, *nl;
	char		*line;
	size_t		 n;

	buf_init(&b, 2 * (strlen(text) + (news != NULL ? strlen(news) : 0)) +
	    16);
	for (p = news; p != NULL && *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		n = (size_t)(nl - p);
		if (n == 0)
			continue;
		line = xstrndup(p, n);
		if (strstr(text, line) == NULL)
			buf_printf(&b, "%s\n", line);
		free(line);
	}
	buf_puts(&b, text);
	return buf_detach(&b);
}

char *
correct_stanza(const char *room, const char *id, const char *replace,
    const char *text)
{
	char	*part, *s;

	/* One message, so a long board loses its last lines, never a split. */
	part = xstrndup(text, xmpp_split(text));
	s = xmpp_stanza(room, "groupchat", id, 0, part, replace);
	free(part);
	return s;
}
