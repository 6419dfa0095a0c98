/*
 * cards.c: the components of CHEERS as data.  The five kinds are a const
 * table; the 50 ingredient cards and the 5 recipe cards are read from
 * cards.json and recipes.json, which the Makefile compiles in as strings,
 * so the engine does no file I/O.  Both are checked for balance when they
 * are first needed, once per process (call_once): every new game and every
 * load then copies the parsed cards instead of parsing the JSON again,
 * which used to cost more than playing the game.  The parsed data never
 * changes, so the cache holds no game state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include <cjson/cJSON.h>

#include "game/cheers/cheers-int.h"
#include "lib/xmalloc.h"

extern const char game_cheers_cards_json[];
extern const char game_cheers_recipes_json[];

const char *const cheers_kind_names[CHEERS_NKINDS] = {
	"beer", "wine", "cocktail", "tropical", "whisky"
};
#define CARDS_BEER	"\xf0\x9f\x8d\xba"	/* 🍺 */
#define CARDS_WINE	"\xf0\x9f\x8d\xb7"	/* 🍷 */
#define CARDS_COCKTAIL	"\xf0\x9f\x8d\xb8"	/* 🍸 */
#define CARDS_TROPICAL	"\xf0\x9f\x8d\xb9"	/* 🍹 */
#define CARDS_WHISKY	"\xf0\x9f\xa5\x83"	/* 🥃 */
const char *const cheers_kind_emoji[CHEERS_NKINDS] = {
	CARDS_BEER, CARDS_WINE, CARDS_COCKTAIL, CARDS_TROPICAL, CARDS_WHISKY
};
/* The same bytes in place, without a pointer to follow on every move. */
const char cheers_kind_glyph[CHEERS_NKINDS][CHEERS_EMOJI_LEN] = {
	CARDS_BEER, CARDS_WINE, CARDS_COCKTAIL, CARDS_TROPICAL, CARDS_WHISKY
};
/*
 * Each kind as the narration names it, "🍹 tropical", with its length: a
 * move writes one or two, so they are copied whole, not measured.
 */
#define CARDS_NAMED(e, w)	{ e " " w, sizeof e " " w - 1 }
_Static_assert(sizeof CARDS_COCKTAIL " cocktail" <= CHEERS_NAMED_MAX &&
    sizeof CARDS_TROPICAL " tropical" <= CHEERS_NAMED_MAX,
    "the longest names fit CHEERS_NAMED_MAX");
const struct cheers_named cheers_kind_named[CHEERS_NKINDS] = {
	CARDS_NAMED(CARDS_BEER, "beer"), CARDS_NAMED(CARDS_WINE, "wine"),
	CARDS_NAMED(CARDS_COCKTAIL, "cocktail"),
	CARDS_NAMED(CARDS_TROPICAL, "tropical"),
	CARDS_NAMED(CARDS_WHISKY, "whisky")
};
/* Each kind's emoji and name, for the legend and for words instead of emoji. */
const struct game_word cheers_words[CHEERS_NKINDS + 1] = {
	{ CARDS_BEER, "beer" }, { CARDS_WINE, "wine" },
	{ CARDS_COCKTAIL, "cocktail" }, { CARDS_TROPICAL, "tropical" },
	{ CARDS_WHISKY, "whisky" }, { NULL, NULL }
};
/* One length for all: the narration of every move copies them as one word. */
_Static_assert(sizeof CARDS_BEER - 1 == CHEERS_EMOJI_LEN &&
    sizeof CARDS_WINE - 1 == CHEERS_EMOJI_LEN &&
    sizeof CARDS_COCKTAIL - 1 == CHEERS_EMOJI_LEN &&
    sizeof CARDS_TROPICAL - 1 == CHEERS_EMOJI_LEN &&
    sizeof CARDS_WHISKY - 1 == CHEERS_EMOJI_LEN,
    "every kind's emoji is CHEERS_EMOJI_LEN bytes");

/* Returns the kind named s, or -1.  s is borrowed. */
int
cheers_kind_find(const char *s)
{
	return game_name_index(cheers_kind_names, CHEERS_NKINDS, s);
}

/* Reads a kind name from object o's member name; -1 when it is not one. */
static int
cards_kind_member(const cJSON *o, const char *name)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!cJSON_IsString(v))
		return -1;
	return cheers_kind_find(v->valuestring);
}

/*
 * Parses json, CHEERS' what data ("card": cards.json), whose list named
 * key ("cards") must hold exactly n entries.  Returns the document (the
 * caller deletes it) with that list in *list, borrowed from it; or NULL
 * and *cause.
 */
static cJSON *
cards_open(const char *json, const char *what, const char *key, int n,
    const cJSON **list, char **cause)
{
	cJSON	*doc;

	if ((doc = cJSON_Parse(json)) == NULL) {
		set_cause(cause, "The CHEERS %s data is not valid JSON.", what);
		return NULL;
	}
	if ((*list = game_data_list(doc, key, n)) == NULL) {
		set_cause(cause, "The CHEERS %s data must list %d %s.", what, n,
		    key);
		cJSON_Delete(doc);
		return NULL;
	}
	return doc;
}

/*
 * Fills card[50] from cards.json and checks the deck is balanced: 10 cards
 * of each big kind, each kind 10 times as a small icon, never a card that
 * cheers with its own kind.  Returns 0, or -1 and *cause.
 */
