/*
 * The life of a running game.  play_move() is the one function through
 * which every accepted move passes, whoever made it (human, AI seat or a
 * timeout): apply it, make it durable, then tell the channel and the
 * players, then arm the next timer.  Announcing before recording could
 * tell players about a move a crash would then forget.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/saying/board-post.h"
#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/narrate.h"
#include "bot/saying/outbox.h"
#include "bot/tables/ai-hard.h"
#include "bot/tables/play.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/sched-heap.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

void
play_pause(struct table *t)
{
	char	 when[32];

	if (t->paused)
		return;
	render_duration(TABLE_RETRY_MS, when, sizeof when);
	outbox_sayf(t, "The game is paused: I cannot save moves right now, "
	    "and a move I cannot save does not happen. I will try again every "
	    "%s.", when);
	t->paused = 1;
}

void
play_close(struct table *t, const char *why)
{
	char	*cause = NULL;

	outbox_say(t, why);
	if (store_table_delete(t->bot->store, t, &cause) != 0)
		free(cause);
	free(t->ended);
	t->ended = xstrdup(why);
	table_close(t);
}

/* Is any of the seats in mask played by a human? */
static int
play_has_human(const struct table *t, unsigned mask)
{
	int	i;

	for (i = 0; i < t->nseats; i++)
		if ((mask & (1u << i)) && !table_ai_plays(t, i))
			return 1;
	return 0;
}

/*
 * Looks at the game's turn (game_ops.turn).  A new turn (another seat or
 * number) starts the turn timer's clock; a new number lets the seats go
 * of what they kept about the last one (a timeout counted, the AI
 * finishing a turn), and they are saved when any did, so that a restart
 * does not bring it back.  A game without the op has no turns: each
 * prompt is timed on its own.
 */
static void
play_turn_track(struct table *t)
{
	struct seat	*s;
	char		*cause = NULL;
	long		 number = 0;
	int		 seat, i, let_go = 0;

	if (t->ops->turn == NULL || t->game == NULL) {
		t->turn_known = 0;
		t->turn_seat = -1;
		return;
	}
	seat = t->ops->turn(t->game, &number);
	if (seat < 0 || seat >= t->nseats)
		seat = -1;
	if (t->turn_known && number == t->turn_number && seat == t->turn_seat)
		return;
	t->turn_seat = seat;
	t->turn_since = (int64_t)bot_now(t->bot);
	if (t->turn_known && number == t->turn_number)
		return;		/* another seat's turn of the same round */
	t->turn_known = 1;
	t->turn_number = number;
	for (i = 0; i < t->nseats; i++) {
		s = &t->seats[i];
		if (s->missed_turn != 0 && s->missed_turn != number + 1) {
			s->missed_turn = 0;
			let_go = 1;
		}
		if (s->ai_turn != 0 && s->ai_turn != number + 1) {
			s->ai_turn = 0;
			let_go = 1;
		}
	}
	if (let_go && store_table_save(t->bot->store, t, &cause) != 0) {
		/* The store has logged why. */
		free(cause);
	}
}

/*
 * A prompt p that asks no human but the turn's own player (its turn, or
 * a step of it such as taking a guest or discarding down to the hand
 * limit) is timed by the turn timer from the turn's start, so that the
 * player's own moves do not restart it: sets *due and returns 1.  An
 * answer out of turn (an interrupt's question) keeps at least its own
 * prompt timer from asked (bot_now() ms).  0 when it is timed as before
 * (no turns, the turn timer off, someone else).
 */
static int
play_turn_due(const struct table *t, const struct game_prompt *p,
    unsigned humans, uint64_t asked, uint64_t *due)
{
	int64_t	end;

	if (!t->turn_known || t->turn_seat < 0 || t->turn_timer == 0 ||
	    humans != 1u << t->turn_seat)
		return 0;
	end = t->turn_since + (int64_t)t->turn_timer;
	*due = end > 0 ? (uint64_t)end : 0;
	if (!p->turn && t->prompt_timer > 0 && *due < asked + t->prompt_timer)
		*due = asked + t->prompt_timer;
	return 1;
}

int
play_back(struct table *t, int seat)
{
	struct seat	*s = &t->seats[seat];
	int		 was = table_ai_plays(t, seat) && !s->ai;

	s->ai_turn = 0;
	s->missed_turn = 0;
	if (was && seat == t->turn_seat)
		t->turn_since = (int64_t)bot_now(t->bot);
	return was;
}

int
play_new_game(struct table *t, char **cause)
{
	struct game_opts	opts;
	struct rng		rng;
	int			i;

	memset(&opts, 0, sizeof opts);
	opts.nplayers = t->nseats;
	for (i = 0; i < t->ops->noptions && i < GAME_MAX_OPTIONS; i++)
		opts.values[i] = t->options[i];
	rng_init(&rng, t->seed, 1);
	rng_init(&t->ai_rng, t->seed, 2);
	t->game = t->ops->new_game(&opts, &rng, cause);
	t->nmoves = 0;
	return t->game == NULL ? -1 : 0;
}

