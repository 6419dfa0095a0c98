/*
 * The console adapter: a whole chat on one terminal.
 *
 * Each input line is "<user> [#channel|dm]: <text>", or bare text spoken
 * by the configured user in the configured channel.  Text starting with
 * "/<command>" is a command to the bot (in a DM the slash word may be left
 * out); anything else is table talk and ignored.  Lines starting with '#'
 * are comments.  Directives for tests start with ':':
 *   :wait <duration>    move the fake clock on (with --fake-clock)
 *   :dmclosed <user>    DMs to user fail from now on, as if closed
 *   :dmopen <user>      DMs to user work again (and the bot is told)
 * With console.buttons set, the console acts like a platform with buttons
 * and an edited table message (see ui.c): "[label]" clicks a button.
 * Output lines are tagged "[#bar] ...", "[dm @alice] ...",
 * "[ephemeral @alice] ...", and "[console] ..." for the simulator itself;
 * control characters and bytes that are not UTF-8 in them are escaped.
 * Reads a tty, a pipe or a regular file; stops the bot at end of input.
 * A line from a pipe or a file is echoed ("> line", console.echo) before
 * what it causes, so the output reads as a conversation.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <uv.h>

#include "adapters/console/console-int.h"
#include "adapters/console/console.h"
#include "bot/adapter.h"
#include "bot/bot.h"
#include "bot/commands/cmd.h"
#include "adapters/console/settings.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/saying/outbox.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/*
 * Everything the console prints goes through here or console_note_print,
 * cleaned (lib/utf8.h): a control character from the input, in a channel
 * name, a user's word or the echo, never reaches the terminal raw.
 */
void
console_print(const char *tag, const char *text)
{
	const char	*p = text, *nl;
	char		*t = utf8_clean_dup(tag), *line, *clean;

	do {
		nl = strchr(p, '\n');
		line = xstrndup(p, nl == NULL ? strlen(p) : (size_t)(nl - p));
		clean = utf8_clean_dup(line);
		printf("[%s] %s\n", t, clean);
		free(clean);
		free(line);
		p = nl == NULL ? NULL : nl + 1;
	} while (p != NULL);
	free(t);
	fflush(stdout);
}

/* A line the console itself prints, in its place among held output. */
struct console_note {
	char	*tag;
	char	*text;
	int	 echo;		/* "> text", the echo of an input line */
};

static void
console_note_print(void *arg)
{
	struct console_note	*n = arg;
	char			*clean;

	if (n->echo) {
		clean = utf8_clean_dup(n->text);
		printf("> %s\n", clean);
		free(clean);
		fflush(stdout);
	} else
		console_print(n->tag, n->text);
}

static void
console_note_free(void *arg)
{
	struct console_note	*n = arg;

	free(n->tag);
	free(n->text);
	free(n);
}

void
console_note(struct console *c, const char *tag, const char *text)
{
	struct console_note	*n = xcalloc(1, sizeof *n);

	n->echo = tag == NULL;
	n->tag = tag == NULL ? NULL : xstrdup(tag);
	n->text = xstrdup(text);
	outbox_call(c->adapter.bot, console_note_print, console_note_free, n);
}

static int
console_dm_closed(struct console *c, const char *user)
{
	int	i;

	for (i = 0; i < c->nclosed; i++)
		if (strcmp(c->closed[i], user) == 0)
			return i;
	return -1;
}

static int
console_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	(void)a;
	(void)cause;
	console_print(channel, text);
	return 0;
}

static int
console_send_dm(struct adapter *a, const char *user, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	struct console	*c = a->priv;
	char		 tag[CONSOLE_NAME_MAX + 8];

	if (console_dm_closed(c, user) >= 0)
		return set_cause(cause, "%s does not accept direct messages", user);
	snprintf(tag, sizeof tag, "dm @%s", user);
	console_print(tag, text);
	console_ui_show(c, tag, user, "dm", bs);
	return 0;
}

static int
console_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	struct console	*c = a->priv;
	char		 tag[CONSOLE_NAME_MAX + 16];

	(void)cause;
	/* An answer in a DM the user wrote works even when DMs are closed. */
	if (ev->is_dm) {
		snprintf(tag, sizeof tag, "dm @%s", ev->user_id);
		console_print(tag, text);
		console_ui_show(c, tag, ev->user_id, "dm", bs);
		return 0;
	}
	if (private) {
		snprintf(tag, sizeof tag, "ephemeral @%s", ev->user_id);
		console_print(tag, text);
		console_ui_show(c, tag, ev->user_id, ev->channel, bs);
	} else {
		console_print(ev->channel, text);
		console_ui_show(c, ev->channel, NULL, ev->channel, bs);
	}
	return 0;
}

