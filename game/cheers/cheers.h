/*
 * CHEERS: the flagship game's public face, its ops table, plus the few
 * accessors and the invariant checker that tests and tools use.
 */
#ifndef GAME_CHEERS_CHEERS_H
#define GAME_CHEERS_CHEERS_H

#include <stddef.h>

#include "game/game.h"

extern const struct game_ops cheers_ops;

/*
 * Checks every invariant of a game: all 50 cards accounted for once, no
 * shaker above its volume without a prompt on it, hands at their size while
 * the deck lasts, prompts that make sense.  Returns 0, or -1 and *cause.
 * The game is borrowed.
 */
int	 cheers_check(const struct game *, char **cause);

/* How many teams the game has; the team (0 = A) of a seat.  Borrowed. */
int	 cheers_nteams(const struct game *);
int	 cheers_team_of(const struct game *, int seat);

/*
 * Copies a team's secret recipe as a count per kind (beer, wine, cocktail,
 * tropical, whisky) into counts[5].  Returns 0, or -1 for a bad team.
 */
int	 cheers_recipe(const struct game *, int team, int counts[5]);

/*
 * Writes a team's recipe as render_private shows it ("🍺🍺🍷🍸🥃") into buf,
 * capped at len.  Returns 0, or -1 for a bad team.
 */
int	 cheers_recipe_text(const struct game *, int team, char *buf, size_t len);

/* Copies a game; the caller frees the copy with cheers_ops.free_game. */
struct game *cheers_copy(const struct game *);

#endif
