/*
 * table.h: a table is one game in one channel: its seats, host, options,
 * timers, the game itself and the log of accepted moves.
 */
#ifndef BOT_TABLES_TABLE_H
#define BOT_TABLES_TABLE_H

#include <stdint.h>
#include <sys/queue.h>

#include "game/game.h"
#include "game/rng.h"

struct bot;
struct adapter;
struct outbox_item;

#define TABLE_NAME_MAX	64	/* display names are cut to this */
#define TABLE_ID_MAX	128	/* platform ids longer than this are refused */
#define TABLE_RETRY_MS	30000	/* retry of a move the store refused */
#define TABLE_HOLD_MS	250	/* AI seats look again at a channel behind */
#define TABLE_RECENT	4	/* events the board repeats */
#define TABLE_TIMER_MAX	(24ULL * 3600 * 1000)	/* longest turn or prompt timer */
#define TABLE_TAG_LEN	6	/* hex digits of a table's tag */

struct seat {
	char	*user_id;	/* platform user id; NULL for an AI seat */
	char	*name;		/* display name */
	int	 ai;		/* the AI plays this seat (always, or after timeouts) */
	int	 timeouts;	/* consecutive turns with a timeout (bot/tables/sched.c) */
	/*
	 * The game's turn (game_ops.turn) plus 1, or 0: the turn in which
	 * the seat's last timeout was counted, and the seat's own turn that
	 * the AI finishes after its timer ran out.  Both are let go when the
	 * turn ends (bot/tables/play.c).
	 */
	long	 missed_turn;
	long	 ai_turn;
	int	 dm_closed;	/* a DM failed: serve secrets through "hand" */
	/*
	 * An AI seat's level (enum table_ai_level: addbot ... hard); a
	 * player's seat the AI takes over plays at the table's ai_level.
	 */
	int	 level;
	uint64_t dm_lost_quiet;	/* bot_now() ms until a lost DM is told again */
};

enum table_state { TABLE_LOBBY, TABLE_PLAYING, TABLE_OVER };

/*
 * How well the AI plays a seat: the game's own AI (ai_move), or the hard
 * level's search (game/ismcts.h, run by bot/tables/ai-hard.c).
 * table_ai_levels: their words, "normal" and "hard", NULL-terminated.
 */
enum table_ai_level { TABLE_AI_NORMAL, TABLE_AI_HARD };
extern const char *const table_ai_levels[];
struct ai_hard;

/* What the table's single timer is waiting for. */
enum table_task { TASK_NONE, TASK_AI, TASK_TIMEOUT, TASK_LOBBY,
	TASK_LOST };	/* TASK_LOST: its channel's grace ran out (channel-lost.c) */

struct table {
	uint64_t		 id;		/* set only by table_new, table_set_id */
	/*
	 * Hex digits made with the table (random, or from bot.seed) and kept
	 * in the store: every
	 * button's id carries them (bot/saying/buttons.h), so that a button of an
	 * ended game never acts on another table, even one with its id
	 * (a bot without a store counts ids from 1 at each start).
	 */
	char			 tag[TABLE_TAG_LEN + 1];
	/*
	 * The number players see and type ("table 3", "replay 3"): counted
	 * from 1 per server (adapter + server), so it tells nothing of other
	 * servers' games.  Set by table_number at new, or restored.
	 */
	uint64_t		 num;
	struct bot		*bot;
	struct adapter		*adapter;
	char			*channel;
	char			*server;	/* bot_event.server at new; may be NULL */
	const struct game_ops	*ops;
	char			*options[GAME_MAX_OPTIONS];	/* NULL = default */
	char			*host;		/* user id of the host */
	enum table_state	 state;

	int			 nseats;
	struct seat		 seats[GAME_MAX_SEATS];

	uint64_t		 seed;
	struct game		*game;
	struct rng		 ai_rng;	/* the AI's choices, apart from the game's */
	int			 nmoves;	/* accepted moves so far */

	/*
	 * Cards with their emoji (1) or as words only (0), as the channel's
	 * settings chose when the table opened (bot/tables/channel-settings.c); -1: as
	 * bot.emoji says.
	 */
	int			 emoji;

	/*
	 * The level of the AI that plays for absent players (settings
	 * ai_level=...; the channel's default when the table opened), and
	 * the hard level's search running for the table, or NULL
	 * (bot/tables/ai-hard.c).
	 */
	int			 ai_level;
	struct ai_hard		*ai_hard;

