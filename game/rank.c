/*
 * A finished game's final table (struct game_ranking), which each game's
 * final_table fills: the ranking every game shares, so that a tie reads
 * the same everywhere.
 */
#include <string.h>

#include "game/game.h"

void
game_ranking_init(struct game_ranking *r)
{
	memset(r, 0, sizeof *r);
}

/* See game.h. */
int
game_ranking_start(struct game_ranking *r, int state)
{
	game_ranking_init(r);
	return state == GAME_RUNNING ? -1 : 0;
}

struct game_rank *
game_ranking_add(struct game_ranking *r, unsigned seats)
{
	struct game_rank	*row;

	if (r->n >= GAME_MAX_SEATS)
		return NULL;
	row = &r->row[r->n++];
	memset(row, 0, sizeof *row);
	row->seats = seats;
	return row;
}

/* Compares two rows as the table ranks them: < 0 when a comes first. */
static int
rank_cmp(const struct game_rank *a, const struct game_rank *b)
{
	if (a->won != b->won)
		return a->won ? -1 : 1;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	if (a->tiebreak != b->tiebreak)
		return a->tiebreak > b->tiebreak ? -1 : 1;
	return 0;
}

/* The lowest seat of a row, to keep equal rows in seat order. */
static int
rank_first(const struct game_rank *a)
{
	return a->seats == 0 ? GAME_MAX_SEATS : __builtin_ctz(a->seats);
}

void
game_ranking_sort(struct game_ranking *r)
{
	struct game_rank	tmp;
	int			i, j;

	/* At most 8 rows: an insertion sort, stable. */
	for (i = 1; i < r->n; i++) {
		tmp = r->row[i];
		for (j = i; j > 0 && (rank_cmp(&tmp, &r->row[j - 1]) < 0 ||
		    (rank_cmp(&tmp, &r->row[j - 1]) == 0 &&
		    rank_first(&tmp) < rank_first(&r->row[j - 1]))); j--)
			r->row[j] = r->row[j - 1];
		r->row[j] = tmp;
	}
	for (i = 0; i < r->n; i++)
		r->row[i].place = i > 0 &&
		    rank_cmp(&r->row[i], &r->row[i - 1]) == 0 ?
		    r->row[i - 1].place : i + 1;
}
