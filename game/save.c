/*
 * The parts every game's save() writes alike: the header, the options by
 * name, and how the game stands (its state and winners).  game/load.c
 * reads them back.
 */
#include "game/game.h"

/* See game.h: a new object the caller owns. */
cJSON *
game_save_header(const char *name, int version, int nplayers)
{
	cJSON	*o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "game", name);
	cJSON_AddNumberToObject(o, "version", version);
	cJSON_AddNumberToObject(o, "players", nplayers);
	return o;
}

/* See game.h: options and opt are borrowed. */
void
game_save_options(cJSON *o, const struct game_option *options, int n,
    const int *opt)
{
	cJSON	*opts = cJSON_AddObjectToObject(o, "options");
	int	 i;

	for (i = 0; i < n; i++)
		cJSON_AddStringToObject(opts, options[i].name,
		    options[i].values[opt[i]]);
}

/* See game.h: states is borrowed. */
void
game_save_result(cJSON *o, const char *const *states, int state,
    unsigned winners)
{
	cJSON_AddStringToObject(o, "state", states[state]);
	cJSON_AddNumberToObject(o, "winners", winners);
}
