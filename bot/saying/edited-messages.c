/*
 * The messages an adapter edits in place (see edited-messages.h).  Each
 * set gets its struct edited_set as lib/coalesce's arg: its kind says
 * which ids the store keeps for it (message-ids.h), and its platform ops
 * get the adapter's priv.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "bot/daemon/log.h"
#include "bot/saying/edited-messages.h"
#include "bot/saying/message-ids.h"
#include "lib/coalesce.h"
#include "lib/xmalloc.h"

/* What an older prompt says once a newer one replaces it. */
#define EDITED_MOVED	"The game moved on; your move is in the newest message."

/* One dm_table call waiting for the DM channel; every field its own. */
struct edited_call {
	struct edited		*ed;
	uint64_t		 table;
	enum adapter_dm		 what;
	char			*body;	/* NULL: none */
};

static int
edited_send(struct coalesce_msg *m, const char *channel, const char *id,
    const char *body, void *arg)
{
	struct edited_set	*s = arg;

	return s->send(m, channel, id, body, s->ed->adapter->priv);
}

/* A board a repost replaced; a prompt or a view is never deleted. */
static void
edited_remove(const char *channel, const char *id, void *arg)
{
	struct edited_set	*s = arg;

	if (s->remove != NULL)
		s->remove(channel, id, s->ed->adapter->priv);
}

static int
edited_recall(const char *channel, uint64_t table, char *buf, size_t len,
    void *arg)
{
	struct edited_set	*s = arg;
	struct adapter		*a = s->ed->adapter;

	if (s->kind == NULL)
		return msgref_board_get(a, channel, table, buf, len);
	return msgref_dm_get(a, channel, table, s->kind, buf, len);
}

static void
edited_keep(const char *channel, uint64_t table, const char *id, void *arg)
{
	struct edited_set	*s = arg;
	struct adapter		*a = s->ed->adapter;

	if (s->kind == NULL)
		msgref_board_set(a, channel, table, id);
	else
		msgref_dm_set(a, channel, table, s->kind, id);
}

static const struct coalesce_ops edited_ops = {
	.send = edited_send,
	.remove = edited_remove,
	.recall = edited_recall,
	.keep = edited_keep,
};

void
edited_init(struct edited *ed, struct adapter *a, edited_send_fn *send,
    edited_remove_fn *remove)
{
	struct edited_set	*s[] = { &ed->boards, &ed->views, &ed->prompts };
	size_t			 i;

	for (i = 0; i < sizeof s / sizeof s[0]; i++) {
		s[i]->ed = ed;
		s[i]->set = NULL;
	}
	ed->adapter = a;
	ed->boards.kind = NULL;
	ed->boards.send = send;
	ed->boards.remove = remove;
	edited_init_dm(ed, NULL, NULL, NULL);
}

void
edited_init_dm(struct edited *ed, edited_send_fn *send, edited_body_fn *body,
    edited_with_channel_fn *with_channel)
{
	ed->body = body;
	ed->with_channel = with_channel;
	ed->views.kind = "view";
	ed->prompts.kind = "prompt";
	ed->views.send = ed->prompts.send = send;
	ed->views.remove = ed->prompts.remove = NULL;
}

void
edited_board(struct edited *ed, const char *channel, uint64_t table,
    char *body, enum adapter_board how)
{
	if (coalesce_show_in(&ed->boards.set, &edited_ops, &ed->boards,
	    channel, table, body, how == ADAPTER_BOARD_REPOST,
	    how == ADAPTER_BOARD_FINAL))
		log_debug("%s: table %" PRIu64 ": an edit was waiting; the "
		    "newer table replaces it", ed->adapter->ops->name, table);
}

/*
 * Shows body (taken over) as what says in channel; moved (taken over) is
 * the body that clears a prompt a newer one replaces (ADAPTER_DM_ASK).
 */
static void
edited_dm_put(struct edited *ed, const char *channel, uint64_t table,
    enum adapter_dm what, char *body, char *moved)
{
	struct coalesce	*views = ed->views.set, *prompts = ed->prompts.set;
	const int	 over = COALESCE_FINAL | COALESCE_EDIT_ONLY;

	switch (what) {
	case ADAPTER_DM_VIEW:
		coalesce_show(views, channel, table, body, 0);
		break;
	case ADAPTER_DM_ASK:
		/* One live prompt: an older one says it was replaced. */
		coalesce_show(prompts, channel, table, moved, over);
		moved = NULL;
		coalesce_show(prompts, channel, table, body, 0);
		break;
	case ADAPTER_DM_ASK_AGAIN:
		coalesce_show(prompts, channel, table, body, 0);
		break;
	case ADAPTER_DM_DONE:
		coalesce_show(prompts, channel, table, body, over);
		break;
	case ADAPTER_DM_END:
		coalesce_show(prompts, channel, table, body, over);
		coalesce_show(views, channel, table, NULL, COALESCE_FINAL);
		break;
	default:
		free(body);
		break;
	}
	free(moved);
}

void
edited_dm_opened(const char *channel, void *call)
{
	struct edited_call	*c = call;
	struct edited		*ed = c->ed;

	/* NULL: the adapter may be gone; ed is not read. */
	if (channel == NULL || ed->views.set == NULL)
		free(c->body);
	else
		edited_dm_put(ed, channel, c->table, c->what, c->body,
		    c->what != ADAPTER_DM_ASK ? NULL :
		    ed->body(EDITED_MOVED, NULL));
	free(c);
}

int
edited_dm(struct edited *ed, const char *user, uint64_t table,
    enum adapter_dm what, const char *text, const struct adapter_buttons *bs,
    char **cause)
{
	struct edited_call	*c;

	if (ed->views.set == NULL) {
		ed->views.set = coalesce_new(&edited_ops, &ed->views);
		ed->prompts.set = coalesce_new(&edited_ops, &ed->prompts);
	}
	c = xcalloc(1, sizeof *c);
	c->ed = ed;
	c->table = table;
	c->what = what;
	c->body = ed->body(text, what == ADAPTER_DM_ASK ||
	    what == ADAPTER_DM_ASK_AGAIN ? bs : NULL);
	if (ed->with_channel(ed->adapter, user, c, cause) != 0) {
		free(c->body);
		free(c);
		return -1;
	}
	return 0;
}

void
edited_free_boards(struct edited *ed)
{
	coalesce_free(ed->boards.set);
	ed->boards.set = NULL;
}

void
edited_free_dm(struct edited *ed)
{
	coalesce_free(ed->views.set);
	coalesce_free(ed->prompts.set);
	ed->views.set = ed->prompts.set = NULL;
}
