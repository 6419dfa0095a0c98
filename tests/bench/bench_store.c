/*
 * bench_store.c: how fast a store backend makes moves durable (make
 * bench, through tests/bench/pg_bench.py; not part of make test).
 *
 *   build/bench/bench_store sqlite FILE
 *   build/bench/bench_store postgres CONNINFO PASSWORD
 *
 * On a new store (FILE must not be there yet; the database must hold no
 * table), through the backend's ops as the bot calls them (batch_begin,
 * append_move, batch_end):
 *   alone   BENCH_STORE_ALONE (500) moves, each its own batch and so its
 *           own commit, as a quiet bot makes them: each move's time from
 *           its write to its commit's return, median and p99;
 *   group   BENCH_STORE_BATCHES (200) batches of BENCH_STORE_GROUP (50)
 *           moves, one each of as many tables, as a busy bot's group
 *           commit makes them: moves committed per second over the run,
 *           and each batch's time, median and p99;
 *   pipelined the same batches again as the running bot sends them: on a
 *           libuv loop (store_start), each ended by store_batch_send
 *           without waiting, up to BENCH_STORE_INFLIGHT (8) not yet
 *           settled: moves committed per second, and each batch's time
 *           from its send to its settling, median and p99.  A backend
 *           without batch_send (SQLite) commits each batch as it ends,
 *           so this equals its group figure.
 * Prints one "result:" line a figure, named by the backend.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <uv.h>

#include "bot/storage/store.h"
#include "lib/xmalloc.h"

#define BENCH_STORE_MAX	100000	/* most times one figure keeps */
#define BENCH_STORE_INFLIGHT 8	/* batches sent and not yet settled */

/* A batch sent on the loop (pipelined): its send time, where its time goes. */
struct bench_sent {
	double	 t0;
	double	*time;
	int	*inflight;
};

