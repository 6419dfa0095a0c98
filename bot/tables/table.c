/*
 * Tables: creation, lookup by channel, seats and the words that name them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/tables/ai-hard.h"
#include "bot/tables/sched-heap.h"
#include "bot/tables/table.h"
#include "lib/buf.h"
#include "lib/fnv.h"
#include "lib/suggest.h"
#include "lib/xmalloc.h"

/*
 * Every table of the bot's list is also in bot->index, a hash table by
 * adapter and channel, so that finding a channel's table (every command,
 * and every table restored) does not walk all tables: with 10,000 tables
 * the walk made restoring quadratic.  bot->index_id, as many chains, has
 * them by id, for buttons (every click names its table by id).
 */

/* FNV-1a over the key, mixed with the adapter's address. */
size_t
table_hash(const struct adapter *a, const char *key)
{
	uint64_t	h = fnv64_str(FNV64_START ^ (uint64_t)(uintptr_t)a, key);

	return (size_t)(h ^ (h >> 32));
}

/* Puts t in its id's chain. */
static void
table_index_id_add(struct table *t)
{
	struct bot	*bot = t->bot;
	size_t		 h = (size_t)(t->id % bot->nindex);

	t->index_id_next = bot->index_id[h];
	bot->index_id[h] = t;
}

/* Doubles the indexes (from 64 chains) when they hold a table per chain. */
static void
table_index_grow(struct bot *bot)
{
	struct table	**old = bot->index, **old_id = bot->index_id, *t, *next;
	size_t		  nold = bot->nindex, i, h;

	if (bot->nindex != 0 && (size_t)bot->ntables < bot->nindex)
		return;
	bot->nindex = nold == 0 ? 64 : nold * 2;
	bot->index = xcalloc(bot->nindex, sizeof *bot->index);
	bot->index_id = xcalloc(bot->nindex, sizeof *bot->index_id);
	for (i = 0; i < nold; i++) {
		for (t = old[i]; t != NULL; t = next) {
			next = t->index_next;
			h = table_hash(t->adapter, t->channel) % bot->nindex;
			t->index_next = bot->index[h];
			bot->index[h] = t;
		}
		for (t = old_id[i]; t != NULL; t = next) {
			next = t->index_id_next;
			table_index_id_add(t);
		}
	}
	free(old);
	free(old_id);
}

/* Takes t out of its id's chain. */
static void
table_index_id_remove(struct table *t)
{
	struct bot	 *bot = t->bot;
	struct table	**pp;

	pp = &bot->index_id[t->id % bot->nindex];
	for (; *pp != NULL; pp = &(*pp)->index_id_next) {
		if (*pp == t) {
			*pp = t->index_id_next;
			break;
		}
	}
	t->index_id_next = NULL;
}

static void
table_index_remove(struct table *t)
{
	struct bot	 *bot = t->bot;
	struct table	**pp;

	if (bot->nindex == 0)
		return;
	pp = &bot->index[table_hash(t->adapter, t->channel) % bot->nindex];
	for (; *pp != NULL; pp = &(*pp)->index_next) {
		if (*pp == t) {
			*pp = t->index_next;
			break;
		}
	}
	t->index_next = NULL;
	table_index_id_remove(t);
}

/* Puts t (in the bot's list) in both indexes. */
static void
table_index_add(struct table *t)
{
	struct bot	*bot = t->bot;
	size_t		 h = table_hash(t->adapter, t->channel) % bot->nindex;

	t->index_next = bot->index[h];
	bot->index[h] = t;
	table_index_id_add(t);
}

void
table_set_channel(struct table *t, const char *channel)
{
	if (t->seq != 0)
		table_index_remove(t);
	free(t->channel);
	t->channel = xstrdup(channel);
	if (t->seq != 0)
		table_index_add(t);
}

void
table_index_release(struct bot *bot)
{
	free(bot->index);
	free(bot->index_id);
	bot->index = bot->index_id = NULL;
	bot->nindex = 0;
}

struct table *
table_looked_up(struct table *t)
{
	if (t->unsettled != 0)
		t->bot->depends = 1;
	return t;
}

struct table *
table_find(struct bot *bot, struct adapter *a, const char *channel)
{
	struct table	*t;

	if (bot->nindex == 0)
		return NULL;
	t = bot->index[table_hash(a, channel) % bot->nindex];
	for (; t != NULL; t = t->index_next) {
		if (t->adapter == a && strcmp(t->channel, channel) == 0)
			return table_looked_up(t);
	}
	return NULL;
}

