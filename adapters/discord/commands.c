/*
 * The slash commands, built from the same struct game_arg descriptions the
 * console parser and help use.  The bot registers one top-level command
 * per game, named after it ("/cheers", "/fwb"): the game's actions, then
 * as many lobby verbs (cmd_all()) as fit, the most used first; its "new"
 * opens a table of that game.  The command named after bot.command (the
 * one the bot's texts mention) holds every lobby verb, with the actions
 * of the game of that name if there is one, so a verb a game's command
 * has no room for is still there.
 *
 * Discord's rules are applied here: names match ^[-_a-z0-9]{1,32}$ and are
 * unique within a subcommand (a free-text "option=value ..." becomes
 * "options", a second "target" becomes "target2"), descriptions are 1 to
 * 100 characters, required options come before optional ones, at most 25
 * options and 25 subcommands.  The options keep the
 * arguments' order here; interaction.c rebuilds the command text in that
 * order, and commands_json() emits the required ones first.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/log.h"
#include "game/game.h"
#include "lib/json.h"
#include "lib/xmalloc.h"

/* Copies text into out, at most max characters (UTF-8), never empty. */
static void
commands_describe(char *out, size_t outlen, const char *text,
    const char *fallback)
{
	size_t	i = 0, chars = 0;

	if (text == NULL || *text == '\0')
		text = fallback;
	while (i < outlen - 1 && text[i] != '\0') {
		if (((unsigned char)text[i] & 0xc0) != 0x80) {
			if (chars == COMMANDS_DESC_MAX)
				break;
			chars++;
		}
		i++;
	}
	memcpy(out, text, i);
	out[i] = '\0';
}

/*
 * Makes a Discord option or subcommand name of word: lowercase a-z, 0-9,
 * - and _, 1 to 32 of them.  "option=value ..." becomes "options".
 */
static void
commands_name(char *out, const char *word)
{
	size_t	n = 0;

	if (strchr(word, '=') != NULL) {
		snprintf(out, COMMANDS_NAME_MAX + 1, "options");
		return;
	}
	for (; *word != '\0' && n < COMMANDS_NAME_MAX; word++) {
		if (isalnum((unsigned char)*word) || *word == '-' || *word == '_')
			out[n++] = (char)tolower((unsigned char)*word);
		else if (*word == ' ' && n > 0 && out[n - 1] != '_')
			out[n++] = '_';
	}
	while (n > 0 && out[n - 1] == '_')
		n--;
	if (n == 0)
		memcpy(out, "arg", n = 3);
	out[n] = '\0';
}

static int
commands_has_option(const struct commands_sub *s, const char *name)
{
	int	i;

	for (i = 0; i < s->noptions; i++)
		if (strcmp(s->options[i].name, name) == 0)
			return 1;
	return 0;
}

/* Adds an argument as an option of s; forced_optional for merged ones. */
static void
commands_add_arg(struct commands_sub *s, const struct game_arg *a,
    int forced_optional)
{
	struct commands_option	*o;
	char			 base[COMMANDS_NAME_MAX + 1];
	size_t			 len;
	int			 k;

	if (s->noptions == COMMANDS_MAX_OPTIONS)
		return;
	o = &s->options[s->noptions];
	memset(o, 0, sizeof *o);
	commands_name(base, a->name);
	snprintf(o->name, sizeof o->name, "%s", base);
	for (k = 2; k < 10 && commands_has_option(s, o->name); k++) {
		/* "target", "target2": cut the base to make room. */
		len = strlen(base);
		if (len > COMMANDS_NAME_MAX - 1)
			len = COMMANDS_NAME_MAX - 1;
		memcpy(o->name, base, len);
		o->name[len] = (char)('0' + k);
		o->name[len + 1] = '\0';
	}
	o->required = !a->optional && !forced_optional;
	commands_describe(o->description, sizeof o->description, a->help,
	    o->name);
	switch (a->type) {
	case GAME_ARG_CARD:
		/* A number or a name, completed from the player's own cards. */
		o->type = OPT_STRING;
		o->autocomplete = 1;
		break;
	case GAME_ARG_COUNT:
		o->type = OPT_INTEGER;
		o->min = a->min;
		o->max = a->max;
		o->has_max = a->max >= a->min;
		break;
	case GAME_ARG_PLAYER:
		o->type = OPT_USER;
		break;
	case GAME_ARG_CHOICE:
		o->type = OPT_STRING;
		o->choices = a->choices;
		break;
	case GAME_ARG_TARGET:
	case GAME_ARG_TEXT:
	default:
		o->type = OPT_STRING;
		break;
	}
	s->noptions++;
}