	/* Per-table timers in ms (0 = off), from the config, host may change. */
	uint64_t		 turn_timer;
	uint64_t		 prompt_timer;

	/* The one task: set only through sched_set and sched_clear. */
	enum table_task		 task;
	uint64_t		 deadline;	/* bot_now() ms when task is due */
	unsigned		 task_seats;	/* seats the timeout is for */
	int			 sched_pos;	/* place in bot->sched; -1: not queued */
	uint64_t		 seq;		/* order made in the bot's list; 0: not in it */
	/*
	 * The game's turn (game_ops.turn) as last seen: whose (-1: nobody's
	 * own), its number, and since when (bot_now() ms, less than 0 for a
	 * turn restored that began before this run), for the turn timer that
	 * covers the whole turn; turn_known is 0 before the first look
	 * (bot/tables/play.c).  turn_at: when the turn began as the move log says
	 * (store_now() ms; 0: not known), set by a restore (bot/storage/store.c).
	 */
	int			 turn_known;
	int			 turn_seat;
	long			 turn_number;
	int64_t			 turn_since;
	int64_t			 turn_at;
	/*
	 * Simultaneous prompts (game_prompt.each): the seats asked, since
	 * when (bot_now() ms) and by which prompt (a hash of its text), so
	 * that one player's move does not restart another's timer; and the
	 * AI seat that moved last, so AI seats take turns.
	 */
	unsigned		 asked;
	uint64_t		 asked_since[GAME_MAX_SEATS];
	uint32_t		 asked_key[GAME_MAX_SEATS];
	int			 ai_last;
	/*
	 * AI pacing (game_ops.ai_pace, bot/tables/play.c): when the table's AI seats
	 * may next propose (bot_now() ms); the AI seats that found nothing
	 * allowed worth doing since the table's last move, and (while any
	 * is) when the first limit that held them lifts.
	 */
	uint64_t		 ai_propose_at;
	unsigned		 ai_idle;
	uint64_t		 ai_idle_until;
	int			 paused;	/* moves cannot be saved; retrying */
	int			 lost;		/* its channel is (bot/tables/channel-lost.c) */
	/*
	 * The seats of the last turn the channel's narration saw open
	 * (bot/saying/narrate.c), so that a turn that goes on after a question
	 * out of turn (an interrupt, a guest to accept) is not said to be
	 * next again.  0: none seen since the bot started.
	 */
	unsigned		 narrated_turn;
	/* bot_now() + 1 when status last showed the table publicly; 0: never. */
	uint64_t		 shown_at;
	/* The batch that noted the table (bot/saying/outbox.c), and its note. */
	uint64_t		 undo_batch;
	struct outbox_item	*undo_note;
	/*
	 * The newest batch that wrote the table and waits for its commit
	 * (bot/saying/outbox.c); 0: none.  Looking the table up then marks
	 * the open batch as depending on it (bot->depends).
	 */
	uint64_t		 unsettled;

	/* The board (adapters with ADAPTER_EDIT): see bot/board.c. */
	/* Posted (for a restored game, perhaps by an earlier run). */
	int			 board_shown;
	char			*recent[TABLE_RECENT];	/* last events, oldest first */
	/*
	 * How a game ended before its result ("Ended by alice."), for the
	 * board's last edit; NULL while it runs or when it was played out.
	 */
	char			*ended;

	TAILQ_ENTRY(table)	 entry;
	struct table		*index_next;	/* chain in bot->index */
	struct table		*index_id_next;	/* chain in bot->index_id */
};

/*
 * Every lookup of a table passes it through here: a table a batch in
 * flight wrote (t->unsettled) makes the open batch depend on it.  t.
 */
struct table	*table_looked_up(struct table *t);
/* Looks up the table of a channel on an adapter; borrowed, or NULL. */
struct table	*table_find(struct bot *, struct adapter *, const char *channel);
/* Looks up a table by id on an adapter; borrowed, or NULL. */
struct table	*table_find_id(struct bot *, struct adapter *, uint64_t id);
/*
 * Moves the table to another channel (borrowed; its channel got a new
 * id), so table_find finds it there.  Memory only: the store's is
 * store_channel_move.
 */
void		 table_set_channel(struct table *, const char *channel);
/* Gives the table another id (a restored one), so table_find_id finds it. */
void		 table_set_id(struct table *, uint64_t id);
/*
 * Is tag (borrowed) a table's tag as table_new makes them: TABLE_TAG_LEN
 * lowercase hex digits?
 */