struct table *
table_find_id(struct bot *bot, struct adapter *a, uint64_t id)
{
	struct table	*t;

	if (bot->nindex == 0)
		return NULL;
	t = bot->index_id[id % bot->nindex];
	for (; t != NULL; t = t->index_id_next) {
		if (t->adapter == a && t->id == id)
			return table_looked_up(t);
	}
	return NULL;
}

void
table_set_id(struct table *t, uint64_t id)
{
	if (t->seq == 0) {
		t->id = id;
		return;
	}
	table_index_id_remove(t);
	t->id = id;
	table_index_id_add(t);
}

int
table_tag_valid(const char *tag)
{
	size_t	n = strspn(tag, "0123456789abcdef");

	return n == TABLE_TAG_LEN && tag[n] == '\0';
}

/*
 * A fresh tag for t: random bits, or when the system has none to give,
 * the clock and the table's place in the bot's count.  With bot.seed set
 * (tests) the tag follows from the seed and that place, like the deal,
 * so that a test can name a button; the store's ids keep tables apart.
 */
static void
table_make_tag(struct table *t)
{
	const struct config	*cfg = t->bot->config;
	uint64_t		 r;

	if (cfg != NULL && cfg->bot_seed != 0) {
		/* splitmix64 */
		r = cfg->bot_seed + t->seq * 0x9e3779b97f4a7c15ULL;
		r = (r ^ (r >> 30)) * 0xbf58476d1ce4e5b9ULL;
		r = (r ^ (r >> 27)) * 0x94d049bb133111ebULL;
		r ^= r >> 31;
	} else if (getrandom(&r, sizeof r, GRND_NONBLOCK) != sizeof r)
		r = uv_hrtime() ^ (t->seq * 2654435761U);
	snprintf(t->tag, sizeof t->tag, "%06x", (unsigned)(r & 0xffffff));
}

struct table *
table_alloc(struct bot *bot, struct adapter *a, const char *channel,
    const struct game_ops *ops)
{
	struct table	*t = xcalloc(1, sizeof *t);

	t->bot = bot;
	t->adapter = a;
	t->channel = xstrdup(channel);
	t->ops = ops;
	t->state = TABLE_LOBBY;
	t->sched_pos = -1;
	t->emoji = -1;
	return t;
}

struct table *
table_new(struct bot *bot, struct adapter *a, const char *channel,
    const struct game_ops *ops)
{
	struct table	*t = table_alloc(bot, a, channel, ops);

	t->id = bot->next_table_id++;
	t->seq = ++bot->tables_made;
	table_make_tag(t);
	TAILQ_INSERT_TAIL(&bot->tables, t, entry);
	bot->ntables++;
	table_index_grow(bot);
	table_index_add(t);
	return t;
}

static void
seat_release(struct seat *s)
{
	free(s->user_id);
	free(s->name);
	memset(s, 0, sizeof *s);
}

void
table_drop(struct table *t)
{
	struct bot	*bot = t->bot;
	int		 i;

	for (i = 0; i < t->nseats; i++)
		table_users_remove(t, t->seats[i].user_id);
	table_index_remove(t);
	TAILQ_REMOVE(&bot->tables, t, entry);
	bot->ntables--;
	table_free(t);
	/*
	 * The last table gone: the index and the scheduler's queue go too,
	 * and grow again on need.
	 */
	if (bot->ntables == 0) {
		table_index_release(bot);
		table_users_release(bot);
		sched_release(bot);
	}
}

void
table_free(struct table *t)
{
	int	i;

	sched_clear(t);
	ai_hard_detach(t);
	if (t->game != NULL)
		t->ops->free_game(t->game);
	for (i = 0; i < t->nseats; i++)
		seat_release(&t->seats[i]);
	for (i = 0; i < GAME_MAX_OPTIONS; i++)
		free(t->options[i]);
	for (i = 0; i < TABLE_RECENT; i++)
		free(t->recent[i]);
	free(t->channel);
	free(t->server);
	free(t->host);
	free(t->ended);
	free(t);
}

