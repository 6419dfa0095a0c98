/*
 * cards.c: the components of Cosdrink Encounters as data.  cards.json lists
 * the two colours, the Monster Deck (monsters, then Kings), the Item Deck
 * (items with their counts) and how much of each deck a game uses for its
 * number of players.  The Makefile compiles it in as a string, so the
 * engine does no file I/O; it is read and checked on every new game and
 * load, and data that breaks the rules below stops a game from starting.
 */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "game/cosdrink/cosdrink-int.h"
#include "lib/xmalloc.h"

extern const char game_cosdrink_cards_json[];

#define CARDS_VALUE_MAX		20	/* a monster's or King's value */
#define CARDS_ITEM_MAX		9	/* an item's value */
#define CARDS_COUNT_MAX		20	/* copies of one item */

/* Copies string member name of o into buf (len bytes); -1 if absent or long. */
static int
cards_string(const cJSON *o, const char *name, char *buf, size_t len)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!cJSON_IsString(v) || v->valuestring[0] == '\0' ||
	    strlen(v->valuestring) >= len)
		return -1;
	memcpy(buf, v->valuestring, strlen(v->valuestring) + 1);
	return 0;
}

/* Reads whole number member name of o within [min, max]; -1 otherwise. */
static int
cards_int(const cJSON *o, const char *name, int min, int max, int *out)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!cJSON_IsNumber(v) || v->valuedouble < min || v->valuedouble > max ||
	    v->valuedouble != (int)v->valuedouble)
		return -1;
	*out = (int)v->valuedouble;
	return 0;
}

/* The colour named by member "colour" of o, or -1. */
static int
cards_colour(const struct game *g, const cJSON *o)
{
	char	name[COS_NAME_MAX];
	int	c;

	if (cards_string(o, "colour", name, sizeof name) != 0)
		return -1;
	for (c = 0; c < COS_NCOLOURS; c++)
		if (strcmp(g->colour_name[c], name) == 0)
			return c;
	return -1;
}

/* Reads list (monsters or Kings) into g->mon; 0, or -1 and *cause. */
static int
cards_monsters(struct game *g, const cJSON *list, int king, char **cause)
{
	const cJSON		*o;
	struct cos_monster	*m;

	if (!cJSON_IsArray(list))
		return set_cause(cause, "The Cosdrink card data lacks its %s.",
		    king ? "Kings" : "monsters");
	cJSON_ArrayForEach(o, list) {
		if (g->nmonsters >= COS_MONSTERS_MAX)
			return set_cause(cause, "The Cosdrink Monster Deck holds "
			    "more than %d cards.", COS_MONSTERS_MAX);
		m = &g->mon[g->nmonsters];
		m->king = king;
		if (cards_string(o, "name", m->name, sizeof m->name) != 0 ||
		    (m->colour = cards_colour(g, o)) < 0 ||
		    cards_int(o, "value", 1, CARDS_VALUE_MAX, &m->value) != 0)
			return set_cause(cause, "Cosdrink monster %d needs a "
			    "name, a colour and a value from 1 to %d.",
			    g->nmonsters + 1, CARDS_VALUE_MAX);
		g->nmonsters++;
	}
	return 0;
}

/* Reads the item list into g->item; 0, or -1 and *cause. */
static int
cards_items(struct game *g, const cJSON *list, char **cause)
{
	struct cos_item	 it;
	const cJSON	*o;
	int		 count, i, k = 0;

	if (!cJSON_IsArray(list))
		return set_cause(cause, "The Cosdrink card data lacks its "
		    "items.");
	cJSON_ArrayForEach(o, list) {
		k++;
		if (cards_string(o, "name", it.name, sizeof it.name) != 0 ||
		    (it.colour = cards_colour(g, o)) < 0 ||
		    cards_int(o, "value", 1, CARDS_ITEM_MAX, &it.value) != 0 ||
		    cards_int(o, "count", 1, CARDS_COUNT_MAX, &count) != 0)
			return set_cause(cause, "Cosdrink item %d needs a name, "
			    "a colour, a value from 1 to %d and a count.", k,
			    CARDS_ITEM_MAX);
		for (i = 0; i < count; i++) {
			if (g->nitems >= COS_ITEMS_MAX)
				return set_cause(cause, "The Cosdrink Item Deck "
				    "holds more than %d cards.", COS_ITEMS_MAX);
			g->item[g->nitems++] = it;
		}
	}
	return 0;
}

/* Items in a game of n players: so many a player and so many a King. */
int
cos_items_for(const struct game *g, int n)
{
	return g->items_per_player * n + g->items_per_king * g->kings_for[n];
}

