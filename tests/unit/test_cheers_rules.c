/*
 * test_cheers_rules.c: CHEERS in play: offering, CHEERS with one or
 * several matches and into one's own shaker, giving rules, overflow chains
 * after a CHEERS gift, moves, throws, the extra and share shakers, victory
 * (teammate's shaker, foreign kinds, shared wins, victory=own), the tie on
 * an empty deck (after a play or a throw), whom a move tells of a changed
 * private view, legal moves, and every rejection sentence.
 */
#include "tests/unit/cheers-test.h"

#define ABLE	3	/* seat 0's A recipe: (2,2,1,0,0); B: (0,1,2,2,0) */

static void
test_play_plain(void **state)
{
	struct game		*g = t_four();
	struct game_events	 ev;
	struct game_prompt	 pr;
	int			 c, deck;

	(void)state;
	assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
	assert_int_equal(pr.turn, 1);
	assert_int_equal(pr.seats, 1u << 0);
	assert_string_equal(pr.text, "@{0}'s turn: play, move or throw.");
	t_shake(g, 1, COCKTAIL, -1);
	c = t_hand(g, 0, 2, BEER, WINE);
	deck = g->ndeck;
	t_ok(g, 0, CHEERS_A_PLAY, 2, 1, -1, &ev);
	assert_int_equal(g->nshaker[1], 2);
	assert_int_equal(g->shaker[1][1], c);
	assert_int_equal(g->nhand[0], 3);
	assert_int_equal(g->ndeck, deck - 1);
	assert_int_equal(g->active, 1);
	/* The line names the shaker with its new content. */
	assert_string_equal(ev.ev[0].text,
	    "@{0} offers \xf0\x9f\x8d\xba beer to @{1}'s shaker (now "
	    "\xf0\x9f\x8d\xb8 \xf0\x9f\x8d\xba).");
	/* The draw is told to the drawer alone, naming the card. */
	assert_int_equal(ev.n, 1);
	assert_int_equal(ev.nnotes, 1);
	assert_int_equal(ev.note[0].seat, 0);
	assert_true(t_noted(&ev, 0, "You drew "));
	assert_true(t_noted(&ev, 0, "(cheers with "));
	assert_int_equal(ev.private_changed, (1u << 0) | (1u << 1));
	cheers_ops.free_game(g);
}

static void
test_cheers_one_match(void **state)
{
	struct game		*g = t_four();
	struct game_events	 ev;
	struct game_prompt	 pr;
	int			 played, matched;

	(void)state;
	t_shake(g, 1, COCKTAIL, -1);
	matched = t_shake(g, 1, WINE, -1);
	played = t_play(g, BEER, WINE, 1, &ev);
	assert_int_equal(ev.ev[0].kind, GAME_EV_CHEERS);
	assert_string_equal(ev.ev[0].text, "@{0} offers \xf0\x9f\x8d\xba beer "
	    "to @{1}'s shaker (now \xf0\x9f\x8d\xb8 \xf0\x9f\x8d\xb7 "
	    "\xf0\x9f\x8d\xba). CHEERS! (\xf0\x9f\x8d\xba cheers with "
	    "\xf0\x9f\x8d\xb7)");
	assert_int_equal(ev.ev[1].kind, GAME_EV_PROMPT);
	assert_string_equal(ev.ev[1].text, "@{1} must give the played "
	    "\xf0\x9f\x8d\xba and the matching \xf0\x9f\x8d\xb7 to two other "
	    "shakers.");
	assert_int_equal(ev.n, 2);
	assert_int_equal(ev.nnotes, 0);		/* no draw yet */
	assert_true(ev.private_changed & (1u << 1));
	assert_int_equal(g->nhand[0], 2);
	assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
	assert_int_equal(pr.turn, 0);
	assert_int_equal(pr.seats, 1u << 1);
	assert_int_equal(pr.actions, 1u << CHEERS_A_GIVE);
	assert_non_null(strstr(pr.text, "@{1} must give"));

	t_bad(g, 0, CHEERS_A_PLAY, 1, 2, -1,
	    "@{1} must answer the CHEERS first: give the two cards away.");
	t_bad(g, 3, CHEERS_A_GIVE, 0, 2, -1,
	    "@{1} must answer the CHEERS first");
	t_bad(g, 1, CHEERS_A_DISCARD, 1, -1, -1,
	    "@{1} must answer the CHEERS first");
	t_bad(g, 1, CHEERS_A_GIVE, 1, 2, -1,
	    "The CHEERSed cards must leave @{1}'s shaker: give them to two "
	    "other shakers.");
	t_bad(g, 1, CHEERS_A_GIVE, 0, 0, -1,
	    "The two CHEERSed cards must go to two different shakers.");
	t_bad(g, 1, CHEERS_A_GIVE, 0, 9, -1,
	    "Target 9 is not a shaker at this table: name a seat 0-3.");
	t_bad(g, 1, CHEERS_A_GIVE, 0, 2, 1,
	    "Card 1 of @{1}'s shaker does not match the played "
	    "\xf0\x9f\x8d\xba: the matching card is 2.");
	t_bad(g, 1, CHEERS_A_GIVE, 0, 2, 3,
	    "Card 3 of @{1}'s shaker does not match");

	/* Naming the only match is allowed as well as leaving it out. */
	t_ok(g, 1, CHEERS_A_GIVE, 3, 2, 2, &ev);
	assert_int_equal(g->nshaker[1], 1);
	assert_int_equal(g->shaker[3][0], played);
	assert_int_equal(g->shaker[2][0], matched);
	assert_string_equal(ev.ev[0].text, "@{1} gives away "
	    "\xf0\x9f\x8d\xba beer to @{3}'s shaker (now \xf0\x9f\x8d\xba) and "
	    "\xf0\x9f\x8d\xb7 wine to @{2}'s shaker (now \xf0\x9f\x8d\xb7), "
	    "leaving @{1}'s shaker with \xf0\x9f\x8d\xb8.");
	/* The CHEERS answered, the player draws: told privately. */
	assert_true(t_noted(&ev, 0, "You drew "));
	assert_false(t_said(&ev, "draws"));
	assert_int_equal(g->nhand[0], 3);
	assert_int_equal(g->active, 1);
	cheers_ops.free_game(g);
}