/* Records the result; the final table has been said with the last move. */
static void
play_finish(struct table *t, const struct game_result *r)
{
	char	*cause = NULL;

	if (store_table_finish(t->bot->store, t, r, &cause) != 0) {
		/* The store has logged why. */
		free(cause);
	}
	t->state = TABLE_OVER;
}

/*
 * Applies seat's move and tells everyone; lead (may be NULL) opens the
 * channel's line ("@{1} ran out of time.").  See play_move.
 */
static int
play_apply(struct table *t, int seat, const struct game_move *m,
    const char *lead, char **cause)
{
	struct narrate_asked	 before;
	struct game_events	 ev;
	struct game_result	 r;
	struct game		*was;
	char			*err = NULL;
	int			 over;

	if (t->lost)
		return set_cause(cause, "This game is paused: I cannot post "
		    "in its channel.");
	/* Keep the state before the move in case it cannot be recorded. */
	was = t->ops->copy_game(t->game);
	narrate_asked(t, &before);
	game_events_init(&ev);
	if (t->ops->apply(t->game, seat, m, &ev, cause) != 0) {
		t->ops->free_game(was);
		return -1;
	}
	if (store_move_append(t->bot->store, t, t->nmoves, seat, m, &err) != 0) {
		free(err);
		t->ops->free_game(t->game);
		t->game = was;
		return set_cause(cause, "Your move could not be saved, so it "
		    "did not happen: my storage is failing and the operator can "
		    "see why in the log.");
	}
	t->ops->free_game(was);
	t->nmoves++;
	t->ai_idle = 0;		/* the game changed: idle AI seats may act */
	log_debug("table %llu: move %d by seat %d", (unsigned long long)t->id,
	    t->nmoves, seat);
	if (t->paused) {
		outbox_keep(t);
		t->paused = 0;
		outbox_say(t, "Saving works again; the game goes on.");
	}

	/*
	 * One line in the channel: what happened and what it opened (see
	 * narrate.h); then each player's own news.  At the end the line
	 * holds the end event (which reveals the winning recipe).
	 */
	t->ops->result(t->game, &r);
	over = r.state != GAME_RUNNING;
	board_move(t, &ev, &before, lead, over);
	if (over)
		play_finish(t, &r);
	else {
		narrate_private(t, &ev, &before, seat);
		play_schedule(t);
	}
	return 0;
}

int
play_move(struct table *t, int seat, const struct game_move *m, char **cause)
{
	struct seat	*s = &t->seats[seat];
	int64_t		 since = t->turn_since;
	long		 ai_turn = s->ai_turn, missed = s->missed_turn;

	/*
	 * A player back in a turn the AI was finishing takes it over, with
	 * the turn's time afresh; a refused move leaves the AI on it.
	 */
	play_back(t, seat);
	if (play_apply(t, seat, m, NULL, cause) != 0) {
		s->ai_turn = ai_turn;
		s->missed_turn = missed;
		t->turn_since = since;
		return -1;
	}
	return 0;
}

/*
 * AI pacing (game_ops.ai_pace; see game/game.h): the actions the AI of
 * seat may take now.  Only while a human seat is asked beside it by a
 * simultaneous prompt: a final action once the seat has been asked for
 * magic.ai_trade_time, a proposal magic.ai_offer_gap after the table's
 * last AI proposal.  *until gets the earliest time a limit in force
 * lifts, or UINT64_MAX when none is.
 */
static unsigned
play_pace_allowed(struct table *t, int seat, uint64_t *until)
{
	const struct game_ai_pace	*pace = t->ops->ai_pace;
	struct config			*cfg = t->bot->config;
	struct game_prompt		 p[GAME_MAX_PROMPTS];
	uint64_t			 now = bot_now(t->bot), end;
	unsigned			 allowed = ~0u, beside = 0, bit = 1u << seat;
	int				 n, k;

	*until = UINT64_MAX;
	if (t->ai_idle != 0 && now >= t->ai_idle_until)
		t->ai_idle = 0;
	n = t->ops->pending(t->game, p, GAME_MAX_PROMPTS);
	for (k = 0; k < n; k++)
		if (p[k].each && (p[k].seats & bit))
			beside |= p[k].seats;
	if (!(t->asked & bit) || !play_has_human(t, beside))
		return allowed;
	end = t->asked_since[seat] + cfg->magic_ai_trade_time_ms;
	if (now < end) {
		allowed &= ~pace->final;
		*until = end;
	}
	if (now < t->ai_propose_at) {
		allowed &= ~pace->proposals;
		if (t->ai_propose_at < *until)
			*until = t->ai_propose_at;
	}
	return allowed;
}

