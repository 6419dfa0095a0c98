/*
 * slack.h: the Slack adapter: slash commands and button clicks in over
 * Socket Mode, channel messages, DMs and ephemeral answers out over the
 * Web API.
 */
#ifndef ADAPTERS_SLACK_SLACK_H
#define ADAPTERS_SLACK_SLACK_H

struct bot;
struct adapter;

/*
 * A new Slack adapter from the bot's [slack] settings; the bot takes
 * ownership with bot_add_adapter.  NULL, with *cause (caller frees), when
 * the settings are incomplete (no app_token or no bot_token).
 */
struct adapter	*slack_new(struct bot *, char **cause);

#endif
