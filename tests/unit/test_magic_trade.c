/*
 * test_magic_trade.c: Magic Cocktail's set-up and trading: dealing (10,
 * then 5, and a deck that runs short), the recipe pile with the Magic
 * Lightning among its bottom cards, offers to everyone and to one player,
 * acceptance as an atomic swap, counters, withdrawals, stale offers,
 * self-trades and unknown or missing cards refused, stones (which withdraw
 * their owner's offers, said to the table, and why an offer went kept in
 * saves) and the round's end, the prompt, legal moves and the timeout
 * move.
 */
#include "tests/unit/magic-test.h"

#define OFFER(g, s, ng, give, nw, want, to) \
	m_ok(g, s, MAGIC_A_OFFER, ng, give, nw, want, to, NULL)

static void
test_deal(void **state)
{
	struct game_events	 ev;
	struct game		*g;
	int			 n, s, seed, i, seen;

	(void)state;
	for (n = MAGIC_MIN_PLAYERS; n <= MAGIC_MAX_PLAYERS; n++) {
		g = m_new(n, NULL, (uint64_t)n);
		m_check(g);
		assert_int_equal(g->round, 1);
		assert_int_equal(g->phase, MAGIC_PH_TRADE);
		for (s = 0; s < n; s++)
			assert_int_equal(magic_hand_size(g, s), MAGIC_FIRST_DEAL);
		assert_int_equal(g->ndeck, 155 - 10 * n);
		assert_int_equal(g->npile, MAGIC_NRECIPES);
		assert_int_equal(g->nused, 1);
		assert_true(g->used[0] != MAGIC_LIGHTNING);
		magic_ops.free_game(g);
	}
	/* The Magic Lightning is always among the bottom four cards. */
	for (seed = 0; seed < 200; seed++) {
		g = m_new(4, NULL, (uint64_t)seed);
		for (i = 0, seen = -1; i < g->npile; i++)
			if (g->pile[i] == MAGIC_LIGHTNING)
				seen = i;
		assert_true(seen >= 0 && seen < 4);
		magic_ops.free_game(g);
	}
	/* Later rounds deal 5; a short deck deals what it has, in seat order. */
	g = m_new(5, NULL, 3);
	while (g->ndeck > 7)
		g->hand[0][g->deck[--g->ndeck]]++;
	for (s = 1; s < 5; s++)
		m_clear_hand(g, s);
	while (g->ndeck > 7)
		g->hand[0][g->deck[--g->ndeck]]++;
	game_events_init(&ev);
	magic_round_begin(g, &ev);
	m_check(g);
	assert_int_equal(g->round, 2);
	assert_int_equal(g->ndeck, 0);
	assert_int_equal(magic_hand_size(g, 1), 2);
	assert_int_equal(magic_hand_size(g, 2), 1);
	assert_int_equal(magic_hand_size(g, 4), 1);
	assert_true(m_said(&ev, "the deck ran short"));
	magic_ops.free_game(g);
	/* With a full deck, round 2 deals 5 each. */
	g = m_new(4, NULL, 4);
	game_events_init(&ev);
	magic_round_begin(g, &ev);
	for (s = 0; s < 4; s++)
		assert_int_equal(magic_hand_size(g, s), 15);
	assert_true(m_said(&ev, "everyone draws 5"));
	magic_ops.free_game(g);
}

static void
test_accept(void **state)
{
	struct game_events	 ev;
	struct game		*g = m_new(5, NULL, 1);

	(void)state;
	m_hand(g, 0, MINT, 3, LIME, 1, -1);
	m_hand(g, 1, ROSE, 1, CURACAO, 2, -1);
	m_hand(g, 2, ROSE, 2, -1);
	m_hand(g, 3, CURACAO, 1, -1);
	m_ok(g, 0, MAGIC_A_OFFER, 2, MINT, 1, ROSE, NONE, &ev);
	assert_true(m_said(&ev, "Offer 1: @{0} gives 2 🌿 mint for 1 🌹 rose, "
	    "to everyone."));
	/* An offer to everyone is public; nobody gets a private message. */
	assert_int_equal(ev.private_changed, 0);
	assert_int_equal(g->noffers, 1);
	/* Seat 3 has no rose: refused, nothing changes. */
	m_bad(g, 3, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE, "you hold 0");
	m_ok(g, 1, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE, &ev);
	assert_true(m_said(&ev, "@{1} accepts offer 1: @{0} gives 2 🌿 mint "
	    "for 1 🌹 rose."));
	m_bad(g, 2, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE,
	    "There is no open offer 1: @{1} accepted it.");
	assert_int_equal(ev.private_changed, 0x3);
	assert_int_equal(g->hand[0][MINT], 1);
	assert_int_equal(g->hand[0][ROSE], 1);
	assert_int_equal(g->hand[1][MINT], 2);
	assert_int_equal(g->hand[1][ROSE], 0);
	assert_int_equal(g->noffers, 0);
	/* Accepted once: seat 2 is too late. */
	m_bad(g, 2, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE,
	    "no open offer 1");
	magic_ops.free_game(g);
}