static int
cards_parse(struct cheers_card *card, char **cause)
{
	cJSON		*doc;
	const cJSON	*list, *o;
	int		 n = 0, nbig[CHEERS_NKINDS] = { 0 };
	int		 nsmall[CHEERS_NKINDS] = { 0 }, k, rc = -1;

	if ((doc = cards_open(game_cheers_cards_json, "card", "cards",
	    CHEERS_NCARDS, &list, cause)) == NULL)
		return -1;
	cJSON_ArrayForEach(o, list) {
		card[n].big = cards_kind_member(o, "big");
		card[n].small = cards_kind_member(o, "small");
		if (card[n].big < 0 || card[n].small < 0 ||
		    card[n].big == card[n].small) {
			set_cause(cause, "CHEERS card %d has a bad big or small "
			    "icon.", n + 1);
			goto out;
		}
		nbig[card[n].big]++;
		nsmall[card[n].small]++;
		n++;
	}
	for (k = 0; k < CHEERS_NKINDS; k++) {
		if (nbig[k] != 10 || nsmall[k] != 10) {
			set_cause(cause, "The CHEERS deck is unbalanced: %s has "
			    "%d big and %d small icons, not 10 and 10.",
			    cheers_kind_names[k], nbig[k], nsmall[k]);
			goto out;
		}
	}
	rc = 0;
out:
	cJSON_Delete(doc);
	return rc;
}

/*
 * Fills recipe[5][5] (count per kind) from recipes.json and checks each
 * recipe has 5 tokens with no kind more than twice, and that across the
 * recipes every kind is used equally often.  Returns 0, or -1 and *cause.
 */
static int
recipes_parse(int recipe[CHEERS_NRECIPES][CHEERS_NKINDS], char **cause)
{
	cJSON		*doc;
	const cJSON	*list, *o, *tokens, *t;
	int		 n = 0, k, total[CHEERS_NKINDS] = { 0 }, rc = -1;

	if ((doc = cards_open(game_cheers_recipes_json, "recipe", "recipes",
	    CHEERS_NRECIPES, &list, cause)) == NULL)
		return -1;
	memset(recipe, 0, sizeof recipe[0] * CHEERS_NRECIPES);
	cJSON_ArrayForEach(o, list) {
		tokens = game_data_list(o, "tokens", CHEERS_RECIPE_TOKENS);
		if (tokens == NULL) {
			set_cause(cause, "CHEERS recipe %d must have %d tokens.",
			    n + 1, CHEERS_RECIPE_TOKENS);
			goto out;
		}
		cJSON_ArrayForEach(t, tokens) {
			k = cJSON_IsString(t) ? cheers_kind_find(t->valuestring) : -1;
			if (k < 0 || ++recipe[n][k] > 2) {
				set_cause(cause, "CHEERS recipe %d has a bad token "
				    "or a kind more than twice.", n + 1);
				goto out;
			}
			total[k]++;
		}
		n++;
	}
	for (k = 1; k < CHEERS_NKINDS; k++) {
		if (total[k] != total[0]) {
			set_cause(cause, "The CHEERS recipes are unbalanced: "
			    "%s is used %d times, beer %d.",
			    cheers_kind_names[k], total[k], total[0]);
			goto out;
		}
	}
	rc = 0;
out:
	cJSON_Delete(doc);
	return rc;
}

/* Both data files as parsed once, or why they could not be. */
static struct {
	int			rc;
	char			cause[256];
	struct cheers_card	card[CHEERS_NCARDS];
	int			recipe[CHEERS_NRECIPES][CHEERS_NKINDS];
} cards_cache;
static once_flag cards_once = ONCE_FLAG_INIT;

/* Parses both data files into cards_cache; run once by call_once. */
static void
cards_cache_fill(void)
{
	char	*cause = NULL;

	cards_cache.rc = 0;
	if (cards_parse(cards_cache.card, &cause) != 0 ||
	    recipes_parse(cards_cache.recipe, &cause) != 0) {
		cards_cache.rc = -1;
		snprintf(cards_cache.cause, sizeof cards_cache.cause, "%s",
		    cause);
		free(cause);
	}
}

/*
 * Fills card[50] with the ingredient cards of cards.json.  Returns 0, or
 * -1 and *cause when the card data (or the recipe data, checked at the
 * same time) is bad.
 */
int
cheers_cards_load(struct cheers_card *card, char **cause)
{
	call_once(&cards_once, cards_cache_fill);
	if (cards_cache.rc != 0)
		return set_cause(cause, "%s", cards_cache.cause);
	memcpy(card, cards_cache.card, sizeof cards_cache.card);
	return 0;
}

/*
 * Fills recipe[5][5] (count per kind) with the recipe cards of
 * recipes.json.  Returns 0, or -1 and *cause as cheers_cards_load.
 */
int
cheers_recipes_load(int recipe[CHEERS_NRECIPES][CHEERS_NKINDS], char **cause)
{
	call_once(&cards_once, cards_cache_fill);
	if (cards_cache.rc != 0)
		return set_cause(cause, "%s", cards_cache.cause);
	memcpy(recipe, cards_cache.recipe, sizeof cards_cache.recipe);
	return 0;
}
