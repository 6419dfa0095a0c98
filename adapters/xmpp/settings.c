/*
 * settings.c: the [xmpp] section's schema, one row per key, and the
 * checks of its values; bot/daemon/config.c reads and dumps it like the
 * bot's own sections.  Adding a key is one row here, one field in struct
 * xmpp_config (settings.h), and its documentation in
 * config/cheersbot.conf.example and docs/configuration.md.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "adapters/xmpp/settings.h"
#include "bot/daemon/config.h"
#include "lib/xmalloc.h"

static int	xmpp_check_url(const char *, char **);
static int	xmpp_check_bare_jid(const char *, char **);
static int	xmpp_check_prefix(const char *, char **);

#define O(f)	offsetof(struct xmpp_config, f)

/* The rows, in dump order. */
static const struct config_key xmpp_keys[] = {
	{ "xmpp", "enabled", CONFIG_BOOL, O(xmpp_enabled), "no",
	  0, 0, NULL, NULL,
	  "Whether to connect to an XMPP server (needs jid and "
	  "password)." },
	{ "xmpp", "url", CONFIG_STRING, O(xmpp_url), "",
	  0, 512, NULL, xmpp_check_url,
	  "Where the server is: xmpp://host[:port] (STARTTLS, port 5222), "
	  "xmpps://host[:port] (TLS, port 5223) or a websocket "
	  "wss://host:port/xmpp-websocket; empty: found by DNS SRV from "
	  "the JID's domain." },
	{ "xmpp", "jid", CONFIG_STRING, O(xmpp_jid), "",
	  0, 1023, NULL, xmpp_check_bare_jid,
	  "The bot's account, a bare JID: cheersbot@example.org." },
	{ "xmpp", "password", CONFIG_SECRET, O(xmpp_password), "",
	  0, 0, NULL, NULL,
	  "The account's password: literal, file:/path, env:NAME or "
	  "credential:NAME." },
	{ "xmpp", "resource", CONFIG_STRING, O(xmpp_resource), "cheersbot",
	  1, 64, NULL, NULL,
	  "The resource the bot asks for when it binds." },
	{ "xmpp", "rooms", CONFIG_LIST, O(xmpp_rooms), "",
	  0, 64, NULL, xmpp_check_bare_jid,
	  "MUC rooms to join, bare JIDs separated by commas: "
	  "bar@rooms.example.org." },
	{ "xmpp", "nick", CONFIG_STRING, O(xmpp_nick), "cheersbot",
	  1, 64, NULL, NULL,
	  "The bot's nickname in the rooms." },
	{ "xmpp", "prefix", CONFIG_STRING, O(xmpp_prefix), "!cheers",
	  1, 32, NULL, xmpp_check_prefix,
	  "What starts a command in a message: !cheers join." },
	{ "xmpp", "ca_file", CONFIG_STRING, O(xmpp_ca_file), "",
	  0, 4095, NULL, NULL,
	  "CA certificates (PEM) for TLS; empty: the system's." },
	{ "xmpp", "allow_plain", CONFIG_BOOL, O(xmpp_allow_plain), "no",
	  0, 0, NULL, NULL,
	  "Allow SASL PLAIN over an unencrypted ws:// connection (it is "
	  "always allowed over wss://, after SCRAM)." },
	{ "xmpp", "allow_plaintext", CONFIG_BOOL, O(xmpp_allow_plaintext),
	  "no", 0, 0, NULL, NULL,
	  "Log in over TCP without TLS when the server offers no STARTTLS "
	  "(the password and every hand then travel in clear); no: refuse "
	  "such a server." },
	{ "xmpp", "dns_server", CONFIG_STRING, O(xmpp_dns_server), "",
	  0, 64, NULL, NULL,
	  "The DNS server for the SRV lookup, host:port (127.0.0.1:5353); "
	  "empty: the system's." },
	{ "xmpp", "ping_interval", CONFIG_DURATION, O(xmpp_ping_interval_ms),
	  "60s", CONFIG_MS_SECOND, CONFIG_MS_HOUR, NULL, NULL,
	  "How often the bot pings the server to notice a dead connection." },
	{ "xmpp", "correct", CONFIG_BOOL, O(xmpp_correct), "yes",
	  0, 0, NULL, NULL,
	  "Show a running game as one room message corrected in place "
	  "(XEP-0308); no: a message per move." },
	{ "xmpp", "correct_interval", CONFIG_DURATION,
	  O(xmpp_correct_interval_ms), "1s", 0, CONFIG_MS_MINUTE, NULL, NULL,
	  "Least time between two corrections of one table's message; "
	  "moves that come faster are merged." },
	{ NULL, NULL, CONFIG_STRING, 0, NULL, 0, 0, NULL, NULL, NULL }
};

#undef O

const struct config_section xmpp_settings = {
	"xmpp", sizeof(struct xmpp_config), xmpp_keys
};

const struct xmpp_config *
xmpp_config(const struct config *cfg)
{
	return config_section(cfg, &xmpp_settings);
}

/* An XMPP server: empty (DNS SRV), or xmpp://, xmpps://, ws://, wss://. */
static int
xmpp_check_url(const char *s, char **cause)
{
	static const char *const schemes[] = {
		"xmpp", "xmpps", "ws", "wss", NULL
	};

	return config_check_url_of(s, schemes, "an xmpp://, xmpps://, ws:// "
	    "or wss:// URL", cause);
}

/*
 * A bare JID: empty, or local@domain (the local part may be left out)
 * without a resource, spaces, quotes or angle brackets.
 */
static int
xmpp_check_bare_jid(const char *s, char **cause)
{
	const char	*at = strchr(s, '@');

	if (*s == '\0')
		return 0;
	if (strpbrk(s, " \t\"'<>&/") != NULL || at == s || (at != NULL &&
	    (at[1] == '\0' || strchr(at + 1, '@') != NULL)))
		return set_cause(cause, "\"%.80s\" is not a bare JID "
		    "(name@example.org)", s);
	return 0;
}

/* A command prefix: printable, no spaces ("!cheers"). */
static int
xmpp_check_prefix(const char *s, char **cause)
{
	const char	*p;

	for (p = s; *p != '\0'; p++) {
		if ((unsigned char)*p <= ' ' || *p == 0x7f)
			return set_cause(cause, "\"%.80s\" is not a command "
			    "prefix (no spaces)", s);
	}
	return 0;
}
