/*
 * save.c: a Magic Cocktail game as versioned JSON and back.  The card data
 * is not saved: it comes from the compiled-in data, as in a new game.  The
 * deck is a string of one letter per card ("a" the first kind, "k" the
 * joker), the hands a count per kind.  Every field is checked for type and
 * bounds on load, and the loaded game must then pass magic_check(), so a
 * corrupt or hostile document yields NULL and a sentence, never a crash or
 * a trusted lie.
 */
#include <stdlib.h>
#include <string.h>

#include "game/magic/magic-int.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define SAVE_VERSION	1

static const char *const save_states[] = { "running", "won", "tied", NULL };
static const char *const save_phases[] = { "trade", "lay", "over", NULL };

static cJSON *
save_offer(const struct magic_offer *o)
{
	cJSON	*j = cJSON_CreateObject();

	cJSON_AddNumberToObject(j, "id", o->id);
	cJSON_AddNumberToObject(j, "from", o->from);
	cJSON_AddNumberToObject(j, "to", o->to);
	cJSON_AddStringToObject(j, "give", magic_kind_choices[o->give]);
	cJSON_AddNumberToObject(j, "ngive", o->ngive);
	cJSON_AddStringToObject(j, "want", magic_kind_choices[o->want]);
	cJSON_AddNumberToObject(j, "nwant", o->nwant);
	cJSON_AddNumberToObject(j, "reply", o->reply);
	return j;
}

/* The closed offers of the round: [{"id":3,"why":"stone","who":2}, ...]. */
static cJSON *
save_gone(const struct game *g)
{
	cJSON	*a = cJSON_CreateArray(), *j;
	int	 id;

	for (id = 1; id <= MAGIC_OFFER_ID_MAX; id++) {
		if (g->gone[id].why == MAGIC_GONE_NONE)
			continue;
		j = cJSON_CreateObject();
		cJSON_AddNumberToObject(j, "id", id);
		cJSON_AddStringToObject(j, "why",
		    magic_gone_words[(int)g->gone[id].why]);
		cJSON_AddNumberToObject(j, "who", g->gone[id].who);
		cJSON_AddItemToArray(a, j);
	}
	return a;
}

static cJSON *
save_lay(const struct magic_lay *l)
{
	cJSON	*j = cJSON_CreateObject();

	cJSON_AddBoolToObject(j, "done", l->done);
	cJSON_AddItemToObject(j, "kinds", cJSON_CreateIntArray(l->kind, 2));
	cJSON_AddItemToObject(j, "natural", cJSON_CreateIntArray(l->natural,
	    2));
	cJSON_AddItemToObject(j, "jokers", cJSON_CreateIntArray(l->jokers, 2));
	return j;
}

/* The game as JSON; the caller frees it with cJSON_Delete. */
cJSON *
magic_save(const struct game *g)
{
	cJSON	*o = game_save_header("magic", SAVE_VERSION, g->nplayers);
	cJSON	*a;
	char	 deck[MAGIC_NCARDS_MAX + 1];
	int	 s, i;

	game_save_options(o, magic_options, MAGIC_NOPTIONS, g->opt);
	for (i = 0; i < g->ndeck; i++)
		deck[i] = (char)('a' + g->deck[i]);
	deck[g->ndeck] = '\0';
	cJSON_AddStringToObject(o, "deck", deck);
	a = cJSON_AddArrayToObject(o, "hands");
	for (s = 0; s < g->nplayers; s++)
		cJSON_AddItemToArray(a, cJSON_CreateIntArray(g->hand[s],
		    MAGIC_NALL));
	cJSON_AddItemToObject(o, "pile", cJSON_CreateIntArray(g->pile,
	    g->npile));
	cJSON_AddItemToObject(o, "used", cJSON_CreateIntArray(g->used,
	    g->nused));
	cJSON_AddNumberToObject(o, "round", g->round);
	cJSON_AddStringToObject(o, "phase", save_phases[g->phase]);
	cJSON_AddItemToObject(o, "stones", cJSON_CreateIntArray(g->stone,
	    g->nplayers));
	a = cJSON_AddArrayToObject(o, "offers");
	for (i = 0; i < g->noffers; i++)
		cJSON_AddItemToArray(a, save_offer(&g->offer[i]));
	cJSON_AddNumberToObject(o, "next_offer", g->next_id);
	cJSON_AddItemToObject(o, "closed", save_gone(g));
	cJSON_AddItemToObject(o, "acts", cJSON_CreateIntArray(g->acts,
	    g->nplayers));
	a = cJSON_AddArrayToObject(o, "lays");
	for (s = 0; s < g->nplayers; s++)
		cJSON_AddItemToArray(a, save_lay(&g->lay[s]));
	cJSON_AddItemToObject(o, "path", cJSON_CreateIntArray(g->pos,
	    g->nplayers));
	cJSON_AddItemToObject(o, "moved", cJSON_CreateIntArray(g->moved,
	    g->nplayers));
	game_save_result(o, save_states, g->state, g->winners);
	cJSON_AddItemToObject(o, "rng", rng_save(&g->rng));
	return o;
}

