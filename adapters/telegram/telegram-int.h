/*
 * telegram-int.h: what the Telegram adapter's files share.  Nothing
 * outside adapters/telegram includes it; the rest of the bot sees only
 * telegram.h.
 *
 * The adapter is one struct tg: the Bot API client (api.c) with its
 * pacing windows (pace.c), long polling and the stored offset
 * (poll.c), updates turned into bot_events (update.c, command.c,
 * click.c), answers (answer.c), HTML text (html.c) and inline keyboards
 * (markup.c), the tables' edited messages (board.c), private chats
 * (privchat.c), and a token Telegram refuses (halt.c), glued in telegram.c.
 * Everything runs on the bot's one libuv loop.
 */
#ifndef ADAPTERS_TELEGRAM_TELEGRAM_INT_H
#define ADAPTERS_TELEGRAM_TELEGRAM_INT_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>
#include <uv.h>

#include "bot/adapter.h"
#include "bot/saying/edited-messages.h"
#include "lib/defer.h"
#include "lib/holds.h"

struct tgapi;
struct tgpoll;
struct tgchats;
struct tgkicked;
struct tgadmins;
struct tgmigrated;
struct recent;
struct dmcache;
struct coalesce;
struct coalesce_msg;

#define TG_ID_MAX	24	/* a chat or user id in decimal, with its NUL */
#define TG_CHAN_MAX	48	/* a channel: "<chat>" or "<chat>:<topic>" */
#define TG_TOPICS_MAX	16	/* forum topics remembered per group */
#define TG_NAME_MAX	128	/* a user's name or username */
#define TG_TEXT_MAX	4096	/* UTF-16 units of a message's text */
#define TG_ALERT_MAX	200	/* characters of a callback query's answer */
#define TG_DATA_MAX	64	/* bytes of callback_data */
#define TG_QUERY_ID_MAX	64	/* a callback query's id */

/* One update being handled, and how to answer it (answer.c, click.c). */
struct tg_ctx {
	int64_t	user;
	int64_t	chat;
	int64_t	thread;			/* a forum topic; 0: none */
	char	chat_id[TG_CHAN_MAX];	/* the channel: chat, and topic */
	int	is_dm;			/* the bot's private chat with user */
	int	is_admin;		/* user administers the group */
	char	query[TG_QUERY_ID_MAX + 1];	/* a click's; "": a command */
	int64_t	message;		/* the clicked message */
	int	replaced;		/* ... was edited by an answer */
	char	alert[TG_ALERT_MAX * 4 + 1];	/* a click's private answer */
	char	url[128];		/* a click's answer opens this link */
	int	answered;		/* something was said to the user */
	int	privchat_sent;		/* ... in their private chat */
	int	held;			/* a copy past its update (answer.c) */
};

struct tg {
	struct adapter		 adapter;	/* first: coalesce ops use it */
	struct bot		*bot;
	uv_loop_t		*loop;
	int			 stopping;

	/* Copied from the config at start, so SIGHUP cannot pull them away. */
	char			*token;
	char			*api_base;	/* no trailing slash */
	char			*ca_file;	/* "": the system's */
	char			*command;	/* the command word, no "/" */
	uint64_t		 pace_ms;	/* between messages to a chat */
	int			 group_per_min;
	int			 per_sec;
	uint64_t		 poll_timeout_ms;

	struct tgapi		*api;
	struct tgpoll		*poll;
	struct recent		*seen;		/* update ids run this time */
	struct dmcache		*dms;		/* who takes private messages */
	/*
	 * The messages edited in place: each table's board in its group
	 * (board.c) and each player's view and prompt of a table in their
	 * private chat (privchat.c).
	 */
	struct edited		 edited;
	struct tgchats		*chats;		/* groups' titles (chats.c) */
	struct tgkicked		*lost;		/* closed groups (kicked.c) */
	struct tgadmins		*admins;	/* groups' admins (admins.c) */
	struct tgmigrated	*moved;		/* upgraded groups (migrate.c) */
	uint64_t		 lost_grace_ms;	/* telegram.lost_chat_grace */
	char			 username[TG_NAME_MAX];	/* getMe; "" until */
	int64_t			 bot_id;

