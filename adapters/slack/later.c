/*
 * Answers given later: the bot holds an event's answers behind a commit
 * that settles after the event is over (a PostgreSQL store;
 * bot/saying/outbox.c).  The event's slack_ctx lives on its handler's
 * stack and dies with it, so the bot asks for a hold (adapter_ops.hold)
 * while the event is still on, and gets a copy on the heap back here,
 * in s->later (lib/holds.c) until the bot gives it back (unhold).
 *
 * Slack needs nothing more now: the envelope was acked when it came
 * (socket.c), within Slack's 3 s.  The held answers then go as they
 * would have at once: a private one to the event's response_url as an
 * ephemeral message (or replacing the clicked private message), which
 * Slack takes five times in 30 minutes, else as chat.postEphemeral
 * (reply.c); a public one to the channel.  So nothing private turns into
 * a DM.  The event's own "Done." waits with them: a command that the
 * held answers left unanswered hears it when its hold is given back.
 * A question asked again after a failed commit shares the hold it came
 * with: holds are counted, and the last unhold finishes it.
 */
#include "adapters/slack/slack-int.h"
#include "bot/daemon/log.h"

void *
later_hold(struct adapter *a, const struct bot_event *ev, int private)
{
	struct slack		*s = a->priv;
	struct slack_ctx	*from = ev->reply_ctx, *ctx;

	(void)private;		/* the envelope's ack said nothing */
	if ((ctx = holds_again(&s->later, from)) != NULL)
		return ctx;
	if (from == NULL || from != s->current || s->stopping ||
	    (ctx = holds_copy(&s->later, from, sizeof *from)) == NULL)
		return NULL;
	/* Its "Done.", if nothing else, is the hold's to say. */
	from->answered = 1;
	log_debug("slack: %s's answer comes after its commit", from->user);
	return ctx;
}

void
later_unhold(struct adapter *a, void *held, int done)
{
	struct slack		*s = a->priv;
	struct slack_ctx	*ctx = held;

	if (!holds_put(&s->later, held))
		return;
	if (done && !ctx->answered && !ctx->click)
		reply_say(s, ctx, "Done.");
	holds_free(&s->later, held);
}
