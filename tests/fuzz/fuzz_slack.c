/*
 * Fuzz target: what Slack's Socket Mode delivers.  Each input line is one
 * socket message: hello, disconnect, slash_commands, interactive
 * (block_actions clicks and others), events_api, anything else.  Each is
 * read as the socket reads it (socket.c's socket_message, minus the
 * connection): envelope_parse, the ack, retried duplicates dropped by
 * envelope id and trigger id, then the adapter's real dispatch
 * (slack_envelope: command.c, action.c, admin.c, reply.c, im.c,
 * tablemsg.c) into the real bot.  Every input starts with no table open
 * and an empty state file, so "cb2:1.025cc1:..." names the first table
 * opened (fuzz-bot.h); "cb1:" ids name none.
 *
 * The Web API is stubbed at link time: this file defines web.c's
 * functions, so web.o is never linked in and nothing touches the network
 * (form bodies are made by form.c, as in the bot).
 * Each call is answered after the message is handled, as Slack would
 * answer: users.info (U...ADMIN users are admins), conversations.info
 * (the channel's creator is UHOST), conversations.open (a D channel, or
 * cannot_dm_bot for users starting UX), chat.postMessage (a new ts), and
 * ok for the rest.  A malformed message must be dropped, never trusted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/slack/slack-int.h"
#include "adapters/slack/slack.h"
#include "lib/json.h"
#include "lib/recent.h"
#include "lib/xmalloc.h"
#include "tests/fuzz/fuzz-bot.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_CALLS_MAX	5000	/* Web API calls answered per input */

/* A Web API call waiting for its answer. */
struct fuzz_call {
	TAILQ_ENTRY(fuzz_call)	 entry;
	char			*method;
	char			*body;
	int			 flags;
	web_cb			*cb;
	void			*arg;
};
static TAILQ_HEAD(, fuzz_call)	fuzz_calls = TAILQ_HEAD_INITIALIZER(fuzz_calls);
static int			fuzz_ncalls;
static int			fuzz_web_stopped;
static unsigned			fuzz_ts;

static struct bot	 bot;
static struct config	*config;
static struct slack	*slack;

/* The stub of web.c. */
int
web_init(struct slack *s, char **cause)
{
	(void)s;
	(void)cause;
	fuzz_web_stopped = 0;
	return 0;
}

/* Frees a call; as web.c does, its argument too with WEB_ARG_FREE. */
static void
fuzz_call_free(struct fuzz_call *c)
{
	if (c->flags & WEB_ARG_FREE)
		free(c->arg);
	free(c->method);
	free(c->body);
	free(c);
}

void
web_stop(struct slack *s)
{
	struct fuzz_call	*c;

	(void)s;
	fuzz_web_stopped = 1;
	while ((c = TAILQ_FIRST(&fuzz_calls)) != NULL) {
		TAILQ_REMOVE(&fuzz_calls, c, entry);
		fuzz_call_free(c);
	}
	fuzz_ncalls = 0;
}

void
web_free(struct slack *s)
{
	(void)s;
}

/* No channel is ever held by a 429 here: -1, as web.c says of a free one. */
int64_t
web_held_ms(struct slack *s, const char *channel)
{
	(void)s;
	(void)channel;
	return -1;
}

int
web_call(struct slack *s, const char *method, const char *queue, char *body,
    int flags, web_cb *cb, void *arg, char **cause)
{
	struct fuzz_call	*c;

	(void)s;
	(void)queue;
	if (fuzz_web_stopped || fuzz_ncalls >= WEB_TOTAL_MAX) {
		free(body);
		if (flags & WEB_ARG_FREE)
			free(arg);
		return set_cause(cause, "too many Slack calls are waiting");
	}
	c = xcalloc(1, sizeof *c);
	c->method = xstrdup(method);
	c->body = body;
	c->flags = flags;
	c->cb = cb;
	c->arg = arg;
	TAILQ_INSERT_TAIL(&fuzz_calls, c, entry);
	fuzz_ncalls++;
	return 0;
}

/* The value of key in a form body "k=v&k2=v2" (ids need no decoding). */
static void
fuzz_form_value(const char *body, const char *key, char *out, size_t len)
{
	const char	*p = body;
	size_t		 kl = strlen(key), n;

	*out = '\0';
	while (p != NULL && *p != '\0') {
		if (strncmp(p, key, kl) == 0 && p[kl] == '=') {
			n = strcspn(p + kl + 1, "&");
			snprintf(out, len, "%.*s", (int)n, p + kl + 1);
			return;
		}
		if ((p = strchr(p, '&')) != NULL)
			p++;
	}
}

