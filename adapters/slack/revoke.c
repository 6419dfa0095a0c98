/*
 * A Slack app that can no longer act stops.  When Slack answers a Web
 * API call made with the bot token with invalid_auth, not_authed,
 * token_revoked or account_inactive, or says by event that the bot's
 * tokens were revoked (tokens_revoked) or the app was uninstalled
 * (app_uninstalled), nothing the adapter sends can succeed, and trying
 * again only counts against the app.  The Slack adapter then stops, once:
 * one error-level log line naming the cause and the config key, its
 * state in systemd's STATUS= says so, its socket is closed and its
 * waiting calls are dropped.  Its tables freeze (bot_adapter_lost): no
 * timer plays for players who cannot see the game.  The other adapters
 * run on.
 *
 * The stop is made from a zero-length timer (lib/defer), so that it
 * never runs inside the Web API client's or the socket's own callbacks.
 * The adapter's own stop, at shutdown, frees what is left.
 */
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"

int
revoke_auth_error(const char *error)
{
	static const char *const refused[] = {
		"invalid_auth", "not_authed", "token_revoked",
		"account_inactive", NULL
	};

	return slack_error_in(error, refused);
}

/*
 * The socket is closed with a close frame (Slack then counts the
 * connection gone) and the waiting calls are dropped; what is left is
 * freed when the bot stops.
 */
static void
revoke_on_timer(void *arg)
{
	struct slack	*s = arg;

	bot_adapter_lost(s->bot, &s->adapter);
	socket_halt(s);
	admin_stop(s);
	web_stop(s);
}

void
revoke_stop(struct slack *s, const char *why, const char *state)
{
	if (s->halted || s->stopping)
		return;
	s->halted = 1;
	log_error("slack: %s; the Slack adapter stops (other adapters keep "
	    "running): give a valid bot token in slack.bot_token (reinstall "
	    "the app if it was removed) and restart", why);
	bot_adapter_state(&s->adapter, state);
	defer_arm(&s->halt, s->loop, revoke_on_timer, s);
}

void
revoke_release(struct slack *s)
{
	defer_release(&s->halt);
}