	/* The update being handled by bot_handle_event, or NULL. */
	struct tg_ctx		*current;
	/* Updates answered after their commit (answer.c). */
	struct holds		 holds;

	/* Telegram refused the token (halt.c). */
	int			 halted;
	struct defer		 halt;		/* the stop, on the next turn */
};

/*
 * api.c: Bot API calls on libcurl's multi interface, driven by the loop
 * (lib/httpq).  Calls wait in named FIFO queues, one call of a queue in
 * flight: a chat's messages on the chat's queue, in order.  Messages
 * (sendMessage, editMessageText, editMessageReplyMarkup) are paced
 * (pace.c).  A 429 holds the chat (or the method) for its retry_after;
 * 5xx and network errors are retried with backoff (not with API_ONCE,
 * nor a sendMessage that may have landed: no message is posted twice);
 * a 401 stops the adapter (halt.c).  Every other answer goes to the
 * caller.  The token is in every URL: no URL is ever logged.
 */
#define API_ONCE	0x1	/* a 5xx or network error is not retried */
#define API_ARG_FREE	0x2	/* free(arg) after cb, or when dropped */
#define API_NO_FOLLOW	0x4	/* not sent on to an upgraded group's new id */
#define API_QUEUE_MAX	200
#define API_TOTAL_MAX	5000

struct api_result {
	long		 status;	/* HTTP status; 0 when there was none */
	const cJSON	*result;	/* "result" of an ok answer, or NULL */
	const cJSON	*params;	/* "parameters" of a refusal, or NULL */
	int64_t		 code;		/* error_code of a refusal, else 0 */
	const char	*desc;		/* its description, or NULL */
	const char	*error;		/* what went wrong; NULL: success */
};
typedef void api_cb(struct tg *, const struct api_result *, void *arg);

int	 api_init(struct tg *, char **cause);
/* Drops every call (their callbacks are not called). */
void	 api_stop(struct tg *);
void	 api_free(struct tg *);
/*
 * Queues a call of method (borrowed) with body (a JSON object, taken
 * over; NULL: none) on queue (NULL: the method's own), waiting at most
 * timeout_ms (0: the default) for the answer.  cb (may be NULL) is
 * called once unless the adapter stops first; arg as API_ARG_FREE says.
 * 0, or -1 with *cause when the queue is full.
 */
int	 api_call(struct tg *, const char *method, const char *queue,
	     cJSON *body, long timeout_ms, int flags, api_cb *cb, void *arg,
	     char **cause);
/*
 * A cb for calls whose failure is only logged: arg is what the call did
 * ("sending a message"), a string that outlives the call.
 */
void	 api_logged(struct tg *, const struct api_result *, void *arg);
/*
 * The same for calls one refusal of which is no failure: arg is a
 * struct api_quiet that outlives the call, saying what the call did and
 * the words of the refusal that is fine ("message is not modified").
 */
struct api_quiet {
	const char	*what;
	const char	*fine;
};
void	 api_logged_unless(struct tg *, const struct api_result *, void *arg);
/*
 * Drops every call waiting for chat (not one in flight): each callback
 * hears "the chat is lost".
 */
void	 api_drop_chat(struct tg *, int64_t chat);
/* Is res a refusal whose description contains what (borrowed)? */
int	 api_refused(const struct api_result *res, const char *what);

/*
 * pace.c: sliding windows of send times, one a group (at most
 * group_per_min in any minute), one for all (at most per_sec in any
 * second), and each chat's least gap.  pace_wait: how long a message to
 * chat must still wait at now (0: it may go); pace_sent: it went.
 */
