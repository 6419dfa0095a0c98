/*
 * Unit tests for the IRC adapter's send scheduling: the queue per
 * destination (adapters/irc/outq.c) serves destinations round-robin,
 * sends answers (a reply, a "your move") first and in the order they
 * came, never reorders the lines of one destination, and stays within its
 * caps by dropping the oldest table talk (counted), never an answer or a
 * private line, while a newer view of a table replaces an older one not
 * sent; the token bucket (adapters/irc/bucket.c) gives a burst,
 * then one token a rate, keeps a reserve when asked and pays back debt.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adapters/irc/irc-int.h"
#include "lib/xmalloc.h"

/* Queues one message (a view when view is not 0) of n lines "PRIVMSG
 * dest :tag.i" for dest. */
static int
push_view(struct irc_outq *q, const char *dest, const char *tag, int n,
    enum outq_kind kind, uint64_t view)
{
	struct outq_info	 info = { .kind = kind, .view = view,
				    .made = 100 + (uint64_t)n * view };
	char			*lines[64], *cause = NULL;
	int			 i, rc;

	assert_true(n <= 64);
	for (i = 0; i < n; i++)
		lines[i] = xasprintf("PRIVMSG %s :%s.%d", dest, tag, i);
	rc = outq_push(q, dest, lines, n, &info, &cause);
	for (i = 0; i < n; i++)
		free(lines[i]);
	if (rc != 0) {
		assert_non_null(cause);
		free(cause);
	}
	return rc;
}

static int
push(struct irc_outq *q, const char *dest, const char *tag, int n,
    enum outq_kind kind)
{
	return push_view(q, dest, tag, n, kind, 0);
}

/* The next line to send (caller frees), or NULL. */
static char *
take(struct irc_outq *q)
{
	struct outq_info	info;

	return outq_take(q, &info);
}

/* Takes the next line, checks it is want; what its message is. */
static struct outq_info
expect(struct irc_outq *q, const char *want)
{
	struct outq_info	 info;
	char			*line = outq_take(q, &info);

	assert_non_null(line);
	assert_string_equal(line, want);
	free(line);
	return info;
}

/* The destination of a line "PRIVMSG dest :..." into buf. */
static void
dest_of(const char *line, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s", (int)strcspn(line + 8, " "), line + 8);
}

static void
test_round_robin(void **state)
{
	struct irc_outq	*q = outq_new(100);
	char		*line, d[64];
	int		 i, n[3] = { 0, 0, 0 };

	(void)state;
	/* A busy table with much to say, and two with little. */
	push(q, "#busy", "m", 10, OUTQ_TALK);
	push(q, "#a", "a", 2, OUTQ_TALK);
	push(q, "#b", "b", 2, OUTQ_TALK);
	expect(q, "PRIVMSG #busy :m.0");
	expect(q, "PRIVMSG #a :a.0");
	expect(q, "PRIVMSG #b :b.0");
	expect(q, "PRIVMSG #busy :m.1");
	expect(q, "PRIVMSG #a :a.1");
	expect(q, "PRIVMSG #b :b.1");
	/* #a speaks again: it waits one turn of #busy, no more. */
	push(q, "#a", "a2", 1, OUTQ_TALK);
	expect(q, "PRIVMSG #busy :m.2");
	expect(q, "PRIVMSG #a :a2.0");
	for (i = 3; i < 10; i++) {
		line = take(q);
		assert_non_null(line);
		dest_of(line, d, sizeof d);
		assert_string_equal(d, "#busy");
		free(line);
	}
	assert_null(take(q));
	assert_int_equal(outq_lines(q), 0);
	/* Many destinations: every one is served once a round. */
	for (i = 0; i < 6; i++)
		push(q, i % 3 == 0 ? "#x" : i % 3 == 1 ? "#y" : "#z", "r", 2,
		    OUTQ_TALK);
	for (i = 0; i < 9; i++) {
		line = take(q);
		dest_of(line, d, sizeof d);
		n[strcmp(d, "#x") == 0 ? 0 : strcmp(d, "#y") == 0 ? 1 : 2]++;
		free(line);
		if (i % 3 == 2)
			assert_true(n[0] == n[1] && n[1] == n[2]);
	}
	outq_forget(q, "#x");
	outq_forget(q, "#y");
	outq_forget(q, "#z");
	/* Players' views take turns too, and go before table talk. */
	push(q, "#t", "t", 2, OUTQ_TALK);
	push(q, "bob", "b", 3, OUTQ_PRIVATE);
	push(q, "amy", "a", 2, OUTQ_PRIVATE);
	assert_int_equal(outq_next(q), OUTQ_PRIVATE_LINE);
	expect(q, "PRIVMSG bob :b.0");
	expect(q, "PRIVMSG amy :a.0");
	expect(q, "PRIVMSG bob :b.1");
	expect(q, "PRIVMSG amy :a.1");
	expect(q, "PRIVMSG bob :b.2");
	assert_int_equal(outq_next(q), OUTQ_TALK_LINE);
	expect(q, "PRIVMSG #t :t.0");
	outq_free(q);
}