static void
console_mention(struct adapter *a, const char *user_id, const char *name,
    char *buf, size_t len)
{
	(void)a;
	(void)user_id;
	snprintf(buf, len, "@%s", name);
}

/* A directive line (":wait 5m"); answers on the "[console]" tag. */
static void
console_directive(struct console *c, const char *line)
{
	struct bot	*bot = c->adapter.bot;
	char		 verb[16], arg[64], *cause = NULL;
	uint64_t	 ms;
	size_t		 n;
	int		 i;

	arg[0] = '\0';
	if (sscanf(line, ":%15s", verb) < 1) {
		console_note(c, "console", "Directives: :wait <duration>, "
		    ":dmclosed <user>, :dmopen <user>.");
		return;
	}
	/*
	 * The argument is the rest of the line, so ":wait 5 minutes" is
	 * refused as a duration, not read as ":wait 5".
	 */
	line += 1 + strlen(verb);
	line += strspn(line, " \t");
	n = strlen(line);
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		n--;
	if (n >= sizeof arg) {
		console_note(c, "console", "That directive's argument is too "
		    "long.");
		return;
	}
	memcpy(arg, line, n);
	arg[n] = '\0';
	if (strcmp(verb, "wait") == 0) {
		if (!bot->fake_clock) {
			console_note(c, "console", ":wait needs --fake-clock.");
			return;
		}
		if (config_parse_duration(arg, &ms, &cause) != 0) {
			console_note(c, "console", cause);
			free(cause);
			return;
		}
		bot_advance(bot, ms);
	} else if (strcmp(verb, "dmclosed") == 0 && arg[0] != '\0') {
		if (console_dm_closed(c, arg) < 0 && c->nclosed < CONSOLE_CLOSED_MAX)
			snprintf(c->closed[c->nclosed++], sizeof c->closed[0],
			    "%.*s", CONSOLE_NAME_MAX, arg);
	} else if (strcmp(verb, "dmopen") == 0 && arg[0] != '\0') {
		if ((i = console_dm_closed(c, arg)) >= 0) {
			memcpy(c->closed[i], c->closed[--c->nclosed],
			    sizeof c->closed[0]);
			bot_dm_open(bot, &c->adapter, arg);
		}
	} else
		console_note(c, "console", "Directives: :wait <duration>, "
		    ":dmclosed <user>, :dmopen <user>.");
}

/*
 * A byte of a user's name: anything but a space, a tab and the colon that
 * ends the name, so any UTF-8 name works ("o'brien", "zoë", "李"); a
 * control character is shown escaped.  A name does not start with "/",
 * "[" or "#", which start a command, a click or a comment.
 */
static int
console_name_byte(unsigned char c)
{
	return c != '\0' && c != ' ' && c != '\t' && c != ':';
}

/*
 * Splits "<user> [#channel|dm]: <text>" into its parts; blanks (spaces,
 * tabs) may stand around the name and the channel and after the colon.  A
 * line of any other shape is bare text from the default user.  Returns
 * NULL, or the console's answer to a line of that shape it cannot take
 * (a name or a channel too long), which then goes nowhere else.
 */
static const char *
console_parse(struct console *c, char *line, struct bot_event *ev,
    char *user, char *channel)
{
	const struct console_config	*cfg;
	char				*p = line, *colon, *w = NULL;
	size_t				 n, wn = 0;

	cfg = console_config(c->adapter.bot->config);
	snprintf(user, CONSOLE_NAME_MAX + 1, "%s", cfg->console_user);
	snprintf(channel, CONSOLE_NAME_MAX + 1, "%s", cfg->console_channel);
	p += strspn(p, " \t");
	ev->text = p;
	n = 0;
	while (console_name_byte((unsigned char)p[n]))
		n++;
	if (n == 0 || p[0] == '/' || p[0] == '[' || p[0] == '#')
		return NULL;
	colon = p + n + strspn(p + n, " \t");
	if (colon > p + n && (colon[0] == '#' || (strncmp(colon, "dm", 2) ==
	    0 && (colon[2] == ':' || colon[2] == ' ' || colon[2] == '\t')))) {
		w = colon;
		while (console_name_byte((unsigned char)w[wn]))
			wn++;
		colon = w + wn + strspn(w + wn, " \t");
	}
	if (*colon != ':')
		return NULL;
	if (n > CONSOLE_NAME_MAX)
		return "That user name is too long (at most 32 bytes); the line "
		    "was ignored.";
	if (wn > CONSOLE_NAME_MAX)
		return "That channel name is too long (at most 32 bytes); the "
		    "line was ignored.";
	if (w != NULL) {
		memcpy(channel, w, wn);
		channel[wn] = '\0';
	}
	memcpy(user, p, n);
	user[n] = '\0';
	p = colon + 1;
	p += strspn(p, " \t");
	ev->text = p;
	return NULL;
}

