/*
 * config: the schema of every configuration key, and the reader of the
 * INI-style file and of -o overrides that fills struct config from it.
 *
 * The file is read line by line: "# ..." and "; ..." lines are comments,
 * "[section]" starts a section, "key = value" sets a key.  A value is
 * trimmed; it may be put in double quotes to keep surrounding spaces.
 * Comments after a value are not supported: "#" is part of the value.
 * Every error in the file is reported, not only the first, and the
 * configuration is only changed when there is none.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bot/daemon/config.h"
#include "bot/daemon/platforms.h"
#include "lib/buf.h"
#include "lib/conninfo.h"
#include "lib/xmalloc.h"

/* A config file larger than this is refused. */
#define CONFIG_FILE_MAX		(1024 * 1024)
/* Reading stops after this many errors. */
#define CONFIG_ERRORS_MAX	50
/* Cap on the text of all errors together, and on a dump. */
#define CONFIG_CAUSE_MAX	(64 * 1024)
#define CONFIG_DUMP_MAX		(1024 * 1024)

#define FIELD(k, base, type) \
	((type *)(void *)((char *)(base) + (k)->offset))
#define CFIELD(k, base, type) \
	((type const *)(const void *)((const char *)(base) + (k)->offset))

static int	config_check_admin(const char *, char **);

static const char *const config_log_levels[] = {
	"error", "warn", "info", "debug", NULL
};

#define O(f)	offsetof(struct config, f)

/*
 * The bot's own sections, one row per key.  Adding a key is one row here,
 * one field in struct config, and its documentation in
 * config/cheersbot.conf.example.  The order of rows is the dump's order.
 * A platform's section is in its adapter's folder (adapters/NAME/
 * settings.c).
 */
