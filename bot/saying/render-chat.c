/*
 * Rendering for chat: @{N} expansion, the lobby, seat and option lists.
 * The game renders its own table; this file only wraps it for a platform.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/saying/render-chat.h"
#include "bot/tables/table.h"
#include "bot/saying/card-words.h"
#include "lib/buf.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

/*
 * The adapter decides for every seat, an AI's too (user_id NULL): where
 * "@" means something else (a channel operator on IRC) it writes the
 * bare name.
 */
void
render_user(struct adapter *a, const char *user_id, const char *name,
    char *buf, size_t len)
{
	if (a->ops->mention != NULL)
		a->ops->mention(a, user_id, name, buf, len);
	else
		snprintf(buf, len, "@%s", name);
}

void
render_channel(struct adapter *a, const char *channel, char *buf, size_t len)
{
	if (a != NULL && a->ops->channel_name != NULL)
		a->ops->channel_name(a, channel, buf, len);
	else
		utf8_clean(buf, len, channel);	/* an id a user may have typed */
}

void
render_command(struct adapter *a, char *buf, size_t len)
{
	if (a->ops->command != NULL)
		a->ops->command(a, buf, len);
	else
		snprintf(buf, len, "/%s", a->bot->config->bot_command);
}

void
render_seat(const struct table *t, int seat, char *buf, size_t len)
{
	if (seat < 0 || seat >= t->nseats) {
		snprintf(buf, len, "seat %d", seat + 1);
		return;
	}
	render_user(t->adapter, t->seats[seat].user_id, t->seats[seat].name,
	    buf, len);
}

/*
 * Expands every @{N} in text: to the seat's mention, or to its plain name
 * when plain is set.  Caller frees.
 */
static char *
render_expand_as(const struct table *t, const char *text, int plain)
{
	struct buf	 b;
	const char	*p = text, *q;
	char		 who[TABLE_ID_MAX + TABLE_NAME_MAX], *end;
	long		 n;

	buf_init(&b, RENDER_MAX);
	while ((q = strstr(p, "@{")) != NULL) {
		buf_add(&b, p, (size_t)(q - p));
		n = strtol(q + 2, &end, 10);
		if (end == q + 2 || *end != '}') {
			buf_add(&b, q, 2);
			p = q + 2;
			continue;
		}
		if (!plain)
			render_seat(t, (int)n, who, sizeof who);
		else if (n >= 0 && n < t->nseats)
			snprintf(who, sizeof who, "%s", t->seats[n].name);
		else
			snprintf(who, sizeof who, "seat %ld", n + 1);
		buf_puts(&b, who);
		p = end + 1;
	}
	buf_puts(&b, p);
	if (t->emoji >= 0)
		return render_words_as(t->emoji, t->ops, buf_detach(&b));
	return render_words(t->bot, t->ops, buf_detach(&b));
}

char *
render_words_as(int emoji, const struct game_ops *ops, char *text)
{
	char	*words;

	words = emoji ? words_beside(ops, text, RENDER_WORDS_ROOM) :
	    words_only(ops, text);
	free(text);
	return words;
}

char *
render_words(const struct bot *bot, const struct game_ops *ops, char *text)
{
	if (bot == NULL)
		return text;
	return render_words_as(bot->config->bot_emoji, ops, text);
}

char *
render_expand(const struct table *t, const char *text)
{
	return render_expand_as(t, text, 0);
}

char *
render_expand_names(const struct table *t, const char *text)
{
	return render_expand_as(t, text, 1);
}

char *
render_seat_list(const struct table *t)
{
	struct buf	b;
	int		i;

	buf_init(&b, RENDER_MAX);
	for (i = 0; i < t->nseats; i++) {
		buf_printf(&b, "%s%s%s", i == 0 ? "" : ", ", t->seats[i].name,
		    t->seats[i].user_id != NULL ? "" :
		    t->seats[i].level == TABLE_AI_HARD ? " (hard AI)" : " (AI)");
	}
	if (t->nseats == 0)
		buf_puts(&b, "nobody yet");
	return buf_detach(&b);
}

char *
render_options(const struct table *t)
{
	struct buf	b;
	int		i, any = 0;

	buf_init(&b, RENDER_MAX);
	for (i = 0; i < t->ops->noptions; i++) {
		if (t->options[i] == NULL)
			continue;
		buf_printf(&b, "%s%s=%s", any ? " " : "", t->ops->options[i].name,
		    t->options[i]);
		any = 1;
	}
	if (!any)
		buf_puts(&b, "default rules");
	return buf_detach(&b);
}

char *
render_lobby(const struct table *t)
{
	struct buf	 b;
	char		*seats = render_seat_list(t), *opts = render_options(t);
	int		 host = t->host == NULL ? -1 : table_seat_of(t, t->host);

	buf_init(&b, RENDER_MAX);
	buf_printf(&b, "%s lobby (%s): %d/%d seated: %s.", t->ops->title, opts,
	    t->nseats, t->ops->max_players, seats);
	if (host >= 0)
		buf_printf(&b, " Host: %s.", t->seats[host].name);
	free(seats);
	free(opts);
	return buf_detach(&b);
}

void
render_duration(uint64_t ms, char *buf, size_t len)
{
	char	*s = config_format_duration(ms);

	snprintf(buf, len, "%s", ms == 0 ? "off" : s);
	free(s);
}
