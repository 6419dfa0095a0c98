/*
 * cards.c: the components of Friends with Beverages as data.  cards.json
 * lists the resource deck (ingredient kinds with their counts and emoji,
 * equipment types with their counts, the nine interrupts and the events);
 * guests.json lists the 80 guests.  The Makefile compiles both in as
 * strings, so the engine does no file I/O.  Both are checked on load: a
 * bad data file stops a game from starting, it never half-works.
 */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

extern const char game_fwb_cards_json[];
extern const char game_fwb_guests_json[];

const char *const fwb_interrupt_names[FWB_NINTERRUPTS] = {
	"cultural exchange", "equipment recall", "festival rush",
	"guest cancellation", "market volatility", "supply chain hiccup",
	"terrible friend", "terrible traffic", "we only get one shot"
};
const char *const fwb_event_names[FWB_NEVENTS] = {
	"abundance", "equipment exhibition", "lucky find"
};
/* The names as cards print them. */
const char *const fwb_interrupt_titles[FWB_NINTERRUPTS] = {
	"Cultural Exchange", "Equipment Recall", "Festival Rush",
	"Guest Cancellation", "Market Volatility", "Supply Chain Hiccup",
	"Terrible Friend", "Terrible Traffic", "We Only Get One Shot"
};
const char *const fwb_event_titles[FWB_NEVENTS] = {
	"Abundance", "Equipment Exhibition", "Lucky Find"
};

/* Copies string member name of o into out (size len); -1 if absent or long. */
static int
cards_string(const cJSON *o, const char *name, char *out, size_t len)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!cJSON_IsString(v) || v->valuestring[0] == '\0' ||
	    strlen(v->valuestring) >= len)
		return -1;
	memcpy(out, v->valuestring, strlen(v->valuestring) + 1);
	return 0;
}

/* Reads whole number member name of o within [min, max]; -1 otherwise. */
static int
cards_int(const cJSON *o, const char *name, int min, int max, int *out)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!cJSON_IsNumber(v) || v->valuedouble < min ||
	    v->valuedouble > max || v->valuedouble != (int)v->valuedouble)
		return -1;
	*out = (int)v->valuedouble;
	return 0;
}

/* Adds count cards of class cls, kind kind; -1 past the deck's room. */
static int
cards_add(struct game *g, int cls, int kind, int count)
{
	int	i;

	for (i = 0; i < count; i++) {
		if (g->ncards >= FWB_NCARDS_MAX)
			return -1;
		g->card[g->ncards].cls = cls;
		g->card[g->ncards].kind = kind;
		g->ncards++;
	}
	return 0;
}

/* Index of name in list (n long), or -1. */
static int
cards_index(const char *const *list, int n, const char *name)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strcmp(list[i], name) == 0)
			return i;
	return -1;
}

static int
cards_ingredient(const struct game *g, const char *name)
{
	int	k;

	for (k = 0; k < FWB_NINGR; k++)
		if (strcmp(g->ingr_name[k], name) == 0)
			return k;
	return -1;
}

static int
cards_equipment(const struct game *g, const char *name)
{
	int	k;

	for (k = 0; k < FWB_NEQUIP; k++)
		if (strcmp(g->equip_name[k], name) == 0)
			return k;
	return -1;
}