static void
test_cheers_omitted_card(void **state)
{
	struct game	*g = t_four();
	int		 played, matched;

	(void)state;
	matched = t_shake(g, 3, TROPICAL, -1);
	played = t_hand(g, 0, 3, COCKTAIL, TROPICAL);
	t_ok(g, 0, CHEERS_A_PLAY, 3, 3, -1, NULL);
	t_ok(g, 3, CHEERS_A_GIVE, 0, 1, -1, NULL);
	assert_int_equal(g->shaker[0][0], played);
	assert_int_equal(g->shaker[1][0], matched);
	/* Given cards are dead: the cocktail in seat 0 does not CHEERS. */
	assert_int_equal(g->nqueue, 0);
	cheers_ops.free_game(g);
}

static void
test_cheers_several(void **state)
{
	struct game	*g = t_four();
	int		 w1, w3, played;

	(void)state;
	w1 = t_shake(g, 1, WINE, -1);
	t_shake(g, 1, COCKTAIL, -1);
	w3 = t_shake(g, 1, WINE, -1);
	played = t_play(g, BEER, WINE, 1, NULL);
	t_bad(g, 1, CHEERS_A_GIVE, 0, 2, -1,
	    "Several cards of @{1}'s shaker match: say which one to give away "
	    "(card 1, 3) after the two shakers.");
	t_bad(g, 1, CHEERS_A_GIVE, 0, 2, 2,
	    "the matching cards are 1, 3.");
	t_bad(g, 1, CHEERS_A_GIVE, 0, 2, 4,
	    "Card 4 of @{1}'s shaker does not match");
	t_ok(g, 1, CHEERS_A_GIVE, 2, 0, 3, NULL);
	assert_int_equal(g->nshaker[1], 2);
	assert_int_equal(g->shaker[1][0], w1);
	assert_int_equal(g->shaker[0][0], w3);
	assert_int_equal(g->shaker[2][0], played);
	cheers_ops.free_game(g);
}

static void
test_cheers_own_shaker(void **state)
{
	struct game	*g = t_four();
	int		 m;

	(void)state;
	m = t_shake(g, 0, WHISKY, -1);
	t_play(g, TROPICAL, WHISKY, 0, NULL);
	assert_int_equal(g->queue[0].shaker, 0);
	t_bad(g, 0, CHEERS_A_GIVE, 0, 1, -1, "must leave @{0}'s shaker");
	t_ok(g, 0, CHEERS_A_GIVE, 2, 1, -1, NULL);
	assert_int_equal(g->nshaker[0], 0);
	assert_int_equal(g->shaker[1][0], m);
	assert_int_equal(g->active, 1);
	cheers_ops.free_game(g);
}

static void
test_opponent_rule(void **state)
{
	struct game	*g = t_new(6, NULL, NULL, NULL, "3+3", 4);

	(void)state;
	/* A = 0, 2, 4; B = 1, 3, 5. */
	t_clear(g);
	t_shake(g, 1, WINE, -1);
	t_play(g, BEER, WINE, 1, NULL);
	t_bad(g, 1, CHEERS_A_GIVE, 3, 5, -1,
	    "At least one of the two cards must go to an opponent's shaker.");
	t_ok(g, 1, CHEERS_A_GIVE, 3, 4, -1, NULL);
	cheers_ops.free_game(g);

	/* Masquerade does not enforce it: the refusal would reveal teams. */
	g = t_new(6, "masquerade", NULL, NULL, NULL, 4);
	{
		int x = 1, a = -1, b = -1, s;

		t_clear(g);
		for (s = 0; s < 6; s++) {
			if (s == x || g->team_of[s] != g->team_of[x])
				continue;
			if (a < 0)
				a = s;
			else
				b = s;
		}
		t_shake(g, x, WINE, -1);
		t_play(g, BEER, WINE, x, NULL);
		t_ok(g, x, CHEERS_A_GIVE, a, b, -1, NULL);
	}
	cheers_ops.free_game(g);
}