/*
 * The move the bot makes for seat: the AI's choice, or for a player whose
 * time ran out (timeout set) the game's timeout move where it has one.
 * Under the game's AI pacing, an AI seat with nothing allowed worth doing
 * makes no move: it is idle until a limit lifts or anyone moves.
 */
static int
play_for(struct table *t, int seat, int timeout, const char *lead,
    char **cause)
{
	const struct game_ai_pace	*pace = timeout ? NULL : t->ops->ai_pace;
	struct game_move		 m, legal[1];
	uint64_t			 until = UINT64_MAX;
	unsigned			 allowed = ~0u;
	char				*said = NULL;
	int				 rc = -1;

	t->ai_last = seat;
	if (timeout && t->ops->timeout_move != NULL &&
	    t->ops->timeout_move(t->game, seat, &m) == 0)
		return play_apply(t, seat, &m, lead, cause);
	if (pace != NULL)
		allowed = play_pace_allowed(t, seat, &until);
	/* The hard level, unless pacing holds the seat back (then paced). */
	if (allowed == ~0u && table_ai_level(t, seat) == TABLE_AI_HARD &&
	    (rc = ai_hard_move(t, seat, lead, &m, &said)) == 0)
		return 0;	/* searching: its end makes the task due */
	if (rc == 1)
		rc = 0;
	else if (pace != NULL)
		rc = pace->ai_move(t->game, seat, &t->ai_rng, allowed, &m);
	else
		rc = t->ops->ai_move(t->game, seat, &t->ai_rng, &m);
	if (rc != 0 && until != UINT64_MAX) {
		if (t->ai_idle == 0 || until < t->ai_idle_until)
			t->ai_idle_until = until;
		t->ai_idle |= 1u << seat;
		play_schedule(t);
		return 0;
	}
	if (rc != 0) {
		/* The AI should always find a move; fall back to any legal one. */
		if (t->ops->legal_moves(t->game, seat, legal, 1) < 1)
			return set_cause(cause, "seat %d has no legal move", seat);
		log_warn("table %llu: AI found no move for seat %d; playing "
		    "the first legal one", (unsigned long long)t->id, seat);
		m = legal[0];
	}
	rc = play_apply(t, seat, &m, said != NULL ? said : lead, cause);
	free(said);
	if (rc != 0)
		return -1;
	if (pace != NULL && m.action >= 0 && m.action < 32 &&
	    (pace->proposals & (1u << m.action)))
		t->ai_propose_at = bot_now(t->bot) +
		    t->bot->config->magic_ai_offer_gap_ms;
	return 0;
}

int
play_ai(struct table *t, int seat, char **cause)
{
	return play_for(t, seat, 0, NULL, cause);
}

int
play_timeout(struct table *t, int seat, const char *lead, char **cause)
{
	return play_for(t, seat, 1, lead, cause);
}

/* Seats are drawn at random, so teams are too. */
static void
play_shuffle_seats(struct table *t)
{
	struct seat	tmp[GAME_MAX_SEATS] = { 0 };
	struct rng	rng;
	int		order[GAME_MAX_SEATS], i;

	for (i = 0; i < t->nseats; i++)
		order[i] = i;
	rng_init(&rng, t->seed, 3);
	rng_shuffle(&rng, order, t->nseats);
	for (i = 0; i < t->nseats; i++)
		tmp[i] = t->seats[order[i]];
	memcpy(t->seats, tmp, (size_t)t->nseats * sizeof tmp[0]);
}

int
play_start(struct table *t, char **cause)
{
	struct seat	 lobby[GAME_MAX_SEATS];
	int		 i;

	/* The lobby's order comes back if the game cannot start. */
	memcpy(lobby, t->seats, sizeof lobby);
	play_shuffle_seats(t);
	if (play_new_game(t, cause) != 0) {
		memcpy(t->seats, lobby, sizeof lobby);
		return -1;
	}
	t->state = TABLE_PLAYING;
	if (store_table_save(t->bot->store, t, cause) != 0) {
		t->ops->free_game(t->game);
		t->game = NULL;
		t->state = TABLE_LOBBY;
		memcpy(t->seats, lobby, sizeof lobby);
		return -1;
	}
	board_start(t);
	for (i = 0; i < t->nseats; i++)
		narrate_deliver(t, i, "the game begins.");

	play_schedule(t);
	return 0;
}

/* A prompt's identity for the asked-since clock: FNV-1a of its text. */
static uint32_t
play_prompt_key(const struct game_prompt *p)
{
	const unsigned char	*c;
	uint32_t		 h = 2166136261u;

	for (c = (const unsigned char *)p->text; *c != '\0'; c++)
		h = (h ^ *c) * 16777619u;
	return h ^ (uint32_t)p->turn;
}