/*
 * Reads array a (named name) of whole numbers in [min, max] into out: at
 * most maxn of them, exactly maxn when exact.  The count goes to *n.
 */
static int
load_ints(const cJSON *a, const char *name, int maxn, int exact, int min,
    int max, int *out, int *n, char **cause)
{
	const cJSON	*v;
	int		 i = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > maxn ||
	    (exact && cJSON_GetArraySize(a) != maxn))
		return set_cause(cause, "Saved Magic Cocktail field \"%s\" must "
		    "be a list of %s%d numbers.", name, exact ? "" :
		    "at most ", maxn);
	cJSON_ArrayForEach(v, a) {
		if (!cJSON_IsNumber(v) || v->valuedouble < min ||
		    v->valuedouble > max ||
		    v->valuedouble != (int)v->valuedouble)
			return set_cause(cause, "Saved Magic Cocktail field "
			    "\"%s\" holds a number outside %d-%d.", name, min,
			    max);
		out[i++] = (int)v->valuedouble;
	}
	if (n != NULL)
		*n = i;
	return 0;
}

/* o[name] as a list of exactly n numbers in [min, max]. */
static int
load_fixed(const cJSON *o, const char *name, int n, int min, int max,
    int *out, char **cause)
{
	return load_ints(cJSON_GetObjectItemCaseSensitive(o, name), name, n, 1,
	    min, max, out, NULL, cause);
}

static int
load_offer(struct game *g, const cJSON *j, struct magic_offer *o,
    char **cause)
{
	if (!cJSON_IsObject(j))
		return set_cause(cause, "A saved Magic Cocktail offer must be an "
		    "object.");
	return game_load_int(j, "id", 1, MAGIC_OFFER_ID_MAX, &o->id,
	    "Magic Cocktail", cause) != 0 ||
	    game_load_int(j, "from", 0, g->nplayers - 1, &o->from,
	    "Magic Cocktail", cause) != 0 ||
	    game_load_int(j, "to", -1, g->nplayers - 1, &o->to,
	    "Magic Cocktail", cause) != 0 ||
	    game_load_word(j, "give", magic_kind_choices, &o->give,
	    "Magic Cocktail", cause) != 0 ||
	    game_load_int(j, "ngive", 1, MAGIC_TRADE_MAX, &o->ngive,
	    "Magic Cocktail", cause) != 0 ||
	    game_load_word(j, "want", magic_kind_choices, &o->want,
	    "Magic Cocktail", cause) != 0 ||
	    game_load_int(j, "nwant", 1, MAGIC_TRADE_MAX, &o->nwant,
	    "Magic Cocktail", cause) != 0 ||
	    game_load_int(j, "reply", 0, MAGIC_OFFER_ID_MAX, &o->reply,
	    "Magic Cocktail", cause) != 0 ? -1 : 0;
}