/* Fills shaker s with n cards foreign to both recipes of t_four(). */
static void
spoil(struct game *g, int s, int n)
{
	while (n-- > 0)
		t_shake(g, s, WHISKY, -1);
}

static void
test_overflow_chain(void **state)
{
	struct game		*g = t_four();
	struct game_events	 ev;
	struct game_prompt	 pr;

	(void)state;
	spoil(g, 0, 5);
	t_shake(g, 0, TROPICAL, -1);
	spoil(g, 2, 5);
	t_shake(g, 2, TROPICAL, -1);
	t_shake(g, 1, COCKTAIL, -1);
	t_play(g, BEER, COCKTAIL, 1, NULL);
	t_ok(g, 1, CHEERS_A_GIVE, 0, 2, -1, &ev);
	assert_int_equal(g->nshaker[0], 7);
	assert_int_equal(g->nshaker[2], 7);
	assert_int_equal(g->nqueue, 2);
	assert_true(t_said(&ev, "@{0}'s shaker holds 7 cards: @{0} must "
	    "discard one."));
	/* No draw while overflows are open. */
	assert_false(t_noted(&ev, 0, "You drew"));
	assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
	assert_int_equal(pr.seats, 1u << 0);
	assert_int_equal(pr.actions, 1u << CHEERS_A_DISCARD);
	/* Overflows are answered in the order the cards arrived. */
	t_bad(g, 2, CHEERS_A_DISCARD, 1, -1, -1,
	    "@{0} must first discard a card from @{0}'s shaker.");
	t_bad(g, 0, CHEERS_A_GIVE, 1, 2, -1, "@{0} must first discard");
	t_bad(g, 0, CHEERS_A_DISCARD, 8, -1, -1,
	    "Card 8 is not in @{0}'s shaker: it holds cards 1-7.");
	t_bad(g, 0, CHEERS_A_DISCARD, 0, -1, -1, "Card 0 is not in");
	t_ok(g, 0, CHEERS_A_DISCARD, 7, -1, -1, &ev);
	assert_int_equal(g->ndiscard, 1);
	assert_true(t_said(&ev, "@{2}'s shaker holds 7 cards"));
	assert_int_equal(g->nhand[0], 2);
	t_ok(g, 2, CHEERS_A_DISCARD, 1, -1, -1, &ev);
	assert_true(t_noted(&ev, 0, "You drew "));
	assert_int_equal(g->nhand[0], 3);
	assert_int_equal(g->active, 1);
	cheers_ops.free_game(g);
}

static void
test_overflow_from_play_and_move(void **state)
{
	struct game	*g = t_four();

	(void)state;
	spoil(g, 3, 6);
	t_play(g, TROPICAL, BEER, 3, NULL);
	assert_int_equal(g->queue[0].kind, CHEERS_P_OVERFLOW);
	t_bad(g, 1, CHEERS_A_PLAY, 1, 1, -1, "@{3} must first discard");
	t_ok(g, 3, CHEERS_A_DISCARD, 2, -1, -1, NULL);
	assert_int_equal(g->active, 1);
	/* Seat 1 moves a card into the full shaker 3. */
	t_shake(g, 1, TROPICAL, -1);
	t_ok(g, 1, CHEERS_A_MOVE, 1, 3, -1, NULL);
	assert_int_equal(g->nqueue, 1);
	t_ok(g, 3, CHEERS_A_DISCARD, 7, -1, -1, NULL);
	assert_int_equal(g->active, 2);
	cheers_ops.free_game(g);
}

