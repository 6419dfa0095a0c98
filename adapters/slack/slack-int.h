/*
 * slack-int.h: what the Slack adapter's files share.  Nothing outside
 * adapters/slack includes it; the rest of the bot sees only slack.h.
 *
 * The adapter is one struct slack: the Web API client (web.c), the Socket
 * Mode connections (socket.c) and their envelopes (envelope.c), slash
 * commands (command.c) and button clicks (action.c) turned into
 * bot_events, answers to them (reply.c), Block Kit messages (blocks.c),
 * the tables' edited messages (tablemsg.c), DM channels (im.c), who is a
 * workspace admin (admin.c) and who hears that posts wait for a rate
 * limit (held.c), glued in slack.c.  Everything runs on the
 * bot's one libuv loop.
 */
#ifndef ADAPTERS_SLACK_SLACK_INT_H
#define ADAPTERS_SLACK_SLACK_INT_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>
#include <uv.h>

#include "bot/adapter.h"
#include "bot/saying/edited-messages.h"
#include "lib/defer.h"
#include "lib/holds.h"

struct web;
struct slack_socket;
struct recent;
struct dmcache;
struct coalesce;
struct coalesce_msg;
struct slack_admins;
struct slack_nopost;
struct slack_held;

#define SLACK_ID_MAX		32	/* a user, channel or team id, with room */
#define SLACK_TS_MAX		32	/* a message's ts: "1700000000.000100" */
#define SLACK_URL_MAX		512	/* a response_url or a socket URL */
#define SLACK_NAME_MAX		100	/* a user name */
#define SLACK_TEXT_MAX		4000	/* command text from Slack */

/* One event being handled, and how to answer it (reply.c). */
struct slack_ctx {
	char	user[SLACK_ID_MAX];
	char	channel[SLACK_ID_MAX];
	char	team[SLACK_ID_MAX];	/* the workspace; "": not said */
	char	response_url[SLACK_URL_MAX];	/* "": none usable */
	char	queue[64];		/* keeps this event's answers in order */
	int	click;			/* a button click, not a slash command */
	int	private_msg;		/* the clicked message is ephemeral or a DM */
	int	answered;		/* something was said or shown */
	int	posted;			/* ... in the channel (it may wait) */
	int	replaced;		/* the clicked message was replaced once */
	int	uses;			/* response_url calls made (Slack allows 5) */
};

struct slack {
	struct adapter		 adapter;
	struct bot		*bot;
	uv_loop_t		*loop;
	int			 stopping;

	/* Copied from the config at start, so SIGHUP cannot pull them away. */
	char			*app_token;	/* xapp-: apps.connections.open only */
	char			*bot_token;	/* xoxb-: every other call */
	char			*api_base;	/* no trailing slash */
	char			*api_origin;	/* scheme://host[:port]/ of api_base */
	char			*ca_file;	/* "": the system's */
	char			*command;	/* the slash command, without "/" */
	uint64_t		 ping_ms;
	uint64_t		 pace_ms;	/* between messages to a channel */
	uint64_t		 lost_grace_ms;	/* slack.lost_channel_grace */

	struct web		*web;
	struct slack_socket	*sock;
	struct recent		*seen;
	struct dmcache		*dms;
	/*
	 * The tables' messages (tablemsg.c), and each player's view and
	 * prompt of a table in their IM channel (im.c, imtable.c).
	 */
	struct edited		 edited;
	struct slack_admins	*admins;
	struct slack_nopost	*lost;		/* channels closed to us (nopost.c) */
	struct slack_held	*held;		/* who hears of held posts (held.c) */
	struct holds		 later;		/* events answered later (later.c) */
	char			 bot_user[SLACK_ID_MAX];	/* auth.test; "" */

	/* The event being handled by bot_handle_event, or NULL. */
	struct slack_ctx	*current;

	/* Slack refused the bot token, or the app was removed (revoke.c). */
	int			 halted;
	struct defer		 halt;		/* the stop, on the next turn */
};

/*
 * web.c: Web API calls on libcurl's multi interface, driven by the loop.
 * Calls wait in named FIFO queues, one call of a queue in flight (so the
 * messages to one channel keep their order).  Messages to one channel
 * (chat.postMessage, chat.update, chat.postEphemeral) leave one at a
 * time, pace_ms after the last one's answer, ephemeral answers first.  A 429 holds every call of its
 * method for Retry-After; 5xx and network errors are retried with
 * backoff; an "ok":false answer is an error named by Slack's error code.
 */
