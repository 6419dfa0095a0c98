/*
 * Who is on IRC, as far as the bot can tell from the lines it gets.  A
 * nick that QUITs, that a user renames away from, or that the server
 * calls unknown (401 "no such nick") is gone: the bot queues no private
 * line to it, since each would be lost.  A nick seen again (JOIN, PART,
 * NICK to it, a NAMES list, any PRIVMSG or NOTICE from it) is back.  A
 * PART is a sighting: whoever parts a channel is still on IRC and gets
 * private messages.
 *
 * presence_line reads one parsed line and says what it shows; the gone
 * set remembers at most IRC_GONE_MAX nicks (the oldest is forgotten, so
 * a line to it is tried again and a 401 marks it anew).  Both are pure:
 * session.c ties them to the send queue and the bot.
 */
#include <stdio.h>
#include <string.h>

#include "adapters/irc/irc-int.h"

/* Copies nick (borrowed) casefolded into buf; 0, or -1 when not a nick. */
static int
presence_fold(const char *nick, size_t len, char *buf)
{
	if (len == 0 || len > IRC_NICK_MAX)
		return -1;
	memcpy(buf, nick, len);
	buf[len] = '\0';
	if (!irc_valid_nick(buf))
		return -1;
	irc_casefold(buf);
	return 0;
}

/* Calls fn for nick (len bytes, borrowed) unless it is not one or ours. */
static void
presence_say(const char *nick, size_t len, const char *self, presence_fn fn,
    void *arg, int gone)
{
	char	buf[IRC_NICK_MAX + 1];

	if (presence_fold(nick, len, buf) != 0 || irc_name_eq(buf, self))
		return;
	fn(arg, buf, gone);
}

/* RPL_NAMREPLY: "me = #chan :@op +voice nick!user@host plain". */
static void
presence_names(const char *names, const char *self, presence_fn fn, void *arg)
{
	const char	*p = names;
	size_t		 len;

	while (*p != '\0') {
		while (*p == ' ')
			p++;
		len = strcspn(p, " ");
		/* Status prefixes (multi-prefix may give several). */
		while (len > 0 && strchr("~&@%+", *p) != NULL) {
			p++;
			len--;
		}
		presence_say(p, strcspn(p, " !"), self, fn, arg, 0);
		p += len;
	}
}

void
presence_line(const struct irc_line *l, const char *self, presence_fn fn,
    void *arg)
{
	const char	*cmd = l->command;

	if (strcmp(cmd, "353") == 0) {
		if (l->nparams >= 4)
			presence_names(l->params[l->nparams - 1], self, fn, arg);
		return;
	}
	if (strcmp(cmd, "401") == 0) {
		if (l->nparams >= 2)
			presence_say(l->params[1], strlen(l->params[1]), self, fn,
			    arg, 1);
		return;
	}
	/* Anything else tells only of the user who sent it. */
	if (l->nick == NULL || (l->user == NULL && l->host == NULL) ||
	    (cmd[0] >= '0' && cmd[0] <= '9'))
		return;
	if (strcmp(cmd, "QUIT") == 0) {
		presence_say(l->nick, strlen(l->nick), self, fn, arg, 1);
		return;
	}
	if (strcmp(cmd, "NICK") == 0) {
		if (l->nparams < 1)
			return;
		if (!irc_name_eq(l->nick, l->params[0]))
			presence_say(l->nick, strlen(l->nick), self, fn, arg, 1);
		presence_say(l->params[0], strlen(l->params[0]), self, fn, arg,
		    0);
		return;
	}
	presence_say(l->nick, strlen(l->nick), self, fn, arg, 0);
}

/* The index of nick in g (which holds them casefolded), or -1. */
static int
gone_find(const struct irc_gone *g, const char *nick)
{
	char	buf[IRC_NICK_MAX + 1];
	int	i;

	if (strlen(nick) > IRC_NICK_MAX)
		return -1;
	snprintf(buf, sizeof buf, "%s", nick);
	irc_casefold(buf);
	for (i = 0; i < g->n; i++) {
		if (strcmp(g->nicks[i], buf) == 0)
			return i;
	}
	return -1;
}

int
gone_has(const struct irc_gone *g, const char *nick)
{
	return gone_find(g, nick) >= 0;
}

void
gone_add(struct irc_gone *g, const char *nick)
{
	if (strlen(nick) > IRC_NICK_MAX || gone_find(g, nick) >= 0)
		return;
	if (g->n == IRC_GONE_MAX) {
		memmove(g->nicks[0], g->nicks[1], (size_t)--g->n *
		    sizeof g->nicks[0]);
	}
	snprintf(g->nicks[g->n], sizeof g->nicks[0], "%s", nick);
	irc_casefold(g->nicks[g->n++]);
}

int
gone_del(struct irc_gone *g, const char *nick)
{
	int	i = gone_find(g, nick);

	if (i < 0)
		return 0;
	memmove(g->nicks[i], g->nicks[i + 1], (size_t)(g->n - i - 1) *
	    sizeof g->nicks[0]);
	g->n--;
	return 1;
}

void
gone_clear(struct irc_gone *g)
{
	g->n = 0;
}
