/*
 * test_cosdrink_rules.c: every rule of Cosdrink Encounters on exact
 * positions: set-up, Player Actions and their restrictions, requests for
 * aid answered in any order, drawing and the Tactical Retreat, battles
 * (colours count half, the difference in drinks, order from the dealer),
 * Kings, the end of an Encounter and of the game, the drinks option,
 * prompts and timeout moves, refused moves.
 */
#include "tests/unit/cosdrink-test.h"

#include "game/ismcts.h"

#define BIT(s)	(1u << (s))

/* Index of the first event containing s, or -1. */
static int
said_at(const struct game_events *ev, const char *s)
{
	int	i;

	for (i = 0; i < ev->n; i++)
		if (strstr(ev->ev[i].text, s) != NULL)
			return i;
	return -1;
}

static void
test_setup(void **state)
{
	struct game		*g;
	int			 n, s, k, items, kings;

	(void)state;
	for (n = 2; n <= COS_MAX_PLAYERS; n++) {
		g = c_new(n, NULL, (uint64_t)n);
		c_check(g);
		kings = n < 4 ? 2 : n < 6 ? 3 : 4;
		assert_int_equal(g->kings_total, kings);
		assert_int_equal(g->nmonsters - g->nmbox, 3 * n + kings);
		items = 0;
		for (s = 0; s < n; s++) {
			assert_int_equal(g->nhand[s], COS_HAND);
			assert_true(g->monster[s] >= 0);
			items += g->nhand[s];
		}
		assert_int_equal(items + g->nideck, 7 * n + 5 * kings);
		assert_int_equal(g->dealer, 0);
		assert_int_equal(g->encounter, 1);
		assert_int_equal(g->round, 1);
		/* Kings revealed at the start wait in the middle. */
		for (k = 0; k < g->nkings; k++)
			assert_true(g->mon[g->kings[k]].king);
		assert_int_equal(g->king_open, 0);
		assert_int_equal(g->turn, 0);
		cosdrink_ops.free_game(g);
	}
	game_test_refused(&cosdrink_ops, 9, NULL, "2 to 8 players");
	game_test_refused(&cosdrink_ops, 3, "drinks=beer",
	    "sips, water or points");
}

/* Items of the monster's colour count whole; success destroys it. */
static void
test_battle_same_colour(void **state)
{
	struct game_events	 ev;
	struct game		*g = c_start(3, NULL);
	int			 m0, v1, v2, it;

	(void)state;
	m0 = c_place(g, 0, FIRE, 3);
	v1 = g->mon[g->monster[1]].value;
	v2 = g->mon[g->monster[2]].value;
	it = c_give(g, 0, FIRE, 3, 0);
	c_check(g);
	c_ok(g, 0, COS_A_PLAY, 1, &ev);
	assert_int_equal(g->pile[0].n, 1);
	assert_int_equal(g->pile[0].item[0], it);
	assert_int_equal(g->nhand[0], 0);
	assert_int_equal(g->turn, 1);
	c_ok(g, 1, COS_A_PASS, NONE, NULL);
	c_ok(g, 2, COS_A_PASS, NONE, &ev);
	assert_true(c_said(&ev, "Battle Phase"));
	assert_true(c_said(&ev, "Hot Toddy") == 0);
	assert_int_equal(g->monster[0], -1);
	assert_int_equal(g->mgone[g->nmgone - 1], m0);
	assert_int_equal(g->idiscard[g->nidiscard - 1], it);
	assert_int_equal(g->pile[0].n, 0);
	assert_int_equal(g->drinks[0], 0);
	/* Nothing against them: each drinks the whole value. */
	assert_int_equal(g->drinks[1], v1);
	assert_int_equal(g->drinks[2], v2);
	assert_int_equal(g->round, 2);
	cosdrink_ops.free_game(g);
}

/*
 * Silly rule 4: on its turn, a seat with an empty hand that passes while
 * the Item Deck could refill it is silly (four hard seats once passed so
 * round after round, and the game never ended); the hard level retreats.
 */
