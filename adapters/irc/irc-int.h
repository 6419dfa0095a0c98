/*
 * irc-int.h: what the IRC adapter's files share.  Nothing outside
 * adapters/irc includes it (the unit tests do, for the pure parts); the
 * rest of the bot sees only irc.h.
 *
 * The adapter is one struct irc: the connection (conn.c: TLS, TCP or a
 * websocket, on lib/transport), the IRC session on it (session.c:
 * registration, CAP and SASL, pings, nick collisions, joins, PRIVMSG in),
 * who has left IRC and who is back (presence.c), who holds a seated
 * player's nick (ident.c, fed by who.c), the send queue (send.c:
 * a queue per destination, outq.c, paced by a token bucket, bucket.c),
 * the line parser (line.c) and the text shaping for IRC (text.c: plain
 * text, lines split below 512 bytes), glued in irc.c.  Everything runs
 * on the bot's one libuv loop.
 */
#ifndef ADAPTERS_IRC_IRC_INT_H
#define ADAPTERS_IRC_IRC_INT_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

#include "bot/adapter.h"
#include "lib/transport.h"

struct irc_conn;
struct irc_sendq;
struct irc_outq;

/* A token bucket (bucket.c); every field is the bucket's own. */
struct irc_bucket {
	uint64_t	rate_ms;	/* a token back every rate_ms (0: no limit) */
	int		burst;		/* tokens at most */
	int64_t		tokens;		/* below 0: debt */
	uint64_t	refilled;	/* loop ms of the last refill */
};

#define IRC_LINE_MAX		512	/* bytes of a line, with CR LF */
#define IRC_TAGS_MAX		8191	/* bytes of a line's tags (IRCv3) */
#define IRC_IN_MAX		(IRC_TAGS_MAX + 1 + IRC_LINE_MAX)
#define IRC_PARAMS_MAX		15
#define IRC_NICK_MAX		64	/* bytes of a nick we accept */
#define IRC_USER_MAX		64	/* bytes of a user (ident) */
#define IRC_HOST_MAX		255	/* bytes of a host */
#define IRC_CHANNEL_MAX		64	/* bytes of a channel name */
#define IRC_TARGET_MAX		64	/* bytes of a channel or nick we send to */
#define IRC_CHANNELS_MAX	32	/* channels the bot joins */
#define IRC_TAG_MAX		256	/* bytes of one tag's value we read */
#define IRC_GONE_MAX		256	/* nicks remembered as gone */

/*
 * One parsed line: "@tags :nick!user@host COMMAND p1 p2 :trailing".
 * Every pointer points into buf (or is NULL for what is absent); the line
 * owns it all.
 */
struct irc_line {
	char		 buf[IRC_IN_MAX + 1];
	const char	*tags;		/* "a=b;c", or NULL */
	const char	*nick;		/* prefix nick or server name, or NULL */
	const char	*user;		/* or NULL */
	const char	*host;		/* or NULL */
	const char	*command;	/* "PRIVMSG", "001": never NULL once parsed */
	int		 nparams;
	const char	*params[IRC_PARAMS_MAX];
};

/* Nicks known to have left IRC (presence.c), casefolded, oldest first. */
struct irc_gone {
	char		 nicks[IRC_GONE_MAX][IRC_NICK_MAX + 1];
	int		 n;
};

/* A seated player's nick bound to who sat down (ident.c). */
#define IRC_IDENTS_MAX		256	/* bindings kept at once */
#define IRC_MASK_MAX		(IRC_USER_MAX + 1 + IRC_HOST_MAX)

#define IRC_ACCOUNT_MAX		64	/* bytes of an account name */

struct irc_ident {
	char		nick[IRC_NICK_MAX + 1];		/* casefolded */
	char		mask[IRC_MASK_MAX + 1];		/* "user@host" bound */
	char		account[IRC_ACCOUNT_MAX + 1];	/* or "": none */
	char		alias[IRC_NICK_MAX + 1];	/* its player's nick now, or "" */
	int		verified;	/* its holder is the one bound */
	int		told;		/* someone else was told why, once */
	int		warned;		/* the log said so, once */
	uint64_t	used;		/* for eviction when full */
};

