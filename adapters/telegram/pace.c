/*
 * Pacing of the bot's messages, below Telegram's limits: about one
 * message a second to a chat, about 20 a minute to a group, about 30 a
 * second overall (each figure from the settings).  A group's window and
 * the overall one are the times of the last sends, a ring each: a
 * message may go when the oldest of a full ring is a window old.  Each
 * chat also keeps its least gap after its last send, and a 429's hold.
 * Chats are kept in a fixed table; past it the longest idle is reused.
 */
#include <stdlib.h>
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "lib/xmalloc.h"

#define PACE_CHATS	256
#define PACE_MINUTE	60000ULL
#define PACE_SECOND	1000ULL

/* The times of the last n sends, oldest at head once full. */
struct pace_ring {
	uint64_t	*t;
	int		 n, size, head;
};

struct pace_chat {
	int64_t		 chat;		/* 0: a free slot */
	uint64_t	 last;		/* the last send */
	uint64_t	 held;		/* a 429 holds it until then */
	struct pace_ring ring;		/* a group's sends */
};

struct tgpace {
	int		 group_per_min;
	uint64_t	 gap_ms;
	uint64_t	 held;		/* a 429 for every chat */
	struct pace_ring all;
	struct pace_chat chats[PACE_CHATS];
};

static void
ring_init(struct pace_ring *r, int size)
{
	r->t = xcalloc((size_t)size, sizeof *r->t);
	r->size = size;
	r->n = r->head = 0;
}

/* How long until one more send fits in span ms; 0: now. */
static uint64_t
ring_wait(const struct pace_ring *r, uint64_t span, uint64_t now)
{
	uint64_t	oldest;

	if (r->t == NULL || r->n < r->size)
		return 0;
	oldest = r->t[r->head];
	return oldest + span > now ? oldest + span - now : 0;
}

static void
ring_add(struct pace_ring *r, uint64_t now)
{
	if (r->t == NULL)
		return;
	if (r->n < r->size)
		r->t[(r->head + r->n++) % r->size] = now;
	else {
		r->t[r->head] = now;
		r->head = (r->head + 1) % r->size;
	}
}

struct tgpace *
pace_new(int group_per_min, int per_sec, uint64_t gap_ms)
{
	struct tgpace	*p = xcalloc(1, sizeof *p);

	p->group_per_min = group_per_min;
	p->gap_ms = gap_ms;
	ring_init(&p->all, per_sec);
	return p;
}

void
pace_free(struct tgpace *p)
{
	int	i;

	if (p == NULL)
		return;
	for (i = 0; i < PACE_CHATS; i++)
		free(p->chats[i].ring.t);
	free(p->all.t);
	free(p);
}

/* chat's slot, made (reusing the longest idle) when make is set. */
static struct pace_chat *
pace_chat(struct tgpace *p, int64_t chat, int make)
{
	struct pace_chat	*c, *idle = NULL;
	int			 i;

	for (i = 0; i < PACE_CHATS; i++) {
		c = &p->chats[i];
		if (c->chat == chat)
			return c;
		if (idle == NULL || c->chat == 0 ||
		    (idle->chat != 0 && c->last < idle->last))
			idle = c;
	}
	if (!make)
		return NULL;
	free(idle->ring.t);
	memset(idle, 0, sizeof *idle);
	idle->chat = chat;
	/* A group's id is negative. */
	if (chat < 0)
		ring_init(&idle->ring, p->group_per_min);
	return idle;
}

uint64_t
pace_wait(struct tgpace *p, int64_t chat, uint64_t now)
{
	struct pace_chat	*c = pace_chat(p, chat, 0);
	uint64_t		 wait = 0, w;

	if (p->held > now)
		wait = p->held - now;
	if ((w = ring_wait(&p->all, PACE_SECOND, now)) > wait)
		wait = w;
	if (c == NULL)
		return wait;
	if (c->held > now && c->held - now > wait)
		wait = c->held - now;
	/* The loop's clock is in whole ms: one more keeps the gap whole. */
	if (c->last != 0 && p->gap_ms > 0 && c->last + p->gap_ms + 1 > now &&
	    c->last + p->gap_ms + 1 - now > wait)
		wait = c->last + p->gap_ms + 1 - now;
	if ((w = ring_wait(&c->ring, PACE_MINUTE, now)) > wait)
		wait = w;
	return wait;
}

void
pace_sent(struct tgpace *p, int64_t chat, uint64_t now)
{
	struct pace_chat	*c = pace_chat(p, chat, 1);

	c->last = now;
	ring_add(&c->ring, now);
	ring_add(&p->all, now);
}

void
pace_answered(struct tgpace *p, int64_t chat, uint64_t now)
{
	struct pace_chat	*c = pace_chat(p, chat, 1);

	c->last = now;
}

void
pace_hold(struct tgpace *p, int64_t chat, uint64_t until)
{
	struct pace_chat	*c;

	if (chat == 0) {
		if (until > p->held)
			p->held = until;
		return;
	}
	c = pace_chat(p, chat, 1);
	if (until > c->held)
		c->held = until;
}
