/*
 * save.c: a Friends with Beverages game as versioned JSON and back.  The
 * card and guest data are not saved: they come from the compiled-in data,
 * as in a new game.  Every field is checked for type and bounds on load,
 * and the loaded game must then pass fwb_check(), so a corrupt or hostile
 * document yields NULL and a sentence, never a crash or a trusted lie.
 */
#include <stdlib.h>
#include <string.h>

#include "game/fwb/fwb-int.h"
#include "lib/xmalloc.h"

#define SAVE_VERSION	2	/* 1: number lists as arrays; still read */
#define SAVE_LIST_MAX	(FWB_NCARDS_MAX * 5 + 16)
#define SAVE_LIST_DIGITS 6

static const char *const save_states[] = { "running", "won", "tied", NULL };
static const char *const save_asks[] = {
	"none", "guest", "limit", "cancel", "friend", "immune", "shot", "rush",
	"order", "exhibit", "offer", "nose", NULL
};

/*
 * A list of whole numbers as one string, "12 7 -1" ("" when empty).  As a
 * JSON array each number would cost a printf and a sscanf when cJSON
 * 1.7.15 prints it, which was most of the time the bot spends saving a
 * game before every move; version 1 saves with arrays still load.  The
 * caller owns the returned item.
 */
static cJSON *
save_ints(const int *v, int n)
{
	char		 buf[SAVE_LIST_MAX], digits[12];
	size_t		 len = 0;
	unsigned	 u;
	int		 i, d;

	for (i = 0; i < n && len + sizeof digits + 1 < sizeof buf; i++) {
		if (i > 0)
			buf[len++] = ' ';
		if (v[i] < 0)
			buf[len++] = '-';
		u = v[i] < 0 ? 0u - (unsigned)v[i] : (unsigned)v[i];
		d = 0;
		do {
			digits[d++] = (char)('0' + u % 10);
			u /= 10;
		} while (u > 0);
		while (d > 0)
			buf[len++] = digits[--d];
	}
	buf[len] = '\0';
	return cJSON_CreateString(buf);
}

static cJSON *
save_ask(const struct fwb_ask *a)
{
	cJSON	*o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "kind", save_asks[a->kind]);
	cJSON_AddNumberToObject(o, "seat", a->seat);
	cJSON_AddNumberToObject(o, "mask", a->mask);
	cJSON_AddNumberToObject(o, "immune", a->immune);
	cJSON_AddNumberToObject(o, "card", a->card);
	cJSON_AddNumberToObject(o, "first", a->first);
	cJSON_AddNumberToObject(o, "step", a->step);
	cJSON_AddNumberToObject(o, "n", a->n);
	cJSON_AddNumberToObject(o, "got", a->got);
	cJSON_AddNumberToObject(o, "target", a->target);
	cJSON_AddNumberToObject(o, "give", a->give);
	cJSON_AddNumberToObject(o, "want", a->want);
	return o;
}