struct irc_idents {
	struct irc_ident	v[IRC_IDENTS_MAX];
	int			n;
	uint64_t		clock;
};

struct irc {
	struct adapter		 adapter;
	struct bot		*bot;
	uv_loop_t		*loop;
	int			 stopping;

	/* Copied from the config at start, so SIGHUP cannot pull them away. */
	char			*url;
	char			*origin;	/* "": derived from url */
	char			*nick;		/* the nick we ask for */
	char			*user;
	char			*realname;
	char			*password;	/* secret: never logged */
	int			 sasl;
	char			*channels[IRC_CHANNELS_MAX];	/* casefolded */
	int			 nchannels;
	char			*prefix;	/* "!cheers" */
	char			*ca_file;	/* "": the system's */
	char			*client_cert;	/* "": none (CertFP, SASL EXTERNAL) */
	char			*client_key;	/* "": in client_cert */
	uint64_t		 send_rate_ms;	/* between lines after a burst */
	int			 send_burst;
	uint64_t		 ping_ms;	/* our PING after this much quiet */

	struct irc_conn		*conn;
	struct irc_sendq	*sendq;
	/* The line being handled (borrowed, during its call), or NULL. */
	const struct irc_line	*line;
	/* The command being handled (borrowed, during its call), or NULL. */
	const struct bot_event	*handling;

	/* The session (session.c); reset on each connection. */
	int			 registered;	/* 001 seen */
	char			 cur_nick[IRC_NICK_MAX + 1];
	int			 nick_tries;
	char			 self_user[IRC_USER_MAX + 1];	/* from our JOIN */
	char			 self_host[IRC_HOST_MAX + 1];
	int			 cap_open;	/* CAP negotiation under way */
	char			 cap_req[128];	/* what CAP LS made us ask */
	int			 sasl_offered;	/* 1 yes, -1 without our mechanism */
	int			 cap_account_tag;	/* lines carry @account */
	int			 cap_extended_join;	/* JOIN carries the account */
	int			 whox;		/* ISUPPORT WHOX: accounts in WHO */
	int			 monitor_max;	/* ISUPPORT MONITOR: nicks watched */
	int			 monitored;	/* nicks we asked it to watch */
	int			 sasl_busy;
	uv_timer_t		 ping;
	int			 ping_out;	/* our PING is unanswered */
	uint64_t		 last_rx;	/* loop ms of the last line in */
	uint64_t		 ping_seq;
	struct irc_gone		 gone;		/* no private lines to these */
	struct irc_idents	 idents;	/* seated nicks and who sat */
};

/* line.c: parsing server lines; every field bounded. */
/*
 * Parses len bytes of text (borrowed; a trailing CR LF is allowed) into
 * *out.  0, or -1 with *cause (caller frees) for a malformed line: a NUL,
 * CR or LF inside, an empty or bad command, a field over its bound.
 */
int	 irc_line_parse(const char *text, size_t len, struct irc_line *out,
	     char **cause);
/*
 * The value of tag name of l, unescaped (IRCv3 rules) into buf (capped);
 * 1 when present (a tag without a value gives ""), 0 when absent.
 */
int	 irc_line_tag(const struct irc_line *l, const char *name, char *buf,
	     size_t len);
/* Lowercases an IRC name in place by rfc1459 casemapping ("[]\~" too). */
void	 irc_casefold(char *s);
/* 1 when two names (borrowed) are the same once casefolded. */
int	 irc_name_eq(const char *, const char *);
/* 1 when s is a nick we can send to (RFC 2812 letters, IRC_NICK_MAX). */
int	 irc_valid_nick(const char *s);
/* 1 when s is a channel name (#, &, + or !, no space, comma, ^G, CR LF). */
int	 irc_valid_channel(const char *s);

/* text.c: shaping the bot's text for IRC; pure functions. */
/*
 * The bot's text (borrowed) as IRC plain text: markdown-ish emphasis
 * ("**") dropped, control characters other than newline dropped (a tab
 * becomes a space), and bytes that are not UTF-8 written as "?".  The
 * bot writes commands with the IRC prefix already (the adapter's command
 * op).  Caller frees.
 */