static void
test_silly_empty_pass(void **state)
{
	struct game		*g = c_start(3, NULL);
	struct game_move	 pass = { .action = COS_A_PASS };
	struct game_move	 retreat = { .action = COS_A_RETREAT };
	struct game_move	 m;
	struct rng		 r;
	int			 seat;

	(void)state;
	pass.args[0] = retreat.args[0] = NONE;
	c_empty_hands(g);
	c_check(g);
	seat = g->turn;
	assert_true(seat >= 0 && g->nideck > 0);
	assert_non_null(cosdrink_ops.silly(g, seat, &pass));
	assert_null(cosdrink_ops.silly(g, seat, &retreat));
	rng_init(&r, 1, 1);
	assert_int_equal(ismcts_hard(&cosdrink_ops, g, seat, &r, &m), 0);
	assert_int_equal(m.action, COS_A_RETREAT);
	/* With the Item Deck empty, a pass is all there is: not silly. */
	g->nideck = 0;
	assert_null(cosdrink_ops.silly(g, seat, &pass));
	cosdrink_ops.free_game(g);
}

/* The other colour counts half; a failure costs the difference, rounded up. */
static void
test_battle_other_colour(void **state)
{
	struct game_events	 ev;
	struct game		*g = c_start(2, NULL);

	(void)state;
	c_place(g, 0, FIRE, 3);
	c_only(g, 0);
	c_give(g, 0, ICE, 5, 0);
	c_give(g, 0, ICE, 1, 0);
	c_check(g);
	c_ok(g, 0, COS_A_PLAY, 1, &ev);
	assert_true(c_said(&ev, "the other colour: it counts 2\xc2\xbd"));
	/* Seat 1 has no monster: no turn, the battle follows. */
	assert_true(c_said(&ev, "holds (2\xc2\xbd against it)"));
	assert_int_equal(g->drinks[0], 1);
	assert_int_equal(g->pile[0].n, 1);	/* items stay on the monster */
	assert_true(g->monster[0] >= 0);
	assert_int_equal(g->turn, 0);
	c_ok(g, 0, COS_A_PLAY, 1, &ev);
	assert_true(c_said(&ev, "is destroyed (3 against it)"));
	/* The only monster: the Encounter ends and everyone drinks one. */
	assert_true(c_said(&ev, "Encounter 1 is over"));
	assert_int_equal(g->drinks[0], 2);
	cosdrink_ops.free_game(g);
}

/* Battles resolve one after the other, starting with the dealer. */
static void
test_battle_order(void **state)
{
	struct game_events	 ev;
	struct game		*g = c_start(3, NULL);
	int			 a, b, c;

	(void)state;
	g->dealer = 2;
	g->turn = 2;
	c_check(g);
	c_ok(g, 2, COS_A_PASS, NONE, NULL);
	c_ok(g, 0, COS_A_PASS, NONE, NULL);
	c_ok(g, 1, COS_A_PASS, NONE, &ev);
	a = said_at(&ev, "@{2}'s ");
	b = said_at(&ev, "@{0}'s ");
	c = said_at(&ev, "@{1}'s ");
	assert_true(a >= 0 && b > a && c > b);
	cosdrink_ops.free_game(g);
}

