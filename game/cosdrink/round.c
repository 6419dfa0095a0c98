/*
 * round.c: the flow of Cosdrink Encounters.  An Encounter begins with a
 * monster dealt face down to every player; each round's Setup Phase
 * reveals them (a King moves to the middle and its player reveals another)
 * and gives each player, in seat order from the dealer, one turn for a
 * Player Action; the Battle Phase then resolves every battle from the
 * dealer.  When no monster is left the Encounter ends: everyone drinks,
 * the dealer moves on, and the next Encounter begins, until every King of
 * the game is destroyed.  The table loses when nobody can take a Player
 * Action any more (the items have run out).  See README.md for the
 * choices made where the rules are silent.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "game/cosdrink/cosdrink-int.h"

#define BIT(s)	(1u << (s))

/*
 * What seat fights this round: its own monster (the seat number), the
 * front King (COS_KING) when no other monster is left, or -1.
 */
int
cos_target(const struct game *g, int seat)
{
	if (g->monster[seat] >= 0)
		return seat;
	if (g->king_open && g->nkings > 0)
		return COS_KING;
	return -1;
}

/* The monster card a target names, or -1. */
int
cos_target_monster(const struct game *g, int target)
{
	if (target == COS_KING)
		return g->nkings > 0 ? g->kings[0] : -1;
	if (target >= 0 && target < g->nplayers)
		return g->monster[target];
	return -1;
}

/* The pile of items against a target; target must be valid. */
struct cos_pile *
cos_target_pile(struct game *g, int target)
{
	return target == COS_KING ? &g->kpile : &g->pile[target];
}

/*
 * The seats that may answer asker's request for aid: the others who have
 * taken no Player Action and aided nobody this round, and hold an item.
 */
unsigned
cos_aiders(const struct game *g, int asker)
{
	unsigned	mask = 0;
	int		s;

	for (s = 0; s < g->nplayers; s++)
		if (s != asker && !((g->acted | g->aided) & BIT(s)) &&
		    g->nhand[s] > 0)
			mask |= BIT(s);
	return mask;
}

/*
 * Whether seat still has a turn this round: it has not had it, has not
 * aided anyone, has something to fight, and can play an item or retreat.
 */
int
cos_has_turn(const struct game *g, int seat)
{
	if ((g->done | g->aided) & BIT(seat))
		return 0;
	if (cos_target(g, seat) == -1)
		return 0;
	return g->nhand[seat] > 0 || g->nideck > 0;
}

/* n drinks go round clockwise, one each, starting with seat. */
static void
round_drinks_round(struct game *g, int seat, int n, const char *why,
    struct game_events *ev)
{
	char	text[GAME_TEXT_MAX], one[24];
	int	each[COS_MAX_PLAYERS] = { 0 }, i, s, first = 1;

	if (n <= 0)
		return;
	for (i = 0; i < n; i++)
		each[(seat + i) % g->nplayers]++;
	snprintf(text, sizeof text, "%s: %d %s %s round from @{%d}:", why, n,
	    cos_unit(g, n), game_plural(n, "goes", "go"), seat);
	for (i = 0; i < g->nplayers; i++) {
		s = (seat + i) % g->nplayers;
		if (each[s] == 0)
			continue;
		g->drinks[s] += each[s];
		snprintf(one, sizeof one, "%s @{%d} %d", first ? "" : ",", s,
		    each[s]);
		first = 0;
		if (strlen(text) + strlen(one) + 2 < sizeof text)
			strcat(text, one);
	}
	game_say(ev, seat, "%s.", text);
}

/* Moves every item of pile p to the discard pile. */
static void
round_pile_discard(struct game *g, struct cos_pile *p)
{
	int	i;

	for (i = 0; i < p->n; i++)
		g->idiscard[g->nidiscard++] = p->item[i];
	p->n = 0;
}