/*
 * Adds a subcommand to c, or merges into the one of that name.  skip
 * leading arguments are left out (a game command's "new" has its game).
 */
static void
commands_add(struct commands_top *c, const char *name, const char *summary,
    int nargs, const struct game_arg *args, int skip)
{
	struct commands_sub	*s = NULL;
	char			 sname[COMMANDS_NAME_MAX + 1];
	char			 oname[COMMANDS_NAME_MAX + 1];
	int			 i, merge = 0;

	commands_name(sname, name);
	for (i = 0; i < c->nsubs; i++) {
		if (strcmp(c->subs[i].name, sname) == 0) {
			s = &c->subs[i];
			merge = 1;
		}
	}
	if (s == NULL) {
		if (c->nsubs == COMMANDS_MAX_SUBS) {
			log_debug("discord: /%s has no room for %s", c->name,
			    name);
			return;
		}
		s = &c->subs[c->nsubs++];
		memset(s, 0, sizeof *s);
		snprintf(s->name, sizeof s->name, "%s", sname);
		commands_describe(s->description, sizeof s->description,
		    summary, sname);
	}
	for (i = skip; i < nargs && i < GAME_MAX_ARGS; i++) {
		if (merge) {
			/* A verb and an action of one name: keep what is there. */
			commands_name(oname, args[i].name);
			if (commands_has_option(s, oname))
				continue;
		}
		commands_add_arg(s, &args[i], merge);
	}
}

/* The lobby verbs in the order game commands take them while room lasts. */
static const char *const commands_verb_order[] = {
	"new", "join", "start", "hand", "status", "addbot", "leave", "help",
	"rules", "settings", "end", "kick", "stats", "leaderboard", "replay",
	NULL
};

/* Adds the lobby verb named name to c, if there is one. */
static void
commands_add_verb(struct commands_top *c, const char *name, int game_new)
{
	const struct cmd_entry *const	*verbs = cmd_all();
	int				 i;

	for (i = 0; verbs[i] != NULL; i++) {
		if (strcmp(verbs[i]->name, name) != 0)
			continue;
		commands_add(c, verbs[i]->name, verbs[i]->summary,
		    verbs[i]->nargs, verbs[i]->args,
		    game_new && strcmp(name, "new") == 0 ? 1 : 0);
		return;
	}
}

/* A new top-level command of cs, or NULL when there are too many. */
static struct commands_top *
commands_new_top(struct commands *cs, const char *name,
    const struct game_ops *game, const char *description)
{
	struct commands_top	*c;

	if (cs->n == COMMANDS_MAX_TOP)
		return NULL;
	c = &cs->top[cs->n++];
	memset(c, 0, sizeof *c);
	commands_name(c->name, name);
	c->game = game;
	commands_describe(c->description, sizeof c->description, description,
	    c->name);
	return c;
}

/* The game's actions, then the lobby verbs that fit. */
static void
commands_add_game(struct commands_top *c, const struct game_ops *g,
    int game_new)
{
	int	i;

	for (i = 0; i < g->nactions; i++)
		commands_add(c, g->actions[i].name, g->actions[i].summary,
		    g->actions[i].nargs, g->actions[i].args, 0);
	for (i = 0; commands_verb_order[i] != NULL; i++)
		commands_add_verb(c, commands_verb_order[i], game_new);
}

struct commands *
commands_build(const char *botcmd)
{
	const struct cmd_entry *const	*verbs = cmd_all();
	const struct game_ops *const	*games = bot_games();
	struct commands			*cs = xcalloc(1, sizeof *cs);
	struct commands_top		*c;
	char				 name[COMMANDS_NAME_MAX + 1];
	int				 i, g;

	/* bot.command: every verb, and its game's actions if it names one. */
	commands_name(name, botcmd);
	if ((c = commands_new_top(cs, name, bot_game_find(name),
	    "Play cocktail card games: open a table, join, play your cards")) ==
	    NULL)
		return cs;
	for (i = 0; verbs[i] != NULL; i++)
		commands_add(c, verbs[i]->name, verbs[i]->summary,
		    verbs[i]->nargs, verbs[i]->args, 0);
	if (c->game != NULL)
		commands_add_game(c, c->game, 0);
	for (g = 0; games[g] != NULL; g++) {
		commands_name(name, games[g]->name);
		if (commands_top_find(cs, name) != NULL)
			continue;
		if ((c = commands_new_top(cs, name, games[g],
		    games[g]->summary)) == NULL)
			break;
		c->game_new = 1;
		commands_add_game(c, games[g], 1);
	}
	return cs;
}

