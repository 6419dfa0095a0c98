/*
 * final-table.h: a finished game's final table, told the same way on every
 * platform: the game ranks its seats or teams (game_ops.final_table);
 * this puts the rows into words, as lines of text or a board's field.
 */
#ifndef BOT_SAYING_FINAL_TABLE_H
#define BOT_SAYING_FINAL_TABLE_H

struct adapter_view;
struct buf;
struct table;

/*
 * Appends t's final table to b in game text, a heading then one row a
 * line: "Final scores:\n 1. @{0}: 9 points, 2 recipes served".  0, or -1
 * (nothing appended) when the game runs or tells no final table.
 */
int	 final_lines(const struct table *t, struct buf *b);
/*
 * Puts t's final table into v as its first field, a whole row, moving
 * the other fields down (the last one drops off when v is full).  0, or
 * -1 (v unchanged) as for final_lines.
 */
int	 final_field(const struct table *t, struct adapter_view *v);

#endif
