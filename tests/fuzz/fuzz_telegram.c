/*
 * Fuzz target: what getUpdates delivers to the Telegram adapter.  Each
 * input line is one Update object, run as poll.c runs each update of an
 * answer (poll_update): repeats dropped by update_id, then the real
 * dispatch (update.c, command.c, click.c, answer.c, privchat.c,
 * board.c, kicked.c, migrate.c) into the real bot, in the update's
 * batch.  Every input starts with no table open and an empty state
 * file, so "cb2:1.025cc1:..." names the first table opened
 * (fuzz-bot.h).  The update ids of each input are moved past all
 * earlier inputs' ones, so a repeat within an input is one and no input
 * hides another's.
 *
 * The Bot API is stubbed at link time: this file defines api.c's
 * functions, so api.o is never linked in and nothing touches the
 * network.  Each call is answered after the update is handled, as
 * Telegram would: getMe (the bot, @CheersFuzzBot), sendMessage and
 * editMessageText (the message), 403 for a private chat whose id ends
 * in 3 (never started the bot) and for group -13 (the bot was kicked),
 * ok for the rest; getUpdates is never answered (the poll waits).  A
 * malformed update must be dropped, never trusted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "adapters/telegram/telegram-int.h"
#include "adapters/telegram/telegram.h"
#include "lib/json.h"
#include "lib/recent.h"
#include "lib/xmalloc.h"
#include "tests/fuzz/fuzz-bot.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_CALLS_MAX	5000	/* Bot API calls answered per input */
#define FUZZ_ID_SPAN	((int64_t)1 << 32)	/* update ids of one input */

/* A Bot API call waiting for its answer. */
struct fuzz_call {
	TAILQ_ENTRY(fuzz_call)	 entry;
	char			*method;
	cJSON			*body;
	int			 flags;
	api_cb			*cb;
	void			*arg;
};
static TAILQ_HEAD(, fuzz_call)	fuzz_calls = TAILQ_HEAD_INITIALIZER(fuzz_calls);
static int			fuzz_ncalls;
static int			fuzz_api_stopped;
static int64_t			fuzz_message_id;
static int64_t			fuzz_id_base;

static struct bot	 bot;
static struct config	*config;
static struct tg	*tg;

/* The stub of api.c. */
int
api_init(struct tg *t, char **cause)
{
	(void)t;
	(void)cause;
	fuzz_api_stopped = 0;
	return 0;
}

/* Frees a call; as api.c does, its argument too with API_ARG_FREE. */
static void
fuzz_call_free(struct fuzz_call *c)
{
	if (c->flags & API_ARG_FREE)
		free(c->arg);
	free(c->method);
	cJSON_Delete(c->body);
	free(c);
}

void
api_stop(struct tg *t)
{
	struct fuzz_call	*c;

	(void)t;
	fuzz_api_stopped = 1;
	while ((c = TAILQ_FIRST(&fuzz_calls)) != NULL) {
		TAILQ_REMOVE(&fuzz_calls, c, entry);
		fuzz_call_free(c);
	}
	fuzz_ncalls = 0;
}

void
api_free(struct tg *t)
{
	(void)t;
}

