/*
 * rules.c: Cosdrink Encounters as the bot drives it.  apply() saves the
 * state a move may change and puts it back when the move is refused, so a
 * refused move leaves the game exactly as it was.  pending() names who
 * must act: the player whose turn it is in the Setup Phase, or, while a
 * request for aid is open, every player who may still answer it (in any
 * order; each leaves the prompt once it has answered).  A prompt's text
 * stays the same while its question stands, so timers are not restarted
 * by other players' answers.  legal_moves() lists every legal move: a
 * hand holds three items at most, so there are never more than seven.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/cosdrink/cosdrink-int.h"
#include "lib/xmalloc.h"

#define BIT(s)	(1u << (s))
#define ABIT(a)	(1u << (a))

/* The actions the player whose turn it is may use now. */
static unsigned
rules_turn_actions(const struct game *g)
{
	int		s = g->turn;
	unsigned	a = ABIT(COS_A_PASS);

	if (g->nhand[s] > 0) {
		a |= ABIT(COS_A_PLAY);
		if (cos_target(g, s) == s && cos_aiders(g, s) != 0)
			a |= ABIT(COS_A_ASK);
	}
	/* Drawing to three is a Player Action; from none, a Tactical Retreat. */
	if (g->nhand[s] < COS_HAND && g->nideck > 0)
		a |= ABIT(g->nhand[s] == 0 ? COS_A_RETREAT : COS_A_DRAW);
	return a;
}

/* Writes the public text of what is asked now into buf (len bytes). */
void
cos_prompt_text(const struct game *g, char *buf, size_t len)
{
	char		name[80];
	int		s = g->turn, t, m;
	unsigned	a;

	buf[0] = '\0';
	if (g->state != GAME_RUNNING || s < 0)
		return;
	t = cos_target(g, s);
	m = cos_target_monster(g, t);
	if (m < 0)
		return;
	cos_monster_name(g, m, name, sizeof name);
	/* What to do, never the syntax: the bot adds the command. */
	if (g->asked != 0) {
		snprintf(buf, len, "Aid @{%d} against the %s with one of your "
		    "items (you give up your own action this round), or "
		    "decline.", s, name);
		return;
	}
	a = rules_turn_actions(g);
	if (a & ABIT(COS_A_RETREAT))
		snprintf(buf, len, "@{%d}'s turn against the %s: retreat (a "
		    "Tactical Retreat: draw up to %d %s; this round's %s go "
		    "round the table) or pass.", s, name, COS_HAND,
		    game_plural(COS_HAND, "item", "items"), cos_unit(g, 2));
	else if (a & ABIT(COS_A_ASK))
		snprintf(buf, len, "@{%d}'s turn against the %s: play an item, "
		    "ask (play one and ask the others for aid), %sor pass.", s,
		    name, a & ABIT(COS_A_DRAW) ? "draw (until you hold 3 "
		    "items), " : "");
	else if (a & ABIT(COS_A_DRAW))
		snprintf(buf, len, "@{%d}'s turn against the %s: play an item, "
		    "draw (until you hold 3 items), or pass.", s, name);
	else if (a & ABIT(COS_A_PLAY))
		snprintf(buf, len, "@{%d}'s turn against the %s: play an item "
		    "or pass.", s, name);
	else
		snprintf(buf, len, "@{%d}'s turn against the %s: pass (no "
		    "items left to play or draw).", s, name);
}

/* Fills at most max prompts (0 or 1 of them); returns how many. */
int
cos_pending_list(const struct game *g, struct game_prompt *p, size_t max)
{
	if (g->state != GAME_RUNNING || g->turn < 0 || max == 0)
		return 0;
	memset(p, 0, sizeof *p);
	if (g->asked != 0) {
		p->seats = g->asked;
		p->each = 1;
		p->actions = ABIT(COS_A_AID) | ABIT(COS_A_DECLINE);
	} else {
		p->seats = BIT(g->turn);
		p->turn = 1;
		p->actions = rules_turn_actions(g);
	}
	cos_prompt_text(g, p->text, sizeof p->text);
	return 1;
}

