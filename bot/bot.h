/*
 * bot.h: the daemon's shared context.  One struct bot owns the event loop,
 * the configuration, the adapters, every table and the store.
 */
#ifndef BOT_BOT_H
#define BOT_BOT_H

#include <stdint.h>
#include <sys/queue.h>

#include <uv.h>

#include "bot/adapter.h"

struct config;
struct game_ops;
struct table;
struct store;
struct outbox_item;
struct outbox_batch;

#define BOT_MAX_ADAPTERS	8
#define BOT_STATE_MAX		32	/* bytes of an adapter's state word */
#define CHEERSBOT_VERSION	"0.1.0"

struct bot {
	uv_loop_t		*loop;
	struct config		*config;
	char			*config_path;	/* NULL: built-in defaults */
	struct store		*store;

	struct adapter		*adapters[BOT_MAX_ADAPTERS];
	/* What each adapter says of its connection, for systemd's STATUS. */
	char			 adapter_state[BOT_MAX_ADAPTERS][BOT_STATE_MAX];
	int			 nadapters;
	int			 stopping;
	int			 verbose;	/* -v given: added to bot.log_level */

	TAILQ_HEAD(, table)	 tables;
	int			 ntables;
	/*
	 * Tables by adapter and channel, and by id (bot/tables/table.c): nindex
	 * chains each.
	 */
	struct table		**index;
	struct table		**index_id;
	size_t			 nindex;
	/* Tables by the users seated at them (bot/tables/table-users.c). */
	struct table_user	**index_user;
	size_t			 nindex_user;
	size_t			 nusers;
	/*
	 * The id table_new gives (bot/tables/table.c); with a store, cmd_new takes
	 * the store's instead (store_table_id), so no id is ever given twice.
	 */
	uint64_t		 next_table_id;
	/*
	 * The highest table id a "cb1:" button (from before button ids had
	 * tags, bot/saying/buttons.h) may name: the highest at the upgrade to schema
	 * 5, from the store (store_restore); 0 without one.
	 */
	uint64_t		 cb1_max;
	/* Each user's command budget per channel (bot/commands/flood.c), or NULL. */
	struct flood_slot	*flood;
	uint64_t		 tables_made;	/* the last table's seq (bot/tables/table.c) */

	/*
	 * Scheduler: one uv timer armed for the earliest table deadline; the
	 * tables that have a task, in a min-heap by deadline (sched-heap.c).
	 */
	uv_timer_t		 timer;
	struct table		**sched;
	int			 nsched;
	int			 sched_cap;
	int			 fake_clock;	/* tests: time moves only by bot_advance */
	uint64_t		 fake_now;	/* ms */

	/* Group commit: output held until the batch is durable (outbox.c). */
	int			 out_depth;
	TAILQ_HEAD(outbox_list, outbox_item) outbox;
	/*
	 * What the open batch must answer or retry if its commit fails: the
	 * events whose answers are held, the tasks of tables that ran.
	 */
	struct outbox_list	 undo;
	struct outbox_list	 undo_tasks;
	uint64_t		 batch_serial;	/* counts outermost batches */
	/* Ended batches whose output waits for a commit, oldest first. */
	TAILQ_HEAD(outbox_batches, outbox_batch) sealed;
	/*
	 * The open batch looked up a table a batch in flight wrote
	 * (table->unsettled, set by the table lookups): its output waits.
	 */
	int			 depends;
	/*
	 * Arms the scheduler's timer again after a failed commit put tables
	 * back (outbox.c): sched_rearm, set by sched_run_due, so the outbox
	 * never calls up into the scheduler; NULL until the scheduler first runs.
	 */
	void			(*rearm)(struct bot *);
	/*
	 * Puts a table back as the store has it after a failed commit
	 * (outbox.c): restore_reload, set by restore_tables, so the outbox
	 * never calls up into restore; NULL until the tables are restored.
	 */
	struct table		*(*reload)(struct bot *, struct adapter *,
				    uint64_t);
	/*
	 * Says what waits for a commit before the adapters stop
	 * (bot_shutdown): outbox_drain, set by the first outbox_begin, so
	 * bot.c never calls up into the outbox; NULL before.
	 */
	void			(*drain)(struct bot *);

	/* Called once by bot_shutdown, so main can close its own handles. */
	void			(*on_shutdown)(struct bot *);
};

/* bot/bot.c */
void	 bot_init(struct bot *, uv_loop_t *, struct config *);
/* bot/daemon/release.c: frees what every room keeps in the bot. */
void	 bot_release(struct bot *);
/* Stops adapters and timers so the loop can end; safe to call twice. */
void	 bot_shutdown(struct bot *);
/* Takes ownership of the adapter. */
void	 bot_add_adapter(struct bot *, struct adapter *);
struct adapter *bot_find_adapter(struct bot *, const char *name);
/*
 * An adapter says how its connection is ("connecting", "connected",
 * "retrying", "refused"); the word (borrowed, copied and capped) shows in
 * the service status.  Until an adapter says anything it is "started".
 */
void	 bot_adapter_state(struct adapter *, const char *state);
/* The log level to use: bot.log_level raised by each -v, up to debug. */
int	 bot_log_level(const struct bot *);
/* Milliseconds on the bot's clock (the loop's, or the fake one). */
uint64_t bot_now(struct bot *);
/*
 * Tests: moves the fake clock on by ms and runs what fell due
 * (bot/tables/sched.c).
 */
void	 bot_advance(struct bot *, uint64_t ms);

