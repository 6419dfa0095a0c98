/*
 * cards.c: the components of Friends with Beverages as data.  cards.json
 * lists the resource deck (ingredient kinds with their counts and emoji,
 * equipment types with their counts, the nine interrupts and the events);
 * guests.json lists the 80 guests.  The Makefile compiles both in as
 * strings, so the engine does no file I/O.  Both are read with scan.h
 * and checked on every new game and load: a bad data file stops a game
 * from starting, it never half-works.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "game/fwb/scan.h"
#include "lib/xmalloc.h"

extern const char game_fwb_cards_json[];
extern const char game_fwb_guests_json[];

/* The names as cards print them; the card data writes them in lower case. */
const char *const fwb_interrupt_titles[FWB_NINTERRUPTS] = {
	"Cultural Exchange", "Equipment Recall", "Festival Rush",
	"Guest Cancellation", "Market Volatility", "Supply Chain Hiccup",
	"Terrible Friend", "Terrible Traffic", "We Only Get One Shot"
};
const char *const fwb_event_titles[FWB_NEVENTS] = {
	"Abundance", "Equipment Exhibition", "Lucky Find"
};

/*
 * The index of name (borrowed) among the n titles, as the card data writes
 * them: in lower case.  -1 when it is none of them.
 */
static int
cards_title_index(const char *const *titles, int n, const char *name)
{
	char	low[32];
	size_t	j;
	int	i;

	for (i = 0; i < n; i++) {
		for (j = 0; titles[i][j] != '\0' && j + 1 < sizeof low; j++)
			low[j] = (char)tolower((unsigned char)titles[i][j]);
		low[j] = '\0';
		if (strcmp(low, name) == 0)
			return i;
	}
	return -1;
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

/*
 * Reads the next member name of an object and returns its index in fields
 * (n names), once each: *seen collects them.  Returns -1 for an unknown or
 * repeated name, or at the object's end (*more is then 0).
 */
static int
cards_field(struct fwb_scan *sc, const char *const *fields, int n,
    unsigned *seen, int *first, int *more)
{
	const char	*key;
	size_t		 len;
	int		 f;

	if (!(*more = fwb_scan_next(sc, '}', first)))
		return -1;
	if (fwb_scan_key(sc, &key, &len) != 0)
		return -1;
	/* The files keep the fields in order: try the next one first. */
	for (f = 0; f < n && (*seen & (1u << f)); f++)
		;
	if (f == n || !fwb_scan_is(key, len, fields[f]))
		for (f = 0; f < n && !fwb_scan_is(key, len, fields[f]); f++)
			;
	if (f == n || (*seen & (1u << f))) {
		sc->bad = 1;
		return -1;
	}
	*seen |= 1u << f;
	return f;
}

/*
 * Reads one {"name": ..., "count": ..., "emoji": ...} record into name
 * (len bytes), *count within [min, max] and, when emoji is not NULL, emoji
 * (required then).  Returns 0, or -1 with the scan marked bad.
 */
static int
cards_record(struct fwb_scan *sc, char *name, size_t len, int min, int max,
    int *count, char *emoji, size_t elen)
{
	static const char *const fields[] = { "name", "count", "emoji" };
	unsigned	 seen = 0, want = emoji != NULL ? 7 : 3;
	int		 first = 1, more, f;

	if (fwb_scan_expect(sc, '{') != 0)
		return -1;
	while ((f = cards_field(sc, fields, emoji != NULL ? 3 : 2, &seen,
	    &first, &more)) >= 0 || more) {
		if (f == 0)
			fwb_scan_string(sc, name, len);
		else if (f == 1)
			fwb_scan_int(sc, min, max, count);
		else if (f == 2)
			fwb_scan_string(sc, emoji, elen);
		else
			break;
	}
	if (sc->bad || seen != want)
		sc->bad = 1;
	return sc->bad ? -1 : 0;
}

/* Reads the list under top-level member name of the card data. */
static int
cards_list(struct fwb_scan *sc, const char *name, int first)
{
	const char	*key;
	size_t		 len;

	if (!first && fwb_scan_expect(sc, ',') != 0)
		return -1;
	if (fwb_scan_key(sc, &key, &len) != 0)
		return -1;
	if (!fwb_scan_is(key, len, name)) {
		sc->bad = 1;
		return -1;
	}
	return fwb_scan_expect(sc, '[');
}

/*
 * A resource class whose cards.json list names kinds with their counts:
 * the n kinds of cls, named and ordered as choices, max cards of a kind
 * at most; what and kinds name one and all of them in a cause.
 */
struct cards_class {
	int			 cls, n, max;
	const char *const	*choices;
	const char		*what;		/* "ingredient" */
	const char		*kinds;		/* "ingredient kinds" */
};

static const struct cards_class cards_ingredients = {
	FWB_INGREDIENT, FWB_NINGR, 12, fwb_kind_choices, "ingredient",
	"ingredient kinds"
};
static const struct cards_class cards_equipment = {
	FWB_EQUIPMENT, FWB_NEQUIP, 8, fwb_equip_choices, "equipment",
	"equipment types"
};

/*
 * Reads the records of c's list (its opening already read) into g's deck
 * and each kind's name into name (c->n of them); emoji and counts, when
 * not NULL, get each kind's emoji and count.  Returns 0 or -1 and *cause.
 */
static int
cards_kinds(struct game *g, struct fwb_scan *sc, const struct cards_class *c,
    char (*name)[16], char (*emoji)[16], int *counts, char **cause)
{
	int	k, first, count = 0;

	for (k = 0, first = 1; fwb_scan_next(sc, ']', &first); k++) {
		if (k >= c->n || cards_record(sc, name[k], sizeof name[k], 2,
		    c->max, &count, emoji != NULL ? emoji[k] : NULL,
		    emoji != NULL ? sizeof emoji[k] : 0) != 0 ||
		    strcmp(name[k], c->choices[k]) != 0 ||
		    cards_add(g, c->cls, k, count) != 0)
			return set_cause(cause, "FwB %s %d is malformed.",
			    c->what, k + 1);
		if (counts != NULL)
			counts[k] = count;
	}
	if (sc->bad || k != c->n)
		return set_cause(cause, "The FwB card data must list %d %s.",
		    c->n, c->kinds);
	return 0;
}

/*
 * Reads the resource deck from text (cards.json: ingredients, equipment,
 * interrupts, events, in that order, which gives the cards their numbers)
 * into g.  Returns 0 or -1 and *cause.
 */
static int
cards_resources(struct game *g, const char *text, char **cause)
{
	struct fwb_scan	 sc;
	char		 name[32];
	int		 k, n, count = 0, first, seen[FWB_NINTERRUPTS] = { 0 };
	int		 eseen[FWB_NEVENTS] = { 0 };

	fwb_scan_init(&sc, text);
	fwb_scan_expect(&sc, '{');
	if (cards_list(&sc, "ingredients", 1) != 0)
		goto bad;
	if (cards_kinds(g, &sc, &cards_ingredients, g->ingr_name,
	    g->ingr_emoji, g->ingr_count, cause) != 0)
		return -1;
	if (cards_list(&sc, "equipment", 0) != 0)
		goto bad;
	if (cards_kinds(g, &sc, &cards_equipment, g->equip_name, NULL, NULL,
	    cause) != 0)
		return -1;
	if (cards_list(&sc, "interrupts", 0) != 0)
		goto bad;
	for (k = 0, first = 1; fwb_scan_next(&sc, ']', &first); k++) {
		n = fwb_scan_string(&sc, name, sizeof name) == 0 ?
		    cards_title_index(fwb_interrupt_titles,
		    FWB_NINTERRUPTS, name) : -1;
		if (n < 0 || seen[n]++ || cards_add(g, FWB_INTERRUPT, n, 1) != 0)
			return set_cause(cause, "FwB interrupts must be the nine "
			    "of the rulebook, once each.");
	}
	if (sc.bad || k != FWB_NINTERRUPTS)
		return set_cause(cause, "The FwB card data must list the %d "
		    "interrupts.", FWB_NINTERRUPTS);
	if (cards_list(&sc, "events", 0) != 0)
		goto bad;
	for (k = 0, first = 1; fwb_scan_next(&sc, ']', &first); k++) {
		n = cards_record(&sc, name, sizeof name, 1, 3, &count, NULL,
		    0) == 0 ? cards_title_index(fwb_event_titles,
		    FWB_NEVENTS, name) : -1;
		if (n < 0 || eseen[n]++ || cards_add(g, FWB_EVENT, n, count) != 0)
			return set_cause(cause, "FwB events must be abundance, "
			    "equipment exhibition and lucky find, once each.");
	}
	if (sc.bad || k != FWB_NEVENTS)
		return set_cause(cause, "The FwB card data must list %d "
		    "events.", FWB_NEVENTS);
	if (fwb_scan_expect(&sc, '}') == 0 && fwb_scan_done(&sc))
		return 0;
bad:
	return set_cause(cause, "The FwB card data is not the JSON its reader "
	    "expects (near byte %d).", (int)(sc.p - text));
}

/* Reads a list of names into the counts of kinds (names, n long). */
static int
cards_names(struct fwb_scan *sc, const char (*names)[16], int n, int *count,
    int *total)
{
	const char	*name;
	size_t		 len;
	int		 k, first = 1;

	*total = 0;
	if (fwb_scan_expect(sc, '[') != 0)
		return -1;
	while (fwb_scan_next(sc, ']', &first)) {
		if (fwb_scan_span(sc, &name, &len) != 0)
			return -1;
		for (k = 0; k < n && !fwb_scan_is(name, len, names[k]); k++)
			;
		if (k == n)
			return -1;
		count[k]++;
		(*total)++;
	}
	return sc->bad ? -1 : 0;
}

/* The members of a guest, in the order of guests.json (any order is read). */
static const char *const cards_guest_fields[] = {
	"country", "liqueur", "ingredients", "equipment", "points", "icon4",
	"icon3", "trivia"
};
#define CARDS_GUEST_FIELDS	8

/* Reads guest n from sc.  Returns 0 or -1 and *cause. */
static int
cards_guest(struct game *g, int n, struct fwb_scan *sc, char **cause)
{
	struct fwb_guest	*gu = &g->guest[n];
	int			 k, neq = 0, eq[FWB_NEQUIP] = { 0 };
	int			 first = 1, more, f;
	unsigned		 seen = 0;

	memset(gu, 0, sizeof *gu);
	if (fwb_scan_expect(sc, '{') != 0)
		goto bad;
	while ((f = cards_field(sc, cards_guest_fields, CARDS_GUEST_FIELDS,
	    &seen, &first, &more)) >= 0 || more) {
		switch (f) {
		case 0:
			fwb_scan_string(sc, gu->country, sizeof gu->country);
			break;
		case 1:
			fwb_scan_string(sc, gu->liqueur, sizeof gu->liqueur);
			break;
		case 2:
			if (cards_names(sc, g->ingr_name, FWB_NINGR, gu->ingr,
			    &gu->ningr) != 0)
				return set_cause(cause, "FwB guest %d needs an "
				    "unknown ingredient.", n + 1);
			break;
		case 3:
			if (cards_names(sc, g->equip_name, FWB_NEQUIP, eq,
			    &neq) != 0)
				return set_cause(cause, "FwB guest %d needs an "
				    "unknown equipment type.", n + 1);
			break;
		case 4:
			fwb_scan_int(sc, 1, 10, &gu->points);
			break;
		case 5:
			fwb_scan_int(sc, 1, 4, &gu->icon4);
			break;
		case 6:
			fwb_scan_int(sc, 1, 3, &gu->icon3);
			break;
		case 7:
			fwb_scan_string(sc, gu->trivia, sizeof gu->trivia);
			break;
		}
		if (sc->bad)
			break;
	}
	if (sc->bad || seen != (1u << CARDS_GUEST_FIELDS) - 1 ||
	    gu->country[0] == '\0' || gu->liqueur[0] == '\0' ||
	    gu->trivia[0] == '\0')
		goto bad;
	if (gu->ningr < 4 || gu->ningr > 6)
		return set_cause(cause, "FwB guest %d must need 4 to 6 "
		    "ingredient cards.", n + 1);
	for (k = 0; k < FWB_NINGR; k++)
		if (gu->ingr[k] > g->ingr_count[k])
			return set_cause(cause, "FwB guest %d needs more %s than "
			    "the deck holds.", n + 1, g->ingr_name[k]);
	if (neq < 3 || neq > 5)
		return set_cause(cause, "FwB guest %d must need 3 to 5 "
		    "equipment types.", n + 1);
	for (k = 0; k < FWB_NEQUIP; k++) {
		if (eq[k] > 1)
			return set_cause(cause, "FwB guest %d needs an equipment "
			    "type twice.", n + 1);
		if (eq[k])
			gu->equip |= 1u << k;
	}
	return 0;
bad:
	sc->bad = 1;
	return set_cause(cause, "FwB guest %d lacks a name, trivia, points or "
	    "icons in range, or is not the JSON its reader expects.", n + 1);
}

/*
 * Fills g's components (cards, kinds, guests) from the compiled-in data
 * and checks them.  g is borrowed.  Returns 0, or -1 and *cause.
 */
int
fwb_cards_load(struct game *g, char **cause)
{
	struct fwb_scan	 sc;
	int		 n = 0, first = 1;

	g->ncards = 0;
	if (cards_resources(g, game_fwb_cards_json, cause) != 0)
		return -1;
	fwb_scan_init(&sc, game_fwb_guests_json);
	if (fwb_scan_expect(&sc, '{') != 0 || cards_list(&sc, "guests", 1) != 0)
		goto bad;
	while (fwb_scan_next(&sc, ']', &first)) {
		if (n >= FWB_NGUESTS) {
			sc.bad = 1;
			break;
		}
		if (cards_guest(g, n++, &sc, cause) != 0)
			return -1;
	}
	if (sc.bad || n != FWB_NGUESTS)
		return set_cause(cause, "The FwB guest data must list %d guests.",
		    FWB_NGUESTS);
	if (fwb_scan_expect(&sc, '}') == 0 && fwb_scan_done(&sc))
		return 0;
bad:
	return set_cause(cause, "The FwB guest data is not the JSON its reader "
	    "expects (near byte %d).", (int)(sc.p - game_fwb_guests_json));
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

/* Writes a card's name as players see it into buf (len bytes, len > 0). */
void
fwb_card_name(const struct game *g, int card, char *buf, size_t len)
{
	const struct fwb_card	*c = &g->card[card];
	size_t			 at = 0;

	buf[0] = '\0';
	switch (c->cls) {
	case FWB_INGREDIENT:
		fwb_put(buf, len, &at, g->ingr_emoji[c->kind]);
		fwb_put(buf, len, &at, " ");
		fwb_put(buf, len, &at, g->ingr_name[c->kind]);
		break;
	case FWB_EQUIPMENT:
		fwb_put(buf, len, &at, g->equip_name[c->kind]);
		fwb_put(buf, len, &at, " (equipment)");
		break;
	case FWB_INTERRUPT:
		fwb_put(buf, len, &at, fwb_interrupt_titles[c->kind]);
		fwb_put(buf, len, &at, " (interrupt)");
		break;
	default:
		fwb_put(buf, len, &at, fwb_event_titles[c->kind]);
		fwb_put(buf, len, &at, " (event)");
		break;
	}
}
