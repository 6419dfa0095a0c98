/*
 * coalesce: each table's one public message, posted once and then edited
 * in place as the game moves, on a platform that takes one request at a
 * time per message (Discord's PATCH, Slack's chat.update).
 *
 * One request per message is in flight at a time; an update that comes
 * meanwhile replaces the one waiting, so a table whose moves come faster
 * than the platform takes edits sends only its newest state.  A message
 * someone deleted is posted anew.  A repost posts a fresh message (at the
 * bottom of the channel) and deletes the old one.  A final update is
 * sent, then the message is forgotten.  Where the platform keeps the
 * ids (the recall and keep ops), a restarted bot edits the same message;
 * otherwise a table's next update after a restart posts a new one.
 *
 * The platform sends, through the ops, and reports each request's end
 * with coalesce_done.  Bodies are the platform's own text (JSON); this
 * file never reads them.
 */
#ifndef LIB_COALESCE_H
#define LIB_COALESCE_H

#include <stddef.h>
#include <stdint.h>

struct coalesce;
struct coalesce_msg;

#define COALESCE_ID_MAX		64	/* a message id the platform gave */
#define COALESCE_CHANNEL_MAX	64	/* a channel id */
#define COALESCE_REPOST		0x1	/* post anew, delete the old one */
#define COALESCE_FINAL		0x2	/* forget the message once sent */
#define COALESCE_EDIT_ONLY	0x4	/* only ever edit it: never post it */

struct coalesce_ops {
	/*
	 * Sends body (borrowed) to channel (borrowed): a new message when id
	 * is NULL, else an edit of message id (borrowed).  0 when the request
	 * went out, and the platform calls coalesce_done(m, ...) when it is
	 * over; -1 (having logged why) when it could not go: the body waits
	 * for the next update.
	 */
	int	(*send)(struct coalesce_msg *m, const char *channel,
		    const char *id, const char *body, void *arg);
	/* Deletes message id in channel, which a repost replaced. */
	void	(*remove)(const char *channel, const char *id, void *arg);
	/*
	 * Optional (may be NULL): the id of table's message in channel that
	 * an earlier run kept, into buf (capped at len); 1 when there is
	 * one, else 0.  Asked once, when the set first meets the message.
	 */
	int	(*recall)(const char *channel, uint64_t table, char *buf,
		    size_t len, void *arg);
	/*
	 * Optional (may be NULL): table's message in channel is now id
	 * (borrowed), or is forgotten (id NULL: it is gone, or final).
	 */
	void	(*keep)(const char *channel, uint64_t table, const char *id,
		    void *arg);
};

/* A set of messages sent through ops (borrowed, must outlive it). */
struct coalesce	*coalesce_new(const struct coalesce_ops *, void *arg);
/*
 * Frees the set and every message.  Requests still in flight must never
 * call coalesce_done afterwards (stop the platform's client first).
 */
void		 coalesce_free(struct coalesce *);

/*
 * The newest body (taken over) of table's message in channel (borrowed),
 * with COALESCE_* flags; sent now or when the request in flight is over.
 * body NULL changes only the flags (final with no new body: forget the
 * message once what waits is sent).  After a final update, a new update
 * of the same table and channel is a new message.  An edit-only message
 * that was never posted (or is gone) drops its body instead.  Returns 1
 * when it replaced a body that was still waiting, else 0.
 */
int		 coalesce_show(struct coalesce *, const char *channel,
		    uint64_t table, char *body, int flags);
/*
 * coalesce_show on *setp, which is made (through ops with arg) by the
 * first show; repost and final, when true, add COALESCE_REPOST and
 * COALESCE_FINAL to the flags.  Returns what coalesce_show returns.
 */
int		 coalesce_show_in(struct coalesce **setp,
		    const struct coalesce_ops *ops, void *arg,
		    const char *channel, uint64_t table, char *body,
		    int repost, int final);
/*
 * The request for m is over: id is the message it posted or edited
 * (borrowed), NULL when it failed; gone when the platform says the
 * message is no more (it is posted anew).  May send the next body.
 */
void		 coalesce_done(struct coalesce_msg *m, const char *id, int gone);
/* m's channel, for logs; borrowed. */
const char	*coalesce_channel(const struct coalesce_msg *m);

#endif
