/*
 * Unit tests for lib/coalesce.c, a table's one message edited in place:
 * the first update posts, one request is in flight at a time and the
 * newest body waits, an edit names the message, a repost posts anew and
 * deletes the old one, a message gone is posted anew with the newest
 * body, a final update is sent and forgotten, a send that could not
 * go keeps its body for the next update, and ids kept by the platform
 * make a new set (a restarted bot) edit the same message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/coalesce.h"
#include "lib/xmalloc.h"

#define SENT_MAX	16

/* What the fake platform was asked to do. */
struct platform {
	int			 nsent;
	struct coalesce_msg	*msg[SENT_MAX];
	char			 id[SENT_MAX][COALESCE_ID_MAX];	/* "": a post */
	char			 body[SENT_MAX][64];
	int			 nremoved;
	char			 removed[SENT_MAX][COALESCE_ID_MAX];
	int			 refuse;	/* the next send cannot go */
	/* The platform's durable ids (recall/keep): one message, table 7. */
	char			 kept[COALESCE_ID_MAX];	/* "": none */
	int			 nkept;			/* keep calls */
};

static int
fake_send(struct coalesce_msg *m, const char *channel, const char *id,
    const char *body, void *arg)
{
	struct platform	*p = arg;

	assert_string_equal(channel, "C1");
	if (p->refuse) {
		p->refuse = 0;
		return -1;
	}
	assert_true(p->nsent < SENT_MAX);
	p->msg[p->nsent] = m;
	snprintf(p->id[p->nsent], COALESCE_ID_MAX, "%s", id != NULL ? id : "");
	snprintf(p->body[p->nsent], 64, "%s", body);
	p->nsent++;
	return 0;
}

static void
fake_remove(const char *channel, const char *id, void *arg)
{
	struct platform	*p = arg;

	assert_string_equal(channel, "C1");
	snprintf(p->removed[p->nremoved++], COALESCE_ID_MAX, "%s", id);
}

static const struct coalesce_ops fake_ops = {
	.send = fake_send,
	.remove = fake_remove,
};

static int
fake_recall(const char *channel, uint64_t table, char *buf, size_t len,
    void *arg)
{
	struct platform	*p = arg;

	assert_string_equal(channel, "C1");
	if (table != 7 || p->kept[0] == '\0')
		return 0;
	snprintf(buf, len, "%s", p->kept);
	return 1;
}

static void
fake_keep(const char *channel, uint64_t table, const char *id, void *arg)
{
	struct platform	*p = arg;

	assert_string_equal(channel, "C1");
	assert_int_equal(table, 7);
	snprintf(p->kept, sizeof p->kept, "%s", id != NULL ? id : "");
	p->nkept++;
}

static const struct coalesce_ops durable_ops = {
	.send = fake_send,
	.remove = fake_remove,
	.recall = fake_recall,
	.keep = fake_keep,
};

static void
test_edits_coalesce(void **state)
{
	struct platform	 p;
	struct coalesce	*set;

	(void)state;
	memset(&p, 0, sizeof p);
	set = coalesce_new(&fake_ops, &p);
	assert_int_equal(coalesce_show(set, "C1", 7, xstrdup("a"), 0), 0);
	assert_int_equal(p.nsent, 1);
	assert_string_equal(p.id[0], "");		/* a post */
	assert_string_equal(p.body[0], "a");
	/* In flight: b waits, then c replaces it. */
	assert_int_equal(coalesce_show(set, "C1", 7, xstrdup("b"), 0), 0);
	assert_int_equal(coalesce_show(set, "C1", 7, xstrdup("c"), 0), 1);
	assert_int_equal(p.nsent, 1);
	coalesce_done(p.msg[0], "M1", 0);
	assert_int_equal(p.nsent, 2);
	assert_string_equal(p.id[1], "M1");		/* an edit of M1 */
	assert_string_equal(p.body[1], "c");
	coalesce_done(p.msg[1], "M1", 0);
	assert_int_equal(p.nsent, 2);
	assert_int_equal(p.nremoved, 0);
	/* Another table in the same channel is its own message. */
	coalesce_show(set, "C1", 8, xstrdup("x"), 0);
	assert_int_equal(p.nsent, 3);
	assert_string_equal(p.id[2], "");
	coalesce_free(set);
}