#define WEB_APP_TOKEN	0x1	/* authorise with the app-level token */
#define WEB_FORM	0x2	/* the body is form-encoded, not JSON */
#define WEB_URL		0x4	/* method is a whole URL (a response_url) */
#define WEB_ARG_FREE	0x8	/* free(arg) after cb, or when the call is dropped */
#define WEB_ONCE	0x10	/* a 5xx or network error is not retried */
#define WEB_QUEUE_MAX	200	/* calls waiting in one queue */
#define WEB_TOTAL_MAX	5000	/* calls waiting in all queues */

struct web_result {
	long		 status;	/* HTTP status; 0 when there was none */
	const cJSON	*json;		/* the parsed body, or NULL; borrowed */
	const char	*slack_error;	/* "error" of an ok:false answer, or NULL */
	const char	*error;		/* what went wrong, or NULL on success */
};
typedef void web_cb(struct slack *, const struct web_result *, void *arg);

int	 web_init(struct slack *, char **cause);
/* Drops every call (their callbacks are not called) and closes handles. */
void	 web_stop(struct slack *);
void	 web_free(struct slack *);
/*
 * Queues a call of method ("chat.postMessage", borrowed; with WEB_URL a
 * whole URL) with body (JSON, or form with WEB_FORM; taken over, may be
 * NULL).  queue names the FIFO (NULL: the method's own).  cb (may be NULL)
 * is called once with the result unless the adapter stops first; arg
 * belongs to the caller (with WEB_ARG_FREE, to the call).  0, or -1 with
 * *cause when the queue is full (body is freed, and arg with
 * WEB_ARG_FREE).
 */
int	 web_call(struct slack *, const char *method, const char *queue,
	     char *body, int flags, web_cb *cb, void *arg, char **cause);
/*
 * How long the calls waiting for channel (borrowed) are held by a rate
 * limit Slack set (a 429's Retry-After on their method), in ms: the
 * longest of them, 0 when none is; -1 when nothing waits for the
 * channel (its queue is empty).
 */
int64_t	 web_held_ms(struct slack *, const char *channel);
/*
 * A form body "k1=v1&k2=v2" from key, value pairs ended by (char *)NULL
 * (a plain NULL may be an int in a variadic call); caller frees.
 */
char	*web_form(const char *key, ...) __attribute__((sentinel));

/* envelope.c: Socket Mode messages, their acks and retried duplicates. */
enum envelope_type {
	ENVELOPE_HELLO,
	ENVELOPE_DISCONNECT,
	ENVELOPE_SLASH,		/* slash_commands */
	ENVELOPE_INTERACTIVE,	/* interactive: block_actions and others */
	ENVELOPE_EVENTS,	/* events_api: the app's events (event.c) */
	ENVELOPE_OTHER,
};

struct envelope {
	enum envelope_type	 type;
	const char		*id;		/* envelope_id, or NULL */
	int64_t			 retry_attempt;	/* 0 for a first delivery */
	const char		*reason;	/* disconnect's reason, or NULL */
	const cJSON		*payload;	/* an object, or NULL */
};

#define ENVELOPE_ID_MAX		128
/*
 * The envelopes already run (lib/recent), two keys each: Slack retries
 * an events_api delivery three times, the last about 5 minutes after the
 * first, and a Socket Mode envelope read on a connection being replaced
 * comes again within seconds, so a key is kept 10 minutes.  2048 keys
 * hold the last 1024 envelopes: the whole 10 minutes up to nearly two
 * envelopes a second; a busier app forgets sooner, yet still well after
 * any retry but the 5-minute one.  About 200 KB.
 */
#define ENVELOPE_SEEN_MAX	2048
#define ENVELOPE_SEEN_AGE	(10 * 60 * 1000)	/* ms */

/*
 * Reads one Socket Mode message (msg borrowed; e's pointers point into
 * it).  0, or -1 with *cause when it is not a message we can read.  An
 * envelope whose type needs a payload must carry an object.
 */
int	 envelope_parse(const cJSON *msg, struct envelope *e, char **cause);
/* The ack of envelope id ({"envelope_id":id}); caller frees. */
char	*envelope_ack(const char *id);
/*
 * The key that identifies e's content across retries (a trigger_id, an
 * event_id; else NULL), from its payload; borrowed.
 */
