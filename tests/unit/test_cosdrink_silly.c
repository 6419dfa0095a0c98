/*
 * test_cosdrink_silly.c: no silly Cosdrink moves by the default AI, by
 * the rules of game/cosdrink/README.md ("Silly moves"), over seeded games
 * of 2 to 8 players, the AI in every seat (500 games unless SILLY_GAMES
 * says; see silly.h); and of the hard level.  The checker is the game's
 * silly op, game/cosdrink/silly.c, which says what a silly move is.
 * Also checks that the AI's choice does not change when the other seats'
 * items and the order of both decks are dealt again (c_redeal).
 */
#include "tests/unit/cosdrink-test.h"
#include "tests/unit/silly.h"

int
main(void)
{
	static const struct silly	spec = { .ops = &cosdrink_ops,
	    .silly = cos_silly, .redeal = c_redeal };

	return silly_main(&spec);
}