/* Aid is asked of everyone who may give it, answered in any order. */
static void
test_aid_any_order(void **state)
{
	struct game_events	 ev;
	struct game_prompt	 p[GAME_MAX_PROMPTS], q;
	struct game_move	 mv[COS_MAX_LEGAL];
	struct game		*g = c_start(3, NULL);
	int			 v1, v2;

	(void)state;
	c_place(g, 0, FIRE, 6);
	v1 = g->mon[g->monster[1]].value;
	v2 = g->mon[g->monster[2]].value;
	c_give(g, 0, FIRE, 3, 0);
	c_give(g, 1, FIRE, 2, 0);
	c_give(g, 2, FIRE, 1, 0);
	c_give(g, 2, ICE, 1, 0);
	c_check(g);
	c_ok(g, 0, COS_A_ASK, 1, &ev);
	assert_true(c_said(&ev, "@{0} asks @{1} and @{2} for aid."));
	/* The play says what is against the monster now. */
	assert_true(c_said(&ev, ", now 3 of 6."));
	/* The prompt says what to do; the bot adds the command. */
	assert_int_equal(cosdrink_ops.pending(g, &q, 1), 1);
	assert_null(strstr(q.text, "<item>"));
	assert_int_equal(cosdrink_ops.pending(g, p, GAME_MAX_PROMPTS), 1);
	assert_int_equal(p[0].seats, BIT(1) | BIT(2));
	assert_int_equal(p[0].each, 1);
	assert_int_equal(p[0].turn, 0);
	assert_int_equal(p[0].actions, BIT(COS_A_AID) | BIT(COS_A_DECLINE));
	assert_int_equal(ev.private_changed & (BIT(1) | BIT(2)), BIT(1) | BIT(2));
	assert_int_equal(cosdrink_ops.legal_moves(g, 0, mv, COS_MAX_LEGAL), 0);
	assert_int_equal(cosdrink_ops.legal_moves(g, 2, mv, COS_MAX_LEGAL), 3);
	c_bad(g, 0, COS_A_AID, 1, "Not now");
	c_bad(g, 1, COS_A_PLAY, 1, "Answer the request for aid first");
	/* The last seat answers first. */
	c_ok(g, 2, COS_A_AID, 1, &ev);
	assert_true(c_said(&ev, "@{2} aids @{0} with Cinnamon Stick"));
	assert_int_equal(cosdrink_ops.pending(g, &q, 1), 1);
	assert_int_equal(q.seats, BIT(1));
	/* The same question: the same text, so timers run on. */
	assert_string_equal(q.text, p[0].text);
	assert_int_equal(ev.private_changed & BIT(1), 0);
	c_ok(g, 1, COS_A_AID, 1, &ev);
	/* Both aided: their turns are gone, and the battle follows. */
	assert_true(c_said(&ev, "Battle Phase"));
	assert_true(c_said(&ev, "is destroyed (6 against it)"));
	assert_int_equal(g->drinks[1], v1);
	assert_int_equal(g->drinks[2], v2);
	assert_int_equal(g->nhand[2], 1);
	cosdrink_ops.free_game(g);
}

/* Who may aid and who may act: the restrictions of the rules. */
static void
test_aid_restrictions(void **state)
{
	struct game_prompt	 p;
	struct game		*g = c_start(4, NULL);

	(void)state;
	c_give(g, 0, FIRE, 1, 0);
	c_give(g, 1, FIRE, 2, 0);
	c_give(g, 1, FIRE, 2, 1);
	c_give(g, 2, ICE, 2, 0);
	/* Seat 3 holds nothing: it cannot aid. */
	c_check(g);
	c_ok(g, 0, COS_A_PLAY, 1, NULL);
	/* Seat 0 acted: it may not aid seat 1. */
	c_ok(g, 1, COS_A_ASK, 1, NULL);
	assert_int_equal(cosdrink_ops.pending(g, &p, 1), 1);
	assert_int_equal(p.seats, BIT(2));
	c_bad(g, 0, COS_A_AID, 1, "Not now");
	c_bad(g, 3, COS_A_DECLINE, NONE, "Not now");
	c_ok(g, 2, COS_A_DECLINE, NONE, NULL);
	/* Seat 2 declined: its own turn comes. */
	assert_int_equal(g->turn, 2);
	/* Nobody is left to aid seat 2: seat 3 holds nothing. */
	c_bad(g, 2, COS_A_ASK, 1, "Nobody can aid you");
	c_ok(g, 2, COS_A_PLAY, 1, NULL);
	assert_int_equal(g->turn, 3);
	cosdrink_ops.free_game(g);
}

/* A player who passed may still aid; one who aided loses its action. */
static void
test_pass_then_aid(void **state)
{
	struct game_prompt	 p;
	struct game		*g = c_start(3, NULL);

	(void)state;
	c_give(g, 0, FIRE, 1, 0);
	c_give(g, 1, FIRE, 2, 0);
	c_give(g, 2, FIRE, 3, 0);
	c_check(g);
	c_ok(g, 0, COS_A_PASS, NONE, NULL);
	c_ok(g, 1, COS_A_ASK, 1, NULL);
	assert_int_equal(cosdrink_ops.pending(g, &p, 1), 1);
	assert_int_equal(p.seats, BIT(0) | BIT(2));
	c_ok(g, 0, COS_A_AID, 1, NULL);
	c_ok(g, 2, COS_A_AID, 1, NULL);
	/* Seat 2 aided: it takes no Player Action; the round is over. */
	assert_int_equal(g->round, 2);
	cosdrink_ops.free_game(g);
}