static void
test_answers_first(void **state)
{
	struct irc_outq		*q = outq_new(100);
	struct outq_info	 info;

	(void)state;
	push(q, "#busy", "m", 8, OUTQ_TALK);
	push(q, "#other", "o", 8, OUTQ_TALK);
	info = expect(q, "PRIVMSG #busy :m.0");
	assert_int_equal(info.kind, OUTQ_TALK);
	push(q, "carol", "c", 2, OUTQ_PRIVATE);
	/* A reply in a quiet channel, then a "your move" to a nick. */
	push(q, "#quiet", "reply", 2, OUTQ_ANSWER);
	push(q, "alice", "move", 2, OUTQ_ANSWER);
	assert_int_equal(outq_next(q), OUTQ_NEW_ANSWER);
	/* Both start before any talk, in the order they came. */
	info = expect(q, "PRIVMSG #quiet :reply.0");
	assert_int_equal(info.kind, OUTQ_ANSWER);
	assert_true(info.first);
	expect(q, "PRIVMSG alice :move.0");
	assert_int_equal(outq_next(q), OUTQ_ANSWERING);
	/* A third answer starts before the rest of the first two. */
	push(q, "#late", "late", 1, OUTQ_ANSWER);
	assert_int_equal(outq_next(q), OUTQ_NEW_ANSWER);
	expect(q, "PRIVMSG #late :late.0");
	info = expect(q, "PRIVMSG #quiet :reply.1");
	assert_int_equal(info.kind, OUTQ_ANSWER);
	assert_false(info.first);
	expect(q, "PRIVMSG alice :move.1");
	/* Then a private view, then talk, round-robin again. */
	assert_int_equal(outq_next(q), OUTQ_PRIVATE_LINE);
	expect(q, "PRIVMSG carol :c.0");
	expect(q, "PRIVMSG carol :c.1");
	assert_int_equal(outq_next(q), OUTQ_TALK_LINE);
	expect(q, "PRIVMSG #other :o.0");
	expect(q, "PRIVMSG #busy :m.1");
	expect(q, "PRIVMSG #other :o.1");
	/* Nothing was dropped: the answers went to queues without talk. */
	assert_int_equal(outq_dropped(q), 0);
	outq_free(q);
}

static void
test_no_reorder(void **state)
{
	struct irc_outq	*q = outq_new(100);

	(void)state;
	/*
	 * bob has a private line waiting when his "your move" comes: the
	 * private line goes first, though the answer promotes his queue.
	 */
	push(q, "#t", "talk", 4, OUTQ_TALK);
	push(q, "bob", "hand", 2, OUTQ_PRIVATE);
	push(q, "bob", "move", 2, OUTQ_ANSWER);
	assert_int_equal(outq_next(q), OUTQ_ANSWERING);
	expect(q, "PRIVMSG bob :hand.0");
	expect(q, "PRIVMSG bob :hand.1");
	expect(q, "PRIVMSG bob :move.0");
	expect(q, "PRIVMSG bob :move.1");
	expect(q, "PRIVMSG #t :talk.0");
	/* Names are one queue whatever their case. */
	push(q, "Bob", "x", 1, OUTQ_PRIVATE);
	push(q, "BOB", "y", 1, OUTQ_ANSWER);
	expect(q, "PRIVMSG Bob :x.0");
	expect(q, "PRIVMSG BOB :y.0");
	outq_free(q);
}

