/*
 * A token Telegram refuses stops the adapter.  A 401 "Unauthorized" on
 * any call means the token was revoked (or never was one): nothing the
 * adapter sends can succeed, and trying again only counts against the
 * bot.  The adapter stops, once: one error-level log line naming the
 * cause and the config key, its state in systemd's STATUS= says so, the
 * poll ends and waiting calls are dropped.  Its tables freeze
 * (bot_adapter_lost).  The other adapters run on.
 *
 * The stop is made from a zero-length timer (lib/defer), so that it
 * never runs inside the API client's own callbacks.
 */
#include "adapters/telegram/telegram-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"

static void
halt_on_timer(void *arg)
{
	struct tg	*tg = arg;

	bot_adapter_lost(tg->bot, &tg->adapter);
	poll_stop(tg);
	api_stop(tg);
}

void
halt_stop(struct tg *tg, const char *why)
{
	if (tg->halted || tg->stopping)
		return;
	tg->halted = 1;
	log_error("telegram: %s; the Telegram adapter stops (other adapters "
	    "keep running): give a valid token in telegram.token (BotFather's "
	    "/token) and restart", why);
	bot_adapter_state(&tg->adapter, "stopped: token refused");
	defer_arm(&tg->halt, tg->loop, halt_on_timer, tg);
}

void
halt_release(struct tg *tg)
{
	defer_release(&tg->halt);
}
