/*
 * The operator's command line: --list-tables reads the store read-only
 * (WAL lets it do so beside a running bot on a state file; a read-only
 * session on PostgreSQL); --end-table takes the store's writer lock
 * first (the file's flock, the database's advisory lock), so it refuses
 * to run beside a bot, whose in-memory table would otherwise be written
 * back at its next move.
 * Text from chats (channels, names) is cleaned (lib/utf8.h) before it
 * reaches a terminal.
 */
#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/daemon/config.h"
#include "bot/daemon/operator.h"
#include "bot/storage/store.h"
#include "lib/utf8.h"
#include "lib/xmalloc.h"

#define OPERATOR_PLAYERS_MAX	512	/* bytes of the players column */

/* What the listing callback carries from row to row. */
struct operator_list {
	FILE	*out;
	int64_t	 now;
	int	 n;
};

/* Writes a span of ms as "45s", "12m", "3h05m" or "2d04h". */
static void
operator_age(int64_t ms, char *buf, size_t len)
{
	int64_t	s = ms < 0 ? 0 : ms / 1000;

	if (s < 60)
		snprintf(buf, len, "%" PRId64 "s", s);
	else if (s < 3600)
		snprintf(buf, len, "%" PRId64 "m", s / 60);
	else if (s < 86400)
		snprintf(buf, len, "%" PRId64 "h%02" PRId64 "m", s / 3600,
		    s / 60 % 60);
	else
		snprintf(buf, len, "%" PRId64 "d%02" PRId64 "h", s / 86400,
		    s / 3600 % 24);
}

static int
operator_list_one(const struct store_table *r, void *arg, char **cause)
{
	struct operator_list	*l = arg;
	char			 adapter[17], channel[25], game[17];
	char			 players[OPERATOR_PLAYERS_MAX], clean[OPERATOR_PLAYERS_MAX];
	char			 age[48], idle[48];

	(void)cause;
	if (l->n++ == 0)
		fprintf(l->out, "%-6s %-6s %-9s %-24s %-8s %-8s %-6s %-6s %s\n",
		    "ID", "TABLE", "PLATFORM", "CHANNEL", "GAME", "STATE", "AGE",
		    "IDLE", "PLAYERS");
	utf8_clean(adapter, sizeof adapter, r->adapter);
	utf8_clean(channel, sizeof channel, r->channel);
	utf8_clean(game, sizeof game, r->game);
	store_doc_players(r->doc, players, sizeof players);
	utf8_clean(clean, sizeof clean, players);
	operator_age(l->now - r->created, age, sizeof age);
	operator_age(l->now - r->updated, idle, sizeof idle);
	fprintf(l->out, "%-6llu %-6llu %-9s %-24s %-8s %-8s %-6s %-6s %s\n",
	    (unsigned long long)r->id, (unsigned long long)r->num, adapter,
	    channel, game, r->state, age, idle, clean);
	return 0;
}

/*
 * Whether the state file at path is there: 1; 0 when it is not, as
 * before the bot's first run, with where it was looked for (the full
 * path) in where (len bytes); or -1 with *cause when it cannot be told.
 * Looks only, so nothing is created.
 */
static int
operator_state_exists(const char *path, char *where, size_t len,
    char **cause)
{
	struct stat	st;
	char		cwd[PATH_MAX];

	if (stat(path, &st) == 0)
		return 1;
	if (errno != ENOENT)
		return set_cause(cause, "%s: %s", path, strerror(errno));
	if (*path != '/' && getcwd(cwd, sizeof cwd) != NULL)
		snprintf(where, len, "%s/%s", strcmp(cwd, "/") == 0 ? "" : cwd,
		    strncmp(path, "./", 2) == 0 ? path + 2 : path);
	else
		snprintf(where, len, "%s", path);
	return 0;
}

int
operator_list_tables(const struct config *cfg, FILE *out, char **cause)
{
	struct operator_list	 l;
	struct store_settings	 set;
	struct store		*s;
	char			 where[PATH_MAX + 8], clean[PATH_MAX + 8];
	char			*name;
	int			 rc = 1;

	if (cfg->store_backend != CONFIG_STORE_POSTGRES &&
	    (rc = operator_state_exists(cfg->bot_state_file, where,
	    sizeof where, cause)) < 0)
		return -1;
	if (rc == 0) {
		utf8_clean(clean, sizeof clean, where);
		fprintf(out, "No state file at %s yet (the bot makes it when it "
		    "first starts), so no tables.\n", clean);
		return 0;
	}
	store_settings_config(cfg, &set);
	if ((s = store_open_readonly(&set, cause)) == NULL)
		return -1;
	memset(&l, 0, sizeof l);
	l.out = out;
	l.now = store_now();
	rc = store_list(s, operator_list_one, &l, cause);
	store_close(s);
	if (rc != 0)
		return -1;
	if (l.n == 0) {
		name = store_settings_name(&set);
		utf8_clean(clean, sizeof clean, name);
		fprintf(out, "No open tables in %s.\n", clean);
		free(name);
	}
	return 0;
}

int
operator_end_table(const struct config *cfg, const char *text, FILE *out,
    char **cause)
{
	struct store_settings	 set;
	struct store		*s;
	unsigned long long	 id;
	char			*end, *where = NULL, clean[PATH_MAX + 8];
	char			 path[PATH_MAX + 8], *name;
	int			 held, rc = 1;

	errno = 0;
	id = strtoull(text, &end, 10);
	if (*text < '0' || *text > '9' || *end != '\0' || errno != 0 || id == 0)
		return set_cause(cause, "--end-table needs a table id (a number "
		    "from --list-tables), not \"%.40s\"", text);
	if (cfg->store_backend != CONFIG_STORE_POSTGRES &&
	    (rc = operator_state_exists(cfg->bot_state_file, path, sizeof path,
	    cause)) < 0)
		return -1;
	if (rc == 0) {
		utf8_clean(clean, sizeof clean, path);
		return set_cause(cause, "no state file at %s yet (the bot makes "
		    "it when it first starts), so no table %llu to end", clean,
		    id);
	}
	store_settings_config(cfg, &set);
	set.file.max_size = 0;	/* ending a table only frees room */
	if ((s = store_open_writer(&set, &held, cause)) == NULL) {
		if (!held)
			return -1;
		free(*cause);
		name = store_settings_name(&set);
		set_cause(cause, "%s: a cheersbot is running on this %s and "
		    "keeps its tables in memory, so it would write table %llu "
		    "back.  End it in its channel with the end command, or stop "
		    "the bot (systemctl stop cheersbot), run this again, and "
		    "start the bot.", name, cfg->store_backend ==
		    CONFIG_STORE_POSTGRES ? "database" : "state file", id);
		free(name);
		return -1;
	}
	rc = store_table_end(s, (uint64_t)id, &where, cause);
	store_close(s);
	if (rc != 0)
		return -1;
	utf8_clean(clean, sizeof clean, where);
	fprintf(out, "Ended table %llu (%s); the bot will not restore it.  Its "
	    "channel is not told.\n", id, clean);
	free(where);
	return 0;
}
