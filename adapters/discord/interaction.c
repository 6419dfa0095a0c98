/*
 * Interactions: a user ran "/cheers <subcommand> [options]".  The
 * INTERACTION_CREATE payload becomes the command text the bot's router
 * reads ("play 2 <@123>", options in the order the action describes its
 * arguments) and a bot_event: who (id, display name), where (channel; a DM
 * when there is no guild), and whether the member may manage the guild or
 * its channels (the bot's "channel admin").
 *
 * Answers: the first answer to an interaction is its callback (type 4,
 * within Discord's 3 seconds, flag 64 when private); later ones are
 * followups on the interaction's webhook.  Both go through one queue per
 * interaction, so a followup never overtakes its callback.  A public
 * message to the interaction's channel while it is unanswered becomes the
 * public callback; a command the bot ran and did not answer at all gets a
 * short private "Done." so the user never sees "did not respond".  A
 * command the flood limit refused was not done, and is never answered
 * so: the first one past the limit is told privately when to try again
 * (the bot says it), and the later ones are answered with nothing the
 * user can read (interaction_quiet).
 *
 * A click on one of the bot's buttons (MESSAGE_COMPONENT, type 3) becomes
 * a bot_event with is_button set and the button's custom_id as its text.
 * Its private answer replaces the clicked message (callback type 7) when
 * that message was private already (ephemeral, or in a DM), so a hand
 * view turns into the target picker and back; on the public table it is
 * a new ephemeral message.  A click the bot does not answer is
 * acknowledged silently (type 6).
 *
 * While a user types a card option (an autocompleted string, see
 * commands.c), Discord asks for choices (APPLICATION_COMMAND_AUTOCOMPLETE,
 * type 4): the answer (type 8) lists the cards of that user's own seat
 * that fit what is typed, from bot_complete; it goes to that user alone,
 * and runs no command.
 *
 * A callback is tried at most twice and never after Discord's 3 s window
 * (rest.c's REST_QUICK); an answer that could not be delivered is logged
 * once, with its interaction's id.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "bot/daemon/log.h"
#include "lib/buf.h"
#include "lib/json.h"
#include "lib/recent.h"
#include "lib/xmalloc.h"

#define IX_TYPE_COMMAND		2
#define IX_TYPE_COMPONENT	3
#define IX_TYPE_AUTOCOMPLETE	4
#define IX_CALLBACK_MESSAGE	4
#define IX_CALLBACK_THINKING	5	/* a command, acknowledged; answer later */
#define IX_CALLBACK_DEFER	6	/* a click, acknowledged, nothing said */
#define IX_CALLBACK_UPDATE	7	/* a click, answered by editing its message */
#define IX_CALLBACK_CHOICES	8	/* an autocompletion's choices */
#define IX_CHOICES_MAX		25	/* Discord's limit of choices */
#define IX_COMPONENT_BUTTON	2
#define IX_NAME_MAX		100
#define IX_VALUE_MAX		400
#define IX_KEY_MAX		32	/* a command's or option's name */
#define IX_INT_MAX		1000000	/* an integer option's reach */
#define PERM_ADMINISTRATOR	(1ULL << 3)
#define PERM_MANAGE_CHANNELS	(1ULL << 4)
#define PERM_MANAGE_GUILD	(1ULL << 5)

/* An answer on its way: its interaction, for the log if it fails. */
struct ix_note {
	LIST_ENTRY(ix_note)	 entry;
	char			 id[DISCORD_ID_MAX];
	const char		*what;		/* "answer", "followup" */
};

static struct ix_note *
interaction_note(struct discord *d, const struct interaction *ix,
    const char *what)
{
	struct ix_note	*n = xcalloc(1, sizeof *n);

	snprintf(n->id, sizeof n->id, "%s", ix->id);
	n->what = what;
	LIST_INSERT_HEAD(&d->ix_notes, n, entry);
	return n;
}

