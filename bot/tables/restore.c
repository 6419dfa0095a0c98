/*
 * Restore: the tables the store holds, put back into the bot.  At start
 * (restore_tables) every open table is rebuilt, a lobby as it was and a
 * game from its snapshot and the moves after it, and its timer is
 * re-armed with the time it had left; after a failed batch
 * (restore_reload) one table goes back to what the store has; for a
 * replay (restore_finished_send) a finished table is rebuilt move by
 * move.  This file sits above both the store (bot/storage/, which turns
 * records into tables and back) and play (bot/tables/play.c, which makes
 * a game and arms its timers), so neither calls the other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/final-table.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/saying/outbox.h"
#include "bot/tables/play.h"
#include "bot/tables/restore.h"
#include "bot/tables/sched-heap.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

/* What replaying a move log needs to carry from move to move. */
struct restore_replay {
	struct table		*t;
	int64_t			 last_at;	/* unix ms of the newest move */
	/* The game's turn after the last move, and when it began (0: before). */
	int			 turn_seat;
	long			 turn_number;
	int64_t			 turn_at;
	restore_move_hook		 hook;
	void			*arg;
};

/*
 * Notes the game's turn (game_ops.turn) after a move made at at (unix
 * ms; 0 for the game as it was before the first move replayed): a new
 * turn began then.
 */
static void
restore_replay_turn(struct restore_replay *rp, int64_t at)
{
	struct table	*t = rp->t;
	long		 number = 0;
	int		 seat;

	if (t->ops->turn == NULL)
		return;
	seat = t->ops->turn(t->game, &number);
	if (at != 0 && (seat != rp->turn_seat || number != rp->turn_number))
		rp->turn_at = at;
	rp->turn_seat = seat;
	rp->turn_number = number;
}

static int
restore_replay_move(const struct store_move *r, void *arg, char **cause)
{
	struct restore_replay	*rp = arg;
	struct table		*t = rp->t;
	struct game_events	 ev;
	struct game_move	 m;
	cJSON			*o;
	char			*err = NULL;

	o = cJSON_Parse(r->move);
	if (r->seq != t->nmoves || r->seat < 0 || r->seat >= t->nseats ||
	    game_move_load(t->ops, o, &m, &err) != 0) {
		cJSON_Delete(o);
		set_cause(cause, "move %d is malformed%s%s", r->seq,
		    err ? ": " : "", err ? err : "");
		free(err);
		return -1;
	}
	cJSON_Delete(o);
	game_events_init(&ev);
	if (t->ops->apply(t->game, r->seat, &m, &ev, &err) != 0) {
		set_cause(cause, "move %d no longer applies: %s", r->seq, err);
		free(err);
		return -1;
	}
	t->nmoves++;
	rp->last_at = r->at;
	restore_replay_turn(rp, r->at);
	if (rp->hook != NULL)
		rp->hook(t, r->seat, &m, &ev, rp->arg);
	return 0;
}

/*
 * Puts t's game as it was before the moves to replay: from the newest
 * snapshot when snapshots is set, else from the seed; rp is made ready
 * to replay the moves after it (restore_replay_move) with hook.  0, or
 * -1 with *cause.
 */
static int
restore_rebuild_begin(struct table *t, int snapshots, restore_move_hook hook,
    void *arg, struct restore_replay *rp, char **cause)
{
	struct game		*g = NULL;
	cJSON			*o;
	char			*text = NULL, *err = NULL;
	int			 seq = -1;

	if (snapshots && store_snapshot(t->bot->store, t->id, &seq, &text, cause) != 0)
		return -1;
	if (text != NULL) {
		o = cJSON_Parse(text);
		g = o == NULL ? NULL : t->ops->load(o, &err);
		cJSON_Delete(o);
		free(text);
		if (g == NULL) {
			/* A bad snapshot is only a lost shortcut. */
			log_warn("table %llu: ignoring snapshot %d: %s",
			    (unsigned long long)t->id, seq, err ? err : "not JSON");
			free(err);
		}
	}
	if (g != NULL) {
		rng_init(&t->ai_rng, t->seed, 2);
		t->game = g;
		t->nmoves = seq;
	} else if (play_new_game(t, cause) != 0)
		return -1;
	memset(rp, 0, sizeof *rp);
	rp->t = t;
	rp->hook = hook;
	rp->arg = arg;
	restore_replay_turn(rp, 0);
	return 0;
}

