/*
 * The event list a move produces: public lines, and private notes.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "lib/xmalloc.h"

/*
 * Empties the list.  Only the counters are reset: an event's text is
 * written before it is counted, and nothing reads past e->n, so the 10 KB
 * of text slots need no clearing on every move.
 */
void
game_events_init(struct game_events *e)
{
	e->n = 0;
	e->dropped = 0;
	e->private_changed = 0;
	e->show_table = 0;
	e->nnotes = 0;
	e->notes_lost = 0;
}

/*
 * The one writer of a public line: game_events_add's and game_say's.
 * Appends a line of kind about seat to e, its text formatted from fmt
 * and ap (borrowed); past GAME_MAX_EVENTS it counts the line as dropped.
 */
static void
game_events_vadd(struct game_events *e, enum game_event_kind kind, int seat,
    const char *fmt, va_list ap)
{
	struct game_event	*ev;

	if ((ev = game_events_new(e, kind, seat)) != NULL)
		game_vformat(ev->text, sizeof ev->text, fmt, ap);
}

void
game_events_add(struct game_events *e, enum game_event_kind kind, int seat,
    const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	game_events_vadd(e, kind, seat, fmt, ap);
	va_end(ap);
}

/*
 * Appends one public line about seat (GAME_EV_INFO) to e, which may be
 * NULL (set-up, where nobody listens); past GAME_MAX_EVENTS it counts the
 * line as dropped.  A line about the table during a turn names the active
 * seat: the bot reads a line about no seat (-1) as the table moving on to
 * a new turn (bot/saying/narrate.c).  fmt and its arguments are borrowed.
 */
void
game_say(struct game_events *e, int seat, const char *fmt, ...)
{
	va_list	ap;

	if (e == NULL)
		return;
	va_start(ap, fmt);
	game_events_vadd(e, GAME_EV_INFO, seat, fmt, ap);
	va_end(ap);
}

void
game_events_notef(struct game_events *e, int seat, const char *fmt, ...)
{
	struct game_note	*n;
	va_list			 ap;

	if ((n = game_events_note(e, seat)) == NULL)
		return;
	va_start(ap, fmt);
	game_vformat(n->text, sizeof n->text, fmt, ap);
	va_end(ap);
}

/*
 * See game.h: ev, or a scratch list the mark owns; g's state is copied
 * into saved.
 */
struct game_events *
game_apply_begin(struct game *g, void *saved, size_t size,
    struct game_events *ev, struct game_apply_mark *mk)
{
	mk->g = g;
	mk->saved = saved;
	mk->size = size;
	memcpy(saved, g, size);
	mk->local = NULL;
	if (ev == NULL) {
		ev = mk->local = xmalloc(sizeof *mk->local);
		game_events_init(ev);
	}
	mk->n = ev->n;
	mk->dropped = ev->dropped;
	mk->changed = ev->private_changed;
	return ev;
}

/* Puts the state and the lines back as they were at mk. */
void
game_apply_undo(struct game_events *ev, const struct game_apply_mark *mk)
{
	memcpy(mk->g, mk->saved, mk->size);
	ev->n = mk->n;
	ev->dropped = mk->dropped;
	ev->private_changed = mk->changed;
}

/* Frees mk's scratch list, if any. */
void
game_apply_end(struct game_apply_mark *mk)
{
	free(mk->local);
	mk->local = NULL;
}
