/*
 * check.c: the invariant checker the tests run after every move, and two
 * test helpers that build exact positions by moving single cards around.
 * Nothing here is needed to play; it is how we know play is right.
 */
#include <string.h>

#include "game/cheers/cheers-int.h"
#include "lib/xmalloc.h"

/* Counts one sighting of each card in a zone; -1 on a bad or repeated id. */
static int
check_cards(const int *v, int n, int *seen, const char *zone, char **cause)
{
	int	i;

	for (i = 0; i < n; i++) {
		if (v[i] < 0 || v[i] >= CHEERS_NCARDS)
			return set_cause(cause, "%s holds a bad card id %d.",
			    zone, v[i]);
		if (seen[v[i]]++)
			return set_cause(cause, "Card %d is in two places "
			    "(again in %s).", v[i], zone);
	}
	return 0;
}

static int
check_teams(const struct game *g, char **cause)
{
	int	team, i, s, total = 0, sum, k;

	if (g->nplayers < 2 || g->nplayers > CHEERS_MAX_PLAYERS)
		return set_cause(cause, "Bad player count %d.", g->nplayers);
	if (g->nteams < 2 || g->nteams > CHEERS_MAX_TEAMS)
		return set_cause(cause, "Bad team count %d.", g->nteams);
	for (team = 0; team < g->nteams; team++) {
		if (g->team_size[team] < 1 ||
		    g->team_size[team] > CHEERS_MAX_PLAYERS)
			return set_cause(cause, "Team %d has a bad size.", team);
		for (i = 0; i < g->team_size[team]; i++) {
			s = g->team_seat[team][i];
			if (s < 0 || s >= g->nplayers || g->team_of[s] != team)
				return set_cause(cause, "Team %d lists seat %d "
				    "wrongly.", team, s);
		}
		total += g->team_size[team];
		sum = 0;
		for (k = 0; k < CHEERS_NKINDS; k++) {
			if (g->recipe[team][k] < 0 || g->recipe[team][k] > 2)
				return set_cause(cause, "Team %d's recipe uses "
				    "a kind more than twice.", team);
			sum += g->recipe[team][k];
		}
		if (sum != CHEERS_RECIPE_TOKENS)
			return set_cause(cause, "Team %d's recipe has %d "
			    "tokens.", team, sum);
	}
	if (total != g->nplayers)
		return set_cause(cause, "Teams hold %d %s, not %d.", total,
		    game_plural(total, "player", "players"), g->nplayers);
	return 0;
}

/* Whether the kept text of the open prompt, when there is one, is its own. */
static int
check_prompt(const struct game *g, char **cause)
{
	char	text[GAME_TEXT_MAX];

	if (g->nqueue == 0 || g->prompt_len == 0)
		return 0;
	if (g->prompt_len != cheers_prompt_text(g, text, sizeof text) ||
	    strcmp(g->prompt, text) != 0)
		return set_cause(cause, "The kept text of the open prompt is "
		    "out of date.");
	return 0;
}

