/*
 * discord-int.h: what the Discord adapter's files share.  Nothing outside
 * adapters/discord includes it; the rest of the bot sees only discord.h.
 *
 * The adapter is one struct discord: the REST client (rest.c, with its
 * rate limits in ratelimit.c), the gateway sessions (shards.c, one
 * gateway.c session a shard), the
 * interactions in flight (interaction.c), the slash-command schema
 * (commands.c) and the DM channel cache (dm.c), glued in discord.c.
 * Everything runs on the bot's one libuv loop.
 */
#ifndef ADAPTERS_DISCORD_DISCORD_INT_H
#define ADAPTERS_DISCORD_DISCORD_INT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/queue.h>

#include <cjson/cJSON.h>
#include <uv.h>

#include "bot/adapter.h"
#include "bot/saying/edited-messages.h"
#include "lib/holds.h"

struct bot;
struct rest;
struct gateway;
struct shards;
struct wsclient;
struct ratelimit;
struct commands;
struct dmcache;
struct game_ops;
struct coalesce;
struct lost;
struct recent;

#define DISCORD_MSG_MAX		2000		/* characters in one message */
#define DISCORD_ID_MAX		24		/* a snowflake, with room */
#define DISCORD_ID_LEN		20		/* digits in a snowflake */
#define DISCORD_TOKEN_MAX	512		/* an interaction token */
#define DISCORD_FLAG_EPHEMERAL	64

/* The permission bits the bot uses (perms.c). */
#define DISCORD_PERM_VIEW_CHANNEL	(UINT64_C(1) << 10)
#define DISCORD_PERM_SEND_MESSAGES	(UINT64_C(1) << 11)
#define DISCORD_PERM_EMBED_LINKS	(UINT64_C(1) << 14)
#define DISCORD_PERM_SEND_IN_THREADS	(UINT64_C(1) << 38)

/*
 * perms.c: for "new" (text, the command's text, borrowed) in a channel
 * (a thread if in_thread) whose app_permissions (the interaction's, a
 * decimal string, borrowed, may be NULL) lack one the bot needs to post
 * there, the private answer that says which to grant (caller frees);
 * else NULL.
 */
char	*perms_refusal(const char *app_permissions, int in_thread,
	     const char *text);

/* Discord's JSON error codes the adapter acts on. */
#define DISCORD_ERR_UNKNOWN_CHANNEL	10003
#define DISCORD_ERR_UNKNOWN_MESSAGE	10008
#define DISCORD_ERR_MISSING_ACCESS	50001
#define DISCORD_ERR_DMS_CLOSED		50007
#define DISCORD_ERR_MISSING_PERMISSIONS	50013

struct discord {
	struct adapter		 adapter;
	struct bot		*bot;
	uv_loop_t		*loop;
	int			 stopping;

	/* Copied from the config at start, so SIGHUP cannot pull them away. */
	char			*token;
	char			*application_id;
	char			*api_base;
	char			*gateway_url;	/* "": ask GET /gateway/bot */
	char			*ca_file;	/* "": the system's */
	char			*guild_id;	/* "": global commands */
	char			*user_agent;	/* "DiscordBot (url, version)" */
	char			*command;	/* bot.command: the slash command */
	int			 shard_id, shard_count;
	/* discord.shards: DISCORD_SHARDS_* (settings.h), a range's ends. */
	int			 shards_mode, shards_first, shards_last;
	int			 compress;	/* zlib-stream on the gateway */

	struct rest		*rest;
	struct shards		*shards;	/* the gateway sessions */
	struct commands		*commands;
	struct dmcache		*dms;
	char			 self_id[DISCORD_ID_MAX];	/* from READY */
	int			 registered;	/* commands sent this run */

	/* The ids of the interactions read lately (interaction_repeat). */
	struct recent		*seen_ix;
	/* The interaction being handled by bot_handle_event, or NULL. */
	struct interaction	*current;
	/* Answers on their way, for the log of one that fails. */
	LIST_HEAD(, ix_note)	 ix_notes;
	/* Interactions whose answers the bot holds (held.c). */
	struct holds		 holds;
	/* uv_hrtime() when the gateway message being handled arrived. */
	uint64_t		 rx_ns;
	/* Channels closed to the bot (lost.c), and how long tables wait. */
	struct lost		*lost;
	uint64_t		 lost_grace;	/* ms */
	/* The token was refused (a 401, close 4004): stopped until SIGHUP. */
	int			 refused;
	/* Shutting down: REST's last requests and the close frame. */
	uv_timer_t		 drain;
	uint64_t		 drain_until;	/* loop ms */
	int			 draining, drained;
	/*
	 * The tables' boards (boardmsg.c), and each player's view and
	 * prompt of a table in their DM channel (dm.c), edited as boards are.
	 */
	struct edited		 edited;
};