/*
 * Is text (borrowed) a line of table talk that is one of the bot's words
 * alone, "help" or "/join", which someone meant for the bot?
 */
static int
console_is_command(const char *text)
{
	const struct cmd_entry *const	*all = cmd_all();
	size_t				 n;
	int				 i;

	text += strspn(text, " \t/");
	n = strcspn(text, " \t");
	if (text[n + strspn(text + n, " \t")] != '\0')
		return 0;
	for (i = 0; all[i] != NULL; i++)
		if (strlen(all[i]->name) == n &&
		    strncasecmp(text, all[i]->name, n) == 0)
			return 1;
	return 0;
}

/*
 * Before a line that needs what came before it shown (a click, a
 * directive): the batch so far ends, its output shown when it commits;
 * console_input has waited for the batches in flight before (console_
 * defer).
 */
static void
console_settle(struct console *c)
{
	struct bot	*bot = c->adapter.bot;

	outbox_end(bot);
	outbox_begin(bot);
}

/*
 * Whether line needs what came before it shown: a directive, or (with
 * buttons) a click, "name[ #channel]: [label]".  A guess without side
 * effects; a wrong yes only waits.
 */
static int
console_needs_shown(struct console *c, const char *line)
{
	const char	*colon;

	if (line[0] == ':')
		return 1;
	if (!console_config(c->adapter.bot->config)->console_buttons ||
	    (colon = strchr(line, ':')) == NULL)
		return 0;
	colon++;
	return colon[strspn(colon, " \t")] == '[';
}

/*
 * Inside a chunk, line (complete) needs what came before it shown, and
 * rest (n bytes) follows it: the batch so far ends, and when batches in
 * flight hold the operator's output, line and rest are kept for
 * console_go_on and the input pauses (1).  0: go on now.
 */
static int
console_defer(struct console *c, const char *line, const char *rest,
    size_t n)
{
	console_settle(c);
	if ((c->ticket = outbox_operator_ticket(c->adapter.bot)) == 0)
		return 0;
	c->paused = 1;
	c->wait_line = xstrdup(line);
	c->rest = n > 0 ? xmemdup(rest, n) : NULL;
	c->nrest = n;
	return 1;
}

static void
console_line(struct console *c, char *line)
{
	struct bot		*bot = c->adapter.bot;
	struct config		*cfg = bot->config;
	struct bot_event	 ev;
	char			 user[CONSOLE_NAME_MAX + 1];
	char			 channel[CONSOLE_NAME_MAX + 1];
	const char		*text, *refused;
	char			 hint[160];
	size_t			 cl = strlen(cfg->bot_command);

	if (c->echo)
		console_note(c, NULL, line);
	if (line[0] == '#' || line[strspn(line, " \t")] == '\0')
		return;
	if (line[0] == ':') {
		/* Directives change what the console does: settle what is held. */
		console_settle(c);
		console_directive(c, line);
		return;
	}
	memset(&ev, 0, sizeof ev);
	if ((refused = console_parse(c, line, &ev, user, channel)) != NULL) {
		console_note(c, "console", refused);
		return;
	}
	ev.adapter = &c->adapter;
	ev.user_id = user;
	ev.user_name = user;
	ev.is_dm = strcmp(channel, "dm") == 0;
	ev.channel = channel;
	text = ev.text;
	if (text[0] == '[' && console_config(cfg)->console_buttons) {
		/* A click names what was shown: show what is held first. */
		console_settle(c);
		console_ui_click(c, &ev, text);
		return;
	}
	if (text[0] == '/' && strncasecmp(text + 1, cfg->bot_command, cl) == 0 &&
	    (text[cl + 1] == '\0' || text[cl + 1] == ' ' ||
	    text[cl + 1] == '\t'))
		text += cl + 1;
	else if (!ev.is_dm) {
		/* Table talk, not for the bot; a command word alone is told how. */
		if (console_is_command(text)) {
			snprintf(hint, sizeof hint, "Commands to the bot start "
			    "with /%s, like /%s help; other text is table talk.",
			    cfg->bot_command, cfg->bot_command);
			console_note(c, "console", hint);
		}
		return;
	}
	text += strspn(text, " \t");
	ev.text = text;
	bot_handle_event(bot, &ev);
}