static void
test_move(void **state)
{
	struct game		*g = t_four();
	struct game_events	 ev;
	int			 c, deck = g->ndeck;

	(void)state;
	t_bad(g, 0, CHEERS_A_MOVE, 1, 1, -1, "Your shaker is empty: there is "
	    "no card to move; play or throw instead.");
	c = t_shake(g, 0, BEER, WINE);
	t_shake(g, 1, WINE, -1);
	deck = g->ndeck;
	t_bad(g, 0, CHEERS_A_MOVE, 5, 1, -1,
	    "Card 5 is not in your shaker: it holds only card 1.");
	t_bad(g, 0, CHEERS_A_MOVE, 1, 0, -1,
	    "The card is already in your shaker: move it to another shaker.");
	t_bad(g, 0, CHEERS_A_MOVE, 1, 7, -1,
	    "Target 7 is not a shaker at this table: name a seat 0-3.");
	t_bad(g, 0, CHEERS_A_MOVE, 1, GAME_PLACE_BASE, -1,
	    "Target 100 is not a shaker");
	/* A move never CHEERS, and draws nothing. */
	t_ok(g, 0, CHEERS_A_MOVE, 1, 1, -1, &ev);
	assert_int_equal(g->nqueue, 0);
	assert_int_equal(g->shaker[1][1], c);
	assert_int_equal(g->ndeck, deck);
	assert_int_equal(g->active, 1);
	assert_string_equal(ev.ev[0].text, "@{0} gives away "
	    "\xf0\x9f\x8d\xba beer from @{0}'s shaker (now empty) to @{1}'s "
	    "shaker (now \xf0\x9f\x8d\xb7 \xf0\x9f\x8d\xba).");
	assert_int_equal(ev.n, 1);
	assert_int_equal(ev.nnotes, 0);
	cheers_ops.free_game(g);
}

static void
test_throw(void **state)
{
	struct game		*g = t_four();
	struct game_events	 ev;
	int			 old[3], deck = g->ndeck;

	(void)state;
	memcpy(old, g->hand[0], sizeof old);
	t_ok(g, 0, CHEERS_A_THROW, -1, -1, -1, &ev);
	assert_int_equal(g->ndiscard, 3);
	assert_memory_equal(g->discard, old, sizeof old);
	assert_int_equal(g->nhand[0], 3);
	assert_int_equal(g->ndeck, deck - 3);
	assert_string_equal(ev.ev[0].text,
	    "@{0} throws up: discards 3 cards and draws 3.");
	/* The new hand is told to the thrower alone, card by card. */
	assert_int_equal(ev.nnotes, 1);
	assert_int_equal(ev.note[0].seat, 0);
	assert_true(t_noted(&ev, 0, "You drew "));
	assert_true(t_noted(&ev, 0, " and "));
	assert_int_equal(g->active, 1);
	cheers_ops.free_game(g);
}

static void
test_extra_shaker(void **state)
{
	struct game		*g = t_new(5, NULL, NULL, NULL, "2+3", 8);
	struct game_prompt	 pr;
	const char		*names[2];
	int			 c;

	(void)state;
	/* A = seats 0, 2 (smaller, owns "extra"); B = 1, 3, 4. */
	t_clear(g);
	assert_int_equal(cheers_ops.places(g, names, 2), 1);
	assert_string_equal(names[0], "extra");
	t_shake(g, 5, WINE, -1);
	c = t_play(g, BEER, WINE, EXTRA, NULL);
	assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
	assert_int_equal(pr.seats, (1u << 0) | (1u << 2));
	assert_non_null(strstr(pr.text, "@{0} or @{2} must give the played"));
	assert_non_null(strstr(pr.text, " from the extra shaker to two other "
	    "shakers."));
	t_bad(g, 4, CHEERS_A_GIVE, 0, 1, -1,
	    "@{0} or @{2} must answer the CHEERS first");
	t_bad(g, 2, CHEERS_A_GIVE, 0, 2, -1,
	    "At least one of the two cards must go to an opponent's shaker.");
	t_bad(g, 2, CHEERS_A_GIVE, EXTRA, 1, -1, "must leave the extra shaker");
	t_ok(g, 2, CHEERS_A_GIVE, 1, 0, -1, NULL);
	assert_int_equal(g->shaker[1][0], c);
	assert_int_equal(g->active, 1);
	/* Anyone may move into the extra shaker. */
	t_shake(g, 1, TROPICAL, -1);
	t_ok(g, 1, CHEERS_A_MOVE, 1, EXTRA, -1, NULL);
	assert_int_equal(g->nshaker[5], 1);
	cheers_ops.free_game(g);
}

static void
test_duel_share(void **state)
{
	struct game		*g = t_new(2, NULL, NULL, NULL, NULL, 9);
	struct game_prompt	 pr;

	(void)state;
	t_known(g);
	t_shake(g, 2, WINE, -1);
	t_play(g, BEER, WINE, SHARE, NULL);
	/* The inactive player decides for the share shaker. */
	assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
	assert_int_equal(pr.seats, 1u << 1);
	t_bad(g, 0, CHEERS_A_GIVE, 0, 1, -1, "@{1} must answer the CHEERS");
	t_bad(g, 1, CHEERS_A_GIVE, SHARE, 0, -1,
	    "must leave the share shaker");
	t_ok(g, 1, CHEERS_A_GIVE, 0, 1, -1, NULL);
	assert_int_equal(g->nshaker[2], 0);
	assert_int_equal(g->active, 1);
	/* Seat 1 overfills the share: seat 0, inactive, discards. */
	spoil(g, 2, 6);
	t_shake(g, 1, TROPICAL, -1);
	t_ok(g, 1, CHEERS_A_MOVE, 1, SHARE, -1, NULL);
	assert_int_equal(cheers_ops.pending(g, &pr, 1), 1);
	assert_int_equal(pr.seats, 1u << 0);
	t_bad(g, 1, CHEERS_A_DISCARD, 1, -1, -1, "@{0} must first discard a "
	    "card from the share shaker");
	t_ok(g, 0, CHEERS_A_DISCARD, 7, -1, -1, NULL);
	assert_int_equal(g->active, 0);
	cheers_ops.free_game(g);
}