struct tgpace;
struct tgpace	*pace_new(int group_per_min, int per_sec, uint64_t gap_ms);
void		 pace_free(struct tgpace *);
uint64_t	 pace_wait(struct tgpace *, int64_t chat, uint64_t now);
void		 pace_sent(struct tgpace *, int64_t chat, uint64_t now);
/* The answer to chat's message came at now: its gap starts. */
void		 pace_answered(struct tgpace *, int64_t chat, uint64_t now);
/* A 429: nothing goes to chat (0: any chat) before until. */
void		 pace_hold(struct tgpace *, int64_t chat, uint64_t until);

/*
 * halt.c: a token Telegram refuses (401) stops the adapter once: why is
 * logged, the state set, the poll and the calls dropped; the other
 * adapters run on.  halt_release closes its timer.
 */
void	 halt_stop(struct tg *, const char *why);
void	 halt_release(struct tg *);

/*
 * poll.c: getMe, setMyCommands, then getUpdates in a loop.  The offset
 * is kept in the store (ref "offset") and written in the same batch as
 * each update's effects; an update below it, or seen already this run,
 * is not run again.
 */
int	 poll_start(struct tg *, char **cause);
/* Runs one update (borrowed) of getUpdates' answer, once, in its batch. */
void	 poll_update(struct tg *, const cJSON *update);
void	 poll_stop(struct tg *);
void	 poll_free(struct tg *);

/*
 * update.c: one update (borrowed), inside its batch; ctx (zeroed by the
 * caller) must live until the batch is over (outbox_end), then
 * update_finish answers a click.  update_name: a user's name to show,
 * their username, else their first name, control characters replaced.
 * A table in a forum topic lives there: its channel is "<chat>:<topic>".
 */
void	 update_handle(struct tg *, const cJSON *update, struct tg_ctx *);
void	 update_finish(struct tg *, struct tg_ctx *);
void	 update_name(const cJSON *user, char *buf, size_t len);
/*
 * Is update u (borrowed) a command or a click in a group, whose
 * administrators it needs?  1 and *chat, or 0.
 */
int	 update_group(const cJSON *u, int64_t *chat);
/*
 * Where a message (borrowed) is, into ctx (its chat already read): the
 * chat, or the forum topic in it, as the event's channel (chat_id).
 */
void	 update_where(struct tg *, const cJSON *msg, struct tg_ctx *);

/*
 * command.c: the bot's command text of a message's text (borrowed) if
 * it starts with a command of ours ("/cheers play 2", "/cheers@Bot ...",
 * "/fwb new"), caller frees; NULL when it is not ours.  *start is set
 * when it is /start (the text after it is the payload).
 * command_register: setMyCommands for group and private chats.
 */
char	*command_text(struct tg *, const char *text, const cJSON *entities,
	     int *start);
void	 command_register(struct tg *);

/*
 * click.c: a callback_query (borrowed) becomes a button bot_event; it is
 * answered (answerCallbackQuery) once the batch is over.
 */
void	 click_handle(struct tg *, const cJSON *query, struct tg_ctx *);
void	 click_answer(struct tg *, struct tg_ctx *);

/* answer.c: the reply and send_channel ops, and a message to a chat. */
int	 answer_send(struct tg *, const struct bot_event *, int private,
	     const char *text, const struct adapter_buttons *, char **cause);
/* The hold and unhold ops, at most TG_HOLDS_MAX at once. */
#define TG_HOLDS_MAX	1024
void	*answer_hold(struct adapter *, const struct bot_event *, int private);
void	 answer_unhold(struct adapter *, void *held, int done);
/*
 * Sends text (the bot's, borrowed) to chat (in forum topic thread, 0:
 * none) as HTML, split where longer than a message, buttons (may be
 * NULL) on the last part; cb gets arg for the last part only, and arg
 * is freed after it.  0 or -1.
 */
int	 answer_post(struct tg *, int64_t chat, int64_t thread,
	     const char *text, const struct adapter_buttons *, api_cb *cb,
	     void *arg, char **cause);
