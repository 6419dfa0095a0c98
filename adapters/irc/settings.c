/*
 * settings.c: the [irc] section's schema, one row per key, and the
 * checks of its values; bot/daemon/config.c reads and dumps it like the
 * bot's own sections.  Adding a key is one row here, one field in struct
 * irc_config (settings.h), and its documentation in
 * config/cheersbot.conf.example and docs/configuration.md.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "adapters/irc/settings.h"
#include "bot/daemon/config.h"
#include "lib/xmalloc.h"

static int	irc_check_url(const char *, char **);
static int	irc_check_word(const char *, char **);
static int	irc_check_channel(const char *, char **);

#define O(f)	offsetof(struct irc_config, f)

/* The rows, in dump order. */
static const struct config_key irc_keys[] = {
	{ "irc", "enabled", CONFIG_BOOL, O(irc_enabled), "no",
	  0, 0, NULL, NULL,
	  "Whether to connect to an IRC server (needs url)." },
	{ "irc", "url", CONFIG_STRING, O(irc_url), "",
	  0, 512, NULL, irc_check_url,
	  "The IRC server: ircs://host[:port] (TLS, 6697), irc://host[:port] "
	  "(plain, 6667) or a websocket, wss://host:port/path." },
	{ "irc", "origin", CONFIG_STRING, O(irc_origin), "",
	  0, 512, NULL, NULL,
	  "The Origin header of the websocket; empty: made from url." },
	{ "irc", "nick", CONFIG_STRING, O(irc_nick), "cheersbot",
	  1, 30, NULL, irc_check_word,
	  "The nick to ask for; on a collision nick_, nick__ and so on." },
	{ "irc", "user", CONFIG_STRING, O(irc_user), "cheersbot",
	  1, 10, NULL, irc_check_word,
	  "The user name (ident), also the SASL account name." },
	{ "irc", "realname", CONFIG_STRING, O(irc_realname), "cheersbot",
	  1, 100, NULL, NULL,
	  "The real name (gecos) shown by WHOIS." },
	{ "irc", "password", CONFIG_SECRET, O(irc_password), "",
	  0, 0, NULL, NULL,
	  "The SASL password (with sasl), else the server password (PASS): "
	  "literal, file:/path, env:NAME or credential:NAME; empty: none." },
	{ "irc", "sasl", CONFIG_BOOL, O(irc_sasl), "no",
	  0, 0, NULL, NULL,
	  "Log in with SASL where the server offers it: EXTERNAL with "
	  "client_cert, else PLAIN (as user, with password)." },
	{ "irc", "channels", CONFIG_LIST, O(irc_channels), "",
	  0, 32, NULL, irc_check_channel,
	  "Channels to join, separated by commas; each can hold a table." },
	{ "irc", "prefix", CONFIG_STRING, O(irc_prefix), "!cheers",
	  1, 32, NULL, irc_check_word,
	  "What starts a command in a channel, as in !cheers join." },
	{ "irc", "ca_file", CONFIG_STRING, O(irc_ca_file), "",
	  0, 4095, NULL, NULL,
	  "CA certificates (PEM) for ircs:// and wss://; empty: the system's." },
	{ "irc", "client_cert", CONFIG_STRING, O(irc_client_cert), "",
	  0, 4095, NULL, NULL,
	  "A client certificate (PEM) offered on ircs:// (CertFP; SASL "
	  "EXTERNAL with sasl); empty: none." },
	{ "irc", "client_key", CONFIG_STRING, O(irc_client_key), "",
	  0, 4095, NULL, NULL,
	  "The client certificate's key (PEM); empty: in client_cert." },
	{ "irc", "send_rate", CONFIG_DURATION, O(irc_send_rate_ms), "1s",
	  0, 10 * CONFIG_MS_SECOND, NULL, NULL,
	  "Time between two lines the bot sends, after a burst (0: no limit)." },
	{ "irc", "send_burst", CONFIG_INT, O(irc_send_burst), "5",
	  1, 100, NULL, NULL,
	  "Lines the bot may send at once before send_rate applies." },
	{ "irc", "ping_interval", CONFIG_DURATION, O(irc_ping_interval_ms),
	  "60s", 0, CONFIG_MS_HOUR, NULL, NULL,
	  "Silence after which the bot sends PING; no answer within as long "
	  "again: reconnect (0: never)." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

#undef O

const struct config_section irc_settings = {
	"irc", sizeof(struct irc_config), irc_keys
};

const struct irc_config *
irc_config(const struct config *cfg)
{
	return config_section(cfg, &irc_settings);
}

/* An IRC server: empty, or an ircs://, irc://, wss:// or ws:// URL. */
static int
irc_check_url(const char *s, char **cause)
{
	static const char *const schemes[] = {
		"ircs", "irc", "wss", "ws", NULL
	};

	return config_check_url_of(s, schemes, "an ircs://, irc://, wss:// or "
	    "ws:// URL", cause);
}

/* One word: no spaces, no ':' first (an IRC nick, user or prefix). */
static int
irc_check_word(const char *s, char **cause)
{
	if (s[0] == ':' || strpbrk(s, " \t,") != NULL)
		return set_cause(cause, "\"%.80s\" must be one word, without "
		    "spaces, commas or a leading ':'", s);
	return 0;
}

/* An IRC channel: #, &, + or ! and a name without spaces or commas. */
static int
irc_check_channel(const char *s, char **cause)
{
	if (strchr("#&+!", s[0]) == NULL || s[0] == '\0' || s[1] == '\0' ||
	    strpbrk(s, " \t,:") != NULL || strlen(s) > 64)
		return set_cause(cause, "\"%.80s\" is not an IRC channel (like "
		    "#bar)", s);
	return 0;
}
