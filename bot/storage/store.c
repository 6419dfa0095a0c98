/*
 * The store's front: turns tables into records for the backend and back.
 *
 * A table row holds what the bot knows outside the game (seats, host,
 * options, timers) as JSON, plus the seed; the move log holds every
 * accepted move in order, and every STORE_SNAPSHOT_EVERY moves the game's
 * own save is kept beside it, so a long game restores without replaying
 * from the first move.  Snapshots are a shortcut, never the truth: the log
 * alone rebuilds any game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/storage/store-pg.h"
#include "bot/storage/store-sqlite.h"
#include "bot/storage/store.h"
#include "bot/tables/table.h"
#include "lib/conninfo.h"
#include "lib/xmalloc.h"

int64_t
store_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
store_stats_count(struct store_stats *out, const char *outcome)
{
	int	v = strcmp(outcome, "won") == 0 ? 1 :
		    strcmp(outcome, "lost") == 0 ? -1 : 0;
	/* Every game so far is in the streak, and this one goes on with it. */
	int	streaking = abs(out->streak) == out->games &&
		    (out->games == 0 || v == (out->streak > 0 ? 1 : -1));

	out->games++;
	if (v == 1)
		out->wins++;
	else if (v == -1)
		out->losses++;
	else
		out->ties++;
	if (streaking && v != 0)
		out->streak += v;
}

/* The backends, by name (struct store_ops.name). */
static const struct store_ops *const store_backends[] = {
	&store_sqlite_ops,
	&store_pg_ops,
};

void
store_settings_config(const struct config *cfg, struct store_settings *set)
{
	memset(set, 0, sizeof *set);
	set->backend = cfg->store_backend == CONFIG_STORE_POSTGRES ?
	    "postgres" : store_sqlite_ops.name;
	set->file.path = cfg->bot_state_file;
	set->file.max_size = cfg->bot_state_max_size;
	set->server.conninfo = cfg->postgres_url;
	set->server.password = cfg->postgres_password;
	set->server.connect_timeout_ms = cfg->postgres_connect_timeout_ms;
	set->server.commit_timeout_ms = cfg->postgres_commit_timeout_ms;
}

int
store_settings_check(const struct config *cfg, char **cause)
{
	if (cfg->store_backend == CONFIG_STORE_POSTGRES &&
	    cfg->postgres_url[0] == '\0')
		return set_cause(cause, "store.backend = postgres needs "
		    "postgres.url, the database's connection string "
		    "(host=db dbname=cheersbot user=cheersbot)");
	return 0;
}

char *
store_settings_name(const struct store_settings *set)
{
	if (set->backend != NULL && strcmp(set->backend, store_pg_ops.name) == 0)
		return conninfo_mask(set->server.conninfo == NULL ? "" :
		    set->server.conninfo);
	return xstrdup(set->file.path == NULL ? "" : set->file.path);
}

/* Opens the store of set with its backend's open (flags: STORE_OPEN_*). */
static struct store *
store_open_with(const struct store_settings *set, int flags, int *held,
    char **cause)
{
	size_t	i;

	if (held != NULL)
		*held = 0;
	for (i = 0; i < sizeof store_backends / sizeof *store_backends; i++) {
		if (set->backend != NULL &&
		    strcmp(set->backend, store_backends[i]->name) == 0)
			return store_backends[i]->open(set, flags, held, cause);
	}
	return set_cause(cause, "there is no store backend called \"%.40s\"",
	    set->backend == NULL ? "" : set->backend), NULL;
}

struct store *
store_open(const struct store_settings *set, char **cause)
{
	return store_open_with(set, 0, NULL, cause);
}

struct store *
store_open_writer(const struct store_settings *set, int *held, char **cause)
{
	return store_open_with(set, STORE_OPEN_WRITER, held, cause);
}

struct store *
store_open_readonly(const struct store_settings *set, char **cause)
{
	return store_open_with(set, STORE_OPEN_READONLY, NULL, cause);
}

/*
 * A message id of a table that ended, kept in memory until the adapter
 * forgets it (see store_ref_get).  pending: the write that ended the
 * table is not committed yet (the number of its batch, s->batches), so
 * a failed commit takes it back; 0 once committed.
 */