/*
 * rest.c: REST requests on libcurl's multi interface, driven by the loop.
 * Requests wait in FIFO queues, one request of a queue in flight at a time
 * (so messages to one channel keep their order), and leave only when the
 * rate limits allow.
 */
#define REST_NO_GLOBAL	0x1	/* exempt from the global limit (callbacks) */
#define REST_TIMED	0x2	/* log how long after d->rx_ns it leaves */
#define REST_QUICK	0x4	/* due within seconds: retry a 5xx soon */
#define REST_QUEUE_MAX	200	/* requests waiting in one queue */
#define REST_TOTAL_MAX	5000	/* requests waiting in all queues */

struct rest_result {
	long		 status;	/* HTTP status; 0 when there was none */
	const cJSON	*json;		/* the parsed body, or NULL; borrowed */
	int		 code;		/* Discord's error code, or 0 */
	const char	*error;		/* what went wrong, or NULL on 2xx */
};
typedef void rest_cb(struct discord *, const struct rest_result *, void *arg);

int	 rest_init(struct discord *, char **cause);
/* Drops every request (their callbacks are not called) and closes handles. */
void	 rest_stop(struct discord *);
void	 rest_free(struct discord *);
/*
 * Queues method path (path under api_base, borrowed) with body (a JSON
 * text, taken over, may be NULL).  queue names the FIFO (NULL: the route
 * and its major parameter).  cb (may be NULL) is called once with the
 * result, unless the adapter stops first; arg belongs to the caller.
 * 0, or -1 with *cause when the queue is full (body is freed).
 */
int	 rest_request(struct discord *, const char *method, const char *path,
	     const char *queue, char *body, int flags, rest_cb *cb, void *arg,
	     char **cause);

/*
 * Drops every request waiting for channel (borrowed; NULL: every channel
 * and route); each callback is called with an error.  Requests in flight
 * finish.
 */
void	 rest_drop_channel(struct discord *, const char *channel);
/* Shutting down: no new requests; those queued and in flight go on. */
void	 rest_drain(struct discord *);
/* Requests queued or in flight. */
int	 rest_pending(struct discord *);
/* The token was refused: drops what waits and refuses new requests. */
void	 rest_refuse(struct discord *);
/* A new token: requests are taken and sent again. */
void	 rest_resume(struct discord *);

/* invalid.c: the bot's own invalid requests in a sliding window. */
#define INVALID_WINDOW_MS	(10 * 60 * 1000)
#define INVALID_SLOTS		60
#define INVALID_WARN		1000	/* logged once past this */
#define INVALID_HOLD		5000	/* no REST at all past this */

struct invalid {
	uint32_t	count[INVALID_SLOTS];
	uint64_t	epoch[INVALID_SLOTS];	/* the slot's time / slot length */
	int		warned;			/* 1: past WARN, 2: past HOLD */
};

/* Counts an invalid response (status 401, 403 or 429) at loop ms now. */
void	 invalid_count(struct invalid *, long status, uint64_t now);
/* The invalid responses in the window that ends at now. */
int	 invalid_total(struct invalid *, uint64_t now);
/* How long REST must still send nothing (ms); 0: it may send. */
uint64_t invalid_hold(struct invalid *, uint64_t now);

/* lost.c: channels closed to the bot. */
struct lost	*lost_new(void);
void		 lost_free(struct lost *);
/* Is channel (may be NULL) marked lost? */
int	 lost_is(struct discord *, const char *channel);
/*
 * Marks channel lost for why (both borrowed): its waiting requests are
 * dropped, nothing new is sent, and the bot pauses its table.
 */
void	 lost_mark(struct discord *, const char *channel, const char *why);
/* The channel is usable again: its table goes on. */
void	 lost_clear(struct discord *, const char *channel);
/* Is res a refusal that is final for its channel (10003, 50001, 50013)? */
int	 lost_code(const struct rest_result *);
/* Remembers channel's guild (both may be NULL: nothing is learned). */
void	 lost_learn(struct discord *, const char *channel, const char *guild);
/* Channel and guild dispatches (type and data borrowed). */
void	 lost_dispatch(struct discord *, const char *type, const cJSON *data);

