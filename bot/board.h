/*
 * board.h: what the channel sees of a running game.
 *
 * On a platform that can edit messages (ADAPTER_EDIT) a table is one
 * message, the board, edited in place as the game moves: the public view,
 * the last few events and buttons.  Only notable events (a CHEERS, the
 * end) are posted as messages of their own, so a busy table writes one
 * coalesced edit instead of a message per move.  Elsewhere every move's
 * events and the table are posted as messages, as a console shows them.
 */
#ifndef BOT_BOARD_H
#define BOT_BOARD_H

#include "bot/adapter.h"
#include "game/game.h"

struct table;

/*
 * Tells the channel about an accepted move: its events (borrowed), then
 * the table when a human must act next (human) or the game is over.
 */
void	 board_move(struct table *, const struct game_events *, int human,
	     int over);
/* The game begins: says so and shows the table. */
void	 board_start(struct table *);
/*
 * Shows the table again at the bottom of the channel (status); news
 * (borrowed, may be NULL) answers whoever asked.  0, or -1 when this
 * platform has no board (the caller posts the table itself).
 */
int	 board_repost(struct table *, const char *news);
/* The table closes: its board loses its buttons.  Safe without a board. */
void	 board_close(struct table *);

#endif
