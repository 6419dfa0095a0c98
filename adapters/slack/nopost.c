/*
 * Channels the bot cannot post in.  Slack says so with an error that is
 * final for the channel (channel_not_found: a private channel the bot is
 * not in, or gone; not_in_channel; is_archived), by an event
 * (channel_archive, channel_deleted, the bot's own member_left_channel),
 * or conversations.info finds it archived or hidden.  Such a channel is
 * remembered: nothing more is sent there (every post and edit fails at
 * once, without a request), a command from it is answered privately with
 * why and not run (so no table opens where nobody can see it), the
 * player whose command met the error is told through its response_url,
 * and the bot pauses or closes the channel's table (bot/tables/channel-lost.c).  An
 * event that says it works again (channel_unarchive, the bot joining)
 * forgets it.  DM channels are im.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/bot.h"
#include "bot/daemon/log.h"
#include "lib/xmalloc.h"

#define NOPOST_MAX	1024	/* channels remembered; the oldest goes */
#define NOPOST_NOTES	32	/* channels' last response_urls */

struct nopost_channel {
	char		 id[SLACK_ID_MAX];
	const char	*why;		/* a static sentence */
};

/* The response_url of the last command from a channel. */
struct nopost_note {
	char		 channel[SLACK_ID_MAX];
	char		 url[SLACK_URL_MAX];
};

struct slack_nopost {
	struct nopost_channel	 ch[NOPOST_MAX];
	int			 n;
	struct nopost_note	 notes[NOPOST_NOTES];
	int			 next_note;	/* the ring's oldest */
};

static struct slack_nopost *
nopost_get(struct slack *s)
{
	if (s->lost == NULL)
		s->lost = xcalloc(1, sizeof *s->lost);
	return s->lost;
}

void
nopost_note(struct slack *s, const char *channel, const char *response_url)
{
	struct slack_nopost	*sl = nopost_get(s);
	struct nopost_note	*n = NULL;
	int			 i;

	if (*response_url == '\0')
		return;
	for (i = 0; i < NOPOST_NOTES && n == NULL; i++)
		if (strcmp(sl->notes[i].channel, channel) == 0)
			n = &sl->notes[i];
	if (n == NULL) {
		n = &sl->notes[sl->next_note];
		sl->next_note = (sl->next_note + 1) % NOPOST_NOTES;
	}
	snprintf(n->channel, sizeof n->channel, "%s", channel);
	snprintf(n->url, sizeof n->url, "%s", response_url);
}

/* The noted response_url of channel, taken (told once), or NULL. */
static const char *
nopost_noted(struct slack *s, const char *channel, char *buf, size_t len)
{
	struct slack_nopost	*sl = nopost_get(s);
	int			 i;

	for (i = 0; i < NOPOST_NOTES; i++)
		if (strcmp(sl->notes[i].channel, channel) == 0) {
			snprintf(buf, len, "%s", sl->notes[i].url);
			sl->notes[i].channel[0] = '\0';
			return buf;
		}
	return NULL;
}

int
nopost_error(const char *error)
{
	static const char *const final[] = {
		"channel_not_found", "not_in_channel", "is_archived", NULL
	};

	return slack_error_in(error, final);
}

/* The players' sentence for Slack's error (or "channel_deleted"). */
static const char *
nopost_sentence(const char *error)
{
	if (error != NULL && strcmp(error, "is_archived") == 0)
		return "This channel is archived, so I cannot post in it.";
	if (error != NULL && strcmp(error, "channel_deleted") == 0)
		return "This channel was deleted.";
	return "I am not in this channel, so I cannot post the table here: "
	    "invite me with /invite @cheersbot.";
}

static struct nopost_channel *
nopost_find(struct slack *s, const char *channel)
{
	int	i;

	if (s->lost == NULL)
		return NULL;
	for (i = 0; i < s->lost->n; i++)
		if (strcmp(s->lost->ch[i].id, channel) == 0)
			return &s->lost->ch[i];
	return NULL;
}

const char *
nopost_why(struct slack *s, const char *channel)
{
	struct nopost_channel	*l = nopost_find(s, channel);

	return l != NULL ? l->why : NULL;
}

/* Tells the user of response_url (borrowed; "" or NULL: nobody) why. */
static void
nopost_tell(struct slack *s, const char *channel, const char *response_url,
    const char *why)
{
	struct slack_ctx	ctx;

	if (response_url == NULL || *response_url == '\0')
		return;
	memset(&ctx, 0, sizeof ctx);
	snprintf(ctx.channel, sizeof ctx.channel, "%s", channel);
	snprintf(ctx.response_url, sizeof ctx.response_url, "%s",
	    response_url);
	snprintf(ctx.queue, sizeof ctx.queue, "lost:%s", channel);
	reply_say(s, &ctx, why);
}

void
nopost_mark(struct slack *s, const char *channel, const char *error,
    const char *response_url)
{
	struct nopost_channel	*l;
	const char		*why = nopost_sentence(error);
	char			 url[SLACK_URL_MAX];

	if (!slack_id_ok(channel) || channel[0] == 'D')
		return;
	if (response_url == NULL)
		response_url = nopost_noted(s, channel, url, sizeof url);
	if ((l = nopost_find(s, channel)) != NULL) {
		nopost_tell(s, channel, response_url, l->why);
		return;
	}
	nopost_get(s);
	if (s->lost->n == NOPOST_MAX) {
		memmove(&s->lost->ch[0], &s->lost->ch[1],
		    (NOPOST_MAX - 1) * sizeof s->lost->ch[0]);
		s->lost->n--;
	}
	l = &s->lost->ch[s->lost->n++];
	snprintf(l->id, sizeof l->id, "%s", channel);
	l->why = why;
	log_info("slack: I cannot post in %s (%s); nothing more goes there",
	    channel, error != NULL ? error : "lost");
	nopost_tell(s, channel, response_url, why);
	bot_channel_lost(s->bot, &s->adapter, channel, why, s->lost_grace_ms);
}

void
nopost_clear(struct slack *s, const char *channel)
{
	struct nopost_channel	*l = nopost_find(s, channel);

	if (l == NULL)
		return;
	log_info("slack: %s works again", channel);
	memmove(l, l + 1, (size_t)(&s->lost->ch[s->lost->n] - (l + 1)) *
	    sizeof *l);
	s->lost->n--;
	bot_channel_back(s->bot, &s->adapter, channel);
}

void
nopost_free(struct slack *s)
{
	free(s->lost);
	s->lost = NULL;
}
