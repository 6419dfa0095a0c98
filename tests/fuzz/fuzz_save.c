/*
 * Fuzz target: saved games.  The input is a saved game (JSON) given to
 * every registered game in turn (game_all(), so a game added later is
 * covered without an edit).  A corrupt save must be refused with a
 * sentence and nothing else (no half-loaded game); one that loads is
 * trusted from then on, so it must save back to a document that loads
 * again to the same save, answer every question the bot asks of a game
 * (result, places, each seat's legal moves, their labels and views)
 * within bounds, and play on: a few moves (the AI's, then legal ones)
 * are applied to it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "game/rng.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_LEGAL_MAX	512

/* Asks g everything the bot asks a running game; nothing may crash. */
static void
fuzz_ask(const struct game_ops *ops, struct game *g, int nplayers)
{
	static struct game_move	 moves[FUZZ_LEGAL_MAX];
	struct game_result	 r;
	const char		*names[GAME_MAX_PLACES];
	char			 label[64];
	int			 seat, n, i, a;

	if (ops->result(g, &r) != 0 || (r.state != GAME_RUNNING &&
	    r.state != GAME_WON && r.state != GAME_TIED))
		abort();
	n = ops->places == NULL ? 0 : ops->places(g, names, GAME_MAX_PLACES);
	if (n < 0 || n > GAME_MAX_PLACES)
		abort();
	for (seat = 0; seat < nplayers; seat++) {
		n = ops->legal_moves(g, seat, moves, FUZZ_LEGAL_MAX);
		if (n < 0 || n > FUZZ_LEGAL_MAX)
			abort();
		for (i = 0; i < n && i < 16; i++) {
			if (moves[i].action < 0 || moves[i].action >= ops->nactions)
				abort();	/* a move of no action */
			for (a = 0; ops->arg_label != NULL &&
			    a < ops->actions[moves[i].action].nargs; a++)
				(void)ops->arg_label(g, seat, &moves[i], a,
				    label, sizeof label);
		}
		free(ops->render_private(g, seat));
	}
	free(ops->render_public(g));
}

/* Loads doc as ops's game; on success checks it round-trips and plays. */
static void
fuzz_one(const struct game_ops *ops, const cJSON *doc)
{
	struct game_events	 ev;
	struct game_prompt	 p[GAME_MAX_PROMPTS];
	static struct game_move	 legal[FUZZ_LEGAL_MAX];
	struct game_move	 m;
	struct game		*g, *h;
	struct rng		 rng;
	cJSON			*a, *b;
	const cJSON		*players;
	char			*cause = NULL, *sa, *sb;
	int			 i, n, seat, nplayers;

	if ((g = ops->load(doc, &cause)) == NULL) {
		if (cause == NULL || *cause == '\0')
			abort();	/* a refusal must say why */
		free(cause);
		return;
	}
	if (cause != NULL)
		abort();		/* loaded, yet a refusal was written */
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

	/* The seats: what the game saved, which it accepted on loading. */
	players = cJSON_GetObjectItemCaseSensitive(doc, "players");
	nplayers = cJSON_IsNumber(players) && players->valueint >= 1 &&
	    players->valueint <= GAME_MAX_SEATS ? players->valueint : 0;
	fuzz_ask(ops, g, nplayers);

	/* Play on: the AI's moves, then the first legal move of each turn. */
	rng_init(&rng, 1, 1);
	for (i = 0; i < 16; i++) {
		n = ops->pending(g, p, GAME_MAX_PROMPTS);
		if (n < 0 || n > GAME_MAX_PROMPTS)
			abort();
		if (n == 0)
			break;
		for (seat = 0; seat < GAME_MAX_SEATS; seat++)
			if (p[0].seats & (1u << seat))
				break;
		if (seat == GAME_MAX_SEATS)
			break;
		if (i < 8) {
			if (ops->ai_move(g, seat, &rng, &m) != 0)
				break;
		} else {
			if (ops->legal_moves(g, seat, legal, FUZZ_LEGAL_MAX) < 1)
				break;
			m = legal[0];
		}
		game_events_init(&ev);
		if (ops->apply(g, seat, &m, &ev, &cause) != 0) {
			if (cause == NULL)
				abort();	/* a refusal must say why */
			free(cause);	/* the move may be refused; no crash */
		}
		cause = NULL;
		free(ops->render_public(g));
		free(ops->render_private(g, seat));
	}
	fuzz_ask(ops, g, nplayers);
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