/* Reveals seat's monster: Kings go to the middle and seat reveals another. */
static void
round_reveal(struct game *g, int seat, struct game_events *ev)
{
	char	name[80];
	int	m;

	while ((m = g->monster[seat]) >= 0 && g->mon[m].king) {
		g->kings[g->nkings++] = m;
		cos_monster_name(g, m, name, sizeof name);
		g->monster[seat] = g->nmdeck > 0 ? g->mdeck[--g->nmdeck] : -1;
		game_say(ev, seat, "@{%d} reveals the %s! It moves to the "
		    "middle%s", seat, name, g->monster[seat] >= 0 ?
		    ", and another monster is revealed in its place." : ".");
	}
	if (m >= 0) {
		cos_monster_name(g, m, name, sizeof name);
		game_say(ev, seat, "@{%d} faces the %s.", seat, name);
	}
}

/* Ends the game; won says whether the table won. */
static void
round_end_game(struct game *g, int won, struct game_events *ev)
{
	int	left = g->kings_total, i;

	for (i = 0; i < g->nmgone; i++)
		left -= g->mon[g->mgone[i]].king;
	g->state = GAME_WON;
	g->winners = won ? BIT(g->nplayers) - 1 : 0;
	g->turn = -1;
	g->asked = 0;
	if (ev == NULL)
		return;
	if (won)
		game_events_add(ev, GAME_EV_END, -1, "Every King is destroyed: "
		    "the table wins Cosdrink Encounters in %d %s! Cheers, "
		    "everyone.", g->encounter,
		    game_plural(g->encounter, "encounter", "encounters"));
	else
		game_events_add(ev, GAME_EV_END, -1, "Nobody can fight any more: "
		    "the items have run out with %d %s still standing. The "
		    "monsters win this time; thanks for playing!", left,
		    game_plural(left, "King", "Kings"));
}

/*
 * Starts a round: reveals monsters in the first round of an Encounter,
 * opens the King fight when only Kings are left, and gives the first turn.
 * The game is lost when nobody can take a Player Action.
 */
static void
round_begin(struct game *g, struct game_events *ev)
{
	char	name[80];
	int	i, s;

	g->round++;
	g->done = g->acted = g->aided = g->retreated = g->asked = 0;
	g->turn = -1;
	if (g->round == 1)
		for (i = 0; i < g->nplayers; i++)
			round_reveal(g, (g->dealer + i) % g->nplayers, ev);
	g->king_open = g->nkings > 0;
	for (s = 0; s < g->nplayers; s++)
		if (g->monster[s] >= 0)
			g->king_open = 0;
	if (g->king_open && g->kpile.n == 0) {
		cos_monster_name(g, g->kings[0], name, sizeof name);
		game_say(ev, -1, "Only Kings are left: everyone fights the %s.",
		    name);
	}
	for (s = 0; s < g->nplayers; s++)
		if (cos_has_turn(g, s))
			break;
	if (s == g->nplayers) {
		round_end_game(g, 0, ev);
		return;
	}
	game_say(ev, -1, "Encounter %d, round %d: the Setup Phase, in turn "
	    "from the dealer, @{%d}.", g->encounter, g->round, g->dealer);
}

/* Deals a monster, face down, to every player from the dealer round. */
void
cos_encounter_begin(struct game *g, struct game_events *ev)
{
	int	i, s;

	g->encounter++;
	g->round = 0;
	/* Every monster is new: the channel sees the whole table again. */
	if (ev != NULL && g->encounter > 1)
		ev->show_table = 1;
	for (i = 0; i < g->nplayers; i++) {
		s = (g->dealer + i) % g->nplayers;
		g->monster[s] = g->nmdeck > 0 ? g->mdeck[--g->nmdeck] : -1;
	}
	game_say(ev, -1, "Encounter %d begins: @{%d} deals everyone a monster, "
	    "face down.", g->encounter, g->dealer);
	round_begin(g, ev);
}