/* Timers: an aid request is declined, a turn is the AI's. */
static void
test_timeout_move(void **state)
{
	struct game_move	 m;
	struct game		*g = c_start(3, NULL);

	(void)state;
	c_give(g, 0, FIRE, 1, 0);
	c_give(g, 1, FIRE, 2, 0);
	c_check(g);
	assert_int_equal(cosdrink_ops.timeout_move(g, 0, &m), -1);
	c_ok(g, 0, COS_A_ASK, 1, NULL);
	assert_int_equal(cosdrink_ops.timeout_move(g, 1, &m), 0);
	assert_int_equal(m.action, COS_A_DECLINE);
	assert_int_equal(cosdrink_ops.timeout_move(g, 2, &m), -1);
	c_ok(g, 1, m.action, m.args[0], NULL);
	assert_int_equal(g->turn, 1);
	cosdrink_ops.free_game(g);
}

/* Tactical Retreat: empty hands only; its drinks go round from the player. */
static void
test_retreat(void **state)
{
	struct game_events	 ev;
	struct game		*g = c_start(3, NULL);
	int			 d1, d2, v1, v2;

	(void)state;
	c_place(g, 0, FIRE, 5);
	v1 = g->mon[g->monster[1]].value;
	v2 = g->mon[g->monster[2]].value;
	c_give(g, 1, FIRE, 1, 0);
	c_check(g);
	c_bad(g, 1, COS_A_RETREAT, NONE, "not your turn");
	c_ok(g, 0, COS_A_RETREAT, NONE, &ev);
	assert_int_equal(g->nhand[0], COS_HAND);
	assert_true(ev.private_changed & BIT(0));
	assert_int_equal(ev.nnotes, 1);
	assert_int_equal(ev.note[0].seat, 0);
	c_bad(g, 1, COS_A_RETREAT, NONE, "needs an empty hand");
	c_ok(g, 1, COS_A_PASS, NONE, NULL);
	c_ok(g, 2, COS_A_PASS, NONE, &ev);
	/* 5 go round from seat 0: 2, 2 and 1. */
	assert_true(c_said(&ev, "5 sips go round from @{0}: @{0} 2, @{1} 2, "
	    "@{2} 1."));
	d1 = v1 + 2;
	d2 = v2 + 1;
	assert_int_equal(g->drinks[0], 2);
	assert_int_equal(g->drinks[1], d1);
	assert_int_equal(g->drinks[2], d2);
	assert_int_equal(g->retreated, 0);	/* a new round */
	cosdrink_ops.free_game(g);
}

/*
 * "Draw items from the Item Deck until there are three cards in their
 * hand" is a Player Action at one or two items; it is no Tactical Retreat.
 */