/* Reads how much of each deck a game uses; 0, or -1 and *cause. */
static int
cards_setup(struct game *g, const cJSON *o, int nregular, int nkings,
    char **cause)
{
	const cJSON	*k, *v;
	int		 n = 2;

	if (!cJSON_IsObject(o) ||
	    cards_int(o, "monsters_per_player", 1, nregular / COS_MAX_PLAYERS,
	    &g->per_player) != 0 ||
	    cards_int(o, "items_per_player", COS_HAND, COS_ITEMS_MAX,
	    &g->items_per_player) != 0 ||
	    cards_int(o, "items_per_king", 0, COS_ITEMS_MAX,
	    &g->items_per_king) != 0)
		return set_cause(cause, "The Cosdrink set-up data must say how "
		    "many monsters and items a player brings, and how many "
		    "items a King.");
	if ((k = game_data_list(o, "kings", COS_MAX_PLAYERS - 1)) == NULL)
		return set_cause(cause, "The Cosdrink set-up data must give the "
		    "Kings for 2 to %d players.", COS_MAX_PLAYERS);
	cJSON_ArrayForEach(v, k) {
		if (!cJSON_IsNumber(v) || v->valuedouble < 1 ||
		    v->valuedouble > nkings ||
		    v->valuedouble != (int)v->valuedouble)
			return set_cause(cause, "The Cosdrink set-up data asks "
			    "for a number of Kings the deck does not have.");
		g->kings_for[n++] = (int)v->valuedouble;
	}
	for (n = 2; n <= COS_MAX_PLAYERS; n++)
		if (cos_items_for(g, n) > g->nitems)
			return set_cause(cause, "The Cosdrink set-up data asks "
			    "for more items than the Item Deck holds.");
	return 0;
}

/*
 * Reads cards.json into g's components.  Returns 0, or -1 and *cause; a
 * game whose data fails is never started.
 */
int
cos_cards_load(struct game *g, char **cause)
{
	cJSON		*doc;
	const cJSON	*list, *o;
	int		 n = 0, nregular, rc = -1;

	g->nmonsters = g->nitems = 0;
	if ((doc = cJSON_Parse(game_cosdrink_cards_json)) == NULL)
		return set_cause(cause, "The Cosdrink card data is not valid "
		    "JSON.");
	if ((list = game_data_list(doc, "colours", COS_NCOLOURS)) == NULL) {
		set_cause(cause, "The Cosdrink card data must name %d colours.",
		    COS_NCOLOURS);
		goto out;
	}
	cJSON_ArrayForEach(o, list) {
		if (cards_string(o, "name", g->colour_name[n],
		    sizeof g->colour_name[n]) != 0 || cards_string(o, "emoji",
		    g->colour_emoji[n], sizeof g->colour_emoji[n]) != 0) {
			set_cause(cause, "Cosdrink colour %d needs a name and an "
			    "emoji.", n + 1);
			goto out;
		}
		n++;
	}
	if (strcmp(g->colour_name[0], g->colour_name[1]) == 0) {
		set_cause(cause, "The two Cosdrink colours must differ.");
		goto out;
	}
	if (cards_monsters(g, cJSON_GetObjectItemCaseSensitive(doc, "monsters"),
	    0, cause) != 0)
		goto out;
	nregular = g->nmonsters;
	if (cards_monsters(g, cJSON_GetObjectItemCaseSensitive(doc, "kings"), 1,
	    cause) != 0 || cards_items(g, cJSON_GetObjectItemCaseSensitive(doc,
	    "items"), cause) != 0)
		goto out;
	if (g->nmonsters - nregular > COS_KINGS_MAX || g->nmonsters == nregular) {
		set_cause(cause, "The Cosdrink Monster Deck needs 1 to %d Kings.",
		    COS_KINGS_MAX);
		goto out;
	}
	if (cards_setup(g, cJSON_GetObjectItemCaseSensitive(doc, "setup"),
	    nregular, g->nmonsters - nregular, cause) != 0)
		goto out;
	rc = 0;
out:
	cJSON_Delete(doc);
	return rc;
}

/* "Ember Imp (🔥5)" for monster m into buf (len bytes). */
void
cos_monster_name(const struct game *g, int m, char *buf, size_t len)
{
	const struct cos_monster	*mo = &g->mon[m];

	snprintf(buf, len, "%s (%s%d)", mo->name, g->colour_emoji[mo->colour],
	    mo->value);
}

/* "Hot Toddy (🔥3)" for item it into buf (len bytes). */
void
cos_item_name(const struct game *g, int it, char *buf, size_t len)
{
	const struct cos_item	*i = &g->item[it];

	snprintf(buf, len, "%s (%s%d)", i->name, g->colour_emoji[i->colour],
	    i->value);
}

/*
 * Writes an item as its holder reads it, its colour named: "Snow Cone
 * (🧊 ice 4)", into buf (len bytes).
 */
void
cos_item_held(const struct game *g, int it, char *buf, size_t len)
{
	const struct cos_item	*i = &g->item[it];

	snprintf(buf, len, "%s (%s %s %d)", i->name, g->colour_emoji[i->colour],
	    g->colour_name[i->colour], i->value);
}

/*
 * An item's worth against monster m, in halves: its value, halved when
 * the colours differ.
 */
int
cos_worth(const struct game *g, int it, int m)
{
	return g->item[it].colour == g->mon[m].colour ? 2 * g->item[it].value :
	    g->item[it].value;
}

/* The sum of pile p against monster m, in halves. */
int
cos_pile_sum(const struct game *g, const struct cos_pile *p, int m)
{
	int	i, sum = 0;

	for (i = 0; i < p->n; i++)
		sum += cos_worth(g, p->item[i], m);
	return sum;
}

/* A number of halves as text: "4", "4½", "½". */
void
cos_halves(int halves, char *buf, size_t len)
{
	if (halves % 2 == 0)
		snprintf(buf, len, "%d", halves / 2);
	else if (halves == 1)
		snprintf(buf, len, "\xc2\xbd");
	else
		snprintf(buf, len, "%d\xc2\xbd", halves / 2);
}