const char *envelope_key(const struct envelope *e);
/*
 * Has e (a slash_commands, interactive or events_api envelope) been run
 * before, at loop ms now?  Its envelope_id and its content key
 * (envelope_key) are both checked in seen, and both remembered: a retry
 * comes with the same envelope_id, the same content on a new connection
 * may come in a new envelope.  1: a repeat, to be acked and dropped.
 */
int	 envelope_repeat(struct recent *seen, const struct envelope *e,
	     uint64_t now);

/* socket.c: the Socket Mode connections. */
int	 socket_start(struct slack *, char **cause);
/* Closes every connection (a close frame each) and opens no other. */
void	 socket_halt(struct slack *);
void	 socket_stop(struct slack *);
void	 socket_free(struct slack *);

/* slack.c: an envelope the socket read (e borrowed), already acked. */
void	 slack_envelope(struct slack *, const struct envelope *e);

/*
 * command.c: a slash command envelope's payload (borrowed) becomes a bot
 * event.  slack_command_text turns a command ("/fwb", borrowed) and its
 * text into the bot's command text; caller frees; NULL with *cause when
 * the command is not ours or the text is too long.
 */
void	 command_handle(struct slack *, const cJSON *payload);
char	*slack_command_text(const char *botcmd, const char *command,
	     const char *text, char **cause);
/*
 * Slack's escaped text back to what a player typed: "&lt;" "&gt;" "&amp;"
 * decoded, "<@U1|bob>" to "<@U1>", "<#C1|bar>" to "#bar", "<http://x|y>"
 * to "http://x".  At most max bytes out; caller frees; NULL when longer.
 */
char	*slack_unescape(const char *in, size_t max);

/* action.c: an interactive envelope's payload (borrowed). */
void	 action_handle(struct slack *, const cJSON *payload);

/*
 * admin.c: whether a user is a workspace admin or owner (users.info,
 * cached), or created the channel (conversations.info, cached).  An event
 * from a user not known yet waits, in order, for the answers; then
 * admin_dispatch runs it.
 */
struct slack_held;
struct slack_admins	*admin_new(void);
void			 admin_free(struct slack_admins *);
/* Closes its timer (the adapter stops); waiting events are dropped. */
void			 admin_stop(struct slack *);
/*
 * Runs the event (its strings borrowed, copied here) now or once the
 * lookups are done.
 */
void	 admin_submit(struct slack *, const struct slack_ctx *ctx,
	     const char *name, const char *text, int is_dm, int is_button);

/* reply.c */
/*
 * Runs one event: sets s->current, calls the bot, answers "Done." to a
 * command it ran and said nothing to (never to one it refused).
 */
void	 reply_dispatch(struct slack *, struct slack_ctx *ctx,
	     struct bot_event *ev);
/*
 * Answers ctx privately with text (borrowed), logging a failure.  An
 * ephemeral message Slack refuses (the user is not in the channel, the
 * bot cannot post there) goes to the user's DM instead.
 */
void	 reply_say(struct slack *, struct slack_ctx *ctx, const char *text);
/* The adapter's reply op. */
int	 reply_send(struct slack *, const struct bot_event *, int private,
	     const char *text, const struct adapter_buttons *, char **cause);
/*
 * Is url (borrowed) a response_url we may call: Slack's hooks host, or the
 * host of api_base (a test server)?
 */
int	 reply_url_ok(const struct slack *, const char *url);
/*
 * A command's or a click's answer context for user in channel (both
 * checked ids, borrowed): the team_id of who and the response_url of p
 * (the payload), each taken only when it is well formed.
 */
void	 reply_ctx_init(struct slack *, struct slack_ctx *, const char *user,
	     const char *channel, const cJSON *who, const cJSON *p);

/* blocks.c: Block Kit. */
#define BLOCKS_SECTION_MAX	3000	/* characters of a section's text */
#define BLOCKS_MAX		50	/* blocks in a message */
#define BLOCKS_BUTTON_TEXT_MAX	75	/* characters of a button's text */
#define BLOCKS_ACTIONS_MAX	25	/* elements of an actions block */
#define BLOCKS_FALLBACK_MAX	3000	/* characters of a message's "text" */

/*
 * Bot text (borrowed) as Slack mrkdwn: "&", "<" and ">" escaped, except
 * the bot's own mentions "<@U123>" and "<#C123>"; caller frees.
 */
char	*blocks_escape(const char *text);
/*
 * The blocks of a message: text (borrowed) in section blocks of at most
 * BLOCKS_SECTION_MAX characters, then one actions block per row of bs
 * (may be NULL).  Caller frees.
 */
