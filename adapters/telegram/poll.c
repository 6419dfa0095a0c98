/*
 * Long polling.  At start getMe says who the bot is (its username, for
 * "/cheers@Bot"), setMyCommands registers its commands, then getUpdates
 * runs in a loop: each call waits up to telegram.poll_timeout for
 * updates of the kinds the bot uses (allowed_updates), and the next one
 * starts as soon as it has answered.
 *
 * No update is lost or run twice.  Telegram keeps an update until a
 * getUpdates call's offset is above its update_id.  The offset is kept
 * in the store (the adapter's ref "offset") and written in the same
 * batch (bot/saying/outbox.h) as the update's effects: both are
 * committed, or neither.  So a crash never skips an update (its offset
 * was not written), and an update delivered again after its batch was
 * committed (a crash before the next getUpdates confirmed it, or
 * Telegram's own redelivery) is below the stored offset, and dropped.
 * Ids already run this time are also remembered (lib/recent).
 *
 * A 409 means another getUpdates is running (a second instance of the
 * bot on the same token) or a webhook is set; it is logged as such and
 * tried again with backoff, as are network errors and 5xx answers.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "bot/storage/store.h"
#include "lib/backoff.h"
#include "lib/json.h"
#include "lib/recent.h"
#include "lib/xmalloc.h"

#define POLL_OFFSET_REF	"offset"
#define POLL_SLACK_MS	15000	/* beyond the poll's timeout, for the answer */
#define POLL_KEY_MAX	32

struct tgpoll {
	struct backoff	 bo;
	int64_t		 offset;	/* the next update_id to run */
	int		 ready;		/* getMe answered */
	int		 stopped;
	cJSON		*batch;		/* getUpdates' answer being run */
	int		 next;		/* ... its next update */
	int		 asked;		/* ... whose group's admins were asked */
};

static void	poll_next(struct tg *);
static void	poll_drain(struct tg *);

/* method failed with error (and why, may be ""): logged; tried again later. */
static void
poll_retry(struct tg *tg, const char *method, const char *error,
    const char *why)
{
	uint64_t	wait = backoff_next(&tg->poll->bo);

	log_warn("telegram: %s: %s%s; trying again in %" PRIu64 " ms", method,
	    error, why, wait);
	bot_adapter_state(&tg->adapter, "retrying");
}

/* The offset as committed by the last run. */
static void
poll_load_offset(struct tg *tg)
{
	char	buf[32];
	int64_t	v;

	if (store_ref_get(tg->bot->store, tg->adapter.ops->name,
	    POLL_OFFSET_REF, buf, sizeof buf) == 1 && tg_id(buf, &v) == 0 &&
	    v > 0) {
		tg->poll->offset = v;
		log_info("telegram: going on from update %" PRId64, v);
	}
}

/* Writes the offset past update id, in the batch under way. */
static void
poll_save_offset(struct tg *tg, int64_t id)
{
	char	buf[32], *cause = NULL;

	snprintf(buf, sizeof buf, "%" PRId64, id + 1);
	if (store_ref_set(tg->bot->store, tg->adapter.ops->name,
	    POLL_OFFSET_REF, buf, &cause) != 0) {
		log_warn("telegram: keeping the update offset failed: %s",
		    cause);
		free(cause);
	}
}

void
poll_update(struct tg *tg, const cJSON *u)
{
	struct tgpoll	*p = tg->poll;
	struct tg_ctx	 ctx;
	char		 key[POLL_KEY_MAX];
	int64_t		 id;

	if (json_int(u, "update_id", 0, INT64_MAX, &id) != 0) {
		log_warn("telegram: dropped an update without an update_id");
		return;
	}
	snprintf(key, sizeof key, "u:%" PRId64, id);
	if (id < p->offset) {
		log_info("telegram: update %" PRId64 " came again; it was "
		    "run already", id);
		return;
	}
	if (recent_check(tg->seen, key, uv_now(tg->loop))) {
		log_info("telegram: update %" PRId64 " came again; it was "
		    "run already", id);
		return;
	}
	memset(&ctx, 0, sizeof ctx);
	outbox_begin(tg->bot);
	update_handle(tg, u, &ctx);
	poll_save_offset(tg, id);
	outbox_end(tg->bot);
	update_finish(tg, &ctx);
	p->offset = id + 1;
}

static void
poll_got(struct tg *tg, const struct api_result *res, void *arg)
{
	struct tgpoll	*p = tg->poll;

	(void)arg;
	if (p == NULL || p->stopped || tg->halted)
		return;
	if (res->error != NULL) {
		if (res->status == 401)
			return;		/* halt.c stops the adapter */
		poll_retry(tg, "getUpdates", res->error,
		    res->code == 409 || res->status == 409 ? ": another bot "
		    "instance is polling with this token, or a webhook is set "
		    "(deleteWebhook removes it)" : "");
		return;
	}
	backoff_reset(&p->bo);
	bot_adapter_state(&tg->adapter, "connected");
	if (!cJSON_IsArray(res->result)) {
		poll_next(tg);
		return;
	}
	p->batch = cJSON_Duplicate(res->result, 1);
	p->next = 0;
	poll_drain(tg);
}

