/*
 * config: the daemon's settings, read from a commented INI-style file and
 * from "section.key=value" overrides on the command line.
 *
 * Every key is one row of a section's schema plus one field of the struct
 * that section fills: the bot's own sections ([bot], [tables], [magic],
 * [store], [postgres]) in bot/daemon/config.c and struct config, each
 * platform's in its own folder (adapters/NAME/settings.c), listed in
 * bot/daemon/platforms.c.
 * Defaults, bounds, parsing, error messages and the dump all come from
 * the row.  config/cheersbot.conf.example documents every key,
 * and a unit test keeps the two in step.
 */
#ifndef BOT_DAEMON_CONFIG_H
#define BOT_DAEMON_CONFIG_H

#include <stddef.h>
#include <stdint.h>

/* Longest line of a config file, and longest -o assignment, in bytes. */
#define CONFIG_LINE_MAX		4096
/* Largest secret read through "file:", in bytes. */
#define CONFIG_SECRET_MAX	4096
/* A credential:NAME's name, and $CREDENTIALS_DIRECTORY, at most. */
#define CONFIG_CREDENTIAL_MAX	255
#define CONFIG_CREDENTIAL_DIR_MAX	1024

/* Milliseconds, for the bounds of CONFIG_DURATION rows. */
#define CONFIG_MS_SECOND	INT64_C(1000)
#define CONFIG_MS_MINUTE	(60 * CONFIG_MS_SECOND)
#define CONFIG_MS_HOUR		(60 * CONFIG_MS_MINUTE)

/* Sections at most: the bot's own and every platform's. */
#define CONFIG_SECTIONS_MAX	16

/* Values of struct config's store_backend. */
enum config_store_backend {
	CONFIG_STORE_SQLITE,
	CONFIG_STORE_POSTGRES
};

/* Values of struct config's bot_log_level, quietest first. */
enum config_log_level {
	CONFIG_LOG_ERROR,
	CONFIG_LOG_WARN,
	CONFIG_LOG_INFO,
	CONFIG_LOG_DEBUG
};

/*
 * The effective configuration.  Each field is named <section>_<key>, with
 * _ms added for durations.  Strings are never NULL (an unset string is "");
 * lists are NULL-terminated arrays of strings, never NULL themselves.  All
 * of it is owned by the struct and released by config_free().
 */
struct config {
	/* [bot] */
	char		 *bot_name;
	char		 *bot_command;
	char		 *bot_state_file;
	uint64_t	  bot_state_max_size;	/* bytes; 0: no limit */
	char		**bot_admins;		/* "platform:userid" each */
	int		  bot_log_level;	/* enum config_log_level */
	uint64_t	  bot_seed;		/* 0: a fresh seed per table */
	int		  bot_emoji;		/* 0: cards as words only */

	/* [tables] */
	uint64_t	  tables_turn_timer_ms;		/* 0: no timer */
	uint64_t	  tables_prompt_timer_ms;	/* 0: no timer */
	int		  tables_timeouts_to_ai;	/* 0: never */
	uint64_t	  tables_ai_delay_ms;
	uint64_t	  tables_lobby_expiry_ms;	/* 0: never */
	int		  tables_max_tables;
	int		  tables_max_per_server;	/* 0: no limit */
	int		  tables_max_lobbies_per_user;	/* 0: no limit */
	int		  tables_command_burst;		/* 0: no limit */
	uint64_t	  tables_command_refill_ms;
	uint64_t	  tables_repost_gap_ms;		/* 0: no gap */

	/* [magic]: AI pacing in trading (game_ops.ai_pace), 0: off */
	uint64_t	  magic_ai_trade_time_ms;
	uint64_t	  magic_ai_offer_gap_ms;

	/* [store] and [postgres]: where tables are kept */
	int		  store_backend;	/* enum config_store_backend */
	char		 *postgres_url;		/* libpq's; "": unset */
	char		 *postgres_password;	/* secret; "": none */
	uint64_t	  postgres_connect_timeout_ms;
	uint64_t	  postgres_commit_timeout_ms;

	/*
	 * Each platform's own section (adapters/NAME/settings.h defines its
	 * struct), by the section's place in config_section_at; NULL for the
	 * bot's own sections above.  An adapter reads its own through
	 * config_section, never another's.
	 */
	void		 *section[CONFIG_SECTIONS_MAX];
};

/* What a schema row's field holds, and how its text is read. */
enum config_type {
	CONFIG_STRING,		/* char *; min/max bound the length */
	CONFIG_PATH,		/* char *, never empty; max bounds the length */
	CONFIG_SECRET,		/* char *; literal, "file:/path" or "env:NAME" */
	CONFIG_CONNINFO,	/* char *, a database connection string; min/max
				   bound the length; shown with its password
				   masked (lib/conninfo.h) */
	CONFIG_BOOL,		/* int, 0 or 1 */
	CONFIG_INT,		/* int, min..max */
	CONFIG_UINT64,		/* uint64_t, min..max */
	CONFIG_DURATION,	/* uint64_t milliseconds, min..max */
	CONFIG_ENUM,		/* int, index into words */
	CONFIG_LIST		/* char **, NULL-terminated; max bounds the count */
};

