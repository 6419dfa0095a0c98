/*
 * xmpp-int.h: what the XMPP adapter's files share.  Nothing outside
 * adapters/xmpp includes it; the rest of the bot sees only xmpp.h.
 *
 * The adapter is one struct xmpp: the connection (TCP, TLS or a
 * websocket, on lib/transport), found by URL or DNS SRV, with its
 * reconnects (xconn.c), the XMPP stream on it, negotiated from its header
 * through STARTTLS and SASL to a bound resource, with pings (stream.c),
 * stream management (sm.c), the SASL exchange (sasl.c), the rooms and
 * who sits in them (muc.c), JID helpers (jid.c), old messages (delay.c),
 * each table's board as one room message corrected in place (board.c,
 * with its pure rules in correct.c) and the adapter ops turning messages
 * into bot_events and back (xmpp.c).  Every stanza is read by xml.c, on
 * libexpat.  Everything runs on the bot's one libuv loop.
 */
#ifndef ADAPTERS_XMPP_XMPP_INT_H
#define ADAPTERS_XMPP_XMPP_INT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/queue.h>

#include <uv.h>

#include "bot/adapter.h"

struct board_wait;
struct bot;
struct coalesce;
struct xconn;
struct sasl;
struct xml_node;
struct xml_reader;

#define XMPP_JID_MAX		1023	/* bytes of a JID we keep */
#define XMPP_NICK_MAX		255	/* bytes of a room nickname */
#define XMPP_ROOMS_MAX		64
#define XMPP_OCCUPANTS_MAX	512	/* occupants remembered per room */
#define XMPP_BODY_MAX		4096	/* bytes of a message body we act on */
#define XMPP_TEXT_MAX		8192	/* bytes of one message we send */
#define XMPP_QUEUE_MAX		2000	/* stanzas waiting to be sent */
#define XMPP_BACKOFF_MAX_MS	60000
#define XMPP_NICK_TRIES		5	/* nick conflicts before giving up */
#define XMPP_ID_MAX		64	/* bytes of a board message's id */

#define NS_FRAMING	"urn:ietf:params:xml:ns:xmpp-framing"
#define NS_STREAMS	"http://etherx.jabber.org/streams"
#define NS_CLIENT	"jabber:client"
#define NS_TLS		"urn:ietf:params:xml:ns:xmpp-tls"
#define NS_SASL		"urn:ietf:params:xml:ns:xmpp-sasl"
#define NS_BIND		"urn:ietf:params:xml:ns:xmpp-bind"
#define NS_STANZAS	"urn:ietf:params:xml:ns:xmpp-stanzas"
#define NS_PING		"urn:xmpp:ping"
#define NS_DELAY	"urn:xmpp:delay"
#define NS_DELAY_OLD	"jabber:x:delay"
#define NS_MUC		"http://jabber.org/protocol/muc"
#define NS_MUC_USER	"http://jabber.org/protocol/muc#user"
#define NS_MUC_OWNER	"http://jabber.org/protocol/muc#owner"
#define NS_DATA		"jabber:x:data"
#define NS_CORRECT	"urn:xmpp:message-correct:0"
#define NS_SM		"urn:xmpp:sm:3"

/* Where the stream is. */
enum xmpp_phase {
	XMPP_DOWN,		/* no connection */
	XMPP_OPENING,		/* stream header sent, waiting for features */
	XMPP_TLS,		/* <starttls/> sent, or its handshake running */
	XMPP_AUTH,		/* SASL exchange running */
	XMPP_BINDING,		/* bind iq sent */
	XMPP_ONLINE,		/* bound, presence sent, rooms joined */
};

struct muc_occupant {
	char	nick[XMPP_NICK_MAX + 1];
	char	jid[XMPP_JID_MAX + 1];	/* real bare JID, or "" if unknown */
	int	admin;			/* affiliation owner or admin */
};

