/*
 * Boards: each table's one public message, posted once and then edited in
 * place (PATCH /channels/{channel}/messages/{message}) as the game moves,
 * with coalesced edits (lib/coalesce): one request per table in flight,
 * so a table whose moves come faster than Discord takes edits sends only
 * its newest state when the channel's rate limit opens again; a message
 * someone deleted is posted anew; a repost posts at the bottom of the
 * channel and deletes the old one.  Each board's message id is kept in
 * the store, so after a restart the same message is edited, deleted by a
 * repost and given its final edit: bot/saying/edited-messages.c keeps
 * the boards, and each player's DMs of a table, with the send, remove
 * and body below.
 *
 * A board with a view is an embed (embed.c) under a short text of the
 * last moves and whose turn it is; without one (a game that cannot tell
 * its parts) it is the board's text, cut to one message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/daemon/log.h"
#include "lib/coalesce.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define BOARD_ERR_CANNOT_DM		50007	/* a DM's (a player's view) */

static void
boardmsg_deleted(struct discord *d, const struct rest_result *res, void *arg)
{
	(void)d;
	(void)arg;
	if (res->error != NULL && res->code != DISCORD_ERR_UNKNOWN_MESSAGE)
		log_info("discord: deleting an old table message failed: %s",
		    res->error);
}

void
boardmsg_remove(const char *channel, const char *message, void *arg)
{
	char	*path, *cause = NULL;

	path = xasprintf("/channels/%s/messages/%s", channel, message);
	if (rest_request(arg, "DELETE", path, NULL, NULL, 0, boardmsg_deleted,
	    NULL, &cause) != 0) {
		log_info("discord: %s", cause);
		free(cause);
	}
	free(path);
}

static void
boardmsg_done(struct discord *d, const struct rest_result *res, void *arg)
{
	const char	*id = NULL;
	int		 gone = 0;

	if (res->error == NULL)
		id = json_digits(res->json, "id", DISCORD_ID_LEN);
	else if (res->code == DISCORD_ERR_UNKNOWN_MESSAGE)
		gone = 1;	/* a channel that is gone is not (lost.c) */
	else if (res->code == BOARD_ERR_CANNOT_DM)
		dm_refused(d, coalesce_channel(arg));
	else {
		log_warn("discord: updating a message in %s failed: %s",
		    coalesce_channel(arg), res->error);
		/* In a DM, after its retries: the table hears of it. */
		dm_undelivered(d, coalesce_channel(arg));
	}
	coalesce_done(arg, id, gone);
}

int
boardmsg_send(struct coalesce_msg *m, const char *channel, const char *message,
    const char *body, void *arg)
{
	char	*path, *cause = NULL;
	int	 rc;

	if (message == NULL)
		path = xasprintf("/channels/%s/messages", channel);
	else
		path = xasprintf("/channels/%s/messages/%s", channel, message);
	rc = rest_request(arg, message == NULL ? "POST" : "PATCH", path, NULL,
	    xstrdup(body), 0, boardmsg_done, m, &cause);
	if (rc != 0) {
		log_warn("discord: a message in %s waits: %s", channel, cause);
		free(cause);
	}
	free(path);
	return rc;
}

char *
boardmsg_body(const char *text, const struct adapter_buttons *bs)
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

int
boardmsg_show(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_view *view,
    const struct adapter_buttons *bs, enum adapter_board how, char **cause)
{
	struct discord	*d = a->priv;
	cJSON		*components;
	char		*body;

	if (!discord_id_ok(channel))
		return set_cause(cause, "the channel is not a Discord id");
	if (news != NULL)
		interaction_take_news(d, channel, news);
	if (view == NULL)
		body = boardmsg_body(text, bs);
	else {
		/* An empty list takes old buttons off an edited message. */
		if ((components = discord_components(bs)) == NULL)
			components = cJSON_CreateArray();
		body = embed_message_body(view, components);
		cJSON_Delete(components);
	}
	edited_board(&d->edited, channel, table, body, how);
	return 0;
}

void
boardmsg_free_all(struct discord *d)
{
	edited_free_boards(&d->edited);
}