/*
 * ratelimit.c: Discord's rate limits, learned from response headers.  A
 * route is "METHOD /path" with ids replaced by ":id" except the major
 * parameter (channel, guild, webhook id and token), which is kept apart.
 * Times are the loop's milliseconds.
 */
#define RATELIMIT_KEY_MAX	320	/* a bucket or route, "|", a major */

/*
 * What ratelimit_sent counted a request on: its response, or its failure,
 * hands the ticket back to ratelimit_update.
 */
struct ratelimit_ticket {
	char		key[RATELIMIT_KEY_MAX];
	uint64_t	seq;		/* the order it left in; 0: none */
};

struct ratelimit	*ratelimit_new(void);
void			 ratelimit_free(struct ratelimit *);
/* Splits method and path into route and major (both capped, truncated). */
void	 ratelimit_route(const char *method, const char *path, char *route,
	     size_t routelen, char *major, size_t majorlen);
/* How long a request on route/major must still wait; 0: go now. */
uint64_t ratelimit_wait(struct ratelimit *, const char *route,
	     const char *major, int global, uint64_t now);
/*
 * Counts a request that leaves now, in flight until ratelimit_update
 * hands back the ticket it fills in (t, owned by the caller).
 */
void	 ratelimit_sent(struct ratelimit *, const char *route, const char *major,
	     int global, uint64_t now, struct ratelimit_ticket *t);
/*
 * The request of ticket t (borrowed; NULL: none) came back, or failed.
 * Learns from the response's X-RateLimit-Bucket (may be NULL), -Limit and
 * -Remaining (-1: absent) and -Reset-After (ms, -1: absent).
 */
void	 ratelimit_update(struct ratelimit *, const struct ratelimit_ticket *t,
	     const char *route, const char *major, const char *bucket,
	     long limit, long remaining, int64_t reset_after_ms, uint64_t now);
/* A 429: nothing on this bucket (or anywhere, when global) for retry ms. */
void	 ratelimit_limited(struct ratelimit *, const char *route,
	     const char *major, int global, uint64_t retry_ms, uint64_t now);

/*
 * zstream.c: the gateway's zlib-stream compression.  zstream_feed takes
 * a websocket message's bytes (borrowed); when they end a gateway message
 * it inflates it into out (capped by its max) and returns 1; 0 when the
 * message goes on; -1 with *cause for a corrupt or oversized stream.
 */
struct zstream;
struct buf;
struct zstream	*zstream_new(size_t max);
void		 zstream_free(struct zstream *);
/* A new connection: a new stream. */
void		 zstream_reset(struct zstream *);
int		 zstream_feed(struct zstream *, const void *, size_t,
		     struct buf *out, char **cause);

/*
 * gateway.c: one shard's websocket session.  slot is its place in
 * shards.c; in_set: one of discord.shards (its log lines name it).
 */
#define GW_URL_MAX	512
struct gateway	*gateway_new(struct discord *, int slot, int shard_id,
		    int shard_count, int in_set);
/* The websocket client the shards share, or NULL with *cause. */
struct wsclient	*gateway_client(struct discord *, char **cause);
/* Connects: resumes, or asks shards.c for a turn to identify. */
void	 gateway_start(struct gateway *);
/* Is it waiting for its turn to identify? */
int	 gateway_waiting(const struct gateway *);
/* Its turn: opens the socket that will IDENTIFY. */
void	 gateway_identify_now(struct gateway *);
/* Shutting down: closes the socket with 1000 (the bot shows offline). */
void	 gateway_close_clean(struct gateway *);
/* Is a socket still open or closing? */
int	 gateway_closing(const struct gateway *);
/* The token was refused: closes the session, and stays closed. */
void	 gateway_refuse(struct gateway *);
/* A new token: a new session (IDENTIFY). */
void	 gateway_restart(struct gateway *);
void	 gateway_stop(struct gateway *);
void	 gateway_free(struct gateway *);
/* One whole message from the server (text borrowed): ops and dispatches. */
void	 gateway_message(struct gateway *, const char *text);

/*
 * shards.c: the shards this process runs (discord.shards), their shared
 * websocket client, and the pacing of their IDENTIFYs.
 */
