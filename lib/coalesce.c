/*
 * Each table's one message, edited in place with coalesced updates; see
 * coalesce.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

#include "lib/coalesce.h"
#include "lib/xmalloc.h"

struct coalesce_msg {
	LIST_ENTRY(coalesce_msg) entry;
	struct coalesce		*set;
	uint64_t		 table;
	char			 channel[COALESCE_CHANNEL_MAX];
	char			 id[COALESCE_ID_MAX];	/* "": not posted */
	char			*want;		/* the body to send next, or NULL */
	char			*sent;		/* the body in flight or last sent */
	int			 busy;		/* a request in flight */
	int			 repost;	/* the next send posts anew */
	int			 final;		/* forget it once want is sent */
	int			 edit_only;	/* never post it: drop it instead */
};

struct coalesce {
	LIST_HEAD(, coalesce_msg) msgs;
	const struct coalesce_ops *ops;
	void			*arg;
};

struct coalesce *
coalesce_new(const struct coalesce_ops *ops, void *arg)
{
	struct coalesce	*set = xcalloc(1, sizeof *set);

	LIST_INIT(&set->msgs);
	set->ops = ops;
	set->arg = arg;
	return set;
}

static void
coalesce_drop(struct coalesce_msg *m)
{
	LIST_REMOVE(m, entry);
	free(m->want);
	free(m->sent);
	free(m);
}

/*
 * Is there another message of m's table and channel?  While a final one
 * is still being sent, the one after it may begin; the id the platform
 * keeps is the newer one's.
 */
static int
coalesce_sibling(const struct coalesce_msg *m)
{
	const struct coalesce_msg	*o;

	LIST_FOREACH(o, &m->set->msgs, entry)
		if (o != m && o->table == m->table &&
		    strcmp(o->channel, m->channel) == 0)
			return 1;
	return 0;
}

/* Tells the platform to keep m's id, or (none) to forget it. */
static void
coalesce_keep(struct coalesce_msg *m)
{
	struct coalesce	*set = m->set;

	if (m->final && coalesce_sibling(m))
		return;		/* the newer message's id is the one kept */
	if (set->ops->keep != NULL)
		set->ops->keep(m->channel, m->table, m->id[0] != '\0' ? m->id :
		    NULL, set->arg);
}

/* The final body is over: the message is forgotten, here and for good. */
static void
coalesce_finish(struct coalesce_msg *m)
{
	m->id[0] = '\0';
	coalesce_keep(m);
	coalesce_drop(m);
}

void
coalesce_free(struct coalesce *set)
{
	struct coalesce_msg	*m, *next;

	if (set == NULL)
		return;
	for (m = LIST_FIRST(&set->msgs); m != NULL; m = next) {
		next = LIST_NEXT(m, entry);
		coalesce_drop(m);
	}
	free(set);
}

static struct coalesce_msg *
coalesce_find(struct coalesce *set, const char *channel, uint64_t table)
{
	struct coalesce_msg	*m;

	struct coalesce_msg	*was = NULL;

	/* A final message is over: a new update is a new message. */
	LIST_FOREACH(m, &set->msgs, entry)
		if (m->table == table && strcmp(m->channel, channel) == 0) {
			if (!m->final)
				return m;
			was = m;
		}
	m = xcalloc(1, sizeof *m);
	m->set = set;
	m->table = table;
	snprintf(m->channel, sizeof m->channel, "%s", channel);
	/* The kept id is the final one's while it is being sent. */
	if (was == NULL && set->ops->recall != NULL && set->ops->recall(channel,
	    table, m->id, sizeof m->id, set->arg) != 1)
		m->id[0] = '\0';
	LIST_INSERT_HEAD(&set->msgs, m, entry);
	return m;
}

/* Sends the wanted body, if any and nothing is in flight. */
static void
coalesce_flush(struct coalesce_msg *m)
{
	struct coalesce	*set = m->set;
	int		 post;

	if (m->busy)
		return;
	if (m->want == NULL) {
		if (m->final)
			coalesce_finish(m);
		return;
	}
	post = m->id[0] == '\0' || m->repost;
	if (post && m->edit_only) {
		/* Nothing to edit: the body is dropped. */
		free(m->want);
		m->want = NULL;
		if (m->final)
			coalesce_finish(m);
		return;
	}
	free(m->sent);
	m->sent = m->want;
	m->want = NULL;
	m->repost = 0;
	m->busy = 1;
	if (set->ops->send(m, m->channel, post ? NULL : m->id, m->sent,
	    set->arg) == 0)
		return;
	/* Keep it wanted; the next update tries again. */
	m->busy = 0;
	m->want = m->sent;
	m->sent = NULL;
	if (m->final)
		coalesce_finish(m);
}

int
coalesce_show(struct coalesce *set, const char *channel, uint64_t table,
    char *body, int flags)
{
	struct coalesce_msg	*m = coalesce_find(set, channel, table);
	int			 replaced = m->want != NULL && body != NULL;

	if (body != NULL) {
		free(m->want);
		m->want = body;
	}
	if (flags & COALESCE_EDIT_ONLY)
		m->edit_only = 1;
	if (flags & COALESCE_REPOST)
		m->repost = 1;
	if (flags & COALESCE_FINAL)
		m->final = 1;
	coalesce_flush(m);
	return replaced;
}

const char *
coalesce_channel(const struct coalesce_msg *m)
{
	return m->channel;
}

void
coalesce_done(struct coalesce_msg *m, const char *id, int gone)
{
	struct coalesce	*set = m->set;

	m->busy = 0;
	if (id != NULL && strcmp(id, m->id) != 0) {
		/* A new message: the old one (a repost) goes. */
		if (m->id[0] != '\0')
			set->ops->remove(m->channel, m->id, set->arg);
		snprintf(m->id, sizeof m->id, "%s", id);
		coalesce_keep(m);
	} else if (id == NULL && gone) {
		/* Someone deleted it: post the newest state anew. */
		m->id[0] = '\0';
		coalesce_keep(m);
		if (m->want == NULL) {
			m->want = m->sent;
			m->sent = NULL;
		}
	}
	coalesce_flush(m);
}

int
coalesce_show_in(struct coalesce **setp, const struct coalesce_ops *ops,
    void *arg, const char *channel, uint64_t table, char *body, int repost,
    int final)
{
	if (*setp == NULL)
		*setp = coalesce_new(ops, arg);
	return coalesce_show(*setp, channel, table, body,
	    (repost ? COALESCE_REPOST : 0) | (final ? COALESCE_FINAL : 0));
}
