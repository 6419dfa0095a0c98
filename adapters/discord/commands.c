/*
 * The slash command.  The bot registers ONE top-level command, named after
 * bot.command ("/cheers"), whose subcommands are every lobby verb
 * (cmd_all()) and every action of every game (game_all()), built from the
 * same struct game_arg descriptions the console parser and help use.
 *
 * Discord's rules are applied here: names match ^[-_a-z0-9]{1,32}$ and are
 * unique within a subcommand (a free-text "option=value ..." becomes
 * "options", a second "target" becomes "target2"), descriptions are 1 to
 * 100 characters, required options come before optional ones, at most 25
 * options and 25 subcommands.  Two games' actions of one name share one
 * subcommand: the bot routes by the channel's table.  The options keep the
 * arguments' order here; interaction.c rebuilds the command text in that
 * order, and commands_json() emits the required ones first.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/cmd.h"
#include "bot/log.h"
#include "game/game.h"
#include "lib/xmalloc.h"

/* Copies text into out, at most max characters (UTF-8), never empty. */
static void
commands_describe(char *out, size_t outlen, const char *text,
    const char *fallback)
{
	size_t	i = 0, chars = 0;

	if (text == NULL || *text == '\0')
		text = fallback;
	while (text[i] != '\0' && i < outlen - 1) {
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
		o->type = OPT_INTEGER;
		o->min = 1;
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

/* Adds a subcommand, or merges into the one of the same name. */
static void
commands_add(struct commands *c, const char *name, const char *summary,
    int nargs, const struct game_arg *args)
{
	struct commands_sub	*s = NULL;
	char			 sname[COMMANDS_NAME_MAX + 1];
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
			log_warn("discord: more than %d commands; /%s is left "
			    "out of the slash command", COMMANDS_MAX_SUBS, name);
			return;
		}
		s = &c->subs[c->nsubs++];
		memset(s, 0, sizeof *s);
		snprintf(s->name, sizeof s->name, "%s", sname);
		commands_describe(s->description, sizeof s->description,
		    summary, sname);
	}
	for (i = 0; i < nargs && i < GAME_MAX_ARGS; i++) {
		if (merge) {
			/* Another game's action: keep what is there. */
			char	oname[COMMANDS_NAME_MAX + 1];

			commands_name(oname, args[i].name);
			if (commands_has_option(s, oname))
				continue;
		}
		commands_add_arg(s, &args[i], merge);
	}
}

struct commands *
commands_build(void)
{
	const struct cmd_entry *const	*verbs = cmd_all();
	const struct game_ops *const	*games = game_all();
	struct commands			*c = xcalloc(1, sizeof *c);
	int				 i, g;

	for (i = 0; verbs[i] != NULL; i++)
		commands_add(c, verbs[i]->name, verbs[i]->summary,
		    verbs[i]->nargs, verbs[i]->args);
	for (g = 0; games[g] != NULL; g++) {
		for (i = 0; i < games[g]->nactions; i++)
			commands_add(c, games[g]->actions[i].name,
			    games[g]->actions[i].summary,
			    games[g]->actions[i].nargs,
			    games[g]->actions[i].args);
	}
	return c;
}

const struct commands_sub *
commands_find(const struct commands *c, const char *name)
{
	int	i;

	for (i = 0; i < c->nsubs; i++)
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
	if (o->choices != NULL) {
		choices = cJSON_AddArrayToObject(j, "choices");
		for (i = 0; o->choices[i] != NULL && i < 25; i++) {
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
commands_json(const struct commands *c, const char *name,
    const char *description)
{
	const struct commands_sub	*s;
	cJSON				*all, *top, *subs, *sub, *opts;
	int				 i, j, pass;

	all = cJSON_CreateArray();
	top = cJSON_CreateObject();
	cJSON_AddItemToArray(all, top);
	cJSON_AddStringToObject(top, "name", name);
	cJSON_AddNumberToObject(top, "type", 1);	/* CHAT_INPUT */
	cJSON_AddStringToObject(top, "description", description);
	cJSON_AddBoolToObject(top, "dm_permission", 1);
	subs = cJSON_AddArrayToObject(top, "options");
	for (i = 0; i < c->nsubs; i++) {
		s = &c->subs[i];
		sub = cJSON_CreateObject();
		cJSON_AddNumberToObject(sub, "type", OPT_SUB_COMMAND);
		cJSON_AddStringToObject(sub, "name", s->name);
		cJSON_AddStringToObject(sub, "description", s->description);
		opts = cJSON_AddArrayToObject(sub, "options");
		/* Discord wants every required option before the optional. */
		for (pass = 0; pass < 2; pass++) {
			for (j = 0; j < s->noptions; j++) {
				if (s->options[j].required == (pass == 0))
					cJSON_AddItemToArray(opts,
					    commands_option_json(&s->options[j]));
			}
		}
		cJSON_AddItemToArray(subs, sub);
	}
	return all;
}

static void
commands_registered(struct discord *d, const struct rest_result *res,
    void *arg)
{
	(void)arg;
	if (res->error != NULL) {
		log_error("discord: registering /%s failed: %s", d->command,
		    res->error);
		d->registered = 0;	/* try again at the next READY */
		return;
	}
	log_info("discord: registered /%s with %d subcommands%s%s", d->command,
	    d->commands->nsubs, *d->guild_id != '\0' ? " in guild " : "",
	    d->guild_id);
}

void
commands_register(struct discord *d)
{
	cJSON	*json;
	char	*body, *path, *cause = NULL;

	json = commands_json(d->commands, d->command,
	    "Play cocktail card games: open a table, join, play your cards");
	if ((body = cJSON_PrintUnformatted(json)) == NULL)
		fatalx("cJSON_PrintUnformatted failed");
	cJSON_Delete(json);
	if (*d->guild_id != '\0')
		path = xasprintf("/applications/%s/guilds/%s/commands",
		    d->application_id, d->guild_id);
	else
		path = xasprintf("/applications/%s/commands", d->application_id);
	if (rest_request(d, "PUT", path, NULL, body, 0, commands_registered,
	    NULL, &cause) != 0) {
		log_error("discord: registering /%s: %s", d->command, cause);
		free(cause);
		d->registered = 0;
	}
	free(path);
}
