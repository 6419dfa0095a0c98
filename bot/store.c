/*
 * The store: tables and their move logs in one SQLite file.
 *
 * A table row holds what the bot knows outside the game (seats, host,
 * options, timers) as JSON, plus the seed; the moves table holds every
 * accepted move in order.  A game is never saved as a snapshot: it is
 * rebuilt from seed + options + moves, the same way a replay works, so the
 * log is the single truth.  Writes use synchronous=FULL in WAL mode: once
 * a call returns, a killed process (or machine) keeps the move.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "bot/bot.h"
#include "bot/log.h"
#include "bot/play.h"
#include "bot/store.h"
#include "bot/table.h"
#include "lib/xmalloc.h"

struct store {
	sqlite3		*db;
	char		*path;
};

static const char store_schema[] =
	"PRAGMA journal_mode=WAL;"
	"PRAGMA synchronous=FULL;"
	"PRAGMA foreign_keys=ON;"
	"CREATE TABLE IF NOT EXISTS tables ("
	"  id INTEGER PRIMARY KEY,"
	"  adapter TEXT NOT NULL,"
	"  channel TEXT NOT NULL,"
	"  game TEXT NOT NULL,"
	"  seed TEXT NOT NULL,"
	"  state TEXT NOT NULL,"
	"  doc TEXT NOT NULL,"
	"  result TEXT,"
	"  created INTEGER NOT NULL DEFAULT (strftime('%s','now')),"
	"  updated INTEGER NOT NULL DEFAULT (strftime('%s','now')));"
	"CREATE TABLE IF NOT EXISTS moves ("
	"  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,"
	"  seq INTEGER NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  move TEXT NOT NULL,"
	"  PRIMARY KEY (table_id, seq));";

static int
store_error(struct store *s, const char *what, char **cause)
{
	return set_cause(cause, "%s: %s: %s", s->path, what, sqlite3_errmsg(s->db));
}

struct store *
store_open(const char *path, char **cause)
{
	struct store	*s = xcalloc(1, sizeof *s);
	char		*err = NULL;

	s->path = xstrdup(path);
	if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK) {
		store_error(s, "cannot open the state file", cause);
		store_close(s);
		return NULL;
	}
	sqlite3_busy_timeout(s->db, 2000);
	if (sqlite3_exec(s->db, store_schema, NULL, NULL, &err) != SQLITE_OK) {
		set_cause(cause, "%s: cannot set up the state file: %s", path, err);
		sqlite3_free(err);
		store_close(s);
		return NULL;
	}
	return s;
}

void
store_close(struct store *s)
{
	if (s == NULL)
		return;
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

/* Runs one statement with text/int binds ("t" or "i" per ?); 0 or -1. */
static int
store_run(struct store *s, const char *sql, const char *types, char **cause, ...)
{
	sqlite3_stmt	*st;
	va_list		 ap;
	int		 i, rc;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return store_error(s, "preparing a statement", cause);
	va_start(ap, cause);
	for (i = 0; types[i] != '\0'; i++) {
		if (types[i] == 't')
			sqlite3_bind_text(st, i + 1, va_arg(ap, const char *), -1,
			    SQLITE_TRANSIENT);
		else
			sqlite3_bind_int64(st, i + 1, va_arg(ap, long long));
	}
	va_end(ap);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_error(s, "writing", cause);
	return 0;
}

/* The table's own state (not the game) as JSON; caller frees. */
static char *
store_table_doc(const struct table *t)
{
	cJSON	*doc = cJSON_CreateObject(), *seats, *seat, *opts;
	char	*text;
	int	 i;

	cJSON_AddStringToObject(doc, "host", t->host == NULL ? "" : t->host);
	cJSON_AddNumberToObject(doc, "turn_timer", (double)t->turn_timer);
	cJSON_AddNumberToObject(doc, "prompt_timer", (double)t->prompt_timer);
	opts = cJSON_AddObjectToObject(doc, "options");
	for (i = 0; i < t->ops->noptions; i++) {
		if (t->options[i] != NULL)
			cJSON_AddStringToObject(opts, t->ops->options[i].name,
			    t->options[i]);
	}
	seats = cJSON_AddArrayToObject(doc, "seats");
	for (i = 0; i < t->nseats; i++) {
		seat = cJSON_CreateObject();
		if (t->seats[i].user_id != NULL)
			cJSON_AddStringToObject(seat, "id", t->seats[i].user_id);
		cJSON_AddStringToObject(seat, "name", t->seats[i].name);
		cJSON_AddBoolToObject(seat, "ai", t->seats[i].ai);
		cJSON_AddNumberToObject(seat, "timeouts", t->seats[i].timeouts);
		cJSON_AddBoolToObject(seat, "dm_closed", t->seats[i].dm_closed);
		cJSON_AddItemToArray(seats, seat);
	}
	text = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	return text;
}