static const struct config_key config_bot_keys[] = {
	{ "bot", "name", CONFIG_STRING, O(bot_name), "cheersbot",
	  1, 80, NULL, NULL,
	  "The bot's display name." },
	{ "bot", "command", CONFIG_STRING, O(bot_command), "cheers",
	  1, 32, NULL, config_check_command,
	  "The command word players type after a slash, as in /cheers new." },
	{ "bot", "state_file", CONFIG_PATH, O(bot_state_file), "cheersbot.db",
	  1, 4095, NULL, NULL,
	  "The SQLite file that keeps every table." },
	{ "bot", "state_max_size", CONFIG_UINT64, O(bot_state_max_size), "0",
	  0, INT64_MAX, NULL, NULL,
	  "Largest size of the state file in bytes; 0 means no limit." },
	{ "bot", "admins", CONFIG_LIST, O(bot_admins), "",
	  0, 256, NULL, config_check_admin,
	  "Bot admins as platform:userid, separated by commas." },
	{ "bot", "log_level", CONFIG_ENUM, O(bot_log_level), "info",
	  0, 0, config_log_levels, NULL,
	  "How much to log: error, warn, info or debug." },
	{ "bot", "seed", CONFIG_UINT64, O(bot_seed), "0",
	  0, INT64_MAX, NULL, NULL,
	  "0 picks a fresh random seed per table; anything else makes "
	  "tables reproducible." },
	{ "bot", "emoji", CONFIG_BOOL, O(bot_emoji), "yes",
	  0, 0, NULL, NULL,
	  "Whether cards show their emoji beside their names; no writes "
	  "names only, for terminals and clients without emoji." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

static const struct config_key config_tables_keys[] = {
	{ "tables", "turn_timer", CONFIG_DURATION, O(tables_turn_timer_ms),
	  "5m", 0, 24 * CONFIG_MS_HOUR, NULL, NULL,
	  "Time a player has for a whole turn, however many moves it takes, "
	  "before the AI finishes it for them (0 or off: no limit)." },
	{ "tables", "prompt_timer", CONFIG_DURATION,
	  O(tables_prompt_timer_ms), "2m", 0, 24 * CONFIG_MS_HOUR, NULL, NULL,
	  "Time for an out-of-turn answer, such as CHEERS or overflow "
	  "(0 or off: no limit)." },
	{ "tables", "timeouts_to_ai", CONFIG_INT, O(tables_timeouts_to_ai),
	  "3", 0, 100, NULL, NULL,
	  "Turns in a row in which a player's timer ran out, after which the "
	  "seat is handed to the AI (0: never)." },
	{ "tables", "ai_delay", CONFIG_DURATION, O(tables_ai_delay_ms),
	  "1500ms", 0, 60 * CONFIG_MS_SECOND, NULL, NULL,
	  "Pause before an AI seat moves, so humans can follow." },
	{ "tables", "lobby_expiry", CONFIG_DURATION,
	  O(tables_lobby_expiry_ms), "30m", 0, INT64_MAX, NULL, NULL,
	  "A lobby that has not started is closed after this (0: never)." },
	{ "tables", "max_tables", CONFIG_INT, O(tables_max_tables), "1000",
	  1, 100000, NULL, NULL,
	  "Most tables open at once, over all channels." },
	{ "tables", "max_per_server", CONFIG_INT, O(tables_max_per_server),
	  "25", 0, 100000, NULL, NULL,
	  "Most tables (lobbies and games) open at once on one server: a "
	  "Discord guild, a Slack workspace, an IRC network, an XMPP service "
	  "(0: no limit)." },
	{ "tables", "max_lobbies_per_user", CONFIG_INT,
	  O(tables_max_lobbies_per_user), "2", 0, 1000, NULL, NULL,
	  "Most lobbies one user may have opened at once (0: no limit)." },
	{ "tables", "command_burst", CONFIG_INT, O(tables_command_burst), "5",
	  0, 1000, NULL, NULL,
	  "Commands one user may send in one channel at once; past it they "
	  "are told once to slow down and the rest is dropped, except moves "
	  "of the player whose turn it is (0: no limit)." },
	{ "tables", "command_refill", CONFIG_DURATION,
	  O(tables_command_refill_ms), "10s", 1, CONFIG_MS_HOUR, NULL, NULL,
	  "How long a user's spent command burst takes to refill." },
	{ "tables", "repost_gap", CONFIG_DURATION, O(tables_repost_gap_ms),
	  "30s", 0, CONFIG_MS_HOUR, NULL, NULL,
	  "A table is shown to its channel again (status, the Table button) "
	  "at most once per this long; sooner, the asker sees it privately "
	  "(0: every time)." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

static const char *const config_store_backends[] = {
	"sqlite", "postgres", NULL
};

/*
 * Where tables are kept: the backend, and PostgreSQL's settings, which
 * bot/storage/store.c hands to its backend (store_settings_config).
 */
static const struct config_key config_store_keys[] = {
	{ "store", "backend", CONFIG_ENUM, O(store_backend), "sqlite",
	  0, 0, config_store_backends, NULL,
	  "Where tables are kept: sqlite, the file bot.state_file, or "
	  "postgres, the database [postgres] names." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

static const struct config_key config_postgres_keys[] = {
	{ "postgres", "url", CONFIG_CONNINFO, O(postgres_url), "",
	  0, 4095, NULL, NULL,
	  "The database with store.backend = postgres, as libpq takes it: "
	  "keywords (host=db dbname=cheersbot user=cheersbot) or a URI "
	  "(postgresql://cheersbot@db/cheersbot).  A password in it is "
	  "never shown." },
	{ "postgres", "password", CONFIG_SECRET, O(postgres_password), "",
	  0, 0, NULL, NULL,
	  "The database user's password, when url holds none: literal, "
	  "file:/path, env:NAME or credential:NAME; empty: none (or "
	  "libpq's own ~/.pgpass)." },
	{ "postgres", "connect_timeout", CONFIG_DURATION,
	  O(postgres_connect_timeout_ms), "10s", CONFIG_MS_SECOND,
	  5 * CONFIG_MS_MINUTE, NULL, NULL,
	  "How long one attempt to reach the database may take." },
	{ "postgres", "commit_timeout", CONFIG_DURATION,
	  O(postgres_commit_timeout_ms), "15s", CONFIG_MS_SECOND,
	  5 * CONFIG_MS_MINUTE, NULL, NULL,
	  "How long a commit may wait for the database's answer; longer, "
	  "the connection counts as lost and is made again." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

static const struct config_key config_magic_keys[] = {
	{ "magic", "ai_trade_time", CONFIG_DURATION,
	  O(magic_ai_trade_time_ms), "45s", 0, CONFIG_MS_HOUR, NULL, NULL,
	  "In Magic Cocktail, AI seats place no stone while a human is "
	  "still trading until this long after the round began (0: no "
	  "wait)." },
	{ "magic", "ai_offer_gap", CONFIG_DURATION, O(magic_ai_offer_gap_ms),
	  "5s", 0, CONFIG_MS_MINUTE, NULL, NULL,
	  "In Magic Cocktail, the AI seats of a table make at most one offer "
	  "per this long, so humans can answer (0: no gap)." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

#undef O

/* The bot's own sections, in dump order, before every platform's. */
static const struct config_section config_own[] = {
	{ "bot", 0, config_bot_keys },
	{ "tables", 0, config_tables_keys },
	{ "magic", 0, config_magic_keys },
	{ "store", 0, config_store_keys },
	{ "postgres", 0, config_postgres_keys }
};

/* Reading one file: the errors so far and which keys were set where. */
struct config_reader {
	const char	*path;
	unsigned	 line;
	struct buf	 errors;
	int		 nerrors;
	unsigned	*seen;		/* line that set each schema row, or 0 */
};

/*
 * A base URL of the REST API: http:// or https://, no spaces; unlike
 * config_check_url_of's, never empty.
 */
int
config_check_http_url(const char *s, char **cause)
{
	static const char *const	schemes[] = { "http", "https", NULL };
	static const char		kinds[] = "an http:// or https:// URL";

	if (*s == '\0')
		return set_cause(cause, "\"\" is not %s", kinds);
	return config_check_url_of(s, schemes, kinds, cause);
}

/*
 * A URL of one of schemes (NULL-ended, "ws" for ws://), no spaces, or
 * empty; kinds ("a ws:// or wss:// URL") names them in the refusal.
 */
int
config_check_url_of(const char *s, const char *const *schemes,
    const char *kinds, char **cause)
{
	size_t	n;

	if (*s == '\0')
		return 0;
	for (; *schemes != NULL; schemes++) {
		n = strlen(*schemes);
		if (strncmp(s, *schemes, n) == 0 && strncmp(s + n, "://", 3) == 0)
			break;
	}
	if (*schemes == NULL || strpbrk(s, " \t\"") != NULL)
		return set_cause(cause, "\"%.80s\" is not %s", s, kinds);
	return 0;
}

/* Command words follow Discord's rule: 1 to 32 of a-z, 0-9, - and _. */
int
config_check_command(const char *s, char **cause)
{
	const char	*p;

	for (p = s; *p != '\0'; p++) {
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) &&
		    *p != '-' && *p != '_')
			return set_cause(cause, "\"%.80s\" is not a command word "
			    "(use a-z, 0-9, - and _)", s);
	}
	return 0;
}

/* An admin is "platform:userid", both parts non-empty, without spaces. */
static int
config_check_admin(const char *s, char **cause)
{
	const char	*colon = strchr(s, ':');
	const char	*p;

	if (colon == NULL || colon == s || colon[1] == '\0')
		return set_cause(cause, "\"%.80s\" is not platform:userid", s);
	for (p = s; *p != '\0'; p++) {
		if (isspace((unsigned char)*p))
			return set_cause(cause, "\"%.80s\" contains a space", s);
	}
	return 0;
}

/* Trims spaces at both ends of s in place; returns the new start. */
static char *
config_trim(char *s)
{
	size_t	len;

	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		s[--len] = '\0';
	return s;
}

/*
 * Strips one pair of surrounding double quotes from a trimmed value, in
 * place; returns the value, or NULL with *cause set when a quote is open.
 */
static char *
config_unquote(char *v, char **cause)
{
	size_t	len = strlen(v);

	if (v[0] != '"')
		return v;
	if (len < 2 || v[len - 1] != '"') {
		set_cause(cause, "unterminated quote");
		return NULL;
	}
	v[len - 1] = '\0';
	return v + 1;
}

/* Rejects control characters (other than tab), which no value needs. */
static int
config_check_text(const char *s, char **cause)
{
	const unsigned char	*p;

	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
			return set_cause(cause, "value contains a control "
			    "character");
	}
	return 0;
}

const struct config_section *
config_section_at(size_t i)
{
	size_t	nown = sizeof config_own / sizeof config_own[0];

	if (i < nown)
		return &config_own[i];
	return platforms[i - nown].settings;
}

/* The struct of cfg that section i fills: cfg itself, or its own. */
static void *
config_base(struct config *cfg, size_t i)
{
	return config_section_at(i)->size == 0 ? (void *)cfg :
	    cfg->section[i];
}

static const void *
config_cbase(const struct config *cfg, size_t i)
{
	return config_section_at(i)->size == 0 ? (const void *)cfg :
	    cfg->section[i];
}

/*
 * The row of section.key, with *sec its section's place and *nth its
 * place among every section's rows (for config_reader's seen); or NULL.
 */
static const struct config_key *
config_find(const char *section, const char *key, size_t *sec, size_t *nth)
{
	const struct config_section	*s;
	const struct config_key		*k;
	size_t				 i, n = 0;

	for (i = 0; (s = config_section_at(i)) != NULL; i++) {
		for (k = s->keys; k->section != NULL; k++, n++) {
			if (strcmp(s->name, section) == 0 &&
			    strcmp(k->key, key) == 0) {
				*sec = i;
				*nth = n;
				return k;
			}
		}
	}
	return NULL;
}

static int
config_section_exists(const char *section)
{
	const struct config_section	*s;
	size_t				 i;

	for (i = 0; (s = config_section_at(i)) != NULL; i++) {
		if (strcmp(s->name, section) == 0)
			return 1;
	}
	return 0;
}

/* The place of s among the sections; fatal when it is not one of them. */
static size_t
config_section_index(const struct config_section *s)
{
	size_t	i;

	for (i = 0; config_section_at(i) != NULL; i++) {
		if (config_section_at(i) == s)
			return i;
	}
	fatalx("config: section [%s] is not listed", s->name);
}

const void *
config_section(const struct config *cfg, const struct config_section *s)
{
	return config_cbase(cfg, config_section_index(s));
}

int
config_enabled(const struct config *cfg, const struct config_section *s)
{
	const struct config_key	*k;

	for (k = s->keys; k->section != NULL; k++) {
		if (strcmp(k->key, "enabled") == 0 && k->type == CONFIG_BOOL)
			return *CFIELD(k, config_section(cfg, s), int);
	}
	return 0;
}

char *
config_format_duration(uint64_t ms)
{
	if (ms == 0)
		return xstrdup("0");
	if (ms % CONFIG_MS_HOUR == 0)
		return xasprintf("%" PRIu64 "h", ms / CONFIG_MS_HOUR);
	if (ms % CONFIG_MS_MINUTE == 0)
		return xasprintf("%" PRIu64 "m", ms / CONFIG_MS_MINUTE);
	if (ms % CONFIG_MS_SECOND == 0)
		return xasprintf("%" PRIu64 "s", ms / CONFIG_MS_SECOND);
	return xasprintf("%" PRIu64 "ms", ms);
}

/*
 * Reads a duration: "0" or "off", or a number of seconds, or a number with
 * one of the units ms, s, m, h.
 */
static int
config_duration_parse(const struct config_key *k, const char *text,
    uint64_t *out, char **cause)
{
	const char	*p = text;
	uint64_t	 n = 0, unit;
	char		*lo, *hi;

	if (strcasecmp(text, "off") == 0) {
		n = 0;
		goto check;
	}
	if (!isdigit((unsigned char)*p))
		goto bad;
	for (; isdigit((unsigned char)*p); p++) {
		if (n > (UINT64_MAX - 9) / 10)
			goto big;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	if (*p == '\0' || strcmp(p, "s") == 0)
		unit = CONFIG_MS_SECOND;
	else if (strcmp(p, "ms") == 0)
		unit = 1;
	else if (strcmp(p, "m") == 0)
		unit = CONFIG_MS_MINUTE;
	else if (strcmp(p, "h") == 0)
		unit = CONFIG_MS_HOUR;
	else
		goto bad;
	if (n > (uint64_t)INT64_MAX / unit)
		goto big;
	n *= unit;

check:
	if (n < (uint64_t)k->min || n > (uint64_t)k->max) {
		lo = config_format_duration((uint64_t)k->min);
		hi = config_format_duration((uint64_t)k->max);
		set_cause(cause, "%.80s is out of range (%s to %s)", text, lo,
		    hi);
		free(lo);
		free(hi);
		return -1;
	}
	*out = n;
	return 0;

big:
	return set_cause(cause, "%.80s is too long a duration", text);
bad:
	return set_cause(cause, "\"%.80s\" is not a duration (use off, or a "
	    "number with ms, s, m or h)", text);
}

/* Reads a whole decimal number, with a sign only when allowed. */
static int
config_parse_number(const struct config_key *k, const char *text,
    int allow_sign, int64_t *out, char **cause)
{
	char			*end;
	long long		 ll;
	unsigned long long	 ull;

	if (!isdigit((unsigned char)text[0]) &&
	    !(allow_sign && text[0] == '-' && isdigit((unsigned char)text[1])))
		return set_cause(cause, "\"%.80s\" is not a number", text);
	errno = 0;
	if (allow_sign) {
		ll = strtoll(text, &end, 10);
		if (*end != '\0')
			return set_cause(cause, "\"%.80s\" is not a number",
			    text);
		if (errno == ERANGE || ll < k->min || ll > k->max)
			goto range;
		*out = ll;
	} else {
		ull = strtoull(text, &end, 10);
		if (*end != '\0')
			return set_cause(cause, "\"%.80s\" is not a number",
			    text);
		if (errno == ERANGE || ull > (unsigned long long)k->max ||
		    (k->min > 0 && ull < (unsigned long long)k->min))
			goto range;
		*out = (int64_t)ull;
	}
	return 0;

range:
	return set_cause(cause, "%.80s is out of range (%" PRId64 " to %"
	    PRId64 ")", text, k->min, k->max);
}

static int
config_parse_bool(const char *text, int *out, char **cause)
{
	static const char *const yes[] = { "yes", "true", "on", "1", NULL };
	static const char *const no[] = { "no", "false", "off", "0", NULL };
	int	i;

	for (i = 0; yes[i] != NULL; i++) {
		if (strcasecmp(text, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
	}
	for (i = 0; no[i] != NULL; i++) {
		if (strcasecmp(text, no[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	return set_cause(cause, "\"%.80s\" is not yes or no (use yes/no, "
	    "true/false, on/off or 1/0)", text);
}

static int
config_parse_enum(const struct config_key *k, const char *text, int *out,
    char **cause)
{
	struct buf	 b;
	int		 i;

	for (i = 0; k->words[i] != NULL; i++) {
		if (strcasecmp(text, k->words[i]) == 0) {
			*out = i;
			return 0;
		}
	}
	buf_init(&b, CONFIG_LINE_MAX);
	for (i = 0; k->words[i] != NULL; i++)
		buf_printf(&b, "%s%s", i == 0 ? "" : ", ", k->words[i]);
	set_cause(cause, "\"%.80s\" is not one of %s", text, buf_str(&b));
	buf_release(&b);
	return -1;
}

/* Checks the length and characters of a string value. */
static int
config_check_string(const struct config_key *k, const char *text,
    char **cause)
{
	size_t	len = strlen(text);

	if (len == 0 && k->min > 0)
		return set_cause(cause, "value is empty");
	if ((int64_t)len < k->min)
		return set_cause(cause, "value is shorter than %" PRId64
		    " bytes", k->min);
	if (k->max > 0 && (int64_t)len > k->max)
		return set_cause(cause, "value is longer than %" PRId64
		    " bytes", k->max);
	if (config_check_text(text, cause) != 0)
		return -1;
	if (k->check != NULL && k->check(text, cause) != 0)
		return -1;
	return 0;
}

static void
config_list_free(char **list)
{
	size_t	i;

	if (list == NULL)
		return;
	for (i = 0; list[i] != NULL; i++)
		free(list[i]);
	free(list);
}

/* Splits a comma-separated list; an empty text is an empty list. */
static int
config_parse_list(const struct config_key *k, const char *text,
    char ***out, char **cause)
{
	char		**list, *copy, *item, *next;
	size_t		  n = 0, i;
	const char	 *c;

	if (config_check_text(text, cause) != 0)
		return -1;
	for (c = text, n = 1; *c != '\0'; c++) {
		if (*c == ',')
			n++;
	}
	list = xcalloc(n + 1, sizeof *list);
	copy = xstrdup(text);
	n = 0;
	if (*config_trim(copy) == '\0')
		goto done;
	for (item = copy, i = 1; item != NULL; item = next, i++) {
		if ((next = strchr(item, ',')) != NULL)
			*next++ = '\0';
		item = config_trim(item);
		if (*item == '\0') {
			set_cause(cause, "item %zu of the list is empty", i);
			goto fail;
		}
		if (k->max > 0 && (int64_t)n >= k->max) {
			set_cause(cause, "list has more than %" PRId64
			    " items", k->max);
			goto fail;
		}
		if (k->check != NULL && k->check(item, cause) != 0)
			goto fail;
		list[n++] = xstrdup(item);
	}
done:
	free(copy);
	*out = list;
	return 0;
fail:
	free(copy);
	config_list_free(list);
	return -1;
}

/*
 * The fix for a file: secret that cannot be opened, when the systemd
 * credential of the file's base name is there ($CREDENTIALS_DIRECTORY/
 * NAME): the service's dynamic user cannot read root's 0600 file, while
 * the unit's LoadCredential= hands it a copy.  Writes "; under systemd
 * write KEY = credential:NAME" into hint (len bytes), or "" when there
 * is no such credential or no key (a credential's own file).
 */
static void
config_secret_hint(const char *key, const char *path, char *hint,
    size_t len)
{
	const char	*dir = getenv("CREDENTIALS_DIRECTORY"), *name;
	char		 cred[CONFIG_CREDENTIAL_DIR_MAX + CONFIG_CREDENTIAL_MAX + 2];

	*hint = '\0';
	name = strrchr(path, '/') == NULL ? path : strrchr(path, '/') + 1;
	if (key == NULL || dir == NULL || *dir != '/' || *name == '\0' ||
	    strcmp(name, ".") == 0 || strcmp(name, "..") == 0 ||
	    strlen(dir) > CONFIG_CREDENTIAL_DIR_MAX ||
	    strlen(name) > CONFIG_CREDENTIAL_MAX)
		return;
	snprintf(cred, sizeof cred, "%s/%s", dir, name);
	if (access(cred, R_OK) != 0)
		return;
	snprintf(hint, len, "; under systemd write %s = credential:%s", key,
	    name);
}

/*
 * Reads a secret from a file: at most CONFIG_SECRET_MAX bytes, not empty
 * unless empty_ok (then an empty file is the empty string).  key, the
 * config key it is for (borrowed, NULL for a credential), names the fix
 * when the file cannot be opened but a credential of its name exists.
 * The caller frees *out.
 */
static int
config_secret_file(const char *path, const char *key, int empty_ok,
    char **out, char **cause)
{
	char	 data[CONFIG_SECRET_MAX + 3];
	char	 hint[CONFIG_CREDENTIAL_MAX + 96];
	size_t	 n;
	FILE	*f;
	int	 error;

	if (*path == '\0')
		return set_cause(cause, "\"file:\" needs a path");
	if ((f = fopen(path, "r")) == NULL) {
		error = errno;
		config_secret_hint(key, path, hint, sizeof hint);
		return set_cause(cause, "cannot open secret file %s: %s%s", path,
		    strerror(error), hint);
	}
	/* Room for the cap, a "\r\n", and one byte to tell it is too long. */
	n = fread(data, 1, sizeof data, f);
	if (ferror(f)) {
		error = errno;
		fclose(f);
		return set_cause(cause, "cannot read secret file %s: %s", path,
		    strerror(error));
	}
	fclose(f);
	if (n == sizeof data)
		goto big;
	while (n > 0 && (data[n - 1] == '\n' || data[n - 1] == '\r'))
		n--;
	if (n > CONFIG_SECRET_MAX)
		goto big;
	if (n == 0 && !empty_ok)
		return set_cause(cause, "secret file %s is empty", path);
	if (memchr(data, '\0', n) != NULL)
		return set_cause(cause, "secret file %s contains a NUL byte",
		    path);
	*out = xstrndup(data, n);
	return 0;

big:
	return set_cause(cause, "secret file %s is larger than %d bytes", path,
	    CONFIG_SECRET_MAX);
}

/*
 * Reads a systemd credential: the file NAME in $CREDENTIALS_DIRECTORY,
 * which systemd fills from the unit's LoadCredential= lines.  NAME is one
 * file name, never a path.  An empty credential is an empty secret, not
 * an error: the unit gives every credential an empty default
 * (SetCredential=NAME:\n) so that it starts without the files of the
 * platforms it does not use; an enabled platform whose secret is empty
 * is refused at start, by name.  The caller frees *out.
 */
static int
config_secret_credential(const char *name, char **out, char **cause)
{
	const char	*dir = getenv("CREDENTIALS_DIRECTORY");
	char		*path;
	int		 rc;

	if (*name == '\0')
		return set_cause(cause, "\"credential:\" needs a name");
	if (strchr(name, '/') != NULL || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0 || strlen(name) > CONFIG_CREDENTIAL_MAX)
		return set_cause(cause, "credential name %.80s is not a plain "
		    "file name of at most %d bytes", name, CONFIG_CREDENTIAL_MAX);
	if (dir == NULL || *dir != '/')
		return set_cause(cause, "credential %s: CREDENTIALS_DIRECTORY is "
		    "not set (systemd sets it for a unit with LoadCredential=)",
		    name);
	if (strlen(dir) > CONFIG_CREDENTIAL_DIR_MAX)
		return set_cause(cause, "credential %s: CREDENTIALS_DIRECTORY is "
		    "longer than %d bytes", name, CONFIG_CREDENTIAL_DIR_MAX);
	path = xasprintf("%s/%s", dir, name);
	rc = config_secret_file(path, NULL, 1, out, cause);
	free(path);
	return rc;
}

/*
 * Reads a secret for key k: literal, "file:/path", "env:NAME" or
 * "credential:NAME".  Never quotes it.
 */
static int
config_parse_secret(const struct config_key *k, const char *text, char **out,
    char **cause)
{
	const char	*value;

	if (strncmp(text, "file:", 5) == 0)
		return config_secret_file(text + 5, k->key, 0, out, cause);
	if (strncmp(text, "credential:", 11) == 0)
		return config_secret_credential(text + 11, out, cause);
	if (strncmp(text, "env:", 4) == 0) {
		text += 4;
		if (*text == '\0')
			return set_cause(cause, "\"env:\" needs a variable name");
		if ((value = getenv(text)) == NULL)
			return set_cause(cause, "environment variable %.80s is "
			    "not set", text);
		if (*value == '\0')
			return set_cause(cause, "environment variable %.80s is "
			    "empty", text);
		if (strlen(value) > CONFIG_SECRET_MAX)
			return set_cause(cause, "environment variable %.80s is "
			    "longer than %d bytes", text, CONFIG_SECRET_MAX);
		*out = xstrdup(value);
		return 0;
	}
	*out = xstrdup(text);
	return 0;
}

int
config_value_parse(const struct config_key *k, void *base, const char *text,
    char **cause)
{
	char	 *s = NULL, **list = NULL;
	int64_t	  n = 0;
	uint64_t  ms = 0;
	int	  i = 0;

	switch (k->type) {
	case CONFIG_STRING:
	case CONFIG_PATH:
	case CONFIG_CONNINFO:
		if (k->type == CONFIG_PATH && *text == '\0')
			return set_cause(cause, "path is empty");
		if (config_check_string(k, text, cause) != 0)
			return -1;
		free(*FIELD(k, base, char *));
		*FIELD(k, base, char *) = xstrdup(text);
		return 0;
	case CONFIG_SECRET:
		if (config_parse_secret(k, text, &s, cause) != 0)
			return -1;
		free(*FIELD(k, base, char *));
		*FIELD(k, base, char *) = s;
		return 0;
	case CONFIG_BOOL:
		if (config_parse_bool(text, &i, cause) != 0)
			return -1;
		*FIELD(k, base, int) = i;
		return 0;
	case CONFIG_INT:
		if (config_parse_number(k, text, 1, &n, cause) != 0)
			return -1;
		*FIELD(k, base, int) = (int)n;
		return 0;
	case CONFIG_UINT64:
		if (config_parse_number(k, text, 0, &n, cause) != 0)
			return -1;
		*FIELD(k, base, uint64_t) = (uint64_t)n;
		return 0;
	case CONFIG_DURATION:
		if (config_duration_parse(k, text, &ms, cause) != 0)
			return -1;
		*FIELD(k, base, uint64_t) = ms;
		return 0;
	case CONFIG_ENUM:
		if (config_parse_enum(k, text, &i, cause) != 0)
			return -1;
		*FIELD(k, base, int) = i;
		return 0;
	case CONFIG_LIST:
		if (config_parse_list(k, text, &list, cause) != 0)
			return -1;
		config_list_free(*FIELD(k, base, char **));
		*FIELD(k, base, char **) = list;
		return 0;
	}
	return set_cause(cause, "key has an unknown type");
}

/* Quotes a string when its surrounding spaces or a quote need it. */
static char *
config_format_string(const char *s)
{
	size_t	len = strlen(s);

	if (len > 0 && (isspace((unsigned char)s[0]) ||
	    isspace((unsigned char)s[len - 1]) || s[0] == '"'))
		return xasprintf("\"%s\"", s);
	return xstrdup(s);
}

char *
config_value_format(const struct config_key *k, const void *base)
{
	struct buf	  b;
	char *const	 *list;
	const char	 *s;
	size_t		  i;
	int		  v;

	switch (k->type) {
	case CONFIG_STRING:
	case CONFIG_PATH:
		s = *CFIELD(k, base, char *);
		return config_format_string(s == NULL ? "" : s);
	case CONFIG_SECRET:
		s = *CFIELD(k, base, char *);
		return xstrdup(s == NULL || *s == '\0' ? "" : "(secret)");
	case CONFIG_CONNINFO:
		s = *CFIELD(k, base, char *);
		return conninfo_mask(s == NULL ? "" : s);
	case CONFIG_BOOL:
		return xstrdup(*CFIELD(k, base, int) ? "yes" : "no");
	case CONFIG_INT:
		return xasprintf("%d", *CFIELD(k, base, int));
	case CONFIG_UINT64:
		return xasprintf("%" PRIu64, *CFIELD(k, base, uint64_t));
	case CONFIG_DURATION:
		return config_format_duration(*CFIELD(k, base, uint64_t));
	case CONFIG_ENUM:
		v = *CFIELD(k, base, int);
		for (i = 0; k->words[i] != NULL; i++) {
			if ((int)i == v)
				return xstrdup(k->words[i]);
		}
		return xasprintf("%d", v);
	case CONFIG_LIST:
		list = *CFIELD(k, base, char **);
		buf_init(&b, CONFIG_DUMP_MAX);
		for (i = 0; list != NULL && list[i] != NULL; i++)
			buf_printf(&b, "%s%s", i == 0 ? "" : ", ", list[i]);
		return buf_detach(&b);
	}
	return xstrdup("");
}

/*
 * The string that k's field in base owns, as the place to free or replace
 * it (the struct's own); NULL when the field holds no string but a
 * number or a list.
 */
static char **
config_string_slot(const struct config_key *k, void *base)
{
	switch (k->type) {
	case CONFIG_STRING:
	case CONFIG_PATH:
	case CONFIG_SECRET:
	case CONFIG_CONNINFO:
		return FIELD(k, base, char *);
	default:
		return NULL;
	}
}

/* The list that k's field in base owns, as config_string_slot's; or NULL. */
static char ***
config_list_slot(const struct config_key *k, void *base)
{
	return k->type == CONFIG_LIST ? FIELD(k, base, char **) : NULL;
}

void
config_value_release(const struct config_key *k, void *base)
{
	char	**s, ***list;

	if ((s = config_string_slot(k, base)) != NULL) {
		free(*s);
		*s = NULL;
	} else if ((list = config_list_slot(k, base)) != NULL) {
		config_list_free(*list);
		*list = NULL;
	}
}

/* Releases every field of an embedded configuration. */
static void
config_release(struct config *cfg)
{
	const struct config_section	*s;
	const struct config_key		*k;
	size_t				 i;

	for (i = 0; (s = config_section_at(i)) != NULL; i++) {
		for (k = s->keys; k->section != NULL; k++)
			config_value_release(k, config_base(cfg, i));
		if (s->size != 0) {
			free(cfg->section[i]);
			cfg->section[i] = NULL;
		}
	}
}

/* A copy of a NULL-terminated list (borrowed); caller frees. */
static char **
config_list_copy(char *const *from)
{
	char	**to;
	size_t	  n;

	for (n = 0; from[n] != NULL; n++)
		;
	to = xcalloc(n + 1, sizeof *to);
	for (n = 0; from[n] != NULL; n++)
		to[n] = xstrdup(from[n]);
	return to;
}

/*
 * Gives base, a byte copy of another struct that section s fills, copies
 * of its own of the strings and lists it still shares with that struct.
 */
static void
config_own_section(const struct config_section *s, void *base)
{
	const struct config_key	 *k;
	char			**str, ***list;

	for (k = s->keys; k->section != NULL; k++) {
		if ((str = config_string_slot(k, base)) != NULL)
			*str = xstrdup(*str);
		else if ((list = config_list_slot(k, base)) != NULL)
			*list = config_list_copy(*list);
	}
}

/* Fills dst (uninitialised) with a deep copy of src. */
static void
config_copy(struct config *dst, const struct config *src)
{
	const struct config_section	 *s;
	size_t				  i;

	memcpy(dst, src, sizeof *dst);
	for (i = 0; (s = config_section_at(i)) != NULL; i++) {
		if (s->size != 0) {
			dst->section[i] = xmalloc(s->size);
			memcpy(dst->section[i], src->section[i], s->size);
		}
		config_own_section(s, config_base(dst, i));
	}
}

struct config *
config_new(void)
{
	const struct config_section	*s;
	const struct config_key		*k;
	struct config			*cfg;
	char				*cause;
	size_t				 i;

	cfg = xcalloc(1, sizeof *cfg);
	for (i = 0; (s = config_section_at(i)) != NULL; i++) {
		if (i == CONFIG_SECTIONS_MAX)
			fatalx("config: more than %d sections",
			    CONFIG_SECTIONS_MAX);
		if (s->size != 0)
			cfg->section[i] = xcalloc(1, s->size);
		for (k = s->keys; k->section != NULL; k++) {
			if (config_value_parse(k, config_base(cfg, i), k->def,
			    &cause) != 0)
				fatalx("default of %s.%s: %s", k->section,
				    k->key, cause);
		}
	}
	return cfg;
}

void
config_free(struct config *cfg)
{
	if (cfg == NULL)
		return;
	config_release(cfg);
	free(cfg);
}

/* Adds one "path:line: ..." sentence to the reader's errors. */
static void __attribute__((format(printf, 2, 3)))
config_error(struct config_reader *r, const char *fmt, ...)
{
	va_list	ap;

	if (r->nerrors++ > 0)
		buf_puts(&r->errors, "\n");
	buf_printf(&r->errors, "%s:%u: ", r->path, r->line);
	va_start(ap, fmt);
	buf_vprintf(&r->errors, fmt, ap);
	va_end(ap);
}

/*
 * Reads one line, without its newline, into line (CONFIG_LINE_MAX + 1
 * bytes).  Returns 0 at end of file, else 1, with *problem set when the
 * line is too long or holds a NUL byte.  *total counts the bytes read.
 */
static int
config_read_line(FILE *f, char *line, size_t *total, const char **problem)
{
	size_t	len = 0;
	int	c, any = 0;

	*problem = NULL;
	while ((c = getc(f)) != EOF) {
		any = 1;
		(*total)++;
		if (c == '\n')
			break;
		if (len == CONFIG_LINE_MAX)
			*problem = "line is longer than 4096 bytes";
		else if (c == '\0') {
			if (*problem == NULL)
				*problem = "line contains a NUL byte";
		} else
			line[len++] = (char)c;
	}
	if (len > 0 && line[len - 1] == '\r')
		len--;
	line[len] = '\0';
	return any;
}

/* Handles one "key = value" line of the given section. */
static void
config_read_assignment(struct config_reader *r, struct config *cfg,
    const char *section, char *line, char *eq)
{
	const struct config_key	*k;
	char			*key, *value, *cause;
	size_t			 sec, nth;

	*eq = '\0';
	key = config_trim(line);
	value = config_trim(eq + 1);
	if (*key == '\0') {
		config_error(r, "missing key before \"=\"");
		return;
	}
	if (section == NULL) {
		config_error(r, "key \"%.80s\" is outside any [section]", key);
		return;
	}
	if ((k = config_find(section, key, &sec, &nth)) == NULL) {
		config_error(r, "unknown key \"%.80s\" in [%s]", key, section);
		return;
	}
	if (r->seen[nth] != 0) {
		config_error(r, "duplicate key %s.%s (first set on line %u)",
		    k->section, k->key, r->seen[nth]);
		return;
	}
	r->seen[nth] = r->line;
	if ((value = config_unquote(value, &cause)) == NULL ||
	    config_value_parse(k, config_base(cfg, sec), value, &cause) != 0) {
		config_error(r, "%s.%s: %s", k->section, k->key, cause);
		free(cause);
	}
}

/* Reads every line of f onto cfg, collecting errors in r. */
static void
config_read(struct config_reader *r, FILE *f, struct config *cfg)
{
	char		 line[CONFIG_LINE_MAX + 1];
	char		 section[CONFIG_LINE_MAX + 1];
	char		*s, *end, *eq;
	const char	*problem;
	size_t		 total = 0;
	int		 in_section = 0, skip = 0;

	while (config_read_line(f, line, &total, &problem)) {
		r->line++;
		if (total > CONFIG_FILE_MAX) {
			config_error(r, "file is larger than %d bytes",
			    CONFIG_FILE_MAX);
			return;
		}
		if (r->nerrors >= CONFIG_ERRORS_MAX) {
			config_error(r, "too many errors; giving up");
			return;
		}
		if (problem != NULL) {
			config_error(r, "%s", problem);
			continue;
		}
		s = config_trim(line);
		if (*s == '\0' || *s == '#' || *s == ';')
			continue;

		if (*s == '[') {
			end = s + strlen(s) - 1;
			skip = 1;
			in_section = 0;
			if (*end != ']' || end == s) {
				config_error(r, "bad section header (expected "
				    "[name])");
				continue;
			}
			*end = '\0';
			s = config_trim(s + 1);
			if (*s == '\0') {
				config_error(r, "bad section header (expected "
				    "[name])");
				continue;
			}
			if (!config_section_exists(s)) {
				config_error(r, "unknown section [%.80s]", s);
				continue;
			}
			memcpy(section, s, strlen(s) + 1);
			in_section = 1;
			skip = 0;
			continue;
		}

		if ((eq = strchr(s, '=')) == NULL) {
			/* Not quoted: it might be a secret, mistyped. */
			config_error(r, "expected \"key = value\"");
			continue;
		}
		if (skip)
			continue;
		config_read_assignment(r, cfg, in_section ? section : NULL, s,
		    eq);
	}
	if (ferror(f)) {
		r->line++;
		config_error(r, "read error: %s", strerror(errno));
	}
}

/*
 * Reads path onto cfg.  With errors, cfg keeps what it had unless
 * partial, when it takes every line that read cleanly.
 */
static int
config_load_lines(struct config *cfg, const char *path, int partial,
    char **cause)
{
	struct config_reader	r;
	struct config		tmp;
	FILE			*f;
	const struct config_section *s;
	const struct config_key	*k;
	size_t			 nkeys = 0, i;

	if ((f = fopen(path, "r")) == NULL)
		return set_cause(cause, "%s: %s", path, strerror(errno));

	for (i = 0; (s = config_section_at(i)) != NULL; i++) {
		for (k = s->keys; k->section != NULL; k++)
			nkeys++;
	}
	memset(&r, 0, sizeof r);
	r.path = path;
	buf_init(&r.errors, CONFIG_CAUSE_MAX);
	r.seen = xcalloc(nkeys, sizeof *r.seen);

	config_copy(&tmp, cfg);
	config_read(&r, f, &tmp);
	fclose(f);
	free(r.seen);

	if (r.nerrors != 0 && !partial) {
		config_release(&tmp);
		if (cause != NULL)
			*cause = buf_detach(&r.errors);
		buf_release(&r.errors);
		return -1;
	}
	config_release(cfg);
	memcpy(cfg, &tmp, sizeof *cfg);
	if (r.nerrors != 0) {
		if (cause != NULL)
			*cause = buf_detach(&r.errors);
		buf_release(&r.errors);
		return -1;
	}
	buf_release(&r.errors);
	return 0;
}

int
config_load(struct config *cfg, const char *path, char **cause)
{
	return config_load_lines(cfg, path, 0, cause);
}

int
config_load_partial(struct config *cfg, const char *path, char **cause)
{
	return config_load_lines(cfg, path, 1, cause);
}

int
config_set(struct config *cfg, const char *assignment, char **cause)
{
	const struct config_key	*k;
	char			*copy, *name, *value, *dot, *eq, *error;
	char			*masked;
	size_t			 sec, nth;
	int			 rc = -1;

	if (strlen(assignment) > CONFIG_LINE_MAX)
		return set_cause(cause, "%.40s...: option is longer than %d "
		    "bytes", assignment, CONFIG_LINE_MAX);
	copy = xstrdup(assignment);
	if ((eq = strchr(copy, '=')) == NULL) {
		set_cause(cause, "%.80s: expected section.key=value",
		    assignment);
		goto out;
	}
	*eq = '\0';
	name = config_trim(copy);
	value = config_trim(eq + 1);
	if ((dot = strchr(name, '.')) == NULL) {
		set_cause(cause, "%.80s=...: expected section.key=value", name);
		goto out;
	}
	*dot = '\0';
	if ((k = config_find(name, dot + 1, &sec, &nth)) == NULL) {
		/* The value might be a mistyped secret: do not repeat it. */
		if (!config_section_exists(name))
			set_cause(cause, "%.80s.%.80s=...: unknown section [%.80s]",
			    name, dot + 1, name);
		else
			set_cause(cause, "%.80s.%.80s=...: unknown key "
			    "\"%.80s\" in [%s]", name, dot + 1, dot + 1, name);
		goto out;
	}
	if ((value = config_unquote(value, &error)) == NULL ||
	    config_value_parse(k, config_base(cfg, sec), value, &error) != 0) {
		if (k->type == CONFIG_SECRET)
			set_cause(cause, "%s.%s=(secret): %s", k->section,
			    k->key, error);
		else if (k->type == CONFIG_CONNINFO) {
			/* Unquoted, a password can be masked; else not shown. */
			masked = value != NULL ? conninfo_mask(value) :
			    xstrdup("(not shown)");
			set_cause(cause, "%s.%s=%.200s: %s", k->section,
			    k->key, masked, error);
			free(masked);
		} else
			set_cause(cause, "%.200s: %s", assignment, error);
		free(error);
		goto out;
	}
	rc = 0;
out:
	free(copy);
	return rc;
}

char *
config_dump(const struct config *cfg)
{
	const struct config_section	*s;
	const struct config_key		*k;
	struct buf			 b;
	char				*v;
	size_t				 i;

	buf_init(&b, CONFIG_DUMP_MAX);
	for (i = 0; (s = config_section_at(i)) != NULL; i++) {
		buf_printf(&b, "%s[%s]\n", i == 0 ? "" : "\n", s->name);
		for (k = s->keys; k->section != NULL; k++) {
			v = config_value_format(k, config_cbase(cfg, i));
			buf_printf(&b, "# %s\n%s = %s\n", k->help, k->key, v);
			free(v);
		}
	}
	return buf_detach(&b);
}

int
config_parse_duration(const char *text, uint64_t *ms, char **cause)
{
	static const struct config_key	any = {
		.key = "duration", .type = CONFIG_DURATION,
		.min = 0, .max = 7 * 24 * CONFIG_MS_HOUR,
	};

	return config_duration_parse(&any, text, ms, cause);
}