static void
test_draw(void **state)
{
	struct game_events	 ev;
	struct game_prompt	 pr;
	struct game		*g = c_start(3, NULL);
	int			 deck, v1, i;

	(void)state;
	c_give(g, 0, FIRE, 1, 0);
	c_give(g, 1, FIRE, 2, 0);
	c_give(g, 1, FIRE, 3, 0);
	c_give(g, 1, FIRE, 4, 0);
	c_check(g);
	deck = g->nideck;
	assert_int_equal(cosdrink_ops.pending(g, &pr, 1), 1);
	assert_true(pr.actions & (1u << COS_A_DRAW));
	assert_false(pr.actions & (1u << COS_A_RETREAT));
	assert_non_null(strstr(pr.text, "draw (until you hold 3 items)"));
	c_bad(g, 0, COS_A_RETREAT, NONE, "A Tactical Retreat needs an empty "
	    "hand: play an item, or draw until you hold 3.");
	c_ok(g, 0, COS_A_DRAW, NONE, &ev);
	assert_int_equal(g->nhand[0], COS_HAND);
	assert_int_equal(g->nideck, deck - 2);
	assert_true(ev.private_changed & BIT(0));
	assert_true(c_said(&ev, "@{0} draws 2 items."));
	/* Which items, only the drawer learns, each named with its colour. */
	assert_int_equal(ev.nnotes, 1);
	assert_int_equal(ev.note[0].seat, 0);
	assert_non_null(strstr(ev.note[0].text, "You drew "));
	assert_non_null(strstr(ev.note[0].text, " and "));
	assert_true(strstr(ev.note[0].text, " fire ") != NULL ||
	    strstr(ev.note[0].text, " ice ") != NULL);
	for (i = 0; i < ev.n; i++)
		assert_null(strstr(ev.ev[i].text, ev.note[0].text + 9));
	assert_true(g->acted & BIT(0));		/* a Player Action: no aiding */
	assert_false(g->retreated & BIT(0));
	/* A full hand draws nothing. */
	assert_int_equal(g->turn, 1);
	c_bad(g, 1, COS_A_DRAW, NONE, "You hold 3 items already: play one, "
	    "or pass.");
	c_ok(g, 1, COS_A_PASS, NONE, NULL);
	/* An empty hand draws only by a Tactical Retreat. */
	c_bad(g, 2, COS_A_DRAW, NONE, "Your hand is empty, so drawing now is a "
	    "Tactical Retreat (this round your monster's sips go round the "
	    "table): use retreat.");
	/* Seat 0's monster holds: its drinks are seat 0's alone. */
	v1 = g->mon[g->monster[0]].value;
	c_ok(g, 2, COS_A_PASS, NONE, &ev);
	assert_int_equal(g->drinks[0], v1);
	cosdrink_ops.free_game(g);
}

/* A count's noun and verb agree with it: "1 sip goes round". */
static void
test_one_goes_round(void **state)
{
	struct game_events	 ev;
	struct game		*g = c_start(2, "points");
	char			*view;

	(void)state;
	c_place(g, 0, FIRE, 1);
	c_give(g, 1, FIRE, 1, 0);
	c_check(g);
	view = cosdrink_ops.render_public(g);
	assert_non_null(strstr(view, ": 1 item; "));
	assert_non_null(strstr(view, ": 0 items; "));
	free(view);
	c_ok(g, 0, COS_A_RETREAT, NONE, NULL);
	c_ok(g, 1, COS_A_PASS, NONE, &ev);
	assert_true(c_said(&ev, "1 point goes round from @{0}: @{0} 1."));
	cosdrink_ops.free_game(g);
}

/* No Item Deck: no retreat; nobody able to act loses the game. */
static void
test_items_run_out(void **state)
{
	struct game_events	 ev;
	struct game_result	 r;
	struct game		*g = c_start(2, "points");

	(void)state;
	while (g->nideck > 0)
		g->idiscard[g->nidiscard++] = g->ideck[--g->nideck];
	c_check(g);
	c_bad(g, 0, COS_A_RETREAT, NONE, "Item Deck is empty");
	c_ok(g, 0, COS_A_PASS, NONE, &ev);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 0);
	assert_int_equal(ev.ev[ev.n - 1].kind, GAME_EV_END);
	assert_true(c_said(&ev, "the items have run out"));
	assert_int_equal(cosdrink_ops.result(g, &r), 0);
	assert_int_equal(r.winners, 0);
	assert_non_null(strstr(r.text, "The monsters won"));
	c_bad(g, 0, COS_A_PASS, NONE, "The game is over");
	cosdrink_ops.free_game(g);
}

/*
 * The end of an Encounter: everyone drinks, the dealer moves on, a monster
 * is dealt to everyone from the new dealer, and a King revealed moves to
 * the middle with another monster revealed in its place.
 */
