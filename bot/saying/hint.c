/*
 * The move a player's private prompt suggests (see hint.h): the game's
 * AI, asked for seat with a fixed rng.
 */
#include <string.h>

#include "bot/saying/hint.h"
#include "game/rng.h"

/*
 * The rng a hint is chosen with: always the same, so that a hint
 * depends only on what seat sees, never on the table's AI rng or seed.
 */
#define HINT_SEED	0x68696e74u	/* "hint" */
#define HINT_STREAM	7

unsigned
hint_actions(const struct game_ops *ops, const struct game *g, int seat,
    unsigned actions)
{
	struct game_prompt	p[GAME_MAX_PROMPTS];
	int			n, k;

	if (ops->ai_pace == NULL || seat < 0 || seat >= GAME_MAX_SEATS)
		return actions;
	n = ops->pending(g, p, GAME_MAX_PROMPTS);
	for (k = 0; k < n && k < GAME_MAX_PROMPTS; k++)
		if (p[k].each && (p[k].seats & (1u << seat)) &&
		    (p[k].actions & actions & ops->ai_pace->final))
			return actions & ~ops->ai_pace->final;
	return actions;
}

int
hint_move(const struct game_ops *ops, const struct game *g, int seat,
    unsigned actions, struct game_move *out)
{
	struct rng	r;
	unsigned	allowed;
	int		rc, k;

	if (g == NULL || seat < 0 || seat >= GAME_MAX_SEATS)
		return -1;
	allowed = hint_actions(ops, g, seat, actions);
	if (allowed == 0)
		return -1;
	rng_init(&r, HINT_SEED, HINT_STREAM);
	memset(out, 0, sizeof *out);
	for (k = 0; k < GAME_MAX_ARGS; k++)
		out->args[k] = -1;
	if (ops->ai_pace != NULL)
		rc = ops->ai_pace->ai_move(g, seat, &r, allowed, out);
	else
		rc = ops->ai_move(g, seat, &r, out);
	if (rc != 0 || out->action < 0 || out->action >= ops->nactions ||
	    out->action >= 32 || !(allowed & (1u << out->action)))
		return -1;
	return 0;
}