static void
test_offer_to_one(void **state)
{
	struct game_events	 ev;
	struct game		*g = m_new(4, NULL, 2);

	(void)state;
	m_hand(g, 0, HONEY, 2, -1);
	m_hand(g, 1, CACAO, 1, -1);
	m_hand(g, 2, CACAO, 1, -1);
	m_ok(g, 0, MAGIC_A_OFFER, 1, HONEY, 1, CACAO, 2, &ev);
	assert_true(m_said(&ev, "to @{2}."));
	assert_int_equal(ev.private_changed, 1u << 2);
	m_bad(g, 1, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE,
	    "for @{2} alone");
	m_ok(g, 2, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->hand[2][HONEY], 1);
	assert_int_equal(g->hand[0][CACAO], 1);
	magic_ops.free_game(g);
}

static void
test_counter(void **state)
{
	struct game_events	 ev;
	struct game		*g = m_new(5, NULL, 3);

	(void)state;
	m_hand(g, 0, MINT, 4, -1);
	m_hand(g, 1, ROSE, 1, -1);
	m_hand(g, 2, ROSE, 1, -1);
	OFFER(g, 0, 1, MINT, 1, ROSE, NONE);
	m_ok(g, 1, MAGIC_A_COUNTER, 1, 1, ROSE, 3, MINT, &ev);
	assert_true(m_said(&ev, "Offer 2 (counters 1): @{1} gives 1 🌹 rose "
	    "for 3 🌿 mint, to @{0}."));
	assert_int_equal(ev.private_changed, 1u << 0);
	assert_int_equal(g->offer[1].to, 0);
	assert_int_equal(g->offer[1].reply, 1);
	/* One's own offer is not countered; nor one for someone else. */
	m_bad(g, 0, MAGIC_A_COUNTER, 1, 1, MINT, 1, ROSE, "your own");
	m_bad(g, 2, MAGIC_A_COUNTER, 2, 1, ROSE, 3, MINT, "for @{0} alone");
	m_bad(g, 2, MAGIC_A_COUNTER, 9, 1, ROSE, 3, MINT, "no open offer 9");
	/* The counter is checked like an offer. */
	m_bad(g, 2, MAGIC_A_COUNTER, 1, 2, ROSE, 3, MINT, "You hold 1 rose");
	/* Both offers are open until one is taken. */
	assert_int_equal(g->noffers, 2);
	m_ok(g, 0, MAGIC_A_ACCEPT, 2, NONE, NONE, NONE, NONE, &ev);
	assert_int_equal(g->hand[0][ROSE], 1);
	assert_int_equal(g->hand[0][MINT], 1);
	assert_int_equal(g->hand[1][MINT], 3);
	/* Seat 0's hand changed: its first offer expired with it. */
	assert_true(m_said(&ev, "Expired with the trade: @{0}'s offer 1."));
	assert_int_equal(g->noffers, 0);
	magic_ops.free_game(g);
}

