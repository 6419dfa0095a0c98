/*
 * test_fwb_silly.c: no silly Friends with Beverages moves by the default
 * AI, by the rules of game/fwb/README.md ("Silly moves"), over seeded
 * games of 2 to 5 players, the AI in every seat (500 games unless
 * SILLY_GAMES says; see silly.h); and of the hard level.  The checker is
 * the game's silly op, game/fwb/silly.c, which says what a silly move is.
 * Also checks that the AI's choice does not change when the other seats'
 * hands and both decks are dealt again (f_redeal).
 */
#include "tests/unit/fwb-test.h"
#include "tests/unit/silly.h"

int
main(void)
{
	static const struct silly	spec = { .ops = &fwb_ops,
	    .silly = fwb_silly, .redeal = f_redeal };

	return silly_main(&spec);
}