int
table_same_server(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

int
table_seat_of(const struct table *t, const char *user_id)
{
	int	i;

	for (i = 0; i < t->nseats; i++) {
		if (t->seats[i].user_id != NULL &&
		    strcmp(t->seats[i].user_id, user_id) == 0)
			return i;
	}
	return -1;
}

int
table_ai_plays(const struct table *t, int seat)
{
	const struct seat	*s = &t->seats[seat];

	return s->ai || (s->ai_turn != 0 && t->turn_known &&
	    s->ai_turn == t->turn_number + 1);
}

const char *const table_ai_levels[] = { "normal", "hard", NULL };

int
table_level_word(const char *word)
{
	int	i;

	for (i = 0; word != NULL && table_ai_levels[i] != NULL; i++)
		if (strcmp(word, table_ai_levels[i]) == 0)
			return i;
	return TABLE_AI_NORMAL;
}

int
table_ai_level(const struct table *t, int seat)
{
	const struct seat	*s = &t->seats[seat];

	return s->user_id == NULL ? s->level : t->ai_level;
}

int
table_add_seat(struct table *t, const char *user_id, const char *name)
{
	struct seat	*s = &t->seats[t->nseats];

	memset(s, 0, sizeof *s);
	s->user_id = user_id == NULL ? NULL : xstrdup(user_id);
	s->name = xstrndup(name, TABLE_NAME_MAX);
	s->ai = user_id == NULL;
	table_users_add(t, user_id);
	return t->nseats++;
}

void
table_forget_user(struct table *t, int seat)
{
	struct seat	*s = &t->seats[seat];

	table_users_remove(t, s->user_id);
	free(s->user_id);
	s->user_id = NULL;
}

void
table_remove_seat(struct table *t, int seat)
{
	table_users_remove(t, t->seats[seat].user_id);
	seat_release(&t->seats[seat]);
	memmove(&t->seats[seat], &t->seats[seat + 1],
	    (size_t)(t->nseats - seat - 1) * sizeof t->seats[0]);
	t->nseats--;
}

int
table_humans(const struct table *t)
{
	int	i, n = 0;

	for (i = 0; i < t->nseats; i++)
		if (t->seats[i].user_id != NULL)
			n++;
	return n;
}

void
table_mention_id(const char *word, char *buf, size_t len)
{
	size_t	n;

	if (word[0] == '<' && word[1] == '@') {
		word += 2;
		if (*word == '!')
			word++;
		n = strcspn(word, ">");
	} else {
		if (*word == '@')
			word++;
		n = strlen(word);
	}
	if (n >= len)
		n = len - 1;
	memcpy(buf, word, n);
	buf[n] = '\0';
}

int
table_parse_seat(const struct table *t, const char *word, int self, int exact,
    char **cause)
{
	const char	*names[GAME_MAX_SEATS];
	struct buf	 b;
	char		 name[TABLE_ID_MAX];
	int		 i, found = -1, matches = 0;

	table_mention_id(word, name, sizeof name);
	if (name[0] == '\0')
		return set_cause(cause, "Name a player, like @%s.",
		    t->nseats > 0 ? t->seats[0].name : "bob");
	if (strcasecmp(name, "me") == 0 && self >= 0)
		return self;
	/* Exact id or name first, then a unique prefix of a name. */
	for (i = 0; i < t->nseats; i++) {
		if ((t->seats[i].user_id != NULL &&
		    strcmp(t->seats[i].user_id, name) == 0) ||
		    strcasecmp(t->seats[i].name, name) == 0)
			return i;
	}
	for (i = 0; i < t->nseats && !exact; i++) {
		if (strncasecmp(t->seats[i].name, name, strlen(name)) == 0) {
			found = i;
			matches++;
		}
	}
	if (matches == 1)
		return found;
	if (matches > 1)
		return set_cause(cause, "\"%s\" could be several players; "
		    "write more of the name.", name);
	if (cause == NULL)
		return -1;
	buf_init(&b, 1024);
	buf_printf(&b, "Nobody called \"%s\" sits at this table.", name);
	for (i = 0; i < t->nseats; i++)
		names[i] = t->seats[i].name;
	suggest_append(&b, name, names, t->nseats);
	set_cause(cause, "%s", buf_str(&b));
	buf_release(&b);
	return -1;
}

int
table_match(const char *const *list, const char *word)
{
	size_t	len = strlen(word);
	int	i, found = -1, n = 0;

	if (len == 0)
		return -1;
	for (i = 0; list[i] != NULL; i++) {
		if (strcasecmp(list[i], word) == 0)
			return i;
		if (strncasecmp(list[i], word, len) == 0) {
			found = i;
			n++;
		}
	}
	return n == 1 ? found : -1;
}

/* "a, b, c" from a NULL-terminated list, into buf (capped). */
static void
table_join_words(const char *const *list, char *buf, size_t len)
{
	size_t	off = 0;
	int	i;

	buf[0] = '\0';
	for (i = 0; list[i] != NULL && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s",
		    i ? ", " : "", list[i]);
}

/* "CHEERS has no option "mdoe". Did you mean mode? Options: ..."; -1. */
static int
table_unknown_word(char **cause, const char *title, const char *word,
    const char *const *names, const char *all)
{
	struct buf	b;
	int		n;

	for (n = 0; names[n] != NULL; n++)
		continue;
	buf_init(&b, 1024);
	buf_printf(&b, "%s has no option \"%.40s\".", title, word);
	suggest_append(&b, word, names, n);
	buf_printf(&b, " Options: %s.", all);
	set_cause(cause, "%s", buf_str(&b));
	buf_release(&b);
	return -1;
}

int
table_set_option(struct table *t, const char *assignment, char **cause)
{
	const char	*names[GAME_MAX_OPTIONS + 1];
	const char	*eq = strchr(assignment, '=');
	struct buf	 b;
	char		 name[64], words[512];
	int		 i, n, o, v;

	for (i = 0; i < t->ops->noptions && i < GAME_MAX_OPTIONS; i++)
		names[i] = t->ops->options[i].name;
	names[i] = NULL;
	table_join_words(names, words, sizeof words);
	if (eq == NULL || eq == assignment || (size_t)(eq - assignment) >= sizeof name)
		return set_cause(cause, "Options are written name=value, like "
		    "%s=%s. %s options: %s.", names[0] ? names[0] : "mode",
		    names[0] ? t->ops->options[0].values[0] : "standard",
		    t->ops->title, words);
	memcpy(name, assignment, (size_t)(eq - assignment));
	name[eq - assignment] = '\0';
	if ((o = table_match(names, name)) == -1)
		return table_unknown_word(cause, t->ops->title, name, names,
		    words);
	if ((v = table_match(t->ops->options[o].values, eq + 1)) == -1) {
		table_join_words(t->ops->options[o].values, words, sizeof words);
		for (n = 0; t->ops->options[o].values[n] != NULL; n++)
			continue;
		buf_init(&b, 1024);
		buf_printf(&b, "%s must be one of: %s.", t->ops->options[o].name,
		    words);
		suggest_append(&b, eq + 1, t->ops->options[o].values, n);
		set_cause(cause, "%s", buf_str(&b));
		buf_release(&b);
		return -1;
	}
	free(t->options[o]);
	t->options[o] = v == 0 ? NULL : xstrdup(t->ops->options[o].values[v]);
	return 0;
}

int
table_parse_timer(const char *assignment, int *turn, uint64_t *ms, char **cause)
{
	const char	*eq = strchr(assignment, '=');
	char		*err = NULL;
	size_t		 len = eq == NULL ? 0 : (size_t)(eq - assignment);

	if (len == 10 && strncmp(assignment, "turn_timer", len) == 0)
		*turn = 1;
	else if (len == 12 && strncmp(assignment, "prompt_timer", len) == 0)
		*turn = 0;
	else
		return 0;
	if (config_parse_duration(eq + 1, ms, &err) != 0) {
		set_cause(cause, "%.*s: %s.", (int)len, assignment, err);
		free(err);
		return -1;
	}
	if (*ms > TABLE_TIMER_MAX)
		return set_cause(cause, "A timer can be at most 24h.");
	return 1;
}

int
table_parse_level(const char *assignment, int *level, char **cause)
{
	if (strncmp(assignment, "ai_level=", 9) != 0)
		return 0;
	if ((*level = table_match(table_ai_levels, assignment + 9)) < 0)
		return set_cause(cause, "ai_level must be normal (the AI's "
		    "usual play) or hard (it searches the game's likely "
		    "futures).");
	return 1;
}

int
table_task_seat(const struct table *t)
{
	int	seat;

	for (seat = 0; seat < t->nseats; seat++)
		if (t->task_seats & (1u << seat))
			break;
	return seat;
}

int
table_pass_host(struct table *t, int seat)
{
	int	i;

	for (i = 0; i < t->nseats; i++) {
		if (i == seat || t->seats[i].user_id == NULL || t->seats[i].ai)
			continue;
		free(t->host);
		t->host = xstrdup(t->seats[i].user_id);
		return 1;
	}
	return 0;
}