int	 shards_start(struct discord *, char **cause);
/* Shutting down: every socket closes with 1000. */
void	 shards_close_clean(struct discord *);
/* Is a shard's socket still open or closing? */
int	 shards_closing(struct discord *);
/* The token was refused: every shard closes and stays closed. */
void	 shards_refuse(struct discord *);
/* A new token: every shard starts a new session. */
void	 shards_restart(struct discord *);
void	 shards_stop(struct discord *);
void	 shards_free(struct discord *);
/* The shard in slot (from 0), or NULL. */
struct gateway	*shards_gateway(struct discord *, int slot);
/* For gateway.c: the gateway URL (borrowed) and the shared client. */
const char	*shards_url(struct discord *);
struct wsclient	*shards_client(struct discord *);
/* slot wants to identify: gateway_identify_now comes at its turn. */
void	 shards_ask(struct discord *, int slot);
/* slot sent IDENTIFY now: its bucket's 5 s start. */
void	 shards_identified(struct discord *, int slot);
/* slot's socket is gone: a turn it did not use is given back. */
void	 shards_lost(struct discord *, int slot);
/* slot's state ("connected", ...): the adapter's, over every shard. */
void	 shards_state(struct discord *, int slot, const char *state);

/* interaction.c */
/*
 * The interaction ids remembered, so that one delivered twice runs once.
 * Discord may deliver an interaction again: a RESUME replays what the
 * session sent, and a compatible server has been seen to repeat one
 * within seconds.  An interaction lives 15 minutes (its token's life);
 * a gateway replays only while the session can resume, minutes at most,
 * so an id is kept 15 minutes.  4096 ids hold the whole 15 minutes up to
 * about 4.5 interactions a second; a busier bot forgets sooner, but at
 * 50 a second still keeps 80 s, longer than a resume takes.  About
 * 400 KB, allocated once.
 */
#define DISCORD_SEEN_MAX	4096
#define DISCORD_SEEN_AGE	(15 * 60 * 1000)	/* ms */
/*
 * Is data (an INTERACTION_CREATE payload, borrowed) an interaction read
 * before?  1: a repeat, logged at debug level with its id, to be dropped
 * before anything else (no callback, no event, no command budget spent);
 * 0: a first, now remembered, or one without a readable id (which
 * interaction_handle drops).
 */
int	 interaction_repeat(struct discord *, const cJSON *data);
/*
 * One interaction being answered: on interaction_handle's stack while
 * its event is handled (d->current), or held past it (held.c).
 */
struct interaction {
	char	id[DISCORD_ID_MAX];
	char	token[DISCORD_TOKEN_MAX + 1];
	char	channel[DISCORD_ID_MAX];
	char	queue[DISCORD_ID_MAX + 8];
	int	responded;
	int	component;	/* a click, not a slash command */
	int	private_msg;	/* the clicked message is ephemeral or a DM */
	/*
	 * Deferred (held.c), its answer not given yet: the next answer
	 * edits @original (a command's "thinking", ephemeral when the
	 * deferral was; a click's private message, for a private answer).
	 */
	int	open;
	int	ephemeral;	/* the deferral's flag 64 */
	uint64_t until;		/* held: loop ms when its token is near its end */
};

/* Turns an INTERACTION_CREATE payload (borrowed) into a bot_event. */
void	 interaction_handle(struct discord *, const cJSON *data);
/*
 * Sends text (borrowed) as ix's callback, or as the edit of its deferred
 * answer, or as followups, components (borrowed, may be NULL) under the
 * last part; 0 or -1.
 */
int	 interaction_send(struct discord *, struct interaction *, int private,
	     const char *text, const cJSON *components, char **cause);
/*
 * Acknowledges ix (borrowed) now, to answer later: a command with a
 * deferred answer (type 5, its "thinking" ephemeral when private), a
 * click with a deferred update (type 6); 0 or -1.
 */
int	 interaction_defer(struct discord *, struct interaction *,
	     int private, char **cause);
/* Deletes ix's first answer (DELETE .../messages/@original); 0 or -1. */
int	 interaction_delete_original(struct discord *, struct interaction *,
	     char **cause);
/* Forgets the answers on their way (their requests are gone). */
void	 interaction_free_all(struct discord *);
/* The adapter's reply op. */
int	 interaction_reply(struct discord *, const struct bot_event *,
	     int private, const char *text, const struct adapter_buttons *,
	     char **cause);
/*
 * The news of a board update: the public answer of the slash command
 * being handled in channel, if there is one unanswered; else dropped (the
 * board shows it).  Returns 1 when it was used.
 */