void
interaction_free_all(struct discord *d)
{
	struct ix_note	*n;

	while ((n = LIST_FIRST(&d->ix_notes)) != NULL) {
		LIST_REMOVE(n, entry);
		free(n);
	}
}

static void
interaction_sent(struct discord *d, const struct rest_result *res, void *arg)
{
	struct ix_note	*n = arg;

	(void)d;
	if (res->error != NULL)
		log_warn("discord: interaction %s: its %s was dropped: %s",
		    n->id, n->what, res->error);
	LIST_REMOVE(n, entry);
	free(n);
}

/*
 * Queues method path for ix on its queue, body taken over (may be NULL),
 * noted for the log; 0 or -1.
 */
static int
interaction_request(struct discord *d, struct interaction *ix,
    const char *what, const char *method, const char *path, char *body,
    int flags, char **cause)
{
	struct ix_note	*n = interaction_note(d, ix, what);

	if (rest_request(d, method, path, ix->queue, body, flags,
	    interaction_sent, n, cause) != 0) {
		LIST_REMOVE(n, entry);
		free(n);
		return -1;
	}
	return 0;
}

/* Queues the callback of ix, body taken over; 0 or -1. */
static int
interaction_callback(struct discord *d, struct interaction *ix, char *body,
    char **cause)
{
	char	*path;
	int	 rc;

	path = xasprintf("/interactions/%s/%s/callback", ix->id, ix->token);
	ix->responded = 1;
	rc = interaction_request(d, ix, "answer", "POST", path, body,
	    REST_NO_GLOBAL | REST_TIMED | REST_QUICK, cause);
	free(path);
	return rc;
}

/* {"type":type,"data":data}, data taken over (may be NULL); caller frees. */
static char *
interaction_body(int type, cJSON *data)
{
	cJSON	*body = cJSON_CreateObject();

	cJSON_AddNumberToObject(body, "type", type);
	if (data != NULL)
		cJSON_AddItemToObject(body, "data", data);
	return json_print(body);
}

int
interaction_send(struct discord *d, struct interaction *ix, int private,
    const char *text, const cJSON *components, char **cause)
{
	const cJSON	*last;
	cJSON		*data, *none;
	char		*path, *msg;
	size_t		 n;
	int		 flags = private ? DISCORD_FLAG_EPHEMERAL : 0, type;

	do {
		n = discord_split(text);
		last = text[n] == '\0' ? components : NULL;
		if (!ix->responded) {
			/* A private answer to a click on a private message edits it. */
			type = ix->component && private && ix->private_msg ?
			    IX_CALLBACK_UPDATE : IX_CALLBACK_MESSAGE;
			none = NULL;
			if (type == IX_CALLBACK_UPDATE && last == NULL)
				last = none = cJSON_CreateArray();
			msg = discord_message_body(text, n,
			    type == IX_CALLBACK_UPDATE ? 0 : flags, last);
			cJSON_Delete(none);
			if ((data = cJSON_Parse(msg)) == NULL)
				fatalx("cJSON_Parse of our own message failed");
			free(msg);
			if (interaction_callback(d, ix, interaction_body(type,
			    data), cause) != 0)
				return -1;
		} else if (ix->open && (!ix->component || private)) {
			/*
			 * A deferred answer (held.c): it becomes this part,
			 * in the form its deferral set (flags cannot change
			 * in an edit); a click's private message is edited,
			 * as type 7 would have.
			 */
			ix->open = 0;
			none = NULL;
			if (ix->component && last == NULL)
				last = none = cJSON_CreateArray();
			path = xasprintf("/webhooks/%s/%s/messages/@original",
			    d->application_id, ix->token);
			msg = discord_message_body(text, n, 0, last);
			cJSON_Delete(none);
			if (interaction_request(d, ix, "answer", "PATCH", path,
			    msg, 0, cause) != 0) {
				free(path);
				return -1;
			}
			free(path);
		} else {
			path = xasprintf("/webhooks/%s/%s", d->application_id,
			    ix->token);
			msg = discord_message_body(text, n, flags, last);
			if (interaction_request(d, ix, "followup", "POST", path,
			    msg, 0, cause) != 0) {
				free(path);
				return -1;
			}
			free(path);
		}
		text += n;
	} while (*text != '\0');
	return 0;
}