void
console_input(struct console *c, const char *data, size_t n)
{
	size_t	i;

	/* A chunk of input is one batch: its moves share one commit. */
	outbox_begin(c->adapter.bot);
	for (i = 0; i < n && !c->stopped; i++) {
		if (data[i] == '\n') {
			if (c->overlong)
				console_note(c, "console", "That line was too long "
				    "and was ignored (at most 4096 bytes).");
			else {
				if (c->len > 0 && c->line[c->len - 1] == '\r')
					c->len--;
				c->line[c->len] = '\0';
				if (console_needs_shown(c, c->line) &&
				    console_defer(c, c->line, data + i + 1,
				    n - i - 1)) {
					c->len = 0;
					break;
				}
				console_line(c, c->line);
			}
			c->len = 0;
			c->overlong = 0;
		} else if (c->len < CONSOLE_LINE_MAX)
			c->line[c->len++] = data[i];
		else
			c->overlong = 1;
	}
	outbox_end(c->adapter.bot);
}

static void
console_eof(struct console *c)
{
	if (c->len > 0 && !c->overlong && !c->stopped) {
		c->line[c->len] = '\0';
		c->len = 0;
		console_line(c, c->line);
	}
	if (!c->stopped)
		bot_shutdown(c->adapter.bot);
}

static void
console_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b)
{
	struct console	*c = h->data;

	(void)hint;
	b->base = c->chunk;
	b->len = sizeof c->chunk;
}

static void	console_go_on(uv_timer_t *);

/*
 * After a chunk: while commits hold its output (outbox_operator_ticket),
 * or a line of it waits for them (console_defer), reading stops until
 * console_go_on.  1 when paused.
 */
static int
console_pause(struct console *c)
{
	if (c->stopped)
		return 0;
	if (!c->paused &&
	    (c->ticket = outbox_operator_ticket(c->adapter.bot)) == 0)
		return 0;
	c->paused = 1;
	if (!c->go_on_init) {
		uv_timer_init(c->adapter.bot->loop, &c->go_on);
		c->go_on.data = c;
		c->go_on_init = 1;
	}
	if (c->reading)
		uv_read_stop((uv_stream_t *)&c->in);
	return 1;
}

static void
console_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b)
{
	struct console	*c = s->data;

	if (n > 0) {
		console_input(c, b->base, (size_t)n);
		console_pause(c);
	} else if (n < 0) {
		if (n != UV_EOF)
			log_error("console: reading input: %s", uv_strerror((int)n));
		uv_read_stop(s);
		console_eof(c);
	}
}

static void	console_fs_read(struct console *);

static void
console_fs_done(uv_fs_t *req)
{
	struct console	*c = req->data;
	ssize_t		 n = req->result;

	uv_fs_req_cleanup(req);
	if (n > 0 && !c->stopped) {
		console_input(c, c->chunk, (size_t)n);
		if (!c->stopped && !console_pause(c))
			console_fs_read(c);
		return;
	}
	if (n < 0)
		log_error("console: reading input: %s", uv_strerror((int)n));
	console_eof(c);
}

static void
console_fs_read(struct console *c)
{
	uv_buf_t	b = uv_buf_init(c->chunk, sizeof c->chunk);

	c->fsreq.data = c;
	uv_fs_read(c->adapter.bot->loop, &c->fsreq, 0, &b, 1, -1, console_fs_done);
}

