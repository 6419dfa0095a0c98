/*
 * Held interactions: answers the bot gives after their interaction's
 * event is over, held behind a commit that settles later (a PostgreSQL
 * store; bot/saying/outbox.c).  The interaction on interaction_handle's
 * stack dies with its event, so the bot asks for a hold (adapter_ops.hold)
 * while the event is still on, and gets one back here: a copy on the
 * heap, in d->holds (lib/holds.c), that the bot gives back through
 * unhold.
 *
 * Discord wants every interaction acknowledged within 3 s, and the
 * commit may take longer: a hold acknowledges at once, a command with a
 * deferred answer (type 5, its "thinking" shown to the user alone when
 * a held answer is private, for the form is fixed by the deferral), a
 * click with a deferred update (type 6).  The held answers then come on
 * the interaction's token, good for 15 minutes: the first one in the
 * deferral's form edits the deferred answer (PATCH @original), the
 * others are followups, flag 64 on the private ones.  An answer whose
 * form the deferral cannot take (a public one while the "thinking" is
 * ephemeral), or one after DISCORD_HOLD_MS, goes as a detached answer
 * would: a private one as a DM, a public one to the channel.  A deferred
 * answer still unfilled when its hold is given back says "Done."
 * (privately, as an unanswered command's would) or goes, if public.
 *
 * A question asked again after a failed commit holds the hold it came
 * with again: holds are counted, and the last unhold finishes it.
 */
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/daemon/log.h"
#include "lib/xmalloc.h"

/*
 * The hold op: ev's interaction (the one being handled, or a hold made
 * before) kept for answers after its event; NULL when there is none, too
 * many are held, or it could not be acknowledged.  The caller gives it
 * back with held_unhold.
 */
void *
held_hold(struct adapter *a, const struct bot_event *ev, int private)
{
	struct discord		*d = a->priv;
	struct interaction	*from = ev->reply_ctx, *ix;
	char			*cause = NULL;

	if ((ix = holds_again(&d->holds, from)) != NULL)
		return ix;
	if (from == NULL || from != d->current || d->stopping ||
	    (ix = holds_copy(&d->holds, from, sizeof *from)) == NULL)
		return NULL;
	if (!from->responded) {
		if (interaction_defer(d, from, private, &cause) != 0) {
			log_warn("discord: %s", cause);
			free(cause);
			holds_free(&d->holds, ix);
			return NULL;
		}
		/* Deferred just now: its answer is the hold's to give. */
		ix->open = from->component ? from->private_msg : 1;
		ix->ephemeral = !from->component && private;
	}
	ix->responded = 1;
	ix->until = uv_now(d->loop) + DISCORD_HOLD_MS;
	log_debug("discord: interaction %s is answered after its commit",
	    ix->id);
	return ix;
}

int
held_reply(struct discord *d, struct interaction *ix,
    const struct bot_event *ev, int private, const char *text,
    const struct adapter_buttons *bs, const cJSON *components, char **cause)
{
	if (uv_now(d->loop) < ix->until && (!ix->open || ix->component ||
	    private == ix->ephemeral))
		return interaction_send(d, ix, private, text, components,
		    cause);
	if (private || ev->is_dm)
		return dm_send(d, ev->user_id, text, bs, cause);
	return discord_post(d, ev->channel, text, components, NULL, NULL,
	    cause);
}

/*
 * The unhold op: one hold of held is given back; the last finishes a
 * deferred answer left unfilled (done) and frees it.
 */
void
held_unhold(struct adapter *a, void *held, int done)
{
	struct discord		*d = a->priv;
	struct interaction	*ix = held;
	char			*cause = NULL;
	int			 rc = 0;

	if (!holds_put(&d->holds, held))
		return;
	if (done && ix->open && !ix->component && !d->stopping &&
	    uv_now(d->loop) < ix->until) {
		if (ix->ephemeral)
			rc = interaction_send(d, ix, 1, "Done.", NULL, &cause);
		else
			rc = interaction_delete_original(d, ix, &cause);
		if (rc != 0) {
			log_warn("discord: %s", cause);
			free(cause);
		}
	}
	holds_free(&d->holds, held);
}