/* One key: where it lives, what it holds, its default and its bounds. */
struct config_key {
	const char		 *section;
	const char		 *key;
	enum config_type	  type;
	size_t			  offset;	/* of the field in the struct */
	const char		 *def;		/* default, as config text */
	int64_t			  min;
	int64_t			  max;
	const char *const	 *words;	/* CONFIG_ENUM: NULL-terminated */
	/* Optional extra check of a string, or of each list item. */
	int			(*check)(const char *, char **cause);
	const char		 *help;		/* one line */
};

/*
 * One [section]: its keys, in dump order, ended by a row whose section is
 * NULL, and the struct their offsets point into.  The bot's own sections
 * have size 0: their fields are struct config's.  A platform's section
 * has a struct of its own, size bytes, which struct config holds for it
 * (config_section); its first key is "enabled", a CONFIG_BOOL.
 */
struct config_section {
	const char		*name;
	size_t			 size;
	const struct config_key	*keys;
};

/*
 * The i-th section in dump order, from 0: the bot's own, then each
 * platform's in the order of bot/daemon/platforms.c; NULL past the last.
 */
const struct config_section *config_section_at(size_t i);

/*
 * The struct of a platform's section s (borrowed) in the configuration,
 * for its adapter to cast to its own type (adapters/NAME/settings.h).
 */
const void	*config_section(const struct config *,
		    const struct config_section *s);

/* Whether a platform's section s says enabled = yes. */
int		 config_enabled(const struct config *,
		    const struct config_section *s);

/*
 * Checks a schema row may name (config_key's check), for more than one
 * section: a command word (a-z, 0-9, - and _), and an http:// or
 * https:// URL.  config_check_url_of: empty, or a URL of one of schemes
 * (NULL-ended, "ws" for ws://) without spaces; kinds ("a ws:// or wss://
 * URL") names them in the refusal.  0, or -1 with *cause.
 */
int		 config_check_command(const char *, char **cause);
int		 config_check_http_url(const char *, char **cause);
int		 config_check_url_of(const char *, const char *const *schemes,
		    const char *kinds, char **cause);

/* A new configuration holding every default; caller frees with config_free. */
struct config	*config_new(void);

/* Releases the configuration and everything it owns; NULL is allowed. */
void		 config_free(struct config *);

/*
 * Reads the file at path (borrowed) onto the configuration: keys it sets
 * replace the current values, the others stay.  Returns 0, or -1 with
 * *cause set (caller frees) to every error found, one "path:line: ..."
 * sentence per line, and the configuration left unchanged.
 */
int		 config_load(struct config *, const char *path, char **cause);

/*
 * As config_load, for --check-config: every line that reads cleanly is
 * applied even when others do not, so that what start-up would refuse
 * can be checked beside the file's errors.  Returns 0, or -1 with *cause
 * as config_load's.
 */
int		 config_load_partial(struct config *, const char *path,
		    char **cause);

/*
 * Applies one "section.key=value" assignment (borrowed), as given with -o
 * on the command line.  Returns 0, or -1 with *cause set (caller frees) to
 * a sentence naming the assignment; the configuration is then unchanged.
 */
int		 config_set(struct config *, const char *assignment,
		    char **cause);

/*
 * The effective configuration as config-file text that config_load reads
 * back, each key preceded by its help line.  Secrets show as "(secret)"
 * (an unset secret as nothing), so they do not survive the round trip.
 * Caller frees.
 */
char		*config_dump(const struct config *);

/*
 * A duration in config syntax ("off", "90", "1500ms", "5m", "2h", at most
 * a week) as milliseconds; 0, or -1 with *cause set (caller frees).
 */
int		 config_parse_duration(const char *text, uint64_t *ms,
		    char **cause);

/* Milliseconds in the largest unit that divides them ("0", "5m"); caller frees. */
char		*config_format_duration(uint64_t ms);

/*
 * The building blocks under the calls above, for any struct described by
 * config_key rows (tests use them for key types struct config does not
 * have yet).  config_value_parse reads text (borrowed) into the field of
 * base that k describes, freeing what the field held; 0, or -1 with *cause
 * set (caller frees) and the field unchanged.  Error sentences never quote
 * a secret.  config_value_format returns the field as config text, secrets
 * masked; caller frees.  config_value_release frees what the field holds
 * and zeroes it.  A field must start zeroed (NULL) before the first parse.
 */
int		 config_value_parse(const struct config_key *k, void *base,
		    const char *text, char **cause);
char		*config_value_format(const struct config_key *k,
		    const void *base);
void		 config_value_release(const struct config_key *k, void *base);

#endif
