/*
 * The IRC adapter's glue: the adapter ops the bot calls and irc_new, which
 * checks and copies the [irc] settings.  IRC has no ephemeral replies, no
 * buttons and no edits, so the bot sends private answers by send_dm
 * itself, a PRIVMSG to the player's nick; every line waits its turn under
 * the server's flood limits, so the bot answers briefly (ADAPTER_TERSE).
 * A user's id is their nick, casefolded (rfc1459), and a DM's channel is
 * that same nick.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/irc/irc-int.h"
#include "adapters/irc/irc.h"
#include "bot/bot.h"
#include "adapters/irc/settings.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "lib/trim.h"
#include "lib/xmalloc.h"

/*
 * A channel's line is table talk, unless it answers the command being
 * handled: one given in that channel, or in private (a move made by
 * private message is told in its table's channel).
 */
static int
irc_send_channel(struct adapter *a, const char *channel, const char *text,
    char **cause)
{
	struct irc	*irc = a->priv;
	enum outq_kind	 kind = OUTQ_TALK;

	if (!irc_valid_channel(channel))
		return set_cause(cause, "\"%.80s\" is not an IRC channel", channel);
	if (irc->handling != NULL && (irc->handling->is_dm ||
	    irc_name_eq(irc->handling->channel, channel)))
		kind = OUTQ_ANSWER;
	return sendq_privmsg(irc, channel, text, kind, 0, cause);
}

/* Sends to a nick, unless it has left IRC; as says what (sendq_privmsg_as). */
static int
irc_send_nick(struct irc *irc, const char *user_id, const char *text,
    const struct outq_info *as, char **cause)
{
	const char	*to;

	if (!irc_valid_nick(user_id))
		return set_cause(cause, "\"%.80s\" is not an IRC nick", user_id);
	/* A logged-in player who plays on under another nick. */
	to = who_target(irc, user_id);
	/* Every line would come back as 401, each taking a send slot. */
	if (gone_has(&irc->gone, to))
		return set_cause(cause, "%s has left IRC; nothing was sent", to);
	/* A seated player's nick, not known to be held by them now. */
	if (ident_blocked(&irc->idents, user_id))
		return set_cause(cause, "%s is not known to be held by the "
		    "player who sat down; nothing was sent", user_id);
	return sendq_privmsg_as(irc, to, text, as, cause);
}

/*
 * A private line goes first when it asks the player to move (the bot says
 * so in prompt); otherwise it goes before table talk.  A player's view of
 * a table (view, its id) replaces their older one still waiting.
 */
static int
irc_send_dm_hinted(struct adapter *a, const char *user_id, const char *text,
    const struct adapter_buttons *bs, uint64_t view, int prompt,
    char **cause)
{
	struct outq_info	 as = { .kind = prompt ? OUTQ_ANSWER :
				    OUTQ_PRIVATE, .view = view,
				    .prompt = prompt };

	(void)bs;
	return irc_send_nick(a->priv, user_id, text, &as, cause);
}

static int
irc_send_dm(struct adapter *a, const char *user_id, const char *text,
    const struct adapter_buttons *bs, char **cause)
{
	return irc_send_dm_hinted(a, user_id, text, bs, 0, 0, cause);
}

/*
 * No ephemerals: a private answer, or one to a DM, goes to the nick.  A
 * reply answers a command: it goes first.
 */
static int
irc_reply(struct adapter *a, const struct bot_event *ev, int private,
    const char *text, const struct adapter_buttons *bs, char **cause)
{
	(void)bs;
	if (private || ev->is_dm)
		return irc_send_nick(a->priv, ev->user_id, text,
		    &(struct outq_info){ .kind = OUTQ_ANSWER }, cause);
	if (!irc_valid_channel(ev->channel))
		return set_cause(cause, "\"%.80s\" is not an IRC channel",
		    ev->channel);
	return sendq_privmsg(a->priv, ev->channel, text, OUTQ_ANSWER, 0,
	    cause);
}

/*
 * IRC clients highlight a bare nick, and "@nick" reads as a channel
 * operator: every seat, an AI's (user_id NULL) too, is its bare name.
 */
static void
irc_mention(struct adapter *a, const char *user_id, const char *name,
    char *buf, size_t len)
{
	(void)a;
	(void)user_id;
	snprintf(buf, len, "%s", name);
}

/* A command starts with the prefix ("!cheers"), which IRC clients pass on. */
static void
irc_command(struct adapter *a, char *buf, size_t len)
{
	struct irc	*irc = a->priv;

	snprintf(buf, len, "%s", irc->prefix);
}

/* AI seats at channel wait while the send queue is busy (floor.c). */
static int
irc_behind(struct adapter *a, const char *channel)
{
	return sendq_behind(a->priv, channel);
}

static int
irc_start(struct adapter *a, char **cause)
{
	return conn_start(a->priv, cause);
}

static void
irc_stop(struct adapter *a)
{
	struct irc	*irc = a->priv;

	if (irc->stopping)
		return;
	irc->stopping = 1;
	conn_stop(irc);
	sendq_stop(irc);
	session_stop(irc);
}

static void
irc_free(struct adapter *a)
{
	struct irc	*irc = a->priv;
	int		 i;

	conn_free(irc);
	sendq_free(irc->sendq);
	free(irc->url);
	free(irc->origin);
	free(irc->nick);
	free(irc->user);
	free(irc->realname);
	if (irc->password != NULL) {
		explicit_bzero(irc->password, strlen(irc->password));
		free(irc->password);
	}
	for (i = 0; i < irc->nchannels; i++)
		free(irc->channels[i]);
	free(irc->prefix);
	free(irc->ca_file);
	free(irc->client_cert);
	free(irc->client_key);
	free(irc);
}