/* Takes a line and checks it comes after the last one of its destination. */
static int
take_in_order(struct irc_outq *q, const char *const *dests, int *last,
    int *taken)
{
	char	*line, d[64];
	int	 i, no;

	if ((line = take(q)) == NULL)
		return 0;
	dest_of(line, d, sizeof d);
	for (i = 0; strcmp(dests[i], d) != 0; i++)
		;
	no = atoi(strchr(line + 8, ':') + 1);
	assert_true(no > last[i]);
	last[i] = no;
	taken[i]++;
	free(line);
	return 1;
}

/*
 * Random messages to random destinations, taken in random amounts: each
 * destination's lines come out in the order they went in (every line is
 * numbered in its destination), all answers and private lines, perhaps
 * less talk; the queue never holds more than its cap.
 */
static void
test_order_property(void **state)
{
	static const char *const dests[] = { "#a", "#b", "#c", "bob", "amy" };
	struct irc_outq	*q = outq_new(60);
	struct outq_info info = { .kind = OUTQ_TALK };
	enum outq_kind	 kind;
	char		*lines[4], *cause;
	int		 last[5], pushed[5], taken[5], kept[5], accepted[5];
	int		 round, i, k, n, j, sum = 0;
	unsigned	 seed = 12345, r;

	(void)state;
	for (i = 0; i < 5; i++)
		last[i] = pushed[i] = taken[i] = kept[i] = accepted[i] = 0;
	for (round = 0; round < 5000; round++) {
		seed = seed * 1103515245 + 12345;
		r = seed >> 8;
		k = (int)(r % 5);
		n = 1 + (int)(r / 5 % 4);
		if (k >= 3)
			kind = r / 20 % 2 ? OUTQ_ANSWER : OUTQ_PRIVATE;
		else
			kind = r / 20 % 5 == 0 ? OUTQ_ANSWER : OUTQ_TALK;
		for (j = 0; j < n; j++)
			lines[j] = xasprintf("PRIVMSG %s :%d", dests[k],
			    ++pushed[k]);
		cause = NULL;
		info.kind = kind;
		if (outq_push(q, dests[k], lines, n, &info, &cause) != 0) {
			/* Full of what cannot be dropped: refused whole. */
			assert_non_null(cause);
			free(cause);
		} else {
			accepted[k] += n;
			if (kind != OUTQ_TALK)
				kept[k] += n;
		}
		for (j = 0; j < n; j++)
			free(lines[j]);
		assert_true(outq_lines(q) <= 60);
		for (j = (int)(r / 100 % 6); j > 0; j--)
			take_in_order(q, dests, last, taken);
	}
	while (take_in_order(q, dests, last, taken))
		;
	/* Nicks get only private lines and answers: none lost. */
	assert_int_equal(taken[3], accepted[3]);
	assert_int_equal(taken[4], accepted[4]);
	/* Channels may lose talk, never an answer; the count says how much. */
	for (i = 0; i < 5; i++) {
		assert_true(taken[i] >= kept[i]);
		sum += accepted[i] - taken[i];
	}
	assert_true(outq_dropped(q) > 0);
	assert_int_equal(outq_dropped(q), (uint64_t)sum);
	assert_int_equal(outq_lines(q), 0);
	outq_free(q);
}