int
interaction_reply(struct discord *d, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	struct interaction	*ix = ev->reply_ctx;
	cJSON			*components = discord_components(bs);
	int			 rc;

	if (ix != NULL && ix != d->current &&
	    (ix = holds_find(&d->holds, ix)) != NULL)
		/* Held past its event (held.c). */
		rc = held_reply(d, ix, ev, private, text, bs, components,
		    cause);
	else if (ix == NULL || ix != d->current) {
		/* Not inside its interaction any more: only public is safe. */
		if (private)
			rc = set_cause(cause, "the interaction is over");
		else
			rc = discord_post(d, ev->channel, text, components, NULL,
			    NULL, cause);
	} else
		rc = interaction_send(d, ix, private, text, components, cause);
	cJSON_Delete(components);
	return rc;
}

int
interaction_take_public(struct discord *d, const char *channel,
    const char *text)
{
	struct interaction	*ix = d->current;
	char			*cause = NULL;

	/* A click's answer is the clicker's own; the channel gets messages. */
	if (ix == NULL || ix->responded || ix->component ||
	    strcmp(ix->channel, channel) != 0)
		return 0;
	if (interaction_send(d, ix, 0, text, NULL, &cause) != 0) {
		log_warn("discord: %s", cause);
		free(cause);
	}
	return 1;
}

int
interaction_take_news(struct discord *d, const char *channel, const char *text)
{
	return interaction_take_public(d, channel, text);
}

/* One option of a command, as Discord sent it. */
struct ix_option {
	const char	*name;		/* 1..IX_KEY_MAX bytes, or NULL */
	const char	*user;		/* a snowflake value, or NULL */
	const char	*text;		/* a string of <= IX_VALUE_MAX bytes */
	int		 number;	/* the value is a number */
	int		 integral;	/* ... an integer within +-IX_INT_MAX */
	int64_t		 n;		/* that integer */
};

/*
 * An INTERACTION_CREATE payload, read once at the door (interaction_read):
 * every string is borrowed from the payload and bounded, and NULL where
 * it is absent or malformed.  interaction_handle judges it, in the order
 * it logs what is wrong.
 */
struct ix_in {
	int			 ok;	/* a type, an id and a URL-safe token */
	int64_t			 type;
	const char		*id, *token;
	const char		*channel;	/* channel_id, else channel.id */
	const char		*guild;		/* NULL in a DM */
	const char		*user_id;
	const char		*user_name;	/* nick, global or user name */
	int			 admin;		/* may manage the guild */
	const char		*app_permissions;
	int			 in_thread;	/* the channel is a thread */
	/* A command or an autocompletion: "/name sub options". */
	const char		*command;
	int			 nsubs;		/* -1: options not an array */
	const char		*sub;		/* the first option's name */
	int			 sub_command;	/* ... and it is a subcommand */
	int			 noptions;	/* -1: not an array, too many */
	struct ix_option	 options[COMMANDS_MAX_OPTIONS];
	const char		*focused;	/* the option being typed */
	const char		*typed;		/* what is typed in it so far */
	/* A click. */
	const char		*custom_id;	/* a button's, or NULL */
	int			 private_msg;	/* on an ephemeral message */
};

/* A token goes into URLs: letters, digits, "-", "_" and "." only. */
static int
interaction_token_ok(const char *token)
{
	const char	*p;

	for (p = token; *p != '\0'; p++) {
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_' &&
		    *p != '.')
			return 0;
	}
	return 1;
}

