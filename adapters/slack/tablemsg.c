/*
 * Boards: each table's one public message, posted once (chat.postMessage)
 * and then edited in place (chat.update, by the message's ts) as the game
 * moves.
 *
 * Edits are coalesced: one call per board is in flight at a time, and an
 * update that comes meanwhile replaces the one waiting, so a table whose
 * moves come faster than Slack takes edits sends only its latest state.
 * A board whose message was deleted is posted anew.  A repost posts a
 * fresh message at the bottom of the channel and deletes the old one.
 * Boards live in memory: after a restart a table's next update posts a
 * new message (the old one's buttons still work: they name the table).
 *
 * The news of a slash command is on the board already; Slack needs no
 * answer beyond the ack, so it is not posted again.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/slack/slack-int.h"
#include "bot/log.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

struct board {
	LIST_ENTRY(board)	 entry;
	struct slack		*s;
	uint64_t		 table;
	char			 channel[SLACK_ID_MAX];
	char			 ts[SLACK_TS_MAX];	/* "": not posted */
	cJSON			*want;		/* text and blocks to send next */
	cJSON			*sent;		/* in flight, or last sent */
	int			 busy;
	int			 repost;
	int			 final;
};

struct slack_boards {
	LIST_HEAD(, board)	 list;
};

static void	board_flush(struct board *);

static struct board *
board_find(struct slack *s, const char *channel, uint64_t table)
{
	struct board	*b;

	if (s->boards == NULL) {
		s->boards = xcalloc(1, sizeof *s->boards);
		LIST_INIT(&s->boards->list);
	}
	LIST_FOREACH(b, &s->boards->list, entry)
		if (b->table == table && strcmp(b->channel, channel) == 0)
			return b;
	b = xcalloc(1, sizeof *b);
	b->s = s;
	b->table = table;
	snprintf(b->channel, sizeof b->channel, "%s", channel);
	LIST_INSERT_HEAD(&s->boards->list, b, entry);
	return b;
}

static void
board_drop(struct board *b)
{
	LIST_REMOVE(b, entry);
	cJSON_Delete(b->want);
	cJSON_Delete(b->sent);
	free(b);
}

static void
board_deleted(struct slack *s, const struct web_result *res, void *arg)
{
	(void)s;
	(void)arg;
	if (res->error != NULL && (res->slack_error == NULL ||
	    strcmp(res->slack_error, "message_not_found") != 0))
		log_info("slack: deleting an old table message failed: %s",
		    res->error);
}

static void
board_done(struct slack *s, const struct web_result *res, void *arg)
{
	struct board	*b = arg;
	const char	*ts;
	char		*cause = NULL, *body;

	b->busy = 0;
	ts = res->error == NULL ? json_string(res->json, "ts",
	    SLACK_TS_MAX - 1) : NULL;
	if (ts != NULL && strcmp(ts, b->ts) != 0) {
		/* A new message: the old one (a repost) goes. */
		if (b->ts[0] != '\0') {
			body = web_form("channel", b->channel, "ts", b->ts,
			    NULL);
			if (web_call(s, "chat.delete", NULL, body, WEB_FORM,
			    board_deleted, NULL, &cause) != 0) {
				log_info("slack: %s", cause);
				free(cause);
			}
		}
		snprintf(b->ts, sizeof b->ts, "%s", ts);
	} else if (res->error != NULL) {
		if (res->slack_error != NULL &&
		    strcmp(res->slack_error, "message_not_found") == 0) {
			/* Someone deleted it: post the latest state anew. */
			b->ts[0] = '\0';
			if (b->want == NULL) {
				b->want = b->sent;
				b->sent = NULL;
			}
		} else
			log_warn("slack: updating the table message in %s "
			    "failed: %s", b->channel, res->error);
	}
	board_flush(b);
}

/* Sends the wanted state, if any and nothing is in flight. */
static void
board_flush(struct board *b)
{
	cJSON	*body;
	char	*json, *cause = NULL, queue[SLACK_ID_MAX + 8];
	int	 post;

	if (b->busy)
		return;
	if (b->want == NULL) {
		if (b->final)
			board_drop(b);
		return;
	}
	post = b->ts[0] == '\0' || b->repost;
	body = cJSON_Duplicate(b->want, 1);
	cJSON_AddStringToObject(body, "channel", b->channel);
	if (!post)
		cJSON_AddStringToObject(body, "ts", b->ts);
	if ((json = cJSON_PrintUnformatted(body)) == NULL)
		fatalx("cJSON_PrintUnformatted failed");
	cJSON_Delete(body);
	cJSON_Delete(b->sent);
	b->sent = b->want;
	b->want = NULL;
	b->repost = 0;
	/* The channel's queue: the board keeps its place among messages. */
	snprintf(queue, sizeof queue, "ch:%s", b->channel);
	if (web_call(b->s, post ? "chat.postMessage" : "chat.update", queue,
	    json, 0, board_done, b, &cause) != 0) {
		log_warn("slack: the table message in %s waits: %s",
		    b->channel, cause);
		free(cause);
		b->want = b->sent;
		b->sent = NULL;
		if (b->final)
			board_drop(b);
	} else
		b->busy = 1;
}

int
tablemsg_show(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_buttons *bs,
    enum adapter_board how, char **cause)
{
	struct slack	*s = a->priv;
	struct board	*b;

	(void)news;
	if (!slack_id_ok(channel))
		return set_cause(cause, "the channel is not a Slack id");
	if (s->current != NULL && strcmp(s->current->channel, channel) == 0)
		s->current->answered = 1;
	b = board_find(s, channel, table);
	if (b->want != NULL)
		log_debug("slack: table %" PRIu64 ": an edit was waiting; the "
		    "newer table replaces it", table);
	cJSON_Delete(b->want);
	b->want = cJSON_CreateObject();
	blocks_message(b->want, text, bs);
	if (how == ADAPTER_BOARD_REPOST)
		b->repost = 1;
	if (how == ADAPTER_BOARD_FINAL)
		b->final = 1;
	board_flush(b);
	return 0;
}

void
tablemsg_free_all(struct slack *s)
{
	struct board	*b;

	if (s->boards == NULL)
		return;
	while ((b = LIST_FIRST(&s->boards->list)) != NULL)
		board_drop(b);
	free(s->boards);
	s->boards = NULL;
}
