/*
 * save.c: a CHEERS game as versioned JSON and back.  Every field is checked
 * for type and bounds on load, and the loaded game must then pass
 * cheers_check(), so a malformed or hostile document yields NULL and a
 * sentence, never a crash.  Card icons are not saved: they come from the
 * compiled-in card data, as in a new game.
 */
#include <stdlib.h>
#include <string.h>

#include "game/cheers/cheers-int.h"
#include "lib/xmalloc.h"

#define SAVE_VERSION	1

static const char *const save_states[] = { "running", "won", "tied", NULL };
static const char *const save_kinds[] = { "cheers", "overflow", NULL };

static cJSON *
save_ints(const int *v, int n)
{
	cJSON	*a = cJSON_CreateArray();
	int	 i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
	return a;
}

/* The game as JSON; the caller frees it with cJSON_Delete. */
cJSON *
cheers_save(const struct game *g)
{
	cJSON	*o = game_save_header("cheers", SAVE_VERSION, g->nplayers);
	cJSON	*a, *q;
	int	 i;

	cJSON_AddStringToObject(o, "mode",
	    cheers_options[CHEERS_O_MODE].values[g->mode]);
	cJSON_AddStringToObject(o, "recipe",
	    cheers_options[CHEERS_O_RECIPE].values[g->method]);
	cJSON_AddStringToObject(o, "victory",
	    cheers_options[CHEERS_O_VICTORY].values[g->victory]);
	cJSON_AddStringToObject(o, "teams", cheers_layouts[g->layout].name);
	cJSON_AddItemToObject(o, "team_of", save_ints(g->team_of, g->nplayers));
	a = cJSON_AddArrayToObject(o, "recipes");
	for (i = 0; i < g->nteams; i++)
		cJSON_AddItemToArray(a, save_ints(g->recipe[i], CHEERS_NKINDS));
	cJSON_AddItemToObject(o, "deck", save_ints(g->deck, g->ndeck));
	cJSON_AddItemToObject(o, "discard", save_ints(g->discard, g->ndiscard));
	a = cJSON_AddArrayToObject(o, "hands");
	for (i = 0; i < g->nplayers; i++)
		cJSON_AddItemToArray(a, save_ints(g->hand[i], g->nhand[i]));
	a = cJSON_AddArrayToObject(o, "shakers");
	for (i = 0; i < g->nshakers; i++)
		cJSON_AddItemToArray(a, save_ints(g->shaker[i], g->nshaker[i]));
	cJSON_AddNumberToObject(o, "turn", g->turn);
	cJSON_AddNumberToObject(o, "draw_due", g->draw_due);
	a = cJSON_AddArrayToObject(o, "queue");
	for (i = 0; i < g->nqueue; i++) {
		q = cJSON_CreateObject();
		cJSON_AddStringToObject(q, "kind", save_kinds[g->queue[i].kind]);
		cJSON_AddNumberToObject(q, "shaker", g->queue[i].shaker);
		cJSON_AddNumberToObject(q, "card", g->queue[i].card);
		cJSON_AddItemToArray(a, q);
	}
	game_save_result(o, save_states, g->state, g->winners);
	cJSON_AddNumberToObject(o, "win_shakers", g->win_shakers);
	cJSON_AddItemToObject(o, "rng", rng_save(&g->rng));
	return o;
}

static int
load_queue(struct game *g, const cJSON *o, char **cause)
{
	const cJSON	*a = cJSON_GetObjectItemCaseSensitive(o, "queue"), *q;
	int		 i = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > CHEERS_QUEUE_MAX)
		return set_cause(cause, "Saved CHEERS field \"queue\" must be a "
		    "list of at most %d prompts.", CHEERS_QUEUE_MAX);
	cJSON_ArrayForEach(q, a) {
		if (!cJSON_IsObject(q) ||
		    game_load_word(q, "kind", save_kinds, &g->queue[i].kind,
		    "CHEERS", NULL) != 0 ||
		    game_load_int(q, "shaker", 0, g->nshakers - 1,
		    &g->queue[i].shaker, "CHEERS", NULL) != 0 ||
		    game_load_int(q, "card", -1, CHEERS_NCARDS - 1,
		    &g->queue[i].card, "CHEERS", NULL) != 0)
			return set_cause(cause, "Saved CHEERS prompt %d is "
			    "malformed.", i + 1);
		i++;
	}
	g->nqueue = i;
	return 0;
}

/* Rebuilds the team lists from the saved team of each seat. */
static int
load_teams(struct game *g, const cJSON *o, char **cause)
{
	const struct cheers_layout	*l = &cheers_layouts[g->layout];
	int				 team_of[CHEERS_MAX_PLAYERS], n, s, t;
	int				 size[CHEERS_MAX_TEAMS] = { 0 };

	if (game_load_ints(cJSON_GetObjectItemCaseSensitive(o, "team_of"),
	    "team_of", CHEERS_MAX_PLAYERS, 0, l->nteams - 1, team_of, &n,
	    "CHEERS", cause) != 0)
		return -1;
	if (n != g->nplayers)
		return set_cause(cause, "Saved CHEERS field \"team_of\" must "
		    "list every seat.");
	if (g->mode != CHEERS_MASQUERADE) {
		if (memcmp(team_of, g->team_of, (size_t)n * sizeof (int)) != 0)
			return set_cause(cause, "Saved CHEERS teams do not match "
			    "layout %s.", l->name);
		return 0;
	}
	for (s = 0; s < n; s++) {
		t = team_of[s];
		g->team_of[s] = t;
		g->team_seat[t][size[t]++] = s;
	}
	for (t = 0; t < l->nteams; t++)
		if (size[t] != l->size[t])
			return set_cause(cause, "Saved CHEERS teams are not "
			    "balanced as layout %s.", l->name);
	memcpy(g->team_size, size, sizeof size);
	return 0;
}