struct store_kept {
	char	*adapter;
	char	*key;
	char	*value;
	uint64_t pending;
};

static void
store_kept_remove(struct store *s, size_t i)
{
	free(s->kept[i].adapter);
	free(s->kept[i].key);
	free(s->kept[i].value);
	memmove(&s->kept[i], &s->kept[i + 1], (s->nkept - i - 1) *
	    sizeof *s->kept);
	s->nkept--;
}

/* The kept id of adapter's key, or -1. */
static long
store_kept_find(struct store *s, const char *adapter, const char *key)
{
	size_t	i;

	for (i = 0; i < s->nkept; i++)
		if (strcmp(s->kept[i].adapter, adapter) == 0 &&
		    strcmp(s->kept[i].key, key) == 0)
			return (long)i;
	return -1;
}

/* The batch a write joins now: the open one, or none (UINT64_MAX). */
static uint64_t
store_kept_gen(struct store *s)
{
	return s->batching ? s->batches : UINT64_MAX;
}

/* A store_ref_cb: keeps a row the store is forgetting (arg: the store). */
static void
store_kept_add(const char *adapter, const char *key, const char *value,
    void *arg)
{
	struct store	*s = arg;
	struct store_kept *k;
	size_t		 i;

	if (s->kept == NULL)
		s->kept = xcalloc(STORE_KEPT_MAX, sizeof *s->kept);
	if (s->nkept == STORE_KEPT_MAX) {
		/* The oldest settled one makes room: its message is old. */
		for (i = 0; i < s->nkept && s->kept[i].pending; i++)
			;
		if (i == s->nkept)
			return;
		store_kept_remove(s, i);
	}
	k = &s->kept[s->nkept++];
	k->adapter = xstrdup(adapter);
	k->key = xstrdup(key);
	k->value = xstrdup(value);
	k->pending = store_kept_gen(s);
}

/*
 * The ids from the n-th on still pending in batch gen: settled (ok), or
 * taken back with those of every later batch.
 */
static void
store_kept_settle_from(struct store *s, size_t n, uint64_t gen, int ok)
{
	size_t	i = s->nkept;

	while (i > n) {
		i--;
		if (s->kept[i].pending == 0 || s->kept[i].pending < gen ||
		    (ok && s->kept[i].pending != gen))
			continue;
		if (ok)
			s->kept[i].pending = 0;
		else
			store_kept_remove(s, i);
	}
}

/* The pending ids of the write now, from the n-th on: settled (ok), or taken back. */
static void
store_kept_settle(struct store *s, size_t n, int ok)
{
	store_kept_settle_from(s, n, store_kept_gen(s), ok);
}

/* The store's timer: one look at its files (see STORE_WATCH_EVERY_MS). */
static void
store_watch_tick(uv_timer_t *timer)
{
	struct store	*s = timer->data;

	s->ops->watch(s);
}

/* The timer is closed: it was the store's alone. */
static void
store_watch_closed(uv_handle_t *h)
{
	free(h);
}

void
store_start(struct store *s, uv_loop_t *loop)
{
	if (s == NULL)
		return;
	if (s->ops->start != NULL && s->loop == NULL)
		s->ops->start(s, loop);
	s->loop = loop;
	if (s->ops->watch == NULL || s->watch != NULL)
		return;
	s->watch = xcalloc(1, sizeof *s->watch);
	uv_timer_init(loop, s->watch);
	s->watch->data = s;
	uv_timer_start(s->watch, store_watch_tick, STORE_WATCH_EVERY_MS,
	    STORE_WATCH_EVERY_MS);
	/* The bot stops when everything else has: this never holds it. */
	uv_unref((uv_handle_t *)s->watch);
}

void
store_on_changed(struct store *s, void (*cb)(void *, const char *, uint64_t),
    void *arg)
{
	if (s == NULL)
		return;
	s->changed = cb;
	s->changed_arg = arg;
}

void
store_changed(struct store *s, const char *adapter, uint64_t id)
{
	if (s->changed != NULL)
		s->changed(s->changed_arg, adapter, id);
}

