/*
 * Who a player is, on the session: ident.c's bindings fed from the lines
 * the server sends and acted on.  A nick is bound to its account (where
 * the server tells accounts: account-tag, extended-join, account-notify)
 * or else its user@host when the bot first sees it with a seat (after a
 * command that seated it, or on any line from a seated nick after a
 * restart).  Who holds a nick now is said by every line with a
 * "nick!user@host" prefix, the new nick of a NICK, every WHO reply (352,
 * or 354 with the account where the server takes WHOX; the bot asks "WHO
 * #channel" when it joins, and "WHO nick" for a bound nick a NAMES list
 * shows or MONITOR says is back), and MONITOR's word that a nick it
 * watches for us is online again (730; a seated nick is watched once its
 * player left it).  Someone else holding a seated player's nick gets
 * nothing private (irc.c asks ident_blocked) and no command of theirs is
 * taken; they are told why once.  The player seen again gets their
 * private view at once.  A player logged into an account who plays on
 * under another nick (a NICK, or a reconnect) keeps their seat: their
 * commands count as the seat's (who_user) and its private lines go to
 * the nick they use now (who_target).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/irc/irc-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"

#define WHO_TOKEN	"152"	/* marks the replies to our WHOX */

static void	who_holds(struct irc *, const char *, const char *, const char *,
		    const char *);

/*
 * RPL_ISUPPORT: does the server take WHOX (accounts in WHO replies), and
 * MONITOR (how many nicks it watches for us)?
 */
static void
who_isupport(struct irc *irc, const struct irc_line *l)
{
	int	i;

	for (i = 1; i < l->nparams - 1; i++) {
		if (strcmp(l->params[i], "WHOX") == 0)
			irc->whox = 1;
		else if (strncmp(l->params[i], "MONITOR=", 8) == 0)
			irc->monitor_max = atoi(l->params[i] + 8);
		else if (strcmp(l->params[i], "MONITOR") == 0)
			irc->monitor_max = 100;
	}
}

/*
 * A seated player's nick was left: where the server offers MONITOR, it
 * tells us (730) when someone holds it again, even outside our channels.
 */
static void
who_monitor(struct irc *irc, const char *nick)
{
	char	line[IRC_NICK_MAX + 16];

	if (irc->monitor_max <= 0 || irc->monitored >= irc->monitor_max ||
	    !ident_bound(&irc->idents, nick))
		return;
	irc->monitored++;
	snprintf(line, sizeof line, "MONITOR + %s", nick);
	sendq_push(irc, line, NULL);
}

/* RPL_MONONLINE: ":srv 730 me :nick!user@host,nick!user@host". */
static void
who_mononline(struct irc *irc, const char *targets)
{
	char	 buf[IRC_LINE_MAX], *p, *next, *bang, *at;

	snprintf(buf, sizeof buf, "%s", targets);
	for (p = buf; p != NULL && *p != '\0'; p = next) {
		if ((next = strchr(p, ',')) != NULL)
			*next++ = '\0';
		if ((bang = strchr(p, '!')) == NULL ||
		    (at = strchr(bang, '@')) == NULL)
			continue;
		*bang++ = '\0';
		*at++ = '\0';
		who_holds(irc, p, bang, at, NULL);
	}
}

/* Asks who holds mask (a channel or a nick): with accounts where we can. */
static void
who_ask(struct irc *irc, const char *mask)
{
	char	line[IRC_CHANNEL_MAX + IRC_NICK_MAX + 32];

	if (irc->whox)
		snprintf(line, sizeof line, "WHO %s %%tuhna,%s", mask, WHO_TOKEN);
	else
		snprintf(line, sizeof line, "WHO %s", mask);
	sendq_push(irc, line, NULL);
}

/*
 * The account l (borrowed) shows its user logged into, into buf: buf
 * ("" for none), or NULL when the line does not say.
 */