static const char *
store_state_word(enum table_state st)
{
	return st == TABLE_LOBBY ? "lobby" : st == TABLE_PLAYING ? "playing" : "over";
}

int
store_table_save(struct store *s, const struct table *t, char **cause)
{
	char	*doc, seed[17];
	int	 rc;

	if (s == NULL)
		return 0;
	doc = store_table_doc(t);
	snprintf(seed, sizeof seed, "%016" PRIx64, t->seed);
	rc = store_run(s, "INSERT INTO tables (id, adapter, channel, game, seed, "
	    "state, doc) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE "
	    "SET state = excluded.state, doc = excluded.doc, "
	    "updated = strftime('%s','now')", "ittttt" "t", cause,
	    (long long)t->id, t->adapter->ops->name, t->channel, t->ops->name,
	    seed, store_state_word(t->state), doc);
	free(doc);
	return rc;
}

int
store_move_append(struct store *s, const struct table *t, int seq, int seat,
    const struct game_move *m, char **cause)
{
	cJSON	*o;
	char	*text;
	int	 rc;

	if (s == NULL)
		return 0;
	o = game_move_save(t->ops, m);
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	rc = store_run(s, "INSERT INTO moves (table_id, seq, seat, move) "
	    "VALUES (?, ?, ?, ?)", "iiit", cause, (long long)t->id,
	    (long long)seq, (long long)seat, text);
	free(text);
	return rc;
}

int
store_table_finish(struct store *s, const struct table *t,
    const struct game_result *r, char **cause)
{
	cJSON	*o;
	char	*text;
	int	 rc;

	if (s == NULL)
		return 0;
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "state", r->state == GAME_WON ? "won" : "tied");
	cJSON_AddNumberToObject(o, "winners", r->winners);
	cJSON_AddNumberToObject(o, "moves", t->nmoves);
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	rc = store_run(s, "UPDATE tables SET state = 'over', result = ?, "
	    "updated = strftime('%s','now') WHERE id = ?", "ti", cause, text,
	    (long long)t->id);
	free(text);
	return rc;
}

int
store_table_delete(struct store *s, const struct table *t, char **cause)
{
	if (s == NULL)
		return 0;
	return store_run(s, "DELETE FROM tables WHERE id = ?", "i", cause,
	    (long long)t->id);
}

/* Reads one table's doc back; -1 with *cause on anything malformed. */
static int
store_parse_doc(struct table *t, const char *text, char **cause)
{
	cJSON		*doc = cJSON_Parse(text), *v, *seats, *seat, *opt;
	const cJSON	*id, *name;
	char		*err = NULL;
	char		 assign[256];
	int		 rc = -1;

	if (!cJSON_IsObject(doc)) {
		set_cause(cause, "its record is not a JSON object");
		goto out;
	}
	v = cJSON_GetObjectItemCaseSensitive(doc, "host");
	if (cJSON_IsString(v) && v->valuestring[0] != '\0')
		t->host = xstrndup(v->valuestring, TABLE_ID_MAX);
	v = cJSON_GetObjectItemCaseSensitive(doc, "turn_timer");
	if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= 864e5)
		t->turn_timer = (uint64_t)v->valuedouble;
	v = cJSON_GetObjectItemCaseSensitive(doc, "prompt_timer");
	if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= 864e5)
		t->prompt_timer = (uint64_t)v->valuedouble;
	v = cJSON_GetObjectItemCaseSensitive(doc, "options");
	cJSON_ArrayForEach(opt, v) {
		if (!cJSON_IsString(opt))
			continue;
		snprintf(assign, sizeof assign, "%s=%s", opt->string,
		    opt->valuestring);
		if (table_set_option(t, assign, &err) != 0) {
			set_cause(cause, "option %s", err);
			free(err);
			goto out;
		}
	}
	seats = cJSON_GetObjectItemCaseSensitive(doc, "seats");
	if (!cJSON_IsArray(seats) || cJSON_GetArraySize(seats) > t->ops->max_players) {
		set_cause(cause, "its seats are missing or too many");
		goto out;
	}
	cJSON_ArrayForEach(seat, seats) {
		id = cJSON_GetObjectItemCaseSensitive(seat, "id");
		name = cJSON_GetObjectItemCaseSensitive(seat, "name");
		if (!cJSON_IsString(name) || (id != NULL && (!cJSON_IsString(id) ||
		    strlen(id->valuestring) >= TABLE_ID_MAX))) {
			set_cause(cause, "a seat has no name or a bad id");
			goto out;
		}
		table_add_seat(t, id == NULL ? NULL : id->valuestring,
		    name->valuestring);
		t->seats[t->nseats - 1].ai = id == NULL ||
		    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(seat, "ai"));
		t->seats[t->nseats - 1].dm_closed =
		    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(seat, "dm_closed"));
		v = cJSON_GetObjectItemCaseSensitive(seat, "timeouts");
		if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 1000)
			t->seats[t->nseats - 1].timeouts = v->valueint;
	}
	rc = 0;
