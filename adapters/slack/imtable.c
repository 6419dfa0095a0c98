/*
 * A player's private messages of a table (the dm_table op), as on
 * Discord (adapters/discord/dmtable.c): their view, one IM message edited
 * in place (chat.update), and their move's prompt, a short message with
 * the move buttons posted when it becomes their move (so Slack notifies
 * them) and edited without buttons, saying what happened, once it is
 * answered or dropped.  The messages' ts are kept in the store
 * (bot/saying/message-ids.h), so a restarted bot edits the same messages.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/daemon/log.h"
#include "bot/saying/message-ids.h"
#include "lib/coalesce.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

/* What an older prompt says once a newer one replaces it. */
#define IMT_MOVED	"The game moved on; your move is in the newest message."

/* The sets' recall and keep ops take the adapter for their arg. */
_Static_assert(offsetof(struct slack, adapter) == 0,
    "struct slack must begin with its struct adapter");

/* One dm_table call waiting for the IM channel. */
struct imt_call {
	uint64_t		 table;
	enum adapter_dm		 what;
	char			*body;
};

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

static int
imt_send(struct coalesce_msg *m, const char *channel, const char *ts,
    const char *body, void *arg)
{
	return tablemsg_call(arg, m, channel, ts, body, imt_done);
}

/* A prompt or a view is never deleted: it is edited. */
static void
imt_remove(const char *channel, const char *ts, void *arg)
{
	(void)channel;
	(void)ts;
	(void)arg;
}

static const struct coalesce_ops imt_view_ops = {
	.send = imt_send,
	.remove = imt_remove,
	.recall = msgref_recall_view,
	.keep = msgref_keep_view,
};

static const struct coalesce_ops imt_prompt_ops = {
	.send = imt_send,
	.remove = imt_remove,
	.recall = msgref_recall_prompt,
	.keep = msgref_keep_prompt,
};

/* A message's JSON: text in blocks with bs (NULL: none left). */
static char *
imt_body(const char *text, const struct adapter_buttons *bs)
{
	cJSON	*want = cJSON_CreateObject();

	blocks_message(want, text, bs);
	return json_print(want);
}

/* Does the call on the IM channel (NULL: it could not be opened). */
static void
imt_run(struct slack *s, const char *channel, void *arg)
{
	struct imt_call	*c = arg;

	if (channel == NULL || s->dm_views == NULL)
		free(c->body);
	else
		msgref_dm_show(s->dm_views, s->dm_prompts, channel, c->table,
		    c->what, c->body, c->what != ADAPTER_DM_ASK ? NULL :
		    imt_body(IMT_MOVED, NULL));
	free(c);
}

int
imtable_show(struct adapter *a, const char *user_id, uint64_t table,
    enum adapter_dm what, const char *text, const struct adapter_buttons *bs,
    char **cause)
{
	struct slack	*s = a->priv;
	struct imt_call	*c;

	if (!slack_id_ok(user_id))
		return set_cause(cause, "the user is not a Slack id");
	if (s->dm_views == NULL) {
		s->dm_views = coalesce_new(&imt_view_ops, s);
		s->dm_prompts = coalesce_new(&imt_prompt_ops, s);
	}
	c = xcalloc(1, sizeof *c);
	c->table = table;
	c->what = what;
	c->body = imt_body(text, what == ADAPTER_DM_ASK ||
	    what == ADAPTER_DM_ASK_AGAIN ? bs : NULL);
	if (im_with_channel(s, user_id, imt_run, c, cause) != 0) {
		free(c->body);
		free(c);
		return -1;
	}
	return 0;
}

void
imtable_free_all(struct slack *s)
{
	coalesce_free(s->dm_views);
	coalesce_free(s->dm_prompts);
	s->dm_views = s->dm_prompts = NULL;
}
