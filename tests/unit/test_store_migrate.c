/*
 * Unit tests for copying a store whole (bot/storage/migrate.c, cheersbot
 * --migrate-state): an SQLite file holding every kind of row (open and
 * finished tables, moves, snapshots, outcomes, channel settings, message
 * ids, an adapter's own state, the servers' numbers and the table-id
 * counter) copied into a store of each backend holds the same rows, and
 * the ids and numbers it gives next go on from the file's; a second copy
 * into it is refused and changes nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "bot/storage/migrate.h"
#include "bot/storage/store.h"
#include "lib/xmalloc.h"
#include "tests/unit/store-test.h"

#define MIGRATE_DUMP_MAX	16384

/* The rows of a store, every kind, one line a row (migrate_dump). */
struct migrate_dump {
	char	text[MIGRATE_DUMP_MAX];
	int	kind;
};

static int
migrate_dump_row(const char *const *v, void *arg, char **cause)
{
	struct migrate_dump	*d = arg;
	size_t			 used;
	int			 i;

	(void)cause;
	used = strlen(d->text);
	snprintf(d->text + used, sizeof d->text - used, "%s ",
	    store_rows[d->kind].name);
	for (i = 0; i < store_rows[d->kind].ncolumns; i++) {
		used = strlen(d->text);
		snprintf(d->text + used, sizeof d->text - used, "%s%s",
		    i == 0 ? "" : "|", v[i] == NULL ? "(null)" : v[i]);
	}
	used = strlen(d->text);
	snprintf(d->text + used, sizeof d->text - used, "\n");
	return 0;
}

/* Every row of s as text (caller frees). */
static char *
migrate_dump(struct store *s)
{
	struct migrate_dump	*d = xcalloc(1, sizeof *d);
	char			*text;

	for (d->kind = 0; d->kind < STORE_ROWS_N; d->kind++)
		assert_int_equal(s->ops->each_row(s, d->kind, migrate_dump_row,
		    d, NULL), 0);
	assert_true(strlen(d->text) + 1 < sizeof d->text);
	text = xstrdup(d->text);
	free(d);
	return text;
}

/* Table id of the given state, in a channel of adapter, numbered num. */
static void
migrate_table(struct store *s, uint64_t id, const char *adapter,
    const char *server, const char *state, int64_t at)
{
	struct store_table	t;
	uint64_t		num;

	memset(&t, 0, sizeof t);
	assert_int_equal(s->ops->number_table(s, adapter, server, &num, NULL),
	    0);
	t.id = id;
	t.num = num;
	t.tag = "a1b2c3";
	t.adapter = adapter;
	t.server = server;
	t.channel = "#bar";
	t.game = "cheers";
	t.seed = 0xfeedface12345678ULL;
	t.state = state;
	t.doc = "{\"seats\":[{\"name\":\"alice\",\"id\":\"u1\"}]}";
	t.updated = at;
	assert_int_equal(s->ops->save_table(s, &t, NULL), 0);
}

/* An SQLite file at path holding a row of every kind. */
static struct store *
migrate_source(const char *path)
{
	const struct store_outcome o[2] = {
		{ "u1", "alice", 0, "won" },
		{ NULL, "Negroni", 1, "lost" },
	};
	const char		*meta[2] = { "cb1_max", "1" };
	struct store_settings	 set;
	struct store_move	 m;
	struct store		*s;
	uint64_t		 id;
	int			 i;

	store_test_sqlite.settings(&set, path, 0);
	assert_non_null(s = store_open(&set, NULL));
	for (i = 0; i < 4; i++)		/* the 4th is forgotten: never saved */
		assert_int_equal(s->ops->take_table_id(s, &id, NULL), 0);
	migrate_table(s, 1, "console", NULL, "playing", 1000);
	migrate_table(s, 2, "discord", "guild1", "playing", 2000);
	migrate_table(s, 3, "discord", "guild1", "lobby", 3000);
	for (i = 0; i < 40; i++) {
		m.seq = i;
		m.seat = i % 2;
		m.move = "{\"a\":\"play\"}";
		m.at = 1000 + i;
		assert_int_equal(s->ops->append_move(s, 1 + i % 2, &m, NULL), 0);
	}
	assert_int_equal(s->ops->save_snapshot(s, 2, 16, "{\"g\":16}", NULL), 0);
	assert_int_equal(s->ops->save_snapshot(s, 2, 32, "{\"g\":32}", NULL), 0);
	assert_int_equal(s->ops->record_result(s, 1, "{\"won\":[0]}", o, 2,
	    NULL), 0);
	assert_int_equal(s->ops->set_channel(s, "discord", "#bar",
	    "{\"ai_level\":\"hard\"}", NULL), 0);
	assert_int_equal(s->ops->set_ref(s, "telegram", "offset", "123457",
	    NULL), 0);
	assert_int_equal(s->ops->set_ref(s, "telegram", "inline:u1:r9", "1",
	    NULL), 0);
	assert_int_equal(s->ops->set_ref(s, "discord", "board:2:#bar", "555",
	    NULL), 0);
	assert_int_equal(s->ops->put_row(s, STORE_ROWS_META, meta, NULL), 0);
	return s;
}

