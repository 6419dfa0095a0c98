/*
 * platforms: the list of chat platforms (see platforms.h).  The only file
 * in bot/ that names them.
 */
#include <stddef.h>

#include "adapters/console/console.h"
#include "adapters/console/settings.h"
#include "adapters/discord/discord.h"
#include "adapters/discord/settings.h"
#include "adapters/irc/irc.h"
#include "adapters/irc/settings.h"
#include "adapters/slack/settings.h"
#include "adapters/slack/slack.h"
#include "adapters/telegram/settings.h"
#include "adapters/telegram/telegram.h"
#include "adapters/xmpp/settings.h"
#include "adapters/xmpp/xmpp.h"
#include "bot/daemon/config.h"
#include "bot/daemon/platforms.h"

const struct platform platforms[] = {
	{ &console_settings, console_new, NULL, NULL },
	{ &discord_settings, discord_new, discord_check, NULL },
	{ &xmpp_settings, xmpp_new, xmpp_check, xmpp_warning },
	{ &irc_settings, irc_new, irc_check, irc_warning },
	{ &slack_settings, slack_new, slack_check, NULL },
	{ &telegram_settings, telegram_new, telegram_check, NULL },
	{ NULL, NULL, NULL, NULL }
};
