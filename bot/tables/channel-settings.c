/*
 * Channel settings: defaults a channel's admins choose for its tables.
 * Stored as one JSON document per channel:
 *   {"turn_timer": ms, "prompt_timer": ms, "ai": bool, "emoji": bool,
 *    "ai_level": "hard",
 *    "options": {"cheers": {"mode": "master"}}}
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/bot.h"
#include "bot/tables/channel-settings.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/render-chat.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

/* A channel's settings besides the games' options, as refusals name them. */
#define CHANNEL_SETTINGS_NAMED \
	"turn_timer, prompt_timer, ai=yes|no, ai_level=normal|hard, emoji=yes|no"

cJSON *
channel_load(struct bot *bot, struct adapter *a, const char *channel)
{
	cJSON	*doc = NULL;
	char	*text = NULL, *cause = NULL;

	if (store_channel_get(bot->store, a->ops->name, channel, &text,
	    &cause) != 0) {
		free(cause);	/* logged by the store; defaults will do */
	} else if (text != NULL)
		doc = cJSON_Parse(text);
	free(text);
	if (!cJSON_IsObject(doc)) {
		cJSON_Delete(doc);
		doc = cJSON_CreateObject();
	}
	return doc;
}

int
channel_save(struct bot *bot, struct adapter *a, const char *channel,
    const cJSON *doc, char **cause)
{
	char	*text = cJSON_PrintUnformatted(doc);
	int	 rc;

	rc = store_channel_set(bot->store, a->ops->name, channel, text, cause);
	free(text);
	return rc;
}

