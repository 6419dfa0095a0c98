/*
 * Reads of a game's compiled-in card data (its cards.json), shared by the
 * games' cards.c: the data is checked as strictly as a save, so a bad
 * edit stops the game from starting instead of dealing a wrong deck.
 */
#include "game/game.h"

/* See game.h: o is borrowed, and so is the list returned. */
const cJSON *
game_data_list(const cJSON *o, const char *name, int n)
{
	const cJSON	*a = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsArray(a) && cJSON_GetArraySize(a) == n ? a : NULL;
}