/*
 * A source file at src (a mkstemp template, filled in) holding a row of
 * every kind, and an empty store at dst (the same) on the backend of now.
 */
static void
migrate_open(char *src, char *dst, struct store **from, struct store **to)
{
	close(mkstemp(src));
	close(mkstemp(dst));
	unlink(dst);
	*from = migrate_source(src);
	assert_non_null(*to = store_test_open_writer(dst, NULL, NULL));
}

static void
migrate_close(const char *src, const char *dst, struct store *from,
    struct store *to)
{
	store_close(to);
	store_close(from);
	unlink(src);
	unlink(dst);
}

/* A copy from into to is refused, saying want, and to is as it was. */
static void
migrate_refused(struct store *from, struct store *to, const char *want)
{
	struct migrate_counts	 n;
	char			*was = migrate_dump(to), *after, *cause = NULL;

	assert_int_equal(migrate_copy(from, to, &n, &cause), -1);
	assert_non_null(strstr(cause, want));
	free(cause);
	after = migrate_dump(to);
	assert_string_equal(after, was);
	free(after);
	free(was);
}

static void
test_copied_whole(void **state)
{
	char			 src[] = "/tmp/cheersbot-migrate-src-XXXXXX";
	char			 dst[] = "/tmp/cheersbot-migrate-dst-XXXXXX";
	struct migrate_counts	 n;
	struct store		*from, *to;
	char			*was, *now;
	uint64_t		 id, num;

	(void)state;
	migrate_open(src, dst, &from, &to);
	assert_int_equal(migrate_copy(from, to, &n, NULL), 0);
	assert_int_equal(n.rows[STORE_ROWS_TABLES], 3);
	assert_int_equal(n.open, 2);
	assert_int_equal(n.over, 1);
	assert_int_equal(n.rows[STORE_ROWS_MOVES], 40);
	assert_int_equal(n.rows[STORE_ROWS_SNAPSHOTS], 2);
	assert_int_equal(n.rows[STORE_ROWS_OUTCOMES], 2);
	assert_int_equal(n.rows[STORE_ROWS_CHANNELS], 1);
	assert_int_equal(n.rows[STORE_ROWS_REFS], 3);
	assert_int_equal(n.rows[STORE_ROWS_NUMBERS], 2);
	was = migrate_dump(from);
	now = migrate_dump(to);
	assert_string_equal(now, was);
	assert_non_null(strstr(now, "refs telegram|offset|123457\n"));
	free(was);
	free(now);

	/* A second copy is refused and changes nothing. */
	migrate_refused(from, to, "holds 3 tables already");

	/* Ids and numbers go on from the file's, in the copy as read again. */
	store_close(to);
	assert_non_null(to = store_test_open_writer(dst, NULL, NULL));
	assert_int_equal(to->ops->max_table_id(to), 4);
	assert_int_equal(to->ops->cb1_max(to), 1);
	assert_int_equal(to->ops->take_table_id(to, &id, NULL), 0);
	assert_int_equal(id, 5);
	assert_int_equal(to->ops->number_table(to, "discord", "guild1", &num,
	    NULL), 0);
	assert_int_equal(num, 3);
	migrate_close(src, dst, from, to);
}

/* Into a store that holds a table already: refused, nothing written. */
static void
test_refused_when_not_empty(void **state)
{
	char		 src[] = "/tmp/cheersbot-migrate-src-XXXXXX";
	char		 dst[] = "/tmp/cheersbot-migrate-dst-XXXXXX";
	struct store	*from, *to;

	(void)state;
	migrate_open(src, dst, &from, &to);
	migrate_table(to, 9, "irc", NULL, "lobby", 5000);
	migrate_refused(from, to, "holds 1 table already");
	migrate_close(src, dst, from, to);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_copied_whole),
		cmocka_unit_test(test_refused_when_not_empty),
	};

	return store_test_run("store_migrate", tests,
	    sizeof tests / sizeof *tests, NULL);
}
