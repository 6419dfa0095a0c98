/*
 * ai-hard.c: the hard level's moves.  The search (game/ismcts.h) takes
 * tens of milliseconds, so it runs on a libuv worker thread over its own
 * copy of the game and its own rng, drawn from the table's AI rng; the
 * worker reads and writes nothing of the bot's.  Back on the loop, the
 * finished search waits in its job for the table's AI task, which it
 * makes due at once; play.c makes the move through its usual path, but
 * only while the game has not moved on since the search began (the same
 * count of moves).  A search whose position is gone is dropped and the
 * table scheduled afresh.  A table being freed lets go of its job, which
 * the worker's end frees.
 */
#include <stdlib.h>

#include <uv.h>

#include "bot/bot.h"
#include "bot/tables/ai-hard.h"
#include "bot/tables/play.h"
#include "bot/tables/sched-heap.h"
#include "bot/tables/table.h"
#include "game/ismcts.h"
#include "lib/xmalloc.h"

struct ai_hard {
	uv_work_t		 req;
	struct table		*table;		/* NULL once the table let go */
	const struct game_ops	*ops;
	struct game		*game;		/* owned: the worker's copy */
	struct rng		 rng;
	int			 seat;
	int			 nmoves;	/* the table's moves when it began */
	char			*lead;		/* owned; may be NULL */
	int			 done, rc;
	struct game_move	 move;
};

static void
ai_hard_free(struct ai_hard *j)
{
	if (j->game != NULL)
		j->ops->free_game(j->game);
	free(j->lead);
	free(j);
}

/* On the worker: the search over the job's own copy, nothing else. */
static void
ai_hard_work(uv_work_t *req)
{
	struct ai_hard	*j = req->data;

	j->rc = ismcts_hard(j->ops, j->game, j->seat, &j->rng, &j->move);
}

/*
 * Back on the loop: the move waits for the table's AI task, due now; a
 * position the game has left is dropped and the table scheduled again.
 */
static void
ai_hard_after(uv_work_t *req, int status)
{
	struct ai_hard	*j = req->data;
	struct table	*t = j->table;

	j->ops->free_game(j->game);
	j->game = NULL;
	if (t == NULL) {
		ai_hard_free(j);
		return;
	}
	j->done = 1;
	if (status != 0)
		j->rc = -1;
	/*
	 * A table that waits for its channel or for its store keeps its own
	 * task; the move waits with the job for it.
	 */
	if (t->bot->stopping || t->lost || t->paused)
		return;
	if (j->rc == 0 && t->state == TABLE_PLAYING && t->nmoves == j->nmoves)
		sched_set(t, TASK_AI, 1u << j->seat, bot_now(t->bot));
	else {
		t->ai_hard = NULL;
		ai_hard_free(j);
		play_schedule(t);
	}
	sched_rearm(t->bot);
}

/* Starts a search for seat of t on a worker; 0, or -1 when it cannot. */
static int
ai_hard_start(struct table *t, int seat, const char *lead)
{
	struct ai_hard	*j = xcalloc(1, sizeof *j);
	uint64_t	 seed = rng_next(&t->ai_rng);

	j->req.data = j;
	j->table = t;
	j->ops = t->ops;
	j->game = t->ops->copy_game(t->game);
	rng_init(&j->rng, seed << 32 | rng_next(&t->ai_rng), 5);
	j->seat = seat;
	j->nmoves = t->nmoves;
	j->lead = lead == NULL ? NULL : xstrdup(lead);
	if (uv_queue_work(t->bot->loop, &j->req, ai_hard_work,
	    ai_hard_after) != 0) {
		ai_hard_free(j);
		return -1;
	}
	t->ai_hard = j;
	return 0;
}

int
ai_hard_move(struct table *t, int seat, const char *lead, struct game_move *m,
    char **lead_out)
{
	struct ai_hard	*j = t->ai_hard;

	*lead_out = NULL;
	if (t->ops->determinize == NULL || t->ops->copy_into == NULL)
		return -1;
	if (t->bot->fake_clock)
		return ismcts_hard(t->ops, t->game, seat, &t->ai_rng, m) == 0 ?
		    1 : -1;
	if (j != NULL && !j->done)
		return 0;
	if (j != NULL) {
		t->ai_hard = NULL;
		if (j->rc == 0 && j->seat == seat && j->nmoves == t->nmoves) {
			*m = j->move;
			*lead_out = j->lead;
			j->lead = NULL;
			ai_hard_free(j);
			return 1;
		}
		ai_hard_free(j);
	}
	return ai_hard_start(t, seat, lead) == 0 ? 0 : -1;
}

void
ai_hard_detach(struct table *t)
{
	struct ai_hard	*j = t->ai_hard;

	if (j == NULL)
		return;
	t->ai_hard = NULL;
	if (j->done)
		ai_hard_free(j);
	else
		j->table = NULL;
}
