/*
 * config: the daemon's settings, read from a commented INI-style file and
 * from "section.key=value" overrides on the command line.
 *
 * Every key is one row of config_schema[] (bot/daemon/config.c) plus one field of
 * struct config; defaults, bounds, parsing, error messages and the dump all
 * come from that row.  config/cheersbot.conf.example documents every key,
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

	/* [console] */
	int		  console_enabled;
	char		 *console_user;
	char		 *console_channel;
	int		  console_echo;
	int		  console_buttons;
	int		  console_limits;	/* [tables] limits apply here too */

	/* [discord] */
	int		  discord_enabled;
	char		 *discord_token;		/* secret */
	char		 *discord_application_id;
	char		 *discord_api_base;
	char		 *discord_gateway_url;	/* "": ask GET /gateway/bot */
	char		 *discord_ca_file;	/* "": the system's CAs */
	int		  discord_shard_id;
	int		  discord_shard_count;
	int		  discord_compress;
	char		 *discord_guild_id;	/* "": global commands */
	char		 *discord_user_agent_url;
	uint64_t	  discord_lost_channel_grace_ms;

	/* [xmpp] */
	int		  xmpp_enabled;
	char		 *xmpp_url;		/* xmpp(s)://, ws(s)://, or "" */
	char		 *xmpp_jid;		/* bare */
	char		 *xmpp_password;	/* secret */
	char		 *xmpp_resource;
	char		**xmpp_rooms;		/* bare room JIDs */
	char		 *xmpp_nick;
	char		 *xmpp_prefix;
	char		 *xmpp_ca_file;		/* "": the system's CAs */
	int		  xmpp_allow_plain;
	int		  xmpp_allow_plaintext;	/* c2s without STARTTLS */
	char		 *xmpp_dns_server;	/* "": the system's */
	uint64_t	  xmpp_ping_interval_ms;
	int		  xmpp_correct;		/* boards corrected in place */
	uint64_t	  xmpp_correct_interval_ms;
	/* [irc] */
	int		  irc_enabled;
	char		 *irc_url;		/* ircs://, irc://, wss://, ws:// */
	char		 *irc_origin;		/* "": made from url */
	char		 *irc_nick;
	char		 *irc_user;
	char		 *irc_realname;
	char		 *irc_password;		/* secret; "": none */
	int		  irc_sasl;
	char		**irc_channels;
	char		 *irc_prefix;
	char		 *irc_ca_file;		/* "": the system's CAs */
	char		 *irc_client_cert;	/* "": none */
	char		 *irc_client_key;	/* "": in irc_client_cert */
	uint64_t	  irc_send_rate_ms;
	int		  irc_send_burst;
	uint64_t	  irc_ping_interval_ms;	/* 0: never ping */
	/* [slack] */
	int		  slack_enabled;
	char		 *slack_app_token;	/* secret, xapp- */
	char		 *slack_bot_token;	/* secret, xoxb- */
	char		 *slack_api_base;
	char		 *slack_ca_file;	/* "": the system's CAs */
	char		 *slack_command;	/* "": bot.command */
	uint64_t	  slack_ping_interval_ms;
	uint64_t	  slack_message_interval_ms;	/* per channel */
	uint64_t	  slack_lost_channel_grace_ms;
};

/* What a schema row's field holds, and how its text is read. */
enum config_type {
	CONFIG_STRING,		/* char *; min/max bound the length */
	CONFIG_PATH,		/* char *, never empty; max bounds the length */
	CONFIG_SECRET,		/* char *; literal, "file:/path" or "env:NAME" */
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

/* Every key, in dump order, ended by a row whose section is NULL. */
extern const struct config_key config_schema[];

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