static int
load_lay(struct game *g, const cJSON *j, struct magic_lay *l, char **cause)
{
	const cJSON	*d = cJSON_GetObjectItemCaseSensitive(j, "done");
	int		 k;

	memset(l, 0, sizeof *l);
	if (!cJSON_IsObject(j) || !cJSON_IsBool(d))
		return set_cause(cause, "A saved Magic Cocktail lay is "
		    "malformed.");
	l->done = cJSON_IsTrue(d);
	if (load_fixed(j, "kinds", 2, -1, MAGIC_NKINDS - 1, l->kind,
	    cause) != 0 || load_fixed(j, "natural", 2, 0, MAGIC_SET_MAX,
	    l->natural, cause) != 0 || load_fixed(j, "jokers", 2, 0,
	    MAGIC_SET_MAX, l->jokers, cause) != 0)
		return -1;
	/* The points follow from the cards; magic_check checks the rest. */
	for (k = 0; k < 2; k++) {
		if (l->kind[k] < 0)
			continue;
		l->value += magic_points(g, l->kind[k], l->natural[k] +
		    l->jokers[k]);
		l->cards += l->natural[k] + l->jokers[k];
	}
	return 0;
}

/* The cards: deck, hands, recipes. */
static int
load_cards(struct game *g, const cJSON *o, char **cause)
{
	const char	*deck;
	const cJSON	*a, *v;
	int		 i, n, s = 0;

	v = cJSON_GetObjectItemCaseSensitive(o, "deck");
	if (!cJSON_IsString(v) || strlen(v->valuestring) > MAGIC_NCARDS_MAX)
		return set_cause(cause, "Saved Magic Cocktail field \"deck\" "
		    "must be a string of at most %d cards.", MAGIC_NCARDS_MAX);
	deck = v->valuestring;
	for (i = 0; deck[i] != '\0'; i++) {
		if (deck[i] < 'a' || deck[i] >= 'a' + MAGIC_NALL)
			return set_cause(cause, "Saved Magic Cocktail deck holds "
			    "a bad card.");
		g->deck[i] = deck[i] - 'a';
	}
	g->ndeck = i;
	a = cJSON_GetObjectItemCaseSensitive(o, "hands");
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != g->nplayers)
		return set_cause(cause, "Saved Magic Cocktail field \"hands\" "
		    "must list one hand per player.");
	cJSON_ArrayForEach(v, a)
		if (load_ints(v, "hands", MAGIC_NALL, 1, 0, g->ncards,
		    g->hand[s++], NULL, cause) != 0)
			return -1;
	if (load_ints(cJSON_GetObjectItemCaseSensitive(o, "pile"), "pile",
	    MAGIC_NRECIPES + 1, 0, 0, MAGIC_LIGHTNING, g->pile, &g->npile,
	    cause) != 0 || load_ints(cJSON_GetObjectItemCaseSensitive(o,
	    "used"), "used", MAGIC_NRECIPES + 1, 0, 0, MAGIC_LIGHTNING, g->used,
	    &n, cause) != 0)
		return -1;
	g->nused = n;
	return 0;
}

/*
 * The closed offers, if saved (saves before they were kept have none);
 * the ids and seats are checked here, the rest by magic_check.
 */
static int
load_gone(struct game *g, const cJSON *o, char **cause)
{
	const cJSON	*a = cJSON_GetObjectItemCaseSensitive(o, "closed"), *v;
	int		 id, why, who;

	if (a == NULL)
		return 0;
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > MAGIC_OFFER_ID_MAX)
		return set_cause(cause, "Saved Magic Cocktail field \"closed\" "
		    "must list at most %d offers.", MAGIC_OFFER_ID_MAX);
	cJSON_ArrayForEach(v, a) {
		if (!cJSON_IsObject(v))
			return set_cause(cause, "A saved Magic Cocktail closed "
			    "offer must be an object.");
		if (game_load_int(v, "id", 1, MAGIC_OFFER_ID_MAX, &id,
		    "Magic Cocktail", cause) != 0 ||
		    game_load_word(v, "why", magic_gone_words, &why,
		    "Magic Cocktail", cause) != 0 ||
		    game_load_int(v, "who", 0, g->nplayers - 1, &who,
		    "Magic Cocktail", cause) != 0)
			return -1;
		if (why == MAGIC_GONE_NONE || g->gone[id].why != MAGIC_GONE_NONE)
			return set_cause(cause, "Saved Magic Cocktail closed "
			    "offer %d is listed twice or not closed.", id);
		g->gone[id].why = (signed char)why;
		g->gone[id].who = (signed char)who;
	}
	return 0;
}