static void
test_encounter_end_and_king_reveal(void **state)
{
	struct game_events	 ev;
	struct game		*g = c_start(2, NULL);
	int			 king, next, third;

	(void)state;
	c_place(g, 0, FIRE, 1);
	c_only(g, 0);
	c_give(g, 0, FIRE, 1, 0);
	king = c_king(g, ICE, 9);
	next = c_monster_id(g, ICE, 1, 0);
	/*
	 * Seat 1 (the next dealer) is dealt first, the King, and seat 0 next;
	 * then seat 1 reveals the King and reveals the third card instead.
	 */
	c_deck_at(g, king, 0);
	c_deck_at(g, next, 1);
	third = g->mdeck[g->nmdeck - 3];
	c_check(g);
	c_ok(g, 0, COS_A_PLAY, 1, &ev);
	assert_true(c_said(&ev, "Encounter 1 is over"));
	assert_int_equal(g->drinks[0], 1);
	assert_int_equal(g->drinks[1], 1);
	assert_int_equal(g->dealer, 1);
	assert_int_equal(g->encounter, 2);
	assert_int_equal(g->round, 1);
	assert_true(c_said(&ev, "@{1} reveals the Frostbite King"));
	assert_int_equal(g->nkings, 1);
	assert_int_equal(g->kings[0], king);
	assert_int_equal(g->monster[0], next);
	assert_int_equal(g->monster[1], third);
	assert_int_equal(g->king_open, 0);
	cosdrink_ops.free_game(g);
}

/*
 * Kings wait until every other monster is destroyed; then everyone fights
 * the King, its failures go round from the dealer, and destroying the last
 * King wins the game for everyone.
 */
static void
test_kings(void **state)
{
	struct game_events	 ev;
	struct game_result	 r;
	struct game		*g = c_start(2, NULL);
	char			*pub;

	(void)state;
	c_place(g, 0, FIRE, 1);
	c_only(g, 0);
	c_king_middle(g, FIRE, 9);
	/* The other King of the game was destroyed before. */
	c_king_gone(g, ICE, 9);
	c_give(g, 0, FIRE, 1, 0);
	c_give(g, 0, FIRE, 5, 0);
	c_give(g, 1, FIRE, 4, 0);
	c_give(g, 1, ICE, 2, 0);
	c_check(g);
	pub = cosdrink_ops.render_public(g);
	assert_non_null(strstr(pub, "waits until every other monster is "
	    "destroyed"));
	free(pub);
	/* Seat 1 has no monster and the King waits: no turn for seat 1. */
	c_ok(g, 0, COS_A_PLAY, 1, &ev);
	assert_true(c_said(&ev, "Only Kings are left: everyone fights the "
	    "Smouldering King"));
	assert_int_equal(g->king_open, 1);
	assert_int_equal(g->turn, 0);
	c_bad(g, 0, COS_A_ASK, 1, "Everyone fights the King");
	c_ok(g, 0, COS_A_PLAY, 1, NULL);	/* 🔥5 */
	c_ok(g, 1, COS_A_PLAY, 2, &ev);		/* 🧊2 counts 1 */
	/* 6 against 9: 3 go round from the dealer, seat 0. */
	assert_true(c_said(&ev, "The King holds: 3 sips go round from @{0}: "
	    "@{0} 2, @{1} 1."));
	assert_int_equal(g->drinks[0], 2);
	assert_int_equal(g->drinks[1], 1);
	assert_int_equal(g->kpile.n, 2);
	c_ok(g, 0, COS_A_RETREAT, NONE, NULL);
	c_ok(g, 1, COS_A_PLAY, 1, &ev);		/* 🔥4: 10 */
	assert_true(c_said(&ev, "a King is destroyed"));
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, BIT(0) | BIT(1));
	assert_int_equal(ev.ev[ev.n - 1].kind, GAME_EV_END);
	assert_true(c_said(&ev, "Every King is destroyed"));
	/* Everyone drank at the end of the Encounter too. */
	assert_int_equal(g->drinks[0], 3);
	assert_int_equal(g->drinks[1], 2);
	assert_int_equal(cosdrink_ops.result(g, &r), 0);
	assert_int_equal(r.state, GAME_WON);
	assert_non_null(strstr(r.text, "destroyed all 2 Kings"));
	assert_int_equal(cosdrink_ops.pending(g, NULL, 0), 0);
	cosdrink_ops.free_game(g);
}

