/*
 * test_magic_silly.c: no silly Magic Cocktail moves by the default AI, by
 * the rules of game/magic/README.md ("Silly moves"), over seeded games of
 * 4 to 7 players, the AI in every seat (500 games unless SILLY_GAMES
 * says; see silly.h); and of the hard level.  The checker is the game's
 * silly op, game/magic/silly.c, which says what a silly move is.  Also
 * checks that the AI's choice does not change when the other seats' hands
 * (while trading; but the cards their open offers give), the deck and the
 * face-down recipes are dealt again (m_redeal).
 */
#include "tests/unit/magic-test.h"
#include "tests/unit/silly.h"

int
main(void)
{
	static const struct silly	spec = { .ops = &magic_ops,
	    .silly = magic_silly, .redeal = m_redeal };

	return silly_main(&spec);
}
