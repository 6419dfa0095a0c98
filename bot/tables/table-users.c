/*
 * The bot's tables by the users seated at them, for what a user says or
 * what happens to a user outside any channel: a command sent in a DM
 * (which table does it mean?), and a user's DMs found closed or open
 * again.  Walking every table for those made each DM command cost a
 * string compare per seat of every table (with 10,000 tables, about a
 * millisecond).
 *
 * One node per human seat of a table in the bot's list, chained in
 * bot->index_user by adapter and user id; table.c keeps it in step with
 * the seats (table_add_seat, table_remove_seat, table_forget_user,
 * table_close).  Tables outside the list (replays) are not in it.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/tables/table.h"
#include "lib/xmalloc.h"

struct table_user {
	struct table		*table;
	char			*user_id;	/* owned */
	struct table_user	*next;
};

/* Doubles the chains (from 64) when they hold a node each. */
static void
table_users_grow(struct bot *bot)
{
	struct table_user	**old = bot->index_user, *u, *next;
	size_t			  nold = bot->nindex_user, i, h;

	if (nold != 0 && bot->nusers < nold)
		return;
	bot->nindex_user = nold == 0 ? 64 : nold * 2;
	bot->index_user = xcalloc(bot->nindex_user, sizeof *bot->index_user);
	for (i = 0; i < nold; i++) {
		for (u = old[i]; u != NULL; u = next) {
			next = u->next;
			h = table_hash(u->table->adapter, u->user_id) %
			    bot->nindex_user;
			u->next = bot->index_user[h];
			bot->index_user[h] = u;
		}
	}
	free(old);
}

void
table_users_add(struct table *t, const char *user_id)
{
	struct bot		*bot = t->bot;
	struct table_user	*u;
	size_t			 h;

	if (t->seq == 0 || user_id == NULL)
		return;
	table_users_grow(bot);
	u = xmalloc(sizeof *u);
	u->table = t;
	u->user_id = xstrdup(user_id);
	h = table_hash(t->adapter, user_id) % bot->nindex_user;
	u->next = bot->index_user[h];
	bot->index_user[h] = u;
	bot->nusers++;
}

void
table_users_remove(struct table *t, const char *user_id)
{
	struct bot		 *bot = t->bot;
	struct table_user	**pp, *u;

	if (t->seq == 0 || user_id == NULL || bot->nindex_user == 0)
		return;
	pp = &bot->index_user[table_hash(t->adapter, user_id) %
	    bot->nindex_user];
	for (; (u = *pp) != NULL; pp = &u->next) {
		if (u->table == t && strcmp(u->user_id, user_id) == 0) {
			*pp = u->next;
			free(u->user_id);
			free(u);
			bot->nusers--;
			return;
		}
	}
}

int
table_users_find(struct bot *bot, struct adapter *a, const char *user_id,
    struct table **out, int max)
{
	struct table_user	*u;
	int			 i, n = 0;

	if (bot->nindex_user == 0)
		return 0;
	u = bot->index_user[table_hash(a, user_id) % bot->nindex_user];
	for (; u != NULL; u = u->next) {
		if (u->table->adapter != a || strcmp(u->user_id, user_id) != 0)
			continue;
		for (i = 0; i < n && i < max; i++)
			if (out[i] == u->table)
				break;
		if (i < n && i < max)
			continue;	/* the same table again */
		if (n < max)
			out[n] = table_looked_up(u->table);
		n++;
	}
	return n;
}

void
table_users_release(struct bot *bot)
{
	struct table_user	*u, *next;
	size_t			 i;

	for (i = 0; i < bot->nindex_user; i++) {
		for (u = bot->index_user[i]; u != NULL; u = next) {
			next = u->next;
			free(u->user_id);
			free(u);
		}
	}
	free(bot->index_user);
	bot->index_user = NULL;
	bot->nindex_user = 0;
	bot->nusers = 0;
}