/*
 * Reads a game cheers_save wrote.  o is borrowed.  Returns a game the
 * caller frees with game_free, or NULL and *cause.
 */
struct game *
cheers_load(const cJSON *o, char **cause)
{
	struct game	*g;
	const cJSON	*v;
	int		 version, layout, i, n, lens[CHEERS_MAX_SHAKERS];
	int		 win_shakers;

	if (game_save_header_check(o, "cheers", "CHEERS", SAVE_VERSION,
	    &version, cause) != 0)
		return NULL;
	g = xcalloc(1, sizeof *g);
	/* Setup shuffles Masquerade seats; the saved seats then replace them. */
	rng_init(&g->rng, 0, 0);
	if (game_load_int(o, "players", 2, CHEERS_MAX_PLAYERS, &g->nplayers,
	    "CHEERS", cause) != 0 ||
	    game_load_word(o, "mode", cheers_options[CHEERS_O_MODE].values,
	    &g->mode, "CHEERS", cause) != 0 ||
	    game_load_word(o, "recipe", cheers_options[CHEERS_O_RECIPE].values,
	    &g->method, "CHEERS", cause) != 0 ||
	    game_load_word(o, "victory",
	    cheers_options[CHEERS_O_VICTORY].values, &g->victory, "CHEERS",
	    cause) != 0)
		goto fail;
	v = cJSON_GetObjectItemCaseSensitive(o, "teams");
	if (!cJSON_IsString(v) || strcmp(v->valuestring, "auto") == 0) {
		set_cause(cause, "Saved CHEERS field \"teams\" must name a "
		    "layout.");
		goto fail;
	}
	if (cheers_layout_pick(g->nplayers, g->mode, v->valuestring, &layout,
	    cause) != 0 || cheers_setup_teams(g, layout, cause) != 0 ||
	    load_teams(g, o, cause) != 0 ||
	    cheers_cards_load(g->card, cause) != 0)
		goto fail;

	if (game_load_rows(o, "recipes", g->nteams, CHEERS_NKINDS, 0, 2,
	    &g->recipe[0][0], CHEERS_NKINDS, lens, game_load_ints, "CHEERS",
	    cause) != 0)
		goto fail;
	for (i = 0; i < g->nteams; i++) {
		if (lens[i] != CHEERS_NKINDS) {
			set_cause(cause, "A saved CHEERS recipe must have a "
			    "count for each of the 5 kinds.");
			goto fail;
		}
	}
	if (game_load_ints(cJSON_GetObjectItemCaseSensitive(o, "deck"), "deck",
	    CHEERS_NCARDS, 0, CHEERS_NCARDS - 1, g->deck, &g->ndeck, "CHEERS",
	    cause) != 0 ||
	    game_load_ints(cJSON_GetObjectItemCaseSensitive(o, "discard"),
	    "discard", CHEERS_NCARDS, 0, CHEERS_NCARDS - 1, g->discard,
	    &g->ndiscard, "CHEERS", cause) != 0 ||
	    game_load_rows(o, "hands", g->nplayers, CHEERS_HAND_MAX, 0,
	    CHEERS_NCARDS - 1, &g->hand[0][0], CHEERS_HAND_MAX, g->nhand,
	    game_load_ints, "CHEERS", cause) != 0 ||
	    game_load_rows(o, "shakers", g->nshakers, CHEERS_SHAKER_ROOM, 0,
	    CHEERS_NCARDS - 1, &g->shaker[0][0], CHEERS_SHAKER_ROOM,
	    g->nshaker, game_load_ints, "CHEERS", cause) != 0 ||
	    game_load_int(o, "turn", 0, g->period - 1, &g->turn, "CHEERS",
	    cause) != 0 ||
	    game_load_int(o, "draw_due", 0, 1, &g->draw_due, "CHEERS",
	    cause) != 0 ||
	    load_queue(g, o, cause) != 0 ||
	    game_load_result(o, save_states, g->nplayers, &g->state,
	    &g->winners, "CHEERS", cause) != 0 ||
	    game_load_int(o, "win_shakers", 0, (1 << g->nshakers) - 1,
	    &win_shakers, "CHEERS", cause) != 0)
		goto fail;
	g->win_shakers = (unsigned)win_shakers;
	cheers_kinds_recount(g);
	g->active = cheers_seat_at(g, g->turn);
	(void)n;
	return game_load_checked(g, &g->rng, o, cheers_check, "CHEERS", cause);
fail:
	free(g);
	return NULL;
}