static void
channel_replace(cJSON *o, const char *name, cJSON *v)
{
	if (cJSON_GetObjectItemCaseSensitive(o, name) != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(o, name, v);
	else
		cJSON_AddItemToObject(o, name, v);
}

/* Sets a game option default for every game that has it; counts them. */
static int
channel_set_option(struct bot *bot, cJSON *doc, const char *assignment,
    char **cause)
{
	const struct game_ops *const	*games = game_all();
	struct table			*t;
	struct buf			 b;
	cJSON				*opts, *game;
	char				*err = NULL, *best = NULL;
	size_t				 len = strcspn(assignment, "=");
	int				 g, i, n = 0;

	if ((opts = cJSON_GetObjectItemCaseSensitive(doc, "options")) == NULL)
		opts = cJSON_AddObjectToObject(doc, "options");
	for (g = 0; games[g] != NULL; g++) {
		/* Let the table's own option parser judge name and value. */
		t = table_alloc(bot, NULL, "", games[g]);
		if (table_set_option(t, assignment, &err) == 0) {
			if ((game = cJSON_GetObjectItemCaseSensitive(opts,
			    games[g]->name)) == NULL)
				game = cJSON_AddObjectToObject(opts, games[g]->name);
			for (i = 0; i < games[g]->noptions; i++) {
				if (strncasecmp(assignment, games[g]->options[i].name,
				    len) != 0)
					continue;
				channel_replace(game, games[g]->options[i].name,
				    cJSON_CreateString(t->options[i] != NULL ?
				    t->options[i] : games[g]->options[i].values[0]));
				break;
			}
			n++;
		} else {
			/* A game that has the option says best what is wrong. */
			for (i = 0; i < games[g]->noptions && best == NULL; i++) {
				if (strncasecmp(assignment, games[g]->options[i].name,
				    len) == 0) {
					best = err;
					err = NULL;
				}
			}
			free(err);
			err = NULL;
		}
		table_free(t);
	}
	if (n > 0) {
		free(best);
		return 0;
	}
	if (best != NULL) {
		set_cause(cause, "%s Channel settings are "
		    CHANNEL_SETTINGS_NAMED ", or a game option.", best);
		free(best);
		return -1;
	}
	buf_init(&b, 2048);
	for (g = 0; games[g] != NULL; g++) {
		buf_printf(&b, "%s%s:", g ? "; " : "", games[g]->name);
		for (i = 0; i < games[g]->noptions; i++)
			buf_printf(&b, "%s %s", i ? "," : "",
			    games[g]->options[i].name);
	}
	set_cause(cause, "No game has an option \"%.*s\". Channel settings "
	    "are " CHANNEL_SETTINGS_NAMED ", or a game option (%s).",
	    (int)(len > 40 ? 40 : len), assignment, buf_str(&b));
	buf_release(&b);
	return -1;
}

int
channel_set(struct bot *bot, cJSON *doc, const char *assignment, char **cause)
{
	const char	*eq = strchr(assignment, '=');
	uint64_t	 ms;
	size_t		 len = eq == NULL ? 0 : (size_t)(eq - assignment);
	int		 rc, turn, level;

	if ((rc = table_parse_level(assignment, &level, cause)) != 0) {
		if (rc == 1)
			channel_replace(doc, "ai_level",
			    cJSON_CreateString(table_ai_levels[level]));
		return rc == 1 ? 0 : -1;
	}
	if ((rc = table_parse_timer(assignment, &turn, &ms, cause)) != 0) {
		if (rc == 1)
			channel_replace(doc, turn ? "turn_timer" : "prompt_timer",
			    cJSON_CreateNumber((double)ms));
		return rc == 1 ? 0 : -1;
	}
	if (eq != NULL && ((len == 2 && strncmp(assignment, "ai", 2) == 0) ||
	    (len == 5 && strncmp(assignment, "emoji", 5) == 0))) {
		if (strcasecmp(eq + 1, "yes") != 0 && strcasecmp(eq + 1, "no") != 0)
			return set_cause(cause, "%.*s must be yes or no.",
			    (int)len, assignment);
		channel_replace(doc, len == 2 ? "ai" : "emoji",
		    cJSON_CreateBool(strcasecmp(eq + 1, "yes") == 0));
		return 0;
	}
	return channel_set_option(bot, doc, assignment, cause);
}

char *
channel_describe(const cJSON *doc)
{
	const cJSON	*v, *game, *opt;
	struct buf	 b;
	char		 d[32];

	buf_init(&b, 2048);
	v = cJSON_GetObjectItemCaseSensitive(doc, "turn_timer");
	if (cJSON_IsNumber(v)) {
		render_duration((uint64_t)v->valuedouble, d, sizeof d);
		buf_printf(&b, " turn_timer=%s", d);
	}
	v = cJSON_GetObjectItemCaseSensitive(doc, "prompt_timer");
	if (cJSON_IsNumber(v)) {
		render_duration((uint64_t)v->valuedouble, d, sizeof d);
		buf_printf(&b, " prompt_timer=%s", d);
	}
	v = cJSON_GetObjectItemCaseSensitive(doc, "ai");
	if (cJSON_IsBool(v))
		buf_printf(&b, " ai=%s", cJSON_IsTrue(v) ? "yes" : "no");
	v = cJSON_GetObjectItemCaseSensitive(doc, "emoji");
	if (cJSON_IsBool(v))
		buf_printf(&b, " emoji=%s", cJSON_IsTrue(v) ? "yes" : "no");
	if (channel_level(doc) != TABLE_AI_NORMAL)
		buf_printf(&b, " ai_level=%s", table_ai_levels[channel_level(doc)]);
	cJSON_ArrayForEach(game, cJSON_GetObjectItemCaseSensitive(doc, "options")) {
		if (cJSON_GetArraySize(game) == 0)
			continue;
		buf_printf(&b, " %s:", game->string);
		cJSON_ArrayForEach(opt, game) {
			if (cJSON_IsString(opt))
				buf_printf(&b, " %s=%s", opt->string, opt->valuestring);
		}
	}
	if (b.len == 0)
		buf_puts(&b, " none (the bot's defaults)");
	return buf_detach(&b);
}

void
channel_apply(struct table *t, const cJSON *doc)
{
	const cJSON	*v, *opt;
	char		 assign[128];

	v = cJSON_GetObjectItemCaseSensitive(doc, "turn_timer");
	if (cJSON_IsNumber(v) && v->valuedouble >= 0 &&
	    v->valuedouble <= (double)TABLE_TIMER_MAX)
		t->turn_timer = (uint64_t)v->valuedouble;
	v = cJSON_GetObjectItemCaseSensitive(doc, "prompt_timer");
	if (cJSON_IsNumber(v) && v->valuedouble >= 0 &&
	    v->valuedouble <= (double)TABLE_TIMER_MAX)
		t->prompt_timer = (uint64_t)v->valuedouble;
	v = cJSON_GetObjectItemCaseSensitive(doc, "emoji");
	if (cJSON_IsBool(v))
		t->emoji = cJSON_IsTrue(v);
	t->ai_level = channel_level(doc);
	v = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc,
	    "options"), t->ops->name);
	cJSON_ArrayForEach(opt, v) {
		if (!cJSON_IsString(opt))
			continue;
		snprintf(assign, sizeof assign, "%s=%s", opt->string,
		    opt->valuestring);
		if (table_set_option(t, assign, NULL) != 0)
			log_warn("%s: ignoring the saved default %s", t->channel,
			    assign);
	}
}

int
channel_level(const cJSON *doc)
{
	return table_level_word(cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(doc, "ai_level")));
}

int
channel_ai_allowed(const cJSON *doc)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(doc, "ai");

	return !cJSON_IsFalse(v);
}
