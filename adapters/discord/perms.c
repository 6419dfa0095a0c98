/*
 * The permissions the bot uses in a channel, in one place: the invite
 * link asks for exactly these (cheersbot --invite-url), and "new" checks
 * the interaction's app_permissions against them before it opens a table
 * whose board could never be shown.  The bot posts messages (boards,
 * news) with embeds, in channels and threads; it reads no history and
 * sends no replies, so it asks for nothing else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/discord/discord-int.h"
#include "adapters/discord/discord.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

static const struct {
	uint64_t	 bit;
	const char	*name;
	int		 where;		/* PERMS_CHANNEL, PERMS_THREAD or both */
} perms_used[] = {
	{ DISCORD_PERM_VIEW_CHANNEL, "View Channel", 3 },
	{ DISCORD_PERM_SEND_MESSAGES, "Send Messages", 1 },
	{ DISCORD_PERM_SEND_IN_THREADS, "Send Messages in Threads", 2 },
	{ DISCORD_PERM_EMBED_LINKS, "Embed Links", 3 },
};
#define PERMS_CHANNEL	1
#define PERMS_THREAD	2
#define PERMS_N		(sizeof perms_used / sizeof perms_used[0])

uint64_t
discord_permissions(void)
{
	uint64_t	p = 0;
	size_t		i;

	for (i = 0; i < PERMS_N; i++)
		p |= perms_used[i].bit;
	return p;
}

char *
discord_invite_url(const char *application_id)
{
	return xasprintf("https://discord.com/oauth2/authorize?client_id=%s"
	    "&scope=bot%%20applications.commands&permissions=%llu",
	    application_id, (unsigned long long)discord_permissions());
}

char *
perms_refusal(const char *s, int in_thread, const char *text)
{
	const char	*p;
	uint64_t	 have = 0;
	struct buf	 b;
	char		*out;
	size_t		 i, missing[PERMS_N], n = 0;
	int		 where;

	/* Only "new" opens a table; without app_permissions, no check. */
	if (text == NULL || strncmp(text, "new", 3) != 0 ||
	    (text[3] != '\0' && text[3] != ' ') || s == NULL)
		return NULL;
	for (p = s; *p >= '0' && *p <= '9'; p++) {
		if (have > (UINT64_MAX - 9) / 10)
			return NULL;
		have = have * 10 + (uint64_t)(*p - '0');
	}
	if (*p != '\0' || p == s)
		return NULL;
	where = in_thread ? PERMS_THREAD : PERMS_CHANNEL;
	for (i = 0; i < PERMS_N; i++)
		if ((perms_used[i].where & where) && !(have & perms_used[i].bit))
			missing[n++] = i;
	if (n == 0)
		return NULL;
	buf_init(&b, 512);
	buf_puts(&b, "I cannot show a table here: grant me ");
	for (i = 0; i < n; i++)
		buf_printf(&b, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ",
		    perms_used[missing[i]].name);
	buf_printf(&b, " in this %s (its Permissions, or the server's "
	    "roles), then try again.", where == PERMS_THREAD ? "thread" :
	    "channel");
	out = xstrdup(buf_str(&b));
	buf_release(&b);
	return out;
}
