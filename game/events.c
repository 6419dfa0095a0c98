/*
 * The public event list a move produces.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/game.h"

void
game_events_init(struct game_events *e)
{
	memset(e, 0, sizeof *e);
}

void
game_events_add(struct game_events *e, enum game_event_kind kind, int seat,
    const char *fmt, ...)
{
	struct game_event	*ev;
	va_list			 ap;

	if (e->n >= GAME_MAX_EVENTS) {
		e->dropped++;
		return;
	}
	ev = &e->ev[e->n++];
	ev->kind = kind;
	ev->seat = seat;
	va_start(ap, fmt);
	vsnprintf(ev->text, sizeof ev->text, fmt, ap);
	va_end(ap);
}