static void
test_answer_drops_older_talk_ahead(void **state)
{
	struct irc_outq	*q = outq_new(100);

	(void)state;
	push(q, "#t", "old", 3, OUTQ_TALK);
	push(q, "#u", "u", 2, OUTQ_TALK);
	expect(q, "PRIVMSG #t :old.0");		/* a message begun */
	push(q, "#t", "older", 2, OUTQ_TALK);
	/* The reply cannot pass the talk ahead of it: the older talk goes. */
	push(q, "#t", "reply", 2, OUTQ_ANSWER);
	assert_int_equal(outq_dropped(q), 4);
	expect(q, "PRIVMSG #t :reply.0");
	/* Talk made after the reply stays behind it. */
	push(q, "#t", "new", 1, OUTQ_TALK);
	expect(q, "PRIVMSG #t :reply.1");
	expect(q, "PRIVMSG #u :u.0");
	expect(q, "PRIVMSG #t :new.0");
	expect(q, "PRIVMSG #u :u.1");
	assert_null(take(q));
	/*
	 * The last line ahead (the move a reply follows) stays, and goes
	 * first, before other channels' talk: #t holds an answer.
	 */
	push(q, "#u", "u", 2, OUTQ_TALK);
	push(q, "#t", "last", IRC_OUTQ_AHEAD, OUTQ_TALK);
	push(q, "#t", "reply", 1, OUTQ_ANSWER);
	assert_int_equal(outq_dropped(q), 4);
	expect(q, "PRIVMSG #t :last.0");
	expect(q, "PRIVMSG #t :reply.0");
	expect(q, "PRIVMSG #u :u.0");
	expect(q, "PRIVMSG #u :u.1");
	assert_null(take(q));
	/* Other channels' talk and private lines are not touched. */
	push(q, "bob", "p", 2, OUTQ_PRIVATE);
	push(q, "bob", "move", 1, OUTQ_ANSWER);
	assert_int_equal(outq_dropped(q), 4);
	assert_int_equal(outq_lines(q), 3);
	outq_free(q);
}

static void
test_caps(void **state)
{
	struct irc_outq	*q = outq_new(40);
	char		 want[IRC_TARGET_MAX + 2];
	int		 i;

	(void)state;
	/* A channel far behind keeps only its newest talk. */
	for (i = 0; i < 100; i++) {
		snprintf(want, sizeof want, "t%d", i);
		push(q, "#busy", want, 1, OUTQ_TALK);
	}
	assert_int_equal(outq_lines(q), IRC_OUTQ_TALK);
	assert_int_equal(outq_dropped(q), 100 - IRC_OUTQ_TALK);
	snprintf(want, sizeof want, "PRIVMSG #busy :t%d.0", 100 - IRC_OUTQ_TALK);
	expect(q, want);
	/* A message longer than the cap stays whole, the older talk goes. */
	push(q, "#busy", "big", IRC_OUTQ_TALK + 2, OUTQ_TALK);
	assert_int_equal(outq_lines(q), IRC_OUTQ_TALK + 2);
	expect(q, "PRIVMSG #busy :big.0");
	outq_forget(q, "#busy");
	assert_int_equal(outq_lines(q), 0);

	/* The whole queue full: the oldest talk anywhere makes room. */
	push(q, "#a", "a", 10, OUTQ_TALK);
	push(q, "#b", "b", 10, OUTQ_TALK);
	push(q, "bob", "p", 15, OUTQ_PRIVATE);
	i = (int)outq_dropped(q);
	push(q, "amy", "p", 10, OUTQ_PRIVATE);
	assert_int_equal(outq_dropped(q), (uint64_t)i + 10);
	assert_int_equal(outq_forget(q, "#a"), 0);	/* #a's talk is gone */
	assert_int_equal(outq_lines(q), 35);
	/* Nothing left to drop but private lines: a new message is refused. */
	push(q, "#b", "b", 9, OUTQ_ANSWER);	/* drops #b's talk ahead */
	assert_int_equal(outq_lines(q), 34);
	assert_int_equal(push(q, "amy", "no", 7, OUTQ_ANSWER), -1);
	assert_int_equal(push(q, "#c", "no", 7, OUTQ_TALK), -1);
	assert_int_equal(outq_lines(q), 34);
	assert_int_equal(push(q, "#c", "fits", 6, OUTQ_TALK), 0);
	assert_int_equal(outq_lines(q), 40);
	/* A message bigger than the queue, and a name too long. */
	assert_int_equal(push(q, "#d", "x", 41, OUTQ_ANSWER), -1);
	memset(want, 'n', sizeof want - 1);
	want[sizeof want - 1] = '\0';
	assert_true(strlen(want) > IRC_TARGET_MAX);
	assert_int_equal(push(q, want, "x", 1, OUTQ_PRIVATE), -1);
	assert_int_equal(outq_forget(q, want), 0);
	assert_int_equal(outq_lines(q), 40);
	outq_free(q);
}

/*
 * A newer view of a table replaces the older one to the same player not
 * sent yet (the rest of one begun too); other tables' views, other
 * players' and other messages stay, and the count says what went.
 */
