/*
 * slack.h: the Slack adapter: slash commands and button clicks in over
 * Socket Mode, channel messages, DMs and ephemeral answers out over the
 * Web API.
 */
#ifndef ADAPTERS_SLACK_SLACK_H
#define ADAPTERS_SLACK_SLACK_H

struct bot;
struct adapter;
struct config;

/*
 * Whether the [slack] settings (borrowed) are enough to start: 0, or -1
 * with *cause (caller frees), every problem found, one sentence a
 * line, which --check-config prints and start-up refuses with.
 * slack_new checks the same.
 */
int		 slack_check(const struct config *, char **cause);

/*
 * A new Slack adapter from the bot's [slack] settings; the bot takes
 * ownership with bot_add_adapter.  NULL, with *cause (caller frees), when
 * slack_check refuses the settings.
 */
struct adapter	*slack_new(struct bot *, char **cause);

#endif