int
restore_rebuild(struct table *t, int snapshots,
    restore_move_hook hook, void *arg, int64_t *last_at, char **cause)
{
	struct restore_replay	 rp;

	if (restore_rebuild_begin(t, snapshots, hook, arg, &rp, cause) != 0)
		return -1;
	if (store_moves(t->bot->store, t->id, t->nmoves, restore_replay_move,
	    &rp, cause) != 0)
		return -1;
	if (last_at != NULL)
		*last_at = rp.last_at;
	t->turn_at = rp.turn_at;
	return 0;
}

/*
 * A game whose last move was recorded but whose result was not (the
 * process died in between) is finished now, and the channel hears how it
 * ended.  Returns 1 when it was over (the table is freed), 0 when it
 * still runs.
 */
static int
restore_ended(struct table *t)
{
	struct game_result	 r;
	struct buf		 rank;
	char			*err = NULL, *board;
	char			 cmd[RENDER_COMMAND_MAX];

	t->ops->result(t->game, &r);
	if (r.state == GAME_RUNNING)
		return 0;
	board = t->ops->render_public(t->game);
	render_command(t->adapter, cmd, sizeof cmd);
	buf_init(&rank, RENDER_MAX);
	if (final_lines(t, &rank) == 0)
		buf_puts(&rank, "\n");
	outbox_sayf(t, "The game here ended just as I went down. %s\n%s\n%sThis "
	    "was table %llu: %s replay %llu shows every move.", r.text, board,
	    buf_str(&rank), (unsigned long long)t->num, cmd,
	    (unsigned long long)t->num);
	buf_release(&rank);
	free(board);
	if (store_table_finish(t->bot->store, t, &r, &err) != 0) {
		/* The store has logged why. */
		free(err);
	}
	table_close(t);
	return 1;
}

/*
 * Re-arms the table's timer for the time it had left when the bot went
 * down.  A turn whose time ran out meanwhile gets a fresh timer, and the
 * channel is told, rather than a move made for a player who could not
 * have seen it coming.  The turn timer covers a whole turn (bot/tables/play.c):
 * its clock runs from the turn's first move as the log has it, or else
 * from since.
 */
static void
restore_rearm(struct table *t, int64_t since)
{
	struct bot	*bot = t->bot;
	uint64_t	 now = bot_now(bot), full;
	int64_t		 away = store_now() - since, turn_away = away;
	char		 left[32];
	int		 seat, turn;

	play_schedule(t);
	if (t->turn_at > 0)
		turn_away = store_now() - t->turn_at;
	if (turn_away < 0)
		turn_away = 0;
	/* A timer that is the turn's own, from its start. */
	turn = t->task == TASK_TIMEOUT && t->turn_known && t->turn_seat >= 0 &&
	    t->turn_timer > 0 && t->task_seats == 1u << t->turn_seat &&
	    (int64_t)t->deadline == t->turn_since + (int64_t)t->turn_timer;
	if (t->turn_known)
		t->turn_since -= turn_away;
	if (turn)
		away = turn_away;
	if (t->task != TASK_TIMEOUT && t->task != TASK_LOBBY)
		return;
	full = t->deadline - now;
	if (away < 0)
		away = 0;
	if ((uint64_t)away < full) {
		sched_set(t, t->task, t->task_seats, t->deadline - (uint64_t)away);
		return;
	}
	if (turn)
		t->turn_since = (int64_t)now;
	if (t->task == TASK_LOBBY) {
		/* It expires at once, and says so. */
		sched_set(t, t->task, t->task_seats, now);
		return;
	}
	seat = table_task_seat(t);
	render_duration(full, left, sizeof left);
	outbox_sayf(t, "I was away for longer than @{%d}'s timer; @{%d} has "
	    "a fresh %s.", seat, seat, left);
}

/*
 * Builds the open table of record r into the bot (r's adapter and game
 * are a and ops); *since (may be NULL) gets its newest move's time when
 * later than it holds.  Returns the table, or NULL with *cause when the
 * record cannot be rebuilt (nothing is left in the bot).
 */