/* Resolves the battle against the monster of target; returns 1 if it fell. */
static int
round_battle(struct game *g, int target, struct game_events *ev)
{
	struct cos_pile	*p = cos_target_pile(g, target);
	char		 name[80], sum[16];
	int		 m = cos_target_monster(g, target), have, need, n;

	have = cos_pile_sum(g, p, m);
	need = 2 * g->mon[m].value;
	cos_monster_name(g, m, name, sizeof name);
	cos_halves(have, sum, sizeof sum);
	if (have >= need) {
		round_pile_discard(g, p);
		g->mgone[g->nmgone++] = m;
		if (target == COS_KING) {
			memmove(&g->kings[0], &g->kings[1],
			    (size_t)(g->nkings - 1) * sizeof g->kings[0]);
			g->nkings--;
			game_say(ev, -1, "The %s falls to %s: a King is "
			    "destroyed!", name, sum);
		} else {
			g->monster[target] = -1;
			g->beaten[target]++;
			game_say(ev, target, "@{%d}'s %s is destroyed (%s "
			    "against it).", target, name, sum);
		}
		return 1;
	}
	n = (need - have + 1) / 2;
	if (target == COS_KING)
		round_drinks_round(g, g->dealer, n, "The King holds", ev);
	else if (g->retreated & BIT(target)) {
		char why[200];

		snprintf(why, sizeof why, "@{%d}'s %s holds after a Tactical "
		    "Retreat", target, name);
		round_drinks_round(g, target, n, why, ev);
	} else {
		g->drinks[target] += n;
		game_say(ev, target, "@{%d}'s %s holds (%s against it): @{%d} "
		    "takes %d %s.", target, name, sum, target, n,
		    cos_unit(g, n));
	}
	return 0;
}

/* The Battle Phase, then the end of the Encounter or the next round. */
static void
round_battles(struct game *g, struct game_events *ev)
{
	int	i, s, left, won;

	g->turn = -1;
	game_say(ev, -1, "Battle Phase!");
	for (i = 0; i < g->nplayers; i++) {
		s = (g->dealer + i) % g->nplayers;
		if (g->monster[s] >= 0)
			round_battle(g, s, ev);
	}
	if (g->king_open && g->nkings > 0)
		round_battle(g, COS_KING, ev);
	for (s = 0; s < g->nplayers; s++)
		if (g->monster[s] >= 0)
			break;
	if (s < g->nplayers || g->nkings > 0) {
		round_begin(g, ev);
		return;
	}
	left = g->kings_total;
	for (i = 0; i < g->nmgone; i++)
		left -= g->mon[g->mgone[i]].king;
	won = left == 0;
	for (s = 0; s < g->nplayers; s++)
		g->drinks[s]++;
	game_say(ev, -1, "Encounter %d is over: every monster is destroyed! "
	    "Everyone takes 1 %s%s", g->encounter, cos_unit(g, 1), won ? "." :
	    ", and the dealer moves on.");
	if (won) {
		round_end_game(g, 1, ev);
		return;
	}
	g->dealer = (g->dealer + 1) % g->nplayers;
	cos_encounter_begin(g, ev);
}

/*
 * Gives the turn to the next seat, in order from the dealer, that still
 * has one; when none has, the Battle Phase follows.  Not while an aid
 * request is open.
 */
void
cos_next_turn(struct game *g, struct game_events *ev)
{
	int	i, s;

	while (g->state == GAME_RUNNING && g->asked == 0) {
		for (i = 0; i < g->nplayers; i++) {
			s = (g->dealer + i) % g->nplayers;
			assert(s >= 0 && s < g->nplayers);	/* a seat */
			if (g->done & BIT(s))
				continue;
			if (cos_has_turn(g, s)) {
				g->turn = s;
				return;
			}
			g->done |= BIT(s);
		}
		round_battles(g, ev);
	}
}
