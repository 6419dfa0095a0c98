/*
 * Boards: each table's one public message, posted once and then edited in
 * place (PATCH /channels/{channel}/messages/{message}) as the game moves.
 *
 * Edits are coalesced: one request per board is in flight at a time, and
 * every update that comes meanwhile replaces the one waiting, so a table
 * whose moves come faster than Discord takes edits sends only the latest
 * state when the channel's rate limit opens again.  A board whose message
 * was deleted by someone is posted anew.  A repost posts a fresh message
 * at the bottom of the channel and deletes the old one.
 *
 * Boards live in memory: after a restart a table's next update posts a
 * new message (the old one keeps working buttons, which name the table).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/discord/discord-int.h"
#include "bot/log.h"
#include "lib/xmalloc.h"

#define BOARD_ERR_UNKNOWN_MESSAGE	10008

struct boardmsg {
	LIST_ENTRY(boardmsg)	 entry;
	struct discord		*d;
	uint64_t		 table;
	char			 channel[DISCORD_ID_MAX];
	char			 message[DISCORD_ID_MAX];	/* "": not posted */
	char			*want;		/* the body to send next, or NULL */
	char			*sent;		/* the body in flight or last sent */
	int			 busy;		/* a request in flight */
	int			 repost;	/* the next send posts anew */
	int			 final;		/* drop once want is sent */
};

struct boards {
	LIST_HEAD(, boardmsg)	 list;
};

static void	boardmsg_flush(struct boardmsg *);

static struct boardmsg *
boardmsg_find(struct discord *d, const char *channel, uint64_t table)
{
	struct boardmsg	*b;

	if (d->boards == NULL) {
		d->boards = xcalloc(1, sizeof *d->boards);
		LIST_INIT(&d->boards->list);
	}
	LIST_FOREACH(b, &d->boards->list, entry)
		if (b->table == table && strcmp(b->channel, channel) == 0)
			return b;
	b = xcalloc(1, sizeof *b);
	b->d = d;
	b->table = table;
	snprintf(b->channel, sizeof b->channel, "%s", channel);
	LIST_INSERT_HEAD(&d->boards->list, b, entry);
	return b;
}

static void
boardmsg_drop(struct boardmsg *b)
{
	LIST_REMOVE(b, entry);
	free(b->want);
	free(b->sent);
	free(b);
}

static void
boardmsg_deleted(struct discord *d, const struct rest_result *res, void *arg)
{
	(void)d;
	(void)arg;
	if (res->error != NULL && res->code != BOARD_ERR_UNKNOWN_MESSAGE)
		log_info("discord: deleting an old table message failed: %s",
		    res->error);
}

static void
boardmsg_done(struct discord *d, const struct rest_result *res, void *arg)
{
	struct boardmsg	*b = arg;
	const char	*id;
	char		*path, *cause = NULL;

	b->busy = 0;
	if (res->error == NULL && (id = dj_id(res->json, "id")) != NULL &&
	    strcmp(id, b->message) != 0) {
		/* A new message: the old one (a repost) goes. */
		if (b->message[0] != '\0') {
			path = xasprintf("/channels/%s/messages/%s", b->channel,
			    b->message);
			if (rest_request(d, "DELETE", path, NULL, NULL, 0,
			    boardmsg_deleted, NULL, &cause) != 0) {
				log_info("discord: %s", cause);
				free(cause);
			}
			free(path);
		}
		snprintf(b->message, sizeof b->message, "%s", id);
	} else if (res->error != NULL) {
		if (res->code == BOARD_ERR_UNKNOWN_MESSAGE ||
		    res->status == 404) {
			/* Someone deleted it: post the latest state anew. */
			b->message[0] = '\0';
			if (b->want == NULL) {
				b->want = b->sent;
				b->sent = NULL;
			}
		} else
			log_warn("discord: updating the table message in %s "
			    "failed: %s", b->channel, res->error);
	}
	boardmsg_flush(b);
}

/* Sends the wanted body, if any and nothing is in flight. */
static void
boardmsg_flush(struct boardmsg *b)
{
	char	*path, *cause = NULL;
	int	 post;

	if (b->busy)
		return;
	if (b->want == NULL) {
		if (b->final)
			boardmsg_drop(b);
		return;
	}
	post = b->message[0] == '\0' || b->repost;
	if (post)
		path = xasprintf("/channels/%s/messages", b->channel);
	else
		path = xasprintf("/channels/%s/messages/%s", b->channel,
		    b->message);
	free(b->sent);
	b->sent = b->want;
	b->want = NULL;
	b->repost = 0;
	if (rest_request(b->d, post ? "POST" : "PATCH", path, NULL,
	    xstrdup(b->sent), 0, boardmsg_done, b, &cause) != 0) {
		log_warn("discord: the table message in %s waits: %s",
		    b->channel, cause);
		free(cause);
		/* Keep it wanted; the next update tries again. */
		b->want = b->sent;
		b->sent = NULL;
		if (b->final)
			boardmsg_drop(b);
	} else
		b->busy = 1;
	free(path);
}

int
boardmsg_show(struct adapter *a, const char *channel, uint64_t table,
    const char *news, const char *text, const struct adapter_buttons *bs,
    enum adapter_board how, char **cause)
{
	struct discord	*d = a->priv;
	struct boardmsg	*b;
	cJSON		*components;
	const char	*p;

	for (p = channel; *p >= '0' && *p <= '9'; p++)
		;
	if (*p != '\0' || p == channel || p - channel > 20)
		return set_cause(cause, "the channel is not a Discord id");
	if (news != NULL)
		interaction_take_news(d, channel, news);
	b = boardmsg_find(d, channel, table);
	/* An empty list takes old buttons off an edited message. */
	if ((components = discord_components(bs)) == NULL)
		components = cJSON_CreateArray();
	if (b->want != NULL)
		log_debug("discord: table %" PRIu64 ": an edit was waiting; "
		    "the newer table replaces it", table);
	free(b->want);
	b->want = discord_message_body(text, discord_split(text), 0,
	    components);
	cJSON_Delete(components);
	if (how == ADAPTER_BOARD_REPOST)
		b->repost = 1;
	if (how == ADAPTER_BOARD_FINAL)
		b->final = 1;
	boardmsg_flush(b);
	return 0;
}

void
boardmsg_free_all(struct discord *d)
{
	struct boardmsg	*b;

	if (d->boards == NULL)
		return;
	while ((b = LIST_FIRST(&d->boards->list)) != NULL)
		boardmsg_drop(b);
	free(d->boards);
	d->boards = NULL;
}