/*
 * A sendMessage body to chat (in forum topic thread, 0: none): text (the
 * bot's, borrowed, at most one message) as HTML, no link previews.
 */
cJSON	*answer_body(int64_t chat, int64_t thread, const char *text);
/*
 * Runs one event of ctx's user in ctx's chat: their name and the text
 * (a command's, or a button's id with is_button) borrowed; tg->current
 * is ctx meanwhile.
 */
void	 answer_dispatch(struct tg *, struct tg_ctx *, const char *name,
	     const char *text, int is_button);

/*
 * html.c: the bot's text as Telegram HTML.  A mention is written by
 * html_mention as a marker no user can type (control characters, which
 * update.c strips from everything users send); html_escape turns the
 * rest's "&", "<", ">" into entities and each marker into a tg://user
 * link.  html_split cuts text (borrowed) into parts of at most max
 * UTF-16 units once parsed, at a line's end where it can, never inside
 * a mention: returns how many parts (at most nmax), each a new string.
 */
void	 html_mention(int64_t user, const char *name, char *buf, size_t len);
char	*html_escape(const char *text);
int	 html_split(const char *text, size_t max, char **parts, int nmax);
/* Replaces control characters in s (a user's text) by spaces. */
void	 html_clean(char *s);

/* markup.c: buttons as an inline_keyboard reply_markup; NULL: none. */
cJSON	*markup_keyboard(const struct adapter_buttons *);
/* One url button (text, url borrowed) as a reply_markup. */
cJSON	*markup_link(const char *text, const char *url);

/* board.c: each table's one group message, edited in place. */
int	 board_show(struct adapter *, const char *channel, uint64_t table,
	     const char *news, const char *text, const struct adapter_view *,
	     const struct adapter_buttons *, enum adapter_board how,
	     char **cause);
/* Sets up the boards in tg->edited (bot/saying/edited-messages.h). */
void	 board_init(struct tg *);
void	 board_free_all(struct tg *);
/*
 * A message body (taken over) to chat, posted (id NULL) or edited (id,
 * borrowed), for coalesced message m; "not modified" is success, a
 * message gone makes it post anew.  lib/coalesce's send op.
 */
int	 board_call(struct tg *, struct coalesce_msg *m, const char *chat,
	     const char *id, const char *body, api_cb *cb);
/* The JSON of a message: text as HTML (cut to a message) and buttons. */
char	*board_body(const char *text, const struct adapter_buttons *);

/* privchat.c: private chats. */
struct dmcache	*privchat_new(void);
void		 privchat_free(struct dmcache *);
int	 privchat_send(struct tg *, const char *user, const char *text,
	     const struct adapter_buttons *, char **cause);
int	 privchat_table(struct adapter *, const char *user_id, uint64_t table,
	     enum adapter_dm what, const char *text,
	     const struct adapter_buttons *, char **cause);
/*
 * Sets up each player's messages of a table in tg->edited (bot/saying/
 * edited-messages.h; edited_free_dm frees them).
 */
void	 privchat_init_tables(struct tg *);
/* user wrote where the bot can see it: their group, for a deep link. */
void	 privchat_seen(struct tg *, int64_t user, int64_t chat,
	     const char *name);
/* user opened the private chat (/start): it works; their hand comes. */
void	 privchat_started(struct tg *, int64_t user);
/* Is user known to refuse the bot's private messages? */
int	 privchat_closed(struct tg *, int64_t user);
/*
 * A private message to user failed with res: 1 when it says they never
 * started the bot or blocked it (they are marked, the bot told, and
 * their group given a deep link), else 0.
 */
int	 privchat_refused(struct tg *, int64_t user,
	     const struct api_result *res);
/*
 * user, whose private chat is closed, asked in chat for something
 * private: chat gets the deep link (once a minute at most).
 */
