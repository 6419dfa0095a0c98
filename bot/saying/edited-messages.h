/*
 * edited-messages.h: the messages an adapter edits in place, on a
 * platform that posts and edits them one request at a time (Discord,
 * Slack, Telegram): each table's board in its channel (the board op), and each
 * player's private messages of a table in their DM channel (the dm_table
 * op): their view, one message edited in place, and their move's prompt,
 * a short message of its own posted when it becomes their move (so the
 * platform notifies them) and edited without buttons, saying what
 * happened, once it is answered or dropped.  Each is a coalesced message
 * (lib/coalesce) whose id is kept in the store (message-ids.h), so a
 * restarted bot edits the same messages, a repost deletes the old board,
 * and no prompt keeps live buttons after its game.
 *
 * This file owns the three sets of messages, the calls that wait for a
 * DM channel, and which message each call posts or edits.  The platform
 * lends what differs: how a message is sent and deleted, a DM's body,
 * and how a user's DM channel is found or opened.
 */
#ifndef BOT_SAYING_EDITED_MESSAGES_H
#define BOT_SAYING_EDITED_MESSAGES_H

#include <stdint.h>

#include "bot/adapter.h"

struct coalesce;
struct coalesce_msg;
struct edited;

/*
 * The platform's part, each with the adapter's priv for arg:
 * - send: lib/coalesce's send op, posting body to channel, or editing
 *   message id with it;
 * - remove: lib/coalesce's remove op, deleting a board a repost replaced;
 * - body: a DM's body, text with bs (NULL: none left), caller frees;
 * - with_channel: finds or opens user's DM channel (user borrowed) and,
 *   once it is open (at once when it is), calls edited_dm_opened(channel,
 *   call), with channel NULL when it cannot be opened; 0, or -1 with
 *   *cause (DMs closed: call is not answered).
 */
typedef int	 edited_send_fn(struct coalesce_msg *, const char *channel,
		     const char *id, const char *body, void *arg);
typedef void	 edited_remove_fn(const char *channel, const char *id,
		     void *arg);
typedef char	*edited_body_fn(const char *text,
		     const struct adapter_buttons *bs);
typedef int	 edited_with_channel_fn(struct adapter *, const char *user,
		     void *call, char **cause);

/* One set of messages, of a kind: NULL for boards, or a DM's. */
struct edited_set {
	struct edited		*ed;
	const char		*kind;		/* "view", "prompt"; NULL */
	edited_send_fn		*send;
	edited_remove_fn	*remove;	/* NULL: never deleted */
	struct coalesce		*set;		/* NULL until its first show */
};

/* Embedded in the adapter's struct; every field is this file's. */
struct edited {
	struct adapter		*adapter;
	edited_body_fn		*body;
	edited_with_channel_fn	*with_channel;
	struct edited_set	 boards;
	struct edited_set	 views;
	struct edited_set	 prompts;
};

/*
 * Sets up ed (zeroed, or freed) for adapter a (borrowed), its boards sent
 * with send and deleted with remove.
 */
void	edited_init(struct edited *ed, struct adapter *a, edited_send_fn *send,
	    edited_remove_fn *remove);
/* The same for the players' private messages (the dm_table op). */
void	edited_init_dm(struct edited *ed, edited_send_fn *send,
	    edited_body_fn *body, edited_with_channel_fn *with_channel);
/*
 * Shows body (the platform's own, taken over) as table's board in
 * channel (borrowed), how says.
 */
void	edited_board(struct edited *ed, const char *channel, uint64_t table,
	    char *body, enum adapter_board how);
/*
 * The dm_table op on ed: what for table, to user, with text and bs
 * (ASK and ASK_AGAIN only); everything borrowed.  0, or -1 with *cause.
 */
int	edited_dm(struct edited *ed, const char *user, uint64_t table,
	    enum adapter_dm what, const char *text,
	    const struct adapter_buttons *bs, char **cause);
/*
 * The answer to with_channel: call's DM channel (borrowed) is there, or
 * (NULL) it could not be opened.  The call is done, and freed.
 */
void	edited_dm_opened(const char *channel, void *call);
/*
 * Frees the boards, or the players' private messages, forgetting every
 * message (the next show starts a new set); calls still waiting for a
 * DM channel drop their message when answered.  The adapter's client
 * must have stopped (lib/coalesce).
 */
void	edited_free_boards(struct edited *ed);
void	edited_free_dm(struct edited *ed);

#endif