int
api_call(struct tg *t, const char *method, const char *queue, cJSON *body,
    long timeout_ms, int flags, api_cb *cb, void *arg, char **cause)
{
	struct fuzz_call	*c;
	int64_t			 chat = 0;

	(void)queue;
	(void)timeout_ms;
	json_int(body, "chat_id", INT64_MIN + 1, INT64_MAX, &chat);
	if (fuzz_api_stopped || fuzz_ncalls >= API_TOTAL_MAX ||
	    kicked_has(t, chat)) {
		cJSON_Delete(body);
		if (flags & API_ARG_FREE)
			free(arg);
		return set_cause(cause, "the call cannot be made");
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

void
api_drop_chat(struct tg *t, int64_t chat)
{
	struct api_result	 res;
	struct fuzz_call	*c, *next;
	int64_t			 cid;

	memset(&res, 0, sizeof res);
	res.error = "the chat is lost";
	for (c = TAILQ_FIRST(&fuzz_calls); c != NULL; c = next) {
		next = TAILQ_NEXT(c, entry);
		cid = 0;
		json_int(c->body, "chat_id", INT64_MIN + 1, INT64_MAX, &cid);
		if (cid != chat)
			continue;
		TAILQ_REMOVE(&fuzz_calls, c, entry);
		fuzz_ncalls--;
		if (c->cb != NULL)
			c->cb(t, &res, c->arg);
		fuzz_call_free(c);
	}
}

/* Telegram's answer to c, as a JSON text; caller frees. */
static char *
fuzz_answer(const struct fuzz_call *c)
{
	int64_t	chat = 0, mid = 0;

	json_int(c->body, "chat_id", INT64_MIN + 1, INT64_MAX, &chat);
	json_int(c->body, "message_id", 1, INT64_MAX, &mid);
	if (strcmp(c->method, "getMe") == 0)
		return xstrdup("{\"ok\":true,\"result\":{\"id\":42,"
		    "\"is_bot\":true,\"first_name\":\"Cheers\","
		    "\"username\":\"CheersFuzzBot\"}}");
	if ((chat > 0 && chat % 10 == 3) || chat == -13)
		return xstrdup("{\"ok\":false,\"error_code\":403,"
		    "\"description\":\"Forbidden: bot can't initiate "
		    "conversation with a user\"}");
	if (strcmp(c->method, "sendMessage") == 0 ||
	    strcmp(c->method, "editMessageText") == 0)
		return xasprintf("{\"ok\":true,\"result\":{\"message_id\":"
		    "%lld,\"chat\":{\"id\":%lld}}}", (long long)(mid != 0 ?
		    mid : ++fuzz_message_id), (long long)chat);
	return xstrdup("{\"ok\":true,\"result\":true}");
}

/* Answers every call, and those the answers make, up to a cap. */
static void
fuzz_api_answer(void)
{
	struct api_result	 res;
	struct fuzz_call	*c;
	cJSON			*json;
	char			*text, *error;
	int64_t			 code, chat;
	int			 n = 0;

	while ((c = TAILQ_FIRST(&fuzz_calls)) != NULL) {
		TAILQ_REMOVE(&fuzz_calls, c, entry);
		fuzz_ncalls--;
		if (strcmp(c->method, "getUpdates") == 0) {
			fuzz_call_free(c);	/* the poll waits */
			continue;
		}
		chat = 0;
		json_int(c->body, "chat_id", INT64_MIN + 1, INT64_MAX, &chat);
		text = fuzz_answer(c);
		if ((json = cJSON_Parse(text)) == NULL)
			abort();
		free(text);
		memset(&res, 0, sizeof res);
		res.status = 200;
		error = NULL;
		if (json_true(json, "ok"))
			res.result = cJSON_GetObjectItem(json, "result");
		else {
			json_int(json, "error_code", 100, 999, &code);
			res.status = res.code = code;
			res.desc = json_string(json, "description", 512);
			error = xstrdup(res.desc);
		}
		res.error = error;
		if (c->cb != NULL && n++ < FUZZ_CALLS_MAX)
			c->cb(tg, &res, c->arg);
		kicked_answer(tg, chat, &res);	/* as api.c does */
		cJSON_Delete(json);
		free(error);
		fuzz_call_free(c);
	}
}

static void
fuzz_setup(void)
{
	char	*cause = NULL;

	config = fuzz_config("telegram.token=42:fuzz",
	    "telegram.api_base=http://127.0.0.1:9", (const char *)NULL);
	fuzz_bot_init(&bot, config, "telegram");
	tg = fuzz_bot_adapter(&bot, telegram_new);
	if (poll_start(tg, &cause) != 0)
		abort();
	fuzz_api_answer();	/* getMe, setMyCommands */
}

/* One update, its update_id moved past earlier inputs' ones. */
static void
fuzz_update(const char *text, size_t len)
{
	cJSON	*u, *id;

	if ((u = cJSON_ParseWithLength(text, len)) == NULL)
		return;
	id = cJSON_GetObjectItemCaseSensitive(u, "update_id");
	if (cJSON_IsNumber(id) && id->valuedouble >= 0 &&
	    id->valuedouble < (double)FUZZ_ID_SPAN)
		cJSON_SetNumberValue(id, (double)(fuzz_id_base +
		    (int64_t)id->valuedouble));
	poll_update(tg, u);
	cJSON_Delete(u);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p = (const char *)data, *end = p + size, *nl;

	if (tg == NULL)
		fuzz_setup();
	fuzz_bot_reset(&bot);
	fuzz_api_answer();	/* what closing the tables said */
	fuzz_id_base += FUZZ_ID_SPAN;
	recent_free(tg->seen);
	tg->seen = recent_new(4096, 0);
	privchat_free(tg->dms);
	tg->dms = privchat_new();
	board_free_all(tg);
	edited_free_dm(&tg->edited);
	kicked_free(tg);
	while (p < end) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		fuzz_update(p, (size_t)(nl - p));
		fuzz_api_answer();
		bot_advance(&bot, 60 * 1000);	/* timers, the AI */
		fuzz_api_answer();
		p = nl + 1;
	}
	return 0;
}