/*
 * bot/commands/router.c: the one entry point for every inbound command.  Its
 * answer says what became of the command, for an adapter that must
 * answer every command somehow (a Discord interaction, a Slack slash
 * command) and would otherwise say "Done." to one the bot said nothing
 * to: a refused command was not done, and is never answered so.
 */
enum bot_outcome {
	BOT_HANDLED,	/* it ran, or was answered with why it cannot */
	BOT_SLOWED,	/* refused by the flood limit; told to slow down */
	BOT_REFUSED,	/* refused by the flood limit; nothing said */
};
enum bot_outcome bot_handle_event(struct bot *, const struct bot_event *);

/*
 * bot/tables/dm-refused.c: an adapter whose direct messages fail later, after send_dm
 * returned 0 (the platform answers asynchronously), reports it here; every
 * table where the user sits serves their secrets through "hand" from then
 * on and tells its channel so, without any secret.  Strings are borrowed.
 */
void	 bot_dm_failed(struct bot *, struct adapter *, const char *user_id);
/*
 * The user's direct messages work again (they wrote from one, or came
 * back): seats stop being served through "hand" alone, and each seat that
 * was so served during a game gets its private view at once.
 */
void	 bot_dm_open(struct bot *, struct adapter *, const char *user_id);
/*
 * One private message to the user could not be delivered, for good
 * (bot/tables/dm-undelivered.c): each game where they sit hears so, without the
 * content, and that "hand" shows it again.  At most once a minute.
 */
void	 bot_dm_lost(struct bot *, struct adapter *, const char *user_id);
/*
 * The bot can no longer post in channel (bot/tables/channel-lost.c): deleted,
 * archived, or closed to it.  why (borrowed) is a sentence for the
 * players.  A lobby there closes; a game pauses, its players are told
 * by DM, and it ends as "channel lost" after grace_ms unless
 * bot_channel_back says the channel works again first.  Once per loss.
 */
void	 bot_channel_lost(struct bot *, struct adapter *, const char *channel,
	     const char *why, uint64_t grace_ms);
void	 bot_channel_back(struct bot *, struct adapter *, const char *channel);
/*
 * Channel from is now to (bot/tables/channel-move.c; a Telegram group
 * upgraded to a supergroup): its tables, and those of the channels under
 * it ("<from>:<rest>"), move there with everything the store keeps of
 * them (store_channel_move; message ids too when keep_refs, else they
 * are forgotten), and each running game's board is shown again there.
 * The game goes on where it stood.  Both borrowed.
 */
void	 bot_channel_move(struct bot *, struct adapter *, const char *from,
	     const char *to, int keep_refs);
/*
 * The adapter can no longer speak at all (its token was refused): its
 * tables freeze (no timer, no move, no end) until the bot restarts.
 */
void	 bot_adapter_lost(struct bot *, struct adapter *);
/*
 * 1 when the user (borrowed) sits at a table of adapter a, open or
 * playing: an adapter that binds a seat to who sat down (IRC: nick and
 * user@host) keeps the binding while this holds.
 */
int	 bot_user_seated(struct bot *, struct adapter *, const char *user_id);
/*
 * The channel (borrowed until the table closes or moves) of the newest
 * table of adapter a where the user (borrowed) sits, open or playing,
 * or NULL: where to reach them publicly when their private messages
 * fail.  Tables come back from the store at a restart, so this does.
 */
#define BOT_USER_TABLES_MAX	16
const char *bot_user_channel(struct bot *, struct adapter *,
	     const char *user_id);

/*
 * The games the bot hosts, NULL-ended, for an adapter that registers a
 * command of each game's name (Discord, Slack): its name, summary and
 * actions (game/game.h).  bot_game_find: the one named name (borrowed),
 * or NULL.  An adapter asks these, never the game registry itself.
 */
const struct game_ops *const *bot_games(void);
const struct game_ops	*bot_game_find(const char *name);

/*
 * bot/commands/autocomplete.c: what the user may type for an argument of a move, for a
 * platform that completes as one types (Discord's autocomplete).  The
 * argument is option (its name in the action's table, "card", or the
 * k-th of that name, "card2") of the move verb at the game in channel;
 * the choices are what it may name for the user's own seat that fit
 * typed (borrowed; "" for all): a label ("2. Mint Sprig") and the value
 * to send ("Mint Sprig").  Never another seat's cards.  Writes at most
 * max; returns how many (0 when the user plays no game there, or the
 * argument names nothing).
 */
#define BOT_CHOICE_MAX		100	/* bytes of a label or a value */
struct bot_choice {
	char	label[BOT_CHOICE_MAX];
	char	value[BOT_CHOICE_MAX];
};
int	 bot_complete(struct bot *, struct adapter *, const char *channel,
	     const char *user_id, const char *verb, const char *option,
	     const char *typed, struct bot_choice *out, int max);

/*
 * bot/saying/move-list.c: every move the user (borrowed) may make now at
 * each running table of adapter a where they sit, whole, for a platform
 * that lists them (Telegram's inline mode): first "Your hand" for each
 * table, then each legal move, as fn(the table's channel, a label as
 * their seat sees it, the id of a button that plays it, what the action
 * does, arg); all borrowed for the call.  A button event with that id
 * plays it, or is refused when the table has moved on.  Nothing of
 * another seat's.  Returns how many.
 */
int	 bot_moves(struct bot *, struct adapter *, const char *user_id,
	     void (*fn)(const char *channel, const char *label,
	     const char *id, const char *summary, void *), void *arg);

/* bot/tables/sched.c: runs every table task that is due, then re-arms the timer. */
void	 sched_run_due(struct bot *);
void	 sched_rearm(struct bot *);

#endif
