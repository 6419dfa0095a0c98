/*
 * Typed reads of a saved game, shared by every game's load(): a field is
 * used only when it has the type and range the game expects, and a bad
 * one is named in a sentence that says which game's save it was.
 */
#include <stdlib.h>
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

/*
 * See game.h: one versioning rule for every game's save, 1 to the
 * current version.  o and the names are borrowed.
 */
int
game_save_header_check(const cJSON *o, const char *name, const char *title,
    int version, int *out, char **cause)
{
	const cJSON	*v;
	int64_t		 n;

	if (!cJSON_IsObject(o))
		return set_cause(cause, "A saved %s game must be a JSON object.",
		    title);
	v = cJSON_GetObjectItemCaseSensitive(o, "game");
	if (!cJSON_IsString(v) || strcmp(v->valuestring, name) != 0)
		return set_cause(cause, "The saved game is not a %s game.",
		    title);
	if (json_int(o, "version", 1, INT32_MAX, &n) != 0)
		return set_cause(cause, "Saved %s field \"version\" must be a "
		    "whole number from 1.", title);
	if (n > version)
		return set_cause(cause, "Saved %s version %lld was written by "
		    "a newer cheersbot (this one reads 1 to %d).", title,
		    (long long)n, version);
	*out = (int)n;
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

/* See game.h: g is owned; freed when its rng or check fails. */
struct game *
game_load_checked(struct game *g, struct rng *rng, const cJSON *o,
    game_checker *check, const char *title, char **cause)
{
	char	*why = NULL;

	if (rng_load(rng, cJSON_GetObjectItemCaseSensitive(o, "rng"),
	    cause) != 0) {
		free(g);
		return NULL;
	}
	if (check(g, &why) == 0)
		return g;
	set_cause(cause, "The saved %s game is inconsistent: %s", title, why);
	free(why);
	free(g);
	return NULL;
}

/* See game.h: options are borrowed; opt has n slots. */
int
game_load_options(const cJSON *o, const struct game_option *options, int n,
    int *opt, const char *game, char **cause)
{
	const cJSON	*opts = cJSON_GetObjectItemCaseSensitive(o, "options");
	int		 i;

	if (!cJSON_IsObject(opts))
		return set_cause(cause, "Saved %s field \"options\" must be an "
		    "object.", game);
	for (i = 0; i < n; i++)
		if (game_load_word(opts, options[i].name, options[i].values,
		    &opt[i], game, cause) != 0)
			return -1;
	return 0;
}

/* See game.h: states is borrowed. */
int
game_load_result(const cJSON *o, const char *const *states, int nplayers,
    int *state, unsigned *winners, const char *game, char **cause)
{
	int	v = 0;

	if (game_load_word(o, "state", states, state, game, cause) != 0 ||
	    game_load_int(o, "winners", 0, (1 << nplayers) - 1, &v, game,
	    cause) != 0)
		return -1;
	*winners = (unsigned)v;
	return 0;
}

/* See game.h. */
void
game_free(struct game *g)
{
	free(g);
}