cJSON	*blocks_build(const char *text, const struct adapter_buttons *bs);
/*
 * A message's fields, added to body: "text" (the notification fallback)
 * and "blocks".
 */
void	 blocks_message(cJSON *body, const char *text,
	     const struct adapter_buttons *bs);
/*
 * Escaped text (borrowed) cut to at most max characters: whole when it
 * fits, else at a line's end or a space (never inside an entity or a
 * mention) and ending in "…".  Caller frees.
 */
char	*blocks_fit(const char *esc, size_t max);
/* Adds text (borrowed) to body as its "text", the notification fallback. */
void	 blocks_add_text(cJSON *body, const char *text);
/* A mrkdwn text object, verbatim, of len bytes of esc (escaped). */
cJSON	*blocks_mrkdwn(const char *esc, size_t len);
/* How many actions blocks bs (may be NULL) makes. */
int	 blocks_rows(const struct adapter_buttons *bs);
/* Appends one actions block per row of bs (may be NULL) to blocks. */
void	 blocks_add_actions(cJSON *blocks, const struct adapter_buttons *bs);

/*
 * card.c: a board's view as Block Kit: a header (the state's mark, the
 * game and the table), what belongs to no seat, the fields in sections,
 * the last moves and whose turn it is as context, then the buttons.
 */
#define CARD_HEADER_MAX		150	/* characters of a header's text */
#define CARD_FIELDS_MAX		10	/* fields of one section */
#define CARD_FIELD_MAX		2000	/* characters of one field */
#define CARD_CONTEXT_MAX	3000	/* characters of a context's text */

/* The blocks of view (borrowed) with the buttons bs (may be NULL). */
cJSON	*card_blocks(const struct adapter_view *view,
	     const struct adapter_buttons *bs);
/*
 * A board's message fields, added to body: "text" (text, the fallback
 * for notifications and clients without blocks) and view's "blocks".
 */
void	 card_message(cJSON *body, const char *text,
	     const struct adapter_view *view, const struct adapter_buttons *bs);

/* tablemsg.c: each table's one public message, edited in place. */
int	 tablemsg_show(struct adapter *, const char *channel, uint64_t table,
	     const char *news, const char *text, const struct adapter_view *,
	     const struct adapter_buttons *, enum adapter_board how,
	     char **cause);
/*
 * lib/coalesce's send and remove ops of the tables' messages (arg: the
 * struct slack, bot/saying/edited-messages.h in s->edited): posts body
 * (text and blocks) to channel, or edits message ts with it; deletes
 * message ts (chat.delete).
 */
int	 tablemsg_send(struct coalesce_msg *m, const char *channel,
	     const char *ts, const char *body, void *arg);
void	 tablemsg_remove(const char *channel, const char *ts, void *arg);
/* A message's JSON without a view: text in blocks with bs (NULL: none). */
char	*tablemsg_body(const char *text, const struct adapter_buttons *bs);
/* Forgets every table's message (each stays as it is on Slack). */
void	 tablemsg_free_all(struct slack *);
/*
 * Posts body (a message's JSON without its channel, borrowed) to channel,
 * or with ts set edits that message, in the channel's queue; cb gets m.
 * 0, or -1 (logged) when it cannot go: lib/coalesce's send op.
 */
int	 tablemsg_call(struct slack *, struct coalesce_msg *m,
	     const char *channel, const char *ts, const char *body, web_cb *cb);

/*
 * imtable.c: each player's view and prompt of a table, edited in place
 * (bot/saying/edited-messages.h, in s->edited): the dm_table op; the
 * send op (lib/coalesce; arg: the struct slack), posting body to an IM
 * channel or editing message ts with it; and with_channel, on im.c.
 */
int	 imtable_show(struct adapter *, const char *user_id, uint64_t table,
	     enum adapter_dm what, const char *text,
	     const struct adapter_buttons *, char **cause);
int	 imtable_send(struct coalesce_msg *, const char *channel,
	     const char *ts, const char *body, void *arg);
int	 imtable_with_channel(struct adapter *, const char *user, void *call,
	     char **cause);

/* im.c: DM channels (conversations.open), opened once and cached. */
struct dmcache		*im_new(void);
void			 im_free(struct dmcache *);
int	 im_send(struct slack *, const char *user, const char *text,
	     const struct adapter_buttons *, char **cause);
