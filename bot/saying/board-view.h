/*
 * board-view.h: a running game's board in parts (struct adapter_view), for
 * the platforms that show a board as a card instead of text.
 */
#ifndef BOT_SAYING_BOARD_VIEW_H
#define BOT_SAYING_BOARD_VIEW_H

#include "bot/adapter.h"

struct table;

/*
 * t's board in parts, as sent with how: its state, title, whose turn,
 * fields and last moves, each seat named as the part can show it.  NULL
 * when t's platform shows no cards (no ADAPTER_VIEW) or its game cannot
 * tell its parts.  Caller frees.
 */
struct adapter_view	*board_view_new(const struct table *t,
			     enum adapter_board how);

#endif