void
store_close(struct store *s)
{
	if (s == NULL)
		return;
	if (s->watch != NULL) {
		uv_timer_stop(s->watch);
		uv_close((uv_handle_t *)s->watch, store_watch_closed);
		s->watch = NULL;
	}
	free(s->touched);
	while (s->nkept > 0)
		store_kept_remove(s, s->nkept - 1);
	free(s->kept);
	s->ops->close(s);
}

/*
 * Logs what the backend said (file, reason) for the operator, naming the
 * channel and table (id 0: none), and hands the players a sentence
 * without server details.  Takes err.
 */
static int
store_failed(const char *channel, uint64_t id, char *err, char **cause)
{
	if (id != 0)
		log_error("table %llu in %s: %s", (unsigned long long)id, channel,
		    err);
	else
		log_error("%s: %s", channel, err);
	free(err);
	return set_cause(cause, "%s", STORE_FAILED_TEXT);
}

static void	store_refs_settle(struct store *, size_t, int);

/* Notes that the open batch (if any) writes table t. */
static void
store_touch(struct store *s, const struct table *t)
{
	size_t	i;

	if (!s->batching)
		return;
	/* Newest first: a batch mostly writes one table again and again. */
	for (i = s->ntouched; i > 0; i--) {
		if (s->touched[i - 1].id == t->id &&
		    s->touched[i - 1].adapter == t->adapter)
			return;
	}
	if (s->ntouched == s->captouched) {
		s->captouched = s->captouched == 0 ? 8 : s->captouched * 2;
		s->touched = xreallocarray(s->touched, s->captouched,
		    sizeof *s->touched);
	}
	s->touched[s->ntouched].adapter = t->adapter;
	s->touched[s->ntouched++].id = t->id;
}

void
store_batch_begin(struct store *s)
{
	if (s == NULL)
		return;
	s->batching = 1;
	s->batches++;
	s->ntouched = 0;
	s->ops->batch_begin(s);
}

int
store_batch_end(struct store *s, char **cause)
{
	if (s == NULL)
		return 0;
	s->batching = 0;
	if (s->ops->batch_end(s, cause) != 0) {
		store_kept_settle_from(s, 0, s->batches, 0);
		return -1;
	}
	store_kept_settle_from(s, 0, s->batches, 1);
	return 0;
}

/* A batch on its way to the backend (store_batch_send). */
struct store_sent {
	struct store	*s;
	uint64_t	 gen;
	void		(*done)(void *, int, char *);
	void		*arg;
};

/* The backend settled a sent batch: its kept ids too, then the caller. */
static void
store_sent_done(void *arg, int rc, char *cause)
{
	struct store_sent	*sent = arg;

	store_kept_settle_from(sent->s, 0, sent->gen, rc == 0);
	sent->done(sent->arg, rc, cause);
	free(sent);
}

int
store_batch_send(struct store *s, void (*done)(void *, int, char *),
    void *arg, char **cause)
{
	struct store_sent	*sent;
	int			 rc;

	if (s == NULL || s->ops->batch_send == NULL || s->loop == NULL)
		return store_batch_end(s, cause);
	s->batching = 0;
	sent = xcalloc(1, sizeof *sent);
	sent->s = s;
	sent->gen = s->batches;
	sent->done = done;
	sent->arg = arg;
	if ((rc = s->ops->batch_send(s, store_sent_done, sent, cause)) == 1)
		return 1;
	store_kept_settle_from(s, 0, sent->gen, rc == 0);
	free(sent);
	return rc;
}

void
store_drain(struct store *s, int give_up)
{
	if (s != NULL && s->ops->drain != NULL && s->loop != NULL)
		s->ops->drain(s, give_up);
}

const struct store_touch *
store_batch_tables(struct store *s, size_t *n)
{
	*n = s == NULL ? 0 : s->ntouched;
	return s == NULL ? NULL : s->touched;
}

int
store_batch_pending(struct store *s)
{
	return s == NULL ? 0 : s->ops->batch_pending(s);
}

