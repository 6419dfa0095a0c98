/*
 * The IRC session on one connection: registration (CAP LS 302, then
 * SASL when the server offers "sasl" and irc.sasl is set: EXTERNAL with a
 * client certificate on ircs://, else PLAIN; else PASS when there is a
 * password; NICK, USER), nick collisions (433: nick_,
 * nick__, nick___, then the nick with four digits), JOIN of the
 * configured channels once welcomed (001) and again after a KICK, PING
 * answered at once, our own PING after ping_ms of silence (no answer in
 * another ping_ms: the link is dead, drop it and reconnect), and PRIVMSG
 * in: a message starting with the prefix ("!cheers") in a channel, or any
 * message to our nick (prefix optional), is a command to the bot.
 * NOTICEs and CTCPs are never commands.  Every line first tells who left
 * IRC and who is back (presence.c): private lines to a nick that left are
 * dropped, and a player seen again gets their private view.  Malformed
 * lines are logged (their reason, not their text) and dropped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adapters/irc/irc-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/xmalloc.h"

#define SESSION_NICK_TRIES	20
#define SESSION_SASL_CHUNK	400	/* bytes of base64 per AUTHENTICATE */
#define SESSION_JOIN_MAX	400	/* bytes of a JOIN line, well below 512 */

static void	session_on_ping(uv_timer_t *);

/* Queues a line of ours; a full urgent queue means something is wrong. */
static void
session_send(struct irc *irc, const char *line)
{
	char	*cause = NULL;

	if (sendq_push(irc, line, &cause) != 0) {
		log_warn("irc: %s", cause);
		free(cause);
	}
}

void
session_init(struct irc *irc)
{
	uv_timer_init(irc->loop, &irc->ping);
	irc->ping.data = irc;
}

void
session_stop(struct irc *irc)
{
	uv_close((uv_handle_t *)&irc->ping, NULL);
}

void
session_open(struct irc *irc)
{
	char	line[IRC_LINE_MAX];

	irc->registered = 0;
	irc->nick_tries = 0;
	irc->sasl_busy = 0;
	irc->ping_out = 0;
	irc->last_rx = uv_now(irc->loop);
	snprintf(irc->cur_nick, sizeof irc->cur_nick, "%s", irc->nick);
	/* Who left while we were connected before may be back by now. */
	gone_clear(&irc->gone);
	/* And any nick may have changed hands meanwhile. */
	who_reset(irc);
	sendq_drop_urgent(irc);
	bot_adapter_state(&irc->adapter, "registering");

	irc->cap_open = 1;
	*irc->cap_req = '\0';
	irc->sasl_offered = 0;
	irc->cap_account_tag = 0;
	irc->cap_extended_join = 0;
	session_send(irc, "CAP LS 302");
	if (*irc->password != '\0' && !irc->sasl) {
		snprintf(line, sizeof line, "PASS :%s", irc->password);
		session_send(irc, line);
		explicit_bzero(line, sizeof line);
	}
	snprintf(line, sizeof line, "NICK %s", irc->nick);
	session_send(irc, line);
	snprintf(line, sizeof line, "USER %s 0 * :%s", irc->user, irc->realname);
	session_send(irc, line);
	if (irc->ping_ms > 0)
		uv_timer_start(&irc->ping, session_on_ping, irc->ping_ms,
		    irc->ping_ms);
}

void
session_lost(struct irc *irc)
{
	irc->registered = 0;
	irc->cap_open = 0;
	irc->sasl_busy = 0;
	irc->ping_out = 0;
	if (!uv_is_closing((uv_handle_t *)&irc->ping))
		uv_timer_stop(&irc->ping);
	sendq_drop_urgent(irc);
}

/* Silence for ping_ms: PING; silence for another ping_ms: a dead link. */
static void
session_on_ping(uv_timer_t *t)
{
	struct irc	*irc = t->data;
	char		 line[64];

	if (!conn_ready(irc))
		return;
	if (irc->ping_out) {
		conn_drop(irc, "no answer to our PING");
		return;
	}
	if (uv_now(irc->loop) - irc->last_rx + 10 < irc->ping_ms)
		return;
	snprintf(line, sizeof line, "PING :cheersbot-%llu",
	    (unsigned long long)++irc->ping_seq);
	irc->ping_out = 1;
	session_send(irc, line);
}

static void
session_cap_end(struct irc *irc)
{
	if (irc->cap_open) {
		irc->cap_open = 0;
		session_send(irc, "CAP END");
	}
}

