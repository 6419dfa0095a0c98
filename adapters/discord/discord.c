/*
 * The Discord adapter's glue: the adapter ops the bot calls, splitting long
 * texts into Discord-sized messages, and routing gateway dispatches.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "adapters/discord/discord.h"
#include "bot/bot.h"
#include "adapters/discord/settings.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "lib/json.h"
#include "lib/recent.h"
#include "lib/trim.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

size_t
discord_split(const char *text)
{
	size_t	n = utf8_prefix(text, DISCORD_MSG_MAX), i;

	if (text[n] == '\0')
		return n;
	/* Over the limit: cut after the last newline, else mid-line. */
	for (i = n; i > 1; i--)
		if (text[i - 1] == '\n')
			return i;
	return n;
}

cJSON *
discord_components(const struct adapter_buttons *bs)
{
	static const int	 styles[] = {
		[ADAPTER_STYLE_PRIMARY] = 1, [ADAPTER_STYLE_SECONDARY] = 2,
		[ADAPTER_STYLE_SUCCESS] = 3, [ADAPTER_STYLE_DANGER] = 4,
	};
	cJSON			*rows, *row = NULL, *list = NULL, *b;
	int			 i, nrows = 0, inrow = 0, style;

	if (bs == NULL || bs->n == 0)
		return NULL;
	rows = cJSON_CreateArray();
	for (i = 0; i < bs->n; i++) {
		/* A new action row for a new row number or a full row. */
		if (row == NULL || bs->b[i].row != bs->b[i - 1].row ||
		    inrow == ADAPTER_ROW_MAX) {
			if (nrows == ADAPTER_BUTTON_ROWS)
				break;
			row = cJSON_CreateObject();
			cJSON_AddNumberToObject(row, "type", 1);
			list = cJSON_AddArrayToObject(row, "components");
			cJSON_AddItemToArray(rows, row);
			nrows++;
			inrow = 0;
		}
		style = bs->b[i].style;
		b = cJSON_CreateObject();
		cJSON_AddNumberToObject(b, "type", 2);
		cJSON_AddNumberToObject(b, "style", style >= 0 && style <= 3 ?
		    styles[style] : 2);
		cJSON_AddStringToObject(b, "label", bs->b[i].label);
		cJSON_AddStringToObject(b, "custom_id", bs->b[i].id);
		cJSON_AddItemToArray(list, b);
		inrow++;
	}
	return rows;
}

cJSON *
discord_message_json(const char *content, size_t len, int flags,
    const cJSON *components)
{
	cJSON	*body = cJSON_CreateObject(), *am;
	char	*copy = xstrndup(content, len);

	cJSON_AddStringToObject(body, "content", copy);
	if (flags != 0)
		cJSON_AddNumberToObject(body, "flags", flags);
	if (components != NULL)
		cJSON_AddItemToObject(body, "components",
		    cJSON_Duplicate(components, 1));
	/* Mention users (players are pinged by <@id>), never @everyone/roles. */
	am = cJSON_AddObjectToObject(body, "allowed_mentions");
	cJSON_AddItemToArray(cJSON_AddArrayToObject(am, "parse"),
	    cJSON_CreateString("users"));
	free(copy);
	return body;
}

char *
discord_message_body(const char *content, size_t len, int flags,
    const cJSON *components)
{
	return json_print(discord_message_json(content, len, flags,
	    components));
}

static void
discord_post_done(struct discord *d, const struct rest_result *res, void *arg)
{
	(void)d;
	(void)arg;
	if (res->error != NULL)
		log_warn("discord: posting a message failed: %s", res->error);
}

int
discord_post(struct discord *d, const char *channel, const char *text,
    const cJSON *components, rest_cb *cb, void *arg, char **cause)
{
	char	*path;
	size_t	 n;

	path = xasprintf("/channels/%s/messages", channel);
	do {
		n = discord_split(text);
		/* Buttons go under the last part. */
		if (n > 0 && rest_request(d, "POST", path, NULL,
		    discord_message_body(text, n, 0, text[n] == '\0' ?
		    components : NULL), 0,
		    cb == NULL ? discord_post_done : cb, arg, cause) != 0) {
			free(path);
			return -1;
		}
		text += n;
	} while (*text != '\0');
	free(path);
	return 0;
}

int
discord_id_ok(const char *id)
{
	const char	*p;

	if (id == NULL || *id == '\0' || strlen(id) > DISCORD_ID_LEN)
		return 0;
	for (p = id; *p != '\0'; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	return 1;
}

/* A channel id must be a snowflake before it goes into a URL. */
static int
discord_check_id(const char *id, const char *what, char **cause)
{
	if (!discord_id_ok(id))
		return set_cause(cause, "%s is not a Discord id", what);
	return 0;
}

static int
discord_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	struct discord	*d = a->priv;

	if (discord_check_id(channel, "the channel", cause) != 0)
		return -1;
	if (interaction_take_public(d, channel, text))
		return 0;
	return discord_post(d, channel, text, NULL, NULL, NULL, cause);
}