struct muc_room {
	char			 jid[XMPP_JID_MAX + 1];	/* bare, lowercase */
	char			 nick[XMPP_NICK_MAX + 1];	/* ours */
	int			 joined;
	int			 tries;		/* nick conflicts in a row */
	char			 config_id[32];	/* our config iq, or "" */
	int			 config_plain;	/* the instant form was sent */
	struct muc_occupant	*occ;
	int			 nocc;

	/* The board we showed last in the room (correct.c). */
	char			 board_id[XMPP_ID_MAX];	/* its first message */
	char			*board_text;	/* the body it shows, or NULL */
	int			 board_last;	/* nothing said here since */
};

struct xmpp {
	struct adapter		 adapter;
	struct adapter_ops	 ops;		/* xmpp.c's, with a board or not */
	struct bot		*bot;
	uv_loop_t		*loop;
	int			 stopping;
	int			 fatal;		/* credentials refused: no retry */

	/* Copied from the config at start, so SIGHUP cannot pull them away. */
	char			*url;		/* "": found by SRV */
	char			*jid;		/* bare, lowercase */
	char			*local;		/* its local part */
	char			*domain;	/* its domain */
	char			*password;	/* never logged */
	char			*resource;
	char			*nick;
	char			*prefix;
	char			*ca_file;
	int			 allow_plain;	/* SASL PLAIN without TLS */
	int			 allow_plaintext; /* c2s without STARTTLS */
	char			*dns_server;	/* for SRV; "": the system's */
	uint64_t		 ping_ms;

	struct xconn		*conn;
	struct xml_reader	*reader;	/* a TCP stream's; NULL on a
						   websocket */
	uint64_t		 last_write;	/* loop time of our last bytes */
	uv_timer_t		 keepalive;	/* whitespace on a TCP stream */
	enum xmpp_phase		 phase;
	int			 authed;	/* SASL succeeded on this socket */
	struct sasl		*sasl;
	char			 full[XMPP_JID_MAX + 1];	/* bound JID */
	char			 bind_id[32];
	uint64_t		 next_id;

	uv_timer_t		 ping;
	char			 ping_id[32];	/* our ping awaiting its answer */

	struct muc_room		 rooms[XMPP_ROOMS_MAX];
	int			 nrooms;

	/* XEP-0198 stream management (sm.c). */
	int			 sm_offered;	/* this stream's features had it */
	int			 sm_counting;	/* <enable/> or <resumed/> done */
	int			 sm_resuming;	/* <resume/> sent */
	char			 sm_id[256];	/* a resumable session's, or "" */
	uint32_t		 sm_in;		/* stanzas received (our h) */
	uint32_t		 sm_acked;	/* ours the server has (its h) */
	char			*unacked[XMPP_QUEUE_MAX];	/* oldest first */
	int			 nunacked;
	char			**sm_resend;	/* a lost session's messages */
	int			 sm_nresend;
	uv_timer_t		 sm_timer;	/* our next <r/> */

	/* Stanzas made while offline, sent once the stream is back. */
	char			*queue[XMPP_QUEUE_MAX];
	int			 nqueue;

	/* Boards corrected in place (board.c), when xmpp.correct is set. */
	uint64_t		 correct_ms;	/* least time between two stanzas
						   of one board */
	char			 tag[16];	/* this run's, in board ids */
	struct coalesce		*boards;
	TAILQ_HEAD(, board_wait) waits;
	uv_timer_t		 board_timer;
};

/* xconn.c: the connection to the server and its reconnects. */
int	 xconn_start(struct xmpp *, char **cause);
/* Writes text (taken over): a websocket message, or stream bytes. */
void	 xconn_send(struct xmpp *, char *text);
/* Drops the connection (why is logged); a reconnect follows. */
void	 xconn_drop(struct xmpp *, const char *why);
/* 1 while the connection is open and not closing. */
int	 xconn_is_open(struct xmpp *);
/* 1 on a websocket (one element a message), 0 on a TCP stream. */
int	 xconn_framed(struct xmpp *);
/* 1 when the bytes go encrypted. */
int	 xconn_secure(struct xmpp *);
/* Starts TLS on the plain TCP connection; stream_secured follows. */
int	 xconn_starttls(struct xmpp *, char **cause);
/* The stream is up: the next loss starts the backoff from the start. */
void	 xconn_reset_backoff(struct xmpp *);
void	 xconn_stop(struct xmpp *);
void	 xconn_free(struct xmpp *);