int	 interaction_take_news(struct discord *, const char *channel,
	     const char *text);
/* A public message to channel while an interaction there is unanswered. */
int	 interaction_take_public(struct discord *, const char *channel,
	     const char *text);

/*
 * held.c: interactions answered after their events (adapter_ops.hold and
 * unhold), at most DISCORD_HOLDS_MAX at once.  A held interaction's
 * token serves its answers for 15 minutes; past DISCORD_HOLD_MS the
 * answers go as a detached answer would (a DM, a channel post).
 */
#define DISCORD_HOLDS_MAX	1024
#define DISCORD_HOLD_MS		(14 * 60 * 1000)
void	*held_hold(struct adapter *, const struct bot_event *, int private);
void	 held_unhold(struct adapter *, void *held, int done);
/*
 * The reply op for a held interaction ix of ev: text (borrowed) in its
 * form, while its token lasts and its deferral fits the privacy asked;
 * else as a DM (private) or a channel post.  bs and components are the
 * same buttons, borrowed.  0, or -1 with *cause.
 */
int	 held_reply(struct discord *, struct interaction *,
	     const struct bot_event *, int private, const char *text,
	     const struct adapter_buttons *, const cJSON *components,
	     char **cause);

/* commands.c: the slash commands, built from cmd_all() and game_all(). */
#define COMMANDS_NAME_MAX	32
#define COMMANDS_DESC_MAX	100
#define COMMANDS_MAX_OPTIONS	8	/* Discord allows 25; actions have 4 */
#define COMMANDS_MAX_SUBS	25

/* Discord's application command option types. */
#define OPT_SUB_COMMAND	1
#define OPT_STRING	3
#define OPT_INTEGER	4
#define OPT_USER	6

struct commands_option {
	char		 name[COMMANDS_NAME_MAX + 1];
	int		 type;		/* OPT_* */
	int		 required;
	char		 description[COMMANDS_DESC_MAX * 4 + 1];
	int		 min, max;	/* OPT_INTEGER; has_max says if max is set */
	int		 has_max;
	const char *const *choices;	/* OPT_STRING: NULL-terminated, or NULL */
	int		 autocomplete;	/* OPT_STRING: a card, completed by name */
};

struct commands_sub {
	char			 name[COMMANDS_NAME_MAX + 1];
	char			 description[COMMANDS_DESC_MAX * 4 + 1];
	int			 noptions;
	struct commands_option	 options[COMMANDS_MAX_OPTIONS];
};

/* One top-level command: "/cheers", "/fwb". */
struct commands_top {
	char			 name[COMMANDS_NAME_MAX + 1];
	char			 description[COMMANDS_DESC_MAX * 4 + 1];
	const struct game_ops	*game;	/* its game, or NULL */
	int			 game_new;	/* its "new" opens a game of it */
	int			 nsubs;
	struct commands_sub	 subs[COMMANDS_MAX_SUBS];
};

#define COMMANDS_MAX_TOP	8

struct commands {
	int			 n;
	struct commands_top	 top[COMMANDS_MAX_TOP];
};

/*
 * Every top-level command: bot.command (botcmd, borrowed) with every lobby
 * verb, then one per game; caller frees.
 */
struct commands		*commands_build(const char *botcmd);
/* The top-level command named name, or NULL. */
const struct commands_top *commands_top_find(const struct commands *,
			     const char *name);
/* The subcommand named name of c (may be NULL), or NULL. */
const struct commands_sub *commands_find(const struct commands_top *c,
			     const char *name);
/* Every command's JSON, for a bulk overwrite; caller frees. */
cJSON			*commands_json(const struct commands *);
/* Sends the bulk overwrite (PUT), globally or for guild_id. */
void			 commands_register(struct discord *);

/* dm.c: DM channels, created once and cached; users whose DMs are closed. */
struct dmcache		*dm_cache_new(void);
void			 dm_cache_free(struct dmcache *);
int	 dm_send(struct discord *, const char *user_id, const char *text,
	     const struct adapter_buttons *, char **cause);
/*
 * The with_channel of bot/saying/edited-messages.h: answers call with
 * user_id's DM channel (borrowed) once it is open, at once when it is;
 * with channel NULL when it cannot be opened.  0, or -1 with *cause (DMs
 * closed: call is not answered).
 */
int	 dm_with_channel(struct adapter *, const char *user_id, void *call,
	     char **cause);