static int
discord_send_dm(struct adapter *a, const char *user_id, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	struct discord	*d = a->priv;

	if (discord_check_id(user_id, "the user", cause) != 0)
		return -1;
	return dm_send(d, user_id, text, bs, cause);
}

static int
discord_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	return interaction_reply(a->priv, ev, private, text, bs, cause);
}

static void
discord_channel_name(struct adapter *a, const char *channel, char *buf,
    size_t len)
{
	(void)a;
	if (discord_check_id(channel, "channel", NULL) == 0)
		snprintf(buf, len, "<#%s>", channel);
	else
		snprintf(buf, len, "%s", channel);
}

static void
discord_mention(struct adapter *a, const char *user_id, const char *name,
    char *buf, size_t len)
{
	(void)a;
	if (discord_check_id(user_id, "user", NULL) == 0)
		snprintf(buf, len, "<@%s>", user_id);
	else
		snprintf(buf, len, "@%s", name);
}

void
discord_dispatch(struct discord *d, const char *type, const cJSON *data)
{
	const cJSON	*user;
	const char	*id;

	if (strcmp(type, "READY") == 0) {
		user = cJSON_GetObjectItemCaseSensitive(data, "user");
		if ((id = json_digits(user, "id", DISCORD_ID_LEN)) != NULL)
			snprintf(d->self_id, sizeof d->self_id, "%s", id);
		if (!d->registered) {
			d->registered = 1;
			commands_register(d);
		}
	} else if (strcmp(type, "INTERACTION_CREATE") == 0) {
		/* One delivered again is dropped before anything else. */
		if (interaction_repeat(d, data))
			return;
		lost_dispatch(d, type, data);
		interaction_handle(d, data);
	} else
		lost_dispatch(d, type, data);
}

void
discord_refused(struct discord *d, const char *what)
{
	if (d->refused || d->stopping)
		return;
	d->refused = 1;
	log_error("discord: %s: the token was refused, so it was reset or "
	    "revoked; the Discord adapter stops, not reconnecting (the other "
	    "adapters keep running). Put the new token in discord.token and "
	    "send SIGHUP.", what);
	bot_adapter_state(&d->adapter, "stopped: token refused");
	shards_refuse(d);
	rest_refuse(d);
}

/* A token as configured, without the spaces or CR a file may end in. */
static char *
discord_token_copy(const char *token)
{
	char	*t = xstrdup(token);

	trim_end(t, TRIM_SPACE);
	return t;
}

/* SIGHUP: a new token starts an adapter whose token was refused. */
static void
discord_reload(struct adapter *a)
{
	struct discord	*d = a->priv;
	char		*token;

	if (!d->refused || d->stopping)
		return;
	token = discord_token_copy(
	    discord_config(d->bot->config)->discord_token);
	if (*token == '\0' || strcmp(token, d->token) == 0) {
		log_warn("discord: SIGHUP: discord.token is unchanged; the "
		    "Discord adapter stays stopped");
		free(token);
		return;
	}
	free(d->token);
	d->token = token;
	d->refused = 0;
	log_info("discord: SIGHUP: a new token; starting again");
	rest_resume(d);
	shards_restart(d);
}

static int
discord_start(struct adapter *a, char **cause)
{
	return shards_start(a->priv, cause);
}

#define DISCORD_DRAIN_MS	5000	/* REST's last requests at shutdown */

/* The end of the shutdown: what is still in flight is dropped. */
static void
discord_on_drain(uv_timer_t *t)
{
	struct discord	*d = t->data;
	uint64_t	 now = uv_now(d->loop);
	int		 n = rest_pending(d);

	if (d->drained)
		return;
	if ((n > 0 || shards_closing(d)) && now < d->drain_until) {
		uv_timer_start(&d->drain, discord_on_drain, d->drain_until - now,
		    0);
		return;
	}
	if (n > 0)
		log_warn("discord: %d request%s still unfinished after %d s; "
		    "dropped", n, n == 1 ? "" : "s", DISCORD_DRAIN_MS / 1000);
	d->drained = 1;
	uv_close((uv_handle_t *)&d->drain, NULL);
	shards_stop(d);
	rest_stop(d);
}

void
discord_drained(struct discord *d)
{
	if (!d->draining || d->drained)
		return;
	uv_timer_start(&d->drain, discord_on_drain, 0, 0);
}

/*
 * SIGTERM: the gateway is closed with 1000, so the bot shows offline at
 * once; REST's requests, queued and in flight, get DISCORD_DRAIN_MS to
 * finish (no new ones are taken); then everything stops.
 */