static struct table *
restore_build(struct bot *bot, struct adapter *a,
    const struct game_ops *ops, const struct store_table *r, int64_t *since,
    char **cause)
{
	struct table	*t;

	t = table_new(bot, a, r->channel, ops);
	table_set_id(t, r->id);
	/* A record without a valid tag keeps the fresh one: its buttons go. */
	if (r->tag != NULL && table_tag_valid(r->tag))
		memcpy(t->tag, r->tag, sizeof t->tag);
	t->num = r->num;
	t->seed = r->seed;
	t->turn_timer = bot->config->tables_turn_timer_ms;
	t->prompt_timer = bot->config->tables_prompt_timer_ms;
	t->state = strcmp(r->state, "playing") == 0 ? TABLE_PLAYING : TABLE_LOBBY;
	if (store_parse_doc(t, r->doc, cause) != 0 ||
	    (t->state == TABLE_PLAYING &&
	    restore_rebuild(t, 1, NULL, NULL, since, cause) != 0)) {
		table_close(t);
		return NULL;
	}
	/* A running game's board was posted, perhaps by an earlier run. */
	t->board_shown = t->state == TABLE_PLAYING;
	return t;
}

static int
restore_one(const struct store_table *r, void *arg, char **cause)
{
	struct bot		*bot = arg;
	struct store		*s = bot->store;
	const struct game_ops	*ops;
	struct adapter		*a;
	struct table		*t;
	char			*err = NULL;
	int64_t			 since = r->updated;

	(void)cause;
	a = bot_find_adapter(bot, r->adapter);
	ops = game_find(r->game);
	if (a == NULL || ops == NULL)
		return 0;	/* its adapter is off: keep it for later */
	if (table_find(bot, a, r->channel) != NULL) {
		log_error("table %llu: %s already has a table; not restoring "
		    "this one", (unsigned long long)r->id, r->channel);
		return 0;
	}
	if ((t = restore_build(bot, a, ops, r, &since, &err)) == NULL) {
		log_error("table %llu in %s: cannot restore it, so it is marked "
		    "broken and its channel is free: %s",
		    (unsigned long long)r->id, r->channel, err);
		free(err);
		store_mark_broken(s, r);
		return 0;
	}
	if (since < r->updated)
		since = r->updated;
	if (t->state == TABLE_PLAYING && restore_ended(t))
		return 0;
	restore_rearm(t, since);
	return 0;
}

/* What restore_reload looks for and finds. */
struct restore_reloading {
	struct bot	*bot;
	struct adapter	*adapter;
	struct table	*t;
};

static int
restore_reload_one(const struct store_table *r, void *arg, char **cause)
{
	struct restore_reloading	*rl = arg;
	const struct game_ops	*ops = game_find(r->game);
	char			*err = NULL;

	(void)cause;
	if (ops == NULL || strcmp(r->adapter, rl->adapter->ops->name) != 0 ||
	    (strcmp(r->state, "lobby") != 0 && strcmp(r->state, "playing") != 0))
		return 0;
	if (table_find(rl->bot, rl->adapter, r->channel) != NULL) {
		log_error("table %llu: %s has another table now; not putting "
		    "this one back", (unsigned long long)r->id, r->channel);
		return 0;
	}
	rl->t = restore_build(rl->bot, rl->adapter, ops, r, NULL,
	    &err);
	if (rl->t == NULL) {
		log_error("table %llu in %s: cannot put it back as saved: %s",
		    (unsigned long long)r->id, r->channel, err);
		free(err);
	}
	return 0;
}

struct table *
restore_reload(struct bot *bot, struct adapter *a, uint64_t id)
{
	struct restore_reloading rl = { bot, a, NULL };
	char			*err = NULL;
	int			 found;

	if (bot->store == NULL)
		return NULL;
	if (store_table_load(bot->store, id, restore_reload_one, &rl, &found, &err) != 0) {
		log_error("table %llu: cannot read it back: %s",
		    (unsigned long long)id, err);
		free(err);
		return NULL;
	}
	if (rl.t != NULL)
		play_schedule(rl.t);
	return rl.t;
}
/*
 * A finished table being loaded (restore_finished_send): whom for, the
 * reads of the tables with the number and then of the moves of the
 * asker's, what they found, and whom to tell.
 */