/* Puts beer, beer, wine, wine into shaker s (recipe A minus the cocktail). */
static void
almost(struct game *g, int s)
{
	t_fill(g, s, (const int []){ BEER, BEER, WINE, WINE, -1 });
}

static void
test_duel_wins(void **state)
{
	struct game		*g;
	struct game_events	 ev;
	struct game_result	 r;

	(void)state;
	g = t_new(2, NULL, NULL, NULL, NULL, 9);
	t_known(g);
	almost(g, 2);
	t_play(g, COCKTAIL, WHISKY, SHARE, &ev);
	cheers_ops.result(g, &r);
	assert_int_equal(r.state, GAME_WON);
	assert_int_equal(r.winners, 1u << 0);
	/* The result is public: it names the winners, not the recipe. */
	assert_string_equal(r.text, "Team A (@{0}) wins with the share "
	    "shaker.");
	/* The end event reveals the winning recipe. */
	assert_int_equal(ev.ev[ev.n - 1].kind, GAME_EV_END);
	assert_string_equal(ev.ev[ev.n - 1].text, "Game over! Team A (@{0}) "
	    "wins with the share shaker (\xf0\x9f\x8d\xba \xf0\x9f\x8d\xba "
	    "\xf0\x9f\x8d\xb7 \xf0\x9f\x8d\xb7 \xf0\x9f\x8d\xb8): recipe "
	    "\xf0\x9f\x8d\xba\xf0\x9f\x8d\xba"
	    "\xf0\x9f\x8d\xb7\xf0\x9f\x8d\xb7\xf0\x9f\x8d\xb8.");
	t_bad(g, 1, CHEERS_A_THROW, -1, -1, -1, "The game is over: no more "
	    "moves.");
	cheers_ops.free_game(g);

	/* Both recipes made at once: a shared win. */
	g = t_new(2, NULL, NULL, NULL, NULL, 9);
	t_clear(g);
	t_recipe(g, 0, 2, 2, 1, 0, 0);
	t_recipe(g, 1, 2, 2, 1, 0, 0);
	almost(g, 2);
	t_play(g, COCKTAIL, WHISKY, SHARE, &ev);
	cheers_ops.result(g, &r);
	assert_int_equal(r.winners, 3u);
	assert_non_null(strstr(r.text, "Shared win!"));
	cheers_ops.free_game(g);

	/* victory=own: the share shaker cannot win. */
	g = t_new(2, NULL, NULL, "own", NULL, 9);
	t_clear(g);
	t_recipe(g, 0, 2, 2, 1, 0, 0);
	almost(g, 2);
	t_play(g, COCKTAIL, WHISKY, SHARE, NULL);
	assert_int_equal(g->state, GAME_RUNNING);
	cheers_ops.free_game(g);
}

static void
test_victory_teammate(void **state)
{
	struct game		*g = t_four();
	struct game_events	 ev;
	struct game_result	 r;

	(void)state;
	almost(g, 2);
	t_play(g, COCKTAIL, WHISKY, 2, &ev);
	cheers_ops.result(g, &r);
	assert_int_equal(r.state, GAME_WON);
	assert_int_equal(r.winners, (1u << 0) | (1u << 2));
	assert_non_null(strstr(ev.ev[ev.n - 1].text,
	    "Team A (@{0}, @{2}) wins with @{2}'s shaker ("));
	assert_non_null(strstr(ev.ev[ev.n - 1].text, "): recipe"));
	/* The game ended before the draw. */
	assert_false(t_noted(&ev, 0, "You drew"));
	cheers_ops.free_game(g);
}

static void
test_victory_on_their_turn(void **state)
{
	struct game	*g = t_four();

	(void)state;
	/* B completes A's drink by a move on B's own turn: A wins. */
	almost(g, 0);
	t_shake(g, 1, COCKTAIL, -1);
	g->turn = 1;
	g->active = 1;
	t_ok(g, 1, CHEERS_A_MOVE, 1, 0, -1, NULL);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, (1u << 0) | (1u << 2));
	cheers_ops.free_game(g);
}