static void
test_withdraw(void **state)
{
	struct game_events	 ev;
	struct game		*g = m_new(4, NULL, 4);

	(void)state;
	m_hand(g, 0, MINT, 4, LIME, 2, -1);
	m_hand(g, 1, ROSE, 1, -1);
	OFFER(g, 0, 1, MINT, 1, ROSE, NONE);
	OFFER(g, 0, 1, LIME, 1, ROSE, NONE);
	OFFER(g, 0, 2, MINT, 1, ROSE, NONE);
	m_bad(g, 1, MAGIC_A_WITHDRAW, 2, NONE, NONE, NONE, NONE,
	    "@{0}'s, not yours");
	m_bad(g, 0, MAGIC_A_WITHDRAW, 7, NONE, NONE, NONE, NONE,
	    "no open offer 7");
	m_ok(g, 0, MAGIC_A_WITHDRAW, 2, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->noffers, 2);
	/* The others keep their order and numbers. */
	assert_int_equal(g->offer[0].id, 1);
	assert_int_equal(g->offer[1].id, 3);
	m_bad(g, 1, MAGIC_A_ACCEPT, 2, NONE, NONE, NONE, NONE,
	    "no open offer 2");
	/* New offers get new numbers. */
	OFFER(g, 0, 1, LIME, 1, ROSE, NONE);
	assert_int_equal(g->offer[2].id, 4);
	/*
	 * An offer to one player is in their private view only while they
	 * could accept it: only then does its withdrawal tell them.
	 */
	OFFER(g, 0, 1, MINT, 1, ROSE, 1);		/* 5: seat 1 has a rose */
	m_ok(g, 0, MAGIC_A_WITHDRAW, 5, NONE, NONE, NONE, NONE, &ev);
	assert_int_equal(ev.private_changed, 1u << 1);
	OFFER(g, 0, 1, MINT, 1, ROSE, 2);		/* 6: seat 2 has none */
	m_ok(g, 0, MAGIC_A_WITHDRAW, 6, NONE, NONE, NONE, NONE, &ev);
	assert_int_equal(ev.private_changed, 0);
	magic_ops.free_game(g);
}

static void
test_stale(void **state)
{
	struct game_events	 ev;
	struct game		*g = m_new(5, NULL, 5);

	(void)state;
	m_hand(g, 0, MINT, 2, LIME, 2, -1);
	m_hand(g, 1, ROSE, 1, CHERRY, 1, PEACH, 1, -1);
	m_hand(g, 2, ROSE, 1, AGAVE, 1, -1);
	OFFER(g, 0, 2, MINT, 1, ROSE, NONE);		/* 1 */
	OFFER(g, 0, 2, LIME, 1, CHERRY, NONE);		/* 2 */
	OFFER(g, 1, 1, PEACH, 1, MINT, NONE);		/* 3 */
	OFFER(g, 2, 1, AGAVE, 1, LIME, NONE);		/* 4 */
	/* Seat 1 takes offer 2: seats 0 and 1 changed hands. */
	m_ok(g, 1, MAGIC_A_ACCEPT, 2, NONE, NONE, NONE, NONE, &ev);
	assert_true(m_said(&ev, "Expired with the trade: @{0}'s offer 1; "
	    "@{1}'s offer 3."));
	/* Offer 1 was made from seat 0's old hand: it cannot be taken. */
	m_bad(g, 2, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE,
	    "expired when a hand changed");
	m_bad(g, 0, MAGIC_A_ACCEPT, 3, NONE, NONE, NONE, NONE,
	    "no open offer 3");
	/* Seat 2's offer stands, but seat 0 no longer holds lime to pay. */
	assert_int_equal(g->noffers, 1);
	m_bad(g, 0, MAGIC_A_ACCEPT, 4, NONE, NONE, NONE, NONE, "you hold 0");
	magic_ops.free_game(g);
}

