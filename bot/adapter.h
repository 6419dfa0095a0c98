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
 * One inbound command.  Every string is borrowed from the adapter for the
 * duration of the callback; the bot copies what it keeps.
 */
struct bot_event {
	struct adapter	*adapter;
	const char	*user_id;	/* platform user id */
	const char	*user_name;	/* display name */
	const char	*channel;	/* channel id; for a DM, the DM channel */
	int		 is_dm;		/* spoken in a direct message */
	int		 is_admin;	/* the platform says: channel admin */
	const char	*text;		/* command text after the command word:
					   "play 2 @bob"; with is_button, the
					   button's id */
	int		 is_button;	/* a click on one of the bot's buttons */
	void		*reply_ctx;	/* adapter's handle to answer this event */
};

struct adapter_ops {
	const char	*name;		/* "console": also the platform prefix of user ids */
	int		 flags;		/* ADAPTER_* */

	/* Starts connecting on the bot's loop; 0, or -1 with *cause. */
	int	 (*start)(struct adapter *, char **cause);
	/* Begins an orderly close; the adapter calls bot_adapter_closed when done. */
	void	 (*stop)(struct adapter *);
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
	 * an answer anyway (a slash command's reply).  Strings borrowed.
	 */
	int	 (*board)(struct adapter *, const char *channel, uint64_t table,
		     const char *news, const char *text,
		     const struct adapter_buttons *, enum adapter_board how,
		     char **cause);
	/*
	 * Optional (may be NULL): how to name a channel in text, into buf
	 * (capped): "<#123>" on Discord.  Without it the id itself is shown.
	 */
	void	 (*channel_name)(struct adapter *, const char *channel,
		     char *buf, size_t len);
	/* Writes how to mention a user into buf (capped); "@name" by default. */
	void	 (*mention)(struct adapter *, const char *user_id, const char *name,
		     char *buf, size_t len);
};

struct adapter {
	const struct adapter_ops	*ops;
	struct bot			*bot;
	void				*priv;	/* the adapter's own state */
	/*
	 * Hints the bot sets only while send_dm carries a player's view of
	 * a table, for an adapter that queues its output (IRC does): view
	 * is the table's id (never 0), so a newer view may replace an older
	 * one to the same user not sent yet; prompt says the view asks
	 * them to move ("your move"), so it may go before table talk.
	 */
	uint64_t			 view;
	int				 prompt;
};

#endif