int		 table_tag_valid(const char *tag);
/* Frees the bot's indexes of tables (when no table is left). */
void		 table_index_release(struct bot *);
/*
 * A new lobby in a channel, with the bot's next id and a fresh random tag;
 * owned by the bot's list until table_close.
 */
struct table	*table_new(struct bot *, struct adapter *, const char *channel,
		     const struct game_ops *);
/*
 * bot/tables/table-close.c: removes the table from the bot and its task
 * from the queue, after the board's last edit (saying t->ended, when
 * set); frees it.
 */
void		 table_close(struct table *);
/*
 * The same without a word to any adapter: the table's in-memory state is
 * being thrown away (a batch that could not be saved), not ended.
 */
void		 table_drop(struct table *);
/* A table that is not in the bot's list (replays); id 0; free with table_free. */
struct table	*table_alloc(struct bot *, struct adapter *, const char *channel,
		     const struct game_ops *);
/* Frees a table (its task leaves the queue); table_close for a listed one. */
void		 table_free(struct table *);

/*
 * Do two servers (a table's, an event's; NULL where the platform has
 * none) name the same one?  Two NULLs do; borrowed.
 */
int		 table_same_server(const char *, const char *);

/* Seat helpers.  Returns the seat index of a user, or -1. */
int		 table_seat_of(const struct table *, const char *user_id);
/*
 * Does the AI play seat now: an AI seat, or a player whose own turn's
 * timer ran out, for the rest of that turn (bot/tables/sched.c)?
 */
int		 table_ai_plays(const struct table *, int seat);
/*
 * The level named by a kept word (word may be NULL): TABLE_AI_NORMAL
 * unless it is exactly another level's word.
 */
int		 table_level_word(const char *word);
/* The level (enum table_ai_level) at which the AI plays seat. */
int		 table_ai_level(const struct table *, int seat);
/* Adds a seat; the strings are copied.  Returns its index. */
int		 table_add_seat(struct table *, const char *user_id, const char *name);
void		 table_remove_seat(struct table *, int seat);
/* The seat's player is gone for good (kicked): an AI seat with no user. */
void		 table_forget_user(struct table *, int seat);

/*
 * The tables of the bot's list where a user sits (bot/tables/table-users.c):
 * writes up to max of them into out (borrowed), each once, and returns
 * how many there are.  table.c keeps the index in step with the seats;
 * release frees it.
 */
int		 table_users_find(struct bot *, struct adapter *, const char *user_id,
		     struct table **out, int max);
void		 table_users_add(struct table *, const char *user_id);
void		 table_users_remove(struct table *, const char *user_id);
void		 table_users_release(struct bot *);
/* The hash of the bot's indexes: a string (a channel, a user id) on an adapter. */
size_t		 table_hash(const struct adapter *, const char *key);
/*
 * Finds a seat from a word: "@name", "name" (any case), a user id, or
 * unless exact a unique name prefix; "me" is self when self is a seat.
 * The seat, or -1 with *cause (when cause is not NULL) naming the
 * closest names.
 */
int		 table_parse_seat(const struct table *, const char *word,
		     int self, int exact, char **cause);
/* Counts human seats. */
int		 table_humans(const struct table *);



/*
 * The user id inside a mention: "@bob" -> "bob", "<@123>" or "<@!123>" ->
 * "123"; written into buf, capped.
 */
void		 table_mention_id(const char *word, char *buf, size_t len);
/* Index of word in a NULL-terminated list, exactly or by unique prefix; -1. */
int		 table_match(const char *const *list, const char *word);
/*
 * Reads "turn_timer=2m" or "prompt_timer=30s": returns 1 with *turn (1 for
 * the turn timer, 0 for the prompt timer) and *ms set, 0 when the
 * assignment names no timer, -1 with *cause for a bad or too long time.
 */
/*
 * Reads "ai_level=hard": returns 1 with *level (enum table_ai_level), 0
 * when the assignment names no level, -1 with *cause for a bad word.
 */
int		 table_parse_level(const char *assignment, int *level,
		     char **cause);
int		 table_parse_timer(const char *assignment, int *turn, uint64_t *ms,
		     char **cause);
/* The first seat the table's task is for, or nseats when none. */
int		 table_task_seat(const struct table *);
/* Sets a game option from "name=value" (unique prefixes allowed). */
int		 table_set_option(struct table *, const char *assignment, char **cause);
/* Hands the host to the first human seat other than seat; 0 if none. */
int		 table_pass_host(struct table *, int seat);
#endif