struct restore_finding {
	struct bot		 *bot;
	struct adapter		 *adapter;
	char			 *server;	/* the asker's; NULL: none */
	char			 *user_id;
	int			  is_dm;
	uint64_t		  num;
	struct store_read	  read;
	struct table		 *t;		/* the asker's table */
	int			  found;	/* how many were theirs */
	int			  running;	/* theirs is still open */
	int			  unknown;	/* of a game this bot lacks */
	int			  damaged;	/* its log cannot be replayed */
	struct restore_replay	  rp;
	restore_move_hook	  hook;
	void			 *hook_arg;
	struct table		**out;
	void			(*done)(void *, int, char *);
	void			 *arg;
};

static void
restore_finding_free(struct restore_finding *f)
{
	if (f->t != NULL)
		table_free(f->t);
	free(f->server);
	free(f->user_id);
	free(f);
}

/*
 * Takes the asker's table among those with the number: the one of their
 * server, or from a DM one they played in.  The tables of other servers
 * are passed over as if they did not exist.
 */
static int
restore_finished_one(const struct store_table *r, void *arg, char **cause)
{
	struct restore_finding	 *f = arg;
	const struct game_ops	 *ops;

	if (f->is_dm) {
		if (f->user_id == NULL || !store_doc_has(r->doc, f->user_id))
			return 0;
	} else if (!table_same_server(r->server, f->server))
		return 0;
	if (f->found++ > 0)
		return 0;
	if (strcmp(r->state, "over") != 0) {
		f->running = 1;
		return 0;
	}
	if ((ops = game_find(r->game)) == NULL) {
		f->unknown = 1;
		return 0;
	}
	f->t = table_alloc(f->bot, f->adapter, r->channel, ops);
	table_set_id(f->t, r->id);
	f->t->num = r->num;
	f->t->seed = r->seed;
	f->t->state = TABLE_OVER;
	return store_parse_doc(f->t, r->doc, cause);
}

/* What a replay says when the store cannot be read (err taken, logged). */
static int
restore_unread(struct restore_finding *f, char *err, char **cause)
{
	log_error("table number %llu: %s", (unsigned long long)f->num, err);
	free(err);
	return set_cause(cause, "Replays are %s", STORE_UNREAD_TEXT);
}

/*
 * The moves of the asker's table were read (rc, err taken): 0 with the
 * table in *f->out, or -1 with *cause.
 */
static int
restore_finished_moved(struct restore_finding *f, int rc, char *err,
    char **cause)
{
	unsigned long long	id = (unsigned long long)f->t->id;

	if (rc != 0 && !f->damaged)
		return restore_unread(f, err, cause);
	if (rc != 0) {
		log_error("table %llu: cannot replay it: %s", id, err);
		free(err);
		return set_cause(cause, "Table %llu cannot be replayed; its log "
		    "is damaged.", (unsigned long long)f->num);
	}
	f->t->turn_at = f->rp.turn_at;
	*f->out = f->t;
	f->t = NULL;
	return 0;
}

/* The store answered the moves' read (its done). */
static void
restore_moves_read(void *arg, int rc, char *err)
{
	struct restore_finding	*f = arg;
	char			*cause = NULL;

	rc = restore_finished_moved(f, rc, err, &cause);
	f->done(f->arg, rc, cause);
	restore_finding_free(f);
}

/* A move of the table replayed: a damaged one fails the read. */
static int
restore_finished_move(const struct store_move *m, void *arg, char **cause)
{
	struct restore_finding	*f = arg;

	if (restore_replay_move(m, &f->rp, cause) == 0)
		return 0;
	f->damaged = 1;
	return -1;
}

/*
 * The tables with the number were read (rc, err taken): 1 when the
 * moves of the asker's were sent, 0 with the table in *f->out, or -1
 * with *cause.
 */
static int
restore_finished_found(struct restore_finding *f, int rc, char *err,
    char **cause)
{
	unsigned long long	 n = (unsigned long long)f->num;
	char			 cmd[RENDER_COMMAND_MAX];

	if (rc != 0)
		return restore_unread(f, err, cause);
	if (f->found > 1)
		return set_cause(cause, "You played more than one table %llu, "
		    "on different servers: ask for it in a channel of the server "
		    "it was played on.", n);
	if (f->running) {
		render_command(f->adapter, cmd, sizeof cmd);
		return set_cause(cause, "Table %llu is still open; %s status in "
		    "its channel shows it.", n, cmd);
	}
	if (f->t == NULL) {
		if (f->unknown)
			log_error("table number %llu: its game is not in this "
			    "build", n);
		return set_cause(cause, "There is no finished table %llu here.",
		    n);
	}
	if (restore_rebuild_begin(f->t, 0, f->hook, f->hook_arg, &f->rp,
	    &err) != 0) {
		f->damaged = 1;
		return restore_finished_moved(f, -1, err, cause);
	}
	f->read = (struct store_read){ .kind = STORE_READ_MOVES,
	    .num = f->t->id, .from_seq = f->t->nmoves,
	    .move_cb = restore_finished_move, .cb_arg = f };
	if ((rc = store_read_send(f->bot->store, &f->read, 1,
	    restore_moves_read, f, &err)) == 1)
		return 1;
	return restore_finished_moved(f, rc, err, cause);
}