/*
 * Simultaneous prompts (each set): every seat named answers for itself.
 * AI seats answer beside waiting humans, one move per AI delay, taking
 * turns; a human's timer runs from when the same prompt first named them,
 * so that other players' moves do not restart it.  The earlier of the two
 * is the table's task.  AI pacing (game_ops.ai_pace) may hold AI seats
 * back: see play_for.
 */
static void
play_schedule_each(struct table *t, const struct game_prompt *p, int n)
{
	struct config	*cfg = t->bot->config;
	uint64_t	 now = bot_now(t->bot), wait, due, human_due = UINT64_MAX;
	uint64_t	 ai_due;
	unsigned	 asked = 0, ais = 0, bit;
	uint32_t	 key;
	int		 k, i, human_seat = -1, ai_seat = -1;

	for (k = 0; k < n; k++) {
		if (!p[k].each)
			continue;
		key = play_prompt_key(&p[k]);
		wait = p[k].turn ? t->turn_timer : t->prompt_timer;
		for (i = 0; i < t->nseats; i++) {
			bit = 1u << i;
			if (!(p[k].seats & bit) || (asked & bit))
				continue;
			asked |= bit;
			if (!(t->asked & bit) || t->asked_key[i] != key)
				t->asked_since[i] = now;
			t->asked_key[i] = key;
			if (table_ai_plays(t, i)) {
				ais |= bit;
				continue;
			}
			if (!play_turn_due(t, &p[k], bit, t->asked_since[i],
			    &due)) {
				if (wait == 0)
					continue;
				due = t->asked_since[i] + wait;
			}
			if (due < human_due) {
				human_due = due;
				human_seat = i;
			}
		}
	}
	t->asked = asked;
	/*
	 * AI seats held back by the game's pacing (play_for) sit out until
	 * the first limit lifts or anyone moves; when only they are left,
	 * the next of them tries again then.
	 */
	if (t->ai_idle != 0 && now >= t->ai_idle_until)
		t->ai_idle = 0;
	ai_due = now + cfg->tables_ai_delay_ms;
	if ((ais & ~t->ai_idle) != 0)
		ais &= ~t->ai_idle;
	else if (ais != 0 && t->ai_idle_until > ai_due)
		ai_due = t->ai_idle_until;
	for (k = 1; ais != 0 && k <= t->nseats; k++) {
		i = (t->ai_last + k) % t->nseats;
		if (ais & (1u << i)) {
			ai_seat = i;
			break;
		}
	}
	if (ai_seat >= 0 && ai_due <= human_due)
		sched_set(t, TASK_AI, 1u << ai_seat, ai_due);
	else if (human_seat >= 0)
		sched_set(t, TASK_TIMEOUT, 1u << human_seat, human_due);
	else
		sched_clear(t);
}

void
play_schedule(struct table *t)
{
	struct config		*cfg = t->bot->config;
	struct game_prompt	 p[GAME_MAX_PROMPTS];
	uint64_t		 wait, due;
	unsigned		 humans = 0, ais = 0;
	int			 n, i;

	if (t->lost)
		return;		/* its TASK_LOST waits (bot/tables/channel-lost.c) */
	if (t->state == TABLE_LOBBY) {
		if (cfg->tables_lobby_expiry_ms > 0)
			sched_set(t, TASK_LOBBY, 0, bot_now(t->bot) +
			    cfg->tables_lobby_expiry_ms);
		else
			sched_clear(t);
		return;
	}
	if (t->state != TABLE_PLAYING || t->game == NULL) {
		sched_clear(t);
		return;
	}
	play_turn_track(t);
	n = t->ops->pending(t->game, p, GAME_MAX_PROMPTS);
	if (n < 1) {
		t->asked = 0;
		sched_clear(t);
		return;
	}
	if (p[0].each) {
		play_schedule_each(t, p, n);
		return;
	}
	t->asked = 0;
	for (i = 0; i < t->nseats; i++) {
		if (!(p[0].seats & (1u << i)))
			continue;
		if (table_ai_plays(t, i))
			ais |= 1u << i;
		else
			humans |= 1u << i;
	}
	if (humans == 0 && ais != 0) {
		sched_set(t, TASK_AI, ais, bot_now(t->bot) +
		    cfg->tables_ai_delay_ms);
		return;
	}
	if (play_turn_due(t, &p[0], humans, bot_now(t->bot), &due)) {
		sched_set(t, TASK_TIMEOUT, humans, due);
		return;
	}
	wait = p[0].turn ? t->turn_timer : t->prompt_timer;
	if (wait == 0)
		sched_clear(t);
	else
		sched_set(t, TASK_TIMEOUT, humans, bot_now(t->bot) + wait);
}
