/*
 * save.c: a Cosdrink Encounters game as versioned JSON and back.  The card
 * data is not saved: it comes from the compiled-in data, as in a new game.
 * Every field is checked for type and bounds on load, and the loaded game
 * must then pass cos_check(), so a corrupt or hostile document yields NULL
 * and a sentence, never a crash or a trusted lie.
 */
#include <stdlib.h>
#include <string.h>

#include "game/cosdrink/cosdrink-int.h"
#include "lib/xmalloc.h"

#define SAVE_VERSION	1
#define SAVE_BIG	1000000

static const char *const save_states[] = { "running", "won", NULL };

/* A JSON array of n whole numbers; the caller owns it. */
static cJSON *
save_ints(const int *v, int n)
{
	return cJSON_CreateIntArray(v, n);
}

/* The game as JSON; the caller frees it with cJSON_Delete. */
cJSON *
cos_save(const struct game *g)
{
	cJSON	*o = game_save_header("cosdrink", SAVE_VERSION, g->nplayers);
	cJSON	*a, *b;
	int	 s;

	game_save_options(o, cos_options, COS_NOPTIONS, g->opt);
	cJSON_AddItemToObject(o, "monster_deck", save_ints(g->mdeck, g->nmdeck));
	cJSON_AddItemToObject(o, "monster_box", save_ints(g->mbox, g->nmbox));
	cJSON_AddItemToObject(o, "destroyed", save_ints(g->mgone, g->nmgone));
	cJSON_AddItemToObject(o, "monsters", save_ints(g->monster,
	    g->nplayers));
	cJSON_AddItemToObject(o, "kings", save_ints(g->kings, g->nkings));
	cJSON_AddNumberToObject(o, "kings_total", g->kings_total);
	cJSON_AddItemToObject(o, "item_deck", save_ints(g->ideck, g->nideck));
	cJSON_AddItemToObject(o, "item_box", save_ints(g->ibox, g->nibox));
	cJSON_AddItemToObject(o, "item_discard", save_ints(g->idiscard,
	    g->nidiscard));
	a = cJSON_AddArrayToObject(o, "hands");
	b = cJSON_AddArrayToObject(o, "piles");
	for (s = 0; s < g->nplayers; s++) {
		cJSON_AddItemToArray(a, save_ints(g->hand[s], g->nhand[s]));
		cJSON_AddItemToArray(b, save_ints(g->pile[s].item,
		    g->pile[s].n));
	}
	cJSON_AddItemToObject(o, "king_pile", save_ints(g->kpile.item,
	    g->kpile.n));
	cJSON_AddNumberToObject(o, "dealer", g->dealer);
	cJSON_AddNumberToObject(o, "encounter", g->encounter);
	cJSON_AddNumberToObject(o, "round", g->round);
	cJSON_AddNumberToObject(o, "king_open", g->king_open);
	cJSON_AddNumberToObject(o, "turn", g->turn);
	cJSON_AddNumberToObject(o, "done", g->done);
	cJSON_AddNumberToObject(o, "acted", g->acted);
	cJSON_AddNumberToObject(o, "aided", g->aided);
	cJSON_AddNumberToObject(o, "retreated", g->retreated);
	cJSON_AddNumberToObject(o, "asked", g->asked);
	cJSON_AddItemToObject(o, "drinks", save_ints(g->drinks, g->nplayers));
	cJSON_AddItemToObject(o, "beaten", save_ints(g->beaten, g->nplayers));
	game_save_result(o, save_states, g->state, g->winners);
	cJSON_AddItemToObject(o, "rng", rng_save(&g->rng));
	return o;
}

/* Reads a mask of seats o[name] into *out. */
static int
load_mask(const struct game *g, const cJSON *o, const char *name,
    unsigned *out, char **cause)
{
	int	v;

	if (game_load_int(o, name, 0, (1 << g->nplayers) - 1, &v, "Cosdrink",
	    cause) != 0)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* Reads o[name]: at most maxn whole numbers in [min, max]. */
static int
load_list(const cJSON *o, const char *name, int maxn, int min, int max,
    int *out, int *n, char **cause)
{
	return game_load_ints(cJSON_GetObjectItemCaseSensitive(o, name), name,
	    maxn, min, max, out, n, "Cosdrink", cause);
}

/* Reads o[name], one list per seat, each at most maxn items long. */
static int
load_rows(struct game *g, const cJSON *o, const char *name, int maxn,
    int hands, char **cause)
{
	const cJSON	*a = cJSON_GetObjectItemCaseSensitive(o, name), *row;
	int		 s = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != g->nplayers)
		return set_cause(cause, "Saved Cosdrink field \"%s\" must list "
		    "one entry per player.", name);
	cJSON_ArrayForEach(row, a) {
		if (game_load_ints(row, name, maxn, 0, g->nitems - 1, hands ?
		    g->hand[s] : g->pile[s].item, hands ? &g->nhand[s] :
		    &g->pile[s].n, "Cosdrink", cause) != 0)
			return -1;
		s++;
	}
	return 0;
}

