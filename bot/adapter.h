/*
 * adapter.h: what a chat platform looks like to the bot.
 *
 * An adapter translates one platform's protocol into bot_events and carries
 * the bot's messages back.  It never looks inside a game.  Adapters are a
 * const ops table plus an instance (struct adapter) holding their state.
 */
#ifndef BOT_ADAPTER_H
#define BOT_ADAPTER_H

#include <stddef.h>
#include <stdint.h>

struct bot;
struct adapter;

/* Capability flags. */
#define ADAPTER_EPHEMERAL	0x1	/* can answer one user privately in a channel */
#define ADAPTER_BUTTONS		0x2	/* messages can carry buttons */
#define ADAPTER_EDIT		0x4	/* a sent message can be edited */
/*
 * A plain-text chat where a long answer floods: IRC sends it a line at a
 * time under the server's flood limits, an XMPP client shows it whole in
 * the conversation.  The bot keeps answers there short (help fits in
 * CMD_HELP_SHORT_LINES lines).
 */
#define ADAPTER_TERSE		0x8
#define ADAPTER_VIEW		0x10	/* shows a board's view (a card), not its text */
/*
 * The operator's own terminal (the console): its users are held to none
 * of the per-user limits of [tables], the command budget, the repost gap
 * and the table caps (bot/commands/flood.c).  An adapter whose settings
 * ask for them (console.limits, as tests do) leaves the flag out.
 */
#define ADAPTER_OPERATOR	0x20
/*
 * A board's news line is the public answer of the command that made it
 * (Discord's interaction response): one held behind a commit goes out
 * as that answer, through the command's hold (see adapter_ops.hold).
 */
#define ADAPTER_NEWS_ANSWERS	0x40

/*
 * Buttons a message may carry (ADAPTER_BUTTONS), in rows.  An id is the
 * bot's own opaque text: a click comes back as a bot_event with is_button
 * set and text the id.  The limits are Discord's, the strictest platform.
 */
#define ADAPTER_BUTTON_ROWS	5
#define ADAPTER_ROW_MAX		5	/* buttons in one row */
#define ADAPTER_BUTTONS_MAX	(ADAPTER_BUTTON_ROWS * ADAPTER_ROW_MAX)
#define ADAPTER_LABEL_MAX	80	/* characters of a label */
#define ADAPTER_BUTTON_ID_MAX	100	/* bytes of an id */

enum adapter_style {
	ADAPTER_STYLE_PRIMARY,		/* the obvious next click */
	ADAPTER_STYLE_SECONDARY,	/* everything else */
	ADAPTER_STYLE_SUCCESS,
	ADAPTER_STYLE_DANGER,
};

struct adapter_button {
	char	label[ADAPTER_LABEL_MAX * 4 + 1];	/* UTF-8 */
	char	id[ADAPTER_BUTTON_ID_MAX + 1];
	int	style;		/* enum adapter_style */
	int	row;		/* 0 .. ADAPTER_BUTTON_ROWS - 1, ascending */
};

struct adapter_buttons {
	int			n;
	struct adapter_button	b[ADAPTER_BUTTONS_MAX];
};

/* How a board update is meant (the board op's how). */
enum adapter_board {
	ADAPTER_BOARD_UPDATE,	/* edit the table's message (post the first) */
	ADAPTER_BOARD_REPOST,	/* post it again at the bottom, drop the old */
	ADAPTER_BOARD_FINAL,	/* a last edit; the table is over */
};

/*
 * What a dm_table call does with a player's private messages of a table
 * (see the op): the view is one message edited in place; the prompt is a
 * short message of its own, posted when it becomes their move (so they
 * are notified) and cleared once answered.
 */
enum adapter_dm {
	ADAPTER_DM_VIEW,	/* edit the view (post the first) */
	ADAPTER_DM_ASK,		/* post a new prompt (clearing an old one) */
	ADAPTER_DM_ASK_AGAIN,	/* edit the prompt in place (post if none) */
	ADAPTER_DM_DONE,	/* the prompt is over: text, no buttons */
	ADAPTER_DM_END,		/* the game is over: DONE, and forget both */
};

/*
 * A board in parts (the board op's view), for a platform that shows a
 * board as a card (ADAPTER_VIEW): Discord's embed, Slack's Block Kit.
 * The bot builds it from the game's own parts; like the board's text it
 * never holds a secret.  The parts said to be plain name players by their
 * names, for the places where a platform shows no mentions (titles, field
 * names, footers); the others carry the platform's mentions, as text does.
 * Every part is UTF-8 cut at its buffer's end; the adapter still cuts
 * each to its platform's limits.
 */
