/*
 * Posts held back by a rate limit.  When Slack answers a post with 429
 * and a long Retry-After (up to an hour), every call of that method waits
 * (web.c), and a command whose answer is a post in the channel (a table
 * opened, a move) would look ignored: the user who ran it is told
 * privately, through the command's response_url (or an ephemeral
 * message, as any private answer), in one line, that the channel is
 * rate-limited and when posting resumes.  The command itself has run:
 * its posts wait in their channel's queue and go when the limit ends.
 *
 * After each command with a public answer, its user is remembered with
 * the command's response_url (a small ring; the oldest goes); each time a
 * 429 holds a method, and at once for a command whose channel is held
 * already, the remembered users whose channel waits longer than
 * HELD_MIN_MS are told, once, and forgotten.  A user whose channel has
 * nothing left waiting is forgotten: their answer went.  A wait shorter
 * than HELD_MIN_MS (Slack's usual second) says nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/slack/slack-int.h"
#include "bot/daemon/log.h"
#include "lib/xmalloc.h"

#define HELD_MAX	64		/* users remembered; the oldest goes */
#define HELD_MIN_MS	5000		/* a shorter wait says nothing */

/* A command whose public answer may wait, and how to answer its user. */
struct held_user {
	char	user[SLACK_ID_MAX];	/* "": a free slot */
	char	channel[SLACK_ID_MAX];
	char	response_url[SLACK_URL_MAX];
	char	queue[64];
	int	uses;
};

struct slack_held {
	struct held_user	u[HELD_MAX];
	int			next;		/* the ring's oldest */
};

/* "in about 60 min" for a wait of ms, into buf (capped). */
static void
held_when(uint64_t ms, char *buf, size_t len)
{
	uint64_t	secs = (ms + 999) / 1000;

	if (secs < 120)
		snprintf(buf, len, "in about %llu s", (unsigned long long)secs);
	else
		snprintf(buf, len, "in about %llu min",
		    (unsigned long long)((secs + 59) / 60));
}

/*
 * Tells h's user, if their channel's posts wait long enough, and then
 * forgets h; forgets h too when nothing waits for the channel any more.
 */
static void
held_try(struct slack *s, struct held_user *h)
{
	struct slack_ctx	 ctx;
	int64_t			 wait = web_held_ms(s, h->channel);
	char			 when[32], *text;

	if (wait < 0) {
		h->user[0] = '\0';	/* its answer went */
		return;
	}
	if (wait < HELD_MIN_MS)
		return;
	held_when((uint64_t)wait, when, sizeof when);
	log_info("slack: posts to %s wait %lld ms for a rate limit; telling "
	    "%s", h->channel, (long long)wait, h->user);
	memset(&ctx, 0, sizeof ctx);
	snprintf(ctx.user, sizeof ctx.user, "%s", h->user);
	snprintf(ctx.channel, sizeof ctx.channel, "%s", h->channel);
	snprintf(ctx.response_url, sizeof ctx.response_url, "%s",
	    h->response_url);
	snprintf(ctx.queue, sizeof ctx.queue, "%s", h->queue);
	ctx.uses = h->uses;
	h->user[0] = '\0';
	text = xasprintf("Slack is rate-limiting my posts in this channel; "
	    "they resume %s.", when);
	reply_say(s, &ctx, text);
	free(text);
}

void
held_watch(struct slack *s, const struct slack_ctx *ctx)
{
	struct slack_held	*sh;
	struct held_user	*h;

	if (s->held == NULL)
		s->held = xcalloc(1, sizeof *s->held);
	sh = s->held;
	h = &sh->u[sh->next];
	sh->next = (sh->next + 1) % HELD_MAX;
	snprintf(h->user, sizeof h->user, "%s", ctx->user);
	snprintf(h->channel, sizeof h->channel, "%s", ctx->channel);
	snprintf(h->response_url, sizeof h->response_url, "%s",
	    ctx->response_url);
	snprintf(h->queue, sizeof h->queue, "%s", ctx->queue);
	h->uses = ctx->uses;
	held_try(s, h);
}

void
held_check(struct slack *s)
{
	int	i;

	if (s->held == NULL)
		return;
	for (i = 0; i < HELD_MAX; i++)
		if (s->held->u[i].user[0] != '\0')
			held_try(s, &s->held->u[i]);
}

void
held_free(struct slack *s)
{
	free(s->held);
	s->held = NULL;
}