/* Is the member allowed to manage the guild or its channels? */
static int
interaction_admin(const cJSON *member)
{
	const char		*perm, *p;
	unsigned long long	 bits;

	if ((perm = json_string(member, "permissions", 24)) == NULL)
		return 0;
	for (p = perm; *p != '\0'; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	bits = strtoull(perm, NULL, 10);
	return (bits & (PERM_ADMINISTRATOR | PERM_MANAGE_CHANNELS |
	    PERM_MANAGE_GUILD)) != 0;
}

/* Reads one option o (borrowed) of a command into *out. */
static void
interaction_read_option(const cJSON *o, struct ix_option *out)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(o, "value");

	out->name = json_string(o, "name", IX_KEY_MAX);
	out->user = json_digits(o, "value", DISCORD_ID_LEN);
	if (cJSON_IsString(v) && v->valuestring != NULL &&
	    strlen(v->valuestring) <= IX_VALUE_MAX)
		out->text = v->valuestring;
	out->number = cJSON_IsNumber(v);
	out->integral = json_int(o, "value", -IX_INT_MAX, IX_INT_MAX,
	    &out->n) == 0;
}

/*
 * Reads the command of idata (the interaction's "data", borrowed) into
 * *in: its name, its subcommand, the subcommand's options and the one
 * being typed.
 */
static void
interaction_read_command(const cJSON *idata, struct ix_in *in)
{
	const cJSON	*opts, *first = NULL, *given, *o, *focused = NULL, *v;
	int64_t		 type;
	int		 i = 0;

	in->command = json_string(idata, "name", IX_KEY_MAX);
	opts = cJSON_GetObjectItemCaseSensitive(idata, "options");
	in->nsubs = opts == NULL ? 0 : !cJSON_IsArray(opts) ? -1 :
	    cJSON_GetArraySize(opts);
	if (in->nsubs > 0)
		first = cJSON_GetArrayItem(opts, 0);
	in->sub = json_string(first, "name", IX_KEY_MAX);
	in->sub_command = json_int(first, "type", 1, 11, &type) == 0 &&
	    type == OPT_SUB_COMMAND;
	given = cJSON_GetObjectItemCaseSensitive(first, "options");
	if (given == NULL)
		in->noptions = 0;
	else if (!cJSON_IsArray(given) ||
	    cJSON_GetArraySize(given) > COMMANDS_MAX_OPTIONS)
		in->noptions = -1;
	else
		in->noptions = cJSON_GetArraySize(given);
	cJSON_ArrayForEach(o, given) {
		if (i < in->noptions)
			interaction_read_option(o, &in->options[i++]);
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
		    "focused")))
			focused = o;
	}
	in->typed = "";
	if (focused != NULL) {
		in->focused = json_string(focused, "name", IX_KEY_MAX);
		v = cJSON_GetObjectItemCaseSensitive(focused, "value");
		if (cJSON_IsString(v) && v->valuestring != NULL &&
		    strlen(v->valuestring) < BOT_CHOICE_MAX)
			in->typed = v->valuestring;
	}
}

/*
 * Reads the click of idata (the interaction's "data", borrowed) on
 * message (borrowed) into *in: a button's custom_id, and whether the
 * clicked message is ephemeral.
 */
static void
interaction_read_click(const cJSON *idata, const cJSON *message,
    struct ix_in *in)
{
	int64_t	ctype, flags;

	if (json_int(idata, "component_type", 1, 100, &ctype) != 0 ||
	    ctype != IX_COMPONENT_BUTTON ||
	    (in->custom_id = json_string(idata, "custom_id",
	    ADAPTER_BUTTON_ID_MAX)) == NULL)
		return;
	in->private_msg = json_int(message, "flags", 0, INT64_C(1) << 40,
	    &flags) == 0 && (flags & DISCORD_FLAG_EPHEMERAL) != 0;
}

