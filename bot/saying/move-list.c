/*
 * Every move a user may make now, listed whole, for a platform that
 * shows them as a list rather than as buttons on a message (Telegram's
 * inline mode; see bot_moves in bot/bot.h).  Each is a button's id, so
 * the platform plays one as a click (bot/commands/click.c), which
 * refuses a stale one.  A seat's own view only: the labels name its own
 * cards and the public places, nothing of another seat.
 */
#include <stdlib.h>

#include "bot/adapter.h"
#include "bot/bot.h"
#include "bot/saying/buttons.h"
#include "bot/tables/table.h"

#define MOVELIST_TABLES_MAX	16	/* a user's tables listed */

/* What bot_moves hands on for one table. */
struct movelist_ctx {
	const char	*channel;
	void		(*fn)(const char *, const char *, const char *,
			    const char *, void *);
	void		*arg;
};

static void
movelist_one(const char *label, const char *id, const char *summary,
    void *arg)
{
	struct movelist_ctx	*c = arg;

	c->fn(c->channel, label, id, summary, c->arg);
}

int
bot_moves(struct bot *bot, struct adapter *a, const char *user_id,
    void (*fn)(const char *, const char *, const char *, const char *,
    void *), void *arg)
{
	struct table		*ts[MOVELIST_TABLES_MAX], *t;
	struct adapter_buttons	 bs;
	struct movelist_ctx	 c;
	int			 i, n, seat, made = 0;

	n = table_users_find(bot, a, user_id, ts, MOVELIST_TABLES_MAX);
	for (i = 0; i < n && i < MOVELIST_TABLES_MAX; i++) {
		t = ts[i];
		if (t->state != TABLE_PLAYING ||
		    (seat = table_seat_of(t, user_id)) < 0)
			continue;
		/* Their hand first: the board's "My hand". */
		bs.n = 0;
		button_board(t, &bs);
		if (bs.n > 0) {
			fn(t->channel, "Your hand", bs.b[0].id,
			    "your cards and your moves, in private", arg);
			made++;
		}
		c.channel = t->channel;
		c.fn = fn;
		c.arg = arg;
		made += button_each_move(t, seat, movelist_one, &c);
	}
	return made;
}