void
store_idle(struct store *s)
{
	if (s != NULL)
		s->ops->idle(s);
}

/* The table's own state (not the game) as JSON; caller frees. */
static char *
store_table_doc(const struct table *t)
{
	cJSON	*doc = cJSON_CreateObject(), *seats, *seat, *opts;
	char	*text;
	int	 i;

	cJSON_AddStringToObject(doc, "host", t->host == NULL ? "" : t->host);
	if (t->server != NULL)
		cJSON_AddStringToObject(doc, "server", t->server);
	cJSON_AddNumberToObject(doc, "turn_timer", (double)t->turn_timer);
	cJSON_AddNumberToObject(doc, "prompt_timer", (double)t->prompt_timer);
	if (t->emoji >= 0)
		cJSON_AddBoolToObject(doc, "emoji", t->emoji);
	if (t->ai_level != TABLE_AI_NORMAL)
		cJSON_AddStringToObject(doc, "ai_level",
		    table_ai_levels[t->ai_level]);
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
		if (t->seats[i].missed_turn != 0)
			cJSON_AddNumberToObject(seat, "missed_turn",
			    (double)t->seats[i].missed_turn);
		if (t->seats[i].ai_turn != 0)
			cJSON_AddNumberToObject(seat, "ai_turn",
			    (double)t->seats[i].ai_turn);
		cJSON_AddBoolToObject(seat, "dm_closed", t->seats[i].dm_closed);
		if (t->seats[i].level != TABLE_AI_NORMAL)
			cJSON_AddStringToObject(seat, "level",
			    table_ai_levels[t->seats[i].level]);
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
	struct store_table	r;
	char			*doc, *err = NULL;
	int			 rc;

	if (s == NULL)
		return 0;
	store_touch(s, t);
	doc = store_table_doc(t);
	memset(&r, 0, sizeof r);
	r.id = t->id;
	r.num = t->num;
	r.tag = t->tag;
	r.adapter = t->adapter->ops->name;
	r.server = t->server;
	r.channel = t->channel;
	r.game = t->ops->name;
	r.seed = t->seed;
	r.state = store_state_word(t->state);
	r.doc = doc;
	r.updated = store_now();
	rc = s->ops->save_table(s, &r, &err);
	free(doc);
	return rc == 0 ? 0 : store_failed(t->channel, t->id, err, cause);
}

int
store_move_append(struct store *s, const struct table *t, int seq, int seat,
    const struct game_move *m, char **cause)
{
	struct store_move	 r;
	cJSON			*o;
	char			*move, *game = NULL, *err = NULL;
	int			 rc = -1;

	if (s == NULL)
		return 0;
	store_touch(s, t);
	o = game_move_save(t->ops, m);
	move = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	r.seq = seq;
	r.seat = seat;
	r.move = move;
	r.at = store_now();
	if ((seq + 1) % STORE_SNAPSHOT_EVERY == 0) {
		o = t->ops->save(t->game);
		game = cJSON_PrintUnformatted(o);
		cJSON_Delete(o);
	}
	if (s->ops->begin(s, &err) != 0)
		goto out;
	if (s->ops->append_move(s, t->id, &r, &err) != 0 || (game != NULL &&
	    s->ops->save_snapshot(s, t->id, seq + 1, game, &err) != 0)) {
		s->ops->rollback(s);
		goto out;
	}
	rc = s->ops->commit(s, &err);
out:
	free(move);
	free(game);
	return rc == 0 ? 0 : store_failed(t->channel, t->id, err, cause);
}

/*
 * Adds the final table (game_ops.final_table), the one the channel saw,
 * to a result j: "ranking": [{"seats": 1, "place": 1, "score": 9}, ...].
 */
static void
store_ranking_add(const struct table *t, cJSON *j)
{
	struct game_ranking	*r;
	cJSON			*a, *o;
	int			 i;

	if (t->game == NULL || t->ops->final_table == NULL)
		return;
	r = xmalloc(sizeof *r);
	if (t->ops->final_table(t->game, r) == 0) {
		a = cJSON_AddArrayToObject(j, "ranking");
		for (i = 0; i < r->n; i++) {
			o = cJSON_CreateObject();
			cJSON_AddNumberToObject(o, "seats", r->row[i].seats);
			cJSON_AddNumberToObject(o, "place", r->row[i].place);
			cJSON_AddNumberToObject(o, "score", r->row[i].score);
			cJSON_AddItemToArray(a, o);
		}
	}
	free(r);
}