/* Reads data (an INTERACTION_CREATE payload, borrowed) into *in. */
static void
interaction_read(const cJSON *data, struct ix_in *in)
{
	const cJSON	*member, *user, *channel, *idata;
	int64_t		 type;

	memset(in, 0, sizeof *in);
	in->ok = json_int(data, "type", 1, 100, &in->type) == 0 &&
	    (in->id = json_digits(data, "id", DISCORD_ID_LEN)) != NULL &&
	    (in->token = json_string(data, "token", DISCORD_TOKEN_MAX)) !=
	    NULL && interaction_token_ok(in->token);
	channel = cJSON_GetObjectItemCaseSensitive(data, "channel");
	if ((in->channel = json_digits(data, "channel_id",
	    DISCORD_ID_LEN)) == NULL)
		in->channel = json_digits(channel, "id", DISCORD_ID_LEN);
	in->in_thread = json_int(channel, "type", 0, 1000, &type) == 0 &&
	    type >= 10 && type <= 12;
	in->guild = json_digits(data, "guild_id", DISCORD_ID_LEN);
	in->app_permissions = json_string(data, "app_permissions", 24);
	member = cJSON_GetObjectItemCaseSensitive(data, "member");
	user = cJSON_GetObjectItemCaseSensitive(cJSON_IsObject(member) ?
	    member : data, "user");
	in->user_id = json_digits(user, "id", DISCORD_ID_LEN);
	if ((in->user_name = json_string(member, "nick", IX_NAME_MAX)) ==
	    NULL && (in->user_name = json_string(user, "global_name",
	    IX_NAME_MAX)) == NULL && (in->user_name = json_string(user,
	    "username", IX_NAME_MAX)) == NULL)
		in->user_name = in->user_id;
	in->admin = interaction_admin(member);
	idata = cJSON_GetObjectItemCaseSensitive(data, "data");
	interaction_read_command(idata, in);
	interaction_read_click(idata,
	    cJSON_GetObjectItemCaseSensitive(data, "message"), in);
}

/* Appends one option's value to the command text; -1 if it is malformed. */
static int
interaction_value(struct buf *b, const struct commands_option *o,
    const struct ix_option *given)
{
	const char	*p;

	switch (o->type) {
	case OPT_INTEGER:
		if (!given->integral)
			return -1;
		buf_printf(b, " %lld", (long long)given->n);
		return 0;
	case OPT_USER:
		if (given->user == NULL)
			return -1;
		buf_printf(b, " <@%s>", given->user);
		return 0;
	default:
		/* A card was an integer option before it took names. */
		if (o->autocomplete && given->number && given->integral &&
		    given->n >= 1 && given->n <= 99) {
			buf_printf(b, " %lld", (long long)given->n);
			return 0;
		}
		if (given->text == NULL)
			return -1;
		buf_puts(b, " ");
		for (p = given->text; *p != '\0'; p++)
			buf_add(b, iscntrl((unsigned char)*p) ? " " : p, 1);
		return 0;
	}
}

/*
 * The command text of in: the subcommand and its options in argument
 * order.  Caller frees; NULL if malformed.
 */
static char *
interaction_text(struct discord *d, const struct ix_in *in)
{
	const struct commands_top	*top;
	const struct commands_sub	*sub;
	const struct ix_option		*o;
	struct buf			 b;
	int				 i, j;

	if (in->command == NULL ||
	    (top = commands_top_find(d->commands, in->command)) == NULL)
		return NULL;
	if (in->nsubs == 0)
		return xstrdup("");
	if (in->nsubs != 1 || !in->sub_command || in->sub == NULL ||
	    (sub = commands_find(top, in->sub)) == NULL || in->noptions < 0)
		return NULL;
	buf_init(&b, CMD_TEXT_MAX + 64);
	buf_puts(&b, sub->name);
	/* "/fwb new" opens a table of Friends with Beverages. */
	if (top->game_new && strcmp(sub->name, "new") == 0)
		buf_printf(&b, " %s", top->game->name);
	for (i = 0; i < sub->noptions; i++) {
		for (j = 0; j < in->noptions; j++) {
			o = &in->options[j];
			if (o->name == NULL ||
			    strcmp(o->name, sub->options[i].name) != 0)
				continue;
			if (interaction_value(&b, &sub->options[i], o) != 0) {
				buf_release(&b);
				return NULL;
			}
			break;
		}
	}
	if (b.truncated) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b);
}