/* Takes hand card number num (from 1) out of seat's hand; returns it. */
static int
rules_hand_take(struct game *g, int seat, int num)
{
	int	card = g->hand[seat][num - 1];

	memmove(&g->hand[seat][num - 1], &g->hand[seat][num],
	    (size_t)(g->nhand[seat] - num) * sizeof (int));
	g->nhand[seat]--;
	return card;
}

/* Checks that argument 0 of m names an item in seat's hand. */
static int
rules_item_arg(const struct game *g, int seat, const struct game_move *m,
    char **cause)
{
	if (g->nhand[seat] == 0)
		return set_cause(cause, "You hold no items.");
	if (m->args[0] < 1 || m->args[0] > g->nhand[seat])
		return set_cause(cause, "Name an item of your hand: 1 to %d.",
		    g->nhand[seat]);
	return 0;
}

/*
 * Plays seat's item num against target, saying so with what is against
 * the monster now ("..., now 2 of 3."); returns the item.
 */
static int
rules_play_item(struct game *g, int seat, int num, int target,
    const char *how, struct game_events *ev)
{
	char	item[80], name[80], worth[16], sum[16];
	int	card = rules_hand_take(g, seat, num);
	int	m = cos_target_monster(g, target);
	int	other;
	struct cos_pile *p = cos_target_pile(g, target);

	p->item[p->n++] = card;
	cos_item_name(g, card, item, sizeof item);
	cos_monster_name(g, m, name, sizeof name);
	cos_halves(cos_worth(g, card, m), worth, sizeof worth);
	cos_halves(cos_pile_sum(g, p, m), sum, sizeof sum);
	other = g->item[card].colour != g->mon[m].colour;
	game_say(ev, seat, "@{%d} %s %s against the %s%s%s%s, now %s of %d.",
	    seat, how, item, name, other ? " (the other colour: it counts " :
	    "", other ? worth : "", other ? ")" : "", sum, g->mon[m].value);
	return card;
}

/* Tells seat privately which items it drew: the last n of its hand. */
static void
rules_note_drawn(const struct game *g, int seat, int n,
    struct game_events *ev)
{
	struct game_note	*note;
	char			 item[96];
	size_t			 at;
	int			 i;

	if (n <= 0 || (note = game_events_note(ev, seat)) == NULL)
		return;
	at = (size_t)snprintf(note->text, sizeof note->text, "You drew ");
	for (i = g->nhand[seat] - n; i < g->nhand[seat]; i++) {
		cos_item_held(g, g->hand[seat][i], item, sizeof item);
		if (at < sizeof note->text)
			at += (size_t)snprintf(note->text + at,
			    sizeof note->text - at, "%s%s",
			    i == g->nhand[seat] - n ? "" :
			    i == g->nhand[seat] - 1 ? " and " : ", ", item);
	}
	if (at + 1 < sizeof note->text)
		strcat(note->text, ".");
}

/*
 * Whether seat s may draw now: retreat (action COS_A_RETREAT) with an
 * empty hand, draw with one or two items.  Returns 0, or -1 and *cause.
 */
static int
rules_draw_check(const struct game *g, int s, int action, char **cause)
{
	if (action == COS_A_RETREAT && g->nhand[s] > 0)
		return set_cause(cause, "A Tactical Retreat needs an empty hand: "
		    "play an item, or draw until you hold %d.", COS_HAND);
	if (action == COS_A_DRAW && g->nhand[s] == 0)
		return set_cause(cause, "Your hand is empty, so drawing now is a "
		    "Tactical Retreat (this round your monster's %s go round "
		    "the table): use retreat.", cos_unit(g, 2));
	if (g->nhand[s] >= COS_HAND)
		return set_cause(cause, "You hold %d %s already: play one, "
		    "or pass.", g->nhand[s],
		    game_plural(g->nhand[s], "item", "items"));
	if (g->nideck == 0)
		return set_cause(cause, "The Item Deck is empty: there is "
		    "nothing to draw. Use %s.", g->nhand[s] > 0 ? "play or "
		    "pass" : "pass");
	return 0;
}