/* 1 when the space-separated list caps holds cap (with or without =value). */
static int
session_has_cap(const char *caps, const char *cap, const char **value)
{
	size_t		 n = strlen(cap);
	const char	*p = caps;

	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (strncmp(p, cap, n) == 0 && (p[n] == ' ' || p[n] == '\0' ||
		    p[n] == '=')) {
			if (value != NULL)
				*value = p[n] == '=' ? p + n + 1 : "";
			return 1;
		}
		p += strcspn(p, " ");
	}
	return 0;
}

/* 1 when the comma-separated list mechs ("PLAIN,EXTERNAL") holds mech. */
static int
session_has_mech(const char *mechs, const char *mech)
{
	size_t		 n = strlen(mech), len;
	const char	*p = mechs;

	for (;;) {
		len = strcspn(p, ", ");
		if (len == n && strncmp(p, mech, n) == 0)
			return 1;
		if (p[len] != ',')
			return 0;
		p += len + 1;
	}
}

/*
 * The SASL mechanism we log in with: EXTERNAL with a client certificate
 * (the server knows us by its fingerprint, CertFP), else PLAIN with a
 * password, else none (NULL).
 */
static const char *
session_sasl_mech(const struct irc *irc)
{
	if (*irc->client_cert != '\0' && strncmp(irc->url, "ircs://", 7) == 0)
		return "EXTERNAL";
	if (*irc->password != '\0')
		return "PLAIN";
	return NULL;
}

/* The IRCv3 capabilities that tell who is logged into which account. */
static const char *const session_account_caps[] = {
	"account-notify", "extended-join", "account-tag",
};

/* CAP LS: what we ask for, gathered over its lines. */
static void
session_cap_ls(struct irc *irc, const char *caps, int more)
{
	const char	*mechs, *mech = session_sasl_mech(irc);
	char		 line[sizeof irc->cap_req + 16];
	size_t		 i, n;

	for (i = 0; i < sizeof session_account_caps /
	    sizeof session_account_caps[0]; i++) {
		n = strlen(irc->cap_req);
		if (session_has_cap(caps, session_account_caps[i], NULL))
			snprintf(irc->cap_req + n, sizeof irc->cap_req - n, "%s%s",
			    n > 0 ? " " : "", session_account_caps[i]);
	}
	if (irc->sasl && mech != NULL && session_has_cap(caps, "sasl", &mechs)) {
		if (*mechs != '\0' && !session_has_mech(mechs, mech)) {
			log_warn("irc: the server's SASL lacks %s; going on "
			    "without logging in", mech);
			irc->sasl_offered = -1;
		} else
			irc->sasl_offered = 1;
	}
	if (more)
		return;
	if (irc->sasl && irc->sasl_offered == 0)
		log_warn("irc: irc.sasl is set but the server does not "
		    "offer SASL%s; going on without logging in",
		    mech == NULL ? " (and there is no password or client "
		    "certificate)" : "");
	if (irc->sasl_offered == 1) {
		n = strlen(irc->cap_req);
		snprintf(irc->cap_req + n, sizeof irc->cap_req - n, "%ssasl",
		    n > 0 ? " " : "");
		irc->sasl_busy = 1;
	}
	if (*irc->cap_req == '\0') {
		session_cap_end(irc);
		return;
	}
	snprintf(line, sizeof line, "CAP REQ :%s", irc->cap_req);
	session_send(irc, line);
}

static void
session_cap(struct irc *irc, const struct irc_line *l)
{
	const char	*sub, *caps;
	char		 line[64];
	int		 more;

	if (l->nparams < 3)
		return;
	sub = l->params[1];
	more = l->nparams >= 4 && strcmp(l->params[2], "*") == 0;
	caps = l->params[l->nparams - 1];
	if (strcmp(sub, "LS") == 0)
		session_cap_ls(irc, caps, more);
	else if (strcmp(sub, "ACK") == 0) {
		irc->cap_account_tag |= session_has_cap(caps, "account-tag", NULL);
		irc->cap_extended_join |= session_has_cap(caps, "extended-join",
		    NULL);
		if (irc->sasl_busy && session_has_cap(caps, "sasl", NULL)) {
			snprintf(line, sizeof line, "AUTHENTICATE %s",
			    session_sasl_mech(irc));
			session_send(irc, line);
		} else if (!irc->sasl_busy)
			session_cap_end(irc);
	} else if (strcmp(sub, "NAK") == 0) {
		irc->sasl_busy = 0;
		session_cap_end(irc);
	}
}