static void
test_victory_blocked(void **state)
{
	struct game	*g = t_four();

	(void)state;
	/* A foreign whisky spoils a complete drink... */
	almost(g, 2);
	t_shake(g, 2, WHISKY, -1);
	t_play(g, COCKTAIL, TROPICAL, 2, NULL);
	assert_int_equal(g->state, GAME_RUNNING);
	/* ...until its owner gives it away. */
	t_ok(g, 1, CHEERS_A_THROW, -1, -1, -1, NULL);
	t_ok(g, 2, CHEERS_A_MOVE, 5, 1, -1, NULL);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 5u);
	cheers_ops.free_game(g);
}

static void
test_victory_waits_for_prompt(void **state)
{
	struct game	*g = t_four();

	(void)state;
	/* Seven good cards: the overflow must be answered before the win. */
	almost(g, 2);
	t_shake(g, 2, BEER, -1);
	t_shake(g, 2, WINE, -1);
	t_play(g, COCKTAIL, TROPICAL, 2, NULL);
	assert_int_equal(g->nshaker[2], 7);
	assert_int_equal(g->state, GAME_RUNNING);
	t_ok(g, 2, CHEERS_A_DISCARD, 1, -1, -1, NULL);
	assert_int_equal(g->state, GAME_WON);
	cheers_ops.free_game(g);
}

static void
test_victory_by_gift(void **state)
{
	struct game	*g = t_four();

	(void)state;
	/* B gives a CHEERSed cocktail that completes A's shaker 0. */
	almost(g, 0);
	t_shake(g, 3, COCKTAIL, -1);
	t_play(g, TROPICAL, COCKTAIL, 3, NULL);
	t_ok(g, 3, CHEERS_A_GIVE, 2, 0, -1, NULL);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 5u);
	assert_int_equal(g->nhand[0], 2);	/* won before the draw */
	cheers_ops.free_game(g);
}

static void
test_victory_extra(void **state)
{
	struct game	*g;

	(void)state;
	/* 3 players: A = 0, 2; B = 1 with the extra shaker (shaker 3). */
	g = t_new(3, NULL, NULL, NULL, NULL, 12);
	t_clear(g);
	t_recipe(g, 1, 2, 2, 1, 0, 0);
	t_recipe(g, 0, 0, 1, 2, 2, 0);
	almost(g, 3);
	t_play(g, COCKTAIL, WHISKY, EXTRA, NULL);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 1u << 1);
	cheers_ops.free_game(g);

	g = t_new(3, NULL, NULL, "own", NULL, 12);
	t_clear(g);
	t_recipe(g, 1, 2, 2, 1, 0, 0);
	t_recipe(g, 0, 0, 1, 2, 2, 0);
	almost(g, 3);
	t_play(g, COCKTAIL, WHISKY, EXTRA, NULL);
	assert_int_equal(g->state, GAME_RUNNING);
	/* With victory=own a player's own shaker still wins for the team. */
	almost(g, 1);
	t_shake(g, 0, COCKTAIL, WHISKY);
	t_ok(g, 1, CHEERS_A_THROW, -1, -1, -1, NULL);
	t_ok(g, 2, CHEERS_A_THROW, -1, -1, -1, NULL);
	t_ok(g, 1, CHEERS_A_THROW, -1, -1, -1, NULL);
	t_ok(g, 0, CHEERS_A_MOVE, 1, 1, -1, NULL);
	assert_int_equal(g->state, GAME_WON);
	assert_int_equal(g->winners, 1u << 1);
	cheers_ops.free_game(g);
}

static void
test_master_apprentice_win(void **state)
{
	struct game	*g = t_new(4, "master", NULL, NULL, NULL, 3);

	(void)state;
	/* Seat 2 is team A's apprentice: a win there is the team's. */
	t_known(g);
	almost(g, 2);
	t_play(g, COCKTAIL, WHISKY, 2, NULL);
	assert_int_equal(g->winners, 5u);
	cheers_ops.free_game(g);
}

/* Sends every deck card but keep to the discard pile. */
static void
drain(struct game *g, int keep)
{
	while (g->ndeck > keep)
		g->discard[g->ndiscard++] = g->deck[--g->ndeck];
}

static void
test_tie(void **state)
{
	struct game		*g = t_four();
	struct game_events	 ev;
	struct game_result	 r;

	(void)state;
	drain(g, 0);
	t_ok(g, 0, CHEERS_A_PLAY, 1, 1, -1, &ev);
	cheers_ops.result(g, &r);
	assert_int_equal(r.state, GAME_TIED);
	assert_int_equal(r.winners, 0);
	assert_string_equal(r.text, "The deck ran out before a drink was "
	    "ready: the game is a tie.");
	assert_int_equal(ev.ev[ev.n - 1].kind, GAME_EV_END);
	cheers_ops.free_game(g);

	/* A throw with too short a deck ties too. */
	g = t_four();
	drain(g, 2);
	t_ok(g, 0, CHEERS_A_THROW, -1, -1, -1, &ev);
	assert_int_equal(g->state, GAME_TIED);
	cheers_ops.free_game(g);

	/* A win on the last card beats the tie. */
	g = t_four();
	almost(g, 0);
	t_hand(g, 0, 1, COCKTAIL, WHISKY);
	drain(g, 0);
	t_ok(g, 0, CHEERS_A_PLAY, 1, 0, -1, NULL);
	assert_int_equal(g->state, GAME_WON);
	cheers_ops.free_game(g);
}