/*
 * A table's last write, in one transaction: with a result (borrowed) and
 * its seats' outcomes o, the game recorded as over; without, the table's
 * rows deleted.  Its message ids go in the same transaction, kept aside
 * until it settles.
 */
static int
store_table_last(struct store *s, const struct table *t, const char *result,
    const struct store_outcome *o, char **cause)
{
	char	*err = NULL;
	size_t	 mark = s->nkept;
	int	 rc;

	if ((rc = s->ops->begin(s, &err)) == 0) {
		if (result != NULL)
			rc = s->ops->record_result(s, t->id, result, o,
			    t->nseats, &err);
		else
			rc = s->ops->delete_table(s, t->id, &err);
		if (rc == 0)
			rc = s->ops->drop_refs(s, t->id, store_kept_add, s, &err);
		if (rc == 0)
			rc = s->ops->commit(s, &err);
		else
			s->ops->rollback(s);
	}
	store_refs_settle(s, mark, rc);
	return rc == 0 ? 0 : store_failed(t->channel, t->id, err, cause);
}

int
store_table_finish(struct store *s, const struct table *t,
    const struct game_result *r, char **cause)
{
	struct store_outcome	 o[GAME_MAX_SEATS];
	cJSON			*j;
	char			*result;
	int			 i, rc;

	if (s == NULL)
		return 0;
	store_touch(s, t);
	for (i = 0; i < t->nseats; i++) {
		o[i].user_id = t->seats[i].user_id;
		o[i].name = t->seats[i].name;
		o[i].seat = i;
		if (r->state == GAME_RUNNING)
			o[i].outcome = "ended";	/* stopped without a result */
		else if (r->state == GAME_TIED)
			o[i].outcome = "tied";
		else
			o[i].outcome = (r->winners & (1u << i)) ? "won" : "lost";
	}
	j = cJSON_CreateObject();
	cJSON_AddStringToObject(j, "state", r->state == GAME_WON ? "won" :
	    r->state == GAME_TIED ? "tied" : "ended");
	cJSON_AddNumberToObject(j, "winners", r->winners);
	cJSON_AddNumberToObject(j, "moves", t->nmoves);
	cJSON_AddStringToObject(j, "text", r->text);
	store_ranking_add(t, j);
	result = cJSON_PrintUnformatted(j);
	cJSON_Delete(j);
	rc = store_table_last(s, t, result, o, cause);
	free(result);
	return rc;
}

/*
 * After a write that dropped a table's message ids from the n-th kept
 * on (rc its result): outside a batch the write is over, so they are
 * settled or taken back; in one, a failure takes them back and the
 * batch's end settles the rest.
 */
static void
store_refs_settle(struct store *s, size_t n, int rc)
{
	if (rc != 0 || !s->batching)
		store_kept_settle(s, n, rc == 0);
}

int
store_table_delete(struct store *s, const struct table *t, char **cause)
{
	if (s == NULL)
		return 0;
	store_touch(s, t);
	return store_table_last(s, t, NULL, NULL, cause);
}