static int
console_start(struct adapter *a, char **cause)
{
	struct console	*c = a->priv;
	uv_loop_t	*loop = a->bot->loop;
	uv_handle_type	 type = uv_guess_handle(0);
	int		 rc;

	/* A terminal shows what is typed; a pipe or a file does not. */
	c->echo = console_config(a->bot->config)->console_echo &&
	    type != UV_TTY;
	if (a->ops->flags & ADAPTER_BUTTONS)
		console_ui_restore(c);
	switch (type) {
	case UV_TTY:
		if ((rc = uv_tty_init(loop, &c->in.tty, 0, 1)) != 0)
			return set_cause(cause, "console: %s", uv_strerror(rc));
		break;
	case UV_NAMED_PIPE:
		uv_pipe_init(loop, &c->in.pipe, 0);
		if ((rc = uv_pipe_open(&c->in.pipe, 0)) != 0)
			return set_cause(cause, "console: %s", uv_strerror(rc));
		break;
	default:
		/* A regular file, /dev/null and the like: read it in chunks. */
		console_fs_read(c);
		return 0;
	}
	c->reading = 1;
	c->in.pipe.data = c;
	uv_read_start((uv_stream_t *)&c->in, console_alloc, console_read);
	return 0;
}

/*
 * The input paused for its ticket goes on, on a turn of the loop of its
 * own (console_resume): the line that waited, the chunk's rest, then
 * reading.
 */
static void
console_go_on(uv_timer_t *t)
{
	struct console	*c = t->data;
	struct adapter	*a = &c->adapter;
	char		*line, *rest;

	if (!c->paused || c->stopped ||
	    !outbox_operator_done(a->bot, c->ticket))
		return;
	c->paused = 0;
	if ((line = c->wait_line) != NULL) {
		/* What came before it is shown: the line, then the rest. */
		rest = c->rest;
		c->wait_line = c->rest = NULL;
		outbox_begin(a->bot);
		console_line(c, line);
		outbox_end(a->bot);
		console_input(c, rest, c->nrest);
		free(line);
		free(rest);
		if (console_pause(c))
			return;
	}
	if (c->reading)
		uv_read_start((uv_stream_t *)&c->in, console_alloc,
		    console_read);
	else
		console_fs_read(c);
}

/*
 * The resume op: once the batches the input waits for are released, it
 * goes on from the loop (console_go_on), not inside whoever released
 * them.
 */
static void
console_resume(struct adapter *a)
{
	struct console	*c = a->priv;

	if (c->paused && !c->stopped && c->go_on_init &&
	    outbox_operator_done(a->bot, c->ticket))
		uv_timer_start(&c->go_on, console_go_on, 0, 0);
}

static void
console_stop(struct adapter *a)
{
	struct console	*c = a->priv;

	c->stopped = 1;
	if (c->go_on_init) {
		c->go_on_init = 0;
		uv_close((uv_handle_t *)&c->go_on, NULL);
	}
	if (c->reading) {
		c->reading = 0;
		uv_read_stop((uv_stream_t *)&c->in);
		uv_close((uv_handle_t *)&c->in, NULL);
	}
	/* A pending file read finishes on its own and sees c->stopped. */
}

static void
console_free(struct adapter *a)
{
	struct console	*c = a->priv;

	console_ui_free(c);
	free(c->wait_line);
	free(c->rest);
	free(c);
}

/*
 * The console is the operator's own terminal: [tables] limits apply to it
 * only with console.limits, read again on SIGHUP.
 */
static void
console_reload(struct adapter *a)
{
	struct console	*c = a->priv;

	if (console_config(a->bot->config)->console_limits)
		c->ops.flags &= ~ADAPTER_OPERATOR;
	else
		c->ops.flags |= ADAPTER_OPERATOR;
}

static const struct adapter_ops console_ops = {
	.name = "console",
	.flags = ADAPTER_EPHEMERAL | ADAPTER_OPERATOR,
	.start = console_start,
	.stop = console_stop,
	.reload = console_reload,
	.resume = console_resume,
	.free_adapter = console_free,
	.send_channel = console_send_channel,
	.send_dm = console_send_dm,
	.reply = console_reply,
	.mention = console_mention,
};

struct adapter *
console_new(struct bot *bot, char **cause)
{
	struct console	*c = xcalloc(1, sizeof *c);

	(void)cause;
	c->ops = console_ops;
	/* console.buttons: acting like a platform with buttons and a board. */
	if (console_config(bot->config)->console_buttons) {
		c->ops.flags |= ADAPTER_BUTTONS | ADAPTER_EDIT;
		c->ops.board = console_ui_board;
	}
	c->adapter.ops = &c->ops;
	c->adapter.bot = bot;
	c->adapter.priv = c;
	console_reload(&c->adapter);
	return &c->adapter;
}