/* Base64 of n bytes of in into out (room for 4 * ceil(n / 3) + 1). */
static void
session_base64(const unsigned char *in, size_t n, char *out)
{
	static const char	 tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t			 i;
	unsigned		 v;

	for (i = 0; i + 2 < n; i += 3) {
		v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8 | in[i + 2];
		*out++ = tab[v >> 18];
		*out++ = tab[(v >> 12) & 63];
		*out++ = tab[(v >> 6) & 63];
		*out++ = tab[v & 63];
	}
	if (i < n) {
		v = (unsigned)in[i] << 16 | (i + 1 < n ? (unsigned)in[i + 1] << 8 : 0);
		*out++ = tab[v >> 18];
		*out++ = tab[(v >> 12) & 63];
		*out++ = i + 1 < n ? tab[(v >> 6) & 63] : '=';
		*out++ = '=';
	}
	*out = '\0';
}

/* Our PLAIN credentials (user, user, password), in 400-byte lines. */
static void
session_sasl_plain(struct irc *irc)
{
	size_t	 ul = strlen(irc->user), pl = strlen(irc->password), n, i;
	char	*raw, *b64, line[SESSION_SASL_CHUNK + 32];

	n = 2 * ul + pl + 2;
	raw = xmalloc(n);
	memcpy(raw, irc->user, ul);
	raw[ul] = '\0';
	memcpy(raw + ul + 1, irc->user, ul);
	raw[2 * ul + 1] = '\0';
	memcpy(raw + 2 * ul + 2, irc->password, pl);
	b64 = xmalloc(4 * (n / 3 + 1) + 1);
	session_base64((unsigned char *)raw, n, b64);
	explicit_bzero(raw, n);
	free(raw);
	n = strlen(b64);
	for (i = 0; i < n; i += SESSION_SASL_CHUNK) {
		snprintf(line, sizeof line, "AUTHENTICATE %.*s",
		    SESSION_SASL_CHUNK, b64 + i);
		session_send(irc, line);
	}
	/* A last chunk of exactly 400 bytes is followed by an empty one. */
	if (n % SESSION_SASL_CHUNK == 0)
		session_send(irc, "AUTHENTICATE +");
	explicit_bzero(line, sizeof line);
	explicit_bzero(b64, n);
	free(b64);
}

/* 433 and friends before 001: the next nick to try, or give up. */
static void
session_next_nick(struct irc *irc, const char *numeric)
{
	char	line[IRC_LINE_MAX];
	size_t	len = strlen(irc->nick);

	if (irc->registered)
		return;
	if (++irc->nick_tries > SESSION_NICK_TRIES) {
		conn_drop(irc, "no free nick");
		return;
	}
	if (irc->nick_tries <= 3)
		snprintf(irc->cur_nick, sizeof irc->cur_nick, "%s%.*s", irc->nick,
		    irc->nick_tries, "___");
	else
		snprintf(irc->cur_nick, sizeof irc->cur_nick, "%.*s%04ld",
		    (int)(len > 20 ? 20 : len), irc->nick, random() % 10000);
	log_info("irc: nick taken or refused (%s); trying %s", numeric,
	    irc->cur_nick);
	snprintf(line, sizeof line, "NICK %s", irc->cur_nick);
	session_send(irc, line);
}

int
session_join_line(char *buf, size_t len, char *const *channels, int n,
    int from)
{
	size_t	used;
	int	i;

	used = (size_t)snprintf(buf, len, "JOIN %s", channels[from]);
	for (i = from + 1; i < n; i++) {
		if (used + 1 + strlen(channels[i]) >= len)
			break;
		used += (size_t)snprintf(buf + used, len - used, ",%s",
		    channels[i]);
	}
	return i;
}

/* One JOIN for many channels: the server counts a line, not a channel. */
static void
session_join_all(struct irc *irc)
{
	char	line[SESSION_JOIN_MAX];
	int	i;

	for (i = 0; i < irc->nchannels;) {
		i = session_join_line(line, sizeof line, irc->channels,
		    irc->nchannels, i);
		session_send(irc, line);
	}
}