/* The round: phase, stones, offers, lays. */
static int
load_round(struct game *g, const cJSON *o, char **cause)
{
	const cJSON	*a, *v;
	int		 i = 0;

	if (game_load_int(o, "round", 1, 1000, &g->round, "Magic Cocktail",
	    cause) != 0 ||
	    game_load_word(o, "phase", save_phases, &g->phase, "Magic Cocktail",
	    cause) != 0 ||
	    load_fixed(o, "stones", g->nplayers, 0, g->nplayers, g->stone,
	    cause) != 0 ||
	    game_load_int(o, "next_offer", 1, MAGIC_OFFER_ID_MAX + 1,
	    &g->next_id, "Magic Cocktail", cause) != 0 ||
	    load_fixed(o, "acts", g->nplayers, 0, 100000, g->acts, cause) != 0 ||
	    load_gone(g, o, cause) != 0)
		return -1;
	for (i = 0, g->nstones = 0; i < g->nplayers; i++)
		if (g->stone[i])
			g->nstones++;
	a = cJSON_GetObjectItemCaseSensitive(o, "offers");
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > MAGIC_MAX_OFFERS)
		return set_cause(cause, "Saved Magic Cocktail field \"offers\" "
		    "must list at most %d offers.", MAGIC_MAX_OFFERS);
	i = 0;
	cJSON_ArrayForEach(v, a)
		if (load_offer(g, v, &g->offer[i++], cause) != 0)
			return -1;
	g->noffers = i;
	a = cJSON_GetObjectItemCaseSensitive(o, "lays");
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != g->nplayers)
		return set_cause(cause, "Saved Magic Cocktail field \"lays\" "
		    "must list one per player.");
	i = 0;
	cJSON_ArrayForEach(v, a)
		if (load_lay(g, v, &g->lay[i++], cause) != 0)
			return -1;
	return 0;
}

/*
 * Reads a game magic_save wrote.  o is borrowed.  Returns a game the caller
 * frees with game_free, or NULL and *cause.
 */
struct game *
magic_load(const cJSON *o, char **cause)
{
	struct game	*g;
	int		 version;

	if (game_save_header_check(o, "magic", "Magic Cocktail", SAVE_VERSION,
	    &version, cause) != 0)
		return NULL;
	g = xcalloc(1, sizeof *g);
	if (game_load_int(o, "players", MAGIC_MIN_PLAYERS, MAGIC_MAX_PLAYERS,
	    &g->nplayers, "Magic Cocktail", cause) != 0 ||
	    game_load_options(o, magic_options, MAGIC_NOPTIONS, g->opt,
	    "Magic Cocktail", cause) != 0 ||
	    magic_options_apply(g, cause) != 0 ||
	    magic_cards_load(g, cause) != 0 || load_cards(g, o, cause) != 0 ||
	    load_round(g, o, cause) != 0 ||
	    load_fixed(o, "path", g->nplayers, 0, g->path_len, g->pos,
	    cause) != 0 ||
	    load_fixed(o, "moved", g->nplayers, -100, 100, g->moved,
	    cause) != 0 ||
	    game_load_result(o, save_states, g->nplayers, &g->state,
	    &g->winners, "Magic Cocktail", cause) != 0)
		goto fail;
	return game_load_checked(g, &g->rng, o, magic_check, "Magic Cocktail",
	    cause);
fail:
	free(g);
	return NULL;
}
