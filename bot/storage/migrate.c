/*
 * cheersbot --migrate-state (migrate.h): a copy of a store, row by row
 * through the backends' each_row and put_row, into a database holding
 * no table, in one transaction, so that running it twice changes
 * nothing the second time.
 */
#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/daemon/config.h"
#include "bot/storage/migrate.h"
#include "bot/storage/store-pg.h"
#include "bot/storage/store.h"
#include "lib/xmalloc.h"

/* What each row copied carries along. */
struct migrate_copying {
	struct store		*to;
	int			 kind;
	struct migrate_counts	*counts;
};

/* Counts the tables the target holds (each_row's callback). */
static int
migrate_count(const char *const *v, void *arg, char **cause)
{
	unsigned long long	*n = arg;

	(void)v;
	(void)cause;
	(*n)++;
	return 0;
}

/* Writes one row of the source into the target (each_row's callback). */
static int
migrate_put(const char *const *v, void *arg, char **cause)
{
	struct migrate_copying	*c = arg;

	if (c->to->ops->put_row(c->to, c->kind, v, cause) != 0)
		return -1;
	c->counts->rows[c->kind]++;
	/* The tables' columns: id, adapter, channel, game, seed, state, ... */
	if (c->kind == STORE_ROWS_TABLES && v[5] != NULL &&
	    (strcmp(v[5], "lobby") == 0 || strcmp(v[5], "playing") == 0))
		c->counts->open++;
	else if (c->kind == STORE_ROWS_TABLES && v[5] != NULL &&
	    strcmp(v[5], "over") == 0)
		c->counts->over++;
	return 0;
}

int
migrate_copy(struct store *from, struct store *to,
    struct migrate_counts *counts, char **cause)
{
	struct migrate_copying	 c;
	unsigned long long	 held = 0;
	char			*why = NULL;

	memset(counts, 0, sizeof *counts);
	if (to->ops->each_row(to, STORE_ROWS_TABLES, migrate_count, &held,
	    &why) != 0) {
		set_cause(cause, "cannot tell whether the database holds "
		    "tables already: %s", why);
		free(why);
		return -1;
	}
	if (held > 0)
		return set_cause(cause, "the database holds %llu table%s already; "
		    "--migrate-state copies only into a database without "
		    "tables, and changed nothing", held, held == 1 ? "" : "s");
	if (to->ops->begin(to, cause) != 0)
		return -1;
	memset(&c, 0, sizeof c);
	c.to = to;
	c.counts = counts;
	for (c.kind = 0; c.kind < STORE_ROWS_N; c.kind++) {
		if (from->ops->each_row(from, c.kind, migrate_put, &c,
		    &why) != 0) {
			to->ops->rollback(to);
			set_cause(cause, "copying the %s failed, so nothing was "
			    "copied: %s", store_rows[c.kind].what, why);
			free(why);
			return -1;
		}
	}
	if (to->ops->commit(to, &why) != 0) {
		set_cause(cause, "the database refused the copy, so nothing "
		    "was copied: %s", why);
		free(why);
		return -1;
	}
	return 0;
}

/* Opens the store of set as its writer; said = what it is, for causes. */
static struct store *
migrate_open(const struct store_settings *set, const char *said,
    const char *stop, char **cause)
{
	struct store	*s;
	char		*why = NULL;
	int		 held;

	if ((s = store_open_writer(set, &held, &why)) != NULL)
		return s;
	if (held)
		set_cause(cause, "%s: a cheersbot is running on it; %s, and run "
		    "--migrate-state again", said, stop);
	else
		set_cause(cause, "%s", why);
	free(why);
	return NULL;
}

/* Prints what a copy wrote, a kind a line. */
static void
migrate_print(FILE *out, const char *path, const char *name,
    const struct migrate_counts *n, uint64_t last_id)
{
	int	k;

	fprintf(out, "Copied %s into %s:\n", path, name);
	for (k = 0; k < STORE_ROWS_N; k++) {
		fprintf(out, "%10llu %s", n->rows[k], store_rows[k].what);
		if (k == STORE_ROWS_TABLES)
			fprintf(out, " (%llu open, %llu over)", n->open, n->over);
		fprintf(out, "\n");
	}
	fprintf(out, "The last table id given was %" PRIu64 "; table ids and "
	    "the numbers players see stay the same.\n", last_id);
}

int
migrate_state(const struct config *cfg, const char *path, FILE *out,
    char **cause)
{
	struct store_settings	 from_set, to_set;
	struct migrate_counts	 n;
	struct store		*from, *to;
	struct stat		 st;
	char			*name;
	int			 rc;

	store_settings_config(cfg, &to_set);
	if (strcmp(to_set.backend, store_pg_ops.name) != 0)
		return set_cause(cause, "--migrate-state copies a state file into "
		    "PostgreSQL: set store.backend = postgres and postgres.url "
		    "(in the config, or with -o) first");
	if (store_settings_check(cfg, cause) != 0)
		return -1;
	if (stat(path, &st) != 0)
		return set_cause(cause, "%s: cannot read the state file: %s", path,
		    strerror(errno));
	if (!S_ISREG(st.st_mode))
		return set_cause(cause, "%s: not a state file", path);
	memset(&from_set, 0, sizeof from_set);
	from_set.backend = "sqlite";
	from_set.file.path = path;
	if ((from = migrate_open(&from_set, path, "stop it first "
	    "(systemctl stop cheersbot)", cause)) == NULL)
		return -1;
	name = store_settings_name(&to_set);
	if ((to = migrate_open(&to_set, name, "stop it first; the database "
	    "must hold no tables", cause)) == NULL) {
		store_close(from);
		free(name);
		return -1;
	}
	if ((rc = migrate_copy(from, to, &n, cause)) == 0)
		migrate_print(out, path, name, &n, to->ops->max_table_id(to));
	store_close(to);
	store_close(from);
	free(name);
	return rc;
}
