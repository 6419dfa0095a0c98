/*
 * store-rows.h: the rows a store keeps, as both backends lay them out,
 * for copying a store whole (bot/storage/migrate.c, cheersbot
 * --migrate-state).  The bot itself never reads a store this way: it
 * goes through the ops of store.h that speak in tables and moves.
 *
 * Each kind is one logical table of the schema the SQLite backend (schema
 * 5) and the PostgreSQL backend (schema 1) share: its name, its columns
 * (the first nkeys of them its key) and how it is copied.  A backend's
 * each_row and put_row (struct store_ops) read and write a kind's rows
 * as text, NULL for SQL NULL, in the kind's column order.
 */
#ifndef BOT_STORAGE_STORE_ROWS_H
#define BOT_STORAGE_STORE_ROWS_H

/* The kinds, in an order that copies a row after those it refers to. */
enum store_rows_kind {
	STORE_ROWS_META,	/* counters: the last table id given, ... */
	STORE_ROWS_NUMBERS,	/* each server's last players' number */
	STORE_ROWS_TABLES,
	STORE_ROWS_MOVES,
	STORE_ROWS_SNAPSHOTS,
	STORE_ROWS_OUTCOMES,
	STORE_ROWS_CHANNELS,	/* channel settings */
	STORE_ROWS_REFS,	/* message ids and adapters' own state */
	STORE_ROWS_N
};

#define STORE_ROWS_COLUMNS_MAX	13

struct store_rows {
	const char	*name;		/* the table's name in both schemas */
	const char	*what;		/* what a row is, plural, for people */
	int		 nkeys;		/* the first nkeys columns: the key */
	int		 ncolumns;
	const char	*columns[STORE_ROWS_COLUMNS_MAX];
};

extern const struct store_rows	store_rows[STORE_ROWS_N];

/*
 * The SQL that reads every row of kind in key order (store_rows_select),
 * or writes one, replacing a row with the same key (store_rows_upsert),
 * its values numbered from 1 after mark ('?' for SQLite, '$' for
 * PostgreSQL).  Both dialects take it as it is.  Static storage, made
 * on the first call and the same pointer on every call after (the
 * backends keep prepared statements by the SQL's address).
 */
const char	*store_rows_select(enum store_rows_kind);
const char	*store_rows_upsert(enum store_rows_kind, char mark);

#endif