void	 privchat_offer(struct tg *, int64_t user, int64_t chat);
/* The deep link into the private chat, into buf (capped). */
void	 privchat_link(struct tg *, char *buf, size_t len);

/*
 * chats.c: the titles of the chats updates showed.  chats_learn: chat (a
 * Chat object, borrowed) has its title; chats_name: channel named by its
 * title in quotes, else its id, into buf (capped).
 */
struct tgchats	*chats_new(void);
void		 chats_learn(struct tgchats *, const cJSON *chat);
/* Group to (upgraded from from) has from's title, unless it has one. */
void		 chats_alias(struct tgchats *, int64_t from, int64_t to);
/*
 * A forum topic of chat the bot was spoken to in; chats_topics writes
 * chat's known topics into out (at most max), returns how many.
 */
void		 chats_topic(struct tgchats *, int64_t chat, int64_t thread);
int		 chats_topics(struct tgchats *, int64_t chat, int64_t *out,
		     int max);
void		 chats_name(struct tgchats *, const char *channel, char *buf,
		     size_t len);

/*
 * kicked.c: groups closed to the bot.  kicked_has: is chat one?  kicked_mark
 * makes it one (why borrowed, for the log): its waiting calls dropped,
 * the bot told; kicked_clear: it works again.  kicked_answer: a call to chat
 * ended with res: 1 when that closes the group (marked).  kicked_member:
 * my_chat_member says the bot's status in chat is now status.
 */
int	 kicked_has(struct tg *, int64_t chat);
void	 kicked_mark(struct tg *, int64_t chat, const char *why);
void	 kicked_clear(struct tg *, int64_t chat);
int	 kicked_answer(struct tg *, int64_t chat, const struct api_result *);
void	 kicked_member(struct tg *, int64_t chat, const char *status);
void	 kicked_free(struct tg *);

/*
 * admins.c: groups' administrators, cached.  admins_known: is chat's
 * list known now (a private chat needs none)?  admins_is: is user one
 * of chat's?  admins_fetch asks Telegram; done runs once the answer
 * (or a failure, taken for no one) is in: 0, or -1 when the call could
 * not be made (done is not called).
 */
struct tgadmins	*admins_new(void);
int		 admins_known(struct tg *, int64_t chat);
int		 admins_is(struct tg *, int64_t chat, int64_t user);
int		 admins_fetch(struct tg *, int64_t chat,
		     void (*done)(struct tg *));

/*
 * inline.c: an inline_query (borrowed) answered with the user's moves;
 * a chosen_inline_result (borrowed) played once, in its batch.
 */
void	 inline_query(struct tg *, const cJSON *query);
void	 inline_chosen(struct tg *, const cJSON *chosen, struct tg_ctx *);

/*
 * migrate.c: groups upgraded to supergroups.  migrate_to: chat's id now
 * (chat itself unless it was upgraded this run).  migrate_chat: group
 * from is now to: its tables move there (bot_channel_move), once.
 * migrate_answer: a call to chat ended with res: 1 when it says chat
 * was upgraded (moved).  migrate_message: a service message (borrowed)
 * saying so.
 */
int64_t	 migrate_to(struct tg *, int64_t chat);
void	 migrate_chat(struct tg *, int64_t from, int64_t to);
int	 migrate_answer(struct tg *, int64_t chat, const struct api_result *);
void	 migrate_message(struct tg *, const cJSON *msg);
void	 migrate_free(struct tg *);

/* telegram.c */
/* A decimal chat or user id (borrowed): 0 and *out, or -1. */
int	 tg_id(const char *s, int64_t *out);
/*
 * A channel (borrowed): a chat id, or "<chat>:<topic>" for a forum
 * topic: 0 with *chat and *thread (0: none), or -1.  tg_chan_name
 * writes one into buf (capped).
 */
int	 tg_chan(const char *s, int64_t *chat, int64_t *thread);
void	 tg_chan_name(int64_t chat, int64_t thread, char *buf, size_t len);

#endif