static void
test_view_replaced(void **state)
{
	struct irc_outq		*q = outq_new(100);
	struct outq_info	 info;

	(void)state;
	push_view(q, "bob", "begins", 4, OUTQ_PRIVATE, 7);
	expect(q, "PRIVMSG bob :begins.0");
	push(q, "bob", "reply", 1, OUTQ_PRIVATE);
	push_view(q, "bob", "other", 2, OUTQ_PRIVATE, 8);
	push_view(q, "amy", "amy", 2, OUTQ_PRIVATE, 7);
	push_view(q, "bob", "changed", 3, OUTQ_PRIVATE, 7);
	assert_int_equal(outq_replaced(q), 3);
	assert_int_equal(outq_lines(q), 8);
	/* The "your move" view replaces the "hand changed" one, and goes
	 * first. */
	push_view(q, "BOB", "move", 3, OUTQ_ANSWER, 7);
	assert_int_equal(outq_replaced(q), 6);
	assert_int_equal(outq_dropped(q), 0);
	assert_int_equal(outq_next(q), OUTQ_ANSWERING);
	expect(q, "PRIVMSG bob :reply.0");
	expect(q, "PRIVMSG bob :other.0");
	expect(q, "PRIVMSG bob :other.1");
	info = expect(q, "PRIVMSG BOB :move.0");
	assert_int_equal(info.view, 7);
	assert_int_equal(info.made, 100 + 3 * 7);
	assert_true(info.first);
	/* A view that replaces a whole queue's content starts a new one. */
	push_view(q, "bob", "again", 1, OUTQ_ANSWER, 7);
	assert_int_equal(outq_next(q), OUTQ_NEW_ANSWER);
	expect(q, "PRIVMSG bob :again.0");
	expect(q, "PRIVMSG amy :amy.0");
	expect(q, "PRIVMSG amy :amy.1");
	assert_null(take(q));
	outq_free(q);
}

static void
test_forget(void **state)
{
	struct irc_outq	*q = outq_new(100);

	(void)state;
	push(q, "bob", "v", 3, OUTQ_PRIVATE);
	push(q, "#t", "t", 1, OUTQ_TALK);
	push(q, "bob", "m", 2, OUTQ_ANSWER);
	expect(q, "PRIVMSG bob :v.0");
	assert_int_equal(outq_forget(q, "BOB"), 4);
	assert_int_equal(outq_next(q), OUTQ_TALK_LINE);
	assert_int_equal(outq_forget(q, "bob"), 0);
	expect(q, "PRIVMSG #t :t.0");
	assert_int_equal(outq_next(q), OUTQ_NONE);
	assert_null(take(q));
	outq_free(q);
}

/*
 * AI tables take turns at the floor: only while no line waits, in the
 * order they first asked; one that stops asking leaves the line.
 */
static void
test_floor(void **state)
{
	struct irc_floor	*f = floor_new();

	(void)state;
	/* Alone and nothing waiting: speak at once. */
	assert_true(floor_take(f, "#a", 0, 1000));
	assert_int_equal(floor_waiting(f), 0);
	/* Lines waiting: everyone asking waits, in the order they asked. */
	assert_false(floor_take(f, "#a", 1, 1000));
	assert_false(floor_take(f, "#b", 1, 1100));
	assert_false(floor_take(f, "#c", 1, 1200));
	assert_int_equal(floor_waiting(f), 3);
	/* The queue empties: #b asks first but #a asked before it. */
	assert_false(floor_take(f, "#b", 0, 1300));
	assert_false(floor_take(f, "#C", 0, 1300));
	assert_true(floor_take(f, "#A", 0, 1350));
	/* #a spoke: the next line waits, then #b's turn. */
	assert_false(floor_take(f, "#c", 1, 1400));
	assert_false(floor_take(f, "#a", 0, 1500));
	assert_true(floor_take(f, "#b", 0, 1500));
	/* #c stops asking (its table closed): after a while #a goes. */
	assert_false(floor_take(f, "#a", 0, 2000));
	assert_false(floor_take(f, "#a", 0, 3399));
	assert_true(floor_take(f, "#a", 0, 3500));
	assert_int_equal(floor_waiting(f), 0);
	floor_free(f);
}