char	*irc_text_plain(const char *text);
/*
 * How much of text (len bytes, one line without newlines) goes in the
 * first message of at most max bytes (max >= 8): all of it if it fits,
 * else up to the last space that leaves at least half of max, else up to
 * the last UTF-8 character boundary (never inside a character, and never
 * before a variation selector or zero-width joiner).  *next is where the
 * following part starts (spaces at the cut skipped).
 */
size_t	 irc_text_split(const char *text, size_t len, size_t max,
	     size_t *next);
/*
 * The bytes left for the text of "PRIVMSG target :" once the server has
 * put ":nick!user@host " before it and CR LF after it, within 512.
 * user and host may be "" when unknown: their largest sizes are assumed.
 */
size_t	 irc_text_room(const char *nick, const char *user, const char *host,
	     const char *target);

/* presence.c: who has left IRC and who is back; pure functions. */
/* Told of a nick (casefolded, borrowed) that left (gone 1) or is seen. */
typedef void	(*presence_fn)(void *arg, const char *nick, int gone);
/*
 * Calls fn for each nick line l (borrowed) shows gone (QUIT, NICK away,
 * 401) or present (NAMES, NICK to it, any other line from it); never for
 * self, our own nick.
 */
void	 presence_line(const struct irc_line *l, const char *self,
	     presence_fn fn, void *arg);
/* Remembers nick as gone (the oldest is forgotten when full). */
void	 gone_add(struct irc_gone *, const char *nick);
/* Forgets nick; 1 when it was remembered. */
int	 gone_del(struct irc_gone *, const char *nick);
/* 1 when nick is remembered as gone. */
int	 gone_has(const struct irc_gone *, const char *nick);
void	 gone_clear(struct irc_gone *);

/* ident.c: who holds a seated player's nick; pure. */
enum ident_verdict {
	IDENT_FREE,	/* the nick is bound to nobody */
	IDENT_OWNER,	/* held by who sat down, as known */
	IDENT_BACK,	/* held by who sat down, seen again after a doubt */
	IDENT_OTHER,	/* held by someone else: now unverified */
	IDENT_UNKNOWN,	/* bound to an account, and the line shows none */
};
/*
 * Binds nick (casefolded, borrowed) to who holds it: to account when it
 * is a name (a player logged in), else to user@host; verified.  A
 * binding of the nick already there is replaced, and when full the least
 * recently used goes.  0, or -1 when user or host is unknown (NULL).
 */
int	 ident_bind(struct irc_idents *, const char *nick, const char *user,
	     const char *host, const char *account);
/*
 * Checks who holds nick now: user and host (borrowed, NULL when
 * unknown), account (NULL: the line does not say; "": logged out or
 * never in; else the account).  A nick bound to an account is its
 * owner's only while logged into it, from any user@host.
 */
enum ident_verdict ident_check(struct irc_idents *, const char *nick,
	     const char *user, const char *host, const char *account);
/* Nick's holder left IRC or the nick: unverified until seen again. */
void	 ident_left(struct irc_idents *, const char *nick);
/* A new connection: every binding is unverified until seen again. */
void	 ident_unverify_all(struct irc_idents *);
/* 1 when nick is bound. */
int	 ident_bound(const struct irc_idents *, const char *nick);
/* 1 when nick is bound and not verified: nothing private goes to it. */
int	 ident_blocked(const struct irc_idents *, const char *nick);
/* 1 the first time someone else holding nick should be told why. */
int	 ident_tell(struct irc_idents *, const char *nick);
/* 1 the first time someone else holding nick is worth a log line. */
int	 ident_warn(struct irc_idents *, const char *nick);
/*
 * The binding of the player logged into account (borrowed), whatever
 * nick they use now, or NULL.
 */
struct irc_ident *ident_by_account(struct irc_idents *, const char *account);
/* The binding whose player uses nick (casefolded) as its alias, or NULL. */
struct irc_ident *ident_by_alias(struct irc_idents *, const char *nick);
/* nick's binding, or NULL. */
struct irc_ident *ident_get(struct irc_idents *, const char *nick);
/* Forgets nick's binding (its player sits nowhere any more). */
void	 ident_forget(struct irc_idents *, const char *nick);

