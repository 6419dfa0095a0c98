/*
 * The Slack adapter's glue: the adapter ops the bot calls, routing the
 * envelopes the socket reads, and posting to a channel.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "adapters/slack/slack.h"
#include "bot/bot.h"
#include "adapters/slack/settings.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "lib/json.h"
#include "lib/recent.h"
#include "lib/trim.h"
#include "lib/xmalloc.h"

int
slack_id_ok(const char *s)
{
	const char	*p;

	if (s == NULL || *s == '\0' || strlen(s) >= SLACK_ID_MAX)
		return 0;
	for (p = s; *p != '\0'; p++)
		if (!isupper((unsigned char)*p) && !isdigit((unsigned char)*p))
			return 0;
	return 1;
}

int
slack_error_in(const char *error, const char *const *list)
{
	int	i;

	for (i = 0; error != NULL && list[i] != NULL; i++)
		if (strcmp(error, list[i]) == 0)
			return 1;
	return 0;
}

/* A post's end; arg is its channel. */
static void
slack_posted(struct slack *s, const struct web_result *res, void *arg)
{
	if (res->error == NULL)
		return;
	if (nopost_error(res->slack_error))
		nopost_mark(s, arg, res->slack_error, NULL);
	else
		log_warn("slack: posting a message failed: %s", res->error);
}

int
slack_post(struct slack *s, const char *channel, const char *text,
    const struct adapter_buttons *bs, web_cb *cb, void *arg, char **cause)
{
	cJSON	*body = cJSON_CreateObject();
	char	*json, queue[SLACK_ID_MAX + 8];

	if (nopost_why(s, channel) != NULL) {
		cJSON_Delete(body);
		free(arg);
		return set_cause(cause, "I cannot post in %s", channel);
	}
	cJSON_AddStringToObject(body, "channel", channel);
	blocks_message(body, text, bs);
	cJSON_AddBoolToObject(body, "unfurl_links", 0);
	json = json_print(body);
	snprintf(queue, sizeof queue, "ch:%s", channel);
	if (cb == NULL) {
		cb = slack_posted;
		arg = xstrdup(channel);
	}
	return web_call(s, "chat.postMessage", queue, json, WEB_ARG_FREE, cb,
	    arg, cause);
}

void
slack_envelope(struct slack *s, const struct envelope *e)
{
	switch (e->type) {
	case ENVELOPE_SLASH:
		command_handle(s, e->payload);
		break;
	case ENVELOPE_INTERACTIVE:
		action_handle(s, e->payload);
		break;
	case ENVELOPE_EVENTS:
		event_handle(s, e->payload);
		break;
	default:
		log_debug("slack: ignored an envelope the bot did not ask for");
		break;
	}
}

static int
slack_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	struct slack	*s = a->priv;

	if (!slack_id_ok(channel))
		return set_cause(cause, "the channel is not a Slack id");
	if (s->current != NULL && strcmp(s->current->channel, channel) == 0)
		s->current->answered = s->current->posted = 1;
	return slack_post(s, channel, text, NULL, NULL, NULL, cause);
}

static int
slack_send_dm(struct adapter *a, const char *user_id, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	if (!slack_id_ok(user_id))
		return set_cause(cause, "the user is not a Slack id");
	return im_send(a->priv, user_id, text, bs, cause);
}

static int
slack_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	return reply_send(a->priv, ev, private, text, bs, cause);
}

/*
 * Writes Slack's link to id ("<#C1>", "<@U1>": sigil '#' or '@') into
 * buf (capped at len) when id is a Slack id, else what, after prefix.
 */
static void
slack_link(char *buf, size_t len, char sigil, const char *id,
    const char *prefix, const char *what)
{
	if (slack_id_ok(id))
		snprintf(buf, len, "<%c%s>", sigil, id);
	else
		snprintf(buf, len, "%s%s", prefix, what);
}

static void
slack_channel_name(struct adapter *a, const char *channel, char *buf,
    size_t len)
{
	(void)a;
	slack_link(buf, len, '#', channel, "", channel);
}

static void
slack_mention(struct adapter *a, const char *user_id, const char *name,
    char *buf, size_t len)
{
	(void)a;
	slack_link(buf, len, '@', user_id, "@", name);
}

/* auth.test's answer: the bot's own user id, for its channel events. */
static void
slack_on_auth(struct slack *s, const struct web_result *res, void *arg)
{
	const char	*user;

	(void)arg;
	user = res->error == NULL ? json_string(res->json, "user_id",
	    SLACK_ID_MAX - 1) : NULL;
	if (user != NULL && slack_id_ok(user))
		snprintf(s->bot_user, sizeof s->bot_user, "%s", user);
	else if (res->error != NULL)
		log_warn("slack: auth.test: %s", res->error);
}

static int
slack_start(struct adapter *a, char **cause)
{
	struct slack	*s = a->priv;
	char		*why = NULL;

	if (web_call(s, "auth.test", NULL, NULL, WEB_FORM, slack_on_auth,
	    NULL, &why) != 0) {
		log_warn("slack: %s", why);
		free(why);
	}
	return socket_start(s, cause);
}