static const char *
who_account(struct irc *irc, const struct irc_line *l, char *buf, size_t len)
{
	const char	*a = NULL;

	if (strcmp(l->command, "ACCOUNT") == 0 && l->nparams >= 1)
		a = l->params[0];
	else if (strcmp(l->command, "JOIN") == 0 && irc->cap_extended_join &&
	    l->nparams >= 2)
		a = l->params[1];
	else if (irc->cap_account_tag && l->user != NULL) {
		if (!irc_line_tag(l, "account", buf, len))
			*buf = '\0';
		return buf;
	}
	if (a == NULL)
		return NULL;
	snprintf(buf, len, "%s", strcmp(a, "*") == 0 ? "" : a);
	return buf;
}

/*
 * What a line says: nick (casefolded here) is held by user@host, logged
 * into account (NULL: unknown; "": none).
 */
static void
who_holds(struct irc *irc, const char *nick, const char *user,
    const char *host, const char *account)
{
	struct irc_ident	*id;
	char			 n[IRC_NICK_MAX + 1];
	int			 was;

	if (user == NULL || host == NULL || !irc_valid_nick(nick) ||
	    irc_name_eq(nick, irc->cur_nick))
		return;
	snprintf(n, sizeof n, "%s", nick);
	irc_casefold(n);
	/* A logged-in player under another nick keeps their seat. */
	if (account != NULL && (id = ident_by_account(&irc->idents,
	    account)) != NULL && strcmp(id->nick, n) != 0) {
		was = id->verified && strcmp(id->alias, n) == 0;
		if (strcmp(id->alias, n) != 0)
			log_info("irc: %s plays on as %s (logged in as %s)",
			    id->nick, n, id->account);
		snprintf(id->alias, sizeof id->alias, "%s", n);
		id->verified = 1;
		if (!was)
			bot_dm_open(irc->bot, &irc->adapter, id->nick);
		return;
	}
	id = ident_get(&irc->idents, n);
	switch (ident_check(&irc->idents, n, user, host, account)) {
	case IDENT_FREE:
		/* A seat taken before the bot knew the nick (a restart). */
		if (bot_user_seated(irc->bot, &irc->adapter, n))
			ident_bind(&irc->idents, n, user, host, account);
		break;
	case IDENT_OWNER:
		if (id != NULL)
			id->alias[0] = '\0';	/* back on their own nick */
		break;
	case IDENT_UNKNOWN:
		/* Bound to an account the line does not show: ask. */
		if (ident_blocked(&irc->idents, n) && irc->whox)
			who_ask(irc, n);
		break;
	case IDENT_BACK:
		if (id != NULL)
			id->alias[0] = '\0';
		log_info("irc: %s is back as the player who sat down", n);
		gone_del(&irc->gone, n);
		bot_dm_open(irc->bot, &irc->adapter, n);
		break;
	case IDENT_OTHER:
		/* Its player plays on under the alias: only this nick is not. */
		if (id != NULL && *id->alias != '\0') {
			id->verified = 1;
			break;
		}
		if (!bot_user_seated(irc->bot, &irc->adapter, n)) {
			/* The seat is gone: the binding has no purpose. */
			ident_forget(&irc->idents, n);
			break;
		}
		if (ident_warn(&irc->idents, n))
			log_warn("irc: %s is now held by someone other than the "
			    "player who sat down; nothing private goes to that "
			    "nick", n);
		if (sendq_forget(irc, n) > 0)
			log_info("irc: private lines waiting for %s dropped", n);
		break;
	}
}