/* A DM channel learned otherwise (the user wrote from it): cached. */
void	 im_learn(struct slack *, const char *user, const char *channel);
/*
 * Calls fn(arg) with user's IM channel (borrowed) once it is open, at
 * once when it is; with channel NULL when it cannot be opened (fn frees
 * arg then too).  0, or -1 with *cause (DMs refused: fn is not called).
 */
typedef void im_channel_cb(struct slack *, const char *channel, void *arg);
/*
 * A message in the DM channel failed with Slack's error (NULL: it was
 * delivered).  A channel Slack no longer knows is opened again, once, and
 * fn(arg) is called with it (NULL: it could not be): returns 1 then.
 * Otherwise a failure is a private message lost for good (bot_dm_lost)
 * and it returns 0.
 */
int	 im_lost_channel(struct slack *, const char *channel,
	     const char *error, im_channel_cb *fn, void *arg);
int	 im_with_channel(struct slack *, const char *user, im_channel_cb *fn,
	     void *arg, char **cause);
/*
 * A message to IM channel failed with Slack's error: 1 when it means the
 * user cannot get DMs (then they are marked, and the bot told), else 0.
 */
int	 im_refused_channel(struct slack *, const char *channel,
	     const char *error);

/*
 * revoke.c: the bot token refused, or the app uninstalled, stops the
 * adapter once.  revoke_auth_error: is error (Slack's code, may be NULL)
 * one that says the token no longer works?  revoke_stop logs why (a
 * sentence, borrowed), sets the adapter's state (borrowed) for STATUS=,
 * and stops the adapter from the loop's next turn; later calls do
 * nothing.  revoke_release closes its timer (the adapter stops).
 */
int	 revoke_auth_error(const char *error);
void	 revoke_stop(struct slack *, const char *why, const char *state);
void	 revoke_release(struct slack *);

/*
 * event.c: an events_api envelope's payload (borrowed): the app's own
 * events (tokens_revoked, app_uninstalled) and its channels' (archived,
 * deleted, the bot leaving or joining).
 */
void	 event_handle(struct slack *, const cJSON *payload);

/*
 * nopost.c: channels the bot cannot post in.  nopost_error: is error (may be
 * NULL) final for its channel?  nopost_why: the players' sentence when
 * channel is lost (static), else NULL.  nopost_mark remembers channel as
 * lost for error (Slack's code, or "channel_deleted"), tells the user of
 * response_url (may be NULL: the last command's there, if any) and the
 * bot; nopost_clear forgets it and tells the bot.  nopost_note keeps a
 * command's response_url per channel, for nopost_mark.  Strings borrowed.
 */
int		 nopost_error(const char *error);
const char	*nopost_why(struct slack *, const char *channel);
void		 nopost_mark(struct slack *, const char *channel,
		     const char *error, const char *response_url);
void		 nopost_clear(struct slack *, const char *channel);
void		 nopost_note(struct slack *, const char *channel,
		     const char *response_url);
void		 nopost_free(struct slack *);

/*
 * held.c: posts held back by a rate limit.  held_watch remembers the user
 * of ctx (borrowed, copied), whose command posted in its channel, and
 * tells them at once if the channel's posts are held longer than a few
 * seconds; held_check (web.c, after a 429) tells every remembered user
 * whose channel is now held so, once.  The line says when posting
 * resumes.
 */
void	 held_watch(struct slack *, const struct slack_ctx *ctx);
void	 held_check(struct slack *);
void	 held_free(struct slack *);

/* later.c: events answered after they are over (adapter_ops.hold, unhold). */
#define LATER_MAX	1024	/* held at once; more answer detached */
void	*later_hold(struct adapter *, const struct bot_event *, int private);
void	 later_unhold(struct adapter *, void *held, int done);

/* slack.c */
/* Is error (Slack's error code, may be NULL) one of list (NULL-ended)? */
int	 slack_error_in(const char *error, const char *const *list);
/* Is s a Slack id ("U0123ABC", "C0123", "D0123"): 1..SLACK_ID_MAX-1 of A-Z0-9? */
int	 slack_id_ok(const char *s);
/*
 * Posts text (borrowed) with buttons (may be NULL) to channel with
 * chat.postMessage on the channel's queue; cb as web_call, and arg (may
 * be NULL) belongs to the call: it is freed after cb, or when the call is
 * dropped.  0 or -1 (arg freed too).  Nothing goes to a lost channel.
 */
int	 slack_post(struct slack *, const char *channel, const char *text,
	     const struct adapter_buttons *, web_cb *cb, void *arg,
	     char **cause);

#endif
