/*
 * Answers to an event.  A public answer is a message in the event's
 * channel (chat.postMessage).  A private one goes to the event's
 * response_url as an ephemeral message; the first private answer to a
 * click on a private message replaces that message instead (Slack's
 * replace_original, as Discord's "update message" callback).  Slack takes
 * at most five calls of a response_url; past that, or without one, a
 * private answer is a chat.postEphemeral, as is one whose response_url
 * Slack refused (expired, used up, gone).  When Slack refuses that (the
 * user is not in the channel, or the bot may not post there), the answer
 * goes to the user's DM instead, which may hold secrets as well; when
 * that fails too, the log says so.  A slash command the bot ran and did
 * not answer at all gets a short private "Done.", so the user sees it was
 * heard; a click needs nothing (its ack is enough).  A command the flood
 * limit refused was not done: the first one past the limit is told when
 * to try again (the bot says it), the later ones get nothing beyond
 * their ack, which Slack allows.
 *
 * A response_url is a credential for its message: it is never logged,
 * and only one on Slack's hooks host (or on api_base's host, for a test
 * server) is ever called.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define REPLY_URL_USES		5
#define REPLY_HOOKS		"https://hooks.slack.com/"

int
reply_url_ok(const struct slack *s, const char *url)
{
	const char	*p;

	for (p = url; *p != '\0'; p++)
		if ((unsigned char)*p <= ' ' || *p == '"' || *p == '\\')
			return 0;
	return strncmp(url, REPLY_HOOKS, strlen(REPLY_HOOKS)) == 0 ||
	    strncmp(url, s->api_origin, strlen(s->api_origin)) == 0;
}

void
reply_ctx_init(struct slack *s, struct slack_ctx *ctx, const char *user,
    const char *channel, const cJSON *who, const cJSON *p)
{
	const char	*team, *url;

	memset(ctx, 0, sizeof *ctx);
	snprintf(ctx->user, sizeof ctx->user, "%s", user);
	snprintf(ctx->channel, sizeof ctx->channel, "%s", channel);
	if ((team = json_string(who, "team_id", SLACK_ID_MAX - 1)) != NULL &&
	    slack_id_ok(team))
		snprintf(ctx->team, sizeof ctx->team, "%s", team);
	url = json_string(p, "response_url", SLACK_URL_MAX - 1);
	if (url != NULL && reply_url_ok(s, url))
		snprintf(ctx->response_url, sizeof ctx->response_url, "%s",
		    url);
	else if (url != NULL)
		log_warn("slack: ignored a response_url on an unknown host");
}

/* A private answer, kept until Slack took it; one allocation. */
struct reply_ephemeral {
	char			 user[SLACK_ID_MAX];
	char			 channel[SLACK_ID_MAX];
	int			 has_bs;
	struct adapter_buttons	 bs;
	char			 text[];
};

static int	reply_ephemeral(struct slack *, const char *queue,
		    const struct reply_ephemeral *, char **cause);

/* A response_url answer's end: refused, it goes as chat.postEphemeral. */
static void
reply_sent(struct slack *s, const struct web_result *res, void *arg)
{
	struct reply_ephemeral	*e = arg;
	char			*cause = NULL;

	if (res->error == NULL)
		return;
	log_info("slack: a response_url refused a private answer to %s (%s); "
	    "it goes as an ephemeral message", e->user, res->error);
	if (reply_ephemeral(s, NULL, e, &cause) != 0) {
		log_warn("slack: a private answer to %s is lost: %s", e->user,
		    cause);
		free(cause);
	}
}

/* Does chat.postEphemeral's error mean "not here, try the DM"? */
static int
reply_not_here(const char *error)
{
	static const char *const here[] = {
		"user_not_in_channel", "not_in_channel", "channel_not_found",
		"is_archived", "restricted_action", NULL
	};

	return slack_error_in(error, here);
}

static void
reply_ephemeral_sent(struct slack *s, const struct web_result *res, void *arg)
{
	struct reply_ephemeral	*e = arg;
	char			*cause = NULL;

	if (res->error == NULL)
		return;
	if (!reply_not_here(res->slack_error)) {
		log_warn("slack: a private answer failed: %s", res->error);
		return;
	}
	log_info("slack: an ephemeral answer to %s was refused (%s); it goes "
	    "to their DM", e->user, res->slack_error);
	if (im_send(s, e->user, e->text, e->has_bs ? &e->bs : NULL,
	    &cause) != 0) {
		log_warn("slack: a private answer to %s is lost: %s", e->user,
		    cause);
		free(cause);
	}
}

