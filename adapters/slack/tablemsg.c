/*
 * Tables: each table's one public message, posted once (chat.postMessage)
 * and then edited in place (chat.update, by the message's ts) as the game
 * moves, with coalesced edits (lib/coalesce): one call per table in
 * flight, the newest state waiting, a deleted message posted anew, a
 * repost posted at the bottom and the old one deleted (chat.delete).
 * Each table message's ts is kept in the store, so after a restart the
 * same message is edited, deleted by a repost and given its final edit:
 * bot/saying/edited-messages.c keeps the messages, with the send and
 * remove below (and each player's IMs of a table, with imtable.c's).
 *
 * The news of a slash command is on the table already; Slack needs no
 * answer beyond the ack, so it is not posted again.
 *
 * A board with a view is a card of blocks (card.c) whose "text", the
 * fallback for notifications and clients without blocks, is the board's
 * text; without one it is that text in sections.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/daemon/log.h"
#include "lib/coalesce.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

static void
tablemsg_deleted(struct slack *s, const struct web_result *res, void *arg)
{
	(void)s;
	(void)arg;
	if (res->error != NULL && (res->slack_error == NULL ||
	    strcmp(res->slack_error, "message_not_found") != 0))
		log_info("slack: deleting an old table message failed: %s",
		    res->error);
}

void
tablemsg_remove(const char *channel, const char *ts, void *arg)
{
	char	*cause = NULL;

	if (web_call(arg, "chat.delete", NULL, web_form("channel", channel,
	    "ts", ts, (char *)NULL), WEB_FORM, tablemsg_deleted, NULL, &cause) != 0) {
		log_info("slack: %s", cause);
		free(cause);
	}
}

static void
tablemsg_done(struct slack *s, const struct web_result *res, void *arg)
{
	const char	*ts = NULL;
	char		 lost[SLACK_ID_MAX] = "";
	int		 gone = 0;

	if (res->error == NULL)
		ts = json_string(res->json, "ts", SLACK_TS_MAX - 1);
	else if (res->slack_error != NULL &&
	    strcmp(res->slack_error, "message_not_found") == 0)
		gone = 1;
	else if (nopost_error(res->slack_error))
		snprintf(lost, sizeof lost, "%s", coalesce_channel(arg));
	else
		log_warn("slack: updating the table message in %s failed: %s",
		    coalesce_channel(arg), res->error);
	coalesce_done(arg, ts, gone);
	if (lost[0] != '\0')
		nopost_mark(s, lost, res->slack_error, NULL);
}

int
tablemsg_call(struct slack *s, struct coalesce_msg *m, const char *channel,
    const char *ts, const char *body, web_cb *cb)
{
	cJSON		*json;
	char		*text, *cause = NULL, queue[SLACK_ID_MAX + 8];

	if ((json = cJSON_Parse(body)) == NULL)
		fatalx("tablemsg: a body that is not JSON");
	cJSON_AddStringToObject(json, "channel", channel);
	if (ts != NULL)
		cJSON_AddStringToObject(json, "ts", ts);
	text = json_print(json);
	/* The channel's queue: the table keeps its place among messages. */
	snprintf(queue, sizeof queue, "ch:%s", channel);
	if (web_call(s, ts == NULL ? "chat.postMessage" : "chat.update", queue,
	    text, 0, cb, m, &cause) != 0) {
		log_warn("slack: a message in %s waits: %s", channel, cause);
		free(cause);
		return -1;
	}
	return 0;
}

int
tablemsg_send(struct coalesce_msg *m, const char *channel, const char *ts,
    const char *body, void *arg)
{
	return tablemsg_call(arg, m, channel, ts, body, tablemsg_done);
}

char *
tablemsg_body(const char *text, const struct adapter_buttons *bs)
{
	cJSON	*want = cJSON_CreateObject();

	blocks_message(want, text, bs);
	return json_print(want);
}

int
tablemsg_show(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_view *view,
    const struct adapter_buttons *bs, enum adapter_board how, char **cause)
{
	struct slack	*s = a->priv;
	cJSON		*want;
	char		*body;

	(void)news;
	if (!slack_id_ok(channel))
		return set_cause(cause, "the channel is not a Slack id");
	if (nopost_why(s, channel) != NULL)
		return set_cause(cause, "I cannot post in %s", channel);
	if (s->current != NULL && strcmp(s->current->channel, channel) == 0)
		s->current->answered = s->current->posted = 1;
	if (view == NULL)
		body = tablemsg_body(text, bs);
	else {
		want = cJSON_CreateObject();
		card_message(want, text, view, bs);
		body = json_print(want);
	}
	edited_board(&s->edited, channel, table, body, how);
	return 0;
}

void
tablemsg_free_all(struct slack *s)
{
	edited_free_boards(&s->edited);
}
