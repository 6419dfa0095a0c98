/*
 * What a Bot API call's result says, for the callers of api_call: a
 * refusal's description, and a callback for calls whose failure is only
 * logged.
 */
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/daemon/log.h"

void
api_logged(struct tg *tg, const struct api_result *res, void *arg)
{
	(void)tg;
	if (res->error != NULL)
		log_warn("telegram: %s failed: %s", (const char *)arg,
		    res->error);
}

void
api_logged_unless(struct tg *tg, const struct api_result *res, void *arg)
{
	const struct api_quiet	*q = arg;

	(void)tg;
	if (res->error != NULL && !api_refused(res, q->fine))
		log_warn("telegram: %s failed: %s", q->what, res->error);
}

int
api_refused(const struct api_result *res, const char *what)
{
	return res->error != NULL && res->desc != NULL &&
	    strstr(res->desc, what) != NULL;
}