#define ADAPTER_VIEW_FIELDS	12
#define ADAPTER_VIEW_NAME_MAX	512	/* bytes of the title, a field's name */
#define ADAPTER_VIEW_VALUE_MAX	2048	/* bytes of a field's value */
#define ADAPTER_VIEW_TEXT_MAX	2048	/* bytes of the other parts */

/* What a board's colour says. */
enum adapter_view_state {
	ADAPTER_VIEW_LOBBY,	/* waiting for players */
	ADAPTER_VIEW_RUNNING,
	ADAPTER_VIEW_PAUSED,	/* moves cannot be saved now */
	ADAPTER_VIEW_OVER,	/* won, tied or ended */
};

struct adapter_view_field {
	char	name[ADAPTER_VIEW_NAME_MAX];	/* plain: "alice's shaker" */
	char	value[ADAPTER_VIEW_VALUE_MAX];	/* "1 🥃 whisky\n3 cards in hand" */
	int	wide;		/* 1: a whole row; 0: may sit beside others */
};

struct adapter_view {
	int				state;	/* enum adapter_view_state */
	/* Plain: the game and the table, "CHEERS · table 7". */
	char				title[ADAPTER_VIEW_NAME_MAX];
	/* Whose turn and on what, or the result. */
	char				status[ADAPTER_VIEW_TEXT_MAX];
	char				footer[ADAPTER_VIEW_TEXT_MAX];	/* status, plain */
	/* What belongs to no seat (decks, piles); may be "". */
	char				summary[ADAPTER_VIEW_TEXT_MAX];
	/* The last moves, oldest first, one a line; may be "". */
	char				recent[ADAPTER_VIEW_TEXT_MAX];
	int				nfields;
	struct adapter_view_field	field[ADAPTER_VIEW_FIELDS];
};

/*
 * One inbound command.  Every string is borrowed from the adapter for the
 * duration of the callback; the bot copies what it keeps.
 */
struct bot_event {
	struct adapter	*adapter;
	const char	*user_id;	/* platform user id */
	const char	*user_name;	/* display name */
	const char	*channel;	/* channel id; for a DM, the DM channel */
	int		 is_dm;		/* spoken in a direct message */
	/*
	 * The server the channel belongs to: a Discord guild, a Slack
	 * workspace, an IRC network, an XMPP service; NULL in a DM and
	 * where the platform has one server only (the console).  A
	 * finished table is shown only on its own server.
	 */
	const char	*server;
	int		 is_admin;	/* the platform says: channel admin */
	const char	*text;		/* command text after the command word:
					   "play 2 @bob"; with is_button, the
					   button's id */
	int		 is_button;	/* a click on one of the bot's buttons */
	void		*reply_ctx;	/* adapter's handle to answer this event */
	/*
	 * Answered after its event was over (held behind a commit that
	 * settled later) on an adapter whose reply_ctx died with it and
	 * that made no hold of it (adapter_ops.hold): reply_ctx is NULL
	 * now and the answer goes as a private message (private, or asked
	 * in a DM) or to the channel.
	 */
	int		 detached;
};

struct adapter_ops {
	const char	*name;		/* "console": also the platform prefix of user ids */
	int		 flags;		/* ADAPTER_* */

	/* Starts connecting on the bot's loop; 0, or -1 with *cause. */
	int	 (*start)(struct adapter *, char **cause);
	/* Begins an orderly close; the adapter calls bot_adapter_closed when done. */
	void	 (*stop)(struct adapter *);
	/*
	 * Optional (may be NULL): the config was read again (SIGHUP); an
	 * adapter stopped for a refused credential starts again with a new
	 * one.
	 */
	void	 (*reload)(struct adapter *);
	/*
	 * Optional: batches of output were released, so input the adapter
	 * paused until they were (the console's: outbox_operator_ticket)
	 * may go on.  Called from the loop, often; a no-op when nothing is
	 * paused or what it waits for is still in flight.
	 */
	void	 (*resume)(struct adapter *);
	void	 (*free_adapter)(struct adapter *);

