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

struct bot;
struct adapter;

/* Capability flags. */
#define ADAPTER_EPHEMERAL	0x1	/* can answer one user privately in a channel */
#define ADAPTER_BUTTONS		0x2	/* messages can carry buttons */
#define ADAPTER_EDIT		0x4	/* a sent message can be edited */

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
	const char	*text;		/* command text after the command word: "play 2 @bob" */
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
	/* Sends text privately to a user; 0 or -1 with *cause (e.g. DMs closed). */
	int	 (*send_dm)(struct adapter *, const char *user_id,
		     const char *text, char **cause);
	/*
	 * Answers an event: privately to its user (ephemeral) when private is
	 * set and the platform can, publicly in its channel otherwise.  With
	 * private set on a platform without ephemerals the bot uses send_dm
	 * instead, so an adapter never leaks a private reply.
	 */
	int	 (*reply)(struct adapter *, const struct bot_event *, int private,
		     const char *text, char **cause);
	/* Writes how to mention a user into buf (capped); "@name" by default. */
	void	 (*mention)(struct adapter *, const char *user_id, const char *name,
		     char *buf, size_t len);
};

struct adapter {
	const struct adapter_ops	*ops;
	struct bot			*bot;
	void				*priv;	/* the adapter's own state */
};

#endif