/* stream.c: the XMPP stream on the connection. */
void	 stream_init(struct xmpp *);
/* The connection is open: send the stream header (or <open/>). */
void	 stream_opened(struct xmpp *);
/* Bytes read (borrowed): one element on a websocket, any on TCP. */
void	 stream_data(struct xmpp *, const char *data, size_t len);
/* STARTTLS's handshake is done: a new stream. */
void	 stream_secured(struct xmpp *);
/* One websocket message (borrowed): one element. */
void	 stream_message(struct xmpp *, const char *text, size_t len);
/* The connection is gone: forget the stream's state. */
void	 stream_lost(struct xmpp *);
void	 stream_stop(struct xmpp *);
/*
 * Sends a stanza (taken over) now when online, else keeps it (capped,
 * oldest dropped) for when the stream is back.
 */
void	 stream_send(struct xmpp *, char *stanza);
/*
 * Appends stanza (taken over) to list, n long of XMPP_QUEUE_MAX, oldest
 * first; a full list frees its oldest first, and then 1 is returned.
 */
int	 stream_list_add(char **list, int *n, char *stanza);
/* Writes a stanza (taken over) now, kept until acked (sm.c). */
void	 stream_write(struct xmpp *, char *text);
/* Binds a new session (after SASL, or when resumption failed). */
void	 stream_bind(struct xmpp *);
/* The session was resumed: online again. */
void	 stream_resumed(struct xmpp *);
void	 stream_free(struct xmpp *);

/* sm.c: XEP-0198 stream management. */
void	 sm_init(struct xmpp *);
void	 sm_stop(struct xmpp *);
void	 sm_free(struct xmpp *);
/* A stanza we wrote (borrowed): kept until the server acks it. */
void	 sm_sent(struct xmpp *, const char *text);
/* A stanza was received: counted. */
void	 sm_received(struct xmpp *);
/* After SASL: 1 when a <resume/> went out, 0 to bind a new session. */
int	 sm_resume(struct xmpp *);
/*
 * Bound: <enable/> when offered; the lost session's unacked messages
 * wait for sm_resend_old.
 */
void	 sm_enable(struct xmpp *);
/* Sends the lost session's unacked messages once (after the joins). */
void	 sm_resend_old(struct xmpp *);
/* An element in the stream management namespace (borrowed). */
void	 sm_element(struct xmpp *, const struct xml_node *);
/* The connection is gone: counting stops; the session may be resumed. */
void	 sm_lost(struct xmpp *);

/* A fresh stanza id ("cb17"), into buf. */
void	 stream_new_id(struct xmpp *, char *buf, size_t len);

/* muc.c: the configured rooms and their occupants. */
void	 muc_init(struct xmpp *, char **rooms);
/* Sends a join presence to every room (no history). */
void	 muc_join_all(struct xmpp *);
/* The stream went down: every room is left, occupants forgotten. */
void	 muc_reset(struct xmpp *);
/* A presence stanza (borrowed). */
void	 muc_presence(struct xmpp *, const struct xml_node *);
/* An iq result or error (borrowed) that may answer our room config. */
int	 muc_iq(struct xmpp *, const struct xml_node *);
/* The room with bare JID jid, or NULL. */
struct muc_room	*muc_room_find(struct xmpp *, const char *jid);
/* The occupant nick of room, or NULL. */
struct muc_occupant *muc_occupant_find(struct muc_room *, const char *nick);
/* A nick the user with real bare JID jid has in some room, or NULL. */
const char	*muc_nick_of(struct xmpp *, const char *jid);