/*
 * Sends e's answer (borrowed; copied) as chat.postEphemeral on queue
 * (NULL: the method's own); 0, or -1 with *cause.
 */
static int
reply_ephemeral(struct slack *s, const char *queue,
    const struct reply_ephemeral *e, char **cause)
{
	cJSON	*body = cJSON_CreateObject();
	char	*json;

	cJSON_AddStringToObject(body, "channel", e->channel);
	cJSON_AddStringToObject(body, "user", e->user);
	blocks_message(body, e->text, e->has_bs ? &e->bs : NULL);
	json = json_print(body);
	return web_call(s, "chat.postEphemeral", queue, json, WEB_ARG_FREE,
	    reply_ephemeral_sent, xmemdup(e, sizeof *e + strlen(e->text) + 1),
	    cause);
}

/* Sends text privately to ctx's user; 0, or -1 with *cause. */
static int
reply_private(struct slack *s, struct slack_ctx *ctx, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	struct reply_ephemeral	*e;
	cJSON			*body;
	char			*json;
	int			 replace, rc;

	ctx->answered = 1;
	e = xcalloc(1, sizeof *e + strlen(text) + 1);
	snprintf(e->user, sizeof e->user, "%s", ctx->user);
	snprintf(e->channel, sizeof e->channel, "%s", ctx->channel);
	if (bs != NULL) {
		e->has_bs = 1;
		memcpy(&e->bs, bs, sizeof e->bs);
	}
	memcpy(e->text, text, strlen(text) + 1);
	if (ctx->response_url[0] != '\0' && ctx->uses < REPLY_URL_USES) {
		body = cJSON_CreateObject();
		replace = ctx->click && ctx->private_msg && !ctx->replaced;
		if (replace) {
			cJSON_AddBoolToObject(body, "replace_original", 1);
			ctx->replaced = 1;
		} else {
			cJSON_AddStringToObject(body, "response_type",
			    "ephemeral");
			cJSON_AddBoolToObject(body, "replace_original", 0);
		}
		blocks_message(body, text, bs);
		json = json_print(body);
		ctx->uses++;
		return web_call(s, ctx->response_url, ctx->queue, json,
		    WEB_URL | WEB_ARG_FREE, reply_sent, e, cause);
	}
	rc = reply_ephemeral(s, ctx->queue, e, cause);
	free(e);
	return rc;
}

void
reply_say(struct slack *s, struct slack_ctx *ctx, const char *text)
{
	char	*cause = NULL;

	if (ctx->queue[0] == '\0')
		snprintf(ctx->queue, sizeof ctx->queue, "say:%s", ctx->user);
	if (reply_private(s, ctx, text, NULL, &cause) != 0) {
		log_warn("slack: %s", cause);
		free(cause);
	}
}

int
reply_send(struct slack *s, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	struct slack_ctx	*ctx = ev->reply_ctx;

	/* Held past its event (later.c), it answers as in it. */
	if (ctx != NULL && ctx != s->current)
		ctx = holds_find(&s->later, ctx);
	if (ctx == NULL) {
		/* Not inside its event any more: only public is safe. */
		if (private)
			return set_cause(cause, "the event is over");
		return slack_post(s, ev->channel, text, bs, NULL, NULL, cause);
	}
	if (private)
		return reply_private(s, ctx, text, bs, cause);
	ctx->answered = ctx->posted = 1;
	return slack_post(s, ctx->channel, text, bs, NULL, NULL, cause);
}

void
reply_dispatch(struct slack *s, struct slack_ctx *ctx, struct bot_event *ev)
{
	static unsigned long	serial;
	const char		*why;
	enum bot_outcome	 outcome;

	snprintf(ctx->queue, sizeof ctx->queue, "reply:%lu", ++serial);
	/* Where the bot cannot post, no table can be seen: say why. */
	if ((why = nopost_why(s, ctx->channel)) != NULL) {
		reply_say(s, ctx, why);
		return;
	}
	nopost_note(s, ctx->channel, ctx->response_url);
	ev->reply_ctx = ctx;
	s->current = ctx;
	outcome = bot_handle_event(s->bot, ev);
	if (!ctx->answered && !ctx->click && outcome == BOT_HANDLED)
		reply_say(s, ctx, "Done.");
	/* An answer that waits for a rate limit: its user hears so (held.c). */
	if (ctx->posted)
		held_watch(s, ctx);
	s->current = NULL;
}