/* Reads one table's doc back; -1 with *cause on anything malformed. */
int
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
	v = cJSON_GetObjectItemCaseSensitive(doc, "server");
	if (cJSON_IsString(v) && v->valuestring[0] != '\0' && t->server == NULL)
		t->server = xstrndup(v->valuestring, TABLE_ID_MAX);
	v = cJSON_GetObjectItemCaseSensitive(doc, "turn_timer");
	if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= (double)TABLE_TIMER_MAX)
		t->turn_timer = (uint64_t)v->valuedouble;
	v = cJSON_GetObjectItemCaseSensitive(doc, "prompt_timer");
	if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= (double)TABLE_TIMER_MAX)
		t->prompt_timer = (uint64_t)v->valuedouble;
	v = cJSON_GetObjectItemCaseSensitive(doc, "emoji");
	if (cJSON_IsBool(v))
		t->emoji = cJSON_IsTrue(v);
	t->ai_level = table_level_word(cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(doc, "ai_level")));
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
		t->seats[t->nseats - 1].level = table_level_word(
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(seat,
		    "level")));
		v = cJSON_GetObjectItemCaseSensitive(seat, "timeouts");
		if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 1000)
			t->seats[t->nseats - 1].timeouts = v->valueint;
		/* Turns as game_ops.turn numbers them, plus 1 (bot/tables/play.c). */
		v = cJSON_GetObjectItemCaseSensitive(seat, "missed_turn");
		if (cJSON_IsNumber(v) && v->valuedouble >= 1 && v->valuedouble < 1e15)
			t->seats[t->nseats - 1].missed_turn = (long)v->valuedouble;
		v = cJSON_GetObjectItemCaseSensitive(seat, "ai_turn");
		if (cJSON_IsNumber(v) && v->valuedouble >= 1 && v->valuedouble < 1e15)
			t->seats[t->nseats - 1].ai_turn = (long)v->valuedouble;
	}
	rc = 0;
out:
	cJSON_Delete(doc);
	return rc;
}


/*
 * Keeps a table that cannot be rebuilt for the operator to look at, but
 * out of the open tables, so its channel is free and it is not retried.
 */
void
store_mark_broken(struct store *s, const struct store_table *r)
{
	struct store_table	 b = *r;
	char			*err = NULL;

	b.state = "broken";
	b.updated = store_now();
	if (s->ops->save_table(s, &b, &err) != 0) {
		log_error("table %llu: %s", (unsigned long long)r->id, err);
		free(err);
	}
}


int
store_each_open(struct store *s, store_table_cb cb, void *arg, char **cause)
{
	if (s == NULL)
		return 0;
	return s->ops->load_tables(s, cb, arg, cause);
}

int
store_each_num(struct store *s, const char *adapter, uint64_t num,
    store_table_cb cb, void *arg, char **cause)
{
	if (s == NULL)
		return 0;
	return s->ops->each_table_num(s, adapter, num, cb, arg, cause);
}

int
store_table_load(struct store *s, uint64_t id, store_table_cb cb, void *arg,
    int *found, char **cause)
{
	*found = 0;
	if (s == NULL)
		return 0;
	return s->ops->load_table(s, id, cb, arg, found, cause);
}

int
store_snapshot(struct store *s, uint64_t id, int *seq, char **game,
    char **cause)
{
	*seq = -1;
	*game = NULL;
	if (s == NULL)
		return 0;
	return s->ops->load_snapshot(s, id, seq, game, cause);
}

int
store_moves(struct store *s, uint64_t id, int from_seq, store_move_cb cb,
    void *arg, char **cause)
{
	if (s == NULL)
		return 0;
	return s->ops->load_moves(s, id, from_seq, cb, arg, cause);
}

void
store_ids(struct store *s, uint64_t *max_id, uint64_t *cb1_max)
{
	*max_id = s == NULL ? 0 : s->ops->max_table_id(s);
	*cb1_max = s == NULL ? 0 : s->ops->cb1_max(s);
}

/* Reads r now, through the ops that wait; 0, or -1 with *cause. */
static int
store_read_now(struct store *s, struct store_read *r, char **cause)
{
	switch (r->kind) {
	case STORE_READ_STATS:
		memset(&r->stats, 0, sizeof r->stats);
		return s->ops->player_stats(s, &r->scope, r->user_id,
		    &r->stats, cause);
	case STORE_READ_RANKS:
		r->nranks = s->ops->leaderboard(s, &r->scope, r->ranks, r->max,
		    cause);
		if (r->nranks >= 0)
			return 0;
		r->nranks = 0;
		return -1;
	case STORE_READ_NUM:
		return s->ops->each_table_num(s, r->adapter, r->num,
		    r->table_cb, r->cb_arg, cause);
	case STORE_READ_MOVES:
		return s->ops->load_moves(s, r->num, r->from_seq, r->move_cb,
		    r->cb_arg, cause);
	}
	return set_cause(cause, "a read of an unknown kind");
}