out:
	cJSON_Delete(doc);
	return rc;
}

/* Replays a table's moves onto its new game; -1 with *cause on a bad one. */
static int
store_replay(struct store *s, struct table *t, char **cause)
{
	struct game_events	 ev;
	struct game_move	 m;
	sqlite3_stmt		*st;
	cJSON			*o;
	char			*err = NULL;
	int			 rc, seq, seat;

	if (play_new_game(t, cause) != 0)
		return -1;
	if (sqlite3_prepare_v2(s->db, "SELECT seq, seat, move FROM moves WHERE "
	    "table_id = ? ORDER BY seq", -1, &st, NULL) != SQLITE_OK)
		return store_error(s, "reading moves", cause);
	sqlite3_bind_int64(st, 1, (long long)t->id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		seq = sqlite3_column_int(st, 0);
		seat = sqlite3_column_int(st, 1);
		o = cJSON_Parse((const char *)sqlite3_column_text(st, 2));
		if (seq != t->nmoves || seat < 0 || seat >= t->nseats ||
		    game_move_load(t->ops, o, &m, &err) != 0) {
			cJSON_Delete(o);
			set_cause(cause, "move %d is malformed%s%s", seq,
			    err ? ": " : "", err ? err : "");
			free(err);
			sqlite3_finalize(st);
			return -1;
		}
		cJSON_Delete(o);
		game_events_init(&ev);
		if (t->ops->apply(t->game, seat, &m, &ev, &err) != 0) {
			set_cause(cause, "move %d no longer applies: %s", seq, err);
			free(err);
			sqlite3_finalize(st);
			return -1;
		}
		t->nmoves++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_error(s, "reading moves", cause);
	return 0;
}

/*
 * A game whose last move was recorded but whose result was not (the
 * process died in between) is finished now.  Returns 1 when it was over
 * (the table is freed), 0 when it still runs.
 */
static int
store_finished(struct store *s, struct table *t)
{
	struct game_result	 r;
	char			*err = NULL;

	t->ops->result(t->game, &r);
	if (r.state == GAME_RUNNING)
		return 0;
	if (store_table_finish(s, t, &r, &err) != 0) {
		log_error("table %llu: %s", (unsigned long long)t->id, err);
		free(err);
	}
	table_close(t);
	return 1;
}

int
store_restore(struct store *s, struct bot *bot, char **cause)
{
	const struct game_ops	*ops;
	struct adapter		*a;
	struct table		*t;
	sqlite3_stmt		*st;
	const char		*state;
	char			*err = NULL;
	uint64_t		 id;
	int			 rc, n = 0;

	if (s == NULL)
		return 0;
	if (sqlite3_prepare_v2(s->db, "SELECT max(id) FROM tables", -1, &st,
	    NULL) != SQLITE_OK)
		return store_error(s, "reading tables", cause);
	if (sqlite3_step(st) == SQLITE_ROW)
		bot->next_table_id = (uint64_t)sqlite3_column_int64(st, 0) + 1;
	sqlite3_finalize(st);

	if (sqlite3_prepare_v2(s->db, "SELECT id, adapter, channel, game, seed, "
	    "state, doc FROM tables WHERE state IN ('lobby', 'playing') "
	    "ORDER BY id", -1, &st, NULL) != SQLITE_OK)
		return store_error(s, "reading tables", cause);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		id = (uint64_t)sqlite3_column_int64(st, 0);
		a = bot_find_adapter(bot, (const char *)sqlite3_column_text(st, 1));
		ops = game_find((const char *)sqlite3_column_text(st, 3));
		if (a == NULL || ops == NULL)
			continue;	/* its adapter is off: keep it for later */
		t = table_new(bot, a, (const char *)sqlite3_column_text(st, 2), ops);
		t->id = id;
		t->seed = strtoull((const char *)sqlite3_column_text(st, 4), NULL, 16);
		state = (const char *)sqlite3_column_text(st, 5);
		if (store_parse_doc(t, (const char *)sqlite3_column_text(st, 6),
		    &err) != 0 || (strcmp(state, "playing") == 0 &&
		    store_replay(s, t, &err) != 0)) {
			log_error("table %llu in %s: cannot restore it: %s",
			    (unsigned long long)id, t->channel, err);
			free(err);
			err = NULL;
			table_close(t);
			continue;
		}
		t->state = strcmp(state, "playing") == 0 ? TABLE_PLAYING :
		    TABLE_LOBBY;
		if (t->state == TABLE_PLAYING && store_finished(s, t))
			continue;
		play_schedule(t);
		n++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_error(s, "reading tables", cause);
	if (bot->next_table_id == 0)
		bot->next_table_id = 1;
	return n;
}
