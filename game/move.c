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

/* See game.h: list and name are borrowed. */
int
game_name_index(const char *const *list, int n, const char *name)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strcmp(list[i], name) == 0)
			return i;
	return -1;
}

/* See game.h: options and opt are borrowed. */
int
game_options_check(const struct game_option *options, int n, const int *opt,
    const char *game, char **cause)
{
	int	i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; options[i].values[k] != NULL; k++)
			;
		if (opt[i] < 0 || opt[i] >= k)
			return set_cause(cause, "%s option %s is out of range.",
			    game, options[i].name);
	}
	return 0;
}

/* See game.h: op and v are borrowed. */
int
game_option_find(const struct game_option *op, const char *v)
{
	int	i;

	if (v == NULL)
		return 0;
	for (i = 0; op->values[i] != NULL; i++)
		if (strcmp(op->values[i], v) == 0)
			return i;
	return -1;
}

/* See game.h: op and v are borrowed. */
int
game_option_value(const struct game_option *op, const char *v, char **cause)
{
	char	list[128];
	int	i;

	/* Asked for every option of every new game: the list only to refuse. */
	if ((i = game_option_find(op, v)) >= 0)
		return i;
	list[0] = '\0';
	for (i = 0; op->values[i] != NULL; i++) {
		if (i > 0)
			game_cat(list, ", ", sizeof list);
		game_cat(list, op->values[i], sizeof list);
	}
	return set_cause(cause, "Option %s cannot be \"%.40s\": use %s.",
	    op->name, v, list);
}

/* See game.h: out holds max moves. */
int
game_moves_add(struct game_move *out, int n, size_t max, int action, int a0,
    int a1, int a2, int a3, int a4)
{
	if ((size_t)n >= max)
		return n;
	out[n].action = action;
	out[n].args[0] = a0;
	out[n].args[1] = a1;
	out[n].args[2] = a2;
	out[n].args[3] = a3;
	out[n].args[4] = a4;
	out[n].args[5] = -1;
	return n + 1;
}

/* See game.h: m is borrowed. */
int
game_apply_check(int state, int nplayers, int nactions, int seat,
    const struct game_move *m, char **cause)
{
	if (state != GAME_RUNNING)
		return set_cause(cause, "The game is over.");
	if (seat < 0 || seat >= nplayers)
		return set_cause(cause, "You are not playing at this table.");
	if (m->action < 0 || m->action >= nactions)
		return set_cause(cause, "There is no such action.");
	return 0;
}

/* See game.h. */
void
game_result_init(struct game_result *r, int state, unsigned winners)
{
	memset(r, 0, sizeof *r);
	r->state = (enum game_state)state;
	r->winners = winners;
}

int
game_move_starts(const struct game_move *a, const struct game_move *b,
    int nargs)
{
	int	i;

	if (a->action != b->action)
		return 0;
	for (i = 0; i < nargs; i++)
		if (a->args[i] != b->args[i])
			return 0;
	return 1;
}
