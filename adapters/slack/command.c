/*
 * Slash commands.  A slash_commands envelope's payload carries the
 * command ("/cheers"), the text after it, who (user_id, user_name) and
 * where (channel_id; a D... id is a direct message), and a response_url
 * for answers only the user sees.  The text becomes the bot's command
 * text: Slack's escapes are undone ("&lt;" back to "<") and its user
 * mentions "<@U123|bob>" become "<@U123>", which the bot reads as a
 * player.  Each game may have its own command ("/fwb new" opens a table
 * of Friends with Beverages); the configured command has every table
 * command, as on Discord.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/log.h"
#include "game/game.h"
#include "lib/buf.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define COMMAND_WORD_MAX	33	/* "/" and a 32-character word */

char *
slack_unescape(const char *in, size_t max)
{
	struct buf	 b;
	const char	*p = in, *end, *bar;
	size_t		 n;

	buf_init(&b, max);
	while (*p != '\0') {
		if (strncmp(p, "&lt;", 4) == 0) {
			buf_puts(&b, "<");
			p += 4;
		} else if (strncmp(p, "&gt;", 4) == 0) {
			buf_puts(&b, ">");
			p += 4;
		} else if (strncmp(p, "&amp;", 5) == 0) {
			buf_puts(&b, "&");
			p += 5;
		} else if (*p == '<' && (end = strchr(p, '>')) != NULL) {
			/* <@U1|bob>, <#C1|bar>, <http://x|x>, <!here> */
			n = (size_t)(end - p - 1);
			bar = memchr(p + 1, '|', n);
			if (p[1] == '@')
				buf_printf(&b, "<@%.*s>", (int)((bar != NULL ?
				    bar : end) - p - 2), p + 2);
			else if (p[1] == '#' && bar != NULL)
				buf_printf(&b, "#%.*s", (int)(end - bar - 1),
				    bar + 1);
			else if (p[1] == '!')
				buf_printf(&b, "@%.*s", (int)((bar != NULL ?
				    bar : end) - p - 2), p + 2);
			else
				buf_printf(&b, "%.*s", (int)((bar != NULL ?
				    bar : end) - p - 1), p + 1);
			p = end + 1;
		} else {
			/* Control characters would only confuse the parser. */
			buf_add(&b, iscntrl((unsigned char)*p) ? " " : p, 1);
			p++;
		}
	}
	if (b.truncated) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b);
}

char *
slack_command_text(const char *botcmd, const char *command, const char *text,
    char **cause)
{
	const struct game_ops	*game = NULL;
	char			*plain, *out;
	size_t			 n;

	if (command[0] != '/' || strlen(command) > COMMAND_WORD_MAX) {
		set_cause(cause, "a command that is not /word");
		return NULL;
	}
	if (strcmp(command + 1, botcmd) != 0 &&
	    (game = bot_game_find(command + 1)) == NULL) {
		set_cause(cause, "%s is not one of my commands; try /%s help",
		    command, botcmd);
		return NULL;
	}
	if ((plain = slack_unescape(text, CMD_TEXT_MAX)) == NULL) {
		set_cause(cause, "That command is too long.");
		return NULL;
	}
	/* "/fwb new ..." opens a table of Friends with Beverages. */
	n = strspn(plain, " ");
	if (game != NULL && strncmp(plain + n, "new", 3) == 0 &&
	    (plain[n + 3] == '\0' || plain[n + 3] == ' ')) {
		out = xasprintf("new %s%s", game->name, plain + n + 3);
		free(plain);
		return out;
	}
	return plain;
}

void
command_handle(struct slack *s, const cJSON *p)
{
	struct slack_ctx	 ctx;
	const char		*command, *user, *name, *channel, *text;
	char			*cmdtext, *cause = NULL, *msg;
	const cJSON		*t;

	if ((command = json_string(p, "command", COMMAND_WORD_MAX)) == NULL ||
	    (user = json_string(p, "user_id", SLACK_ID_MAX - 1)) == NULL ||
	    !slack_id_ok(user) ||
	    (channel = json_string(p, "channel_id", SLACK_ID_MAX - 1)) == NULL ||
	    !slack_id_ok(channel)) {
		log_warn("slack: dropped a malformed slash command");
		return;
	}
	/* An empty text is absent or ""; anything else must be a string. */
	t = cJSON_GetObjectItemCaseSensitive(p, "text");
	if (t != NULL && !cJSON_IsString(t)) {
		log_warn("slack: dropped a slash command whose text is not a "
		    "string");
		return;
	}
	text = t != NULL && t->valuestring != NULL ? t->valuestring : "";
	if ((name = json_string(p, "user_name", SLACK_NAME_MAX)) == NULL)
		name = user;
	reply_ctx_init(s, &ctx, user, channel, p, p);

	if (strlen(text) > SLACK_TEXT_MAX)
		cmdtext = NULL, cause = xstrdup("That command is too long.");
	else
		cmdtext = slack_command_text(s->command, command, text, &cause);
	if (cmdtext == NULL) {
		log_info("slack: refused a slash command from %s: %s", user,
		    cause);
		msg = xasprintf("I could not read that command: %s", cause);
		reply_say(s, &ctx, msg);
		free(msg);
		free(cause);
		return;
	}
	log_debug("slack: %s in %s: %s", user, channel, cmdtext);
	/*
	 * A D channel is not always the user's DM with the bot: it may be
	 * their DM with someone else.  DM channels come from
	 * conversations.open only (im.c).
	 */
	admin_submit(s, &ctx, name, cmdtext, channel[0] == 'D', 0);
	free(cmdtext);
}