static void
discord_stop(struct adapter *a)
{
	struct discord	*d = a->priv;

	if (d->stopping)
		return;
	d->stopping = 1;
	d->draining = 1;
	uv_timer_init(d->loop, &d->drain);
	d->drain.data = d;
	d->drain_until = uv_now(d->loop) + DISCORD_DRAIN_MS;
	rest_drain(d);
	shards_close_clean(d);
	uv_timer_start(&d->drain, discord_on_drain, 0, 0);
}

static void
discord_free(struct adapter *a)
{
	struct discord	*d = a->priv;

	shards_free(d);
	rest_free(d);
	dm_cache_free(d->dms);
	boardmsg_free_all(d);
	lost_free(d->lost);
	recent_free(d->seen_ix);
	edited_free_dm(&d->edited);
	interaction_free_all(d);
	holds_release(&d->holds);
	free(d->commands);
	free(d->token);
	free(d->application_id);
	free(d->api_base);
	free(d->gateway_url);
	free(d->ca_file);
	free(d->guild_id);
	free(d->user_agent);
	free(d->command);
	free(d);
}

/* A player's private messages of a table: bot/saying/edited-messages.h. */
static int
discord_dm_table(struct adapter *a, const char *user_id, uint64_t table,
    enum adapter_dm what, const char *text, const struct adapter_buttons *bs,
    char **cause)
{
	struct discord	*d = a->priv;

	return edited_dm(&d->edited, user_id, table, what, text, bs,
	    cause);
}

static const struct adapter_ops discord_ops = {
	.name = "discord",
	.flags = ADAPTER_EPHEMERAL | ADAPTER_BUTTONS | ADAPTER_EDIT |
	    ADAPTER_VIEW | ADAPTER_NEWS_ANSWERS,
	.start = discord_start,
	.stop = discord_stop,
	.reload = discord_reload,
	.free_adapter = discord_free,
	.send_channel = discord_send_channel,
	.send_dm = discord_send_dm,
	.reply = discord_reply,
	.board = boardmsg_show,
	.dm_table = discord_dm_table,
	.channel_name = discord_channel_name,
	.mention = discord_mention,
	.hold = held_hold,
	.unhold = held_unhold,
};

int
discord_check(const struct config *config, char **cause)
{
	const struct discord_config	*cfg = discord_config(config);
	char				*all = NULL;

	if (*cfg->discord_token == '\0')
		add_cause(&all, "discord.enabled is set but discord.token is "
		    "empty; give the bot token (under systemd token = "
		    "credential:discord.token, else file:/path or env:NAME)");
	if (*cfg->discord_application_id == '\0')
		add_cause(&all, "discord.enabled is set but "
		    "discord.application_id is empty; copy it from the "
		    "developer portal");
	discord_shards_check(cfg, &all);
	return set_causes(cause, all);
}

struct adapter *
discord_new(struct bot *bot, char **cause)
{
	const struct discord_config	*cfg = discord_config(bot->config);
	struct discord			*d;

	if (discord_check(bot->config, cause) != 0)
		return NULL;
	d = xcalloc(1, sizeof *d);
	d->adapter.ops = &discord_ops;
	d->adapter.bot = bot;
	d->adapter.priv = d;
	d->bot = bot;
	d->loop = bot->loop;
	d->token = discord_token_copy(cfg->discord_token);
	d->application_id = xstrdup(cfg->discord_application_id);
	d->api_base = xstrdup(cfg->discord_api_base);
	trim_end(d->api_base, "/");
	d->gateway_url = xstrdup(cfg->discord_gateway_url);
	d->ca_file = xstrdup(cfg->discord_ca_file);
	d->guild_id = xstrdup(cfg->discord_guild_id);
	d->user_agent = xasprintf("DiscordBot (%s, %s)",
	    cfg->discord_user_agent_url, CHEERSBOT_VERSION);
	d->command = xstrdup(bot->config->bot_command);
	d->shard_id = cfg->discord_shard_id;
	d->shard_count = cfg->discord_shard_count;
	d->shards_mode = discord_shards_parse(cfg->discord_shards,
	    &d->shards_first, &d->shards_last, NULL);
	d->compress = cfg->discord_compress;
	d->commands = commands_build(bot->config->bot_command);
	d->dms = dm_cache_new();
	edited_init(&d->edited, &d->adapter, boardmsg_send, boardmsg_remove);
	edited_init_dm(&d->edited, boardmsg_send, boardmsg_body,
	    dm_with_channel);
	d->lost = lost_new();
	d->seen_ix = recent_new(DISCORD_SEEN_MAX, DISCORD_SEEN_AGE);
	d->lost_grace = cfg->discord_lost_channel_grace_ms;
	LIST_INIT(&d->ix_notes);
	holds_init(&d->holds, DISCORD_HOLDS_MAX);
	/*
	 * REST takes requests from now on: restored tables may speak before
	 * start (a turn whose timer ran out while the bot was down); they
	 * leave once the loop runs.
	 */
	if (rest_init(d, cause) != 0) {
		discord_free(&d->adapter);
		return NULL;
	}
	return &d->adapter;
}