static const struct adapter_ops irc_ops = {
	.name = "irc",
	.flags = ADAPTER_TERSE,
	.start = irc_start,
	.stop = irc_stop,
	.free_adapter = irc_free,
	.send_channel = irc_send_channel,
	.send_dm = irc_send_dm,
	.send_dm_hinted = irc_send_dm_hinted,
	.reply = irc_reply,
	.board = NULL,
	.mention = irc_mention,
	.command = irc_command,
	.behind = irc_behind,
};

/* 1 when s is one IRC word: no space, no control character, not empty. */
static int
irc_word(const char *s)
{
	const unsigned char	*p;

	if (*s == '\0' || *s == ':')
		return 0;
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p <= ' ' || *p == 0x7f)
			return 0;
	}
	return 1;
}

const char *
irc_warning(const struct config *cfg)
{
	return conn_plain_warning(irc_config(cfg)->irc_url);
}

int
irc_check(const struct config *config, char **cause)
{
	const struct irc_config	*cfg = irc_config(config);
	const char		*pw = cfg->irc_password;
	struct transport_url	 u;
	enum transport_kind	 kind;
	char			*why = NULL, *all = NULL;
	size_t			 n;
	int			 i;

	if (*cfg->irc_url == '\0')
		add_cause(&all, "irc.enabled is set but irc.url is empty; give "
		    "the server, like ircs://irc.libera.chat");
	else if (conn_url(cfg->irc_url, &u, &kind, &why) != 0) {
		add_cause(&all, "irc.url: %s", why);
		free(why);
	} else if (*cfg->irc_client_cert != '\0' && kind != TRANSPORT_TLS)
		add_cause(&all, "irc.client_cert is offered on ircs:// only; "
		    "irc.url is \"%.200s\"", cfg->irc_url);
	if (*cfg->irc_client_key != '\0' && *cfg->irc_client_cert == '\0')
		add_cause(&all, "irc.client_key is set without "
		    "irc.client_cert");
	if (!irc_valid_nick(cfg->irc_nick))
		add_cause(&all, "irc.nick \"%.80s\" is not a valid IRC nick",
		    cfg->irc_nick);
	if (!irc_word(cfg->irc_user) || strchr(cfg->irc_user, '@') != NULL)
		add_cause(&all, "irc.user \"%.80s\" must be one word",
		    cfg->irc_user);
	if (!irc_word(cfg->irc_prefix))
		add_cause(&all, "irc.prefix \"%.80s\" must be one word",
		    cfg->irc_prefix);
	for (i = 0; cfg->irc_channels[i] != NULL; i++) {
		if (!irc_valid_channel(cfg->irc_channels[i]))
			add_cause(&all, "irc.channels: \"%.80s\" is not a "
			    "channel name (like #bar)", cfg->irc_channels[i]);
	}
	if (i > IRC_CHANNELS_MAX)
		add_cause(&all, "irc.channels: at most %d channels",
		    IRC_CHANNELS_MAX);
	/* A password read from a file may end in a newline or spaces. */
	n = trim_len(pw, TRIM_SPACE);
	if (memchr(pw, '\r', n) != NULL || memchr(pw, '\n', n) != NULL)
		add_cause(&all, "irc.password holds a line break");
	return set_causes(cause, all);
}

struct adapter *
irc_new(struct bot *bot, char **cause)
{
	const struct irc_config	*cfg = irc_config(bot->config);
	struct irc		*irc;
	int			 i;

	if (irc_check(bot->config, cause) != 0)
		return NULL;
	irc = xcalloc(1, sizeof *irc);
	irc->adapter.ops = &irc_ops;
	irc->adapter.bot = bot;
	irc->adapter.priv = irc;
	irc->bot = bot;
	irc->loop = bot->loop;
	irc->url = xstrdup(cfg->irc_url);
	irc->origin = xstrdup(cfg->irc_origin);
	irc->nick = xstrdup(cfg->irc_nick);
	irc->user = xstrdup(cfg->irc_user);
	irc->realname = xstrdup(cfg->irc_realname);
	irc->password = xstrdup(cfg->irc_password);
	/* Trailing spaces and newlines go (irc_check allowed those only). */
	trim_end(irc->password, TRIM_SPACE);
	irc->sasl = cfg->irc_sasl;
	for (i = 0; cfg->irc_channels[i] != NULL; i++) {
		irc->channels[i] = xstrdup(cfg->irc_channels[i]);
		irc_casefold(irc->channels[i]);
	}
	irc->nchannels = i;
	irc->prefix = xstrdup(cfg->irc_prefix);
	irc->ca_file = xstrdup(cfg->irc_ca_file);
	irc->client_cert = xstrdup(cfg->irc_client_cert);
	irc->client_key = xstrdup(cfg->irc_client_key);
	irc->send_rate_ms = cfg->irc_send_rate_ms;
	irc->send_burst = cfg->irc_send_burst;
	irc->ping_ms = cfg->irc_ping_interval_ms;
	/*
	 * The queue takes messages from now on (restored tables may speak
	 * before start); they leave once the session is registered.
	 */
	irc->sendq = sendq_new(irc);
	session_init(irc);
	return &irc->adapter;
}
