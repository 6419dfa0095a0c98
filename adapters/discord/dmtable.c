/*
 * A player's private messages of a table (the dm_table op): their view,
 * one DM message edited in place, and their move's prompt, a short DM of
 * its own with the move buttons, posted when it becomes their move (so
 * Discord notifies them) and edited without buttons, saying what
 * happened, once it is answered or dropped.  Both are coalesced messages
 * (lib/coalesce) keyed by the DM channel and the table, their ids kept in
 * the store (bot/msgref.h), so a restarted bot edits the same messages
 * and no prompt keeps live buttons after its game.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/log.h"
#include "bot/msgref.h"
#include "lib/coalesce.h"
#include "lib/xmalloc.h"

#define DMT_ERR_UNKNOWN_MESSAGE	10008
#define DMT_ERR_CANNOT_DM	50007
/* What an older prompt says once a newer one replaces it. */
#define DMT_MOVED	"The game moved on; your move is in the newest message."

/* The sets' recall and keep ops take the adapter for their arg. */
_Static_assert(offsetof(struct discord, adapter) == 0,
    "struct discord must begin with its struct adapter");

/* One dm_table call waiting for the DM channel. */
struct dmt_call {
	uint64_t		 table;
	enum adapter_dm		 what;
	char			*body;	/* the message's JSON; NULL: none */
};

static void
dmt_done(struct discord *d, const struct rest_result *res, void *arg)
{
	const char	*id = NULL;
	int		 gone = 0;

	if (res->error == NULL)
		id = dj_id(res->json, "id");
	else if (res->code == DMT_ERR_UNKNOWN_MESSAGE || res->status == 404)
		gone = 1;
	else if (res->code == DMT_ERR_CANNOT_DM)
		dm_refused(d, coalesce_channel(arg));
	else
		log_warn("discord: a direct message in %s failed: %s",
		    coalesce_channel(arg), res->error);
	coalesce_done(arg, id, gone);
}

/* Posts body to the DM channel, or edits message with it. */
static int
dmt_send(struct coalesce_msg *m, const char *channel, const char *message,
    const char *body, void *arg)
{
	char	*path, *cause = NULL;
	int	 rc;

	if (message == NULL)
		path = xasprintf("/channels/%s/messages", channel);
	else
		path = xasprintf("/channels/%s/messages/%s", channel, message);
	rc = rest_request(arg, message == NULL ? "POST" : "PATCH", path, NULL,
	    xstrdup(body), 0, dmt_done, m, &cause);
	if (rc != 0) {
		log_warn("discord: a direct message in %s waits: %s", channel,
		    cause);
		free(cause);
	}
	free(path);
	return rc;
}

/* A prompt or a view is never deleted: it is edited. */
static void
dmt_remove(const char *channel, const char *message, void *arg)
{
	(void)channel;
	(void)message;
	(void)arg;
}

static const struct coalesce_ops dmt_view_ops = {
	.send = dmt_send,
	.remove = dmt_remove,
	.recall = msgref_recall_view,
	.keep = msgref_keep_view,
};

static const struct coalesce_ops dmt_prompt_ops = {
	.send = dmt_send,
	.remove = dmt_remove,
	.recall = msgref_recall_prompt,
	.keep = msgref_keep_prompt,
};

/* A DM's body: text cut to one message, with bs (NULL: none left). */
static char *
dmt_body(const char *text, const struct adapter_buttons *bs)
{
	cJSON	*components;
	char	*body;

	/* An empty list takes old buttons off an edited message. */
	if ((components = discord_components(bs)) == NULL)
		components = cJSON_CreateArray();
	body = discord_message_body(text, discord_split(text), 0, components);
	cJSON_Delete(components);
	return body;
}

/* Does the call on the DM channel (NULL: it could not be opened). */
static void
dmt_run(struct discord *d, const char *channel, void *arg)
{
	struct dmt_call	*c = arg;

	if (channel == NULL || d->dm_views == NULL)
		free(c->body);
	else
		msgref_dm_show(d->dm_views, d->dm_prompts, channel, c->table,
		    c->what, c->body, c->what != ADAPTER_DM_ASK ? NULL :
		    dmt_body(DMT_MOVED, NULL));
	free(c);
}

int
dmtable_show(struct adapter *a, const char *user_id, uint64_t table,
    enum adapter_dm what, const char *text, const struct adapter_buttons *bs,
    char **cause)
{
	struct discord	*d = a->priv;
	struct dmt_call	*c;

	if (d->dm_views == NULL) {
		d->dm_views = coalesce_new(&dmt_view_ops, d);
		d->dm_prompts = coalesce_new(&dmt_prompt_ops, d);
	}
	c = xcalloc(1, sizeof *c);
	c->table = table;
	c->what = what;
	c->body = dmt_body(text, what == ADAPTER_DM_ASK ||
	    what == ADAPTER_DM_ASK_AGAIN ? bs : NULL);
	if (dm_with_channel(d, user_id, dmt_run, c, cause) != 0) {
		free(c->body);
		free(c);
		return -1;
	}
	return 0;
}

void
dmtable_free_all(struct discord *d)
{
	coalesce_free(d->dm_views);
	coalesce_free(d->dm_prompts);
	d->dm_views = d->dm_prompts = NULL;
}