static void
test_refused(void **state)
{
	struct game	*g = m_new(4, NULL, 6);

	(void)state;
	m_hand(g, 0, MINT, 3, JOKER, 1, -1);
	m_hand(g, 1, ROSE, 1, -1);
	/* Trading with oneself. */
	m_bad(g, 0, MAGIC_A_OFFER, 1, MINT, 1, ROSE, 0, "with yourself");
	OFFER(g, 0, 1, MINT, 1, ROSE, NONE);
	m_bad(g, 0, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE, "your own");
	/* Unknown kinds, cards one does not hold, bad counts. */
	m_bad(g, 0, MAGIC_A_OFFER, 1, 11, 1, ROSE, NONE, "no such kind");
	m_bad(g, 0, MAGIC_A_OFFER, 1, MINT, 1, -1, NONE, "no such kind");
	m_bad(g, 0, MAGIC_A_OFFER, 1, ROSE, 1, MINT, NONE, "You hold 0 rose");
	m_bad(g, 0, MAGIC_A_OFFER, 4, MINT, 1, ROSE, NONE, "You hold 3 mint");
	m_bad(g, 0, MAGIC_A_OFFER, 2, JOKER, 1, ROSE, NONE,
	    "You hold 1 joker");
	m_bad(g, 0, MAGIC_A_OFFER, 0, MINT, 1, ROSE, NONE, "1 to 10 cards");
	m_bad(g, 0, MAGIC_A_OFFER, 1, MINT, 11, ROSE, NONE, "1 to 10 cards");
	m_bad(g, 0, MAGIC_A_OFFER, 1, MINT, 1, MINT, NONE, "both sides");
	m_bad(g, 0, MAGIC_A_OFFER, 1, MINT, 1, ROSE, 9, "not at this table");
	m_bad(g, 0, MAGIC_A_ACCEPT, 5, NONE, NONE, NONE, NONE, "no open offer");
	/* A joker is a kind of its own in trades. */
	OFFER(g, 0, 1, JOKER, 1, ROSE, 1);
	OFFER(g, 0, 1, MINT, 2, ROSE, NONE);
	OFFER(g, 0, 2, MINT, 1, ROSE, NONE);
	/* At most four open offers each. */
	m_bad(g, 0, MAGIC_A_OFFER, 3, MINT, 1, ROSE, NONE, "4 open offers");
	/* Laying out waits for the end of trading. */
	m_bad(g, 0, MAGIC_A_LAY, MINT, NONE, NONE, NONE, NONE, "Not yet");
	/* Moves of no action, seats off the table. */
	m_bad(g, 0, 17, 0, 0, 0, 0, 0, "no such action");
	m_bad(g, 6, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE,
	    "not playing");
	magic_ops.free_game(g);
}