int
cheers_check(const struct game *g, char **cause)
{
	const struct cheers_pending	*p;
	int				 seen[CHEERS_NCARDS] = { 0 };
	int				 s, i, team, want, idx[1];
	int				 big[CHEERS_NKINDS] = { 0 };
	int				 small[CHEERS_NKINDS] = { 0 };
	unsigned char			 kinds[CHEERS_NKINDS];

	if (check_teams(g, cause) != 0)
		return -1;
	for (i = 0; i < CHEERS_NCARDS; i++) {
		if (g->card[i].big < 0 || g->card[i].big >= CHEERS_NKINDS ||
		    g->card[i].small < 0 || g->card[i].small >= CHEERS_NKINDS ||
		    g->card[i].big == g->card[i].small)
			return set_cause(cause, "Card %d has bad icons.", i);
		big[g->card[i].big]++;
		small[g->card[i].small]++;
	}
	for (i = 0; i < CHEERS_NKINDS; i++)
		if (big[i] != 10 || small[i] != 10)
			return set_cause(cause, "The deck is unbalanced.");
	if (g->nshakers != g->nplayers + (g->place != CHEERS_PLACE_NONE))
		return set_cause(cause, "Bad shaker count %d.", g->nshakers);
	if (g->ndeck < 0 || g->ndeck > CHEERS_NCARDS || g->ndiscard < 0 ||
	    g->ndiscard > CHEERS_NCARDS)
		return set_cause(cause, "Bad deck or discard size.");
	if (check_cards(g->deck, g->ndeck, seen, "the deck", cause) != 0 ||
	    check_cards(g->discard, g->ndiscard, seen, "the discard", cause) != 0)
		return -1;
	for (s = 0; s < g->nplayers; s++) {
		if (g->nhand[s] < 0 || g->nhand[s] > CHEERS_HAND_MAX ||
		    g->nhand[s] > g->hand_size[s])
			return set_cause(cause, "Seat %d holds %d cards.", s,
			    g->nhand[s]);
		if (check_cards(g->hand[s], g->nhand[s], seen, "a hand",
		    cause) != 0)
			return -1;
	}
	for (s = 0; s < g->nshakers; s++) {
		if (g->nshaker[s] < 0 || g->nshaker[s] > CHEERS_SHAKER_ROOM)
			return set_cause(cause, "Shaker %d holds %d cards.", s,
			    g->nshaker[s]);
		if (check_cards(g->shaker[s], g->nshaker[s], seen, "a shaker",
		    cause) != 0)
			return -1;
		cheers_count_kinds(g, s, kinds);
		if (memcmp(kinds, g->kinds[s], sizeof kinds) != 0)
			return set_cause(cause, "The kept counts of shaker %d "
			    "are out of date.", s);
	}
	for (i = 0; i < CHEERS_NCARDS; i++)
		if (seen[i] != 1)
			return set_cause(cause, "Card %d is missing.", i);
	if (g->period < 1 || g->turn < 0 || g->turn >= g->period ||
	    g->active != cheers_seat_at(g, g->turn))
		return set_cause(cause, "The turn counter is inconsistent.");
	if (g->nqueue < 0 || g->nqueue > CHEERS_QUEUE_MAX)
		return set_cause(cause, "Bad prompt count %d.", g->nqueue);
	if (g->state != GAME_RUNNING && g->nqueue != 0 && g->state != GAME_WON)
		return set_cause(cause, "A tied game has open prompts.");
	for (i = 0; i < g->nqueue; i++) {
		p = &g->queue[i];
		if (p->shaker < 0 || p->shaker >= g->nshakers)
			return set_cause(cause, "A prompt names a bad shaker.");
		if (p->kind == CHEERS_P_CHEERS) {
			if (i != 0 || p->card < 0 || p->card >= CHEERS_NCARDS ||
			    cheers_matches(g, p->shaker, p->card, idx, 1) == 0)
				return set_cause(cause, "A CHEERS prompt is "
				    "inconsistent.");
			for (s = 0; s < g->nshaker[p->shaker]; s++)
				if (g->shaker[p->shaker][s] == p->card)
					break;
			if (s == g->nshaker[p->shaker])
				return set_cause(cause, "The CHEERSed card is "
				    "not in its shaker.");
		} else if (p->kind != CHEERS_P_OVERFLOW ||
		    g->nshaker[p->shaker] <= CHEERS_VOLUME)
			return set_cause(cause, "An overflow prompt is "
			    "inconsistent.");
	}
	for (s = 0; s < g->nshakers; s++) {
		if (g->nshaker[s] <= CHEERS_VOLUME)
			continue;
		for (i = 0; i < g->nqueue; i++)
			if (g->queue[i].shaker == s)
				break;
		if (i == g->nqueue)
			return set_cause(cause, "Shaker %d holds %d cards with "
			    "no prompt open.", s, g->nshaker[s]);
	}
	if (g->state == GAME_WON && g->winners == 0)
		return set_cause(cause, "A won game has no winner.");
	if (g->state != GAME_RUNNING)
		return 0;
	if (check_prompt(g, cause) != 0)
		return -1;
	if (g->winners != 0 || (g->nqueue == 0 && g->draw_due))
		return set_cause(cause, "A running game has winners or a "
		    "draw due without a prompt.");
	for (s = 0; s < g->nplayers; s++) {
		want = g->hand_size[s] -
		    (s == g->active && g->draw_due ? 1 : 0);
		if (g->nhand[s] != want)
			return set_cause(cause, "Seat %d holds %d %s, not "
			    "%d.", s, g->nhand[s], game_plural(g->nhand[s],
			    "card", "cards"), want);
	}
	for (s = 0; s < g->nshakers; s++) {
		for (i = 0; i < g->nqueue; i++)
			if (g->queue[i].shaker == s)
				break;
		if (i < g->nqueue)
			continue;
		for (team = 0; team < g->nteams; team++) {
			if (s < g->nplayers && g->team_of[s] != team)
				continue;
			if (s >= g->nplayers && (g->victory != CHEERS_WIN_TEAM ||
			    (g->place == CHEERS_PLACE_EXTRA &&
			    g->extra_team != team)))
				continue;
			if (cheers_shaker_wins(g, s, team))
				return set_cause(cause, "Shaker %d wins for "
				    "team %d but the game runs on.", s, team);
		}
	}
	return 0;
}

