/*
 * Closing a table: its board's last edit, then it leaves the bot.  Apart
 * from table.c, which the saying/ and storage/ rooms call for the tables
 * themselves, so that the tables' own file never calls up into saying/.
 */
#include "bot/saying/board-post.h"
#include "bot/tables/table.h"

void
table_close(struct table *t)
{
	board_close(t);
	table_drop(t);
}