/* A Player Action or a pass by the player whose turn it is. */
static int
rules_turn(struct game *g, int s, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	char		 who[96];
	unsigned	 aiders;
	int		 i, t = cos_target(g, s), first, n;

	switch (m->action) {
	case COS_A_PLAY:
	case COS_A_ASK:
		if (rules_item_arg(g, s, m, cause) != 0)
			return -1;
		if (m->action == COS_A_ASK) {
			if (t != s)
				return set_cause(cause, "Everyone fights the "
				    "King: there is no aid to ask for. Use "
				    "play.");
			if ((aiders = cos_aiders(g, s)) == 0)
				return set_cause(cause, "Nobody can aid you "
				    "this round (they have acted, aided or "
				    "hold no items). Use play.");
			rules_play_item(g, s, m->args[0], t, "plays", ev);
			g->asked = aiders;
			who[0] = '\0';
			for (i = 0, first = 1; i < g->nplayers; i++) {
				if (!(aiders & BIT(i)))
					continue;
				/* "@{1}", "@{1} and @{2}", "@{1}, @{2} and @{3}" */
				snprintf(who + strlen(who), sizeof who -
				    strlen(who), "%s@{%d}", first ? "" :
				    (aiders & ~(BIT(i + 1) - 1)) == 0 ?
				    " and " : ", ", i);
				first = 0;
			}
			game_say(ev, s, "@{%d} asks %s for aid.", s, who);
		} else
			rules_play_item(g, s, m->args[0], t, "plays", ev);
		g->acted |= BIT(s);
		break;
	case COS_A_RETREAT:
	case COS_A_DRAW:
		if (rules_draw_check(g, s, m->action, cause) != 0)
			return -1;
		n = g->nhand[s];
		while (g->nhand[s] < COS_HAND && g->nideck > 0)
			g->hand[s][g->nhand[s]++] = g->ideck[--g->nideck];
		n = g->nhand[s] - n;
		g->acted |= BIT(s);
		ev->private_changed |= BIT(s);
		rules_note_drawn(g, s, n, ev);
		if (m->action == COS_A_RETREAT) {
			g->retreated |= BIT(s);
			game_say(ev, s, "@{%d} makes a Tactical Retreat and "
			    "draws %d %s.", s, n,
			    game_plural(n, "item", "items"));
		} else
			game_say(ev, s, "@{%d} draws %d %s.", s, n,
			    game_plural(n, "item", "items"));
		break;
	case COS_A_PASS:
		game_say(ev, s, "@{%d} passes.", s);
		break;
	default:
		return set_cause(cause, "Not now: it is your turn: play, ask, "
		    "draw, retreat or pass.");
	}
	if (m->action == COS_A_PLAY || m->action == COS_A_ASK)
		ev->private_changed |= BIT(s);
	g->done |= BIT(s);
	return 0;
}

/* An answer to the open request for aid. */
static int
rules_answer(struct game *g, int s, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	char	how[64];

	switch (m->action) {
	case COS_A_AID:
		if (rules_item_arg(g, s, m, cause) != 0)
			return -1;
		snprintf(how, sizeof how, "aids @{%d} with", g->turn);
		rules_play_item(g, s, m->args[0], g->turn, how, ev);
		g->aided |= BIT(s);
		g->done |= BIT(s);
		ev->private_changed |= BIT(s);
		break;
	case COS_A_DECLINE:
		game_say(ev, s, "@{%d} declines to aid.", s);
		break;
	default:
		return set_cause(cause, "Answer the request for aid first: aid "
		    "with an item, or decline.");
	}
	g->asked &= ~BIT(s);
	return 0;
}

/* What a seat is asked, for telling whether a move changed it. */
struct rules_key {
	unsigned	seats;
	char		text[GAME_TEXT_MAX];
};