static void
session_welcome(struct irc *irc, const struct irc_line *l)
{
	if (l->nparams >= 1 && irc_valid_nick(l->params[0]))
		snprintf(irc->cur_nick, sizeof irc->cur_nick, "%s", l->params[0]);
	irc->registered = 1;
	irc->sasl_busy = 0;
	irc->cap_open = 0;
	conn_reset_backoff(irc);
	log_info("irc: registered as %s", irc->cur_nick);
	bot_adapter_state(&irc->adapter, "connected");
	session_join_all(irc);
	sendq_pump(irc);
}

/* A PRIVMSG: a command to the bot, or table talk to ignore. */
static void
session_privmsg(struct irc *irc, const struct irc_line *l)
{
	struct bot_event	 ev;
	char			 user[IRC_NICK_MAX + 1];
	char			 channel[IRC_CHANNEL_MAX + 1];
	const char		*text, *uid;
	size_t			 plen = strlen(irc->prefix);

	if (l->nick == NULL || l->nparams < 2 || !irc_valid_nick(l->nick) ||
	    irc_name_eq(l->nick, irc->cur_nick))
		return;
	text = l->params[1];
	if (text[0] == '\001')
		return;		/* CTCP, ACTION included: not a command */
	memset(&ev, 0, sizeof ev);
	snprintf(user, sizeof user, "%s", l->nick);
	irc_casefold(user);
	if (irc_name_eq(l->params[0], irc->cur_nick)) {
		ev.is_dm = 1;
		snprintf(channel, sizeof channel, "%s", user);
	} else if (irc_valid_channel(l->params[0])) {
		snprintf(channel, sizeof channel, "%s", l->params[0]);
		irc_casefold(channel);
	} else
		return;
	while (*text == ' ')
		text++;
	if (strncasecmp(text, irc->prefix, plen) == 0 &&
	    (text[plen] == ' ' || text[plen] == '\0'))
		text += plen;
	else if (!ev.is_dm)
		return;		/* table talk */
	while (*text == ' ')
		text++;
	/* Someone else holding a seated player's nick is not that player. */
	if (who_refuse(irc, user))
		return;
	/* A logged-in player under another nick is their seat's user. */
	if ((uid = who_user(irc, user)) != user) {
		snprintf(user, sizeof user, "%s", uid);
		if (ev.is_dm)
			snprintf(channel, sizeof channel, "%s", user);
	}
	ev.adapter = &irc->adapter;
	ev.user_id = user;
	ev.user_name = l->nick;
	ev.channel = channel;
	/* One connection is one network: its address names it. */
	ev.server = ev.is_dm ? NULL : irc->url;
	ev.text = text;
	log_debug("irc: command from %s in %s", user, channel);
	/* What the bot says in answer goes first (irc.c). */
	irc->handling = &ev;
	bot_handle_event(irc->bot, &ev);
	irc->handling = NULL;
	/* A player who just sat down is bound to who they are. */
	who_seated(irc, l, user);
}

/*
 * What a line shows of a user (presence.c): gone, so their waiting private
 * lines are dropped and no more are queued; or present, so the bot learns
 * their private messages work (it sends their view if it held it back).
 */
static void
session_presence(void *arg, const char *nick, int gone)
{
	struct irc	*irc = arg;
	int		 n;

	if (gone) {
		who_gone(irc, nick);
		gone_add(&irc->gone, nick);
		if ((n = sendq_forget(irc, nick)) > 0)
			log_info("irc: %s left IRC; %d private line%s to them "
			    "dropped", nick, n, n == 1 ? "" : "s");
		else
			log_debug("irc: %s left IRC", nick);
		return;
	}
	if (gone_del(&irc->gone, nick))
		log_debug("irc: %s is back on IRC", nick);
	/* Not before we know it is the player who sat down. */
	if (who_may_open(irc, nick))
		bot_dm_open(irc->bot, &irc->adapter, nick);
}