/* jid.c: JIDs as text. */
/*
 * Splits jid (borrowed) into its bare part and resource (either buffer may
 * be NULL); 0, or -1 when it is empty, malformed or too long.
 */
int	 jid_split(const char *jid, char *bare, size_t barelen, char *res,
	     size_t reslen);
/* Whether two bare JIDs are the same (case-insensitive, as nodeprep). */
int	 jid_bare_eq(const char *, const char *);
/* Lowercases s in place (ASCII). */
void	 jid_lower(char *s);

/* delay.c: old (delay-stamped) messages; pure functions. */
enum xmpp_delay {
	XMPP_DELAY_NONE,	/* a live message */
	XMPP_DELAY_IGNORE,	/* room history, or nobody to answer */
	XMPP_DELAY_ANSWER,	/* a 1:1 chat sent while we were away */
};
/*
 * What to do with message msg (borrowed) from bare JID bare, which is
 * one of our rooms (or an occupant of one) when from_room; self is our
 * own bare JID.
 */
enum xmpp_delay	 delay_classify(const struct xml_node *msg, const char *bare,
		     int from_room, const char *self);
/* The answer to a 1:1 message (body, borrowed) sent while we were away;
 * caller frees. */
char		*delay_answer(const char *body);

/* correct.c: XEP-0308 Last Message Correction for boards; pure functions. */
enum correct_way {
	CORRECT_SKIP,		/* the room shows this body already */
	CORRECT_EDIT,		/* a correction of the board's first message */
	CORRECT_POST,		/* a new message, the board's new first one */
};
/*
 * How to show body (borrowed) of the board whose first message is id
 * (borrowed; NULL for a board not posted yet) in room r (borrowed).
 */
enum correct_way correct_choose(const struct muc_room *r, const char *id,
		     const char *body);
/* A stanza of board id (borrowed) showing body (copied) went to r. */
void		 correct_sent(struct muc_room *r, const char *id,
		     const char *body);
/*
 * r's board is no longer our last message there: we said something else
 * in r, left it, or never got in.
 */
void		 correct_break(struct muc_room *r);
/* Forgets r's board and frees what it held. */
void		 correct_reset(struct muc_room *r);
/*
 * A board's body: the lines of news (may be NULL) that text does not hold
 * already, then text.  Strings borrowed; caller frees.
 */
char		*correct_body(const char *news, const char *text);
/*
 * A groupchat message with id to room showing text (cut at a line to
 * XMPP_TEXT_MAX bytes), correcting message replace (NULL: a new
 * message).  Strings borrowed; caller frees.
 */
char		*correct_stanza(const char *room, const char *id,
		     const char *replace, const char *text);

/* board.c: each table's board, one room message corrected in place. */
void	 xmpp_board_init(struct xmpp *);
/* The adapter's board op (see bot/adapter.h). */
int	 xmpp_board_show(struct adapter *, const char *channel, uint64_t table,
	     const char *news, const char *text, const struct adapter_view *,
	     const struct adapter_buttons *, enum adapter_board how, char **cause);
/* Stops the timer; nothing waiting is sent. */
void	 xmpp_board_stop(struct xmpp *);
void	 xmpp_board_free(struct xmpp *);

/* xmpp.c */
/* A message stanza (borrowed): a command for the bot, or ignored. */
void	 xmpp_message(struct xmpp *, const struct xml_node *);
/* Length in bytes of text's first part: at most XMPP_TEXT_MAX, cut at a line. */
size_t	 xmpp_split(const char *text);
/*
 * A message stanza of type to to, with id, showing body (escaped here);
 * private marks a private room message, replace (may be NULL) the id of
 * the message it corrects (XEP-0308).  Strings borrowed; caller frees.
 */
char	*xmpp_stanza(const char *to, const char *type, const char *id,
	     int private, const char *body, const char *replace);

#endif