/* Reads the resource deck from doc into g.  Returns 0 or -1 and *cause. */
static int
cards_resources(struct game *g, const cJSON *doc, char **cause)
{
	const cJSON	*list, *o;
	int		 k = 0, n, count, seen[FWB_NINTERRUPTS] = { 0 };
	int		 eseen[FWB_NEVENTS] = { 0 };

	list = cJSON_GetObjectItemCaseSensitive(doc, "ingredients");
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) != FWB_NINGR)
		return set_cause(cause, "The FwB card data must list %d "
		    "ingredient kinds.", FWB_NINGR);
	cJSON_ArrayForEach(o, list) {
		if (cards_string(o, "name", g->ingr_name[k],
		    sizeof g->ingr_name[k]) != 0 ||
		    cards_string(o, "emoji", g->ingr_emoji[k],
		    sizeof g->ingr_emoji[k]) != 0 ||
		    cards_int(o, "count", 2, 12, &count) != 0 ||
		    strcmp(g->ingr_name[k], fwb_kind_choices[k]) != 0 ||
		    cards_add(g, FWB_INGREDIENT, k, count) != 0)
			return set_cause(cause, "FwB ingredient %d is malformed.",
			    k + 1);
		g->ingr_count[k++] = count;
	}
	k = 0;
	list = cJSON_GetObjectItemCaseSensitive(doc, "equipment");
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) != FWB_NEQUIP)
		return set_cause(cause, "The FwB card data must list %d "
		    "equipment types.", FWB_NEQUIP);
	cJSON_ArrayForEach(o, list) {
		if (cards_string(o, "name", g->equip_name[k],
		    sizeof g->equip_name[k]) != 0 ||
		    cards_int(o, "count", 2, 8, &count) != 0 ||
		    strcmp(g->equip_name[k], fwb_equip_choices[k]) != 0 ||
		    cards_add(g, FWB_EQUIPMENT, k, count) != 0)
			return set_cause(cause, "FwB equipment %d is malformed.",
			    k + 1);
		k++;
	}
	list = cJSON_GetObjectItemCaseSensitive(doc, "interrupts");
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) != FWB_NINTERRUPTS)
		return set_cause(cause, "The FwB card data must list the %d "
		    "interrupts.", FWB_NINTERRUPTS);
	cJSON_ArrayForEach(o, list) {
		n = cJSON_IsString(o) ? cards_index(fwb_interrupt_names,
		    FWB_NINTERRUPTS, o->valuestring) : -1;
		if (n < 0 || seen[n]++ || cards_add(g, FWB_INTERRUPT, n, 1) != 0)
			return set_cause(cause, "FwB interrupts must be the nine "
			    "of the rulebook, once each.");
	}
	list = cJSON_GetObjectItemCaseSensitive(doc, "events");
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) != FWB_NEVENTS)
		return set_cause(cause, "The FwB card data must list %d "
		    "events.", FWB_NEVENTS);
	cJSON_ArrayForEach(o, list) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "name");

		n = cJSON_IsString(v) ? cards_index(fwb_event_names,
		    FWB_NEVENTS, v->valuestring) : -1;
		if (n < 0 || eseen[n]++ || cards_int(o, "count", 1, 3,
		    &count) != 0 || cards_add(g, FWB_EVENT, n, count) != 0)
			return set_cause(cause, "FwB events must be abundance, "
			    "equipment exhibition and lucky find, once each.");
	}
	return 0;
}

/* Reads guest n from o.  Returns 0 or -1 and *cause. */
static int
cards_guest(struct game *g, int n, const cJSON *o, char **cause)
{
	struct fwb_guest	*gu = &g->guest[n];
	const cJSON		*list, *v;
	int			 k, count;

	memset(gu, 0, sizeof *gu);
	if (cards_string(o, "country", gu->country, sizeof gu->country) != 0 ||
	    cards_string(o, "liqueur", gu->liqueur, sizeof gu->liqueur) != 0 ||
	    cards_string(o, "trivia", gu->trivia, sizeof gu->trivia) != 0 ||
	    cards_int(o, "points", 1, 10, &gu->points) != 0 ||
	    cards_int(o, "icon4", 1, 4, &gu->icon4) != 0 ||
	    cards_int(o, "icon3", 1, 3, &gu->icon3) != 0)
		return set_cause(cause, "FwB guest %d lacks a name, trivia, "
		    "points or icons in range.", n + 1);
	list = cJSON_GetObjectItemCaseSensitive(o, "ingredients");
	count = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
	if (count < 4 || count > 6)
		return set_cause(cause, "FwB guest %d must need 4 to 6 "
		    "ingredient cards.", n + 1);
	cJSON_ArrayForEach(v, list) {
		k = cJSON_IsString(v) ? cards_ingredient(g, v->valuestring) : -1;
		if (k < 0 || ++gu->ingr[k] > g->ingr_count[k])
			return set_cause(cause, "FwB guest %d needs an unknown "
			    "ingredient or more than the deck holds.", n + 1);
		gu->ningr++;
	}
	list = cJSON_GetObjectItemCaseSensitive(o, "equipment");
	count = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
	if (count < 3 || count > 5)
		return set_cause(cause, "FwB guest %d must need 3 to 5 "
		    "equipment types.", n + 1);
	cJSON_ArrayForEach(v, list) {
		k = cJSON_IsString(v) ? cards_equipment(g, v->valuestring) : -1;
		if (k < 0 || (gu->equip & (1u << k)))
			return set_cause(cause, "FwB guest %d needs an unknown "
			    "or repeated equipment type.", n + 1);
		gu->equip |= 1u << k;
	}
	return 0;
}