/* Slack's answer to c, as a JSON text; caller frees. */
static char *
fuzz_answer(const struct fuzz_call *c)
{
	char	v[64];

	if (c->flags & WEB_URL)
		return xstrdup("{\"ok\":true}");
	if (strcmp(c->method, "users.info") == 0) {
		fuzz_form_value(c->body, "user", v, sizeof v);
		return xasprintf("{\"ok\":true,\"user\":{\"id\":\"%s\","
		    "\"is_admin\":%s}}", v, strstr(v, "ADMIN") != NULL ?
		    "true" : "false");
	}
	if (strcmp(c->method, "conversations.info") == 0) {
		fuzz_form_value(c->body, "channel", v, sizeof v);
		return xasprintf("{\"ok\":true,\"channel\":{\"id\":\"%s\","
		    "\"creator\":\"UHOST\"}}", v);
	}
	if (strcmp(c->method, "conversations.open") == 0) {
		fuzz_form_value(c->body, "users", v, sizeof v);
		if (strncmp(v, "UX", 2) == 0)
			return xstrdup("{\"ok\":false,\"error\":\"cannot_dm_bot\"}");
		return xasprintf("{\"ok\":true,\"channel\":{\"id\":\"D%s\"}}",
		    v + (v[0] == 'U'));
	}
	if (strcmp(c->method, "chat.postMessage") == 0)
		return xasprintf("{\"ok\":true,\"ts\":\"1700000000.%06u\"}",
		    ++fuzz_ts % 1000000);
	return xstrdup("{\"ok\":true}");
}

/* Answers every call, and those the answers make, up to a cap. */
static void
fuzz_web_answer(void)
{
	struct web_result	 res;
	struct fuzz_call	*c;
	cJSON			*json;
	char			*text, *error;
	int			 n = 0;

	while ((c = TAILQ_FIRST(&fuzz_calls)) != NULL) {
		TAILQ_REMOVE(&fuzz_calls, c, entry);
		fuzz_ncalls--;
		text = fuzz_answer(c);
		if ((json = cJSON_Parse(text)) == NULL)
			abort();
		free(text);
		memset(&res, 0, sizeof res);
		res.status = 200;
		res.json = json;
		error = NULL;
		if (!json_true(json, "ok")) {
			res.slack_error = json_string(json, "error", 100);
			error = xstrdup(res.slack_error);
		}
		res.error = error;
		if (c->cb != NULL && n++ < FUZZ_CALLS_MAX)
			c->cb(slack, &res, c->arg);
		cJSON_Delete(json);
		free(error);
		fuzz_call_free(c);
	}
}

static void
fuzz_setup(void)
{
	char	*cause = NULL;

	config = fuzz_config("slack.app_token=xapp-fuzz",
	    "slack.bot_token=xoxb-fuzz",
	    "slack.api_base=http://127.0.0.1:9/api/", (const char *)NULL);
	fuzz_bot_init(&bot, config, "slack");
	slack = fuzz_bot_adapter(&bot, slack_new);
	if (web_init(slack, &cause) != 0)
		abort();
}

/* One socket message, as socket.c reads it. */
static void
fuzz_message(const char *text, size_t len)
{
	struct envelope	 e;
	cJSON		*msg;
	char		*cause = NULL;

	if ((msg = cJSON_ParseWithLength(text, len)) == NULL)
		return;
	if (envelope_parse(msg, &e, &cause) != 0) {
		if (cause == NULL || *cause == '\0')
			abort();	/* a refusal must say why */
		free(cause);
		if (e.id != NULL)
			free(envelope_ack(e.id));
		cJSON_Delete(msg);
		return;
	}
	if (e.id != NULL)
		free(envelope_ack(e.id));
	switch (e.type) {
	case ENVELOPE_HELLO:
	case ENVELOPE_DISCONNECT:
	case ENVELOPE_OTHER:
		break;
	default:
		if (!envelope_repeat(slack->seen, &e, 0))
			slack_envelope(slack, &e);
		break;
	}
	cJSON_Delete(msg);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p = (const char *)data, *end = p + size, *nl;

	if (slack == NULL)
		fuzz_setup();
	fuzz_bot_reset(&bot);
	fuzz_web_answer();	/* what closing the tables said */
	recent_free(slack->seen);
	slack->seen = recent_new(ENVELOPE_SEEN_MAX, ENVELOPE_SEEN_AGE);
	im_free(slack->dms);
	slack->dms = im_new();
	tablemsg_free_all(slack);
	while (p < end) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		fuzz_message(p, (size_t)(nl - p));
		fuzz_web_answer();
		bot_advance(&bot, 60 * 1000);	/* timers, the AI */
		fuzz_web_answer();
		p = nl + 1;
	}
	return 0;
}