/* who.c: ident.c's bindings fed from the session's lines. */
/* Learns who holds which nick from l (borrowed). */
void	 who_line(struct irc *, const struct irc_line *l);
/* nick (casefolded) left IRC: its binding is unverified. */
void	 who_gone(struct irc *, const char *nick);
/*
 * nick (casefolded) was seen: 1 when its private view may be sent, 0 when
 * it is bound and not verified (a WHO for it is sent).
 */
int	 who_may_open(struct irc *, const char *nick);
/*
 * 1 when a command from nick (casefolded) is refused: it is bound to
 * another player (told why, once).
 */
int	 who_refuse(struct irc *, const char *nick);
/* The user id a command from nick (casefolded, borrowed) counts as. */
const char *who_user(struct irc *, const char *nick);
/* The nick a private line to user_id (borrowed) goes to now. */
const char *who_target(struct irc *, const char *user_id);
/* A command from l's nick (casefolded: nick) was handled: bind if seated. */
void	 who_seated(struct irc *, const struct irc_line *l, const char *nick);
/* We joined channel (borrowed): ask who is in it. */
void	 who_joined(struct irc *, const char *channel);
/* A new connection: every binding waits to be seen again. */
void	 who_reset(struct irc *);

/* bucket.c: a token bucket; pure, now is the loop's clock in ms. */
/* A full bucket: burst tokens (at least 1), one back every rate_ms. */
void	 bucket_init(struct irc_bucket *, uint64_t rate_ms, int burst,
	     uint64_t now);
/* Takes a token if more than keep are there: 1, else 0. */
int	 bucket_take(struct irc_bucket *, uint64_t now, int keep);
/* Takes a token even when there is none: the bucket goes into debt. */
void	 bucket_spend(struct irc_bucket *, uint64_t now);
/* Milliseconds until more than keep tokens are there (0: now). */
uint64_t bucket_wait(struct irc_bucket *, uint64_t now, int keep);

/* outq.c: chat lines, a queue per destination; pure (see the file). */
#define IRC_OUTQ_TALK		16	/* lines of talk a channel keeps */
#define IRC_OUTQ_AHEAD		1	/* lines of talk an answer waits for */

enum outq_kind {
	OUTQ_TALK,	/* table talk: may be dropped when sending falls behind */
	OUTQ_PRIVATE,	/* a private view that asks nothing: never dropped */
	OUTQ_ANSWER,	/* a reply to a command, a "your move": goes first */
};

/* What a message is; the queue keeps it with the message. */
struct outq_info {
	enum outq_kind	kind;
	uint64_t	view;	/* a whole view of this (a table), or 0 */
	int		prompt;	/* it asks its player to move ("your move") */
	uint64_t	made;	/* the caller's clock when it was queued */
	int		first;	/* outq_take: the message's first line */
};

/* An empty queue that holds at most max_lines lines. */
struct irc_outq	*outq_new(int max_lines);
void		 outq_free(struct irc_outq *);
/*
 * Queues a message, n lines (borrowed, copied), for dest (a channel or a
 * nick, borrowed; casefolded here), as info (borrowed) says.  A view
 * replaces dest's older message of the same view still waiting
 * (outq_replaced counts those lines).  Older talk may be dropped to make
 * room (outq_dropped counts it).  0, or -1 with *cause when the queue is
 * full of what cannot be dropped, or dest is too long.
 */
int		 outq_push(struct irc_outq *, const char *dest,
		     char *const *lines, int n, const struct outq_info *,
		     char **cause);
/* What the next line to send is. */
enum outq_class {
	OUTQ_NONE,		/* nothing waits */
	OUTQ_TALK_LINE,		/* table talk */
	OUTQ_PRIVATE_LINE,	/* a line of a queue holding a private line */
	OUTQ_ANSWERING,		/* a line of a queue holding an answer */
	OUTQ_NEW_ANSWER,	/* the first line of an answer */
};
enum outq_class	 outq_next(const struct irc_outq *);
/*
 * The next line to send, out of the queue (caller frees), or NULL; *info
 * says what its message is.
 */
char		*outq_take(struct irc_outq *, struct outq_info *info);
/* Forgets every line waiting for dest (borrowed); how many. */
int		 outq_forget(struct irc_outq *, const char *dest);
/* Lines waiting. */
int		 outq_lines(const struct irc_outq *);
/* Lines of talk dropped so far. */
uint64_t	 outq_dropped(const struct irc_outq *);
/* Lines of views replaced by newer ones so far. */
uint64_t	 outq_replaced(const struct irc_outq *);