void
who_line(struct irc *irc, const struct irc_line *l)
{
	struct irc_ident	*id;
	char			 n[IRC_NICK_MAX + 1], buf[IRC_ACCOUNT_MAX + 1];
	const char		*account;

	if (strcmp(l->command, "352") == 0) {
		/* "me #chan user host server nick flags :hops realname" */
		if (l->nparams >= 6)
			who_holds(irc, l->params[5], l->params[2], l->params[3],
			    NULL);
		return;
	}
	if (strcmp(l->command, "354") == 0) {
		/* Our WHOX: "me 152 user host nick account" ("0": none). */
		if (l->nparams >= 6 && strcmp(l->params[1], WHO_TOKEN) == 0)
			who_holds(irc, l->params[4], l->params[2], l->params[3],
			    strcmp(l->params[5], "0") == 0 ? "" : l->params[5]);
		return;
	}
	if (strcmp(l->command, "005") == 0) {
		who_isupport(irc, l);
		return;
	}
	if (strcmp(l->command, "730") == 0) {
		if (l->nparams >= 2)
			who_mononline(irc, l->params[l->nparams - 1]);
		return;
	}
	account = who_account(irc, l, buf, sizeof buf);
	if (l->nick == NULL || l->user == NULL || l->host == NULL)
		return;
	if (strcmp(l->command, "QUIT") == 0 || strcmp(l->command, "NICK") == 0) {
		/* The nick is free now: whoever takes it must be checked. */
		snprintf(n, sizeof n, "%s", l->nick);
		irc_casefold(n);
		/* A player who left the nick they played on under. */
		if ((id = ident_by_alias(&irc->idents, n)) != NULL) {
			id->alias[0] = '\0';
			who_monitor(irc, id->nick);
			ident_left(&irc->idents, id->nick);
		}
		if (ident_bound(&irc->idents, n) &&
		    !ident_blocked(&irc->idents, n))
			who_monitor(irc, n);
		ident_left(&irc->idents, n);
		if (strcmp(l->command, "NICK") == 0 && l->nparams >= 1)
			who_holds(irc, l->params[0], l->user, l->host, account);
		return;
	}
	who_holds(irc, l->nick, l->user, l->host, account);
}

void
who_gone(struct irc *irc, const char *nick)
{
	ident_left(&irc->idents, nick);
}

int
who_may_open(struct irc *irc, const char *nick)
{
	if (!ident_blocked(&irc->idents, nick))
		return 1;
	/* Seen without user@host (a NAMES list): ask who it is. */
	if (irc->line != NULL && strcmp(irc->line->command, "353") == 0)
		who_ask(irc, nick);
	return 0;
}

const char *
who_user(struct irc *irc, const char *nick)
{
	struct irc_ident	*id = ident_by_alias(&irc->idents, nick);

	return id != NULL ? id->nick : nick;
}

const char *
who_target(struct irc *irc, const char *user_id)
{
	struct irc_ident	*id = ident_get(&irc->idents, user_id);

	return id != NULL && *id->alias != '\0' ? id->alias : user_id;
}

int
who_refuse(struct irc *irc, const char *nick)
{
	struct irc_ident	*id = ident_get(&irc->idents, nick);
	char			*cause = NULL;

	/* Blocked, or its player plays on under another nick. */
	if (!ident_blocked(&irc->idents, nick) &&
	    (id == NULL || *id->alias == '\0'))
		return 0;
	log_info("irc: a command from %s refused: not the player who sat down "
	    "with that nick", nick);
	if (ident_tell(&irc->idents, nick) &&
	    sendq_privmsg(irc, nick, "This nick belongs to a player seated at a "
	    "table here, who sat down from another connection. Until they are "
	    "back, the bot sends this nick nothing private and takes no "
	    "commands from it.", OUTQ_ANSWER, 0, &cause) != 0) {
		log_warn("irc: %s", cause);
		free(cause);
	}
	return 1;
}

void
who_seated(struct irc *irc, const struct irc_line *l, const char *nick)
{
	char	buf[IRC_ACCOUNT_MAX + 1];

	if (!ident_bound(&irc->idents, nick) &&
	    bot_user_seated(irc->bot, &irc->adapter, nick))
		ident_bind(&irc->idents, nick, l->user, l->host,
		    who_account(irc, l, buf, sizeof buf));
}

void
who_joined(struct irc *irc, const char *channel)
{
	/*
	 * With no nick bound yet (a fresh start: bindings live in memory)
	 * there is nobody to look for, and a WHO costs the server's flood
	 * allowance (fakelag) that the first answers need.
	 */
	if (irc->idents.n == 0)
		return;
	who_ask(irc, channel);
}

void
who_reset(struct irc *irc)
{
	ident_unverify_all(&irc->idents);
	irc->whox = 0;
	irc->monitor_max = 0;
	irc->monitored = 0;
}