/*
 * Fills g's components (cards, kinds, guests) from the compiled-in data
 * and checks them.  Returns 0, or -1 and *cause.
 */
int
fwb_cards_load(struct game *g, char **cause)
{
	cJSON		*doc;
	const cJSON	*list, *o;
	int		 n = 0, rc = -1;

	g->ncards = 0;
	if ((doc = cJSON_Parse(game_fwb_cards_json)) == NULL)
		return set_cause(cause, "The FwB card data is not valid JSON.");
	rc = cards_resources(g, doc, cause);
	cJSON_Delete(doc);
	if (rc != 0)
		return -1;
	if ((doc = cJSON_Parse(game_fwb_guests_json)) == NULL)
		return set_cause(cause, "The FwB guest data is not valid JSON.");
	rc = -1;
	list = cJSON_GetObjectItemCaseSensitive(doc, "guests");
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) != FWB_NGUESTS) {
		set_cause(cause, "The FwB guest data must list %d guests.",
		    FWB_NGUESTS);
		goto out;
	}
	cJSON_ArrayForEach(o, list) {
		if (cards_guest(g, n++, o, cause) != 0)
			goto out;
	}
	rc = 0;
out:
	cJSON_Delete(doc);
	return rc;
}

/*
 * The trade kind of a card: its ingredient kind, FWB_NINGR + its
 * equipment type, FWB_KIND_ABUNDANCE, or -1 for other cards.
 */
int
fwb_kind_of(const struct game *g, int card)
{
	const struct fwb_card	*c = &g->card[card];

	if (c->cls == FWB_INGREDIENT)
		return c->kind;
	if (c->cls == FWB_EQUIPMENT)
		return FWB_NINGR + c->kind;
	if (c->cls == FWB_EVENT && c->kind == FWB_E_ABUNDANCE)
		return FWB_KIND_ABUNDANCE;
	return -1;
}

/* Whether card is of class cls and kind kind (kind -1: any). */
int
fwb_is(const struct game *g, int card, int cls, int kind)
{
	return card >= 0 && g->card[card].cls == cls &&
	    (kind < 0 || g->card[card].kind == kind);
}

/* Writes a trade kind's name ("🍋 citrus", "still", "Abundance"). */
void
fwb_kind_name(const struct game *g, int kind, char *buf, size_t len)
{
	if (kind >= 0 && kind < FWB_NINGR)
		snprintf(buf, len, "%s %s", g->ingr_emoji[kind],
		    g->ingr_name[kind]);
	else if (kind >= FWB_NINGR && kind < FWB_KIND_ABUNDANCE)
		snprintf(buf, len, "%s", g->equip_name[kind - FWB_NINGR]);
	else
		snprintf(buf, len, "Abundance");
}

/* Writes a card's name as players see it into buf. */
void
fwb_card_name(const struct game *g, int card, char *buf, size_t len)
{
	const struct fwb_card	*c = &g->card[card];

	switch (c->cls) {
	case FWB_INGREDIENT:
		snprintf(buf, len, "%s %s", g->ingr_emoji[c->kind],
		    g->ingr_name[c->kind]);
		break;
	case FWB_EQUIPMENT:
		snprintf(buf, len, "%s (equipment)", g->equip_name[c->kind]);
		break;
	case FWB_INTERRUPT:
		snprintf(buf, len, "%s (interrupt)",
		    fwb_interrupt_titles[c->kind]);
		break;
	default:
		snprintf(buf, len, "%s (event)", fwb_event_titles[c->kind]);
		break;
	}
}