static void
test_stones(void **state)
{
	struct game_events	 ev;
	struct game_prompt	 pr;
	struct game		*g = m_new(5, NULL, 7);
	char			 before[GAME_TEXT_MAX];

	(void)state;
	m_hand(g, 0, MINT, 3, -1);
	m_hand(g, 1, ROSE, 1, -1);
	m_hand(g, 2, ROSE, 1, -1);
	assert_int_equal(magic_ops.pending(g, &pr, 1), 1);
	assert_int_equal(pr.seats, 0x1f);
	assert_int_equal(pr.turn, 0);
	assert_int_equal(pr.each, 1);
	snprintf(before, sizeof before, "%s", pr.text);
	OFFER(g, 0, 1, MINT, 1, ROSE, NONE);
	OFFER(g, 0, 1, MINT, 1, ROSE, 1);
	OFFER(g, 2, 1, ROSE, 2, MINT, 0);
	/* The prompt's text does not change with the offers. */
	assert_int_equal(magic_ops.pending(g, &pr, 1), 1);
	assert_string_equal(pr.text, before);

	m_ok(g, 0, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, &ev);
	assert_true(m_said(&ev, "@{0} places a magic stone first (1 of 3)."));
	assert_int_equal(g->stone[0], 1);
	/* Seat 0's offers and the offer to seat 0 are gone, and said so. */
	assert_int_equal(g->noffers, 0);
	assert_true(m_said(&ev, "@{0} withdraws offers 1 and 2."));
	assert_true(m_said(&ev, "1 offer to @{0} is closed: they trade no "
	    "more this round."));
	/* Seat 1 saw offer 2 (for it alone), seat 2 its own offer 3 go. */
	assert_int_equal(ev.private_changed, (1u << 1) | (1u << 2));
	/* Naming one later says why it went. */
	m_bad(g, 1, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE,
	    "There is no open offer 1: @{0} withdrew it when placing their "
	    "magic stone.");
	m_bad(g, 1, MAGIC_A_COUNTER, 2, 1, ROSE, 1, MINT,
	    "There is no open offer 2: @{0} withdrew it when placing their "
	    "magic stone.");
	m_bad(g, 2, MAGIC_A_WITHDRAW, 3, NONE, NONE, NONE, NONE,
	    "There is no open offer 3: it was for @{0}, who has placed their "
	    "magic stone.");
	m_bad(g, 0, MAGIC_A_OFFER, 1, MINT, 1, ROSE, NONE, "placed your magic");
	m_bad(g, 0, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE,
	    "placed your magic");
	m_bad(g, 1, MAGIC_A_OFFER, 1, ROSE, 1, MINT, 0, "placed their magic");
	assert_int_equal(magic_ops.legal_moves(g, 0, NULL, 0), 0);
	assert_int_equal(magic_ops.pending(g, &pr, 1), 1);
	assert_int_equal(pr.seats, 0x1e);
	assert_string_equal(pr.text, before);

	m_ok(g, 3, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->phase, MAGIC_PH_TRADE);
	m_ok(g, 1, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, &ev);
	/* Three stones end the round with five players. */
	assert_int_equal(g->phase, MAGIC_PH_LAY);
	assert_true(m_said(&ev, "trading is over"));
	assert_int_equal(ev.private_changed, 0x1f);
	assert_int_equal(magic_ops.pending(g, &pr, 1), 1);
	assert_int_equal(pr.seats, 0x1f);
	assert_true(strstr(pr.text, "lay") != NULL);
	m_bad(g, 2, MAGIC_A_OFFER, 1, ROSE, 1, MINT, NONE, "Trading is over");
	m_bad(g, 2, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE,
	    "Trading is over");
	magic_ops.free_game(g);

	/* Two stones end it with four. */
	g = m_new(4, NULL, 8);
	m_ok(g, 2, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->phase, MAGIC_PH_TRADE);
	m_ok(g, 0, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(g->phase, MAGIC_PH_LAY);
	assert_int_equal(g->stone[2], 1);
	assert_int_equal(g->stone[0], 2);
	magic_ops.free_game(g);
}

static void
test_legal_timeout(void **state)
{
	struct game_move	 mv[MAGIC_MAX_LEGAL], m;
	struct game		*g = m_new(7, NULL, 9);
	int			 n, i, accepts = 0, stones = 0, s;

	(void)state;
	m_hand(g, 0, MINT, 3, -1);
	m_hand(g, 1, ROSE, 1, MINT, 1, -1);
	OFFER(g, 0, 1, MINT, 1, ROSE, NONE);
	n = magic_ops.legal_moves(g, 1, mv, MAGIC_MAX_LEGAL);
	assert_true(n > 0 && n < MAGIC_MAX_LEGAL);
	for (i = 0; i < n; i++) {
		accepts += mv[i].action == MAGIC_A_ACCEPT;
		stones += mv[i].action == MAGIC_A_STONE;
	}
	assert_int_equal(accepts, 1);
	assert_int_equal(stones, 1);
	/* Every seat's list is bounded, whatever its hand. */
	for (s = 0; s < 7; s++)
		assert_true(magic_ops.legal_moves(g, s, mv, MAGIC_MAX_LEGAL) <
		    600);
	/* A full buffer is never overrun. */
	assert_int_equal(magic_ops.legal_moves(g, 1, mv, 3), 3);
	/* Time out while trading: the stone; while laying: the best lay. */
	assert_int_equal(magic_ops.timeout_move(g, 1, &m), 0);
	assert_int_equal(m.action, MAGIC_A_STONE);
	m_ok(g, 1, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(magic_ops.timeout_move(g, 1, &m), -1);
	m_ok(g, 2, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	m_ok(g, 3, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	assert_int_equal(magic_ops.timeout_move(g, 0, &m), 0);
	assert_int_equal(m.action, MAGIC_A_LAY);
	assert_int_equal(m.args[0], NONE);
	magic_ops.free_game(g);
}

static void
test_ai(void **state)
{
	struct game_move	 m;
	struct rng		 r;
	struct game		*g = m_new(5, NULL, 10);
	int			 moves;

	(void)state;
	rng_init(&r, 1, 1);
	for (moves = 0; moves < 5; moves++)
		m_clear_hand(g, moves);
	/* The AI takes an offer that completes its set. */
	m_hand(g, 0, ROSE, 2, CURACAO, 1, -1);
	m_hand(g, 1, ROSE, 1, MINT, 2, LIME, 1, -1);
	OFFER(g, 0, 1, CURACAO, 1, MINT, NONE);
	OFFER(g, 1, 1, ROSE, 1, LIME, NONE);
	m_hand(g, 2, LIME, 3, MINT, 1, -1);
	/* Seat 2 does not break its lime set for a lone rose. */
	assert_int_equal(magic_ops.ai_move(g, 2, &r, &m), 0);
	assert_true(m.action != MAGIC_A_ACCEPT);
	/* With a rose of its own, the second rose is worth a lime. */
	m_hand(g, 2, LIME, 1, ROSE, 1, -1);
	assert_int_equal(magic_ops.ai_move(g, 2, &r, &m), 0);
	assert_int_equal(m.action, MAGIC_A_ACCEPT);
	assert_int_equal(m.args[0], 2);
	/* A strong hand places the first stone at once. */
	m_hand(g, 3, SAFFRON, 3, CACAO, 2, -1);
	assert_int_equal(magic_ops.ai_move(g, 3, &r, &m), 0);
	assert_int_equal(m.action, MAGIC_A_STONE);
	/* A weak one trades first, but reaches its stone in a few moves. */
	m_hand(g, 4, CURACAO, 2, LIME, 1, MINT, 1, CHERRY, 1, -1);
	for (moves = 0; moves <= MAGIC_AI_ACTS; moves++) {
		assert_int_equal(magic_ops.ai_move(g, 4, &r, &m), 0);
		if (m.action == MAGIC_A_STONE)
			break;
		assert_true(m.action == MAGIC_A_OFFER ||
		    m.action == MAGIC_A_ACCEPT);
		m_ok(g, 4, m.action, m.args[0], m.args[1], m.args[2], m.args[3],
		    m.args[4], NULL);
	}
	assert_int_equal(m.action, MAGIC_A_STONE);
	assert_true(moves >= 1);
	magic_ops.free_game(g);
}

/* Counts in the views agree with their nouns: "1 card", "2 cards". */
static void
test_views_count(void **state)
{
	struct game	*g = m_new(4, NULL, 11);
	char		*v;

	(void)state;
	m_hand(g, 0, MINT, 1, -1);
	m_hand(g, 1, MINT, 2, -1);
	game_test_private(&magic_ops, g, 0, "Your hand (1 card):", 1);
	v = magic_ops.render_public(g);
	assert_non_null(strstr(v, "@{0}: square 0, 1 card\n"));
	assert_non_null(strstr(v, "@{1}: square 0, 2 cards\n"));
	free(v);
	magic_ops.free_game(g);
}

/* Loads doc (borrowed), which must load; the caller frees the game. */
static struct game *
load_ok(const cJSON *doc)
{
	struct game	*h;
	char		*cause = NULL;

	if ((h = magic_ops.load(doc, &cause)) == NULL)
		fail_msg("load: %s", cause);
	return h;
}

/* A save keeps why each offer went; older saves without it still load. */
static void
test_closed_saved(void **state)
{
	struct game	*g = m_new(4, NULL, 10), *h;
	cJSON		*doc, *bad;
	char		*cause = NULL;

	(void)state;
	m_hand(g, 0, MINT, 3, -1);
	m_hand(g, 1, ROSE, 1, -1);
	OFFER(g, 0, 1, MINT, 1, ROSE, NONE);
	m_ok(g, 0, MAGIC_A_STONE, NONE, NONE, NONE, NONE, NONE, NULL);
	doc = magic_ops.save(g);
	h = load_ok(doc);
	m_bad(h, 1, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE,
	    "@{0} withdrew it when placing their magic stone.");
	magic_ops.free_game(h);
	/* An id never used this round cannot be closed. */
	bad = cJSON_Duplicate(doc, 1);
	cJSON_SetNumberValue(cJSON_GetObjectItem(cJSON_GetArrayItem(
	    cJSON_GetObjectItem(bad, "closed"), 0), "id"), 9);
	assert_null(magic_ops.load(bad, &cause));
	assert_non_null(strstr(cause, "Closed offer 9"));
	free(cause);
	cJSON_Delete(bad);
	/* Without the field the reason is unknown, and said so. */
	cJSON_DeleteItemFromObject(doc, "closed");
	h = load_ok(doc);
	m_bad(h, 1, MAGIC_A_ACCEPT, 1, NONE, NONE, NONE, NONE,
	    "it was accepted, withdrawn, or it expired");
	magic_ops.free_game(h);
	cJSON_Delete(doc);
	magic_ops.free_game(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deal),
		cmocka_unit_test(test_accept),
		cmocka_unit_test(test_offer_to_one),
		cmocka_unit_test(test_counter),
		cmocka_unit_test(test_withdraw),
		cmocka_unit_test(test_stale),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_stones),
		cmocka_unit_test(test_closed_saved),
		cmocka_unit_test(test_views_count),
		cmocka_unit_test(test_legal_timeout),
		cmocka_unit_test(test_ai),
	};

	return cmocka_run_group_tests_name("magic_trade", tests, NULL, NULL);
}