/* The tally counts sips of anything, sips of water, or points. */
static void
test_drinks_option(void **state)
{
	static const char *const opt[] = { NULL, "water", "points" };
	static const char *const unit[] = { "takes 2 sips.",
	    "takes 2 sips of water.", "takes 2 points." };
	static const char *const title[] = {
	    "Sips (of anything you like; water counts): @{0} 2, @{1} 0.",
	    "Sips of water: @{0} 2, @{1} 0.",
	    "Points (nobody drinks): @{0} 2, @{1} 0." };
	struct game_events	 ev;
	struct game		*g;
	char			*pub;
	int			 i;

	(void)state;
	for (i = 0; i < 3; i++) {
		g = c_start(2, opt[i]);
		c_place(g, 0, FIRE, 2);
		c_only(g, 0);
		c_check(g);
		c_ok(g, 0, COS_A_PASS, NONE, &ev);
		assert_true(c_said(&ev, unit[i]));
		pub = cosdrink_ops.render_public(g);
		assert_non_null(strstr(pub, title[i]));
		free(pub);
		cosdrink_ops.free_game(g);
	}
}

/* Refused moves say why and change nothing. */
static void
test_refused(void **state)
{
	struct game	*g = c_start(3, NULL);

	(void)state;
	c_give(g, 0, FIRE, 1, 0);
	c_check(g);
	c_bad(g, 1, COS_A_PLAY, 1, "It is not your turn");
	c_bad(g, 0, COS_A_PLAY, 2, "Name an item of your hand: 1 to 1");
	c_bad(g, 0, COS_A_PLAY, 0, "Name an item");
	c_bad(g, 0, COS_A_AID, 1, "it is your turn");
	c_bad(g, 0, COS_A_DECLINE, NONE, "it is your turn");
	c_bad(g, 0, COS_A_COUNT, NONE, "no such action");
	c_bad(g, 7, COS_A_PASS, NONE, "not playing");
	c_bad(g, 0, COS_A_ASK, 1, "Nobody can aid you");
	cosdrink_ops.free_game(g);
}

/*
 * Legal moves: every item, ask only when someone could aid, draw below
 * three items, retreat with none, pass.
 */
static void
test_legal(void **state)
{
	struct game_move	 mv[COS_MAX_LEGAL];
	struct game		*g = c_start(3, NULL);
	int			 n;

	(void)state;
	c_give(g, 0, FIRE, 1, 0);
	c_give(g, 0, FIRE, 2, 0);
	c_give(g, 1, FIRE, 3, 0);
	c_check(g);
	n = cosdrink_ops.legal_moves(g, 0, mv, COS_MAX_LEGAL);
	assert_int_equal(n, 6);
	assert_int_equal(mv[0].action, COS_A_PLAY);
	assert_int_equal(mv[2].action, COS_A_ASK);
	assert_int_equal(mv[4].action, COS_A_DRAW);
	assert_int_equal(mv[5].action, COS_A_PASS);
	assert_int_equal(cosdrink_ops.legal_moves(g, 1, mv, COS_MAX_LEGAL), 0);
	assert_int_equal(cosdrink_ops.legal_moves(g, 0, mv, 2), 2);
	c_ok(g, 0, COS_A_PASS, NONE, NULL);
	c_ok(g, 1, COS_A_PASS, NONE, NULL);
	/* An empty hand: retreat or pass. */
	n = cosdrink_ops.legal_moves(g, 2, mv, COS_MAX_LEGAL);
	assert_int_equal(n, 2);
	assert_int_equal(mv[0].action, COS_A_RETREAT);
	cosdrink_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup),
		cmocka_unit_test(test_battle_same_colour),
		cmocka_unit_test(test_battle_other_colour),
		cmocka_unit_test(test_battle_order),
		cmocka_unit_test(test_aid_any_order),
		cmocka_unit_test(test_aid_restrictions),
		cmocka_unit_test(test_pass_then_aid),
		cmocka_unit_test(test_timeout_move),
		cmocka_unit_test(test_retreat),
		cmocka_unit_test(test_draw),
		cmocka_unit_test(test_one_goes_round),
		cmocka_unit_test(test_items_run_out),
		cmocka_unit_test(test_encounter_end_and_king_reveal),
		cmocka_unit_test(test_kings),
		cmocka_unit_test(test_drinks_option),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_legal),
		cmocka_unit_test(test_silly_empty_pass),
	};

	return cmocka_run_group_tests_name("cosdrink_rules", tests, NULL, NULL);
}