int
store_read_send(struct store *s, struct store_read *r, int n,
    void (*done)(void *, int, char *), void *arg, char **cause)
{
	int	i, rc;

	for (i = 0; i < n; i++) {
		memset(&r[i].stats, 0, sizeof r[i].stats);
		r[i].nranks = 0;
	}
	if (s != NULL && s->ops->read_send != NULL && s->loop != NULL &&
	    n > 0 && (rc = s->ops->read_send(s, r, n, done, arg, cause)) != 0)
		return rc;
	for (i = 0; i < n && s != NULL; i++)
		if (store_read_now(s, &r[i], cause) != 0)
			return -1;
	return 0;
}

int
store_channel_get(struct store *s, const char *adapter, const char *channel,
    char **doc, char **cause)
{
	char	*err = NULL;

	*doc = NULL;
	if (s == NULL)
		return 0;
	if (s->ops->get_channel(s, adapter, channel, doc, &err) != 0) {
		log_error("%s: %s", channel, err);
		free(err);
		return set_cause(cause, "I could not read this channel's "
		    "settings: my storage is failing.");
	}
	return 0;
}

int
store_channel_set(struct store *s, const char *adapter, const char *channel,
    const char *doc, char **cause)
{
	char	*err = NULL;

	if (s == NULL)
		return 0;
	if (s->ops->set_channel(s, adapter, channel, doc, &err) != 0)
		return store_failed(channel, 0, err, cause);
	return 0;
}

int
store_channel_under(const char *channel, const char *from)
{
	size_t	n = strlen(from);

	return strncmp(channel, from, n) == 0 &&
	    (channel[n] == '\0' || channel[n] == ':');
}

int
store_channel_move(struct store *s, const char *adapter, const char *from,
    const char *to, int keep_refs, char **cause)
{
	char	*err = NULL;
	int	 rc;

	if (s == NULL)
		return 0;
	if ((rc = s->ops->begin(s, &err)) == 0) {
		rc = s->ops->move_channel(s, adapter, from, to, keep_refs,
		    &err);
		if (rc == 0)
			rc = s->ops->commit(s, &err);
		else
			s->ops->rollback(s);
	}
	return rc == 0 ? 0 : store_failed(from, 0, err, cause);
}

int
store_ref_get(struct store *s, const char *adapter, const char *key,
    char *buf, size_t len)
{
	char	*value = NULL, *err = NULL;
	long	 i;

	if (len > 0)
		*buf = '\0';
	if (s == NULL)
		return 0;
	if (s->ops->get_ref(s, adapter, key, &value, &err) != 0) {
		log_error("%s %s: %s", adapter, key, err);
		free(err);
		return 0;
	}
	if (value == NULL && (i = store_kept_find(s, adapter, key)) >= 0)
		value = xstrdup(s->kept[i].value);
	if (value == NULL)
		return 0;
	snprintf(buf, len, "%s", value);
	free(value);
	return 1;
}

int
store_ref_set(struct store *s, const char *adapter, const char *key,
    const char *value, char **cause)
{
	long	i;

	if (s == NULL)
		return 0;
	/* An ended table's message stays out of the file. */
	if ((i = store_kept_find(s, adapter, key)) >= 0) {
		if (value == NULL)
			store_kept_remove(s, (size_t)i);
		else {
			free(s->kept[i].value);
			s->kept[i].value = xstrdup(value);
		}
		return 0;
	}
	return s->ops->set_ref(s, adapter, key, value, cause);
}

int
store_table_id(struct store *s, struct table *t, char **cause)
{
	struct bot	*bot = t->bot;
	uint64_t	 id;
	char		*err = NULL;

	if (s == NULL)
		return 0;
	if (s->ops->take_table_id(s, &id, &err) != 0)
		return store_failed(t->channel, 0, err, cause);
	table_set_id(t, id);
	if (bot->next_table_id <= id)
		bot->next_table_id = id + 1;
	return 0;
}

