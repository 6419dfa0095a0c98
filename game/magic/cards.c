/*
 * cards.c: the components of Magic Cocktail as data.  cards.json lists the
 * ten ingredient kinds (name, title, emoji, card count, points for a set
 * of 2 to 8), the Black Something jokers, the nine recipe cards (moves for
 * 1st, 2nd, 3rd and last) and how many recipes the Magic Lightning is
 * shuffled among at the bottom of the pile.  The Makefile compiles it in
 * as a string, so the engine does no file I/O; it is checked on every new
 * game and load: a bad data file stops a game from starting.
 */
#include <stdio.h>
#include <string.h>

#include "game/magic/magic-int.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

extern const char game_magic_cards_json[];

/* Reads one kind (or the joker when points is 0) from o into k. */
static int
cards_kind(const cJSON *o, struct magic_kind *k, int points, int maxcount)
{
	const cJSON	*p, *v;
	const char	*s;
	int64_t		 n;
	int		 i = MAGIC_SET_MIN;

	memset(k, 0, sizeof *k);
	if ((s = json_string(o, "name", sizeof k->name - 1)) == NULL)
		return -1;
	snprintf(k->name, sizeof k->name, "%s", s);
	if ((s = json_string(o, "title", sizeof k->title - 1)) == NULL)
		return -1;
	snprintf(k->title, sizeof k->title, "%s", s);
	if ((s = json_string(o, "emoji", sizeof k->emoji - 1)) == NULL)
		return -1;
	snprintf(k->emoji, sizeof k->emoji, "%s", s);
	if (json_int(o, "count", 1, maxcount, &n) != 0)
		return -1;
	k->count = (int)n;
	if (!points)
		return cJSON_GetObjectItemCaseSensitive(o, "points") == NULL ?
		    0 : -1;
	p = game_data_list(o, "points", MAGIC_SET_MAX - MAGIC_SET_MIN + 1);
	if (p == NULL)
		return -1;
	cJSON_ArrayForEach(v, p) {
		if (!cJSON_IsNumber(v) || v->valuedouble < 1 ||
		    v->valuedouble > 1000 ||
		    v->valuedouble != (int)v->valuedouble)
			return -1;
		k->points[i] = (int)v->valuedouble;
		/* A bigger set is worth more. */
		if (i > MAGIC_SET_MIN && k->points[i] <= k->points[i - 1])
			return -1;
		i++;
	}
	return 0;
}

/* Reads the nine recipes: 1 <= 3rd <= 2nd <= 1st <= 6, last -3..-1. */
static int
cards_recipes(struct game *g, const cJSON *a)
{
	const cJSON	*r, *v;
	int		 i = 0, j;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != MAGIC_NRECIPES)
		return -1;
	cJSON_ArrayForEach(r, a) {
		if (!cJSON_IsArray(r) || cJSON_GetArraySize(r) != 4)
			return -1;
		j = 0;
		cJSON_ArrayForEach(v, r) {
			if (!cJSON_IsNumber(v) ||
			    v->valuedouble != (int)v->valuedouble)
				return -1;
			g->recipe[i][j++] = (int)v->valuedouble;
		}
		if (g->recipe[i][0] > 6 || g->recipe[i][2] < 1 ||
		    g->recipe[i][1] > g->recipe[i][0] ||
		    g->recipe[i][2] > g->recipe[i][1] ||
		    g->recipe[i][3] < -3 || g->recipe[i][3] > -1)
			return -1;
		i++;
	}
	return 0;
}

/*
 * Reads the compiled-in card data into g's components.  Returns 0, or -1
 * and *cause when the data is not what the engine needs.
 */
int
magic_cards_load(struct game *g, char **cause)
{
	cJSON		*doc;
	const cJSON	*a, *v;
	int64_t		 among;
	int		 k = 0, rc = -1;

	g->ncards = 0;
	if ((doc = cJSON_Parse(game_magic_cards_json)) == NULL)
		return set_cause(cause, "The Magic Cocktail card data is not "
		    "JSON.");
	if ((a = game_data_list(doc, "kinds", MAGIC_NKINDS)) == NULL)
		goto out;
	cJSON_ArrayForEach(v, a) {
		if (cards_kind(v, &g->kind[k], 1, 60) != 0 ||
		    strcmp(g->kind[k].name, magic_kind_choices[k]) != 0)
			goto out;
		/* Rarer kinds are worth more at every set size. */
		if (k > 0 && (g->kind[k].count > g->kind[k - 1].count ||
		    g->kind[k].points[MAGIC_SET_MIN] <=
		    g->kind[k - 1].points[MAGIC_SET_MIN]))
			goto out;
		g->ncards += g->kind[k].count;
		k++;
	}
	if (cards_kind(json_object(doc, "joker"), &g->kind[MAGIC_JOKER], 0,
	    8) != 0 || strcmp(g->kind[MAGIC_JOKER].name,
	    magic_kind_choices[MAGIC_JOKER]) != 0)
		goto out;
	g->ncards += g->kind[MAGIC_JOKER].count;
	if (g->ncards > MAGIC_NCARDS_MAX ||
	    cards_recipes(g, cJSON_GetObjectItemCaseSensitive(doc,
	    "recipes")) != 0 ||
	    json_int(doc, "lightning_among", 1, MAGIC_NRECIPES, &among) != 0)
		goto out;
	g->lightning_among = (int)among;
	rc = 0;
out:
	cJSON_Delete(doc);
	if (rc != 0)
		return set_cause(cause, "The Magic Cocktail card data is "
		    "malformed (kind %d or after).", k + 1);
	return 0;
}

/*
 * Points for a set of n cards of kind (jokers included); sets of fewer
 * than 2 score nothing, and more than 8 are never laid.
 */
int
magic_points(const struct game *g, int kind, int n)
{
	if (kind < 0 || kind >= MAGIC_NKINDS || n < MAGIC_SET_MIN)
		return 0;
	if (n > MAGIC_SET_MAX)
		n = MAGIC_SET_MAX;
	return g->kind[kind].points[n];
}

/* "2 🌿 mint" (n > 0) or "🌿 mint" into buf. */
void
magic_kind_text(const struct game *g, int kind, int n, char *buf,
    size_t len)
{
	const struct magic_kind	*k = &g->kind[kind];

	if (n > 0)
		snprintf(buf, len, "%d %s %s", n, k->emoji, k->name);
	else
		snprintf(buf, len, "%s %s", k->emoji, k->name);
}