static double
bench_now_us(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int
bench_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The p-th fraction of n sorted times (sorts them). */
static double
bench_pct(double *t, int n, double p)
{
	int	i = (int)(n * p);

	qsort(t, (size_t)n, sizeof *t, bench_cmp);
	return t[i < n ? i : n - 1];
}

static int
bench_env(const char *name, int dflt)
{
	const char	*v = getenv(name);

	return v != NULL && atoi(v) > 0 ? atoi(v) : dflt;
}

/* Writes move seq of table id into the open batch; exits on failure. */
static void
bench_move(struct store *s, uint64_t id, int seq)
{
	struct store_move	 m;
	char			*cause = NULL;

	m.seq = seq;
	m.seat = seq % 4;
	m.move = "{\"a\":\"play\",\"card\":2,\"to\":1}";
	m.at = store_now();
	if (s->ops->append_move(s, id, &m, &cause) != 0) {
		fprintf(stderr, "bench_store: a move: %s\n", cause);
		exit(1);
	}
}

static void
bench_commit(struct store *s)
{
	char	*cause = NULL;

	if (s->ops->batch_end(s, &cause) != 0) {
		fprintf(stderr, "bench_store: a commit: %s\n", cause);
		exit(1);
	}
}

/* A sent batch settled (store_batch_send's done): its time is kept. */
static void
bench_settled(void *arg, int rc, char *cause)
{
	struct bench_sent	*b = arg;

	if (rc != 0) {
		fprintf(stderr, "bench_store: a commit: %s\n", cause);
		exit(1);
	}
	*b->time = bench_now_us() - b->t0;
	(*b->inflight)--;
	free(b);
}

/* A timer that keeps the loop running while batches are in flight. */
static void
bench_alive(uv_timer_t *t)
{
	(void)t;
}

/*
 * The pipelined figure: batches batches of group moves (one each of the
 * tables id, id - 1, ...) sent on loop as the bot sends them; each
 * batch's time goes into times.  Prints its result line.
 */
static void
bench_pipelined(struct store *s, uv_loop_t *loop, const char *name,
    uint64_t id, int seq, int batches, int group, double *times)
{
	struct bench_sent	*b;
	uv_timer_t		 alive;
	char			*cause = NULL;
	double			 all;
	int			 inflight = 0, i, j, rc;

	store_start(s, loop);
	/* The store's own handles do not keep a loop running, the bot's do. */
	uv_timer_init(loop, &alive);
	uv_timer_start(&alive, bench_alive, 3600 * 1000, 0);
	all = bench_now_us();
	for (i = 0; i < batches; i++) {
		while (inflight >= BENCH_STORE_INFLIGHT)
			uv_run(loop, UV_RUN_ONCE);
		b = xcalloc(1, sizeof *b);
		b->time = &times[i];
		b->inflight = &inflight;
		b->t0 = bench_now_us();
		store_batch_begin(s);
		for (j = 0; j < group; j++)
			bench_move(s, id - (uint64_t)j, seq + i);
		inflight++;
		if ((rc = store_batch_send(s, bench_settled, b, &cause)) != 1)
			bench_settled(b, rc, cause);
	}
	store_drain(s, 1);
	uv_close((uv_handle_t *)&alive, NULL);
	if (inflight != 0) {
		fprintf(stderr, "bench_store: %d batches never settled\n",
		    inflight);
		exit(1);
	}
	all = bench_now_us() - all;
	printf("result: store, %s: pipelined on a loop as the bot sends "
	    "batches (%d batches of %d moves, up to %d in flight): %.0f moves "
	    "committed/s; a batch, sent to settled: median %.0f us, p99 %.0f "
	    "us\n", name, batches, group, BENCH_STORE_INFLIGHT,
	    (double)batches * group / (all / 1e6),
	    bench_pct(times, batches, 0.5), bench_pct(times, batches, 0.99));
}

int
main(int argc, char **argv)
{
	struct store_settings	 set;
	struct store_table	 t;
	struct store		*s;
	double			*times, t0, all;
	char			*cause = NULL;
	int			 alone, group, batches, i, j;
	uint64_t		 id;
	uv_loop_t		 loop;

	if (argc < 3 || (strcmp(argv[1], "postgres") == 0 && argc < 4)) {
		fprintf(stderr, "usage: bench_store sqlite FILE | postgres "
		    "CONNINFO PASSWORD\n");
		return 2;
	}
	alone = bench_env("BENCH_STORE_ALONE", 500);
	group = bench_env("BENCH_STORE_GROUP", 50);
	batches = bench_env("BENCH_STORE_BATCHES", 200);
	if (alone > BENCH_STORE_MAX || batches > BENCH_STORE_MAX)
		return 2;
	memset(&set, 0, sizeof set);
	set.backend = argv[1];
	set.file.path = argv[2];
	set.server.conninfo = argv[2];
	set.server.password = argc > 3 ? argv[3] : NULL;
	set.server.connect_timeout_ms = 10000;
	if ((s = store_open_writer(&set, NULL, &cause)) == NULL) {
		fprintf(stderr, "bench_store: %s\n", cause);
		return 1;
	}
	/* One table a move of a group, all playing. */
	memset(&t, 0, sizeof t);
	t.tag = "bench1";
	t.adapter = "console";
	t.channel = "#bench";
	t.game = "cheers";
	t.state = "playing";
	t.doc = "{\"seats\":[]}";
	s->ops->batch_begin(s);
	for (i = 0; i < group; i++) {
		if (s->ops->take_table_id(s, &id, &cause) != 0)
			break;
		t.id = t.num = id;
		t.updated = store_now();
		if (s->ops->save_table(s, &t, &cause) != 0)
			break;
	}
	if (i < group) {
		fprintf(stderr, "bench_store: a table: %s\n", cause);
		return 1;
	}
	bench_commit(s);
	times = xcalloc((size_t)(alone > batches ? alone : batches),
	    sizeof *times);

	for (i = 0; i < alone; i++) {
		t0 = bench_now_us();
		s->ops->batch_begin(s);
		bench_move(s, id, i);
		bench_commit(s);
		times[i] = bench_now_us() - t0;
	}
	printf("result: store, %s: a move alone (its own commit, %d moves): "
	    "median %.0f us, p99 %.0f us\n", argv[1], alone,
	    bench_pct(times, alone, 0.5), bench_pct(times, alone, 0.99));

	all = bench_now_us();
	for (i = 0; i < batches; i++) {
		t0 = bench_now_us();
		s->ops->batch_begin(s);
		for (j = 0; j < group; j++)
			bench_move(s, id - (uint64_t)j, alone + i);
		bench_commit(s);
		times[i] = bench_now_us() - t0;
	}
	all = bench_now_us() - all;
	printf("result: store, %s: group commit (%d batches of %d moves): "
	    "%.0f moves committed/s; a batch: median %.0f us, p99 %.0f us\n",
	    argv[1], batches, group, (double)batches * group / (all / 1e6),
	    bench_pct(times, batches, 0.5), bench_pct(times, batches, 0.99));

	uv_loop_init(&loop);
	bench_pipelined(s, &loop, argv[1], id, alone + batches, batches, group,
	    times);
	free(times);
	store_close(s);
	uv_run(&loop, UV_RUN_DEFAULT);	/* the store's handles close */
	uv_loop_close(&loop);
	return 0;
}