/*
 * Runs the answer's updates in order, then polls again.  An update from
 * a group whose administrators are not known waits for them
 * (admins.c), and the rest with it.
 */
static void
poll_drain(struct tg *tg)
{
	struct tgpoll	*p = tg->poll;
	const cJSON	*u;
	int64_t		 chat;

	while (p->batch != NULL && !p->stopped && !tg->halted) {
		if ((u = cJSON_GetArrayItem(p->batch, p->next)) == NULL) {
			cJSON_Delete(p->batch);
			p->batch = NULL;
			poll_next(tg);
			return;
		}
		if (!p->asked && update_group(u, &chat) &&
		    !admins_known(tg, chat)) {
			p->asked = 1;
			if (admins_fetch(tg, chat, poll_drain) == 0)
				return;
		}
		p->asked = 0;
		poll_update(tg, u);
		p->next++;
	}
}

static void
poll_next(struct tg *tg)
{
	static const char *const kinds[] = {
		"message", "callback_query", "inline_query",
		"chosen_inline_result", "my_chat_member", NULL
	};
	struct tgpoll	*p = tg->poll;
	cJSON		*body, *allowed;
	char		*cause = NULL;
	int		 i;

	body = cJSON_CreateObject();
	if (p->offset > 0)
		cJSON_AddNumberToObject(body, "offset", (double)p->offset);
	cJSON_AddNumberToObject(body, "timeout",
	    (double)(tg->poll_timeout_ms / 1000));
	allowed = cJSON_AddArrayToObject(body, "allowed_updates");
	for (i = 0; kinds[i] != NULL; i++)
		cJSON_AddItemToArray(allowed, cJSON_CreateString(kinds[i]));
	if (api_call(tg, "getUpdates", NULL, body, (long)(tg->poll_timeout_ms +
	    POLL_SLACK_MS), API_ONCE, poll_got, NULL, &cause) != 0) {
		log_warn("telegram: %s", cause);
		free(cause);
		backoff_next(&p->bo);
	}
}

/* getMe's answer: who the bot is; then commands and polling. */
static void
poll_me(struct tg *tg, const struct api_result *res, void *arg)
{
	struct tgpoll	*p = tg->poll;
	const char	*name;

	(void)arg;
	if (p == NULL || p->stopped || tg->halted || res->status == 401)
		return;
	name = json_string(res->result, "username", TG_NAME_MAX - 1);
	if (res->error != NULL || name == NULL ||
	    json_int(res->result, "id", 1, INT64_MAX, &tg->bot_id) != 0) {
		poll_retry(tg, "getMe", res->error != NULL ? res->error :
		    "no username", "");
		return;
	}
	snprintf(tg->username, sizeof tg->username, "%s", name);
	log_info("telegram: connected as @%s", tg->username);
	p->ready = 1;
	backoff_reset(&p->bo);
	command_register(tg);
	poll_next(tg);
}

static void
poll_ask_me(struct tg *tg)
{
	char	*cause = NULL;

	if (api_call(tg, "getMe", NULL, NULL, 0, API_ONCE, poll_me, NULL,
	    &cause) != 0) {
		log_warn("telegram: %s", cause);
		free(cause);
		backoff_next(&tg->poll->bo);
	}
}

/* A backoff's wait is over: ask again. */
static void
poll_again(void *arg)
{
	struct tg	*tg = arg;

	if (tg->poll == NULL || tg->poll->stopped || tg->halted)
		return;
	if (tg->poll->ready)
		poll_next(tg);
	else
		poll_ask_me(tg);
}

int
poll_start(struct tg *tg, char **cause)
{
	(void)cause;
	tg->poll = xcalloc(1, sizeof *tg->poll);
	backoff_init(&tg->poll->bo, tg->loop, 1000, 60000, poll_again, tg);
	poll_load_offset(tg);
	bot_adapter_state(&tg->adapter, "connecting");
	poll_ask_me(tg);
	return 0;
}

void
poll_stop(struct tg *tg)
{
	if (tg->poll == NULL || tg->poll->stopped)
		return;
	tg->poll->stopped = 1;
	backoff_close(&tg->poll->bo);
}

void
poll_free(struct tg *tg)
{
	if (tg->poll != NULL)
		cJSON_Delete(tg->poll->batch);
	free(tg->poll);
	tg->poll = NULL;
}