/* floor.c: the AI tables take turns at speaking while the queue is busy. */
struct irc_floor;

struct irc_floor *floor_new(void);
void		 floor_free(struct irc_floor *);
/*
 * Asks the floor for channel (borrowed), with waiting chat lines in the
 * send queue, at loop time now (ms): 1 when it may speak now (no line
 * waits and it asked first among those still asking), else 0, and it
 * keeps its place while it asks again within a few seconds.
 */
int		 floor_take(struct irc_floor *, const char *channel, int waiting,
		     uint64_t now);
/* Channels waiting for the floor. */
int		 floor_waiting(const struct irc_floor *);

/* send.c: the send queue, paced by the bucket. */
#define IRC_SENDQ_LINES		2000	/* chat lines waiting, at most */

struct irc_sendq	*sendq_new(struct irc *);
void			 sendq_free(struct irc_sendq *);
/*
 * Queues one protocol line (borrowed; no CR LF) that goes before chat
 * and as soon as we are connected (PONG, registration, JOIN).  0, or -1
 * with *cause when too many wait.
 */
int	 sendq_push(struct irc *, const char *line, char **cause);
/* The connection is up or gone: start or stop pumping. */
void	 sendq_pump(struct irc *);
/* Forgets urgent lines (a new connection starts its own registration). */
void	 sendq_drop_urgent(struct irc *);
/* Forgets the chat lines waiting for target (borrowed); how many. */
int	 sendq_forget(struct irc *, const char *target);
/*
 * 1 while an AI move at channel (borrowed) should wait: lines are waiting
 * to go, or other channels asked first (floor.c).
 */
int	 sendq_behind(struct irc *, const char *channel);
void	 sendq_stop(struct irc *);
/*
 * Sends text (borrowed, any number of lines) as PRIVMSGs to target,
 * shaped by text.c, as one message of kind, a view when view is not 0
 * (outq.c).  0, or -1 with *cause.
 */
int	 sendq_privmsg(struct irc *, const char *target, const char *text,
	     enum outq_kind kind, uint64_t view, char **cause);
/* The same, as info (borrowed) says: its kind, view and prompt. */
int	 sendq_privmsg_as(struct irc *, const char *target, const char *text,
	     const struct outq_info *info, char **cause);

/* conn.c: the connection (TCP, TLS or a websocket) on lib/transport. */
/*
 * Splits irc.url (borrowed) into *u and the kind of connection it asks
 * for, with IRC's default ports (ircs:// 6697, irc:// 6667).  0, or -1
 * with *cause (caller frees) for another scheme or a bad URL.
 */
int	 conn_url(const char *url, struct transport_url *u,
	     enum transport_kind *kind, char **cause);
/* The warning for a URL that is not encrypted (static), or NULL. */
const char *conn_plain_warning(const char *url);
int	 conn_start(struct irc *, char **cause);
void	 conn_stop(struct irc *);
void	 conn_free(struct irc *);
/* 1 when the websocket is open. */
int	 conn_ready(struct irc *);
/* Sends one line (borrowed, no CR LF) now; 0, or -1 when it cannot. */
int	 conn_write(struct irc *, const char *line);
/* Frames written but not yet on the wire. */
int	 conn_backlog(struct irc *);
/* A session got through registration: the next loss retries quickly. */
void	 conn_reset_backoff(struct irc *);
/* Drops the connection (a dead link, an ERROR); reconnects after backoff. */
void	 conn_drop(struct irc *, const char *why);

/* session.c: the IRC session on the connection. */
void	 session_open(struct irc *);
void	 session_line(struct irc *, const char *text, size_t len);
void	 session_lost(struct irc *);
void	 session_init(struct irc *);
void	 session_stop(struct irc *);
/*
 * Writes into buf (len bytes, room for "JOIN " and the longest channel)
 * a JOIN of channels[from] and as many of the next ones (borrowed) as
 * fit; returns the index of the first one left out (n: none).
 */
int	 session_join_line(char *buf, size_t len, char *const *channels, int n,
	     int from);

#endif