/* The game as JSON; the caller frees it with cJSON_Delete. */
cJSON *
fwb_save(const struct game *g)
{
	cJSON	*o = game_save_header("fwb", SAVE_VERSION, g->nplayers);
	cJSON	*a, *b;
	int	 s, i, v[FWB_SHED_MAX];

	game_save_options(o, fwb_options, FWB_NOPTIONS, g->opt);
	cJSON_AddItemToObject(o, "deck", save_ints(g->deck, g->ndeck));
	cJSON_AddItemToObject(o, "discard", save_ints(g->discard, g->ndiscard));
	cJSON_AddItemToObject(o, "market", save_ints(g->market, FWB_MARKET));
	cJSON_AddItemToObject(o, "market_owner", save_ints(g->market_owner,
	    FWB_MARKET));
	cJSON_AddNumberToObject(o, "secondhand", g->secondhand);
	cJSON_AddNumberToObject(o, "cultural", g->cultural);
	cJSON_AddItemToObject(o, "queue", save_ints(g->queue, g->nqueue));
	cJSON_AddItemToObject(o, "queue_seat", save_ints(g->queue_seat,
	    g->nqueue));
	a = cJSON_AddArrayToObject(o, "hands");
	for (s = 0; s < g->nplayers; s++)
		cJSON_AddItemToArray(a, save_ints(g->hand[s], g->nhand[s]));
	a = cJSON_AddArrayToObject(o, "sheds");
	b = cJSON_AddArrayToObject(o, "installing");
	for (s = 0; s < g->nplayers; s++) {
		for (i = 0; i < g->nshed[s]; i++)
			v[i] = g->shed[s][i].card;
		cJSON_AddItemToArray(a, save_ints(v, g->nshed[s]));
		for (i = 0; i < g->nshed[s]; i++)
			v[i] = g->shed[s][i].installing;
		cJSON_AddItemToArray(b, save_ints(v, g->nshed[s]));
	}
	cJSON_AddItemToObject(o, "guest_deck", save_ints(g->gdeck, g->ngdeck));
	cJSON_AddItemToObject(o, "guest_discard", save_ints(g->gdiscard,
	    g->ngdiscard));
	cJSON_AddItemToObject(o, "guest_box", save_ints(g->gbox, FWB_BOXED));
	cJSON_AddItemToObject(o, "guest_market", save_ints(g->gmarket,
	    FWB_GMARKET));
	a = cJSON_AddArrayToObject(o, "guests");
	b = cJSON_AddArrayToObject(o, "served");
	for (s = 0; s < g->nplayers; s++) {
		int gs[FWB_MAX_GUESTS], dn[FWB_MAX_GUESTS];

		for (i = 0; i < FWB_MAX_GUESTS; i++) {
			gs[i] = g->guests[s][i].guest;
			dn[i] = g->guests[s][i].done;
		}
		cJSON_AddItemToArray(a, save_ints(gs, FWB_MAX_GUESTS));
		cJSON_AddItemToArray(b, save_ints(dn, FWB_MAX_GUESTS));
	}
	cJSON_AddNumberToObject(o, "revealed", g->revealed);
	cJSON_AddNumberToObject(o, "active", g->active);
	cJSON_AddNumberToObject(o, "phase", g->phase);
	cJSON_AddNumberToObject(o, "points", g->points);
	cJSON_AddNumberToObject(o, "served_this_turn", g->served);
	cJSON_AddNumberToObject(o, "turns", g->turns);
	cJSON_AddNumberToObject(o, "holder", g->holder);
	cJSON_AddNumberToObject(o, "holder_played", g->holder_played);
	cJSON_AddNumberToObject(o, "rounds", g->rounds);
	cJSON_AddItemToObject(o, "traded", save_ints(g->traded, g->nplayers));
	cJSON_AddNumberToObject(o, "ending", g->ending);
	cJSON_AddItemToObject(o, "ask", save_ask(&g->ask));
	game_save_result(o, save_states, g->state, g->winners);
	cJSON_AddItemToObject(o, "rng", rng_save(&g->rng));
	return o;
}

/* Reads a string that save_ints wrote into out; the count, or -1. */
static int
load_list(const char *p, int maxn, int min, int max, int *out)
{
	int	n = 0, v, neg, d;

	if (*p == '\0')
		return 0;
	for (;;) {
		neg = *p == '-';
		p += neg;
		for (v = 0, d = 0; *p >= '0' && *p <= '9' &&
		    d < SAVE_LIST_DIGITS; d++)
			v = v * 10 + (*p++ - '0');
		v = neg ? -v : v;
		if (d == 0 || v < min || v > max || n >= maxn ||
		    (*p != ' ' && *p != '\0'))
			return -1;
		out[n++] = v;
		if (*p++ == '\0')
			return n;
	}
}

/*
 * Reads a (named name): at most maxn whole numbers in [min, max], as
 * save_ints writes them or, from version 1, as an array.
 */
static int
load_ints(const cJSON *a, const char *name, int maxn, int min, int max,
    int *out, int *n, const char *game, char **cause)
{
	if (cJSON_IsString(a)) {
		if ((*n = load_list(a->valuestring, maxn, min, max, out)) < 0)
			return set_cause(cause, "Saved %s field \"%s\" must "
			    "list at most %d numbers from %d to %d.", game,
			    name, maxn, min, max);
		return 0;
	}
	return game_load_ints(a, name, maxn, min, max, out, n, game, cause);
}

static int
load_fixed(const cJSON *o, const char *name, int want, int min, int max,
    int *out, char **cause)
{
	int	n;

	if (load_ints(cJSON_GetObjectItemCaseSensitive(o, name), name, want,
	    min, max, out, &n, "FwB", cause) != 0)
		return -1;
	if (n != want)
		return set_cause(cause, "Saved FwB field \"%s\" must list %d "
		    "numbers.", name, want);
	return 0;
}

/* Reads o[name], a list of one list per seat, into rows of out. */
static int
load_rows(const cJSON *o, const char *name, int nseats, int maxn, int min,
    int max, int *out, size_t stride, int *lens, char **cause)
{
	return game_load_rows(o, name, nseats, maxn, min, max, out, stride,
	    lens, load_ints, "FwB", cause);
}