const struct commands_top *
commands_top_find(const struct commands *cs, const char *name)
{
	int	i;

	for (i = 0; i < cs->n; i++)
		if (strcmp(cs->top[i].name, name) == 0)
			return &cs->top[i];
	return NULL;
}

const struct commands_sub *
commands_find(const struct commands_top *c, const char *name)
{
	int	i;

	for (i = 0; c != NULL && i < c->nsubs; i++)
		if (strcmp(c->subs[i].name, name) == 0)
			return &c->subs[i];
	return NULL;
}

static cJSON *
commands_option_json(const struct commands_option *o)
{
	cJSON	*j = cJSON_CreateObject(), *choices, *ch;
	char	 cname[COMMANDS_DESC_MAX + 1];
	int	 i;

	cJSON_AddNumberToObject(j, "type", o->type);
	cJSON_AddStringToObject(j, "name", o->name);
	cJSON_AddStringToObject(j, "description", o->description);
	cJSON_AddBoolToObject(j, "required", o->required);
	if (o->type == OPT_INTEGER) {
		cJSON_AddNumberToObject(j, "min_value", o->min);
		if (o->has_max)
			cJSON_AddNumberToObject(j, "max_value", o->max);
	}
	if (o->autocomplete)
		cJSON_AddBoolToObject(j, "autocomplete", 1);
	if (o->choices != NULL) {
		choices = cJSON_AddArrayToObject(j, "choices");
		for (i = 0; i < 25 && o->choices[i] != NULL; i++) {
			ch = cJSON_CreateObject();
			commands_describe(cname, sizeof cname, o->choices[i], "?");
			cJSON_AddStringToObject(ch, "name", cname);
			cJSON_AddStringToObject(ch, "value", cname);
			cJSON_AddItemToArray(choices, ch);
		}
	}
	return j;
}

cJSON *
commands_json(const struct commands *cs)
{
	const struct commands_top	*c;
	const struct commands_sub	*s;
	cJSON				*all, *top, *subs, *sub, *opts;
	int				 i, j, k, pass;

	all = cJSON_CreateArray();
	for (k = 0; k < cs->n; k++) {
		c = &cs->top[k];
		top = cJSON_CreateObject();
		cJSON_AddItemToArray(all, top);
		cJSON_AddStringToObject(top, "name", c->name);
		cJSON_AddNumberToObject(top, "type", 1);	/* CHAT_INPUT */
		cJSON_AddStringToObject(top, "description", c->description);
		cJSON_AddBoolToObject(top, "dm_permission", 1);
		subs = cJSON_AddArrayToObject(top, "options");
		for (i = 0; i < c->nsubs; i++) {
			s = &c->subs[i];
			sub = cJSON_CreateObject();
			cJSON_AddNumberToObject(sub, "type", OPT_SUB_COMMAND);
			cJSON_AddStringToObject(sub, "name", s->name);
			cJSON_AddStringToObject(sub, "description",
			    s->description);
			opts = cJSON_AddArrayToObject(sub, "options");
			/* Discord wants every required option first. */
			for (pass = 0; pass < 2; pass++) {
				for (j = 0; j < s->noptions; j++) {
					if (s->options[j].required == (pass == 0))
						cJSON_AddItemToArray(opts,
						    commands_option_json(
						    &s->options[j]));
				}
			}
			cJSON_AddItemToArray(subs, sub);
		}
	}
	return all;
}

static void
commands_registered(struct discord *d, const struct rest_result *res,
    void *arg)
{
	int	i;

	(void)arg;
	if (res->error != NULL) {
		log_error("discord: registering the slash commands failed: %s",
		    res->error);
		d->registered = 0;	/* try again at the next READY */
		return;
	}
	for (i = 0; i < d->commands->n; i++)
		log_info("discord: registered /%s with %d subcommands%s%s",
		    d->commands->top[i].name, d->commands->top[i].nsubs,
		    *d->guild_id != '\0' ? " in guild " : "", d->guild_id);
}

void
commands_register(struct discord *d)
{
	cJSON	*json;
	char	*body, *path, *cause = NULL;

	json = commands_json(d->commands);
	body = json_print(json);
	if (*d->guild_id != '\0')
		path = xasprintf("/applications/%s/guilds/%s/commands",
		    d->application_id, d->guild_id);
	else
		path = xasprintf("/applications/%s/commands", d->application_id);
	if (rest_request(d, "PUT", path, NULL, body, 0, commands_registered,
	    NULL, &cause) != 0) {
		log_error("discord: registering the slash commands: %s", cause);
		free(cause);
		d->registered = 0;
	}
	free(path);
}