/* Answers ix privately with text (borrowed), logging a failure. */
static void
interaction_say(struct discord *d, struct interaction *ix, const char *text)
{
	char	*cause = NULL;

	if (interaction_send(d, ix, 1, text, NULL, &cause) != 0) {
		log_warn("discord: %s", cause);
		free(cause);
	}
}

int
interaction_repeat(struct discord *d, const cJSON *data)
{
	const char	*id = json_digits(data, "id", DISCORD_ID_LEN);

	if (id == NULL || !recent_check(d->seen_ix, id, uv_now(d->loop)))
		return 0;
	log_debug("discord: dropped a repeated interaction %s", id);
	return 1;
}

int
interaction_defer(struct discord *d, struct interaction *ix, int private,
    char **cause)
{
	cJSON	*data;

	if (ix->component)
		return interaction_callback(d, ix, interaction_body(
		    IX_CALLBACK_DEFER, NULL), cause);
	data = cJSON_CreateObject();
	if (private)
		cJSON_AddNumberToObject(data, "flags", DISCORD_FLAG_EPHEMERAL);
	return interaction_callback(d, ix, interaction_body(
	    IX_CALLBACK_THINKING, data), cause);
}

int
interaction_delete_original(struct discord *d, struct interaction *ix,
    char **cause)
{
	char	*path;
	int	 rc;

	path = xasprintf("/webhooks/%s/%s/messages/@original",
	    d->application_id, ix->token);
	rc = interaction_request(d, ix, "deletion", "DELETE", path, NULL,
	    REST_NO_GLOBAL, cause);
	free(path);
	return rc;
}

/*
 * A slash command the flood limit refused, after its one "slow down":
 * Discord wants an answer to every command within 3 s, or the user sees
 * "the application did not respond", and a command (unlike a click,
 * type 6) cannot be acknowledged with nothing.  Saying "Done." would be
 * untrue, and repeating the slow-down line would flood the very user who
 * is being asked to stop.  So it is acknowledged with a deferred private
 * answer (type 5, flag 64: "thinking", shown to that user alone), which
 * is then deleted (DELETE .../messages/@original, on the interaction's
 * queue, so after the callback): nothing stays, nothing untrue is said.
 * Both calls are interaction endpoints, outside the global rate limit.
 */
static void
interaction_quiet(struct discord *d, struct interaction *ix)
{
	char	*cause = NULL;

	if (interaction_defer(d, ix, 1, &cause) != 0 ||
	    interaction_delete_original(d, ix, &cause) != 0) {
		log_warn("discord: %s", cause);
		free(cause);
	}
}

/*
 * Answers an autocompletion ix of in with the focused option's choices:
 * the cards of the user's own seat that fit what is typed, at most 25,
 * maybe none.
 */
static void
interaction_complete(struct discord *d, struct interaction *ix,
    const struct ix_in *in)
{
	struct bot_choice	 ch[IX_CHOICES_MAX];
	cJSON			*out, *list, *c;
	char			*cause = NULL;
	int			 n = 0, i;

	if (in->sub != NULL && in->focused != NULL)
		n = bot_complete(d->bot, &d->adapter, in->channel, in->user_id,
		    in->sub, in->focused, in->typed, ch, IX_CHOICES_MAX);
	out = cJSON_CreateObject();
	list = cJSON_AddArrayToObject(out, "choices");
	for (i = 0; i < n; i++) {
		c = cJSON_CreateObject();
		cJSON_AddStringToObject(c, "name", ch[i].label);
		cJSON_AddStringToObject(c, "value", ch[i].value);
		cJSON_AddItemToArray(list, c);
	}
	if (interaction_callback(d, ix, interaction_body(IX_CALLBACK_CHOICES,
	    out), &cause) != 0) {
		log_warn("discord: %s", cause);
		free(cause);
	}
}