static void
rules_key(const struct game *g, struct rules_key *k)
{
	struct game_prompt	p;

	memset(k, 0, sizeof *k);
	if (cos_pending_list(g, &p, 1) == 1) {
		k->seats = p.seats;
		memcpy(k->text, p.text, sizeof k->text);
	}
}

/*
 * Applies seat's move; see struct game_ops.  g and ev are borrowed; ev may
 * be NULL.  A refused move leaves g and ev as they were.
 */
int
cos_apply(struct game *g, int seat, const struct game_move *m,
    struct game_events *ev, char **cause)
{
	unsigned char		 saved[COS_STATE_SIZE];
	struct game_apply_mark	 mark;
	struct rules_key	 before, after;
	char			 text[GAME_TEXT_MAX];
	int			 rc;

	if (game_apply_check(g->state, g->nplayers, COS_A_COUNT, seat, m,
	    cause) != 0)
		return -1;
	cos_prompt_text(g, text, sizeof text);
	if (g->asked != 0 && !(g->asked & BIT(seat)))
		return set_cause(cause, "Not now: %s", text);
	if (g->asked == 0 && seat != g->turn)
		return set_cause(cause, "It is not your turn: %s", text);

	ev = game_apply_begin(g, saved, sizeof saved, ev, &mark);
	rules_key(g, &before);
	if (g->asked != 0)
		rc = rules_answer(g, seat, m, ev, cause);
	else
		rc = rules_turn(g, seat, m, ev, cause);
	if (rc == 0) {
		cos_next_turn(g, ev);
		/* Seats newly asked, or asked something else, hear of it. */
		rules_key(g, &after);
		ev->private_changed |= after.seats & ~before.seats;
		if (strcmp(after.text, before.text) != 0)
			ev->private_changed |= after.seats;
	} else
		game_apply_undo(ev, &mark);
	game_apply_end(&mark);
	return rc;
}

/* Adds move (action, a0) to out if there is room; returns the new count. */
static int
rules_add(struct game_move *out, int n, size_t max, int action, int a0)
{
	return game_moves_add(out, n, max, action, a0, -1, -1, -1, -1);
}

/* Fills at most max legal moves for seat; returns how many. */
int
cos_legal(const struct game *g, int s, struct game_move *out, size_t max)
{
	unsigned	a;
	int		n = 0, i;

	if (g->state != GAME_RUNNING || s < 0 || s >= g->nplayers ||
	    g->turn < 0)
		return 0;
	if (g->asked != 0) {
		if (!(g->asked & BIT(s)))
			return 0;
		for (i = 0; i < g->nhand[s]; i++)
			n = rules_add(out, n, max, COS_A_AID, i + 1);
		return rules_add(out, n, max, COS_A_DECLINE, -1);
	}
	if (s != g->turn)
		return 0;
	a = rules_turn_actions(g);
	for (i = 0; (a & ABIT(COS_A_PLAY)) && i < g->nhand[s]; i++)
		n = rules_add(out, n, max, COS_A_PLAY, i + 1);
	for (i = 0; (a & ABIT(COS_A_ASK)) && i < g->nhand[s]; i++)
		n = rules_add(out, n, max, COS_A_ASK, i + 1);
	if (a & ABIT(COS_A_RETREAT))
		n = rules_add(out, n, max, COS_A_RETREAT, -1);
	if (a & ABIT(COS_A_DRAW))
		n = rules_add(out, n, max, COS_A_DRAW, -1);
	return rules_add(out, n, max, COS_A_PASS, -1);
}

/*
 * The move the bot makes for a seat that ran out of time: declining a
 * request for aid (nobody gives up their own action by default), and for
 * a turn the AI's move (-1).
 */
int
cos_timeout_move(const struct game *g, int seat, struct game_move *m)
{
	if (g->state != GAME_RUNNING || seat < 0 || seat >= g->nplayers ||
	    !(g->asked & BIT(seat)))
		return -1;
	m->action = COS_A_DECLINE;
	m->args[0] = m->args[1] = m->args[2] = m->args[3] = -1;
	return 0;
}
