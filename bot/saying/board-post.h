/*
 * board-post.h: what the channel sees of a running game.
 *
 * On a platform that can edit messages (ADAPTER_EDIT) a table is one
 * message, the board, edited in place as the game moves: the public view,
 * the last few events and buttons.  Only notable events (a CHEERS, the
 * end) are posted as messages of their own, so a busy table writes one
 * coalesced edit instead of a message per move.  Elsewhere every move is
 * one line (bot/saying/narrate.h), and the whole table is posted at the start,
 * on status, and where a move changed all of it.
 */
#ifndef BOT_SAYING_BOARD_POST_H
#define BOT_SAYING_BOARD_POST_H

#include "bot/adapter.h"
#include "game/game.h"

struct narrate_asked;
struct table;

/*
 * Tells the channel about an accepted move: its events (borrowed), as
 * one line where there is no board (bot/saying/narrate.h), opened by lead (may
 * be NULL); before is what was asked before the move.  over: the game
 * has ended.
 */
void	 board_move(struct table *, const struct game_events *,
	     const struct narrate_asked *before, const char *lead, int over);
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