/* A numeric of no interest but an error: logged so operators see it. */
static void
session_numeric(struct irc *irc, const struct irc_line *l)
{
	char	user[IRC_NICK_MAX + 1];
	int	n = atoi(l->command);

	switch (n) {
	case 401:	/* ERR_NOSUCHNICK: a DM went nowhere */
		if (l->nparams >= 2 && irc_valid_nick(l->params[1])) {
			snprintf(user, sizeof user, "%s", l->params[1]);
			irc_casefold(user);
			log_info("irc: %s is not on IRC; a message to them was "
			    "lost", user);
			bot_dm_failed(irc->bot, &irc->adapter, user);
		}
		return;
	case 432: case 433: case 436: case 437:
		session_next_nick(irc, l->command);
		return;
	case 464:
		log_error("irc: the server refused the password (464); check "
		    "irc.password");
		return;
	case 465:
		log_error("irc: the server bans us (465)");
		return;
	case 900:
		log_info("irc: logged in by SASL");
		return;
	case 903:
		irc->sasl_busy = 0;
		session_cap_end(irc);
		return;
	case 902: case 904: case 905: case 906: case 907: case 908:
		log_warn("irc: SASL login failed (%s); going on without it",
		    l->command);
		irc->sasl_busy = 0;
		session_cap_end(irc);
		return;
	}
	/* 421: a server without CAP; 422: no MOTD.  Neither matters. */
	if (n >= 400 && n < 600 && n != 421 && n != 422)
		log_info("irc: the server says %s: %.200s", l->command,
		    l->nparams > 0 ? l->params[l->nparams - 1] : "");
}

void
session_line(struct irc *irc, const char *text, size_t len)
{
	struct irc_line	*l;
	char		*cause = NULL, line[IRC_LINE_MAX];
	const char	*cmd, *mech;

	irc->last_rx = uv_now(irc->loop);
	irc->ping_out = 0;
	l = xmalloc(sizeof *l);
	if (irc_line_parse(text, len, l, &cause) != 0) {
		log_warn("irc: dropped a malformed line (%s)", cause);
		free(cause);
		free(l);
		return;
	}
	cmd = l->command;
	/*
	 * Before the line is acted on: who holds which nick, then who is
	 * back (a player back gets their view first).
	 */
	irc->line = l;
	who_line(irc, l);
	presence_line(l, irc->cur_nick, session_presence, irc);
	if (strcmp(cmd, "PING") == 0) {
		snprintf(line, sizeof line, "PONG :%.400s",
		    l->nparams > 0 ? l->params[0] : "");
		session_send(irc, line);
	} else if (strcmp(cmd, "PRIVMSG") == 0)
		session_privmsg(irc, l);
	else if (strcmp(cmd, "NOTICE") == 0)
		;	/* never a command, never answered */
	else if (strcmp(cmd, "001") == 0)
		session_welcome(irc, l);
	else if (strcmp(cmd, "CAP") == 0)
		session_cap(irc, l);
	else if (strcmp(cmd, "AUTHENTICATE") == 0) {
		/* SASL is under way only with a mechanism (session_cap_ls). */
		mech = session_sasl_mech(irc);
		if (irc->sasl_busy && mech != NULL && l->nparams >= 1 &&
		    strcmp(l->params[0], "+") == 0) {
			/* EXTERNAL: the certificate says who; nothing to add. */
			if (strcmp(mech, "EXTERNAL") == 0)
				session_send(irc, "AUTHENTICATE +");
			else
				session_sasl_plain(irc);
		}
	} else if (strcmp(cmd, "JOIN") == 0) {
		if (l->nick != NULL && l->nparams >= 1 &&
		    irc_name_eq(l->nick, irc->cur_nick)) {
			snprintf(irc->self_user, sizeof irc->self_user, "%s",
			    l->user == NULL ? "" : l->user);
			snprintf(irc->self_host, sizeof irc->self_host, "%s",
			    l->host == NULL ? "" : l->host);
			log_info("irc: joined %.64s", l->params[0]);
			if (irc_valid_channel(l->params[0]))
				who_joined(irc, l->params[0]);
		}
	} else if (strcmp(cmd, "KICK") == 0) {
		if (l->nparams >= 2 && irc_name_eq(l->params[1], irc->cur_nick) &&
		    irc_valid_channel(l->params[0])) {
			log_warn("irc: kicked from %.64s; joining again",
			    l->params[0]);
			snprintf(line, sizeof line, "JOIN %s", l->params[0]);
			session_send(irc, line);
		}
	} else if (strcmp(cmd, "NICK") == 0) {
		if (l->nick != NULL && l->nparams >= 1 &&
		    irc_name_eq(l->nick, irc->cur_nick) &&
		    irc_valid_nick(l->params[0]))
			snprintf(irc->cur_nick, sizeof irc->cur_nick, "%s",
			    l->params[0]);
	} else if (strcmp(cmd, "ERROR") == 0)
		log_warn("irc: the server closes the link: %.200s",
		    l->nparams > 0 ? l->params[0] : "");
	else if (l->command[0] >= '0' && l->command[0] <= '9')
		session_numeric(irc, l);
	irc->line = NULL;
	free(l);
}