/* A message to DM channel was refused (50007): its user's DMs are closed. */
void	 dm_refused(struct discord *, const char *channel);
/*
 * A message in channel (borrowed) failed for good; when it is a player's
 * DM channel, the tables where they play hear so (bot_dm_lost).
 */
void	 dm_undelivered(struct discord *, const char *channel);
/* A DM channel learned otherwise (the user wrote from it): caches it. */
void	 dm_learn(struct discord *, const char *user_id, const char *channel);

/*
 * embed.c: a board's view as a message with an embed, within Discord's
 * limits on embeds (characters, that is code points).
 */
#define EMBED_TITLE_MAX		256
#define EMBED_DESC_MAX		4096
#define EMBED_FIELDS_MAX	25
#define EMBED_NAME_MAX		256	/* a field's name */
#define EMBED_VALUE_MAX		1024	/* a field's value */
#define EMBED_FOOTER_MAX	2048
#define EMBED_TOTAL_MAX		6000	/* all of the above together */
#define EMBED_VALUE_MIN		16	/* less room left: no more fields */

/* The embed of view (borrowed); caller frees. */
cJSON	*embed_build(const struct adapter_view *view);
/*
 * The message's text: the last moves, "· " each, then whose turn it is,
 * at most DISCORD_MSG_MAX characters (the oldest moves go first); caller
 * frees.
 */
char	*embed_content(const struct adapter_view *view);
/*
 * A message body {"content", "embeds", "components", "allowed_mentions"}
 * for view; components borrowed, may be NULL; caller frees.
 */
char	*embed_message_body(const struct adapter_view *view,
	     const cJSON *components);

/* boardmsg.c: each table's one public message, edited in place. */
int	 boardmsg_show(struct adapter *, const char *channel, uint64_t table,
	     const char *news, const char *text, const struct adapter_view *,
	     const struct adapter_buttons *, enum adapter_board how,
	     char **cause);
/*
 * lib/coalesce's send and remove ops for the adapter's edited messages
 * (arg: the struct discord, bot/saying/edited-messages.h in d->edited):
 * posts body to channel, or edits message with it; deletes message.
 */
struct coalesce_msg;
int	 boardmsg_send(struct coalesce_msg *, const char *channel,
	     const char *message, const char *body, void *arg);
void	 boardmsg_remove(const char *channel, const char *message, void *arg);
/*
 * A message's body without a view: text cut to one message, with bs
 * (NULL: none left, and old buttons come off); caller frees.
 */
char	*boardmsg_body(const char *text, const struct adapter_buttons *bs);
/* Forgets every board (each stays as it is on Discord). */
void	 boardmsg_free_all(struct discord *);

/* discord.c */
/*
 * Posts text (borrowed) to channel, split at line boundaries into messages
 * of at most DISCORD_MSG_MAX characters, the last with components (the
 * buttons' JSON, borrowed, may be NULL).  cb/arg as rest_request, called
 * for each part.  0, or -1 with *cause.
 */
int	 discord_post(struct discord *, const char *channel, const char *text,
	     const cJSON *components, rest_cb *cb, void *arg, char **cause);
/* Length in bytes of text's first part (at most DISCORD_MSG_MAX characters). */
size_t	 discord_split(const char *text);
/* Is id (may be NULL) a snowflake: 1..DISCORD_ID_LEN digits? */
int	 discord_id_ok(const char *id);
/*
 * A message body {"content":...,"components":...,"allowed_mentions":...}
 * from len bytes of content; components borrowed, may be NULL; caller frees.
 */
char	*discord_message_body(const char *content, size_t len, int flags,
	     const cJSON *components);
/* The same body as JSON, for a caller to add to; caller frees. */
cJSON	*discord_message_json(const char *content, size_t len, int flags,
	     const cJSON *components);
/* The action rows of bs (may be NULL), or NULL for none; caller frees. */
cJSON	*discord_components(const struct adapter_buttons *bs);
/*
 * The token was refused (what, borrowed, names the request): the adapter
 * stops, gateway and REST, says so once in the log and in the service
 * status, and waits for SIGHUP with a new token.  The other adapters run
 * on.
 */
void	 discord_refused(struct discord *, const char *what);
/* While shutting down: a request or the socket is done; maybe stop now. */
void	 discord_drained(struct discord *);
/* Called by the gateway for each dispatch; type and d are borrowed. */
void	 discord_dispatch(struct discord *, const char *type,
	     const cJSON *data);

#endif
