/*
 * A player's private messages of a table (the dm_table op): their view,
 * one DM message edited in place, and their move's prompt, a short DM of
 * its own with the move buttons, posted when it becomes their move (so
 * Discord notifies them) and edited without buttons, saying what
 * happened, once it is answered or dropped.  Both are coalesced messages
 * (lib/coalesce) keyed by the DM channel and the table, their ids kept in
 * the store (bot/saying/message-ids.h), so a restarted bot edits the same messages
 * and no prompt keeps live buttons after its game.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/saying/message-ids.h"
#include "lib/coalesce.h"
#include "lib/xmalloc.h"

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

/* A prompt or a view is never deleted: it is edited. */
static void
dmt_remove(const char *channel, const char *message, void *arg)
{
	(void)channel;
	(void)message;
	(void)arg;
}

static const struct coalesce_ops dmt_view_ops = {
	.send = boardmsg_send,
	.remove = dmt_remove,
	.recall = msgref_recall_view,
	.keep = msgref_keep_view,
};

static const struct coalesce_ops dmt_prompt_ops = {
	.send = boardmsg_send,
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
