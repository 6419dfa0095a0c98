/*
 * Moves and options by name: moves go into the action log as JSON naming
 * the action, so a log stays readable and survives reordered action tables.
 */
#include <string.h>

#include "game/game.h"
#include "lib/xmalloc.h"

cJSON *
game_move_save(const struct game_ops *ops, const struct game_move *m)
{
	const struct game_action	*a = &ops->actions[m->action];
	cJSON				*o = cJSON_CreateObject();
	cJSON				*args = cJSON_AddArrayToObject(o, "args");
	int				 i;

	cJSON_AddStringToObject(o, "action", a->name);
	for (i = 0; i < a->nargs; i++)
		cJSON_AddItemToArray(args, cJSON_CreateNumber(m->args[i]));
	return o;
}

int
game_move_load(const struct game_ops *ops, const cJSON *o,
    struct game_move *m, char **cause)
{
	const cJSON			*name, *args, *v;
	const struct game_action	*a = NULL;
	int				 i;

	if (!cJSON_IsObject(o))
		return set_cause(cause, "a move must be an object");
	name = cJSON_GetObjectItemCaseSensitive(o, "action");
	args = cJSON_GetObjectItemCaseSensitive(o, "args");
	if (!cJSON_IsString(name) || !cJSON_IsArray(args))
		return set_cause(cause, "a move needs an action name and args");
	memset(m, 0, sizeof *m);
	for (i = 0; i < ops->nactions; i++) {
		if (strcmp(ops->actions[i].name, name->valuestring) == 0) {
			a = &ops->actions[i];
			m->action = i;
			break;
		}
	}
	if (a == NULL)
		return set_cause(cause, "%s has no action \"%.40s\"", ops->name,
		    name->valuestring);
	if (cJSON_GetArraySize(args) != a->nargs)
		return set_cause(cause, "action %s takes %d args", a->name, a->nargs);
	for (i = 0; i < GAME_MAX_ARGS; i++)
		m->args[i] = -1;
	for (i = 0; i < a->nargs; i++) {
		v = cJSON_GetArrayItem(args, i);
		if (!cJSON_IsNumber(v) || v->valuedouble < -1 ||
		    v->valuedouble > 1000000 || v->valuedouble != (int)v->valuedouble)
			return set_cause(cause, "action %s arg %d is not a whole number",
			    a->name, i + 1);
		m->args[i] = v->valueint;
	}
	return 0;
}

int
game_option_index(const struct game_ops *ops, const char *name)
{
	int	i;

	for (i = 0; i < ops->noptions; i++)
		if (strcmp(ops->options[i].name, name) == 0)
			return i;
	return -1;
}