static int
load_options(struct game *g, const cJSON *o, char **cause)
{
	return game_load_options(o, cos_options, COS_NOPTIONS, g->opt,
	    "Cosdrink", cause);
}

/* The monster and item piles, hands and the middle. */
static int
load_cards(struct game *g, const cJSON *o, char **cause)
{
	int	mmax = g->nmonsters - 1, imax = g->nitems - 1;

	if (load_list(o, "monster_deck", g->nmonsters, 0, mmax, g->mdeck,
	    &g->nmdeck, cause) != 0 ||
	    load_list(o, "monster_box", g->nmonsters, 0, mmax, g->mbox,
	    &g->nmbox, cause) != 0 ||
	    load_list(o, "destroyed", g->nmonsters, 0, mmax, g->mgone,
	    &g->nmgone, cause) != 0 ||
	    game_load_fixed(o, "monsters", g->nplayers, -1, mmax, g->monster,
	    "Cosdrink", cause) != 0 ||
	    load_list(o, "kings", COS_KINGS_MAX, 0, mmax, g->kings, &g->nkings,
	    cause) != 0 ||
	    game_load_int(o, "kings_total", 1, COS_KINGS_MAX, &g->kings_total,
	    "Cosdrink", cause) != 0 ||
	    load_list(o, "item_deck", g->nitems, 0, imax, g->ideck, &g->nideck,
	    cause) != 0 ||
	    load_list(o, "item_box", g->nitems, 0, imax, g->ibox, &g->nibox,
	    cause) != 0 ||
	    load_list(o, "item_discard", g->nitems, 0, imax, g->idiscard,
	    &g->nidiscard, cause) != 0 ||
	    load_rows(g, o, "hands", COS_HAND, 1, cause) != 0 ||
	    load_rows(g, o, "piles", g->nitems, 0, cause) != 0 ||
	    load_list(o, "king_pile", g->nitems, 0, imax, g->kpile.item,
	    &g->kpile.n, cause) != 0)
		return -1;
	return 0;
}

/* The encounter, round, tally and end. */
static int
load_round(struct game *g, const cJSON *o, char **cause)
{
	int	n;

	if (game_load_int(o, "dealer", 0, g->nplayers - 1, &g->dealer,
	    "Cosdrink", cause) != 0 ||
	    game_load_int(o, "encounter", 1, SAVE_BIG, &g->encounter,
	    "Cosdrink", cause) != 0 ||
	    game_load_int(o, "round", 1, SAVE_BIG, &g->round, "Cosdrink",
	    cause) != 0 ||
	    game_load_int(o, "king_open", 0, 1, &g->king_open, "Cosdrink",
	    cause) != 0 ||
	    game_load_int(o, "turn", -1, g->nplayers - 1, &g->turn, "Cosdrink",
	    cause) != 0 ||
	    load_mask(g, o, "done", &g->done, cause) != 0 ||
	    load_mask(g, o, "acted", &g->acted, cause) != 0 ||
	    load_mask(g, o, "aided", &g->aided, cause) != 0 ||
	    load_mask(g, o, "retreated", &g->retreated, cause) != 0 ||
	    load_mask(g, o, "asked", &g->asked, cause) != 0 ||
	    load_list(o, "drinks", g->nplayers, 0, SAVE_BIG, g->drinks, &n,
	    cause) != 0 ||
	    game_load_result(o, save_states, g->nplayers, &g->state,
	    &g->winners, "Cosdrink", cause) != 0)
		return -1;
	if (n != g->nplayers)
		return set_cause(cause, "Saved Cosdrink field \"drinks\" must "
		    "list every player.");
	/* Saves from before the final table have no "beaten": none yet. */
	if (cJSON_GetObjectItemCaseSensitive(o, "beaten") != NULL) {
		if (load_list(o, "beaten", g->nplayers, 0, SAVE_BIG, g->beaten,
		    &n, cause) != 0)
			return -1;
		if (n != g->nplayers)
			return set_cause(cause, "Saved Cosdrink field "
			    "\"beaten\" must list every player.");
	}
	return 0;
}

/*
 * Reads a game cos_save wrote.  o is borrowed.  Returns a game the caller
 * frees with game_free, or NULL and *cause.
 */
struct game *
cos_load(const cJSON *o, char **cause)
{
	struct game	*g;
	int		 version, s;

	if (game_save_header_check(o, "cosdrink", "Cosdrink Encounters",
	    SAVE_VERSION, &version, cause) != 0)
		return NULL;
	g = xcalloc(1, sizeof *g);
	for (s = 0; s < COS_MAX_PLAYERS; s++)
		g->monster[s] = -1;
	if (game_load_int(o, "players", 2, COS_MAX_PLAYERS, &g->nplayers,
	    "Cosdrink", cause) != 0 || load_options(g, o, cause) != 0 ||
	    cos_cards_load(g, cause) != 0 || load_cards(g, o, cause) != 0 ||
	    load_round(g, o, cause) != 0)
		goto fail;
	return game_load_checked(g, &g->rng, o, cos_check, "Cosdrink", cause);
fail:
	free(g);
	return NULL;
}