static void
test_repost_and_gone(void **state)
{
	struct platform	 p;
	struct coalesce	*set;

	(void)state;
	memset(&p, 0, sizeof p);
	set = coalesce_new(&fake_ops, &p);
	coalesce_show(set, "C1", 1, xstrdup("a"), 0);
	coalesce_done(p.msg[0], "M1", 0);
	/* A repost posts, then deletes the old message. */
	coalesce_show(set, "C1", 1, xstrdup("b"), COALESCE_REPOST);
	assert_string_equal(p.id[1], "");
	coalesce_done(p.msg[1], "M2", 0);
	assert_int_equal(p.nremoved, 1);
	assert_string_equal(p.removed[0], "M1");
	/* An edit finds the message gone: the newest body is posted anew. */
	coalesce_show(set, "C1", 1, xstrdup("c"), 0);
	assert_string_equal(p.id[2], "M2");
	coalesce_show(set, "C1", 1, xstrdup("d"), 0);
	coalesce_done(p.msg[2], NULL, 1);
	assert_int_equal(p.nsent, 4);
	assert_string_equal(p.id[3], "");
	assert_string_equal(p.body[3], "d");
	coalesce_done(p.msg[3], "M3", 0);
	assert_int_equal(p.nremoved, 1);	/* M2 was gone already */
	/* Gone with nothing newer: what was sent is posted again. */
	coalesce_show(set, "C1", 1, xstrdup("e"), 0);
	coalesce_done(p.msg[4], NULL, 1);
	assert_string_equal(p.id[5], "");
	assert_string_equal(p.body[5], "e");
	/* A failure that is not "gone" waits for the next update. */
	coalesce_done(p.msg[5], NULL, 0);
	assert_int_equal(p.nsent, 6);
	coalesce_free(set);
}

static void
test_final_and_refused(void **state)
{
	struct platform	 p;
	struct coalesce	*set;

	(void)state;
	memset(&p, 0, sizeof p);
	set = coalesce_new(&fake_ops, &p);
	/* A send that cannot go keeps its body for the next update. */
	p.refuse = 1;
	coalesce_show(set, "C1", 3, xstrdup("a"), 0);
	assert_int_equal(p.nsent, 0);
	assert_int_equal(coalesce_show(set, "C1", 3, xstrdup("b"), 0), 1);
	assert_int_equal(p.nsent, 1);
	assert_string_equal(p.body[0], "b");
	coalesce_done(p.msg[0], "M1", 0);
	/* A final update is sent; then the message is forgotten. */
	coalesce_show(set, "C1", 3, xstrdup("end"), COALESCE_FINAL);
	assert_string_equal(p.id[1], "M1");
	coalesce_done(p.msg[1], "M1", 0);
	coalesce_show(set, "C1", 3, xstrdup("again"), 0);
	assert_string_equal(p.id[2], "");	/* a new message */
	coalesce_free(set);
}

