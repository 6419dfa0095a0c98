/*
 * test_cheers_silly.c: no silly CHEERS moves by the default AI, by the
 * rules of game/cheers/README.md ("Silly moves"), over seeded games of 2
 * to 6 players in every mode, recipe method and victory, the AI in every
 * seat (500 games unless SILLY_GAMES says; see silly.h); and of the hard
 * level.  The checker is the game's silly op, game/cheers/silly.c, which
 * says what a silly move is, from what the moving seat knows.
 * Also checks that the AI's choice does not change when the deck, the
 * other seats' hands and the recipes the seat does not know are dealt
 * again (t_redeal, as the hint test does).
 */
#include "tests/unit/cheers-test.h"
#include "tests/unit/silly.h"

static const char *const modes[] = { "standard", "master", "masquerade" };
static const char *const methods[] = { "cards", "draw", "alt" };
static const char *const victories[] = { "team", "own" };

/* Game i: 2-6 players, the default layout; every mode, method, victory. */
static struct game *
start(unsigned i)
{
	int	n = 2 + (int)(i % 5), mode = (int)((i / 5) % 3);

	if (mode == CHEERS_MASQUERADE && n != 4 && n != 6)
		mode = CHEERS_STANDARD;
	return t_new(n, modes[mode], methods[(i / 15) % 3],
	    victories[(i / 45) % 2], NULL, i);
}

int
main(void)
{
	static const struct silly	spec = { .ops = &cheers_ops,
	    .start = start, .silly = cheers_silly, .redeal = t_redeal };

	return silly_main(&spec);
}
