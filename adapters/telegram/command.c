/*
 * Commands.  Telegram marks a command at the start of a message with a
 * bot_command entity: "/cheers play 2 @bob", or in a group, where
 * several bots may listen, "/cheers@CheersBot play 2 @bob".  A command
 * addressed to another bot is not ours.  The command word is
 * telegram.command (else bot.command), with every table command, or a
 * game's name ("/fwb new" opens a table of Friends with Beverages); the
 * rest is the bot's command text.  In privacy mode the bot gets only
 * such commands, replies to it and its own buttons from a group.
 *
 * setMyCommands registers the commands, for group chats and for private
 * chats, so clients offer them as one types "/".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/log.h"
#include "game/game.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

#define COMMAND_WORD_MAX	32	/* Telegram's longest command */
#define COMMAND_DESC_MAX	256

/* Is the message's first entity a bot_command at offset 0? */
static int
command_entity(const cJSON *entities, int64_t *len)
{
	const cJSON	*e;
	const char	*type;
	int64_t		 off;

	if (!cJSON_IsArray(entities) ||
	    (e = cJSON_GetArrayItem(entities, 0)) == NULL)
		return 0;
	type = json_string(e, "type", 32);
	if (type == NULL || strcmp(type, "bot_command") != 0 ||
	    json_int(e, "offset", 0, 0, &off) != 0 ||
	    json_int(e, "length", 2, 200, len) != 0)
		return 0;
	return 1;
}

char *
command_text(struct tg *tg, const char *text, const cJSON *entities,
    int *start)
{
	const struct game_ops	*game = NULL;
	char			 word[COMMAND_WORD_MAX + TG_NAME_MAX + 2], *at;
	const char		*rest;
	int64_t			 len;
	size_t			 n, wlen;

	*start = 0;
	if (text[0] != '/' || !command_entity(entities, &len))
		return NULL;
	/* The entity's length counts UTF-16 units; a command is ASCII. */
	wlen = strcspn(text + 1, " \n");
	if (wlen == 0 || wlen >= sizeof word || (int64_t)wlen + 1 != len)
		return NULL;
	snprintf(word, sizeof word, "%.*s", (int)wlen, text + 1);
	if ((at = strchr(word, '@')) != NULL) {
		*at++ = '\0';
		if (tg->username[0] == '\0' ||
		    strcasecmp(at, tg->username) != 0)
			return NULL;	/* another bot's */
	}
	rest = text + 1 + wlen;
	rest += strspn(rest, " \n");
	if (strcmp(word, "start") == 0) {
		*start = 1;
		return xstrdup(rest);
	}
	if (strcmp(word, tg->command) != 0 &&
	    (game = bot_game_find(word)) == NULL)
		return NULL;
	if (strlen(rest) > CMD_TEXT_MAX)
		return NULL;
	/* "/fwb new ..." opens a table of Friends with Beverages. */
	n = strspn(rest, " ");
	if (game != NULL && strncmp(rest + n, "new", 3) == 0 &&
	    (rest[n + 3] == '\0' || rest[n + 3] == ' '))
		return xasprintf("new %s%s", game->name, rest + n + 3);
	return xstrdup(rest);
}

/* One BotCommand into list. */
static void
command_add(cJSON *list, const char *name, const char *desc)
{
	cJSON	*c = cJSON_CreateObject();
	char	 d[COMMAND_DESC_MAX + 1];

	snprintf(d, sizeof d, "%s", desc);
	cJSON_AddStringToObject(c, "command", name);
	cJSON_AddStringToObject(c, "description", d);
	cJSON_AddItemToArray(list, c);
}

void
command_register(struct tg *tg)
{
	static const char *const scopes[] = {
		"all_group_chats", "all_private_chats", NULL
	};
	const struct game_ops *const	*games = bot_games();
	cJSON				*body, *list, *scope;
	char				*cause = NULL, desc[COMMAND_DESC_MAX];
	int				 i, g;

	for (i = 0; scopes[i] != NULL; i++) {
		body = cJSON_CreateObject();
		list = cJSON_AddArrayToObject(body, "commands");
		snprintf(desc, sizeof desc, "Card games: /%s help, /%s new "
		    "<game>", tg->command, tg->command);
		command_add(list, tg->command, desc);
		for (g = 0; games[g] != NULL; g++) {
			if (strcmp(games[g]->name, tg->command) == 0)
				continue;
			snprintf(desc, sizeof desc, "%s: %s", games[g]->title,
			    games[g]->summary);
			command_add(list, games[g]->name, desc);
		}
		scope = cJSON_AddObjectToObject(body, "scope");
		cJSON_AddStringToObject(scope, "type", scopes[i]);
		if (api_call(tg, "setMyCommands", NULL, body, 0, 0,
		    api_logged, "registering the commands", &cause) != 0) {
			log_warn("telegram: %s", cause);
			free(cause);
			cause = NULL;
		}
	}
}
