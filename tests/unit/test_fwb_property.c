/*
 * test_fwb_property.c: plays many seeded Friends with Beverages games
 * (20,000 unless FWB_PROPERTY_GAMES says otherwise) over every player
 * count (2-5) and every advanced module on and off, with AI players, a
 * random-legal player among AIs, and all random-legal players, through
 * the property harness (game-property.h):
 *   - fwb_check() passes after every move (every resource and guest card
 *     in exactly one place, sheds within capacity and without
 *     duplicates, ...);
 *   - one prompt, only the seats it names have legal moves, every legal
 *     move accepted on a copy and the views rendered (one move in 16),
 *     the AI's move accepted;
 *   - save -> load -> save is byte-identical (one move in 64, and at
 *     every game's end).
 * Besides, a player whose turn just ended holds at most 8 cards (unless
 * an interrupt resolved after it, in the same move, dealt more).  Every
 * game must end.
 */
#include "tests/unit/fwb-test.h"
#include "tests/unit/game-property.h"

struct tally {
	long	turns, recipes, deck_out;
};

static struct tally	tally[FWB_MAX_PLAYERS + 1];
static int		was;	/* whose turn it was before the move */

/* Builds option text for game i: each module on in some games. */
static void
pick_options(unsigned i, char *buf, size_t len)
{
	static const char *const sheds[] = { "5", "5", "6", "4", "3" };
	unsigned	 bits = (i / 4) * 2654435761u;

	snprintf(buf, len, "shed=%s guests=%s secondhand=%s discardmarket=%s "
	    "install=%s trading=%s interrupts=%s tiebreak=%s",
	    sheds[(bits >> 3) % 5], bits & 1 ? "4" : "3",
	    bits & 2 ? "on" : "off", bits & 4 ? "on" : "off",
	    bits & 64 ? "delay" : "now", bits & 128 ? "on" : "off",
	    bits & 256 ? "advanced" : "base", bits & 512 ? "random" : "table");
}

/* Game i: all random (i % 16 == 0), one random seat (1-3), or all AI. */
static void
start(struct gprop_play *p)
{
	unsigned	i = p->i;

	p->n = 2 + (int)(i % 4);
	pick_options(i, p->opts, sizeof p->opts);
	p->g = f_new(p->n, p->opts, i);
	if (i % 16 == 0)
		p->random_seats = ~0u;
	else if (i % 16 <= 3)
		p->random_seats = 1u << (i % (unsigned)p->n);
}

static void
before(struct gprop_play *p)
{
	was = p->g->active;
}

/* A turn ends with at most 8 cards; interrupts after it may deal more. */
static void
after(struct gprop_play *p)
{
	const struct game	*g = p->g;

	if (g->active == was && g->state == GAME_RUNNING)
		return;
	if (g->nhand[was] > FWB_HAND_LIMIT && !f_said(&p->ev, "Interrupt!"))
		fail_msg("game %u: @%d ended a turn with %d cards", p->i, was,
		    g->nhand[was]);
	tally[p->n].turns++;
}

static void
ended(struct gprop_play *p)
{
	struct tally	*t = &tally[p->n];
	int		 j;

	for (j = 0; j < p->n; j++)
		t->recipes += fwb_done_count(p->g, j);
	if (!p->g->ending)
		t->deck_out++;
}

static void
report(int n, long games)
{
	const struct tally	*t = &tally[n];

	printf("; %.1f turns, %.1f recipes a game; %ld ended by the guest "
	    "deck", games ? (double)t->turns / games : 0,
	    games ? (double)t->recipes / games : 0, t->deck_out);
}

int
main(void)
{
	static const struct gprop	spec = {
		.name = "fwb", .ops = &fwb_ops, .env = "FWB_PROPERTY_GAMES",
		.games = 20000,
		.max_moves = 20000, .max_legal = FWB_MAX_LEGAL,
		/* The components never change: see fwb-int.h. */
		.state_size = FWB_STATE_SIZE,
		.sample_legal = 16, .sample_views = 16, .sample_save = 64,
		.save_end = 1,
		.start = start, .check = fwb_check, .before = before,
		.after = after, .ended = ended, .report = report,
	};

	return gprop_main(&spec);
}
