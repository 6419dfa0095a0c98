/*
 * Who holds a seated player's nick.  On IRC a nick is anybody's once its
 * holder leaves: when alice quits mid-game and mallory takes "alice", the
 * bot must not send mallory alice's hand, nor take mallory's moves as
 * hers.  So a seated player's nick is bound to the user@host it had when
 * the bot first saw it seated, and each line that shows who holds the
 * nick now (a JOIN, a PRIVMSG, a NICK to it, a WHO reply) is checked
 * against the binding: the same user@host is the player (verified), any
 * other is someone else.  A binding is unverified from the moment its
 * holder leaves (QUIT, NICK away, "no such nick") and on every new
 * connection, until the player is seen again.  Pure functions: the
 * session (session.c) feeds them and acts on their verdicts.
 */
#include <stdio.h>
#include <string.h>

#include "adapters/irc/irc-int.h"

/* The index of nick's binding, or -1. */
static int
ident_index(const struct irc_idents *ids, const char *nick)
{
	int	i;

	for (i = 0; i < ids->n; i++) {
		if (strcmp(ids->v[i].nick, nick) == 0)
			return i;
	}
	return -1;
}

static struct irc_ident *
ident_find(struct irc_idents *ids, const char *nick)
{
	int	i = ident_index(ids, nick);

	return i < 0 ? NULL : &ids->v[i];
}

static void
ident_mask(char *buf, size_t len, const char *user, const char *host)
{
	snprintf(buf, len, "%s@%s", user != NULL ? user : "",
	    host != NULL ? host : "");
}

int
ident_bind(struct irc_idents *ids, const char *nick, const char *user,
    const char *host, const char *account)
{
	struct irc_ident	*id;
	int			 i, at;

	if (user == NULL || host == NULL || strlen(nick) > IRC_NICK_MAX)
		return -1;
	if ((at = ident_index(ids, nick)) < 0) {
		if (ids->n < IRC_IDENTS_MAX)
			at = ids->n++;
		else {
			/* Full: the binding used least recently goes. */
			at = 0;
			for (i = 1; i < ids->n; i++) {
				if (ids->v[i].used < ids->v[at].used)
					at = i;
			}
		}
	}
	id = &ids->v[at];
	memset(id, 0, sizeof *id);
	snprintf(id->nick, sizeof id->nick, "%s", nick);
	ident_mask(id->mask, sizeof id->mask, user, host);
	if (account != NULL)
		snprintf(id->account, sizeof id->account, "%s", account);
	id->verified = 1;
	id->used = ++ids->clock;
	return 0;
}

enum ident_verdict
ident_check(struct irc_idents *ids, const char *nick, const char *user,
    const char *host, const char *account)
{
	struct irc_ident	*id = ident_find(ids, nick);
	char			 mask[IRC_MASK_MAX + 1];
	int			 same, was;

	if (id == NULL)
		return IDENT_FREE;
	id->used = ++ids->clock;
	if (*id->account != '\0') {
		if (account == NULL)
			return IDENT_UNKNOWN;
		same = irc_name_eq(account, id->account);
	} else {
		ident_mask(mask, sizeof mask, user, host);
		same = user != NULL && host != NULL && strcmp(mask, id->mask) == 0;
	}
	if (!same) {
		id->verified = 0;
		return IDENT_OTHER;
	}
	was = id->verified;
	id->verified = 1;
	id->told = 0;
	id->warned = 0;
	return was ? IDENT_OWNER : IDENT_BACK;
}

void
ident_left(struct irc_idents *ids, const char *nick)
{
	struct irc_ident	*id = ident_find(ids, nick);

	if (id != NULL) {
		id->verified = 0;
		id->told = 0;
		id->warned = 0;
	}
}

void
ident_unverify_all(struct irc_idents *ids)
{
	int	i;

	for (i = 0; i < ids->n; i++) {
		ids->v[i].verified = 0;
		ids->v[i].told = 0;
		ids->v[i].warned = 0;
		ids->v[i].alias[0] = '\0';
	}
}

int
ident_bound(const struct irc_idents *ids, const char *nick)
{
	return ident_index(ids, nick) >= 0;
}

int
ident_blocked(const struct irc_idents *ids, const char *nick)
{
	int	i = ident_index(ids, nick);

	return i >= 0 && !ids->v[i].verified;
}

/* Sets the flag, a once-only mark of one nick: 1 when it was not set. */
static int
ident_once(int *flag)
{
	if (*flag)
		return 0;
	*flag = 1;
	return 1;
}

int
ident_tell(struct irc_idents *ids, const char *nick)
{
	struct irc_ident	*id = ident_find(ids, nick);

	return id != NULL && ident_once(&id->told);
}

int
ident_warn(struct irc_idents *ids, const char *nick)
{
	struct irc_ident	*id = ident_find(ids, nick);

	return id != NULL && ident_once(&id->warned);
}

void
ident_forget(struct irc_idents *ids, const char *nick)
{
	struct irc_ident	*id = ident_find(ids, nick);

	if (id == NULL)
		return;
	*id = ids->v[--ids->n];
}

struct irc_ident *
ident_get(struct irc_idents *ids, const char *nick)
{
	return ident_find(ids, nick);
}

struct irc_ident *
ident_by_account(struct irc_idents *ids, const char *account)
{
	int	i;

	if (*account == '\0')
		return NULL;
	for (i = 0; i < ids->n; i++) {
		if (*ids->v[i].account != '\0' &&
		    irc_name_eq(ids->v[i].account, account))
			return &ids->v[i];
	}
	return NULL;
}

struct irc_ident *
ident_by_alias(struct irc_idents *ids, const char *nick)
{
	int	i;

	for (i = 0; i < ids->n; i++) {
		if (*ids->v[i].alias != '\0' && strcmp(ids->v[i].alias, nick) == 0)
			return &ids->v[i];
	}
	return NULL;
}