	/* Posts public text to a channel; 0 or -1 with *cause. text is borrowed. */
	int	 (*send_channel)(struct adapter *, const char *channel,
		     const char *text, char **cause);
	/*
	 * Sends text privately to a user, with buttons (may be NULL; ignored
	 * without ADAPTER_BUTTONS); 0 or -1 with *cause (e.g. DMs closed).
	 */
	int	 (*send_dm)(struct adapter *, const char *user_id,
		     const char *text, const struct adapter_buttons *,
		     char **cause);
	/*
	 * Optional (may be NULL), for an adapter that queues its output
	 * (IRC does): send_dm of a player's private text of a table, with
	 * hints on how it may wait, given instead of send_dm whenever one
	 * is set.  view is the table's id (never 0) when text is their
	 * whole view of it, so a newer view may replace an older one to the
	 * same user not sent yet; prompt says text asks them to move ("your
	 * move"), so it may go before table talk.
	 */
	int	 (*send_dm_hinted)(struct adapter *, const char *user_id,
		     const char *text, const struct adapter_buttons *,
		     uint64_t view, int prompt, char **cause);
	/*
	 * Answers an event: privately to its user (ephemeral) when private is
	 * set and the platform can, publicly in its channel otherwise.  With
	 * private set on a platform without ephemerals the bot uses send_dm
	 * instead, so an adapter never leaks a private reply.  buttons as
	 * send_dm.  An answer to a click on a private message may replace
	 * that message, where the platform can.
	 */
	int	 (*reply)(struct adapter *, const struct bot_event *, int private,
		     const char *text, const struct adapter_buttons *,
		     char **cause);
	/*
	 * ADAPTER_EDIT only (NULL otherwise): shows table's board, the one
	 * public message of a running game, in channel: text with buttons
	 * (may be NULL), edited in place and coalesced by the adapter.
	 * news is what just happened (may be NULL): the board's text holds
	 * it already, so the adapter posts it only where the platform wants
	 * an answer anyway (a slash command's reply).  view is the same
	 * board in parts, given (else NULL) when the adapter has ADAPTER_VIEW
	 * and the game can tell its parts; text is for what shows no card
	 * (notifications, logs).  Everything borrowed.
	 */
	int	 (*board)(struct adapter *, const char *channel, uint64_t table,
		     const char *news, const char *text,
		     const struct adapter_view *view,
		     const struct adapter_buttons *, enum adapter_board how,
		     char **cause);
	/*
	 * Optional (may be NULL; needs ADAPTER_EDIT): a player's private
	 * messages of table, as what says (enum adapter_dm), instead of a
	 * DM a move (send_dm).  text is the whole message; buttons as
	 * send_dm (ASK, ASK_AGAIN only).  The adapter keeps the messages'
	 * ids across restarts; DONE and END without a prompt do nothing to
	 * it.  Everything borrowed.  0, or -1 with *cause (DMs closed).
	 */
	int	 (*dm_table)(struct adapter *, const char *user_id,
		     uint64_t table, enum adapter_dm what, const char *text,
		     const struct adapter_buttons *, char **cause);
	/*
	 * Optional (may be NULL): how to name a channel in text, into buf
	 * (capped): "<#123>" on Discord.  Without it the id itself is shown.
	 */
	void	 (*channel_name)(struct adapter *, const char *channel,
		     char *buf, size_t len);
	/*
	 * Writes how to name a user in text into buf (capped); "@name" when
	 * NULL.  user_id is NULL for an AI seat, which has no account to
	 * notify: the adapter writes name as its platform shows a plain name
	 * (the bare name where "@" means something else, as on IRC).
	 */
	void	 (*mention)(struct adapter *, const char *user_id, const char *name,
		     char *buf, size_t len);
	/*
	 * Optional (may be NULL): what a player types before a command here,
	 * into buf (capped): "!cheers" where the platform's clients take "/"
	 * for themselves.  Without it, "/" and bot.command.  Every command
	 * the bot writes into text starts with it (render_command).
	 */
	void	 (*command)(struct adapter *, char *buf, size_t len);
	/*
	 * Optional (may be NULL), where the platform paces the bot (IRC's
	 * flood limits): 1 while an AI move at a table in channel (borrowed)
	 * should wait, because lines said now would wait to go; the adapter
	 * lets the channels asking take turns.  The bot asks again every
	 * TABLE_HOLD_MS (bot/tables/sched.c), so AI games go at the pace their log
	 * can be posted, none of it dropped for lack of room, and each move's
	 * line goes out as the move is made.
	 */
	int	 (*behind)(struct adapter *, const char *channel);
	/*
	 * Optional (may be NULL), both or neither: ev's answers wait past
	 * its event, behind a commit that settles later, while its
	 * reply_ctx dies with the event.  hold, called while the event is
	 * still on, returns a handle of the adapter's own that answers it
	 * later in the platform's form (the bot puts it in reply_ctx and
	 * calls reply), or NULL (then the answers go detached).  private:
	 * an answer held for it is private, so an acknowledgement made
	 * now must be private too.  ev is borrowed; its reply_ctx may be
	 * a handle hold made before (a question asked again).  unhold
	 * gives a handle back once its answers are all given (done set,
	 * the adapter may finish the exchange) or dropped (the bot is
	 * going away: it frees it, and sends nothing).
	 */
	void	*(*hold)(struct adapter *, const struct bot_event *ev,
		     int private);
	void	 (*unhold)(struct adapter *, void *held, int done);
};

struct adapter {
	const struct adapter_ops	*ops;
	struct bot			*bot;
	void				*priv;	/* the adapter's own state */
};

#endif
