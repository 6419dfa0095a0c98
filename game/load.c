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

int
game_load_ints(const cJSON *a, const char *name, int maxn, int min, int max,
    int *out, int *n, const char *game, char **cause)
{
	const cJSON	*v;
	int		 i = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > maxn)
		return set_cause(cause, "Saved %s field \"%s\" must be a list "
		    "of at most %d numbers.", game, name, maxn);
	cJSON_ArrayForEach(v, a) {
		if (i >= maxn || !cJSON_IsNumber(v) || v->valuedouble < min ||
		    v->valuedouble > max ||
		    v->valuedouble != (int)v->valuedouble)
			return set_cause(cause, "Saved %s field \"%s\" holds a "
			    "number outside %d-%d.", game, name, min, max);
		out[i++] = (int)v->valuedouble;
	}
	*n = i;
	return 0;
}

int
game_load_fixed(const cJSON *o, const char *name, int want, int min, int max,
    int *out, const char *game, char **cause)
{
	int	n;

	if (game_load_ints(cJSON_GetObjectItemCaseSensitive(o, name), name,
	    want, min, max, out, &n, game, cause) != 0)
		return -1;
	if (n != want)
		return set_cause(cause, "Saved %s field \"%s\" must list %d "
		    "numbers.", game, name, want);
	return 0;
}

int
game_load_rows(const cJSON *o, const char *name, int count, int maxn,
    int min, int max, int *out, size_t stride, int *lens,
    game_ints_reader *read, const char *game, char **cause)
{
	const cJSON	*a = cJSON_GetObjectItemCaseSensitive(o, name), *row;
	int		 i = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != count)
		return set_cause(cause, "Saved %s field \"%s\" must list %d "
		    "entries.", game, name, count);
	cJSON_ArrayForEach(row, a) {
		if (i >= count)
			break;
		if (read(row, name, maxn, min, max, out + (size_t)i * stride,
		    &lens[i], game, cause) != 0)
			return -1;
		i++;
	}
	/* Every row was read: lens[0 .. count - 1] are all set. */
	for (; i < count; i++)
		lens[i] = 0;
	return 0;
}