static int
load_ask(struct game *g, const cJSON *o, char **cause)
{
	const cJSON	*a = cJSON_GetObjectItemCaseSensitive(o, "ask");
	struct fwb_ask	*k = &g->ask;
	int		 mask, immune, all = (1 << g->nplayers) - 1;

	if (!cJSON_IsObject(a))
		return set_cause(cause, "Saved FwB field \"ask\" is malformed.");
	/* Each reader says which field is wrong. */
	if (game_load_word(a, "kind", save_asks, &k->kind, "FwB", cause) != 0 ||
	    game_load_int(a, "seat", -1, g->nplayers - 1, &k->seat, "FwB",
	    cause) != 0 ||
	    game_load_int(a, "mask", 0, all, &mask, "FwB", cause) != 0 ||
	    game_load_int(a, "immune", 0, all, &immune, "FwB", cause) != 0 ||
	    game_load_int(a, "card", -1, g->ncards - 1, &k->card, "FwB",
	    cause) != 0 ||
	    game_load_int(a, "first", 0, g->nplayers - 1, &k->first, "FwB",
	    cause) != 0 ||
	    game_load_int(a, "step", 0, g->nplayers, &k->step, "FwB",
	    cause) != 0 ||
	    game_load_int(a, "n", 0, 2, &k->n, "FwB", cause) != 0 ||
	    game_load_int(a, "got", 0, 2, &k->got, "FwB", cause) != 0 ||
	    game_load_int(a, "target", -1, FWB_MAX_PLAYERS, &k->target, "FwB",
	    cause) != 0 ||
	    game_load_int(a, "give", -1, g->ncards - 1, &k->give, "FwB",
	    cause) != 0 ||
	    game_load_int(a, "want", -1, FWB_NKINDS - 1, &k->want, "FwB",
	    cause) != 0)
		return -1;
	k->mask = (unsigned)mask;
	k->immune = (unsigned)immune;
	return 0;
}

static int
load_options(struct game *g, const cJSON *o, char **cause)
{
	if (game_load_options(o, fwb_options, FWB_NOPTIONS, g->opt, "FwB",
	    cause) != 0)
		return -1;
	return fwb_options_apply(g, cause);
}

/* The piles, markets, hands and sheds. */
static int
load_cards(struct game *g, const cJSON *o, char **cause)
{
	int	sheds[FWB_MAX_PLAYERS][FWB_SHED_MAX];
	int	inst[FWB_MAX_PLAYERS][FWB_SHED_MAX], ilen[FWB_MAX_PLAYERS];
	int	nq, s, i, max = g->ncards - 1;

	if (load_ints(cJSON_GetObjectItemCaseSensitive(o, "deck"), "deck",
	    g->ncards, 0, max, g->deck, &g->ndeck, "FwB", cause) != 0 ||
	    load_ints(cJSON_GetObjectItemCaseSensitive(o, "discard"), "discard",
	    g->ncards, 0, max, g->discard, &g->ndiscard, "FwB",
	    cause) != 0 ||
	    load_fixed(o, "market", FWB_MARKET, -1, max, g->market, cause) != 0 ||
	    load_fixed(o, "market_owner", FWB_MARKET, -1, g->nplayers - 1,
	    g->market_owner, cause) != 0 ||
	    game_load_int(o, "secondhand", -1, max, &g->secondhand, "FwB",
	    cause) != 0 ||
	    game_load_int(o, "cultural", -1, max, &g->cultural, "FwB",
	    cause) != 0 ||
	    load_ints(cJSON_GetObjectItemCaseSensitive(o, "queue"), "queue",
	    FWB_QUEUE_MAX, 0, max, g->queue, &g->nqueue, "FwB", cause) != 0 ||
	    load_ints(cJSON_GetObjectItemCaseSensitive(o, "queue_seat"),
	    "queue_seat", FWB_QUEUE_MAX, 0, g->nplayers - 1, g->queue_seat,
	    &nq, "FwB", cause) != 0 ||
	    load_rows(o, "hands", g->nplayers, FWB_HAND_CAP, 0, max,
	    &g->hand[0][0], FWB_HAND_CAP, g->nhand, cause) != 0 ||
	    load_rows(o, "sheds", g->nplayers, g->shed_cap, 0, max, &sheds[0][0],
	    FWB_SHED_MAX, g->nshed, cause) != 0 ||
	    load_rows(o, "installing", g->nplayers, g->shed_cap, 0, 1,
	    &inst[0][0], FWB_SHED_MAX, ilen, cause) != 0)
		return -1;
	if (nq != g->nqueue)
		return set_cause(cause, "Saved FwB queue and queue_seat differ "
		    "in length.");
	for (s = 0; s < g->nplayers; s++) {
		if (ilen[s] != g->nshed[s])
			return set_cause(cause, "Saved FwB sheds and installing "
			    "flags differ in length.");
		for (i = 0; i < g->nshed[s]; i++) {
			g->shed[s][i].card = sheds[s][i];
			g->shed[s][i].installing = inst[s][i];
		}
	}
	return 0;
}

