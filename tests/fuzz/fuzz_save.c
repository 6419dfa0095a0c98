/*
 * Fuzz target: saved games.  The input is a saved game of each game in
 * turn (JSON).  A corrupt save must be refused with a sentence; one that
 * loads must save back to a document that loads again to the same save,
 * and must play on: a few legal moves (the AI's) are applied to it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "game/rng.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Loads doc as ops's game; on success checks it round-trips and plays. */
static void
fuzz_one(const struct game_ops *ops, const cJSON *doc)
{
	struct game_events	 ev;
	struct game_prompt	 p[GAME_MAX_PROMPTS];
	struct game_move	 m;
	struct game		*g, *h;
	struct rng		 rng;
	cJSON			*a, *b;
	char			*cause = NULL, *sa, *sb;
	int			 i, seat;

	if ((g = ops->load(doc, &cause)) == NULL) {
		if (cause == NULL || *cause == '\0')
			abort();	/* a refusal must say why */
		free(cause);
		return;
	}
	a = ops->save(g);
	if ((h = ops->load(a, &cause)) == NULL)
		abort();		/* its own save must load */
	b = ops->save(h);
	sa = cJSON_PrintUnformatted(a);
	sb = cJSON_PrintUnformatted(b);
	if (strcmp(sa, sb) != 0)
		abort();		/* and say the same again */
	free(sa);
	free(sb);
	cJSON_Delete(a);
	cJSON_Delete(b);
	ops->free_game(h);

	rng_init(&rng, 1, 1);
	for (i = 0; i < 8; i++) {
		if (ops->pending(g, p, GAME_MAX_PROMPTS) < 1)
			break;
		for (seat = 0; seat < GAME_MAX_SEATS; seat++)
			if (p[0].seats & (1u << seat))
				break;
		if (seat == GAME_MAX_SEATS || ops->ai_move(g, seat, &rng, &m) != 0)
			break;
		game_events_init(&ev);
		if (ops->apply(g, seat, &m, &ev, &cause) != 0)
			free(cause);	/* the AI's move may be refused; no crash */
		cause = NULL;
		free(ops->render_public(g));
		free(ops->render_private(g, seat));
	}
	ops->free_game(g);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct game_ops *const	*games = game_all();
	cJSON				*doc;
	int				 i;

	if ((doc = cJSON_ParseWithLength((const char *)data, size)) == NULL)
		return 0;
	for (i = 0; games[i] != NULL; i++)
		fuzz_one(games[i], doc);
	cJSON_Delete(doc);
	return 0;
}