void
interaction_handle(struct discord *d, const cJSON *data)
{
	struct ix_in		 in;
	struct interaction	 ix;
	struct bot_event	 ev;
	enum bot_outcome	 outcome;
	const char		*click = NULL;
	char			*text = NULL, *msg, *cause = NULL;

	interaction_read(data, &in);
	if (!in.ok) {
		log_warn("discord: dropped a malformed interaction");
		return;
	}
	if (in.type != IX_TYPE_COMMAND && in.type != IX_TYPE_COMPONENT &&
	    in.type != IX_TYPE_AUTOCOMPLETE) {
		log_debug("discord: ignored an interaction of type %lld",
		    (long long)in.type);
		return;
	}
	if (in.channel == NULL || in.user_id == NULL) {
		log_warn("discord: dropped an interaction without a channel "
		    "or user");
		return;
	}

	memset(&ix, 0, sizeof ix);
	snprintf(ix.id, sizeof ix.id, "%s", in.id);
	snprintf(ix.token, sizeof ix.token, "%s", in.token);
	snprintf(ix.channel, sizeof ix.channel, "%s", in.channel);
	snprintf(ix.queue, sizeof ix.queue, "ix:%s", in.id);
	ix.component = in.type == IX_TYPE_COMPONENT;
	if (in.type == IX_TYPE_AUTOCOMPLETE) {
		interaction_complete(d, &ix, &in);
		return;
	}

	memset(&ev, 0, sizeof ev);
	ev.adapter = &d->adapter;
	ev.user_id = in.user_id;
	ev.user_name = in.user_name;
	ev.channel = in.channel;
	ev.server = in.guild;
	ev.is_dm = ev.server == NULL;
	ev.is_admin = !ev.is_dm && in.admin;
	ev.reply_ctx = &ix;
	if (ev.is_dm)
		dm_learn(d, in.user_id, in.channel);

	if (ix.component) {
		click = in.custom_id;
		ix.private_msg = in.private_msg || ev.is_dm;
	} else
		text = interaction_text(d, &in);
	d->current = &ix;
	if (text == NULL && click == NULL) {
		log_warn("discord: dropped an interaction with malformed "
		    "%s data", ix.component ? "component" : "command");
		msg = xasprintf("I could not read that %s; try /%s help.",
		    ix.component ? "click" : "command", d->command);
		interaction_say(d, &ix, msg);
		free(msg);
		d->current = NULL;
		return;
	}
	log_debug("discord: %s in %s: %s%s", in.user_id, in.channel,
	    ix.component ? "click " : "", ix.component ? click : text);
	/* A table the bot could not show is not opened (perms.c). */
	if (!ix.component && !ev.is_dm && (msg = perms_refusal(
	    in.app_permissions, in.in_thread, text)) != NULL) {
		interaction_say(d, &ix, msg);
		free(msg);
		d->current = NULL;
		free(text);
		return;
	}
	ev.text = ix.component ? click : text;
	ev.is_button = ix.component;
	outcome = bot_handle_event(d->bot, &ev);
	if (!ix.responded) {
		/* Never leave Discord saying "the application did not respond". */
		if (ix.component) {
			if (interaction_defer(d, &ix, 0, &cause) != 0) {
				log_warn("discord: %s", cause);
				free(cause);
			}
		} else if (outcome == BOT_HANDLED)
			interaction_say(d, &ix, "Done.");
		else
			interaction_quiet(d, &ix);
	}
	d->current = NULL;
	free(text);
}