/* The store answered the tables' read (its done). */
static void
restore_tables_read(void *arg, int rc, char *err)
{
	struct restore_finding	*f = arg;
	char			*cause = NULL;

	if ((rc = restore_finished_found(f, rc, err, &cause)) == 1)
		return;
	f->done(f->arg, rc, cause);
	restore_finding_free(f);
}

int
restore_finished_send(struct bot *bot, struct adapter *a,
    const struct store_asker *who, uint64_t num, restore_move_hook hook,
    void *hook_arg, struct table **out, void (*done)(void *, int, char *),
    void *arg, char **cause)
{
	struct restore_finding	*f = xmalloc(sizeof *f);
	char			*err = NULL;
	int			 rc;

	*out = NULL;
	*f = (struct restore_finding){ .bot = bot, .adapter = a, .num = num,
	    .is_dm = who->is_dm, .hook = hook, .hook_arg = hook_arg,
	    .out = out, .done = done, .arg = arg };
	f->server = who->server == NULL ? NULL : xstrdup(who->server);
	f->user_id = who->user_id == NULL ? NULL : xstrdup(who->user_id);
	f->read = (struct store_read){ .kind = STORE_READ_NUM, .num = num,
	    .adapter = a->ops->name, .table_cb = restore_finished_one,
	    .cb_arg = f };
	rc = store_read_send(bot->store, &f->read, 1, restore_tables_read, f,
	    &err);
	if (rc != 1)
		rc = restore_finished_found(f, rc, err, cause);
	if (rc != 1)
		restore_finding_free(f);
	return rc;
}

/*
 * The store found table id of adapter otherwise on its server than it
 * had served (store_on_changed): the table is put back as the store has
 * it now, its board message and pause kept, or dropped when the store
 * holds it open no more, and its channel told that the change refused
 * as unsaved was saved.  bot is the store's borrowed argument.
 */
static void
restore_changed(void *arg, const char *adapter, uint64_t id)
{
	struct bot	*bot = arg;
	struct adapter	*a = bot_find_adapter(bot, adapter);
	struct table	*t;
	char		 cmd[64];
	int		 board_shown = 0, paused = 0;

	if (a == NULL)
		return;
	if ((t = table_find_id(bot, a, id)) != NULL) {
		board_shown = t->board_shown;
		paused = t->paused;
		table_drop(t);
	}
	if ((t = restore_reload(bot, a, id)) == NULL) {
		log_warn("table %llu: not put back: the store holds it open no "
		    "more, or it cannot be rebuilt (see above)",
		    (unsigned long long)id);
		return;
	}
	t->board_shown = board_shown;
	t->paused = paused;
	/* Its timers are in the heap: the loop's timer wakes for them. */
	sched_rearm(bot);
	log_warn("table %llu: read again from the store, as its server holds "
	    "it", (unsigned long long)id);
	/* Those whose change was refused as unsaved learn it was saved. */
	render_command(a, cmd, sizeof cmd);
	outbox_sayf(t, "Correction: the last change here was saved after all, "
	    "though I said it was not. %s status shows the table now.", cmd);
}

int
restore_tables(struct bot *bot, char **cause)
{
	uint64_t	max_id;
	int		before = bot->ntables;

	bot->reload = restore_reload;
	if (bot->store == NULL)
		return 0;
	store_on_changed(bot->store, restore_changed, bot);
	store_ids(bot->store, &max_id, &bot->cb1_max);
	bot->next_table_id = max_id + 1;
	if (store_each_open(bot->store, restore_one, bot, cause) != 0)
		return -1;
	return bot->ntables - before;
}