/*
 * A throw draws a card at a time what the deck still holds; the due draw
 * that finds the deck empty ends the game in a tie, as after a play.
 */
static void
test_throw_short_deck(void **state)
{
	struct game		*g = t_four();
	struct game_events	 ev;
	char			*view;
	int			 old[3];

	(void)state;
	drain(g, 2);
	memcpy(old, g->hand[0], sizeof old);
	t_ok(g, 0, CHEERS_A_THROW, -1, -1, -1, &ev);
	assert_int_equal(g->state, GAME_TIED);
	assert_int_equal(g->nhand[0], 2);
	assert_int_equal(g->ndeck, 0);
	assert_memory_equal(&g->discard[g->ndiscard - 3], old, sizeof old);
	assert_string_equal(ev.ev[0].text, "@{0} throws up: discards 3 cards "
	    "and draws 2; the deck is empty.");
	assert_int_equal(ev.ev[1].kind, GAME_EV_END);
	assert_string_equal(ev.ev[1].text, "Game over! The deck ran out "
	    "before a drink was ready: the game is a tie.");
	assert_int_equal(ev.n, 2);
	view = cheers_ops.render_public(g);
	assert_non_null(strstr(view, "Deck 0, discard "));
	assert_non_null(strstr(view, "Hands: @{0} 2,"));
	free(view);
	cheers_ops.free_game(g);

	/* A deck of exactly a hand: the throw is whole and play goes on. */
	g = t_four();
	drain(g, 3);
	t_ok(g, 0, CHEERS_A_THROW, -1, -1, -1, &ev);
	assert_int_equal(g->state, GAME_RUNNING);
	assert_int_equal(g->nhand[0], 3);
	assert_int_equal(g->ndeck, 0);
	assert_string_equal(ev.ev[0].text, "@{0} throws up: discards 3 cards "
	    "and draws 3.");
	assert_int_equal(g->active, 1);
	/* The next due draw finds the deck empty. */
	t_ok(g, 1, CHEERS_A_PLAY, 1, 1, -1, &ev);
	assert_int_equal(g->state, GAME_TIED);
	assert_int_equal(g->nhand[1], 2);
	cheers_ops.free_game(g);

	/* An empty deck: the hand goes and nothing comes back. */
	g = t_four();
	drain(g, 0);
	t_ok(g, 0, CHEERS_A_THROW, -1, -1, -1, &ev);
	assert_int_equal(g->state, GAME_TIED);
	assert_int_equal(g->nhand[0], 0);
	assert_string_equal(ev.ev[0].text, "@{0} throws up: discards 3 cards; "
	    "the deck is empty.");
	cheers_ops.free_game(g);
}

/*
 * private_changed (the bot's "your hand changed" and "your move") marks a
 * seat whose hand changed or who is asked something new, never one whose
 * only news is that it answered or ended its turn.
 */
static void
test_private_changed(void **state)
{
	struct game		*g = t_four();
	struct game_events	 ev;

	(void)state;
	t_shake(g, 3, WINE, -1);
	t_hand(g, 0, 1, BEER, WINE);
	/* Seat 0 CHEERSes seat 3: seat 0's hand changed, seat 3 is asked. */
	t_ok(g, 0, CHEERS_A_PLAY, 1, 3, -1, &ev);
	assert_int_equal(ev.private_changed, (1u << 0) | (1u << 3));
	/* Seat 3 answers: seat 0 draws and seat 1 is asked; 3 is not told. */
	t_ok(g, 3, CHEERS_A_GIVE, 1, 2, -1, &ev);
	assert_int_equal(g->active, 1);
	assert_int_equal(ev.private_changed, (1u << 0) | (1u << 1));
	/* A move changes no hand: only the next player hears of it. */
	t_ok(g, 1, CHEERS_A_MOVE, 1, 0, -1, &ev);
	assert_int_equal(ev.private_changed, 1u << 2);
	cheers_ops.free_game(g);
}