int
store_table_number(struct store *s, struct bot *bot, struct adapter *a,
    const char *server, uint64_t *num, char **cause)
{
	struct table	*t;
	uint64_t	 max = 0;

	if (s != NULL)
		return s->ops->number_table(s, a->ops->name, server, num, cause);
	TAILQ_FOREACH(t, &bot->tables, entry) {
		if (t->adapter == a && t->num > max &&
		    table_same_server(t->server, server))
			max = t->num;
	}
	*num = max + 1;
	return 0;
}


int
store_list(struct store *s, store_table_cb cb, void *arg, char **cause)
{
	if (s == NULL)
		return 0;
	return s->ops->list_tables(s, cb, arg, cause);
}

void
store_doc_players(const char *doc, char *buf, size_t len)
{
	cJSON		*j = cJSON_Parse(doc), *seats, *seat, *name, *id;
	size_t		 n = 0;
	int		 first = 1, w;
	const char	*tag;

	snprintf(buf, len, "?");
	seats = cJSON_GetObjectItemCaseSensitive(j, "seats");
	if (!cJSON_IsArray(seats) || len == 0) {
		cJSON_Delete(j);
		return;
	}
	buf[0] = '\0';
	cJSON_ArrayForEach(seat, seats) {
		name = cJSON_GetObjectItemCaseSensitive(seat, "name");
		id = cJSON_GetObjectItemCaseSensitive(seat, "id");
		if (!cJSON_IsString(name))
			continue;
		/* An AI seat has no id; a player's seat the AI keeps has one. */
		if (id == NULL)
			tag = " (AI)";
		else if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(seat, "ai")))
			tag = " (AI keeps)";
		else
			tag = "";
		w = snprintf(buf + n, len - n, "%s%.64s%s", first ? "" : ", ",
		    name->valuestring, tag);
		if (w < 0 || (size_t)w >= len - n)
			break;		/* cut: what fits stays */
		n += (size_t)w;
		first = 0;
	}
	cJSON_Delete(j);
}

int
store_doc_has(const char *doc, const char *user_id)
{
	cJSON	*j = cJSON_Parse(doc), *seat, *id;
	int	 found = 0;

	cJSON_ArrayForEach(seat, cJSON_GetObjectItemCaseSensitive(j, "seats")) {
		id = cJSON_GetObjectItemCaseSensitive(seat, "id");
		if (cJSON_IsString(id) && strcmp(id->valuestring, user_id) == 0)
			found = 1;
	}
	cJSON_Delete(j);
	return found;
}

/* What store_table_end's lookup learns of the table. */
struct store_ending {
	char	*channel;
	int	 over;
};

static int
store_ending_one(const struct store_table *r, void *arg, char **cause)
{
	struct store_ending	*e = arg;

	(void)cause;
	e->over = strcmp(r->state, "over") == 0;
	e->channel = xasprintf("%s %s", r->adapter, r->channel);
	return 0;
}

int
store_table_end(struct store *s, uint64_t id, char **channel, char **cause)
{
	struct store_ending	 e;
	int			 found = 0;

	memset(&e, 0, sizeof e);
	if (channel != NULL)
		*channel = NULL;
	if (s == NULL)
		return set_cause(cause, "there is no store");
	if (s->ops->load_table(s, id, store_ending_one, &e, &found, cause) != 0)
		return -1;
	if (!found)
		return set_cause(cause, "there is no table %llu",
		    (unsigned long long)id);
	if (e.over) {
		free(e.channel);
		return set_cause(cause, "table %llu is already over; its result "
		    "stays for stats and replay", (unsigned long long)id);
	}
	/* Its message ids go with it: no bot will edit them again. */
	if (s->ops->begin(s, cause) != 0) {
		free(e.channel);
		return -1;
	}
	if (s->ops->delete_table(s, id, cause) != 0 ||
	    s->ops->drop_refs(s, id, NULL, NULL, cause) != 0 ||
	    s->ops->commit(s, cause) != 0) {
		s->ops->rollback(s);
		free(e.channel);
		return -1;
	}
	if (channel != NULL)
		*channel = e.channel;
	else
		free(e.channel);
	return 0;
}