static void
test_bucket(void **state)
{
	struct irc_bucket	b;
	int			i;

	(void)state;
	bucket_init(&b, 1000, 5, 10000);
	/* A burst of five, then nothing until a rate has passed. */
	for (i = 0; i < 5; i++)
		assert_true(bucket_take(&b, 10000, 0));
	assert_false(bucket_take(&b, 10000, 0));
	assert_int_equal(bucket_wait(&b, 10300, 0), 700);
	assert_false(bucket_take(&b, 10999, 0));
	assert_true(bucket_take(&b, 11000, 0));
	assert_false(bucket_take(&b, 11500, 0));
	/* Tokens come back one a rate, up to the burst and no more. */
	assert_true(bucket_take(&b, 14000, 1));	/* 3 back, 2 left */
	assert_true(bucket_take(&b, 14000, 1));
	assert_false(bucket_take(&b, 14000, 1));	/* the reserve stays */
	assert_int_equal(bucket_wait(&b, 14000, 1), 1000);
	assert_true(bucket_take(&b, 14000, 0));	/* answers may take it */
	assert_int_equal(bucket_wait(&b, 14000, 2), 3000);
	assert_true(bucket_take(&b, 100000, 4));
	assert_true(bucket_take(&b, 100000, 3));
	assert_false(bucket_take(&b, 100000, 3));
	/* A keep at or over the burst waits for a full bucket. */
	assert_int_equal(bucket_wait(&b, 100000, 9), 2000);

	/* Protocol lines spend without a token: debt, paid back first. */
	bucket_init(&b, 500, 2, 0);
	for (i = 0; i < 4; i++)
		bucket_spend(&b, 0);
	assert_false(bucket_take(&b, 0, 0));
	assert_int_equal(bucket_wait(&b, 0, 0), 1500);
	assert_false(bucket_take(&b, 1499, 0));
	assert_true(bucket_take(&b, 1500, 0));

	/* Rate 0: no limit. */
	bucket_init(&b, 0, 1, 0);
	for (i = 0; i < 100; i++)
		assert_true(bucket_take(&b, 0, 0));
	assert_int_equal(bucket_wait(&b, 0, 0), 0);
	/* A burst under 1 is 1. */
	bucket_init(&b, 100, 0, 0);
	assert_true(bucket_take(&b, 0, 0));
	assert_false(bucket_take(&b, 0, 0));
}

/* Channels are joined many to a line, none cut, none left out. */
static void
test_join_lines(void **state)
{
	char	*ch[IRC_CHANNELS_MAX], line[100], want[64];
	int	 i, n, next, lines = 0;

	(void)state;
	for (i = 0; i < IRC_CHANNELS_MAX; i++)
		ch[i] = xasprintf("#channel%02d", i);
	/* Two fit a short line: "JOIN #channel00,#channel01". */
	assert_int_equal(session_join_line(line, 30, ch, 3, 0), 2);
	assert_string_equal(line, "JOIN #channel00,#channel01");
	assert_int_equal(session_join_line(line, 30, ch, 3, 2), 3);
	assert_string_equal(line, "JOIN #channel02");
	for (i = 0, n = 0; i < IRC_CHANNELS_MAX; i = next, lines++) {
		next = session_join_line(line, sizeof line, ch,
		    IRC_CHANNELS_MAX, i);
		assert_true(next > i);
		assert_true(strlen(line) < sizeof line);
		/* Every channel in order, each whole. */
		for (; i < next; i++, n++) {
			snprintf(want, sizeof want, "%s", ch[i]);
			assert_non_null(strstr(line, want));
		}
	}
	assert_int_equal(n, IRC_CHANNELS_MAX);
	assert_true(lines < IRC_CHANNELS_MAX / 4);
	for (i = 0; i < IRC_CHANNELS_MAX; i++)
		free(ch[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_robin),
		cmocka_unit_test(test_answers_first),
		cmocka_unit_test(test_no_reorder),
		cmocka_unit_test(test_order_property),
		cmocka_unit_test(test_answer_drops_older_talk_ahead),
		cmocka_unit_test(test_caps),
		cmocka_unit_test(test_view_replaced),
		cmocka_unit_test(test_forget),
		cmocka_unit_test(test_floor),
		cmocka_unit_test(test_bucket),
		cmocka_unit_test(test_join_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