static void
slack_stop(struct adapter *a)
{
	struct slack	*s = a->priv;

	if (s->stopping)
		return;
	s->stopping = 1;
	revoke_release(s);
	socket_stop(s);
	admin_stop(s);
	web_stop(s);
}

static void
slack_free(struct adapter *a)
{
	struct slack	*s = a->priv;

	socket_free(s);
	web_free(s);
	recent_free(s->seen);
	im_free(s->dms);
	admin_free(s->admins);
	tablemsg_free_all(s);
	nopost_free(s);
	held_free(s);
	holds_release(&s->later);
	edited_free_dm(&s->edited);
	free(s->app_token);
	free(s->bot_token);
	free(s->api_base);
	free(s->api_origin);
	free(s->ca_file);
	free(s->command);
	free(s);
}

/* The slash command Slack routes to us: slack.command, else bot.command. */
static void
slack_command(struct adapter *a, char *buf, size_t len)
{
	struct slack	*s = a->priv;

	snprintf(buf, len, "/%s", s->command);
}

static const struct adapter_ops slack_ops = {
	.name = "slack",
	.flags = ADAPTER_EPHEMERAL | ADAPTER_BUTTONS | ADAPTER_EDIT |
	    ADAPTER_VIEW,
	.start = slack_start,
	.stop = slack_stop,
	.free_adapter = slack_free,
	.send_channel = slack_send_channel,
	.send_dm = slack_send_dm,
	.reply = slack_reply,
	.board = tablemsg_show,
	.dm_table = imtable_show,
	.channel_name = slack_channel_name,
	.mention = slack_mention,
	.command = slack_command,
	.hold = later_hold,
	.unhold = later_unhold,
};

/* A token from the config, trailing spaces (a file's newline) cut; caller frees. */
static char *
slack_token(const char *value)
{
	char	*t = xstrdup(value);

	trim_end(t, TRIM_SPACE);
	return t;
}

int
slack_check(const struct config *config, char **cause)
{
	const struct slack_config	*cfg = slack_config(config);
	char				*all = NULL;

	if (*cfg->slack_app_token == '\0')
		add_cause(&all, "slack.enabled is set but slack.app_token is "
		    "empty; give the app-level token (xapp-..., under systemd "
		    "app_token = credential:slack-app.token, else file:/path "
		    "or env:NAME)");
	if (*cfg->slack_bot_token == '\0')
		add_cause(&all, "slack.enabled is set but slack.bot_token is "
		    "empty; give the bot token (xoxb-..., under systemd "
		    "bot_token = credential:slack-bot.token, else file:/path "
		    "or env:NAME)");
	return set_causes(cause, all);
}

struct adapter *
slack_new(struct bot *bot, char **cause)
{
	const struct slack_config	*cfg = slack_config(bot->config);
	struct slack			*s;
	const char			*p;
	size_t				 n;

	if (slack_check(bot->config, cause) != 0)
		return NULL;
	s = xcalloc(1, sizeof *s);
	s->adapter.ops = &slack_ops;
	s->adapter.bot = bot;
	s->adapter.priv = s;
	s->bot = bot;
	s->loop = bot->loop;
	holds_init(&s->later, LATER_MAX);
	s->app_token = slack_token(cfg->slack_app_token);
	s->bot_token = slack_token(cfg->slack_bot_token);
	s->api_base = xstrdup(cfg->slack_api_base);
	trim_end(s->api_base, "/");
	/* scheme://host[:port]/: a test server's response_urls live there. */
	p = strstr(s->api_base, "://");
	p = p == NULL ? s->api_base : p + 3;
	n = (size_t)(p - s->api_base) + strcspn(p, "/");
	s->api_origin = xasprintf("%.*s/", (int)n, s->api_base);
	s->ca_file = xstrdup(cfg->slack_ca_file);
	s->command = xstrdup(*cfg->slack_command != '\0' ? cfg->slack_command :
	    bot->config->bot_command);
	s->ping_ms = cfg->slack_ping_interval_ms;
	s->pace_ms = cfg->slack_message_interval_ms;
	s->lost_grace_ms = cfg->slack_lost_channel_grace_ms;
	s->seen = recent_new(ENVELOPE_SEEN_MAX, ENVELOPE_SEEN_AGE);
	s->dms = im_new();
	edited_init(&s->edited, &s->adapter, tablemsg_send, tablemsg_remove);
	edited_init_dm(&s->edited, imtable_send, tablemsg_body,
	    imtable_with_channel);
	s->admins = admin_new();
	/*
	 * The Web API works from the start: restoring tables may post (a
	 * timer that ran out while the bot was down) before slack_start.
	 */
	if (web_init(s, cause) != 0) {
		slack_free(&s->adapter);
		return NULL;
	}
	return &s->adapter;
}