static void
test_rejections(void **state)
{
	struct game	*g = t_four();

	(void)state;
	t_bad(g, 9, CHEERS_A_THROW, -1, -1, -1, "Seat 9 is not at this table.");
	t_bad(g, 0, 7, -1, -1, -1, "CHEERS has no action number 7: use play, "
	    "move, throw, give or discard.");
	t_bad(g, 2, CHEERS_A_THROW, -1, -1, -1, "It is @{0}'s turn.");
	t_bad(g, 0, CHEERS_A_GIVE, 1, 2, -1, "There is nothing to answer: it "
	    "is @{0}'s turn to play, move or throw.");
	t_bad(g, 1, CHEERS_A_DISCARD, 1, -1, -1, "There is nothing to answer");
	t_bad(g, 0, CHEERS_A_PLAY, 5, 1, -1,
	    "Card 5 is not in your hand: you hold cards 1-3.");
	t_bad(g, 0, CHEERS_A_PLAY, -1, 1, -1, "Card -1 is not in your hand");
	t_bad(g, 0, CHEERS_A_PLAY, 1, -1, -1, "Target -1 is not a shaker at "
	    "this table: name a seat 0-3.");
	cheers_ops.free_game(g);

	g = t_new(2, NULL, NULL, NULL, NULL, 1);
	t_bad(g, 0, CHEERS_A_PLAY, 1, 101, -1, "Target 101 is not a shaker at "
	    "this table: name a seat 0-1 or the share shaker.");
	cheers_ops.free_game(g);
	g = t_new(3, NULL, NULL, NULL, NULL, 1);
	t_bad(g, 0, CHEERS_A_PLAY, 1, 3, -1, "name a seat 0-2 or the extra "
	    "shaker.");
	cheers_ops.free_game(g);
}

static void
test_legal_moves(void **state)
{
	struct game		*g = t_four(), *c;
	struct game_move	 mv[CHEERS_MAX_LEGAL], cut[5];
	int			 n, i;
	char			*cause = NULL;

	(void)state;
	t_shake(g, 0, WHISKY, -1);
	t_shake(g, 0, WHISKY, -1);
	n = cheers_ops.legal_moves(g, 0, mv, CHEERS_MAX_LEGAL);
	assert_int_equal(n, 3 * 4 + 2 * 3 + 1);
	assert_int_equal(cheers_ops.legal_moves(g, 1, mv, CHEERS_MAX_LEGAL), 0);
	n = cheers_ops.legal_moves(g, 0, mv, CHEERS_MAX_LEGAL);
	/* Cut at max: the first moves of the whole list, in its order. */
	assert_int_equal(cheers_ops.legal_moves(g, 0, cut, 5), 5);
	assert_memory_equal(cut, mv, 5 * sizeof *cut);
	for (i = 0; i < n; i++) {
		c = cheers_copy(g);
		if (cheers_ops.apply(c, 0, &mv[i], NULL, &cause) != 0)
			fail_msg("legal move %d rejected: %s", i, cause);
		t_check(c);
		free(c);
	}
	/* A CHEERS with two matches: give moves name the card. */
	t_shake(g, 1, WINE, -1);
	t_shake(g, 1, WINE, -1);
	t_play(g, BEER, WINE, 1, NULL);
	n = cheers_ops.legal_moves(g, 1, mv, CHEERS_MAX_LEGAL);
	/* Pairs of 0, 2, 3 with an opponent (0 or 2): 6 pairs, 2 cards. */
	assert_int_equal(n, 6 * 2);
	for (i = 0; i < n; i++) {
		assert_int_equal(mv[i].action, CHEERS_A_GIVE);
		assert_true(mv[i].args[2] == 1 || mv[i].args[2] == 2);
		c = cheers_copy(g);
		if (cheers_ops.apply(c, 1, &mv[i], NULL, &cause) != 0)
			fail_msg("legal give %d rejected: %s", i, cause);
		free(c);
	}
	assert_int_equal(cheers_ops.legal_moves(g, 0, mv, CHEERS_MAX_LEGAL), 0);
	cheers_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_play_plain),
		cmocka_unit_test(test_cheers_one_match),
		cmocka_unit_test(test_cheers_omitted_card),
		cmocka_unit_test(test_cheers_several),
		cmocka_unit_test(test_cheers_own_shaker),
		cmocka_unit_test(test_opponent_rule),
		cmocka_unit_test(test_overflow_chain),
		cmocka_unit_test(test_overflow_from_play_and_move),
		cmocka_unit_test(test_move),
		cmocka_unit_test(test_throw),
		cmocka_unit_test(test_extra_shaker),
		cmocka_unit_test(test_duel_share),
		cmocka_unit_test(test_duel_wins),
		cmocka_unit_test(test_victory_teammate),
		cmocka_unit_test(test_victory_on_their_turn),
		cmocka_unit_test(test_victory_blocked),
		cmocka_unit_test(test_victory_waits_for_prompt),
		cmocka_unit_test(test_victory_by_gift),
		cmocka_unit_test(test_victory_extra),
		cmocka_unit_test(test_master_apprentice_win),
		cmocka_unit_test(test_tie),
		cmocka_unit_test(test_throw_short_deck),
		cmocka_unit_test(test_private_changed),
		cmocka_unit_test(test_rejections),
		cmocka_unit_test(test_legal_moves),
	};

	return cmocka_run_group_tests_name("cheers_rules", tests, NULL, NULL);
}
