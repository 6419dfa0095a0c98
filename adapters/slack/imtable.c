/*
 * A player's private messages of a table (the dm_table op), which
 * bot/saying/edited-messages.c keeps: Slack's part.  They are posted or
 * edited as a table's message is (tablemsg_call, chat.update by its ts),
 * with an answer of their own: a user who cannot get DMs is marked
 * (im.c), and an IM channel Slack forgot is opened again and the message
 * posted anew.  Their IM channel is im.c's.
 */
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "lib/coalesce.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

/*
 * The DM channel was opened again after Slack forgot it (im_lost_channel):
 * the newest state of the message is posted anew (NULL: it could not be).
 */
static void
imt_reopened(struct slack *s, const char *channel, void *arg)
{
	(void)s;
	coalesce_done(arg, NULL, channel != NULL);
}

static void
imt_done(struct slack *s, const struct web_result *res, void *arg)
{
	const char	*ts = NULL, *channel = coalesce_channel(arg);
	int		 gone = 0;

	if (res->error == NULL) {
		ts = json_string(res->json, "ts", SLACK_TS_MAX - 1);
		im_lost_channel(s, channel, NULL, NULL, NULL);
	} else if (res->slack_error != NULL &&
	    strcmp(res->slack_error, "message_not_found") == 0)
		gone = 1;
	else if (!im_refused_channel(s, channel, res->slack_error) &&
	    im_lost_channel(s, channel, res->slack_error != NULL ?
	    res->slack_error : res->error, imt_reopened, arg))
		return;		/* imt_reopened finishes it */
	coalesce_done(arg, ts, gone);
}

int
imtable_send(struct coalesce_msg *m, const char *channel, const char *ts,
    const char *body, void *arg)
{
	return tablemsg_call(arg, m, channel, ts, body, imt_done);
}

/* im.c found or opened the IM channel of a waiting call. */
static void
imt_opened(struct slack *s, const char *channel, void *call)
{
	(void)s;
	edited_dm_opened(channel, call);
}

int
imtable_with_channel(struct adapter *a, const char *user, void *call,
    char **cause)
{
	return im_with_channel(a->priv, user, imt_opened, call, cause);
}

int
imtable_show(struct adapter *a, const char *user_id, uint64_t table,
    enum adapter_dm what, const char *text, const struct adapter_buttons *bs,
    char **cause)
{
	struct slack	*s = a->priv;

	if (!slack_id_ok(user_id))
		return set_cause(cause, "the user is not a Slack id");
	return edited_dm(&s->edited, user_id, table, what, text, bs, cause);
}