/* The guest piles, markets and seats. */
static int
load_guests(struct game *g, const cJSON *o, char **cause)
{
	int	gs[FWB_MAX_PLAYERS][FWB_MAX_GUESTS], lens[FWB_MAX_PLAYERS];
	int	dn[FWB_MAX_PLAYERS][FWB_MAX_GUESTS], dlens[FWB_MAX_PLAYERS];
	int	s, i, max = FWB_NGUESTS - 1;

	if (load_ints(cJSON_GetObjectItemCaseSensitive(o, "guest_deck"),
	    "guest_deck", FWB_NGUESTS, 0, max, g->gdeck, &g->ngdeck,
	    "FwB", cause) != 0 ||
	    load_ints(cJSON_GetObjectItemCaseSensitive(o, "guest_discard"),
	    "guest_discard", FWB_NGUESTS, 0, max, g->gdiscard, &g->ngdiscard,
	    "FwB", cause) != 0 ||
	    load_fixed(o, "guest_box", FWB_BOXED, 0, max, g->gbox, cause) != 0 ||
	    load_fixed(o, "guest_market", FWB_GMARKET, -1, max, g->gmarket,
	    cause) != 0 ||
	    load_rows(o, "guests", g->nplayers, FWB_MAX_GUESTS, -1, max,
	    &gs[0][0], FWB_MAX_GUESTS, lens, cause) != 0 ||
	    load_rows(o, "served", g->nplayers, FWB_MAX_GUESTS, 0, 1, &dn[0][0],
	    FWB_MAX_GUESTS, dlens, cause) != 0 ||
	    game_load_int(o, "revealed", -1, max, &g->revealed, "FwB",
	    cause) != 0)
		return -1;
	for (s = 0; s < g->nplayers; s++) {
		if (lens[s] != FWB_MAX_GUESTS || dlens[s] != FWB_MAX_GUESTS)
			return set_cause(cause, "Saved FwB guests must list %d "
			    "places per player.", FWB_MAX_GUESTS);
		for (i = 0; i < FWB_MAX_GUESTS; i++) {
			g->guests[s][i].guest = gs[s][i];
			g->guests[s][i].done = dn[s][i];
		}
	}
	return 0;
}

/* The turn, round and end state. */
static int
load_turn(struct game *g, const cJSON *o, char **cause)
{
	int	n, big = 1000000;

	if (game_load_int(o, "active", 0, g->nplayers - 1, &g->active, "FwB",
	    cause) != 0 ||
	    game_load_int(o, "phase", FWB_PH_TRADE, FWB_PH_LIMIT, &g->phase,
	    "FwB", cause) != 0 ||
	    game_load_int(o, "points", 0, FWB_DRAW_POINTS, &g->points, "FwB",
	    cause) != 0 ||
	    game_load_int(o, "served_this_turn", 0, FWB_MAX_GUESTS * 2,
	    &g->served, "FwB", cause) != 0 ||
	    game_load_int(o, "turns", 0, big, &g->turns, "FwB", cause) != 0 ||
	    game_load_int(o, "holder", 0, g->nplayers - 1, &g->holder, "FwB",
	    cause) != 0 ||
	    game_load_int(o, "holder_played", 0, 1, &g->holder_played, "FwB",
	    cause) != 0 ||
	    game_load_int(o, "rounds", 0, big, &g->rounds, "FwB", cause) != 0 ||
	    load_ints(cJSON_GetObjectItemCaseSensitive(o, "traded"), "traded",
	    g->nplayers, 0, FWB_TRADE_MAX, g->traded, &n, "FwB", cause) != 0 ||
	    game_load_int(o, "ending", 0, 1, &g->ending, "FwB", cause) != 0 ||
	    load_ask(g, o, cause) != 0 ||
	    game_load_result(o, save_states, g->nplayers, &g->state,
	    &g->winners, "FwB", cause) != 0)
		return -1;
	if (n != g->nplayers)
		return set_cause(cause, "Saved FwB field \"traded\" must list "
		    "every player.");
	return 0;
}

/*
 * Reads a game fwb_save wrote.  o is borrowed.  Returns a game the caller
 * frees with game_free, or NULL and *cause.
 */
struct game *
fwb_load(const cJSON *o, char **cause)
{
	struct game	*g;
	int		 version;

	if (game_save_header_check(o, "fwb", "Friends with Beverages",
	    SAVE_VERSION, &version, cause) != 0)
		return NULL;
	g = xcalloc(1, sizeof *g);
	if (game_load_int(o, "players", 2, FWB_MAX_PLAYERS, &g->nplayers, "FwB",
	    cause) != 0 || load_options(g, o, cause) != 0 ||
	    fwb_cards_load(g, cause) != 0 || load_cards(g, o, cause) != 0 ||
	    load_guests(g, o, cause) != 0 || load_turn(g, o, cause) != 0)
		goto fail;
	return game_load_checked(g, &g->rng, o, fwb_check, "FwB", cause);
fail:
	free(g);
	return NULL;
}
