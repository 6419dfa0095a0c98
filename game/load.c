/*
 * Typed reads of a saved game, shared by every game's load(): a field is
 * used only when it has the type and range the game expects, and a bad
 * one is named in a sentence that says which game's save it was.
 */
#include <string.h>

#include "game/game.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

int
game_load_int(const cJSON *o, const char *name, int min, int max, int *out,
    const char *game, char **cause)
{
	int64_t	v;

	if (json_int(o, name, min, max, &v) != 0)
		return set_cause(cause, "Saved %s field \"%s\" must be a whole "
		    "number from %d to %d.", game, name, min, max);
	*out = (int)v;
	return 0;
}

int
game_load_word(const cJSON *o, const char *name, const char *const *list,
    int *out, const char *game, char **cause)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(o, name);
	int		 i;

	if (cJSON_IsString(v)) {
		for (i = 0; list[i] != NULL; i++) {
			if (strcmp(list[i], v->valuestring) == 0) {
				*out = i;
				return 0;
			}
		}
	}
	return set_cause(cause, "Saved %s field \"%s\" has a bad value.", game,
	    name);
}
