/*
 * Who may speak next when the send queue is busy: the tables whose AI
 * seats are ready to move ask for the floor (irc_behind in irc.c), and
 * get it in the order they first asked, one at a time, only while few
 * chat lines wait to go.  So AI games share the server's flood limit
 * fairly, none outruns the wire (no line of a game's log is dropped for
 * lack of room), and each move's line goes out as the move is made, not
 * a round of other tables later.  A table that stops asking (it closed,
 * or its task changed) leaves the line after FLOOR_STALE_MS.  Pure: no
 * clock and no I/O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/irc/irc-int.h"
#include "lib/xmalloc.h"

#define FLOOR_STALE_MS	2000	/* an ask not renewed in this is forgotten */
#define FLOOR_MAX	4096	/* channels waiting, at most */

struct floor_ask {
	TAILQ_ENTRY(floor_ask)	 entry;
	uint64_t		 asked;		/* when last renewed */
	char			 name[IRC_TARGET_MAX + 1];	/* casefolded */
};

struct irc_floor {
	TAILQ_HEAD(, floor_ask)	 asks;		/* first asked, first */
	int			 n;
};

struct irc_floor *
floor_new(void)
{
	struct irc_floor	*f = xcalloc(1, sizeof *f);

	TAILQ_INIT(&f->asks);
	return f;
}

static void
floor_remove(struct irc_floor *f, struct floor_ask *a)
{
	TAILQ_REMOVE(&f->asks, a, entry);
	f->n--;
	free(a);
}

void
floor_free(struct irc_floor *f)
{
	struct floor_ask	*a, *next;

	if (f == NULL)
		return;
	for (a = TAILQ_FIRST(&f->asks); a != NULL; a = next) {
		next = TAILQ_NEXT(a, entry);
		free(a);
	}
	free(f);
}

int
floor_take(struct irc_floor *f, const char *channel, int waiting,
    uint64_t now)
{
	struct floor_ask	*a, *next, *mine = NULL;
	char			 name[IRC_TARGET_MAX + 1];

	if (strlen(channel) > IRC_TARGET_MAX)
		return waiting == 0;
	snprintf(name, sizeof name, "%s", channel);
	irc_casefold(name);
	for (a = TAILQ_FIRST(&f->asks); a != NULL; a = next) {
		next = TAILQ_NEXT(a, entry);
		if (strcmp(a->name, name) == 0)
			mine = a;
		else if (now - a->asked > FLOOR_STALE_MS)
			floor_remove(f, a);
	}
	if (mine == NULL) {
		if (f->n >= FLOOR_MAX)
			return waiting == 0;
		mine = xcalloc(1, sizeof *mine);
		memcpy(mine->name, name, sizeof mine->name);
		TAILQ_INSERT_TAIL(&f->asks, mine, entry);
		f->n++;
	}
	mine->asked = now;
	if (waiting > 0 || mine != TAILQ_FIRST(&f->asks))
		return 0;
	floor_remove(f, mine);
	return 1;
}

int
floor_waiting(const struct irc_floor *f)
{
	return f->n;
}
