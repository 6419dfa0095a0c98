/*
 * The rows a store keeps, as both backends lay them out (store-rows.h),
 * and the SQL that copies them: one description, read by both backends'
 * each_row and put_row, so a column added to the schema is added here
 * once.
 */
#include <stdio.h>
#include <string.h>

#include "bot/storage/store-rows.h"

/* Room for one kind's statement: the longest is the tables' upsert. */
#define STORE_ROWS_SQL_MAX	768

const struct store_rows store_rows[STORE_ROWS_N] = {
	[STORE_ROWS_META] = { "meta", "counters", 1, 2,
	    { "key", "value" } },
	[STORE_ROWS_NUMBERS] = { "numbers", "servers' table numbers", 2, 3,
	    { "adapter", "server", "last" } },
	[STORE_ROWS_TABLES] = { "tables", "tables", 1, 13,
	    { "id", "adapter", "channel", "game", "seed", "state", "doc",
	    "result", "created", "updated", "server", "num", "tag" } },
	[STORE_ROWS_MOVES] = { "moves", "moves", 2, 5,
	    { "table_id", "seq", "seat", "move", "at" } },
	[STORE_ROWS_SNAPSHOTS] = { "snapshots", "snapshots", 2, 3,
	    { "table_id", "seq", "game" } },
	[STORE_ROWS_OUTCOMES] = { "outcomes", "outcomes", 2, 9,
	    { "table_id", "seat", "adapter", "channel", "game", "user_id",
	    "name", "outcome", "finished" } },
	[STORE_ROWS_CHANNELS] = { "channels", "channel settings", 2, 3,
	    { "adapter", "channel", "doc" } },
	[STORE_ROWS_REFS] = { "refs", "message ids and adapter states", 2, 3,
	    { "adapter", "key", "value" } },
};

/* How store_rows_list writes each column. */
enum store_rows_as {
	STORE_ROWS_NAME,	/* "game" */
	STORE_ROWS_MARK,	/* "$4" */
	STORE_ROWS_SET,		/* "game = excluded.game" */
};

/* Appends the columns from..to-1 of r to buf (len bytes), comma separated. */
static void
store_rows_list(char *buf, size_t len, const struct store_rows *r, int from,
    int to, enum store_rows_as as, char mark)
{
	const char	*sep;
	size_t		 used;
	int		 i;

	for (i = from; i < to; i++) {
		used = strlen(buf);
		sep = i > from ? ", " : "";
		if (as == STORE_ROWS_MARK)
			snprintf(buf + used, len - used, "%s%c%d", sep, mark,
			    i + 1);
		else if (as == STORE_ROWS_SET)
			snprintf(buf + used, len - used, "%s%s = excluded.%s",
			    sep, r->columns[i], r->columns[i]);
		else
			snprintf(buf + used, len - used, "%s%s", sep,
			    r->columns[i]);
	}
}

const char *
store_rows_select(enum store_rows_kind kind)
{
	static char		 sql[STORE_ROWS_N][STORE_ROWS_SQL_MAX];
	const struct store_rows	*r = &store_rows[kind];
	size_t			 used;

	if (sql[kind][0] != '\0')
		return sql[kind];
	snprintf(sql[kind], sizeof sql[kind], "SELECT ");
	store_rows_list(sql[kind], sizeof sql[kind], r, 0, r->ncolumns,
	    STORE_ROWS_NAME, 0);
	used = strlen(sql[kind]);
	snprintf(sql[kind] + used, sizeof sql[kind] - used, " FROM %s ORDER BY ",
	    r->name);
	store_rows_list(sql[kind], sizeof sql[kind], r, 0, r->nkeys,
	    STORE_ROWS_NAME, 0);
	return sql[kind];
}

const char *
store_rows_upsert(enum store_rows_kind kind, char mark)
{
	static char		 sql[2][STORE_ROWS_N][STORE_ROWS_SQL_MAX];
	const struct store_rows	*r = &store_rows[kind];
	char			*s = sql[mark == '$'][kind];
	size_t			 len = sizeof sql[0][0], used;

	if (s[0] != '\0')
		return s;
	snprintf(s, len, "INSERT INTO %s (", r->name);
	store_rows_list(s, len, r, 0, r->ncolumns, STORE_ROWS_NAME, 0);
	used = strlen(s);
	snprintf(s + used, len - used, ") VALUES (");
	store_rows_list(s, len, r, 0, r->ncolumns, STORE_ROWS_MARK, mark);
	used = strlen(s);
	snprintf(s + used, len - used, ") ON CONFLICT (");
	store_rows_list(s, len, r, 0, r->nkeys, STORE_ROWS_NAME, 0);
	used = strlen(s);
	snprintf(s + used, len - used, ") DO UPDATE SET ");
	store_rows_list(s, len, r, r->nkeys, r->ncolumns, STORE_ROWS_SET, 0);
	return s;
}
