/*
 * The games this bot can host.  A new game adds its ops table here.
 */
#include <string.h>
#include <strings.h>

#include "game/game.h"
#include "game/cheers/cheers.h"
#include "game/fwb/fwb.h"
#include "game/cosdrink/cosdrink.h"
#include "game/magic/magic.h"

static const struct game_ops *const games[] = {
	&cheers_ops,
	&fwb_ops,
	&cosdrink_ops,
	&magic_ops,
	NULL
};

const struct game_ops *const *
game_all(void)
{
	return games;
}

const struct game_ops *
game_find(const char *name)
{
	int	i;

	for (i = 0; games[i] != NULL; i++)
		if (strcasecmp(games[i]->name, name) == 0)
			return games[i];
	return NULL;
}