static void
test_kept_across_sets(void **state)
{
	struct platform	 p;
	struct coalesce	*set;

	(void)state;
	memset(&p, 0, sizeof p);
	set = coalesce_new(&durable_ops, &p);
	coalesce_show(set, "C1", 7, xstrdup("a"), 0);
	coalesce_done(p.msg[0], "M1", 0);
	assert_string_equal(p.kept, "M1");
	coalesce_show(set, "C1", 7, xstrdup("b"), 0);
	coalesce_done(p.msg[1], "M1", 0);
	assert_int_equal(p.nkept, 1);		/* an edit keeps the same id */
	coalesce_free(set);			/* the bot stops */
	assert_string_equal(p.kept, "M1");

	/* A restarted bot edits M1, and a repost deletes it. */
	set = coalesce_new(&durable_ops, &p);
	coalesce_show(set, "C1", 7, xstrdup("c"), 0);
	assert_string_equal(p.id[2], "M1");
	coalesce_done(p.msg[2], "M1", 0);
	coalesce_show(set, "C1", 7, xstrdup("d"), COALESCE_REPOST);
	assert_string_equal(p.id[3], "");
	coalesce_done(p.msg[3], "M2", 0);
	assert_int_equal(p.nremoved, 1);
	assert_string_equal(p.removed[0], "M1");
	assert_string_equal(p.kept, "M2");
	/* Gone: forgotten until posted anew. */
	coalesce_show(set, "C1", 7, xstrdup("e"), 0);
	coalesce_done(p.msg[4], NULL, 1);
	assert_string_equal(p.kept, "");
	coalesce_done(p.msg[5], "M3", 0);
	assert_string_equal(p.kept, "M3");
	/* The final edit goes to M3, then the id is forgotten for good. */
	coalesce_show(set, "C1", 7, xstrdup("f"), COALESCE_FINAL);
	assert_string_equal(p.id[6], "M3");
	coalesce_done(p.msg[6], "M3", 0);
	assert_string_equal(p.kept, "");
	coalesce_free(set);
}

/*
 * A DM prompt: cleared by an edit-only final update, which a message
 * never posted drops; the next prompt of the same table is a new message
 * even while the old one's last edit is in flight, and its id is the one
 * kept.  A final update without a body forgets a message as it is.
 */
static void
test_prompts(void **state)
{
	struct platform	 p;
	struct coalesce	*set;

	(void)state;
	memset(&p, 0, sizeof p);
	set = coalesce_new(&durable_ops, &p);
	/* Nothing posted: clearing it sends nothing. */
	coalesce_show(set, "C1", 7, xstrdup("done"), COALESCE_FINAL |
	    COALESCE_EDIT_ONLY);
	assert_int_equal(p.nsent, 0);
	coalesce_show(set, "C1", 7, xstrdup("ask 1"), 0);
	assert_string_equal(p.id[0], "");
	coalesce_done(p.msg[0], "P1", 0);
	assert_string_equal(p.kept, "P1");
	/* Cleared, and the next prompt asked, before the edit is back. */
	coalesce_show(set, "C1", 7, xstrdup("done 1"), COALESCE_FINAL |
	    COALESCE_EDIT_ONLY);
	assert_string_equal(p.id[1], "P1");
	coalesce_show(set, "C1", 7, xstrdup("ask 2"), 0);
	assert_int_equal(p.nsent, 3);
	assert_string_equal(p.id[2], "");		/* a new message */
	assert_string_equal(p.body[2], "ask 2");
	coalesce_done(p.msg[2], "P2", 0);
	coalesce_done(p.msg[1], "P1", 0);
	assert_string_equal(p.kept, "P2");
	assert_int_equal(p.nremoved, 0);		/* P1 stays, cleared */
	coalesce_free(set);

	/* After a restart: the kept P2 is cleared, a new prompt posted. */
	set = coalesce_new(&durable_ops, &p);
	coalesce_show(set, "C1", 7, xstrdup("moved on"), COALESCE_FINAL |
	    COALESCE_EDIT_ONLY);
	assert_string_equal(p.id[3], "P2");
	coalesce_show(set, "C1", 7, xstrdup("ask 3"), 0);
	assert_string_equal(p.id[4], "");
	coalesce_done(p.msg[3], "P2", 0);
	assert_string_equal(p.kept, "P2");		/* not forgotten yet */
	coalesce_done(p.msg[4], "P3", 0);
	assert_string_equal(p.kept, "P3");
	/* Forgotten as it is: no request. */
	coalesce_show(set, "C1", 7, NULL, COALESCE_FINAL);
	assert_int_equal(p.nsent, 5);
	assert_string_equal(p.kept, "");
	coalesce_free(set);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edits_coalesce),
		cmocka_unit_test(test_repost_and_gone),
		cmocka_unit_test(test_final_and_refused),
		cmocka_unit_test(test_kept_across_sets),
		cmocka_unit_test(test_prompts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