/* Removes card from wherever it is; returns 0, or -1 when not found. */
static int
check_remove(int *v, int *n, int card)
{
	int	i;

	for (i = 0; i < *n; i++) {
		if (v[i] == card) {
			memmove(&v[i], &v[i + 1], (size_t)(*n - i - 1) *
			    sizeof (int));
			(*n)--;
			return 0;
		}
	}
	return -1;
}

/*
 * Test helper: moves card (an id 0-49) from wherever it is to the end of a
 * zone (the top of the deck; seat index's hand; shaker index; the discard).
 * Returns 0, or -1 when the zone is full or bad.  g is borrowed.
 */
int
cheers_debug_place(struct game *g, int card, int zone, int index)
{
	int	s, *v, *n;

	switch (zone) {
	case CHEERS_Z_DECK:
		v = g->deck, n = &g->ndeck;
		break;
	case CHEERS_Z_HAND:
		if (index < 0 || index >= g->nplayers ||
		    g->nhand[index] >= CHEERS_HAND_MAX)
			return -1;
		v = g->hand[index], n = &g->nhand[index];
		break;
	case CHEERS_Z_SHAKER:
		if (index < 0 || index >= g->nshakers ||
		    g->nshaker[index] >= CHEERS_SHAKER_ROOM)
			return -1;
		v = g->shaker[index], n = &g->nshaker[index];
		break;
	case CHEERS_Z_DISCARD:
		v = g->discard, n = &g->ndiscard;
		break;
	default:
		return -1;
	}
	if (card < 0 || card >= CHEERS_NCARDS)
		return -1;
	if (check_remove(g->deck, &g->ndeck, card) != 0 &&
	    check_remove(g->discard, &g->ndiscard, card) != 0) {
		for (s = 0; s < g->nplayers; s++)
			if (check_remove(g->hand[s], &g->nhand[s], card) == 0)
				break;
		if (s == g->nplayers) {
			for (s = 0; s < g->nshakers; s++)
				if (check_remove(g->shaker[s], &g->nshaker[s],
				    card) == 0)
					break;
		}
	}
	v[(*n)++] = card;
	cheers_kinds_recount(g);
	/* The open prompt may name this card or its shaker's count. */
	g->prompt_len = 0;
	return 0;
}

/*
 * Test helper: a card id with these icons (small -1 for any) that is not
 * in a shaker or a hand yet, preferring the deck; -1 when none is left.
 */
int
cheers_debug_card(const struct game *g, int big, int small)
{
	int	i, c;

	for (i = g->ndeck - 1; i >= 0; i--) {
		c = g->deck[i];
		if (g->card[c].big == big && (small < 0 || g->card[c].small == small))
			return c;
	}
	for (i = 0; i < g->ndiscard; i++) {
		c = g->discard[i];
		if (g->card[c].big == big && (small < 0 || g->card[c].small == small))
			return c;
	}
	return -1;
}
